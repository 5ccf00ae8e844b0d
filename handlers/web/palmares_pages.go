package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/store"
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
	// Seasons are a rider's seasons, with his rank and points in each.
	Seasons []palmaresSeason
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
	if v.Seasons, err = h.riderSeasons(c, r.ID, apps); err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, "palmares", views.Page{Title: l.T("story.palmares.title_rider", "Rider", r.Name), Section: "teams", Data: v})
}

// palmaresSeason is a rider's line in one season of the tours he rode.
type palmaresSeason struct {
	ID          uint
	Name        string
	Rank        int
	Points      int
	Provisional bool
}

// riderSeasons are the seasons of the rider's tours with his rank and points in each, as the engine
// ranks them (race.Season); a season he scored nothing in has no line.
func (h *Handler) riderSeasons(c echo.Context, riderID uint, apps []store.Appearance) ([]palmaresSeason, error) {
	ids := make([]uint, len(apps))
	for i, a := range apps {
		ids[i] = a.TourID
	}
	seasons, err := h.StoreFor(c).SeasonsOfTours(h.Scope(c), ids)
	if err != nil {
		return nil, err
	}
	var out []palmaresSeason
	for _, s := range seasons {
		_, st, err := h.StoreFor(c).SeasonStandings(s)
		if err != nil {
			return nil, err
		}
		for _, r := range st.Riders {
			if r.DatabaseID == riderID && r.Key != "" && r.Key[0] == 'r' {
				out = append(out, palmaresSeason{ID: s.ID, Name: s.Name, Rank: r.Rank, Points: r.Points, Provisional: r.Provisional})
				break
			}
		}
	}
	return out, nil
}
