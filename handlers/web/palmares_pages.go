package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// palmaresView is a database team's or rider's palmarès: the tours they rode, as raced.
type palmaresView struct {
	// Team says it is a team's (its table has the team's columns); Name is the name today.
	Team  bool
	Name  string
	Color string
	// TeamName is a rider's team today.
	TeamName string
	Intro    string
	Rows     []palmaresRow
	// Seasons are a rider's seasons, with his rank and points in each.
	Seasons []palmaresSeason
}

// palmaresRow is one tour of a palmarès.
type palmaresRow struct {
	TourID uint
	Tour   string
	// Moment says the tour is not over ("after stage 3 of 5", "not raced yet"; "" when it is).
	Moment string
	// RacedAs is the name (and, for a rider, bib and team) the tour knew them by.
	RacedAs string
	// GC, Points, Mountain and Teams are the final ranks in words ("—": not ranked, or no such
	// classification); BestRider is a team's best rider in the general classification. For a rider
	// who left the race, GC says how and in which stage ("Abandoned, stage 3"), and Out is set.
	GC, Points, Mountain, Teams, BestRider string
	Out                                    bool
	// CyclingParty is a team's Cycling Party rank and points ("3 · 25 points"; "—": no manager points).
	CyclingParty string
	StageWins    []string
	Jerseys      []string
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
	if v.Rows, err = h.palmaresRows(c, l, apps, true); err != nil {
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
	if v.Rows, err = h.palmaresRows(c, l, apps, false); err != nil {
		return err
	}
	if v.Seasons, err = h.riderSeasons(c, r.ID, apps); err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, "palmares", views.Page{Title: l.T("story.palmares.title_rider", "Rider", r.Name), Section: "teams", Data: v})
}

// palmaresRows words the palmarès facts of a team's (team) or a rider's appearances.
func (h *Handler) palmaresRows(c echo.Context, l *i18n.Localizer, apps []store.Appearance, team bool) ([]palmaresRow, error) {
	facts, err := h.PalmaresFacts(c, apps, team)
	if err != nil {
		return nil, err
	}
	rank := func(n *int) string {
		if n == nil {
			return "—"
		}
		return l.T("story.palmares.rank", "Rank", *n)
	}
	var out []palmaresRow
	for _, p := range facts {
		row := palmaresRow{TourID: p.TourID, Tour: p.Tour, RacedAs: p.RacedAs,
			GC: rank(p.GCRank), Points: rank(p.PointsRank), Mountain: rank(p.MountainRank), Teams: rank(p.TeamsRank), BestRider: "—", CyclingParty: "—"}
		if o := p.Out; o != nil {
			row.GC, row.Out = outIn(l, o), true
		}
		if p.CyclingPartyRank != nil && p.CyclingPartyPoints != nil {
			row.CyclingParty = l.T("palmares.cycling_party", "Rank", rank(p.CyclingPartyRank), "Points", l.N("palmares.points", *p.CyclingPartyPoints))
		}
		if !team {
			row.RacedAs = fmt.Sprintf("%d %s · %s", p.Bib, p.Rider, p.RacedAs)
		}
		switch {
		case p.Closed == 0:
			row.Moment = l.T("story.palmares.not_started")
		case !p.Final:
			row.Moment = l.T("story.palmares.in_progress", "N", p.Closed, "Stages", p.Stages)
		}
		if b := p.BestRider; b != nil {
			row.BestRider = fmt.Sprintf("%s (%s)", b.Name, rank(&b.GCRank))
		}
		for i, n := range p.StageWins {
			win := l.T("story.table.stage", "N", n)
			if team {
				win += " · " + p.StageWinners[i].Name
			}
			row.StageWins = append(row.StageWins, win)
		}
		for _, j := range p.Jerseys {
			row.Jerseys = append(row.Jerseys, l.T("story.palmares.jersey_days", "Jersey", strings.TrimSpace(j.Words.NameIn(l.Lang())), "Days", l.N("story.days", len(j.Stages))))
		}
		out = append(out, row)
	}
	return out, nil
}

// outIn says how and in which stage a rider left the race: "Abandoned, stage 3".
func outIn(l *i18n.Localizer, o *base.PalmaresOut) string {
	key := "palmares.out.dnf"
	switch o.Status {
	case race.StatusOTL:
		key = "palmares.out.otl"
	case race.StatusDSQ:
		key = "palmares.out.dsq"
	case race.StatusDNS:
		key = "palmares.out.dns"
	case race.StatusRetired:
		key = "palmares.out.ret"
	}
	return l.T(key, "N", o.Stage)
}
