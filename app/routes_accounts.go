package app

import (
	"github.com/labstack/echo/v4"
)

// accountRoutes are the directors' accounts: the first-run setup, invitations, the administrators'
// page of directors and its API, and who is signed in (app/auth's policy says who may open each).
func accountRoutes(e *echo.Echo, r rooms) {
	e.GET("/setup", r.pages.SetupPage)
	e.POST("/setup", r.pages.SetupFormPage)
	e.GET("/invitations/:token", r.pages.InvitationPage)
	e.POST("/invitations/:token", r.pages.InvitationFormPage)
	e.GET("/directors", r.pages.DirectorsPage)
	e.POST("/directors", r.pages.InviteDirectorPage)
	e.POST("/directors/:id/invitation", r.pages.ReinviteDirectorPage)
	e.GET("/api/v1/session", r.api.APIWho)
	e.GET("/api/v1/directors", r.api.APIListDirectors)
	e.POST("/api/v1/directors", r.api.APICreateDirector)
	e.POST("/api/v1/directors/:id/invitation", r.api.APIReinviteDirector)
}
