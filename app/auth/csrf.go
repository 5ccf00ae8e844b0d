package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
)

// CSRF cookie, form field and header: every page form carries the token of its browser's cookie,
// and a page's write without the same token is refused.
const (
	CSRFCookie = "_csrf"
	CSRFField  = "_csrf"
	CSRFHeader = "X-CSRF-Token"
	// CSRFContextKey is where the request's token is left for the pages' forms.
	CSRFContextKey = "csrf"
	// csrfSentKey is where the token the browser's cookie sent is left for the check ("" for none).
	csrfSentKey = "csrf.cookie"
	csrfBytes   = 20 // 40 hex digits: letters and digits, as kept pages expect
	csrfMaxAge  = 24 * 60 * 60
)

// CSRFToken gives every page its browser's CSRF token, before anything else may answer (an error
// page of the lock has forms too): the cookie's, or a new one set in a cookie (HttpOnly,
// SameSite=Strict). The JSON API, which takes no cookie as proof, is skipped (skip).
func (s *Site) CSRFToken(skip func(echo.Context) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if skip(c) {
				return next(c)
			}
			req := c.Request()
			token := ""
			if ck, err := req.Cookie(CSRFCookie); err == nil && len(ck.Value) == 2*csrfBytes {
				token = ck.Value
			}
			c.Set(csrfSentKey, token)
			if token == "" {
				b := make([]byte, csrfBytes)
				if _, err := rand.Read(b); err != nil {
					return err
				}
				token = hex.EncodeToString(b)
			}
			c.SetCookie(&http.Cookie{Name: CSRFCookie, Value: token, Path: "/", MaxAge: csrfMaxAge, HttpOnly: true,
				SameSite: http.SameSiteStrictMode, Secure: s.Scheme(req) == "https"})
			c.Set(CSRFContextKey, token)
			return next(c)
		}
	}
}

// CSRFCheck refuses a page's write whose form field (or X-CSRF-Token header) is not its browser's
// token, whatever else the browser sends: unlike echo's middleware it never lets a write through on
// Sec-Fetch-Site alone (a page on a name pointed at this machine is "same-origin" to its browser).
// It runs after the form is read; CSRFToken ran before.
func (s *Site) CSRFCheck(skip func(echo.Context) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			switch c.Request().Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions:
				return next(c)
			}
			if skip(c) {
				return next(c)
			}
			token, _ := c.Get(csrfSentKey).(string)
			sent := c.FormValue(CSRFField)
			if sent == "" {
				sent = c.Request().Header.Get(CSRFHeader)
			}
			if token == "" || subtle.ConstantTimeCompare([]byte(token), []byte(sent)) != 1 {
				return echo.NewHTTPError(http.StatusForbidden, i18n.Textf("this form has expired or did not come from this page: go back, reload the page and try again"))
			}
			return next(c)
		}
	}
}
