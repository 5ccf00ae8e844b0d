package handlers

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/app/story"
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
	// classification); BestRider is a team's best rider in the general classification.
	GC, Points, Mountain, Teams, BestRider string
	StageWins                              []string
	Jerseys                                []string
}

// TeamPalmaresPage is GET /teams/{id}/palmares: the tours the team rode, under the name it raced with.
func (h *Handler) TeamPalmaresPage(c echo.Context) error {
	id, t, err := h.teamOf(c)
	if err != nil {
		return err
	}
	l := h.tr(c)
	apps, err := h.Store.TeamAppearances(h.scope(c), id)
	if err != nil {
		return err
	}
	v := palmaresView{Team: true, Name: t.Name, Color: t.Color, Intro: l.T("story.palmares.intro_team")}
	if v.Rows, err = h.palmaresRows(l, apps, true); err != nil {
		return err
	}
	return h.render(c, http.StatusOK, "palmares", views.Page{Title: l.T("story.palmares.title_team", "Team", t.Name), Section: "teams", Data: v})
}

// RiderPalmaresPage is GET /riders/{id}/palmares: the tours the rider rode, under the name and team he
// raced with.
func (h *Handler) RiderPalmaresPage(c echo.Context) error {
	id, err := idParam(c, "id", "rider")
	if err != nil {
		return err
	}
	r, err := h.Store.GetRider(h.scope(c), id)
	if err != nil {
		return err
	}
	t, err := h.Store.GetTeam(h.scope(c), r.TeamID)
	if err != nil {
		return err
	}
	l := h.tr(c)
	apps, err := h.Store.RiderAppearances(h.scope(c), id)
	if err != nil {
		return err
	}
	v := palmaresView{Name: r.Name, Color: t.Color, TeamName: t.Name, Intro: l.T("story.palmares.intro_rider")}
	if v.Rows, err = h.palmaresRows(l, apps, false); err != nil {
		return err
	}
	return h.render(c, http.StatusOK, "palmares", views.Page{Title: l.T("story.palmares.title_rider", "Rider", r.Name), Section: "teams", Data: v})
}

// palmaresRows reads each tour's standings after its last closed stage for a team's (team) or a
// rider's appearances.
func (h *Handler) palmaresRows(l *i18n.Localizer, apps []store.Appearance, team bool) ([]palmaresRow, error) {
	var out []palmaresRow
	for _, a := range apps {
		st, err := h.Store.LoadRace(a.TourID)
		if err != nil {
			return nil, err
		}
		row := palmaresRow{TourID: a.TourID, Tour: a.Tour, RacedAs: a.Team, GC: "—", Points: "—", Mountain: "—", Teams: "—", BestRider: "—"}
		if !team {
			row.RacedAs = fmt.Sprintf("%d %s · %s", a.Bib, a.Rider, a.Team)
		}
		s, err := tellStory(st)
		if err != nil {
			return nil, err
		}
		if s == nil {
			row.Moment = l.T("story.palmares.not_started")
			out = append(out, row)
			continue
		}
		if st.Closed < len(st.Tour.Stages) {
			row.Moment = l.T("story.palmares.in_progress", "N", st.Closed, "Stages", len(st.Tour.Stages))
		}
		fin := s.Final()
		mine := func(bib, teamID int) bool {
			if team {
				return teamID == a.TeamNumber
			}
			return bib == a.Bib
		}
		rank := func(n int) string {
			if n == 0 {
				return "—"
			}
			return l.T("story.palmares.rank", "Rank", n)
		}
		for _, r := range fin.Teams {
			if r.TeamID == a.TeamNumber {
				row.Teams = rank(r.Rank)
			}
		}
		if team {
			for _, r := range fin.Individual {
				if r.TeamID == a.TeamNumber {
					row.BestRider = fmt.Sprintf("%s (%s)", r.Name, rank(r.Rank))
					break
				}
			}
		} else {
			row.GC, row.Points, row.Mountain = rank(timeRank(fin.Individual, a.Bib)), rank(pointsRank(fin.Regularity, a.Bib)), rank(pointsRank(fin.Mountain, a.Bib))
		}
		for _, w := range s.Awards.StageWinners {
			if mine(w.Bib, w.TeamID) {
				win := l.T("story.table.stage", "N", w.Stage)
				if team {
					win += " · " + w.Name
				}
				row.StageWins = append(row.StageWins, win)
			}
		}
		row.Jerseys = jerseysWorn(l, s, mine)
		out = append(out, row)
	}
	return out, nil
}

// jerseysWorn names each jersey a rider (or a team's riders) wore after some stage, with how many.
func jerseysWorn(l *i18n.Localizer, s *story.Story, mine func(bib, teamID int) bool) []string {
	var out []string
	for _, strip := range s.Jerseys {
		days := 0
		for _, hd := range strip.Holders {
			if hd.Bib != 0 && mine(hd.Bib, hd.TeamID) {
				days++
			}
		}
		if days > 0 {
			out = append(out, l.T("story.palmares.jersey_days", "Jersey", strings.TrimSpace(strip.Jersey.NameIn(l.Lang())), "Days", l.N("story.days", days)))
		}
	}
	return out
}

// timeRank is a bib's rank in a time classification (0: not in it).
func timeRank(rows []race.TimeRow, bib int) int {
	for _, r := range rows {
		if r.Bib == bib {
			return r.Rank
		}
	}
	return 0
}

// pointsRank is a bib's rank in a points classification (0: not in it).
func pointsRank(rows []race.PointsRow, bib int) int {
	for _, r := range rows {
		if r.Bib == bib {
			return r.Rank
		}
	}
	return 0
}
