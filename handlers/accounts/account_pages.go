package accounts

import (
	"errors"
	"net/http"
	"strings"

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
	Sessions []sessionView
}

// sessionView is one of the director's sessions as the page shows it: the device in a few words
// (the browser and the system its User-Agent names), the whole User-Agent kept for its title.
type sessionView struct {
	store.SessionLine
	Device string
}

// deviceOf names a browser or program and its system from a User-Agent, in a few words ("Firefox
// on Android"); "" when it names neither.
func deviceOf(ua string) string {
	has := func(s string) bool { return strings.Contains(ua, s) }
	browser := ""
	for _, b := range []struct{ mark, name string }{
		{"Edg/", "Edge"}, {"OPR/", "Opera"}, {"Firefox/", "Firefox"}, {"HeadlessChrome/", "Headless Chrome"}, {"Chrome/", "Chrome"},
		{"CriOS/", "Chrome"}, {"Safari/", "Safari"}, {"curl/", "curl"}, {"Go-http-client/", "Go"}, {"python", "Python"},
	} {
		if has(b.mark) {
			browser = b.name
			break
		}
	}
	system := ""
	for _, o := range []struct{ mark, name string }{
		{"Android", "Android"}, {"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Windows", "Windows"}, {"Mac OS X", "macOS"}, {"CrOS", "ChromeOS"}, {"Linux", "Linux"},
	} {
		if has(o.mark) {
			system = o.name
			break
		}
	}
	switch {
	case browser != "" && system != "":
		return browser + " · " + system
	case browser != "":
		return browser
	}
	return system
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
	v := accountView{Name: a.Name, Sessions: make([]sessionView, len(list))}
	for i, l := range list {
		v.Sessions[i] = sessionView{SessionLine: l, Device: deviceOf(l.UserAgent)}
	}
	p := views.Page{Title: h.Tr(c).T("accounts.own.title"), Section: "account", Errors: errs, Data: v}
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
