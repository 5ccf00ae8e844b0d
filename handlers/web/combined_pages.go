package web

import (
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/refuse"
	"racedirector/handlers/base"
)

// combinedChoice is the classifications page's switch of the combined classification (a tour setting).
type combinedChoice struct {
	Action string
	On     bool
}

// SaveCombinedPage turns the combined classification on or off from the classifications page (POST
// /tours/{id}/settings/combined, combined=on; absent or off turns it off); the tour's other settings
// are kept.
func (h *Handler) SaveCombinedPage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	v := strings.TrimSpace(c.FormValue("combined"))
	set := st.Tour.Settings
	switch strings.ToLower(v) {
	case "on", "true", "1":
		set.Combined = true
	case "", "off", "false", "0":
		set.Combined = false
	default:
		return h.renderClassifications(c, id, st, h.SayErr(c, refuse.Invalidf("combined", "%q is neither on nor off", v)))
	}
	if err := h.StoreFor(c).SetTourSettings(id, set); err != nil {
		return err
	}
	msg := h.Tr(c).T("combined.flash.off")
	if set.Combined {
		msg = h.Tr(c).T("combined.flash.on")
	}
	return base.Redirect(c, fmt.Sprintf("/tours/%d/classifications#c-combined-setting", id), msg)
}
