package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/handlers/base"
	"racedirector/views"
)

// HomePage says what the app does and what is in the database.
func (h *Handler) HomePage(c echo.Context) error {
	teams, err := h.StoreFor(c).ListTeams(h.Scope(c))
	if err != nil {
		return err
	}
	riders := 0
	for _, t := range teams {
		riders += len(t.Riders)
	}
	tours, err := h.StoreFor(c).CountTours(h.Scope(c))
	if err != nil {
		return err
	}
	data := map[string]any{"Rulesets": h.Store.Rulesets(), "Teams": len(teams), "Riders": riders, "Tours": int(tours)}
	current, ok, err := h.StoreFor(c).LatestTourInProgress(h.Scope(c))
	if err != nil {
		return err
	}
	if ok {
		url := base.StageURL(current.ID, current.Stage)
		if !auth.ViewerOf(c).Changes() {
			url += "/sheet" // a follower may read the stage, not enter it
		}
		data["Current"] = continueLink{Name: current.Name, Stage: current.Stage, Stages: current.Stages, URL: url}
	}
	return h.Render(c, http.StatusOK, "home", views.Page{Title: h.Tr(c).T("setup.home.title"), Section: "home", Data: data})
}

// continueLink is the home page's way back into the tour in progress: straight to its open stage.
type continueLink struct {
	Name          string
	Stage, Stages int
	URL           string
}

// Health answers 200 once the database is open and migrated and answers.
func (h *Handler) Health(c echo.Context) error {
	if err := h.StoreFor(c).Ping(); err != nil {
		return h.HealthAway(c, err)
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}
