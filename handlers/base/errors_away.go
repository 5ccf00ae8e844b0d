package base

// The database away (PostgreSQL restarting or stopped, SQLite's file locked by another program):
// every page and API call answers 503 with Retry-After, in words, rather than 500.

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
)

// retryAfter is how many seconds a client is asked to wait before trying again while the database
// is away.
const retryAfter = 5

// awayText is what a director or a script reads while the database cannot be reached.
func awayText() i18n.Text {
	return i18n.Textf("the database cannot be reached just now: wait a few seconds and try again")
}

// away marks a 503 answer: the client may try again after a few seconds, the answer is not kept,
// and the log says why once, as a warning, not as a failure.
func (h *Base) away(c echo.Context, err error) {
	head := c.Response().Header()
	head.Set("Retry-After", strconv.Itoa(retryAfter))
	head.Set("Cache-Control", "no-store")
	h.Logger.Warn("the database is away", "method", c.Request().Method, "path", c.Request().URL.Path, "error", err)
}

// HealthAway is /healthz's answer while the database does not answer: 503 as JSON, with
// Retry-After.
func (h *Base) HealthAway(c echo.Context, err error) error {
	h.away(c, err)
	return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "message": h.Tr(c).Say(awayText())})
}
