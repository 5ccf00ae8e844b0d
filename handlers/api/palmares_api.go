package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/handlers/base"
)

// teamPalmaresJSON is GET /api/v1/teams/{id}/palmares.
type teamPalmaresJSON struct {
	Team  palmaresTeam        `json:"team"`
	Tours []base.PalmaresTour `json:"tours"`
	// Seasons are the seasons of its tours with its place in each one's teams' table.
	Seasons []base.PalmaresSeason `json:"seasons"`
}

// palmaresTeam is a database team as it is today.
type palmaresTeam struct {
	ID    uint   `json:"id"`
	Name  string `json:"name"`
	Short string `json:"short"`
	Color string `json:"color"`
}

// riderPalmaresJSON is GET /api/v1/riders/{id}/palmares.
type riderPalmaresJSON struct {
	Rider palmaresRider       `json:"rider"`
	Tours []base.PalmaresTour `json:"tours"`
	// Seasons are the seasons of his tours with his place in each one's riders' table.
	Seasons []base.PalmaresSeason `json:"seasons"`
}

// palmaresRider is a database rider as he is today, with his team.
type palmaresRider struct {
	ID     uint   `json:"id"`
	Name   string `json:"name"`
	TeamID uint   `json:"team_id"`
	Team   string `json:"team"`
}

// APITeamPalmares is GET /api/v1/teams/{id}/palmares: the tours the team rode, under the name it
// raced with, oldest first.
func (h *Handler) APITeamPalmares(c echo.Context) error {
	id, t, err := h.TeamOf(c)
	if err != nil {
		return err
	}
	apps, err := h.StoreFor(c).TeamAppearances(h.Scope(c), id)
	if err != nil {
		return err
	}
	tours, err := h.PalmaresFacts(c, apps, true)
	if err != nil {
		return err
	}
	table, key := base.TeamSeasonKey(id)
	seasons, err := h.PalmaresSeasons(c, apps, table, key)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, teamPalmaresJSON{Team: palmaresTeam{ID: t.ID, Name: t.Name, Short: t.Short, Color: t.Color}, Tours: tours, Seasons: seasons})
}

// APIRiderPalmares is GET /api/v1/riders/{id}/palmares: the tours the rider rode, under the name, bib
// and team he raced with, oldest first.
func (h *Handler) APIRiderPalmares(c echo.Context) error {
	r, t, err := h.RiderAndTeam(c)
	if err != nil {
		return err
	}
	apps, err := h.StoreFor(c).RiderAppearances(h.Scope(c), r.ID)
	if err != nil {
		return err
	}
	tours, err := h.PalmaresFacts(c, apps, false)
	if err != nil {
		return err
	}
	table, key := base.RiderSeasonKey(r.ID)
	seasons, err := h.PalmaresSeasons(c, apps, table, key)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, riderPalmaresJSON{Rider: palmaresRider{ID: r.ID, Name: r.Name, TeamID: t.ID, Team: t.Name}, Tours: tours, Seasons: seasons})
}
