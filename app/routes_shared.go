package app

// sharedRoutes are a tour's and a season's hand-over and co-directors, in the API and on their
// directors' page (the lock lets only the owner or an administrator reach them: app/auth's ownerOnly).
func sharedRoutes(root routeGroup, r rooms, k kept) {
	apiTour := root.group("/api/v1/tours/:id", serving{api: true, kept: k.tour})
	apiTour.PUT("/owner", r.api.APIHandOverTour)
	apiTour.PUT("/codirectors", r.api.APISetCodirectors)
	tour := root.group("/tours/:id", serving{kept: k.tour})
	tour.GET("/directors", r.accounts.TourDirectorsPage)
	tour.POST("/owner", r.accounts.HandOverTourPage)
	tour.POST("/codirectors", r.accounts.SetCodirectorsPage)
	apiSeason := root.group("/api/v1/seasons/:id", serving{api: true})
	apiSeason.PUT("/owner", r.api.APIHandOverSeason)
	apiSeason.PUT("/codirectors", r.api.APISetSeasonCodirectors)
	season := root.group("/seasons/:id", serving{})
	season.GET("/directors", r.accounts.SeasonDirectorsPage)
	season.POST("/owner", r.accounts.HandOverSeasonPage)
	season.POST("/codirectors", r.accounts.SetSeasonCodirectorsPage)
}
