package app

// riderRoutes are the pages a rider's or team's name leads to from a tour's pages: the rider's stages
// one by one for the director, and the rider's and team's pages of a followed tour for the players.
func riderRoutes(root routeGroup, r rooms, k kept) {
	root.group("/tours/:id", serving{kept: k.tour}).GET("/riders/:bib", r.pages.TourRiderPage)
	followed := root.group("/follow/:code", serving{kept: k.followed})
	followed.GET("/riders/:bib", r.follow.FollowRiderPage)
	followed.GET("/teams/:team", r.follow.FollowTeamPage)
}
