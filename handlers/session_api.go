package handlers

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/race"
)

// sessionRequest is the body of POST /api/v1/session.
type sessionRequest struct {
	PIN *string `json:"pin"`
}

// sessionAnswer is the director's token and when it ends.
type sessionAnswer struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expires_at"`
}

// APISignIn trades the director's PIN for a bearer token (201): a wrong PIN is a 401, too many
// wrong ones from this address a 429 with Retry-After. A server without a PIN, open to every
// change, answers a token all the same.
func (h *Handler) APISignIn(c echo.Context) error {
	var req sessionRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.PIN == nil || strings.TrimSpace(*req.PIN) == "" {
		return &race.ValidationError{Fields: map[string]string{"pin": "is required: the director's PIN"}}
	}
	s, err := h.Lock.SignIn(auth.ClientAddress(c.Request()), strings.TrimSpace(*req.PIN))
	var (
		tooMany *auth.TooManyError
		wrong   *auth.WrongPINError
	)
	switch {
	case errors.As(err, &tooMany):
		c.Response().Header().Set("Retry-After", strconv.Itoa(tooMany.Seconds()))
		return echo.NewHTTPError(http.StatusTooManyRequests, tooMany.Error())
	case errors.As(err, &wrong):
		c.Response().Header().Set("WWW-Authenticate", `Bearer realm="Race Director"`)
		return echo.NewHTTPError(http.StatusUnauthorized, wrong.Error())
	case err != nil:
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusCreated, sessionAnswer{Token: s.Token, ExpiresAt: s.ExpiresAt.UTC().Truncate(time.Second)})
}

// APISignOut ends the session of the bearer token sent (204).
func (h *Handler) APISignOut(c echo.Context) error {
	h.Lock.SignOut(auth.BearerToken(c.Request()))
	return c.NoContent(http.StatusNoContent)
}
