package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/handlers/base"
)

// APIAudit is GET /api/v1/audit?tour={id}&director={id}&before={id}&limit={n}: the lines of the
// audit record the viewer may read (store.Audit), newest first; the next page is before the last id.
func (h *Handler) APIAudit(c echo.Context) error {
	f, err := base.AuditFilterOf(c)
	if err != nil {
		return err
	}
	lines, err := h.StoreFor(c).Audit(h.Scope(c), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, lines)
}
