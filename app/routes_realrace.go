package app

import (
	"github.com/labstack/echo/v4"

	"racedirector/handlers"
)

// realRaceAPIRoutes are the JSON API of what real races need beyond results: a tour's settings (the
// young riders' cut-off, time limits…), its riders' dates of birth, and the jury's decisions.
func realRaceAPIRoutes(api *echo.Group, h *handlers.Handler) {
	api.PUT("/tours/:id/settings", h.APISetTourSettings)
	api.PUT("/tours/:id/riders/:bib", h.APISetTourRider)
	api.POST("/tours/:id/stages/:n/reinstatements", h.APIAddReinstatement)
	api.DELETE("/tours/:id/stages/:n/reinstatements/:bib", h.APIRemoveReinstatement)
	api.POST("/tours/:id/stages/:n/penalties", h.APIAddPenalty)
	api.DELETE("/tours/:id/stages/:n/penalties/:pos", h.APIRemovePenalty)
	api.PUT("/tours/:id/stages/:n/most-combative", h.APISetMostCombative)
}
