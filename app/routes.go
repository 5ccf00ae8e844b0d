package app

import (
	"github.com/labstack/echo/v4"

	"racedirector/handlers"
)

// routes is the map of the app: every page and API route, one line each.
func routes(e *echo.Echo, h *handlers.Handler, version string) {
	e.GET("/healthz", h.Health)
	e.GET("/assets/:version/*", staticAssets(version))

	// Pages.
	e.GET("/", h.HomePage)
	e.GET("/teams", h.TeamsPage)
	e.GET("/teams/new", h.NewTeamPage)
	e.POST("/teams", h.CreateTeamPage)
	e.GET("/teams/import", h.ImportPage)
	e.POST("/teams/import", h.ImportPreviewPage)
	e.POST("/teams/import/apply", h.ImportApplyPage)
	e.GET("/teams/:id/edit", h.EditTeamPage)
	e.POST("/teams/:id", h.UpdateTeamPage)
	e.GET("/teams/:id/delete", h.DeleteTeamConfirmPage)
	e.POST("/teams/:id/delete", h.DeleteTeamPage)
	e.GET("/teams/:id/riders/new", h.NewRiderPage)
	e.POST("/riders", h.CreateRiderPage)
	e.GET("/riders/:id/edit", h.EditRiderPage)
	e.POST("/riders/:id", h.UpdateRiderPage)
	e.GET("/riders/:id/delete", h.DeleteRiderConfirmPage)
	e.POST("/riders/:id/delete", h.DeleteRiderPage)

	e.GET("/tours/:id/sheets", h.SheetsPage)
	e.POST("/tours/:id/stages/:n/finish.csv", h.SaveFinishCSVPage)
	wizardRoutes(e, h)
	raceRoutes(e, h)
	e.GET("/follow/:code/tv", h.FollowTVPage) // the room's TV: no sign-in, nothing to edit

	// The director's sign-in (app/auth holds the lock; its middleware guards every route).
	e.GET("/sign-in", h.SignInPage)
	e.POST("/sign-in", h.SignInFormPage)
	e.GET("/sign-out", h.SignOutConfirmPage)
	e.POST("/sign-out", h.SignOutPage)

	// JSON API (API.md).
	api := e.Group("/api/v1")
	api.GET("/rulesets", h.APIListRulesets)
	api.GET("/rulesets/:id", h.APIGetRuleset)
	api.GET("/teams", h.APIListTeams)
	api.POST("/teams", h.APICreateTeam)
	api.GET("/teams/export.xlsx", h.ExportTeamsXLSX)
	api.GET("/teams/export.csv", h.ExportTeamsCSV)
	api.POST("/teams/import", h.APIImportTeams)
	api.GET("/teams/:id", h.APIGetTeam)
	api.PUT("/teams/:id", h.APIUpdateTeam)
	api.DELETE("/teams/:id", h.APIDeleteTeam)
	api.GET("/riders", h.APIListRiders)
	api.POST("/riders", h.APICreateRider)
	api.GET("/riders/:id", h.APIGetRider)
	api.PUT("/riders/:id", h.APIUpdateRider)
	api.DELETE("/riders/:id", h.APIDeleteRider)
	api.POST("/tours/proposal", h.APIPropose)
	api.POST("/tours/import", h.APIImportTour)
	api.GET("/tours", h.APIListTours)
	api.POST("/tours", h.APICreateTour)
	api.GET("/tours/:id", h.APIGetTour)
	api.DELETE("/tours/:id", h.APIDeleteTour)
	api.GET("/tours/:id/backup.json", h.APIBackup)
	api.GET("/tours/:id/standings", h.APIStandings)
	api.GET("/tours/:id/sheets", h.APIListSheets)
	api.GET("/tours/:id/sheets/:file", h.APISheet)
	api.GET("/tours/:id/stages/:n", h.APIGetStage)
	api.PUT("/tours/:id/stages/:n/sprints/:k", h.APISetSprint)
	api.PUT("/tours/:id/stages/:n/climbs/:k", h.APISetClimb)
	api.PUT("/tours/:id/stages/:n/finish", h.APISetFinish)
	api.POST("/tours/:id/stages/:n/abandons", h.APIAddAbandon)
	api.DELETE("/tours/:id/stages/:n/abandons/:bib", h.APIRemoveAbandon)
	api.GET("/tours/:id/stages/:n/advantages", h.APIListAdvantages)
	api.POST("/tours/:id/stages/:n/advantages", h.APIAddAdvantage)
	api.DELETE("/tours/:id/stages/:n/advantages/:pos", h.APIRemoveAdvantage)
	api.PUT("/tours/:id/stages/:n/fatigue", h.APISetFatigue)
	api.PUT("/tours/:id/stages/:n/weather", h.APISetWeather)
	api.PUT("/tours/:id/stages/:n/combativity", h.APISetCombativity)
	api.POST("/tours/:id/stages/:n/lost_turns", h.APIAddLostTurn)
	api.POST("/tours/:id/stages/:n/close", h.APICloseStage)
	api.POST("/tours/:id/stages/:n/reopen", h.APIReopenStage)
	api.POST("/tours/:id/stages/:n/undo", h.APIUndo)
	api.GET("/tours/:id/stages/:n/history", h.APIHistory)
	api.GET("/follow/:code/events", h.APIFollowEvents)
	api.POST("/session", h.APISignIn)
	api.DELETE("/session", h.APISignOut)
	api.Any("/*", func(c echo.Context) error { return echo.ErrNotFound })
}
