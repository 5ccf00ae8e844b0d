package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// accountView is a director's own account page: their name, their sessions, and the form to
// change their password.
type accountView struct {
	Name     string
	Sessions []store.SessionLine
}

// AccountPage is a director's own account: the devices signed in (this one marked, any other to
// sign out) and their password to change. A table without accounts starts them with the setup.
func (h *Handler) AccountPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	return h.renderAccount(c, http.StatusOK, nil)
}

// renderAccount renders the account page with the password form's errs.
func (h *Handler) renderAccount(c echo.Context, status int, errs map[string]string) error {
	a, this, err := h.OwnAccount(c)
	if err != nil {
		return err
	}
	list, err := h.StoreFor(c).DirectorSessions(a.ID, this, h.Lock.Now())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	p := views.Page{Title: h.Tr(c).T("accounts.own.title"), Section: "account", Errors: errs, Data: accountView{Name: a.Name, Sessions: list}}
	if len(errs) > 0 {
		p.Error = h.Tr(c).T("accounts.own.not_changed")
	}
	return h.Render(c, status, "account", p)
}

// ChangePasswordPage changes the director's own password: the current one is required, the new one
// typed twice; their other devices are signed out, this one stays.
func (h *Handler) ChangePasswordPage(c echo.Context) error {
	password := c.FormValue("password")
	if c.FormValue("confirm") != password { // nothing is changed: the other fields wait for it
		return h.renderAccount(c, http.StatusUnprocessableEntity, map[string]string{"confirm": h.Tr(c).T("setup.account.same_twice")})
	}
	err := h.ChangeOwnPassword(c, c.FormValue("current"), password)
	var ve *refuse.ValidationError
	if errors.As(err, &ve) {
		errs := map[string]string{}
		for f := range ve.Fields {
			errs[f] = sentence(base.SayIn(c, ve.Reason(f)))
		}
		return h.renderAccount(c, http.StatusUnprocessableEntity, errs)
	}
	if err != nil {
		return err
	}
	return base.Redirect(c, "/account", h.Tr(c).T("accounts.own.changed"))
}

// EndSessionPage signs one of the director's devices out; one ended already is said so.
func (h *Handler) EndSessionPage(c echo.Context) error {
	a, _, err := h.OwnAccount(c)
	if err != nil {
		return err
	}
	err = h.StoreFor(c).EndDirectorSession(a.ID, c.Param("id"))
	var nf *store.NotFoundError
	if errors.As(err, &nf) {
		return base.Redirect(c, "/account", h.Tr(c).T("accounts.own.session_gone"))
	}
	if err != nil {
		return err
	}
	return base.Redirect(c, "/account", h.Tr(c).T("accounts.own.session_ended"))
}
