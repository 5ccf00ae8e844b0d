package app

import (
	"github.com/labstack/echo/v4"

	"racedirector/handlers"
)

// raceRoutes are the pages of a running tour: the stage screen, advantages, riders, classifications, Cycling Party.
func raceRoutes(e *echo.Echo, h *handlers.Handler) {
}
