package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/views"
)

// HomePage says what the app does and what is in the database.
func (h *Handler) HomePage(c echo.Context) error {
	teams, err := h.Store.ListTeams(h.scope(c))
	if err != nil {
		return err
	}
	riders := 0
	for _, t := range teams {
		riders += len(t.Riders)
	}
	tours, err := h.Store.CountTours(h.scope(c))
	if err != nil {
		return err
	}
	data := map[string]any{"Rulesets": h.Store.Rulesets(), "Teams": len(teams), "Riders": riders, "Tours": int(tours)}
	current, ok, err := h.Store.LatestTourInProgress(h.scope(c))
	if err != nil {
		return err
	}
	if ok {
		url := stageURL(current.ID, current.Stage)
		if !auth.ViewerOf(c).Director {
			url += "/sheet" // a follower may read the stage, not enter it
		}
		data["Current"] = continueLink{Name: current.Name, Stage: current.Stage, Stages: current.Stages, URL: url}
	}
	return h.render(c, http.StatusOK, "home", views.Page{Title: h.tr(c).T("setup.home.title"), Section: "home", Data: data})
}

// continueLink is the home page's way back into the tour in progress: straight to its open stage.
type continueLink struct {
	Name          string
	Stage, Stages int
	URL           string
}

// Health answers 200 once the database is open and migrated and answers.
func (h *Handler) Health(c echo.Context) error {
	if err := h.Store.Ping(); err != nil {
		return h.healthAway(c, err)
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

// rulesetSummary is one line of GET /rulesets.
type rulesetSummary struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Language is the game's own language; Names the name in the others.
	Language string     `json:"language,omitempty"`
	Names    race.Words `json:"names,omitempty"`
	Default  bool       `json:"default"`
}

// APIListRulesets answers the shipped rulesets.
func (h *Handler) APIListRulesets(c echo.Context) error {
	out := []rulesetSummary{}
	for _, rs := range h.Store.Rulesets() {
		out = append(out, rulesetSummary{ID: rs.ID, Name: rs.Name, Language: rs.Language, Names: rs.Names, Default: rs.Default})
	}
	return c.JSON(http.StatusOK, out)
}

// APIGetRuleset answers one ruleset with all its tables.
func (h *Handler) APIGetRuleset(c echo.Context) error {
	rs, ok := h.Store.Ruleset(c.Param("id"))
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("ruleset %s not found", c.Param("id")))
	}
	return c.JSON(http.StatusOK, rs)
}
