package season

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// ImportSeasonPage is POST /seasons/import: a season backup file restored as a new season with its
// tours, then its page; a refused file is named beside the form, nothing stored.
func (h *Handler) ImportSeasonPage(c echo.Context) error {
	data, err := base.UploadedBackup(c)
	if err == nil {
		var s store.Season
		if s, err = h.StoreFor(c).ImportSeasonBackup(h.Scope(c), data); err == nil {
			return base.Redirect(c, fmt.Sprintf("/seasons/%d", s.ID), h.Tr(c).N("seasons.restored", len(s.Tours), "Name", s.Name))
		}
	}
	var ve *refuse.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	seasons, err := h.StoreFor(c).ListSeasons(h.Scope(c))
	if err != nil {
		return err
	}
	tr := h.Tr(c)
	p := views.Page{Title: tr.T("seasons.title"), Section: "seasons", Data: seasonsView{Seasons: seasons, Form: seasonForm{Points: defaultSeasonPoints}},
		Errors: map[string]string{"file": base.BackupProblem(tr, ve)}, Error: tr.T("setup.wizard.correct")}
	return h.Render(c, http.StatusUnprocessableEntity, "seasons", p)
}
