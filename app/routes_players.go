package app

// playerRoutes are the players of a tour's teams: naming a team's player (the director's, from the
// API and from the tour's teams list) and a player's palmarès across tours, as a page and as JSON.
func playerRoutes(root routeGroup, r rooms, k kept) {
	root.group("/api/v1/tours/:id", serving{api: true, kept: k.tour}).PUT("/teams/:team_id", r.api.APISetTeamManager)
	root.group("/tours/:id", serving{kept: k.tour}).POST("/teams/:team_id/manager", r.pages.SetTeamManagerPage)
	root.group("", serving{}).GET("/players/:player/palmares", r.pages.PlayerPalmaresPage)
	root.group("/api/v1", serving{api: true}).GET("/players/:player/palmares", r.api.APIPlayerPalmares)
}
