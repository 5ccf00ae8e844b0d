package handlers

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"
)

const flashCookie = "rd_flash"

// setFlash keeps a one-line message for the next page in a short-lived cookie.
func setFlash(c echo.Context, msg string) {
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: url.QueryEscape(msg), Path: "/", MaxAge: 60, HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// takeFlash reads and clears the flash message.
func takeFlash(c echo.Context) string {
	ck, err := c.Cookie(flashCookie)
	if err != nil || ck.Value == "" {
		return ""
	}
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	msg, err := url.QueryUnescape(ck.Value)
	if err != nil {
		return ""
	}
	if len(msg) > 300 {
		msg = msg[:300]
	}
	return msg
}
