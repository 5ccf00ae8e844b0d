package accounts

import (
	"cmp"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/handlers/base"
	"racedirector/views"
)

// signIn is the sign-in page's data.
type signIn struct {
	// Next is where signing in leads back to ("" for home).
	Next string
	// Locked says a PIN guards the race (without one there is nothing to sign in to).
	Locked bool
	// Digits says the PIN is digits only: a phone shows its number pad.
	Digits bool
	// Back is where "Just look" goes: next when everyone may read it, else home.
	Back string
	// SignOut asks the director signed in whether to sign out.
	SignOut bool
	// Accounts says directors sign in with their name and password (no PIN).
	Accounts bool
	// Name is the name typed, kept when the sign-in is refused.
	Name string
}

// SignInPage shows the director's sign-in form; a director already signed in goes straight on.
func (h *Handler) SignInPage(c echo.Context) error {
	next := auth.LocalPath(c.QueryParam("next"))
	if v := auth.ViewerOf(c); v.Locked && v.Director {
		return c.Redirect(http.StatusSeeOther, cmp.Or(next, "/"))
	}
	return h.renderSignIn(c, http.StatusOK, next, "", nil)
}

// renderSignIn renders the sign-in page with status; errs holds the PIN's (or the name's and the
// password's) messages, name the name typed.
func (h *Handler) renderSignIn(c echo.Context, status int, next, name string, errs map[string]string) error {
	c.Response().Header().Set("Cache-Control", "no-store")
	mode := auth.ViewerOf(c).Mode
	back := "/"
	if next != "" && auth.OpenTo(c.Echo(), mode, next) {
		back = next
	}
	return h.Render(c, status, "sign_in", views.Page{Title: h.Tr(c).T("setup.sign_in.title"), Section: "sign-in", Errors: errs,
		Data: signIn{Next: next, Locked: mode != auth.Open, Digits: h.Lock.Digits(), Back: back, Accounts: mode == auth.AccountsMode, Name: name}})
}

// SignInFormPage checks the PIN typed, or where directors have accounts the name and password: the
// right one signs this device in (the session cookie) and goes back to where the director was; a
// wrong one is refused beside the field (401), and after too many from this network address every one is
// refused for a while (429, Retry-After).
func (h *Handler) SignInFormPage(c echo.Context) error {
	next := auth.LocalPath(c.FormValue("next"))
	switch auth.ViewerOf(c).Mode {
	case auth.Open:
		return c.Redirect(http.StatusSeeOther, cmp.Or(next, "/"))
	case auth.AccountsMode:
		return h.signInWithPassword(c, next)
	}
	pin := strings.TrimSpace(c.FormValue("pin"))
	if pin == "" {
		return h.renderSignIn(c, http.StatusUnprocessableEntity, next, "", map[string]string{"pin": h.Tr(c).T("setup.sign_in.type_pin")})
	}
	s, err := h.Lock.SignIn(auth.ClientOf(c), pin)
	var (
		tooMany *auth.TooManyError
		wrong   *auth.WrongPINError
		other   *auth.NotThisWayError
	)
	switch {
	case errors.As(err, &tooMany):
		c.Response().Header().Set("Retry-After", strconv.Itoa(tooMany.Seconds()))
		return h.renderSignIn(c, http.StatusTooManyRequests, next, "", map[string]string{"pin": sentence(base.SayIn(c, tooMany.Said()))})
	case errors.As(err, &wrong):
		return h.renderSignIn(c, http.StatusUnauthorized, next, "", map[string]string{"pin": sentence(base.SayIn(c, wrong.Said()))})
	case errors.As(err, &other): // accounts were made meanwhile: their sign-in page
		return base.Redirect(c, auth.SignInURL(next), sentence(base.SayIn(c, other.Said())))
	case err != nil:
		return err
	}
	c.SetCookie(h.Lock.SessionCookie(c, s))
	return base.Redirect(c, cmp.Or(next, "/"), h.Tr(c).T("setup.sign_in.signed_in_pin"))
}

// signInWithPassword checks the name and password typed where directors have accounts.
func (h *Handler) signInWithPassword(c echo.Context, next string) error {
	name, password := strings.TrimSpace(c.FormValue("name")), c.FormValue("password")
	errs := map[string]string{}
	if name == "" {
		errs["name"] = h.Tr(c).T("setup.sign_in.type_name")
	}
	if password == "" {
		errs["password"] = h.Tr(c).T("setup.sign_in.type_password")
	}
	if len(errs) > 0 {
		return h.renderSignIn(c, http.StatusUnprocessableEntity, next, name, errs)
	}
	s, a, err := h.Lock.SignInAccount(auth.ClientOf(c), name, password)
	var (
		tooMany *auth.TooManyError
		wrong   *auth.WrongPasswordError
	)
	switch {
	case errors.As(err, &tooMany):
		c.Response().Header().Set("Retry-After", strconv.Itoa(tooMany.Seconds()))
		return h.renderSignIn(c, http.StatusTooManyRequests, next, name, map[string]string{"password": sentence(base.SayIn(c, tooMany.Said()))})
	case errors.As(err, &wrong):
		return h.renderSignIn(c, http.StatusUnauthorized, next, name, map[string]string{"password": sentence(base.SayIn(c, wrong.Said()))})
	case err != nil:
		return err
	}
	c.SetCookie(h.Lock.SessionCookie(c, s))
	return base.Redirect(c, cmp.Or(next, "/"), h.Tr(c).T("setup.sign_in.signed_in_account", "Name", a.Name))
}

// SignOutConfirmPage asks the director whether to sign out on this device (the address typed in
// the address bar; the menu's button signs out at once). Anyone not signed in goes home.
func (h *Handler) SignOutConfirmPage(c echo.Context) error {
	v := auth.ViewerOf(c)
	if v.Locked && !v.Director {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return h.Render(c, http.StatusOK, "sign_in", views.Page{Title: h.Tr(c).T("setup.sign_in.sign_out"), Section: "sign-in",
		Data: signIn{Locked: v.Locked, SignOut: v.Locked, Back: "/", Next: auth.LocalPath(c.QueryParam("next")), Accounts: v.Mode == auth.AccountsMode}})
}

// SignOutPage ends the director's session on this device and goes back to the page he signed out
// from (the form's "next", a local address everyone may read), else to the tours.
func (h *Handler) SignOutPage(c echo.Context) error {
	v := auth.ViewerOf(c)
	back := afterSignOut(c.Echo(), v.Mode, c.FormValue("next"))
	if !v.Locked {
		return c.Redirect(http.StatusSeeOther, back)
	}
	if err := h.Lock.SignOut(auth.CookieToken(c.Request())); err != nil {
		return err
	}
	c.SetCookie(h.Lock.ClearCookie(c))
	return base.Redirect(c, back, h.Tr(c).T("setup.sign_in.signed_out"))
}

// afterSignOut is where signing out leads: next when it is a local address (never another site's)
// that someone signed out may read in mode, else the tours when they may read them, else home.
func afterSignOut(e *echo.Echo, mode auth.Mode, next string) string {
	for _, to := range []string{auth.LocalPath(next), "/tours"} {
		if to != "" && to != "/sign-out" && auth.OpenTo(e, mode, to) {
			return to
		}
	}
	return "/"
}

// sentence starts a message with a capital and ends it with a full stop.
func sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
