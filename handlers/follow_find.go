package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/store"
	"racedirector/views"
)

// findFollow is the "Follow a tour" form: the code typed and why it led nowhere.
type findFollow struct {
	Code    string
	Message string
}

// FindFollowPage is GET /follow: the form where a player types the code the director gave him, and
// with ?code= the way to that tour's follow page (a friendly 404 for a code no tour has).
func (h *Handler) FindFollowPage(c echo.Context) error {
	typed, ok := c.QueryParams()["code"]
	if !ok {
		return h.renderFindFollow(c, http.StatusOK, "", "")
	}
	text := strings.TrimSpace(strings.Join(typed, ""))
	if text == "" {
		return h.renderFindFollow(c, http.StatusUnprocessableEntity, "", "Type the follow code the race director gave you: six letters and digits.")
	}
	code := store.NormalizeFollowCode(text)
	if code == "" {
		return h.renderFindFollow(c, http.StatusNotFound, text, unknownCodeMessage(text))
	}
	if _, err := h.Store.TourByFollowCode(code); err != nil {
		var nf *store.NotFoundError
		if errors.As(err, &nf) {
			return h.renderFindFollow(c, http.StatusNotFound, text, unknownCodeMessage(text))
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/follow/"+code)
}

// renderFindFollow shows the follow-code form with a message about the code typed.
func (h *Handler) renderFindFollow(c echo.Context, status int, code, message string) error {
	title := "Follow a tour"
	if status == http.StatusNotFound {
		title = "No tour with this code"
	}
	return h.render(c, status, "follow_find", views.Page{Title: title, Data: findFollow{Code: clipText(code, 40), Message: message}})
}

// unknownCodeMessage says, in words, that no tour has the code typed.
func unknownCodeMessage(code string) string {
	code = clipText(code, 40)
	if store.NormalizeFollowCode(code) == "" {
		return fmt.Sprintf("“%s” is not a follow code: a follow code is six letters and digits, like K7MQ2P. Check it with the race director.", code)
	}
	return fmt.Sprintf("No tour has the follow code %s. Check it with the race director.", strings.ToUpper(code))
}

// clipText cuts text after n characters, with an ellipsis when it was longer.
func clipText(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	return string(r[:n]) + "…"
}
