package follow

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// findFollow is the "Follow a tour" form: the code typed and why it led nowhere.
type findFollow struct {
	Code    string
	Message string
}

// FindFollowPage is GET /follow: the form where a player types the code the director gave him, and
// with ?code= the way to that tour's follow page, or that season's (a friendly 404 for a code no
// tour nor season has).
func (h *Handler) FindFollowPage(c echo.Context) error {
	typed, ok := c.QueryParams()["code"]
	if !ok {
		return h.renderFindFollow(c, http.StatusOK, "", "")
	}
	text := strings.TrimSpace(strings.Join(typed, ""))
	if text == "" {
		return h.renderFindFollow(c, http.StatusUnprocessableEntity, "", h.Tr(c).T("standings.find.empty"))
	}
	code := store.NormalizeFollowCode(text)
	if code == "" {
		return h.renderFindFollow(c, http.StatusNotFound, text, unknownCodeMessage(h.Tr(c), text))
	}
	to, err := h.followedBy(c, code)
	var nf *store.NotFoundError
	switch {
	case errors.As(err, &nf):
		return h.renderFindFollow(c, http.StatusNotFound, text, unknownCodeMessage(h.Tr(c), text))
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, to)
}

// followedBy is the follow page of the tour, else of the season, that has the code (a
// NotFoundError for neither).
func (h *Handler) followedBy(c echo.Context, code string) (string, error) {
	_, err := h.StoreFor(c).TourByFollowCode(code)
	var nf *store.NotFoundError
	if !errors.As(err, &nf) {
		return "/follow/" + code, err
	}
	if _, err := h.StoreFor(c).SeasonByFollowCode(code); err != nil {
		return "", err
	}
	return "/follow/season/" + code, nil
}

// renderFindFollow shows the follow-code form with a message about the code typed.
func (h *Handler) renderFindFollow(c echo.Context, status int, code, message string) error {
	l := h.Tr(c)
	title := l.T("standings.find.title")
	if status == http.StatusNotFound {
		title = l.T("standings.find.title_unknown")
	}
	return h.Render(c, status, "follow_find", views.Page{Title: title, Data: findFollow{Code: base.ClipText(code, 40), Message: message}})
}

// unknownCodeMessage says, in words, that no tour has the code typed.
func unknownCodeMessage(l *i18n.Localizer, code string) string {
	code = base.ClipText(code, 40)
	if store.NormalizeFollowCode(code) == "" {
		return l.T("standings.find.not_a_code", "Code", code)
	}
	return l.T("standings.find.unknown", "Code", strings.ToUpper(code))
}
