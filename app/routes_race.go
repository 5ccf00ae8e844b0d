package app

import (
	"github.com/labstack/echo/v4"

	"racedirector/handlers"
)

// raceRoutes are the pages of a running tour: the stage screen, advantages, riders, classifications, Cycling Party.
func raceRoutes(e *echo.Echo, h *handlers.Handler) {
	e.GET("/tours/:id/stages/:n", h.StagePage)
	e.POST("/tours/:id/stages/:n/sprints/:k", h.SaveSprintPage)
	e.POST("/tours/:id/stages/:n/climbs/:k", h.SaveClimbPage)
	e.POST("/tours/:id/stages/:n/finish", h.SaveFinishPage)
	e.POST("/tours/:id/stages/:n/abandons", h.AddAbandonPage)
	e.POST("/tours/:id/stages/:n/abandons/:bib/delete", h.RemoveAbandonPage)
	e.POST("/tours/:id/stages/:n/close", h.CloseStagePage)
	e.POST("/tours/:id/stages/:n/reopen", h.ReopenStagePage)
	e.POST("/tours/:id/stages/:n/undo", h.UndoPage)
	e.GET("/tours/:id/stages/:n/history", h.HistoryPage)
	e.GET("/tours/:id/stages/:n/advantages", h.AdvantagesPage)
	e.POST("/tours/:id/stages/:n/advantages", h.AddAdvantagePage)
	e.POST("/tours/:id/stages/:n/advantages/:pos/delete", h.RemoveAdvantagePage)
	e.POST("/tours/:id/stages/:n/weather", h.SaveWeatherPage)
	e.POST("/tours/:id/stages/:n/combativity", h.SaveCombativityPage)
	e.POST("/tours/:id/stages/:n/lost-turns", h.AddLostTurnPage)
	e.POST("/tours/:id/stages/:n/fatigue", h.SaveFatiguePage)
	e.GET("/tours/:id/stages/:n/volata", h.VolataPage)
	e.POST("/tours/:id/stages/:n/volata", h.UseVolataOrderPage)
	e.GET("/tours/:id/riders", h.TourRidersPage)
	e.GET("/tours/:id/classifications", h.ClassificationsPage)
	e.GET("/tours/:id/cycling-party", h.CyclingPartyPage)
	e.POST("/tours/:id/settings", h.SaveTourSettingsPage)
	e.POST("/tours/:id/settings/combined", h.SaveCombinedPage)
	e.POST("/tours/:id/riders/born", h.SaveTourRiderBornPage)
	e.POST("/tours/:id/stages/:n/team-times", h.SaveTeamTimesPage)
	e.POST("/tours/:id/stages/:n/jury/:form", h.SaveJuryPage)
	e.POST("/tours/:id/stages/:n/jury/:form/:key/delete", h.RemoveJuryPage)
}
