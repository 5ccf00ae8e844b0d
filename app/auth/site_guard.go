package auth

import (
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
)

// Guard is the Site's word on every request, before any handler: a request for a host the app does
// not answer to is refused with 421 Misdirected Request (a page elsewhere pointing its own name at
// this machine: DNS rebinding), the app's own static files aside, and a write whose Origin (or, without one, Referer) is not one of the
// app's own pages is refused with 403, whatever Sec-Fetch-Site says. A write that sends neither is a
// script's, not a browser's: the lock and the CSRF token decide.
func (s *Site) Guard(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if !s.Answers(s.Host(req)) && !staticFile(req) {
			c.Response().Header().Set("Cache-Control", "no-store")
			return echo.NewHTTPError(http.StatusMisdirectedRequest, i18n.Textf("this server does not answer to this name: open Race Director at its own address (the one its director gave you)"))
		}
		switch req.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			if !s.sameOrigin(req) {
				return echo.NewHTTPError(http.StatusForbidden, i18n.Textf("this change was sent from another site's page: open Race Director at its own address and try again"))
			}
		}
		return next(c)
	}
}

// staticFile says whether the request reads one of the app's own files (its style sheets, scripts
// and fonts, the same for everyone and never secret): they are served whatever the name, so that the
// 421 page itself is readable.
func staticFile(r *http.Request) bool {
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) && strings.HasPrefix(r.URL.Path, "/assets/")
}

// sameOrigin says whether a write comes from one of the app's own pages: its Origin (else its
// Referer) is the address the request was sent to, or the public URL. An opaque origin ("null") is
// not; a request with neither header is (scripts send none).
func (s *Site) sameOrigin(r *http.Request) bool {
	from := r.Header.Get(echo.HeaderOrigin)
	if from == "" {
		if from = r.Referer(); from == "" {
			return true
		}
	}
	u, err := url.Parse(from)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	if s.public != nil && u.Scheme == s.public.Scheme && hostPort(u.Host) == hostPort(s.public.Host) {
		return true
	}
	return s.Answers(u.Host) && hostPort(u.Host) == hostPort(s.Host(r))
}

// hostPort is a host as an origin compares it: the name in lower case and its port, a default port
// (80, 443) left out.
func hostPort(host string) string {
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		name, port = host, ""
	}
	name = strings.TrimSuffix(strings.ToLower(strings.Trim(name, "[]")), ".")
	if port == "" || port == "80" || port == "443" {
		return name
	}
	return name + ":" + port
}
