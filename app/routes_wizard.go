package app

import (
	"github.com/labstack/echo/v4"

	"racedirector/handlers"
)

// wizardRoutes are the pages that start and load tours: the "Start" wizard, "Load" and the stage sheets.
func wizardRoutes(e *echo.Echo, h *handlers.Handler) {
}
