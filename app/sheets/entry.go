package sheets

import (
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// portraitWidth and landscapeWidth are the printable widths of an A4 page, in mm.
const (
	portraitWidth  = 190.0
	landscapeWidth = 277.0
)

// entrySheet is the blank entry sheet of stage n: every starting rider with empty boxes for each
// sprint, each climb, the finish in the ruleset's time model, advantages and abandon; then the
// team boxes for water bottles and the advantages each team has left.
func (s *source) entrySheet(n int) sheetDoc {
	st := s.stage(n)
	doc := sheetDoc{id: SheetEntry, title: s.w("title.entry"), subtitle: s.stageLine(n), short: s.w("tab.entry", "N", n)}
	doc.blocks = append(doc.blocks, block{lines: s.entryLegend(st)})
	riders := s.entryTable(n, st)
	doc.landscape = tableWidth(riders.cols) > portraitWidth
	doc.blocks = append(doc.blocks, block{table: riders})
	if t := s.bottleTable(st); t != nil {
		doc.blocks = append(doc.blocks, block{table: t})
	}
	if t := s.advantageTable(n); t != nil {
		doc.blocks = append(doc.blocks, block{table: t})
	}
	if s.rs.Effort != nil {
		doc.blocks = append(doc.blocks, block{table: s.recordTable()})
	}
	return doc
}

// recordTable has the boxes for what Ciclismo a fondo records once per stage (docs/rules.md §2.6): the
// weather at each of the ruleset's rolls (the start, ⅓, ½ and ¾ of the stage), and the combativity award.
func (s *source) recordTable() *table {
	var cols []column
	var cells []cell
	for _, roll := range s.rs.WeatherRolls {
		cols = append(cols, col(s.l.Say(race.WeatherRollWord(roll)), 30, "C"))
		cells = append(cells, boxCell())
	}
	cols = append(cols, col(s.w("col.most_combative"), 36, "C"))
	return &table{title: s.w("table.weather"), tall: true, spread: true, cols: cols, rows: []tableRow{{cells: append(cells, boxCell())}}}
}

// entryLegend says what each box column is: "S1 = sprint 1 at km 30".
func (s *source) entryLegend(st race.Stage) []string {
	var parts []string
	for _, sp := range st.Sprints {
		parts = append(parts, s.w("legend.sprint", "Col", s.w("abbr.sprint", "N", sp.Index), "N", sp.Index, "Square", s.squareWord(), "At", sp.At))
	}
	for _, c := range st.Climbs {
		parts = append(parts, s.w("legend.climb", "Col", s.w("abbr.climb", "N", c.Index), "Category", s.categoryName(c.Category),
			"Squares", s.w("squares."+s.squareKey()), "From", c.Start, "To", c.End))
	}
	if len(parts) == 0 {
		return []string{s.w("legend.finish_only", "Help", s.finishHelp())}
	}
	return []string{s.w("legend.order", "Help", s.finishHelp()), strings.Join(parts, " · ")}
}

// finishHelp says what the finish boxes take in the ruleset's time model.
func (s *source) finishHelp() string {
	switch s.rs.TimeModel {
	case race.TimeModelCyclingParty, race.TimeModelTurns, race.TimeModelSectors:
		return s.w("finish_help." + s.rs.TimeModel)
	}
	return s.w("finish_help.time")
}

// finishCols are the finish boxes of the ruleset's time model.
func (s *source) finishCols() []column {
	switch s.rs.TimeModel {
	case race.TimeModelCyclingParty:
		return []column{col(s.w("col.turn"), 11, "C"), col(s.w("col.square.square"), 14, "C"), col(s.w("col.die"), 10, "C")}
	case race.TimeModelTurns:
		return []column{col(s.w("col.turn"), 12, "C")}
	case race.TimeModelSectors:
		return []column{col(s.w("col.sector"), 14, "C")}
	}
	return []column{col(s.w("col.time"), 22, "C")}
}

// entryTable is one row per starting rider with the boxes to fill in.
func (s *source) entryTable(n int, st race.Stage) *table {
	cols := s.riderCols("")
	cols[1].width, cols[2].width = 38, 26
	for _, sp := range st.Sprints {
		cols = append(cols, col(s.w("abbr.sprint", "N", sp.Index), 9, "C"))
	}
	for _, c := range st.Climbs {
		cols = append(cols, col(s.w("abbr.climb", "N", c.Index), 9, "C"))
	}
	cols = append(cols, s.finishCols()...)
	prior := s.prior(n)
	var effort map[int]int
	if s.rs.Effort != nil {
		effort = race.EffortBalance(s.t, prior, race.StageResult{Stage: n})
		cols = append(cols, col(s.w("col.effort_left"), 18, "R"), col(s.w("col.effort_spent"), 20, "C"), col(s.w("col.lost_turns"), 18, "C"))
	}
	if s.rs.Fatigue != nil {
		cols = append(cols, col(s.w("col.fatigue"), 15, "C"))
	}
	if len(s.rs.Advantages) > 0 && s.rs.Effort == nil {
		cols = append(cols, col(s.w("col.other_advantages"), 18, "C"))
	}
	cols = append(cols, col(s.w("col.abandon"), 16, "C"))
	effortLeft := len(cols)
	if s.rs.Effort != nil {
		effortLeft = 3 + len(st.Sprints) + len(st.Climbs) + len(s.finishCols())
	}
	t := &table{title: s.w("table.starters"), cols: cols, tall: true, spread: true, empty: s.w("empty.starters")}
	for _, r := range race.StartingRiders(s.t, prior) {
		cells := []cell{intCell(r.Bib), textCell(r.Name), teamCell(s.teamName(r.TeamID), s.teamColor(r.TeamID))}
		for i := 3; i < len(cols); i++ {
			if i == effortLeft {
				cells = append(cells, intCell(effort[r.Bib]))
				continue
			}
			cells = append(cells, boxCell())
		}
		t.rows = append(t.rows, tableRow{cells: cells})
	}
	return t
}

// teamName is a tour team's name.
func (s *source) teamName(id int) string {
	team, _ := s.t.TeamByID(id)
	return team.Name
}

// bottleTable gives each team its water-bottle boxes (docs/rules.md §1.6), or nil without bottles.
func (s *source) bottleTable(st race.Stage) *table {
	rule, ok := s.rs.AdvantageRule(race.AdvWaterBottle)
	if !ok {
		return nil
	}
	n := rule.PerStage
	if k, ok := rule.PerStageByType[st.Type]; ok {
		n = k
	}
	if n <= 0 {
		return nil
	}
	title := s.w("table.bottles", "N", n)
	if rule.PerRiderPerTurn > 0 && rule.PerTeamPerTurn > 0 {
		title += " " + s.w("table.bottles_limit", "Rider", rule.PerRiderPerTurn, "Team", rule.PerTeamPerTurn)
	}
	t := &table{title: title, cols: []column{flexCol(s.w("col.team"), 40, true)}, tall: true}
	for i := 1; i <= n; i++ {
		t.cols = append(t.cols, col(s.w("col.bottle", "N", i), 24, "C"))
	}
	for _, team := range s.t.Teams {
		cells := []cell{teamCell(team.Name, team.Color)}
		for range n {
			cells = append(cells, boxCell())
		}
		t.rows = append(t.rows, tableRow{cells: cells})
	}
	return t
}

// advantageTable gives each team a row and each advantage a column (water bottles and effort points
// have their own boxes): what the team has left before the stage starts, with room to note each use.
// One row per team keeps the sheet to the teams' count of rows, however many climbs have their own
// double throws.
func (s *source) advantageTable(n int) *table {
	t := &table{title: s.w("table.advantages"), tall: true, spread: true,
		cols: []column{flexCol(s.w("col.team"), 40, true)}}
	allowances := race.Allowances(s.t, s.prior(n), race.StageResult{Stage: n})
	allowed := map[string]bool{} // an advantage no team has in this tour (0 of 0) gets no column
	for _, ta := range allowances {
		for _, it := range ta.Items {
			allowed[it.Name] = allowed[it.Name] || it.Limit > 0
		}
	}
	column := map[string]int{}
	for _, ta := range allowances {
		for _, it := range ta.Items {
			if _, seen := column[it.Name]; seen || !allowed[it.Name] || it.Kind == race.AdvWaterBottle || it.Kind == race.AdvEffort {
				continue
			}
			column[it.Name] = len(t.cols)
			t.cols = append(t.cols, col(s.allowanceName(it), 34, "L"))
		}
	}
	if len(t.cols) == 1 {
		return nil
	}
	for _, ta := range allowances {
		cells := make([]cell, len(t.cols))
		cells[0] = teamCell(ta.Team, s.teamColor(ta.TeamID))
		for i := 1; i < len(cells); i++ {
			cells[i] = emptyCell()
		}
		for _, it := range ta.Items {
			if i, ok := column[it.Name]; ok {
				cells[i] = textCell(s.w("left_of", "Left", it.Left, "Limit", it.Limit))
			}
		}
		t.rows = append(t.rows, tableRow{cells: cells})
	}
	return t
}

// allowanceName names an advantage allowance in the sheet's language: the ruleset's own word for
// the advantage, with its climb for a per-climb allowance.
func (s *source) allowanceName(it race.AllowanceItem) string {
	rule, ok := s.rs.AdvantageRule(it.Kind)
	if !ok || rule.Name == "" {
		return it.Name
	}
	name := rule.NameIn(s.lang())
	if it.Scope == race.ScopeClimb {
		climb := ""
		for _, st := range s.t.Stages {
			for _, c := range st.Climbs {
				if c.Index == it.Climb {
					climb = s.categoryName(c.Category)
					if s.lang() == i18n.English {
						climb = c.Category // the category's id, as the director knows it
					}
				}
			}
		}
		return s.w("allowance_climb", "Name", name, "N", it.Climb, "Category", climb)
	}
	return name
}
