package sheets

import (
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/story"
	"racedirector/app/story/chart"
)

// The tour summary's workbook: the awards and the data of the story's charts as tables a
// spreadsheet sorts and sums, each under its heading: ranks, points and stage numbers as numbers,
// times as durations, gaps as durations shown with their "+", the time won and lost stage by stage
// as signed seconds (or turns), a spreadsheet showing no negative duration.

// awardTables are the awards as the workbook's tables: each podium, the special awards, the stage
// winners and the riders who left the race.
func (s *source) awardTables(st *story.Story) []block {
	a := st.Awards
	var out []block
	for _, p := range a.Podiums {
		out = append(out, block{table: s.podiumTable(p), xlsxOnly: true})
	}
	if t := s.specialsTable(st); len(t.rows) > 0 {
		out = append(out, block{table: t, xlsxOnly: true})
	}
	if len(a.StageWinners) > 0 {
		t := &table{title: s.l.T("story.award.stage_winners"), cols: append([]column{keyCol(s.w("col.stage"), 12, "R")},
			append(s.riderCols(""), col(s.w("col.time"), 22, "R"))...)}
		for _, w := range a.StageWinners {
			t.rows = append(t.rows, tableRow{cells: []cell{intCell(w.Stage), intCell(w.Bib), textCell(w.Name),
				teamCell(w.Team, s.rowColor(w.TeamID, w.TeamColor)), timeCell(s.unit(), w.Time)}})
		}
		out = append(out, block{table: t, xlsxOnly: true})
	}
	if n := len(st.After); n > 0 && len(st.After[n-1].Out) > 0 {
		t := &table{title: s.l.T("story.award.out"), cols: append([]column{keyCol(s.w("col.stage"), 12, "R")},
			append(s.riderCols(""), col(s.w("col.status"), 20, "L"), flexCol(s.w("col.reason"), 50, false))...)}
		for _, o := range st.After[n-1].Out {
			status, why := s.outHow(o)
			t.rows = append(t.rows, tableRow{cells: []cell{intCell(o.Stage), intCell(o.Bib), textCell(o.Name),
				teamCell(o.Team, s.rowColor(o.TeamID, o.TeamColor)), textCell(status), textCell(why)}})
		}
		out = append(out, block{table: t, xlsxOnly: true})
	}
	return out
}

// podiumHeading names a podium: its classification and its jersey.
func podiumHeading(l *i18n.Localizer, p story.Podium) string {
	h := l.T("story.class." + p.Class)
	if p.Jersey != nil {
		h += " · " + p.Jersey.NameIn(l.Lang())
	}
	return h
}

// podiumTable is a podium under its heading: rank, rider and team (or the team alone), then the
// points, the sum of places, or the time and the gap.
func (s *source) podiumTable(p story.Podium) *table {
	teams := len(p.Places) > 0 && p.Places[0].Bib == 0
	cols := s.riderCols(s.w("col.rank"))
	if teams {
		cols = []column{keyCol(s.w("col.rank"), 11, "R"), flexCol(s.w("col.team"), 40, true)}
	}
	switch {
	case p.ByPoints:
		cols = append(cols, col(s.w("col.points"), 18, "R"))
	case p.ByPlaces:
		cols = append(cols, col(s.w("col.places"), 18, "R"))
	default:
		cols = append(cols, col(s.w("col.time"), 24, "R"), col(s.w("col.gap"), 22, "R"))
	}
	t := &table{title: podiumHeading(s.l, p), cols: cols}
	for _, pl := range p.Places {
		cells := []cell{intCell(pl.Rank), intCell(pl.Bib), textCell(pl.Name), teamCell(pl.Team, s.rowColor(pl.TeamID, pl.TeamColor))}
		if teams {
			cells = []cell{intCell(pl.Rank), teamCell(pl.Team, s.rowColor(pl.TeamID, pl.TeamColor))}
		}
		if p.ByPoints || p.ByPlaces {
			cells = append(cells, intCell(pl.Value))
		} else {
			cells = append(cells, timeCell(s.unit(), pl.Value), gapCell(s.unit(), pl.Gap))
		}
		t.rows = append(t.rows, tableRow{strong: pl.Rank == 1, cells: cells})
	}
	return t
}

// specialsTable is the special awards: the award, who won it (a rider and his team, or a team) and
// what for, as the summary's page says it; the best team's time a duration.
func (s *source) specialsTable(st *story.Story) *table {
	t := &table{title: s.l.T("story.summary.specials"), cols: []column{flexCol(s.w("col.award"), 44, true),
		flexCol(s.w("col.rider_or_team"), 40, false), flexCol(s.w("col.team"), 30, false), flexCol(s.w("col.award_detail"), 60, false)}}
	for _, sp := range specialAwards(s.l, s.rs, st) {
		team, detail := teamCell(sp.who.Team, s.rowColor(sp.who.TeamID, sp.who.TeamColor)), textCell(sp.detail)
		if sp.who.Bib == 0 { // a team's award
			team = emptyCell()
		}
		if sp.timed {
			detail = timeCell(s.unit(), sp.time)
		}
		t.rows = append(t.rows, tableRow{cells: []cell{textCell(sp.title), textCell(riderOrTeam(sp.who)), team, detail}})
	}
	return t
}

// specialAward is one special award as the summary says it: its title, who won it and what for
// (timed: for a time, the best team's).
type specialAward struct {
	title, detail string
	who           story.Rider
	time          int
	timed         bool
}

// specialAwards are the story's special awards in the order the summary prints them: the most days
// in the lead, the biggest climber, the lanterne rouge, the most combative, the best team; a rider
// who won one and then left the race is said to have left.
func specialAwards(l *i18n.Localizer, rs *race.Ruleset, st *story.Story) []specialAward {
	a := st.Awards
	var out []specialAward
	add := func(id string, who story.Rider, detail string) {
		out = append(out, specialAward{title: l.T("story.award." + id), who: who, detail: detail})
	}
	left := func(bib int, detail string) string {
		if n := st.LeftIn(bib); n > 0 {
			return detail + " · " + l.T("story.award.left", "Stage", n)
		}
		return detail
	}
	if w := a.MostDaysInLead; w != nil {
		add("most_days", w.Rider, left(w.Bib, l.N("story.days", w.Days)))
	}
	if c := a.Climber; c != nil {
		add("climber", c.Rider, l.T("story.award.climber.detail", "From", c.From, "To", c.To, "Gained", l.N("story.places", c.Gained)))
	}
	if r := a.LanterneRouge; r != nil {
		add("lanterne_rouge", r.Rider, l.T("story.award.lanterne_rouge.detail", "Rank", r.Rank, "Gap", chart.GapIn(l, rs, r.Gap)))
	}
	if c := a.MostCombative; c != nil {
		detail := l.T("story.award.most_combative.named")
		if !c.Named || c.Stages > 0 {
			detail = l.N("story.award.most_combative.stages", c.Stages)
		}
		add("most_combative", c.Rider, left(c.Bib, detail))
	}
	if b := a.BestTeam; b != nil {
		add("best_team", b.Rider, chart.TimeIn(l, rs, b.Value))
		out[len(out)-1].time, out[len(out)-1].timed = b.Value, true
	}
	return out
}

// outHow is how a rider left the race and why, in the sheet's language.
func (s *source) outHow(o race.OutRow) (status, why string) {
	status = s.l.T("standings.status." + strings.ToLower(o.Status))
	if o.Status == race.StatusRetired {
		return status, s.l.T("out.reason.fatigue", "Fatigue", o.Fatigue, "Limit", o.FatigueLimit)
	}
	return status, s.l.Say(o.ReasonSaid())
}

// storyTables are the data of the story's charts as the workbook's tables, each under the chart's
// title and with its column heads, the cells from the story itself: a rider's rank, gap and time
// won or lost after each stage, each jersey's holder, each manager's points and where they come
// from. A cell is empty where the rider was out of the classification.
func (s *source) storyTables(st *story.Story, charts []chart.Chart) []block {
	var out []block
	unit := s.unit()
	for i := range charts {
		c := &charts[i]
		t := &table{title: c.Title}
		if c.Kind == chart.KindSwings { // signed seconds or turns: the title says which
			t.title = s.w("table.in_unit", "Title", c.Title, "Unit", s.w("units."+swingUnit(unit)))
		}
		for k, h := range c.Table.Head {
			if k == 0 {
				t.cols = append(t.cols, flexCol(h, 40, true))
			} else {
				t.cols = append(t.cols, col(h, 22, "R"))
			}
		}
		t.rows = s.storyRows(st, c.Kind)
		out = append(out, block{table: t, xlsxOnly: true})
	}
	return out
}

// storyRows are the rows of a chart's data: a name, then a value per stage (per source of points,
// then the total, for the managers' sources).
func (s *source) storyRows(st *story.Story, kind string) []tableRow {
	unit := s.unit()
	var rows []tableRow
	switch kind {
	case chart.KindGC, chart.KindGaps, chart.KindSwings:
		for _, r := range st.Top {
			cells := []cell{textCell(r.Name)}
			for k, rank := range r.Ranks {
				switch {
				case rank == 0:
					cells = append(cells, emptyCell())
				case kind == chart.KindGC:
					cells = append(cells, intCell(rank))
				case kind == chart.KindGaps:
					cells = append(cells, gapCell(unit, r.Gaps[k]))
				default:
					cells = append(cells, swingCell(unit, r.Deltas[k]))
				}
			}
			rows = append(rows, tableRow{cells: cells})
		}
	case chart.KindJerseys:
		for _, strip := range st.Jerseys {
			cells := []cell{textCell(strip.Jersey.NameIn(s.lang()))}
			for _, h := range strip.Holders {
				cells = append(cells, textCell(h.Name))
			}
			rows = append(rows, tableRow{cells: cells})
		}
	case chart.KindManagers, chart.KindSources:
		for _, m := range st.Managers {
			cells := []cell{teamCell(m.Team, s.rowColor(m.TeamID, m.TeamColor))}
			values := m.Points
			if kind == chart.KindSources {
				values = append(append([]int(nil), m.From...), m.Points[len(m.Points)-1])
			}
			for _, v := range values {
				cells = append(cells, intCell(v))
			}
			rows = append(rows, tableRow{cells: cells})
		}
	}
	return rows
}

// swingUnit is the unit word of the time won and lost in a workbook: turns, or seconds (hundredths
// are written as seconds with two decimals).
func swingUnit(unit string) string {
	if unit == race.UnitTurns {
		return unitWord(race.UnitTurns)
	}
	return unitWord(race.UnitSeconds)
}

// riderOrTeam names the winner of an award: the rider, or the team for a team's (no bib).
func riderOrTeam(r story.Rider) string {
	if r.Bib == 0 {
		return r.Team
	}
	return r.Name
}
