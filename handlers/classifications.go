package handlers

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
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
	Leaders []leaderView
	Tables  []classTable
	// Field counts the riders of the stage in words; Out lists the riders out of the race.
	Field string
	Out   []outLine
	// Jury lists the jury's penalties and the combativity awards so far, in words.
	Jury []juryLine
	// Publication says how these classifications are published (real races), Provisional links to the
	// provisional ones after the open stage when it has a finish.
	Publication *pubView
	Provisional string
}

// leaderView is the leader of one classification with his jersey.
type leaderView struct {
	// Icon draws the jersey (an SVG, dotted for the polka-dot jersey).
	Icon                       template.HTML
	Class, Jersey, JerseyColor string
	Bib                        int
	Rider, Team, TeamColor     string
}

// classTable is one classification.
type classTable struct {
	ID, Title, Jersey, JerseyColor string
	// Kind is "time", "points", "team" or "manager".
	Kind  string
	Unit  string
	Rows  []classRow
	Empty string
	// Bonuses says some line includes bonus time (shown in its own column).
	Bonuses bool
}

// classRow is one line of a classification.
type classRow struct {
	Rank, Bib                     int
	Name, Team, Color, Value, Gap string
	Bonus                         string
}

// afterParam reads ?after=n (0 when absent); a bad value is a validation error.
func afterParam(c echo.Context) (int, error) {
	v := c.QueryParam("after")
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, race.Invalid("after", "must be a stage number")
	}
	return n, nil
}

// standingsFor computes the standings after ?after=n for a page; a bad after falls back to the last
// closed stage with a message in the reader's language. It answers nil standings when no stage is
// closed yet.
func (h *Handler) standingsFor(c echo.Context, st *store.RaceState) (*race.Standings, int, string, error) {
	if st.Closed == 0 {
		return nil, 0, "", nil
	}
	l := h.tr(c)
	after, err := afterParam(c)
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
	id, st, err := h.loadTour(c)
	if err != nil {
		return err
	}
	if c.QueryParam("provisional") != "" {
		return h.provisionalClassifications(c, id, st)
	}
	l := h.tr(c)
	s, after, msg, err := h.standingsFor(c, st)
	if err != nil {
		return err
	}
	scr := classScreen{afterChoice: newAfterChoice(id, st, after, "classifications")}
	if err := h.publicationOf(l, &scr, st, after); err != nil {
		return err
	}
	title := l.T("standings.title.classifications", "Tour", st.Tour.Name)
	if s != nil {
		title = l.T("standings.title.classifications_after", "N", after, "Tour", st.Tour.Name)
		scr.Leaders = leadersOf(l, st, s)
		scr.Tables = classTables(l, st, s)
		scr.Field, scr.Out, scr.Jury = fieldWordsIn(l, s), outLinesIn(l, st, s), juryLinesIn(l, st, s)
	}
	status := http.StatusOK
	if msg != "" {
		status = http.StatusUnprocessableEntity
	}
	return h.render(c, status, "classifications", views.Page{Title: title, Section: "tours", Error: msg,
		TourNav: h.tourNav(st, "classifications", 0), Data: scr})
}

// leadersOf names the leader of each classification with his jersey.
func leadersOf(l *i18n.Localizer, st *store.RaceState, s *race.Standings) []leaderView {
	rs := &st.Tour.Ruleset
	var out []leaderView
	for _, id := range []string{race.ClassIndividual, race.ClassYouth, race.ClassRegularity, race.ClassMountain, race.ClassSprints} {
		bib, ok := s.Leaders[id]
		if !ok || !rs.Has(id) {
			continue
		}
		r, _ := st.Tour.RiderByBib(bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		j := rs.Jerseys[id]
		out = append(out, leaderView{Icon: jerseyIcon(id, j), Class: classNameIn(l, id), Jersey: j.NameIn(l.Lang()), JerseyColor: j.Color, Bib: bib, Rider: r.Name, Team: t.Name, TeamColor: t.Color})
	}
	return out
}

// classTables lays out each classification the ruleset has.
func classTables(l *i18n.Localizer, st *store.RaceState, s *race.Standings) []classTable {
	rs := &st.Tour.Ruleset
	unit := unitIn(l, rs)
	var out []classTable
	timeTable := func(id, title string, rows []race.TimeRow) classTable {
		t := classTable{ID: id, Title: title, Kind: "time", Unit: unit, Empty: l.T("standings.empty.time")}
		for _, r := range rows {
			row := classRow{Rank: r.Rank, Bib: r.Bib, Name: r.Name, Team: r.Team, Color: r.TeamColor, Value: timeText(rs, r.Time), Gap: gapText(rs, r.Gap)}
			if r.Bonus > 0 {
				row.Bonus, t.Bonuses = "−"+timeText(rs, r.Bonus), true
			}
			t.Rows = append(t.Rows, row)
		}
		return t
	}
	pointsTable := func(id string, rows []race.PointsRow) classTable {
		t := classTable{ID: id, Title: classNameIn(l, id), Kind: "points", Unit: l.T("standings.unit.points"), Empty: l.T("standings.empty.points")}
		for _, r := range rows {
			gap := "—"
			if len(rows) > 0 && rows[0].Points != r.Points {
				gap = "−" + strconv.Itoa(rows[0].Points-r.Points)
			}
			t.Rows = append(t.Rows, classRow{Rank: r.Rank, Bib: r.Bib, Name: r.Name, Team: r.Team, Color: r.TeamColor, Value: strconv.Itoa(r.Points), Gap: gap})
		}
		return t
	}
	teamTable := func(id, title string, rows []race.TeamRow) classTable {
		t := classTable{ID: id, Title: title, Kind: "team", Unit: unit, Empty: l.T("standings.empty.team")}
		for _, r := range rows {
			t.Rows = append(t.Rows, classRow{Rank: r.Rank, Name: r.Team, Color: r.TeamColor, Value: timeText(rs, r.Time), Gap: gapText(rs, r.Gap)})
		}
		return t
	}
	out = append(out, timeTable("stage", l.T("standings.stage_n", "N", s.AfterStage), s.Stage))
	if rs.Has(race.ClassIndividual) {
		out = append(out, timeTable(race.ClassIndividual, classNameIn(l, race.ClassIndividual), s.Individual))
	}
	if rs.Has(race.ClassYouth) {
		t := timeTable(race.ClassYouth, classNameIn(l, race.ClassYouth), s.Youth)
		t.Empty = youthEmpty(l, st.Tour.Settings)
		out = append(out, t)
	}
	if rs.Has(race.ClassRegularity) {
		out = append(out, pointsTable(race.ClassRegularity, s.Regularity))
	}
	if rs.Has(race.ClassMountain) {
		out = append(out, pointsTable(race.ClassMountain, s.Mountain))
	}
	if rs.Has(race.ClassSprints) {
		out = append(out, pointsTable(race.ClassSprints, s.Sprints))
	}
	if rs.Has(race.ClassTeams) {
		out = append(out, teamTable(race.ClassTeams, classNameIn(l, race.ClassTeams), s.Teams))
		out = append(out, teamTable("daily-teams", l.T("standings.daily_teams", "N", s.AfterStage), s.DailyTeams))
	}
	for i := range out {
		if j, ok := rs.Jerseys[out[i].ID]; ok {
			out[i].Jersey, out[i].JerseyColor = j.NameIn(l.Lang()), j.Color
		}
	}
	return out
}

// jerseyIcon draws a leader's jersey as an inline SVG in its colour (SVG attributes, not styles: the
// CSP forbids inline styles); a polka-dot jersey is white with dots of its colour.
func jerseyIcon(id string, j race.Jersey) template.HTML {
	color := j.Color
	if !race.IsColor(color) {
		color = "#999999"
	}
	dotted := j.Dotted() // the ruleset's pattern, not the jersey's name
	const shirt = "M8 3 4 5 2 9.5 5 11 6 9.5V21h12V9.5l1 1.5 3-1.5L20 5l-4-2c-.9 1.4-2.3 2.2-4 2.2S8.9 4.4 8 3z"
	fill := color
	dots := ""
	if dotted {
		fill = "#ffffff"
		clip := "jersey-clip-" + id
		dots = fmt.Sprintf(`<clipPath id="%s"><path d="%s"/></clipPath><g clip-path="url(#%s)" fill="%s">`, clip, shirt, clip, color)
		for _, c := range [][2]float64{{5, 10}, {9, 7}, {12, 11}, {15, 7}, {19, 10}, {9, 15}, {15, 15}, {12, 19}, {7, 20}, {17, 20}} {
			dots += fmt.Sprintf(`<circle cx="%g" cy="%g" r="1.4"/>`, c[0], c[1])
		}
		dots += "</g>"
	}
	return template.HTML(fmt.Sprintf(`<svg class="jersey" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true"><path d="%s" fill="%s" stroke="#1b1f24" stroke-width=".8" stroke-linejoin="round"/>%s</svg>`, shirt, fill, dots))
}

// youthEmpty says why the young riders' classification has nobody: no cut-off, or nobody born on or
// after it (a rider's date of birth is on his team's page).
func youthEmpty(l *i18n.Localizer, s race.TourSettings) string {
	if s.YouthBornFrom == "" {
		return l.T("standings.empty.youth_no_cutoff")
	}
	return l.T("standings.empty.youth", "Date", dateIn(l, s.YouthBornFrom))
}

// dateText writes a date (2001-01-01) in words: 1 January 2001; a date it cannot read is shown as it is.
func dateText(s string) string {
	d, err := race.ParseDate(s)
	if err != nil {
		return s
	}
	return d.Format("2 January 2006")
}
