package standing

import (
	"strconv"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// LeaderView is the leader of one classification with his jersey.
type LeaderView struct {
	// Icon draws the jersey (an SVG, dotted for the polka-dot jersey).
	Icon                       Icon
	Class, Jersey, JerseyColor string
	Bib                        int
	Rider, Team, TeamColor     string
	// Href and TeamHref are the rider's and the team's pages ("": none; Names.Leaders).
	Href, TeamHref string
}

// ClassTable is one classification.
type ClassTable struct {
	ID, Title, Jersey, JerseyColor string
	// Kind is "time", "points", "team" or "manager".
	Kind  string
	Unit  string
	Rows  []ClassRow
	Empty string
	// Bonuses says some line includes bonus time (shown in its own column); Moves that some line
	// says how it moved since the stage before (the general classification after stage 2 on).
	Bonuses bool
	Moves   bool
}

// ClassRow is one line of a classification.
type ClassRow struct {
	Rank, Bib                     int
	Name, Team, Color, Value, Gap string
	Bonus                         string
	// Move is the places moved since the stage before (the general classification only).
	Move Move
	// Href is the page of the rider (the team, in a table of teams), TeamHref his team's ("": none;
	// Names.Rows).
	Href, TeamHref string
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
		out = append(out, LeaderView{Icon: JerseyIcon(d.ID, j), Class: base.ClassNameOf(l, &st.Tour.Ruleset, d.ID), Jersey: j.NameIn(l.Lang()), JerseyColor: j.Color, Bib: bib, Rider: r.Name, Team: t.Name, TeamColor: t.Color})
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
			row := ClassRow{Rank: r.Rank, Bib: r.Bib, Name: r.Name, Team: r.Team, Color: r.TeamColor, Value: base.TimeText(rs, r.Time), Gap: base.GapText(rs, r.Gap), Move: MoveOf(l, r.Moved)}
			t.Moves = t.Moves || row.Move.Dir != ""
			if r.Bonus > 0 {
				row.Bonus, t.Bonuses = "−"+base.TimeText(rs, r.Bonus), true
			}
			t.Rows = append(t.Rows, row)
		}
		return t
	}
	pointsTable := func(d race.Classification, rows []race.PointsRow) ClassTable {
		t := ClassTable{ID: d.ID, Title: base.ClassNameOf(l, &st.Tour.Ruleset, d.ID), Kind: "points", Unit: l.T("standings.unit.points"), Empty: l.T("standings.empty.points")}
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
			t := timeTable(d.ID, base.ClassNameOf(l, &st.Tour.Ruleset, d.ID), d.TimeRows(s))
			if d.ID == race.ClassYouth {
				t.Empty = youthEmpty(l, st.Tour.Settings)
			}
			out = append(out, t)
		case d.Rows == race.RowsPoints || d.Rows == race.RowsPlaces:
			out = append(out, pointsTable(d, d.PointsRows(s)))
		case d.Rows == race.RowsTeam:
			out = append(out, teamTable(d.ID, base.ClassNameOf(l, &st.Tour.Ruleset, d.ID), d.TeamRows(s)))
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
