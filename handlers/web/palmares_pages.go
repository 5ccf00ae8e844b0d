package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/handlers/base"
	"racedirector/views"
)

// palmaresView is a database team's or rider's palmarès: the tours they rode, as raced.
type palmaresView struct {
	// Team says it is a team's (its table has the team's columns); Name is the name today.
	Team bool
	// Player says it is a player's: the tours where a team was his.
	Player bool
	Name   string
	Color  string
	// TeamName is a rider's team today.
	TeamName string
	Intro    string
	Rows     []base.PalmaresRow
	// Seasons are the seasons of the tours ridden, with the rank and points in each of the rider,
	// the team or the player.
	Seasons []base.PalmaresSeason
}

// TeamPalmaresPage is GET /teams/{id}/palmares: the tours the team rode, under the name it raced with.
func (h *Handler) TeamPalmaresPage(c echo.Context) error {
	id, t, err := h.TeamOf(c)
	if err != nil {
		return err
	}
	l := h.Tr(c)
	apps, err := h.StoreFor(c).TeamAppearances(h.Scope(c), id)
	if err != nil {
		return err
	}
	v := palmaresView{Team: true, Name: t.Name, Color: t.Color, Intro: l.T("story.palmares.intro_team")}
	if v.Rows, err = h.PalmaresRows(c, l, apps, true); err != nil {
		return err
	}
	table, key := base.TeamSeasonKey(id)
	if v.Seasons, err = h.PalmaresSeasons(c, apps, table, key); err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, "palmares", views.Page{Title: l.T("story.palmares.title_team", "Team", t.Name), Section: "teams", Data: v})
}

// RiderPalmaresPage is GET /riders/{id}/palmares: the tours the rider rode, under the name and team he
// raced with.
func (h *Handler) RiderPalmaresPage(c echo.Context) error {
	r, t, err := h.RiderAndTeam(c)
	if err != nil {
		return err
	}
	l := h.Tr(c)
	apps, err := h.StoreFor(c).RiderAppearances(h.Scope(c), r.ID)
	if err != nil {
		return err
	}
	v := palmaresView{Name: r.Name, Color: t.Color, TeamName: t.Name, Intro: l.T("story.palmares.intro_rider")}
	if v.Rows, err = h.PalmaresRows(c, l, apps, false); err != nil {
		return err
	}
	table, key := base.RiderSeasonKey(r.ID)
	if v.Seasons, err = h.PalmaresSeasons(c, apps, table, key); err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, "palmares", views.Page{Title: l.T("story.palmares.title_rider", "Rider", r.Name), Section: "teams", Data: v})
}
