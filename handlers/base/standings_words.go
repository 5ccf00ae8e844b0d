package base

import (
	"fmt"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/sheets"
	"racedirector/app/store"
)

// The words of the standings, follow and TV pages in the reader's language (data/i18n/standings.*):
// classification names, units, counts, a stage's course and the jury's lines.

// ClassNameIn names a classification in l's language ("Individual", "General individual", "Generale").
func ClassNameIn(l *i18n.Localizer, id string) string { return sheets.ClassNameIn(l, id) }

// ClassNameOf names a classification as the game calls it, else as ClassNameIn does: a real race's
// "General classification".
func ClassNameOf(l *i18n.Localizer, rs *race.Ruleset, id string) string {
	return sheets.ClassNameOf(l, rs, id)
}

// UnitIn heads a time column in the ruleset's unit: "Time" or "Turns".
func UnitIn(l *i18n.Localizer, rs *race.Ruleset) string {
	if rs.TimeUnit == "turns" {
		return l.T("standings.unit.turns")
	}
	return l.T("standings.unit.time")
}

// FactsIn counts a stage's climbs and sprints: "3 climbs · 5 sprints".
func FactsIn(l *i18n.Localizer, climbs, sprints int) string {
	return l.N("standings.count.climbs", climbs) + " · " + l.N("standings.count.sprints", sprints)
}

// PointsIn is a number of points with its word: "1 point", "12 puntos".
func PointsIn(l *i18n.Localizer, n int) string { return l.N("standings.count.points", n) }

// ValueWordsIn is a points or places classification's value with its word: "12 points", "9 places".
func ValueWordsIn(l *i18n.Localizer, d race.Classification, n int) string {
	rows := d.Rows
	if rows != race.RowsPlaces {
		rows = race.RowsPoints
	}
	return sheets.ValueIn(l, nil, rows, n)
}

// OrdinalIn writes a rank: "2nd", "2.º", "2º".
func OrdinalIn(l *i18n.Localizer, n int) string { return sheets.OrdinalIn(l, n) }

// TimeWordsIn writes a time with its unit where a bare number would not say it: "27 turns", "1:17".
func TimeWordsIn(l *i18n.Localizer, rs *race.Ruleset, v int) string {
	if rs.TimeUnit == "turns" {
		return l.N("standings.count.turns", v)
	}
	return TimeText(rs, v)
}

// DateIn writes a date (2001-01-01) in words in l's language; a date it cannot read is shown as it is.
func DateIn(l *i18n.Localizer, s string) string {
	d, err := race.ParseDate(s)
	if err != nil {
		return s
	}
	return l.Date(d)
}

// statusIn names how a rider left the race: "did not finish", "fuera de control".
func statusIn(l *i18n.Localizer, status string) string {
	switch status {
	case race.StatusDNS, race.StatusOTL, race.StatusDSQ, race.StatusRetired:
		return l.T("standings.status." + strings.ToLower(status))
	}
	return l.T("standings.status.dnf")
}

// FieldWordsIn counts the field of the standings' stage in words: "Stage 3: 140 starters, 136
// finishers, 2 did not finish, 1 outside the time limit."
func FieldWordsIn(l *i18n.Localizer, s *race.Standings) string {
	f := s.Field
	parts := []string{l.N("standings.field.starters", f.Starters), l.N("standings.field.finishers", f.Finishers)}
	for _, c := range []struct {
		n   int
		key string
	}{{f.DNF, "dnf"}, {f.OTL, "otl"}, {f.DSQ, "dsq"}, {f.DNS, "dns"}, {f.Retired, "retired"}} {
		if c.n > 0 {
			parts = append(parts, l.N("standings.field."+c.key, c.n))
		}
	}
	return l.T("standings.field.line", "N", s.AfterStage, "Parts", strings.Join(parts, ", "))
}

// OutLinesIn lists the riders out of the race after the standings' stage, with how and when they left.
func OutLinesIn(l *i18n.Localizer, st *store.RaceState, s *race.Standings) []OutLine {
	var out []OutLine
	for _, o := range s.Out {
		line := OutLine{Stage: o.Stage, Bib: o.Bib, Name: o.Name, Team: o.Team, Color: o.TeamColor, Status: o.Status, Words: statusIn(l, o.Status), Reason: OutReasonIn(l, o)}
		if o.HasTime {
			line.Time = TimeText(&st.Tour.Ruleset, o.Time)
		}
		out = append(out, line)
	}
	return out
}

// OutReasonIn is why a rider left the race, in l's language when the engine says it (a fatigue
// retirement: "fatica 26, oltre 25"), else as it was entered.
func OutReasonIn(l *i18n.Localizer, o race.OutRow) string {
	if o.Status == race.StatusRetired {
		return l.T("out.reason.fatigue", "Fatigue", o.Fatigue, "Limit", o.FatigueLimit)
	}
	return l.Say(o.ReasonSaid())
}

// JuryLinesIn lists the penalties, each stage's most combative rider and the tour's, after the
// standings' stage.
func JuryLinesIn(l *i18n.Localizer, st *store.RaceState, s *race.Standings) []JuryLine {
	if !st.Tour.Ruleset.OfficialResults {
		return nil
	}
	var out []JuryLine
	name := func(bib int) string {
		r, _ := st.Tour.RiderByBib(bib)
		return fmt.Sprintf("%d %s", bib, r.Name)
	}
	for _, p := range s.Penalties {
		who := p.Team
		if p.Bib != 0 {
			who = name(p.Bib)
		}
		out = append(out, JuryLine{Stage: strconv.Itoa(p.Stage), What: l.T("standings.jury.penalty", "What", penaltyIn(l, p)), Who: who, Why: l.Say(p.ReasonSaid())})
	}
	for _, c := range s.Combativity {
		out = append(out, JuryLine{Stage: strconv.Itoa(c.Stage), What: l.T("standings.jury.combative_stage"), Who: name(c.Bib)})
	}
	if s.MostCombative != 0 {
		out = append(out, JuryLine{Stage: l.T("standings.jury.tour"), What: l.T("standings.jury.combative_tour"), Who: name(s.MostCombative)})
	}
	return out
}

// penaltyIn says what a penalty takes: "20 s, 10 points, 2 mountain points".
func penaltyIn(l *i18n.Localizer, p race.PenaltyRow) string {
	var parts []string
	if p.Seconds > 0 {
		parts = append(parts, fmt.Sprintf("%d s", p.Seconds))
	}
	if p.Points > 0 {
		parts = append(parts, PointsIn(l, p.Points))
	}
	if p.Mountain > 0 {
		parts = append(parts, l.N("standings.count.mountain_points", p.Mountain))
	}
	return strings.Join(parts, ", ")
}

// OutLine is one rider out of the race on the classifications page.
type OutLine struct {
	Stage, Bib                               int
	Name, Team, Color, Status, Words, Reason string
	// Time is his time in the stage he left, when he crossed the line ("" otherwise).
	Time string
	// Href and TeamHref are the rider's and his team's pages ("": none).
	Href, TeamHref string
}

// JuryLine is one of the jury's decisions on the classifications page.
type JuryLine struct {
	Stage          string
	What, Who, Why string
}
