package app

import (
	"github.com/labstack/echo/v4"
)

// followRoutes are the pages players follow a tour with, without sign-in and read-only, and the
// director's Share page that gives them the code, and the room's TV.
func followRoutes(e *echo.Echo, r rooms) {
	e.GET("/tours/:id/share", r.follow.SharePage)
	e.GET("/follow", r.follow.FindFollowPage)
	e.GET("/follow/:code", r.follow.FollowPage)
	e.GET("/follow/:code/qr.svg", r.follow.FollowQR)
	e.GET("/follow/:code/part/:name", r.follow.FollowPart)
	e.GET("/follow/:code/tv", r.follow.FollowTVPage) // the room's TV
	e.GET("/api/v1/follow/:code", r.api.APIFollow)
}
