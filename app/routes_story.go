package app

import (
	"github.com/labstack/echo/v4"
)

// storyRoutes are the story of a tour (its charts and awards, for the director, the followers and the
// room's TV), its one-page summary, and the palmarès of the teams database's teams and riders, as
// pages and as JSON. All are reads, open to whoever may read the tour or the team.
func storyRoutes(e *echo.Echo, r rooms) {
	e.GET("/tours/:id/story", r.follow.StoryPage)
	e.GET("/tours/:id/sheets/summary.pdf", r.follow.SummaryPDF)
	e.GET("/follow/:code/story", r.follow.FollowStoryPage)
	e.GET("/follow/:code/summary.pdf", r.follow.FollowSummaryPDF)
	e.GET("/follow/:code/tv/podium", r.follow.FollowPodiumPage)
	e.GET("/teams/:id/palmares", r.pages.TeamPalmaresPage)
	e.GET("/riders/:id/palmares", r.pages.RiderPalmaresPage)
	e.GET("/api/v1/tours/:id/story", r.api.APITourStory)
	e.GET("/api/v1/follow/:code/story", r.api.APIFollowStory)
	e.GET("/api/v1/teams/:id/palmares", r.api.APITeamPalmares)
	e.GET("/api/v1/riders/:id/palmares", r.api.APIRiderPalmares)
}
