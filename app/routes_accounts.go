package app

// accountRoutes are the directors' accounts: the first-run setup, invitations, the administrators'
// page of directors and its API, and who is signed in (app/auth's policy says who may open each).
func accountRoutes(root routeGroup, r rooms) {
	e := root.group("", serving{})
	api := root.group("/api/v1", serving{api: true})
	e.GET("/setup", r.pages.SetupPage)
	e.POST("/setup", r.pages.SetupFormPage)
	e.GET("/invitations/:token", r.pages.InvitationPage)
	e.POST("/invitations/:token", r.pages.InvitationFormPage)
	e.GET("/directors", r.pages.DirectorsPage)
	e.POST("/directors", r.pages.InviteDirectorPage)
	e.POST("/directors/:id/invitation", r.pages.ReinviteDirectorPage)
	api.GET("/session", r.api.APIWho)
	api.GET("/directors", r.api.APIListDirectors)
	api.POST("/directors", r.api.APICreateDirector)
	api.POST("/directors/:id/invitation", r.api.APIReinviteDirector)
}
