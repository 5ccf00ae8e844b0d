package app

import (
	"github.com/labstack/echo/v4"
)

// realRaceAPIRoutes are the JSON API of what real races need beyond results: a tour's settings (the
// young riders' cut-off, time limits…), its riders' dates of birth, and the jury's decisions.
func realRaceAPIRoutes(api *echo.Group, r rooms) {
	api.PUT("/tours/:id/settings", r.api.APISetTourSettings)
	api.PUT("/tours/:id/riders/:bib", r.api.APISetTourRider)
	api.POST("/tours/:id/stages/:n/reinstatements", r.api.APIAddReinstatement)
	api.DELETE("/tours/:id/stages/:n/reinstatements/:bib", r.api.APIRemoveReinstatement)
	api.POST("/tours/:id/stages/:n/penalties", r.api.APIAddPenalty)
	api.DELETE("/tours/:id/stages/:n/penalties/:pos", r.api.APIRemovePenalty)
	api.PUT("/tours/:id/stages/:n/most-combative", r.api.APISetMostCombative)
}
