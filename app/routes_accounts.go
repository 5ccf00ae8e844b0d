package app

import (
	"github.com/labstack/echo/v4"

	"racedirector/handlers"
)

// accountRoutes are the directors' accounts: the first-run setup, invitations, the administrators'
// page of directors and its API, and who is signed in (app/auth's policy says who may open each).
func accountRoutes(e *echo.Echo, h *handlers.Handler) {
	e.GET("/setup", h.SetupPage)
	e.POST("/setup", h.SetupFormPage)
	e.GET("/invitations/:token", h.InvitationPage)
	e.POST("/invitations/:token", h.InvitationFormPage)
	e.GET("/directors", h.DirectorsPage)
	e.POST("/directors", h.InviteDirectorPage)
	e.POST("/directors/:id/invitation", h.ReinviteDirectorPage)
	e.GET("/api/v1/session", h.APIWho)
	e.GET("/api/v1/directors", h.APIListDirectors)
	e.POST("/api/v1/directors", h.APICreateDirector)
	e.POST("/api/v1/directors/:id/invitation", h.APIReinviteDirector)
}
