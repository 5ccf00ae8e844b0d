package app

import (
	"racedirector/app/keep"

	"github.com/labstack/echo/v4"
)

// kept are the versions the groups' answers are kept for (keep.TourReads).
type kept struct {
	// tours is the tour list's and the Load page's; tour a tour's pages', JSON's and sheets'
	// (:id); followed a follower's pages' and JSON's (:code).
	tours, tour, followed keep.Version
}

// routes is the map of the app: every page and API route, one line each, in the group that says how
// it is served (servings: the API, event streams, uploads, answers kept for a version).
func routes(e *echo.Echo, r rooms, static staticFiles) servings {
	all := servings{}
	root := routeGroup{e: e, all: all}
	k := kept{tours: keep.ToursVersion(r.base.Store), tour: keep.TourVersion(r.base.Store), followed: keep.FollowVersion(r.base.Store)}
	root.group("", serving{unguarded: true}).GET("/healthz", r.pages.Health)
	root.group("", serving{unguarded: true, quiet: true, packed: true}).GET("/assets/:version/*", staticAssets(static))

	// Pages.
	pages := root.group("", serving{})
	uploads := root.group("", serving{upload: true})
	pages.GET("/", r.pages.HomePage)
	pages.GET("/lang/:lang", r.base.SetLanguage)
	pages.GET("/teams", r.pages.TeamsPage)
	pages.GET("/teams/new", r.pages.NewTeamPage)
	pages.POST("/teams", r.pages.CreateTeamPage)
	uploads.GET("/teams/import", r.pages.ImportPage)
	uploads.POST("/teams/import", r.pages.ImportPreviewPage)
	uploads.POST("/teams/import/apply", r.pages.ImportApplyPage)
	pages.GET("/teams/:id/edit", r.pages.EditTeamPage)
	pages.POST("/teams/:id", r.pages.UpdateTeamPage)
	pages.GET("/teams/:id/delete", r.pages.DeleteTeamConfirmPage)
	pages.POST("/teams/:id/delete", r.pages.DeleteTeamPage)
	pages.GET("/teams/:id/riders/new", r.pages.NewRiderPage)
	pages.POST("/riders", r.pages.CreateRiderPage)
	pages.GET("/riders/:id/edit", r.pages.EditRiderPage)
	pages.POST("/riders/:id", r.pages.UpdateRiderPage)
	pages.GET("/riders/:id/delete", r.pages.DeleteRiderConfirmPage)
	pages.POST("/riders/:id/delete", r.pages.DeleteRiderPage)

	root.group("/tours/:id", serving{kept: k.tour}).GET("/sheets", r.pages.SheetsPage)
	root.group("/tours/:id", serving{upload: true, kept: k.tour}).POST("/stages/:n/finish.csv", r.pages.SaveFinishCSVPage)
	wizardRoutes(root, r, k)
	raceRoutes(root, r, k)
	followRoutes(root, r, k)
	accountRoutes(root, r)
	storyRoutes(root, r, k)
	playerRoutes(root, r, k)
	riderRoutes(root, r, k)
	seasonRoutes(root, r)
	auditRoutes(root, r)

	// The director's sign-in (app/auth holds the lock; its middleware guards every route).
	pages.GET("/sign-in", r.accounts.SignInPage)
	pages.POST("/sign-in", r.accounts.SignInFormPage)
	pages.GET("/sign-out", r.accounts.SignOutConfirmPage)
	pages.POST("/sign-out", r.accounts.SignOutPage)

	// JSON API (API.md).
	api := root.group("/api/v1", serving{api: true})
	apiUploads := root.group("/api/v1", serving{api: true, upload: true})
	apiTours := root.group("/api/v1/tours", serving{api: true, kept: k.tours})
	apiTour := root.group("/api/v1/tours/:id", serving{api: true, kept: k.tour})
	apiFinish := root.group("/api/v1/tours/:id", serving{api: true, upload: true, kept: k.tour})
	api.GET("/rulesets", r.api.APIListRulesets)
	api.GET("/rulesets/:id", r.api.APIGetRuleset)
	api.GET("/teams", r.api.APIListTeams)
	api.POST("/teams", r.api.APICreateTeam)
	api.GET("/teams/export.xlsx", r.api.ExportTeamsXLSX)
	api.GET("/teams/export.csv", r.api.ExportTeamsCSV)
	apiUploads.POST("/teams/import", r.api.APIImportTeams)
	api.GET("/teams/:id", r.api.APIGetTeam)
	api.PUT("/teams/:id", r.api.APIUpdateTeam)
	api.DELETE("/teams/:id", r.api.APIDeleteTeam)
	api.GET("/riders", r.api.APIListRiders)
	api.POST("/riders", r.api.APICreateRider)
	api.GET("/riders/:id", r.api.APIGetRider)
	api.PUT("/riders/:id", r.api.APIUpdateRider)
	api.DELETE("/riders/:id", r.api.APIDeleteRider)
	api.POST("/tours/proposal", r.api.APIPropose)
	apiUploads.POST("/tours/import", r.api.APIImportTour)
	apiTours.GET("", r.api.APIListTours)
	apiTours.POST("", r.api.APICreateTour)
	apiTour.GET("", r.api.APIGetTour)
	apiTour.DELETE("", r.api.APIDeleteTour)
	sharedRoutes(root, r, k)
	apiTour.GET("/backup.json", r.api.APIBackup)
	apiTour.GET("/standings", r.api.APIStandings)
	apiTour.GET("/sheets", r.api.APIListSheets)
	apiTour.GET("/sheets/:file", r.api.APISheet)
	api.GET("/tours/:id/stages/:n", r.api.APIGetStage) // not kept: its ETag is the stage's own version
	apiTour.PUT("/stages/:n/sprints/:k", r.api.APISetSprint)
	apiTour.PUT("/stages/:n/climbs/:k", r.api.APISetClimb)
	apiFinish.PUT("/stages/:n/finish", r.api.APISetFinish)
	apiTour.POST("/stages/:n/abandons", r.api.APIAddAbandon)
	apiTour.DELETE("/stages/:n/abandons/:bib", r.api.APIRemoveAbandon)
	apiTour.GET("/stages/:n/advantages", r.api.APIListAdvantages)
	apiTour.POST("/stages/:n/advantages", r.api.APIAddAdvantage)
	apiTour.DELETE("/stages/:n/advantages/:pos", r.api.APIRemoveAdvantage)
	apiTour.PUT("/stages/:n/fatigue", r.api.APISetFatigue)
	apiTour.PUT("/stages/:n/weather", r.api.APISetWeather)
	apiTour.PUT("/stages/:n/combativity", r.api.APISetCombativity)
	apiTour.POST("/stages/:n/lost_turns", r.api.APIAddLostTurn)
	apiTour.POST("/stages/:n/close", r.api.APICloseStage)
	apiTour.POST("/stages/:n/reopen", r.api.APIReopenStage)
	apiTour.POST("/stages/:n/undo", r.api.APIUndo)
	apiTour.GET("/stages/:n/history", r.api.APIHistory)
	root.group("/api/v1", serving{api: true, stream: true}).GET("/follow/:code/events", r.follow.APIFollowEvents)
	api.POST("/session", r.api.APISignIn)
	api.DELETE("/session", r.api.APISignOut)
	realRaceAPIRoutes(apiTour, r)
	api.Any("/*", func(c echo.Context) error { return echo.ErrNotFound })
	return all
}
