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
	csrfBytes      = 20 // 40 hex digits: letters and digits, as kept pages expect
	csrfMaxAge     = 24 * 60 * 60
)

// CSRF checks every page form's token, whatever else the browser sends: unlike echo's middleware it
// never lets a write through on Sec-Fetch-Site alone (a page on a name pointed at this machine is
// "same-origin" to its browser). The token is the browser's own (a cookie, HttpOnly, SameSite=Strict)
// and is written in every form; the JSON API, which takes no cookie as proof, is skipped (skip).
func (s *Site) CSRF(skip func(echo.Context) bool) echo.MiddlewareFunc {
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
			switch req.Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions:
			default:
				sent := c.FormValue(CSRFField)
				if sent == "" {
					sent = req.Header.Get(CSRFHeader)
				}
				if token == "" || subtle.ConstantTimeCompare([]byte(token), []byte(sent)) != 1 {
					return echo.NewHTTPError(http.StatusForbidden, i18n.Textf("this form has expired or did not come from this page: go back, reload the page and try again"))
				}
			}
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
