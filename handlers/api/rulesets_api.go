package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

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
