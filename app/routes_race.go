package app

// raceRoutes are the pages of a running tour: the stage screen, advantages, riders, classifications, Cycling Party.
func raceRoutes(root routeGroup, r rooms, k kept) {
	tour := root.group("/tours/:id", serving{kept: k.tour})
	tour.GET("/stages/:n", r.pages.StagePage)
	tour.POST("/stages/:n/sprints/:k", r.pages.SaveSprintPage)
	tour.POST("/stages/:n/climbs/:k", r.pages.SaveClimbPage)
	root.group("/tours/:id", serving{upload: true, kept: k.tour}).POST("/stages/:n/finish", r.pages.SaveFinishPage)
	// The finish form's times as typed (race.js asks while the director types): a read of the stage
	// screen's, not kept (each keystroke asks its own question).
	root.group("/tours/:id", serving{}).GET("/stages/:n/finish/preview", r.pages.FinishPreviewPage)
	tour.POST("/stages/:n/published", r.pages.SavePublishedPage)
	tour.POST("/stages/:n/abandons", r.pages.AddAbandonPage)
	tour.POST("/stages/:n/abandons/:bib/delete", r.pages.RemoveAbandonPage)
	tour.POST("/stages/:n/close", r.pages.CloseStagePage)
	tour.POST("/stages/:n/reopen", r.pages.ReopenStagePage)
	tour.POST("/stages/:n/undo", r.pages.UndoPage)
	tour.GET("/stages/:n/history", r.pages.HistoryPage)
	tour.GET("/stages/:n/advantages", r.pages.AdvantagesPage)
	tour.POST("/stages/:n/advantages", r.pages.AddAdvantagePage)
	tour.POST("/stages/:n/advantages/:pos/delete", r.pages.RemoveAdvantagePage)
	tour.POST("/stages/:n/weather", r.pages.SaveWeatherPage)
	tour.POST("/stages/:n/combativity", r.pages.SaveCombativityPage)
	tour.POST("/stages/:n/lost-turns", r.pages.AddLostTurnPage)
	tour.POST("/stages/:n/fatigue", r.pages.SaveFatiguePage)
	tour.GET("/stages/:n/volata", r.pages.VolataPage)
	tour.POST("/stages/:n/volata", r.pages.UseVolataOrderPage)
	tour.GET("/riders", r.pages.TourRidersPage)
	tour.GET("/classifications", r.pages.ClassificationsPage)
	tour.GET("/cycling-party", r.pages.CyclingPartyPage)
	tour.POST("/settings", r.pages.SaveTourSettingsPage)
	tour.POST("/settings/combined", r.pages.SaveCombinedPage)
	tour.POST("/riders/born", r.pages.SaveTourRiderBornPage)
	tour.POST("/start-list", r.pages.SaveStartListPage)
	tour.POST("/stages/:n/team-times", r.pages.SaveTeamTimesPage)
	tour.POST("/stages/:n/jury/:form", r.pages.SaveJuryPage)
	tour.POST("/stages/:n/jury/:form/:key/delete", r.pages.RemoveJuryPage)
}
