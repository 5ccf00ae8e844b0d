package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
)

// teamManagerBody is what PUT /api/v1/tours/{id}/teams/{team_id} changes of a tour's team: its
// player's name ("" for none).
type teamManagerBody struct {
	Manager *string `json:"manager"`
}

// APISetTeamManager names the player of a tour's team (the tour's copy of the team, by its number in
// the tour) and answers the tour.
func (h *Handler) APISetTeamManager(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	team, err := strconv.Atoi(c.Param("team_id"))
	if err != nil || team < 1 {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("team %q not found", c.Param("team_id")))
	}
	var in teamManagerBody
	if err := DecodeJSON(c, &in); err != nil {
		return err
	}
	if in.Manager == nil {
		return refuse.Invalid("manager", "is required")
	}
	if err := h.StoreFor(c).SetTeamManager(id, team, *in.Manager); err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// playerPalmaresJSON is GET /api/v1/players/{name}/palmares.
type playerPalmaresJSON struct {
	Player palmaresPlayer      `json:"player"`
	Tours  []base.PalmaresTour `json:"tours"`
	// Seasons are the seasons of his tours with his place in each one's managers' table.
	Seasons []base.PalmaresSeason `json:"seasons"`
}

// palmaresPlayer is a player as his palmarès names him.
type palmaresPlayer struct {
	Name string `json:"name"`
}

// APIPlayerPalmares is GET /api/v1/players/{name}/palmares: the tours where a team was the player's
// (the same name whatever the capitals), oldest first, each with the team as raced, its final places
// (the Cycling Party's, the teams'), its stage wins and jerseys.
func (h *Handler) APIPlayerPalmares(c echo.Context) error {
	name, err := base.PlayerParam(c)
	if err != nil {
		return err
	}
	apps, err := h.StoreFor(c).ManagerAppearances(h.Scope(c), name)
	if err != nil {
		return err
	}
	tours, err := h.PalmaresFacts(c, apps, true)
	if err != nil {
		return err
	}
	table, key := base.PlayerSeasonKey(name)
	seasons, err := h.PalmaresSeasons(c, apps, table, key)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, playerPalmaresJSON{Player: palmaresPlayer{Name: name}, Tours: tours, Seasons: seasons})
}
