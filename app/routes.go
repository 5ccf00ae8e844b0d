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
	api.Any("/*", func(c echo.Context) error { return echo.ErrNotFound })
}
