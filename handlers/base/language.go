package base

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/i18n"
)

// langContextKey is where the Language middleware puts the request's localizer.
const langContextKey = "lang"

// LanguageCookie keeps the language a player chose with the switcher.
const LanguageCookie = "lang"

// Language picks each request's language before anything answers (the lock's refusals are in it
// too): ?lang=es on any address, else the switcher's cookie, else the browser's Accept-Language,
// else English. ?lang lasts for that request only: a sheet printed in English leaves the screen in
// Italian.
func (h *Base) Language(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		l := h.I18n.Localizer(h.chooseLanguage(c.Request()))
		c.Set(langContextKey, l)
		c.Response().Header().Set("Content-Language", l.Lang())
		c.Response().Header().Add("Vary", "Accept-Language")
		return next(c)
	}
}

// chooseLanguage is the request's language by the order Language gives.
func (h *Base) chooseLanguage(r *http.Request) string {
	if q := r.URL.Query().Get("lang"); h.I18n.Supported(q) {
		return q
	}
	if ck, err := r.Cookie(LanguageCookie); err == nil && h.I18n.Supported(ck.Value) {
		return ck.Value
	}
	return h.I18n.Match(r.Header.Get("Accept-Language"))
}

// Tr is the request's localizer (English when the Language middleware did not run).
func (h *Base) Tr(c echo.Context) *i18n.Localizer {
	if l, ok := c.Get(langContextKey).(*i18n.Localizer); ok {
		return l
	}
	return h.I18n.Localizer(i18n.English)
}

// SetLanguage is the switcher's link, GET /lang/{code}?next=/page: it keeps the choice in a cookie
// for a year and goes back to the page (any local address; the page's own ?lang is dropped so the
// choice shows at once).
func (h *Base) SetLanguage(c echo.Context) error {
	lang := c.Param("lang")
	if !h.I18n.Supported(lang) {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("there is no language %q: the app speaks English (en), Spanish (es) and Italian (it)", lang))
	}
	c.SetCookie(&http.Cookie{
		Name: LanguageCookie, Value: lang, Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: c.Request().TLS != nil,
	})
	return c.Redirect(http.StatusSeeOther, withoutLang(localAddress(c.QueryParam("next"))))
}

// localAddress keeps next when it is an address on this site ("/tours/3?x=1"), else gives "/".
func localAddress(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.ContainsAny(next, "\\\r\n") {
		return "/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Host != "" || u.Scheme != "" {
		return "/"
	}
	return next
}

// withoutLang drops the lang parameter from a local address.
func withoutLang(addr string) string {
	u, err := url.Parse(addr)
	if err != nil {
		return "/"
	}
	q := u.Query()
	if !q.Has("lang") {
		return addr
	}
	q.Del("lang")
	u.RawQuery = q.Encode()
	return u.String()
}

// here is the page's own address for the switcher to come back to: a GET's address, else (a
// refused form's page) the address the form was posted to. A "next" that leads off the site (a
// sign-in link someone forged) is left out: the page never writes it back.
func here(c echo.Context) string {
	req := c.Request()
	if req.Method != http.MethodGet {
		return req.URL.Path
	}
	q := req.URL.Query()
	if next := q.Get("next"); q.Has("next") && auth.LocalPath(next) != next {
		q.Del("next")
		u := *req.URL
		u.RawQuery = q.Encode()
		return withoutLang(u.RequestURI())
	}
	return withoutLang(req.URL.RequestURI())
}
