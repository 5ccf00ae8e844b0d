package follow

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// linkNames leads every rider's and team's name of the follow page to its page in the tour
// (standing.FollowNames): the stage's placings and abandons, the leaders and the classifications.
func linkNames(v *followView, st *store.RaceState) {
	n := standing.FollowNames(&st.Tour, st.FollowCode)
	n.Times(v.Stage.Times)
	n.Times(v.Stage.More)
	n.Abandons(v.Stage.Abandons)
	n.Leaders(v.Class.Leaders)
	for i := range v.Class.Tables {
		n.Rows(v.Class.Tables[i].Kind, v.Class.Tables[i].Rows)
		n.Rows(v.Class.Tables[i].Kind, v.Class.Tables[i].More)
	}
}

// FollowRiderPage is GET /follow/{code}/riders/{bib}: a rider's page for the players, his stages one
// by one and the tours he rode.
func (h *Handler) FollowRiderPage(c echo.Context) error {
	st, done, err := h.followedTour(c)
	if done || err != nil {
		return err
	}
	bib, ok := standing.NumberParam(c, "bib")
	l := h.Tr(c)
	p, found, err := standing.RiderPageOf(l, st, bib, func(int) string { return "" })
	if err != nil {
		return err
	}
	if !ok || !found {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("the tour has no rider with bib %d", bib))
	}
	p.Back = "/follow/" + st.FollowCode
	p.TeamHref = standing.FollowNames(&st.Tour, st.FollowCode).Team(p.Team)
	src, err := h.StoreFor(c).TourSources(st.TourID)
	if err != nil {
		return err
	}
	if rid, linked := src.Riders[bib]; linked {
		apps, err := h.StoreFor(c).RiderAppearances(src.Owner, rid)
		if err != nil {
			return err
		}
		if p.Palmares, err = h.PalmaresRows(c, l, apps, false); err != nil {
			return err
		}
	}
	title := l.T("riders.page.title", "Bib", bib, "Rider", p.Name, "Tour", st.Tour.Name)
	return h.Render(c, http.StatusOK, "tour_rider", views.Page{Title: title, Data: p})
}

// followTeamView is a team's page for the players: its riders in the tour and the tours it rode.
type followTeamView struct {
	Tour, Name, Color, Back string
	Riders                  []followTeamRider
	Palmares                []base.PalmaresRow
}

// followTeamRider is one rider of a team's page: his bib, name and page, and whether he still races.
type followTeamRider struct {
	Bib                int
	Name, Href, Status string
	Out                bool
}

// FollowTeamPage is GET /follow/{code}/teams/{team}: a team's riders in the tour, each leading to
// his page, and the tours the team rode.
func (h *Handler) FollowTeamPage(c echo.Context) error {
	st, done, err := h.followedTour(c)
	if done || err != nil {
		return err
	}
	number, ok := standing.NumberParam(c, "team")
	t, found := st.Tour.TeamByID(number)
	if !ok || !found {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("the tour has no team %d", number))
	}
	l := h.Tr(c)
	v := followTeamView{Tour: st.Tour.Name, Name: t.Name, Color: t.Color, Back: "/follow/" + st.FollowCode}
	out := standing.ExitsBefore(st, len(st.Results)+1)
	for _, r := range t.Riders {
		row := followTeamRider{Bib: r.Bib, Name: r.Name, Href: standing.FollowRiderHref(st.FollowCode, r.Bib), Status: l.T("riders.page.racing")}
		if e, gone := out[r.Bib]; gone {
			row.Out, row.Status = true, views.Sentence(l.T("race.bibs.abandoned_in", "N", e.Stage))
		}
		v.Riders = append(v.Riders, row)
	}
	src, err := h.StoreFor(c).TourSources(st.TourID)
	if err != nil {
		return err
	}
	if tid, linked := src.Teams[number]; linked {
		apps, err := h.StoreFor(c).TeamAppearances(src.Owner, tid)
		if err != nil {
			return err
		}
		if v.Palmares, err = h.PalmaresRows(c, l, apps, true); err != nil {
			return err
		}
	}
	return h.Render(c, http.StatusOK, "tour_team", views.Page{Title: l.T("riders.team.title", "Team", t.Name, "Tour", st.Tour.Name), Data: v})
}
