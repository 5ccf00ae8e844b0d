package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/refuse"
)

// A director's own account in the API: their password and their sessions (their devices and
// programs signed in). Only their own: the account is the one of the token sent.

// passwordRequest is the body of PUT /api/v1/account/password.
type passwordRequest struct {
	Current  *string `json:"current"`
	Password *string `json:"password"`
}

// APIOwnSessions answers the sessions of the director asking, the last used first, the one asking
// marked "this".
func (h *Handler) APIOwnSessions(c echo.Context) error {
	a, this, err := h.OwnAccount(c)
	if err != nil {
		return err
	}
	list, err := h.StoreFor(c).DirectorSessions(a.ID, this, h.Lock.Now())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, list)
}

// APIEndOwnSession ends one of the sessions of the director asking (204); another director's, or
// none, is not found.
func (h *Handler) APIEndOwnSession(c echo.Context) error {
	a, _, err := h.OwnAccount(c)
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).EndDirectorSession(a.ID, c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// APIChangeOwnPassword changes the password of the director asking (200, their sessions left: the
// one asking only): the current password is required.
func (h *Handler) APIChangeOwnPassword(c echo.Context) error {
	var req passwordRequest
	if err := DecodeJSON(c, &req); err != nil {
		return err
	}
	v := &refuse.ValidationError{}
	if req.Current == nil {
		v.Add("current", "is required: your password now")
	}
	if req.Password == nil {
		v.Add("password", "is required: the new password")
	}
	if err := v.Err(); err != nil {
		return err
	}
	if err := h.ChangeOwnPassword(c, *req.Current, *req.Password); err != nil {
		return err
	}
	return h.APIOwnSessions(c)
}
