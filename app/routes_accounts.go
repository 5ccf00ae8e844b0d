package app

// accountRoutes are the directors' accounts: the first-run setup, invitations, the administrators'
// page of directors and its API (inviting, renaming, disabling, removing), a director's own account
// (password, sessions), and who is signed in (app/auth's policy says who may open each).
func accountRoutes(root routeGroup, r rooms) {
	e := root.group("", serving{})
	api := root.group("/api/v1", serving{api: true})
	e.GET("/setup", r.accounts.SetupPage)
	e.POST("/setup", r.accounts.SetupFormPage)
	e.GET("/invitations/:token", r.accounts.InvitationPage)
	e.POST("/invitations/:token", r.accounts.InvitationFormPage)
	e.GET("/directors", r.accounts.DirectorsPage)
	e.POST("/directors", r.accounts.InviteDirectorPage)
	e.POST("/directors/:id/invitation", r.accounts.ReinviteDirectorPage)
	e.POST("/directors/:id/name", r.accounts.RenameDirectorPage)
	e.POST("/directors/:id/disable", r.accounts.DisableDirectorPage)
	e.POST("/directors/:id/enable", r.accounts.EnableDirectorPage)
	e.GET("/directors/:id/remove", r.accounts.RemoveDirectorConfirmPage)
	e.POST("/directors/:id/remove", r.accounts.RemoveDirectorPage)
	e.GET("/account", r.accounts.AccountPage)
	e.POST("/account/password", r.accounts.ChangePasswordPage)
	e.POST("/account/sessions/:id/end", r.accounts.EndSessionPage)
	api.GET("/session", r.api.APIWho)
	api.GET("/directors", r.api.APIListDirectors)
	api.POST("/directors", r.api.APICreateDirector)
	api.POST("/directors/:id/invitation", r.api.APIReinviteDirector)
	api.PUT("/directors/:id", r.api.APIRenameDirector)
	api.DELETE("/directors/:id", r.api.APIRemoveDirector)
	api.POST("/directors/:id/disable", r.api.APIDisableDirector)
	api.POST("/directors/:id/enable", r.api.APIEnableDirector)
	api.GET("/account/sessions", r.api.APIOwnSessions)
	api.DELETE("/account/sessions/:id", r.api.APIEndOwnSession)
	api.PUT("/account/password", r.api.APIChangeOwnPassword)
}
