package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/refuse"
)

// sessionRequest is the body of POST /api/v1/session: the director's PIN, or where directors have
// accounts, a name and a password.
type sessionRequest struct {
	PIN      *string `json:"pin"`
	Name     *string `json:"name"`
	Password *string `json:"password"`
}

// sessionAnswer is the director's token and when it ends (and, signed in with an account, whose).
type sessionAnswer struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expires_at"`
	Name      string    `json:"name,omitempty"`
	Admin     bool      `json:"admin,omitempty"`
}

// whoAnswer is GET /api/v1/session: how the table is guarded and who is asking.
type whoAnswer struct {
	// Mode is "open", "pin" or "accounts".
	Mode     string `json:"mode"`
	SignedIn bool   `json:"signed_in"`
	Name     string `json:"name,omitempty"`
	Admin    bool   `json:"admin,omitempty"`
	// Official says the account is an official's: every tour read, none changed.
	Official bool `json:"official,omitempty"`
}

// APISignIn trades the director's PIN, or a director's name and password, for a bearer token (201):
// a wrong one is a 401, too many wrong ones from this address a 429 with Retry-After, a PIN where
// directors have accounts (or a password where they have none) a 401 saying how to sign in. A
// server without a PIN or accounts, open to every change, answers a token all the same.
func (h *Handler) APISignIn(c echo.Context) error {
	var req sessionRequest
	if err := DecodeJSON(c, &req); err != nil {
		return err
	}
	client := auth.ClientOf(c)
	var (
		s   auth.Session
		who auth.Account
		err error
	)
	if req.Name != nil || req.Password != nil {
		v := &refuse.ValidationError{}
		if req.Name == nil || strings.TrimSpace(*req.Name) == "" {
			v.Add("name", "is required: the director's name")
		}
		if req.Password == nil || *req.Password == "" {
			v.Add("password", "is required: the director's password")
		}
		if err := v.Err(); err != nil {
			return err
		}
		s, who, err = h.Lock.SignInAccount(client, strings.TrimSpace(*req.Name), *req.Password)
	} else {
		if req.PIN == nil || strings.TrimSpace(*req.PIN) == "" {
			if v := auth.ViewerOf(c); v.Mode == auth.AccountsMode {
				return refuse.Invalid("name", "is required: the director's name (and password)")
			}
			return refuse.Invalid("pin", "is required: the director's PIN")
		}
		s, err = h.Lock.SignIn(client, strings.TrimSpace(*req.PIN))
	}
	var (
		tooMany *auth.TooManyError
		wrong   *auth.WrongPINError
		wrongPW *auth.WrongPasswordError
		other   *auth.NotThisWayError
	)
	switch {
	case errors.As(err, &tooMany):
		c.Response().Header().Set("Retry-After", strconv.Itoa(tooMany.Seconds()))
		return echo.NewHTTPError(http.StatusTooManyRequests, tooMany.Said())
	case errors.As(err, &wrong), errors.As(err, &wrongPW), errors.As(err, &other):
		c.Response().Header().Set("WWW-Authenticate", `Bearer realm="Race Director"`)
		return echo.NewHTTPError(http.StatusUnauthorized, err)
	case err != nil:
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusCreated, sessionAnswer{Token: s.Token, ExpiresAt: s.ExpiresAt.UTC().Truncate(time.Second), Name: who.Name, Admin: who.Admin})
}

// APIWho answers how the table is guarded and who the token sent (if any) signs in.
func (h *Handler) APIWho(c echo.Context) error {
	v := auth.ViewerOf(c)
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, whoAnswer{Mode: v.Mode.String(), SignedIn: v.Director && v.Locked, Name: v.Name, Admin: v.Admin, Official: v.Official})
}

// APISignOut ends the session of the bearer token sent (204).
func (h *Handler) APISignOut(c echo.Context) error {
	if err := h.Lock.SignOut(auth.BearerToken(c.Request())); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
