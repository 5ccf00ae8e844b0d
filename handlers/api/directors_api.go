package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
)

// Directors for years, in the API: an administrator disables, enables, renames and removes a
// director's account (the policy lets only administrators reach /api/v1/directors).

// renameRequest is the body of PUT /api/v1/directors/{id}.
type renameRequest struct {
	Name *string `json:"name"`
}

// APIDisableDirector disables a director's account (200, the account): their sessions end at once,
// they no longer sign in; their tours and teams stay, and their tours stay followable.
func (h *Handler) APIDisableDirector(c echo.Context) error {
	if err := noAccountsYet(c); err != nil {
		return err
	}
	id, err := base.IDParam(c, "id", "director")
	if err != nil {
		return err
	}
	d, err := h.StoreFor(c).DisableDirector(id, auth.ViewerOf(c).Account, h.Lock.Now())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, d)
}

// APIEnableDirector enables a disabled account again (200, the account).
func (h *Handler) APIEnableDirector(c echo.Context) error {
	if err := noAccountsYet(c); err != nil {
		return err
	}
	id, err := base.IDParam(c, "id", "director")
	if err != nil {
		return err
	}
	d, err := h.StoreFor(c).EnableDirector(id, h.Lock.Now())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, d)
}

// APIRenameDirector renames a director's account (200, the account): names are unique whatever
// their case, and checked as a new account's.
func (h *Handler) APIRenameDirector(c echo.Context) error {
	if err := noAccountsYet(c); err != nil {
		return err
	}
	id, err := base.IDParam(c, "id", "director")
	if err != nil {
		return err
	}
	var req renameRequest
	if err := DecodeJSON(c, &req); err != nil {
		return err
	}
	if req.Name == nil {
		return refuse.Invalid("name", "is required: the director's new name")
	}
	d, err := h.StoreFor(c).RenameDirector(id, *req.Name, h.Lock.Now())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, d)
}

// APIRemoveDirector removes a director's account (200, what the heir received): the query's heir
// (a director's id) receives their tours and teams, whose ids and follow codes stay.
func (h *Handler) APIRemoveDirector(c echo.Context) error {
	if err := noAccountsYet(c); err != nil {
		return err
	}
	id, err := base.IDParam(c, "id", "director")
	if err != nil {
		return err
	}
	heir, err := heirOf(c.QueryParam("heir"))
	if err != nil {
		return err
	}
	got, err := h.StoreFor(c).RemoveDirector(id, heir, auth.ViewerOf(c).Account, h.Lock.Now())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, got)
}

// heirOf reads the heir's id of a removal (0 for none given, which the store refuses).
func heirOf(s string) (uint, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil || n == 0 {
		return 0, refuse.Invalid("heir", "must be a director's id (a whole number, from GET /api/v1/directors)")
	}
	return uint(n), nil
}
