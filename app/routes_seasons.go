package app

// seasonRoutes are a director's seasons (tours grouped and ranked across), as pages, sheets and JSON.
// Reads are open as a tour's are; every change is the season's director's (the lock's policy and its
// ownership check, "season").
func seasonRoutes(root routeGroup, r rooms) {
	e := root.group("", serving{})
	api := root.group("/api/v1", serving{api: true})
	e.GET("/seasons", r.seasons.SeasonsPage)
	e.POST("/seasons", r.seasons.CreateSeasonPage)
	e.GET("/seasons/:id", r.seasons.SeasonPage)
	e.POST("/seasons/:id", r.seasons.UpdateSeasonPage)
	e.POST("/seasons/:id/tours", r.seasons.SetSeasonToursPage)
	e.GET("/seasons/:id/delete", r.seasons.DeleteSeasonConfirmPage)
	e.POST("/seasons/:id/delete", r.seasons.DeleteSeasonPage)
	e.GET("/seasons/:id/standings.pdf", r.seasons.SeasonStandingsPDF)
	e.GET("/seasons/:id/standings.xlsx", r.seasons.SeasonStandingsXLSX)
	api.GET("/seasons", r.api.APIListSeasons)
	api.POST("/seasons", r.api.APICreateSeason)
	api.GET("/seasons/:id", r.api.APIGetSeason)
	api.PUT("/seasons/:id", r.api.APIUpdateSeason)
	api.DELETE("/seasons/:id", r.api.APIDeleteSeason)
	api.PUT("/seasons/:id/tours", r.api.APISetSeasonTours)
	api.GET("/seasons/:id/backup.json", r.api.APISeasonBackup)
	root.group("/api/v1", serving{api: true, upload: true}).POST("/seasons/import", r.api.APIImportSeason)
	root.group("", serving{upload: true}).POST("/seasons/import", r.seasons.ImportSeasonPage)
	api.GET("/seasons/:id/standings", r.api.APISeasonStandings)
	e.GET("/follow/season/:code", r.follow.FollowSeasonPage)
	e.GET("/follow/season/:code/tv", r.follow.FollowSeasonTVPage)
	api.GET("/follow/season/:code", r.api.APIFollowSeason)
	root.group("/api/v1", serving{api: true, stream: true}).GET("/follow/season/:code/events", r.follow.APIFollowSeasonEvents)
}
