package app

import (
	"github.com/labstack/echo/v4"

	"racedirector/handlers"
)

// followRoutes are the pages players follow a tour with, without sign-in and read-only, and the
// director's Share page that gives them the code, and the room's TV.
func followRoutes(e *echo.Echo, h *handlers.Handler) {
	e.GET("/tours/:id/share", h.SharePage)
	e.GET("/follow", h.FindFollowPage)
	e.GET("/follow/:code", h.FollowPage)
	e.GET("/follow/:code/qr.svg", h.FollowQR)
	e.GET("/follow/:code/part/:name", h.FollowPart)
	e.GET("/follow/:code/tv", h.FollowTVPage) // the room's TV
	e.GET("/api/v1/follow/:code", h.APIFollow)
}
