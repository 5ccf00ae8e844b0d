package app

// storyRoutes are the story of a tour (its charts and awards, for the director, the followers and the
// room's TV), its one-page summary, and the palmarès of the teams database's teams and riders, as
// pages and as JSON. All are reads, open to whoever may read the tour or the team.
func storyRoutes(root routeGroup, r rooms, k kept) {
	tour := root.group("/tours/:id", serving{kept: k.tour})
	followed := root.group("/follow/:code", serving{kept: k.followed})
	e := root.group("", serving{})
	apiTour := root.group("/api/v1/tours/:id", serving{api: true, kept: k.tour})
	apiFollowed := root.group("/api/v1/follow/:code", serving{api: true, kept: k.followed})
	api := root.group("/api/v1", serving{api: true})
	tour.GET("/story", r.follow.StoryPage)
	tour.GET("/sheets/summary.pdf", r.follow.SummaryPDF)
	followed.GET("/story", r.follow.FollowStoryPage)
	followed.GET("/summary.pdf", r.follow.FollowSummaryPDF)
	followed.GET("/tv/podium", r.follow.FollowPodiumPage)
	e.GET("/teams/:id/palmares", r.pages.TeamPalmaresPage)
	e.GET("/riders/:id/palmares", r.pages.RiderPalmaresPage)
	apiTour.GET("/story", r.api.APITourStory)
	apiFollowed.GET("/story", r.api.APIFollowStory)
	api.GET("/teams/:id/palmares", r.api.APITeamPalmares)
	api.GET("/riders/:id/palmares", r.api.APIRiderPalmares)
}
