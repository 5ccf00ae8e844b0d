package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// afterChoice is what a standings page shows of the moment it is at: the tour, the stage it is
// after, whether that is the end, and the "after stage n" selector (its stages and where it goes).
type afterChoice struct {
	TourID  uint
	Tour    string
	After   int
	Closed  int
	Stages  int
	Final   bool
	Options []int
	Action  string
}

// newAfterChoice is the moment of a standings page at path (under the tour) after stage after.
func newAfterChoice(id uint, st *store.RaceState, after int, path string) afterChoice {
	a := afterChoice{TourID: id, Tour: st.Tour.Name, After: after, Closed: st.Closed, Stages: len(st.Tour.Stages),
		Final: after == len(st.Tour.Stages), Action: fmt.Sprintf("/tours/%d/%s", id, path)}
	for i := 1; i <= st.Closed; i++ {
		a.Options = append(a.Options, i)
	}
	return a
}

// classScreen is the classifications page after one stage.
type classScreen struct {
	afterChoice
	Leaders []LeaderView
	Tables  []ClassTable
	// Field counts the riders of the stage in words; Out lists the riders out of the race.
	Field string
	Out   []base.OutLine
	// Jury lists the jury's penalties and the combativity awards so far, in words.
	Jury []base.JuryLine
	// Publication says how these classifications are published (real races), Provisional links to the
	// provisional ones after the open stage when it has a finish.
	Publication *pubView
	Provisional string
	// Combined is the switch of the combined classification (a tour setting, the director's).
	Combined combinedChoice
}

// LeaderView is the leader of one classification with his jersey.
type LeaderView struct {
	// Icon draws the jersey (an SVG, dotted for the polka-dot jersey).
	Icon                       standing.Icon
	Class, Jersey, JerseyColor string
	Bib                        int
	Rider, Team, TeamColor     string
}

// ClassTable is one classification.
type ClassTable struct {
	ID, Title, Jersey, JerseyColor string
	// Kind is "time", "points", "team" or "manager".
	Kind  string
	Unit  string
	Rows  []ClassRow
	Empty string
	// Bonuses says some line includes bonus time (shown in its own column).
	Bonuses bool
}

// ClassRow is one line of a classification.
type ClassRow struct {
	Rank, Bib                     int
	Name, Team, Color, Value, Gap string
	Bonus                         string
}

// standingsFor computes the standings after ?after=n for a page; a bad after falls back to the last
// closed stage with a message in the reader's language. It answers nil standings when no stage is
// closed yet.
func (h *Handler) standingsFor(c echo.Context, st *store.RaceState) (*race.Standings, int, string, error) {
	if st.Closed == 0 {
		return nil, 0, "", nil
	}
	l := h.Tr(c)
	after, err := base.AfterParam(c)
	msg := ""
	switch {
	case err != nil:
		msg = l.T("standings.after_refused", "After", c.QueryParam("after"), "Why", l.T("standings.after_not_number"), "N", st.Closed)
		after = 0
	case after > st.Closed:
		msg = l.T("standings.after_refused", "After", c.QueryParam("after"), "Why", l.T("standings.after_not_closed", "N", st.Closed), "N", st.Closed)
		after = 0
	}
	if after == 0 {
		after = st.Closed
	}
	s, err := st.Standings(after)
	return s, after, msg, err
}

// ClassificationsPage shows every classification after stage n (?after=n, default the last closed).
func (h *Handler) ClassificationsPage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	if c.QueryParam("provisional") != "" {
		return h.provisionalClassifications(c, id, st)
	}
	l := h.Tr(c)
	s, after, msg, err := h.standingsFor(c, st)
	if err != nil {
		return err
	}
	scr := classScreen{afterChoice: newAfterChoice(id, st, after, "classifications"),
		Combined: combinedChoice{Action: fmt.Sprintf("/tours/%d/settings/combined", id), On: st.Tour.Settings.Combined}}
	if err := h.publicationOf(c, l, &scr, st, after); err != nil {
		return err
	}
	title := l.T("standings.title.classifications", "Tour", st.Tour.Name)
	if s != nil {
		title = l.T("standings.title.classifications_after", "N", after, "Tour", st.Tour.Name)
		scr.Leaders = LeadersOf(l, st, s)
		scr.Tables = ClassTables(l, st, s)
		scr.Field, scr.Out, scr.Jury = base.FieldWordsIn(l, s), base.OutLinesIn(l, st, s), base.JuryLinesIn(l, st, s)
	}
	status := http.StatusOK
	if msg != "" {
		status = http.StatusUnprocessableEntity
	}
	return h.Render(c, status, "classifications", views.Page{Title: title, Section: "tours", Error: msg,
		TourNav: h.TourNav(st, "classifications", 0), Data: scr})
}

// leadersOf names the leader of each dressed classification the tour has (race.Classifications)
// with his jersey.
func LeadersOf(l *i18n.Localizer, st *store.RaceState, s *race.Standings) []LeaderView {
	rs := &st.Tour.Ruleset
	var out []LeaderView
	for _, d := range race.Classifications() {
		bib, ok := s.Leaders[d.ID]
		if !d.Dressed || !ok || !rs.Has(d.ID) {
			continue
		}
		r, _ := st.Tour.RiderByBib(bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		j := rs.Jerseys[d.ID]
		out = append(out, LeaderView{Icon: standing.JerseyIcon(d.ID, j), Class: base.ClassNameIn(l, d.ID), Jersey: j.NameIn(l.Lang()), JerseyColor: j.Color, Bib: bib, Rider: r.Name, Team: t.Name, TeamColor: t.Color})
	}
	return out
}

// classTables lays out each classification the tour has, as race.Classifications declares them
// (the managers have their own page).
func ClassTables(l *i18n.Localizer, st *store.RaceState, s *race.Standings) []ClassTable {
	rs := &st.Tour.Ruleset
	unit := base.UnitIn(l, rs)
	var out []ClassTable
	timeTable := func(id, title string, rows []race.TimeRow) ClassTable {
		t := ClassTable{ID: id, Title: title, Kind: "time", Unit: unit, Empty: l.T("standings.empty.time")}
		for _, r := range rows {
			row := ClassRow{Rank: r.Rank, Bib: r.Bib, Name: r.Name, Team: r.Team, Color: r.TeamColor, Value: base.TimeText(rs, r.Time), Gap: base.GapText(rs, r.Gap)}
			if r.Bonus > 0 {
				row.Bonus, t.Bonuses = "−"+base.TimeText(rs, r.Bonus), true
			}
			t.Rows = append(t.Rows, row)
		}
		return t
	}
	pointsTable := func(d race.Classification, rows []race.PointsRow) ClassTable {
		t := ClassTable{ID: d.ID, Title: base.ClassNameIn(l, d.ID), Kind: "points", Unit: l.T("standings.unit.points"), Empty: l.T("standings.empty.points")}
		sign := "−"
		if d.Rows == race.RowsPlaces {
			t.Unit, t.Empty, sign = l.T("standings.unit.places"), l.T("standings.empty.places"), "+"
		}
		for _, r := range rows {
			gap := "—"
			if diff := r.Points - rows[0].Points; diff != 0 {
				gap = sign + strconv.Itoa(max(diff, -diff))
			}
			t.Rows = append(t.Rows, ClassRow{Rank: r.Rank, Bib: r.Bib, Name: r.Name, Team: r.Team, Color: r.TeamColor, Value: strconv.Itoa(r.Points), Gap: gap})
		}
		return t
	}
	teamTable := func(id, title string, rows []race.TeamRow) ClassTable {
		t := ClassTable{ID: id, Title: title, Kind: "team", Unit: unit, Empty: l.T("standings.empty.team")}
		for _, r := range rows {
			t.Rows = append(t.Rows, ClassRow{Rank: r.Rank, Name: r.Team, Color: r.TeamColor, Value: base.TimeText(rs, r.Time), Gap: base.GapText(rs, r.Gap)})
		}
		return t
	}
	for _, d := range race.Classifications() {
		switch {
		case d.ID == race.ClassStage:
			out = append(out, timeTable(d.ID, l.T("standings.stage_n", "N", s.AfterStage), s.Stage))
		case !rs.Has(d.ID):
		case d.Rows == race.RowsTime:
			t := timeTable(d.ID, base.ClassNameIn(l, d.ID), d.TimeRows(s))
			if d.ID == race.ClassYouth {
				t.Empty = youthEmpty(l, st.Tour.Settings)
			}
			out = append(out, t)
		case d.Rows == race.RowsPoints || d.Rows == race.RowsPlaces:
			out = append(out, pointsTable(d, d.PointsRows(s)))
		case d.Rows == race.RowsTeam:
			out = append(out, teamTable(d.ID, base.ClassNameIn(l, d.ID), d.TeamRows(s)))
			out = append(out, teamTable("daily-teams", l.T("standings.daily_teams", "N", s.AfterStage), s.DailyTeams))
		}
	}
	for i := range out {
		if j, ok := rs.Jerseys[out[i].ID]; ok {
			out[i].Jersey, out[i].JerseyColor = j.NameIn(l.Lang()), j.Color
		}
	}
	return out
}

// youthEmpty says why the young riders' classification has nobody: no cut-off, or nobody born on or
// after it (a rider's date of birth is on his team's page).
func youthEmpty(l *i18n.Localizer, s race.TourSettings) string {
	if s.YouthBornFrom == "" {
		return l.T("standings.empty.youth_no_cutoff")
	}
	return l.T("standings.empty.youth", "Date", base.DateIn(l, s.YouthBornFrom))
}
