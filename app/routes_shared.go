package app

// sharedRoutes are a tour's hand-over and co-directors, in the API and on its directors' page (the
// lock lets only the tour's owner or an administrator reach them: app/auth's ownerOnly).
func sharedRoutes(root routeGroup, r rooms, k kept) {
	apiTour := root.group("/api/v1/tours/:id", serving{api: true, kept: k.tour})
	apiTour.PUT("/owner", r.api.APIHandOverTour)
	apiTour.PUT("/codirectors", r.api.APISetCodirectors)
	tour := root.group("/tours/:id", serving{kept: k.tour})
	tour.GET("/directors", r.accounts.TourDirectorsPage)
	tour.POST("/owner", r.accounts.HandOverTourPage)
	tour.POST("/codirectors", r.accounts.SetCodirectorsPage)
}
