package app

import (
	"github.com/labstack/echo/v4"

	"racedirector/handlers"
)

// storyRoutes are the story of a tour (its charts and awards, for the director, the followers and the
// room's TV), its one-page summary, and the palmarès of the teams database's teams and riders, as
// pages and as JSON. All are reads, open to whoever may read the tour or the team.
func storyRoutes(e *echo.Echo, h *handlers.Handler) {
	e.GET("/tours/:id/story", h.StoryPage)
	e.GET("/tours/:id/sheets/summary.pdf", h.SummaryPDF)
	e.GET("/follow/:code/story", h.FollowStoryPage)
	e.GET("/follow/:code/summary.pdf", h.FollowSummaryPDF)
	e.GET("/follow/:code/tv/podium", h.FollowPodiumPage)
	e.GET("/teams/:id/palmares", h.TeamPalmaresPage)
	e.GET("/riders/:id/palmares", h.RiderPalmaresPage)
	e.GET("/api/v1/tours/:id/story", h.APITourStory)
	e.GET("/api/v1/follow/:code/story", h.APIFollowStory)
	e.GET("/api/v1/teams/:id/palmares", h.APITeamPalmares)
	e.GET("/api/v1/riders/:id/palmares", h.APIRiderPalmares)
}
