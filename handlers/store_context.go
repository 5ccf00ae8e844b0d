package handlers

import (
	"github.com/labstack/echo/v4"

	"racedirector/app/store"
)

// store is the store for the request c: its queries stop when the client leaves.
func (h *Handler) store(c echo.Context) *store.Store { return h.Store.For(c.Request().Context()) }
