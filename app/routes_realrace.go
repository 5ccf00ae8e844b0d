package app

import (
	"github.com/labstack/echo/v4"

	"racedirector/handlers"
)

// realRaceAPIRoutes are the JSON API of what real races need beyond results: a tour's settings (the
// young riders' cut-off…) and its riders' dates of birth.
func realRaceAPIRoutes(api *echo.Group, h *handlers.Handler) {
	api.PUT("/tours/:id/settings", h.APISetTourSettings)
	api.PUT("/tours/:id/riders/:bib", h.APISetTourRider)
}
