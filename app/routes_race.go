package app

import (
	"github.com/labstack/echo/v4"
)

// raceRoutes are the pages of a running tour: the stage screen, advantages, riders, classifications, Cycling Party.
func raceRoutes(e *echo.Echo, r rooms) {
	e.GET("/tours/:id/stages/:n", r.pages.StagePage)
	e.POST("/tours/:id/stages/:n/sprints/:k", r.pages.SaveSprintPage)
	e.POST("/tours/:id/stages/:n/climbs/:k", r.pages.SaveClimbPage)
	e.POST("/tours/:id/stages/:n/finish", r.pages.SaveFinishPage)
	e.POST("/tours/:id/stages/:n/abandons", r.pages.AddAbandonPage)
	e.POST("/tours/:id/stages/:n/abandons/:bib/delete", r.pages.RemoveAbandonPage)
	e.POST("/tours/:id/stages/:n/close", r.pages.CloseStagePage)
	e.POST("/tours/:id/stages/:n/reopen", r.pages.ReopenStagePage)
	e.POST("/tours/:id/stages/:n/undo", r.pages.UndoPage)
	e.GET("/tours/:id/stages/:n/history", r.pages.HistoryPage)
	e.GET("/tours/:id/stages/:n/advantages", r.pages.AdvantagesPage)
	e.POST("/tours/:id/stages/:n/advantages", r.pages.AddAdvantagePage)
	e.POST("/tours/:id/stages/:n/advantages/:pos/delete", r.pages.RemoveAdvantagePage)
	e.POST("/tours/:id/stages/:n/weather", r.pages.SaveWeatherPage)
	e.POST("/tours/:id/stages/:n/combativity", r.pages.SaveCombativityPage)
	e.POST("/tours/:id/stages/:n/lost-turns", r.pages.AddLostTurnPage)
	e.POST("/tours/:id/stages/:n/fatigue", r.pages.SaveFatiguePage)
	e.GET("/tours/:id/stages/:n/volata", r.pages.VolataPage)
	e.POST("/tours/:id/stages/:n/volata", r.pages.UseVolataOrderPage)
	e.GET("/tours/:id/riders", r.pages.TourRidersPage)
	e.GET("/tours/:id/classifications", r.pages.ClassificationsPage)
	e.GET("/tours/:id/cycling-party", r.pages.CyclingPartyPage)
	e.POST("/tours/:id/settings", r.pages.SaveTourSettingsPage)
	e.POST("/tours/:id/settings/combined", r.pages.SaveCombinedPage)
	e.POST("/tours/:id/riders/born", r.pages.SaveTourRiderBornPage)
	e.POST("/tours/:id/stages/:n/team-times", r.pages.SaveTeamTimesPage)
	e.POST("/tours/:id/stages/:n/jury/:form", r.pages.SaveJuryPage)
	e.POST("/tours/:id/stages/:n/jury/:form/:key/delete", r.pages.RemoveJuryPage)
}
