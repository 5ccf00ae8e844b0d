package sheets

import (
	"fmt"
	"strings"

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
	doc := sheetDoc{id: SheetEntry, title: "Entry sheet", subtitle: s.stageLine(n), short: fmt.Sprintf("S%d entry", n)}
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
		doc.blocks = append(doc.blocks, block{table: recordTable()})
	}
	return doc
}

// recordTable has the boxes for what Ciclismo a fondo records once per stage (RULES.md §2.6): the
// weather rolled at the start, ⅓, ½ and ¾ of the stage, and the combativity award.
func recordTable() *table {
	return &table{title: "Weather and combativity", tall: true, spread: true, cols: []column{
		col("Weather at the start", 36, "C"), col("at ⅓", 30, "C"), col("at ½", 30, "C"), col("at ¾", 30, "C"),
		col("Most combative (bib)", 36, "C"),
	}, rows: []tableRow{{cells: []cell{boxCell(), boxCell(), boxCell(), boxCell(), boxCell()}}}}
}

// entryLegend says what each box column is: "S1 = sprint 1 at km 30".
func (s *source) entryLegend(st race.Stage) []string {
	var parts []string
	for _, sp := range st.Sprints {
		parts = append(parts, fmt.Sprintf("S%d = sprint %d at %s %d", sp.Index, sp.Index, s.squareWord(), sp.At))
	}
	for _, c := range st.Climbs {
		parts = append(parts, fmt.Sprintf("C%d = %s, %s %d–%d", c.Index, s.categoryName(c.Category), plural(s.squareWord()), c.Start, c.End))
	}
	if len(parts) == 0 {
		return []string{"Write the finish " + s.finishHelp() + "."}
	}
	return []string{"Write the crossing order (1, 2, 3…) in the sprint and climb boxes; the finish " + s.finishHelp() + ".",
		strings.Join(parts, " · ")}
}

// finishHelp says what the finish boxes take in the ruleset's time model.
func (s *source) finishHelp() string {
	switch s.rs.TimeModel {
	case race.TimeModelCyclingParty:
		return "as turn (0 for the winner's turn), time-indicator square (1–12) and last die (1–6)"
	case race.TimeModelTurns:
		return "as the turn in which the rider crossed the line (the first turn of the stage is 1)"
	case race.TimeModelSectors:
		return "as the rider's sector (0 the group, +1… ahead, −1… behind)"
	}
	return "as the rider's time"
}

// finishCols are the finish boxes of the ruleset's time model.
func (s *source) finishCols() []column {
	switch s.rs.TimeModel {
	case race.TimeModelCyclingParty:
		return []column{col("Turn", 10, "C"), col("Square", 13, "C"), col("Die", 9, "C")}
	case race.TimeModelTurns:
		return []column{col("Turn", 12, "C")}
	case race.TimeModelSectors:
		return []column{col("Sector", 13, "C")}
	}
	return []column{col("Time", 22, "C")}
}

// entryTable is one row per starting rider with the boxes to fill in.
func (s *source) entryTable(n int, st race.Stage) *table {
	cols := riderCols("")
	cols[1].width, cols[2].width = 38, 26
	for _, sp := range st.Sprints {
		cols = append(cols, col(fmt.Sprintf("S%d", sp.Index), 9, "C"))
	}
	for _, c := range st.Climbs {
		cols = append(cols, col(fmt.Sprintf("C%d", c.Index), 9, "C"))
	}
	cols = append(cols, s.finishCols()...)
	prior := s.prior(n)
	var effort map[int]int
	if s.rs.Effort != nil {
		effort = race.EffortBalance(s.t, prior, race.StageResult{Stage: n})
		cols = append(cols, col("Effort left", 16, "R"), col("Effort spent", 18, "C"), col("Lost turns", 16, "C"))
	}
	if s.rs.Fatigue != nil {
		cols = append(cols, col("Fatigue", 15, "C"))
	}
	if len(s.rs.Advantages) > 0 && s.rs.Effort == nil {
		cols = append(cols, col("Other adv.", 18, "C"))
	}
	cols = append(cols, col("Abandon", 16, "C"))
	t := &table{title: "Riders at the start", cols: cols, tall: true, spread: true, empty: "No rider starts this stage."}
	for _, r := range race.StartingRiders(s.t, prior) {
		cells := []cell{intCell(r.Bib), textCell(r.Name), teamCell(s.teamName(r.TeamID), s.teamColor(r.TeamID))}
		for i := 3; i < len(cols); i++ {
			if cols[i].title == "Effort left" {
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

// bottleTable gives each team its water-bottle boxes (RULES.md §1.6), or nil without bottles.
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
	title := fmt.Sprintf("Water bottles: %d per team this stage; write bib and turn", n)
	if rule.PerRiderPerTurn > 0 && rule.PerTeamPerTurn > 0 {
		title += fmt.Sprintf(" (at most %d to one rider and %d per team in a turn)", rule.PerRiderPerTurn, rule.PerTeamPerTurn)
	}
	t := &table{title: title, cols: []column{flexCol("Team", 40, true)}, tall: true}
	for i := 1; i <= n; i++ {
		t.cols = append(t.cols, col(fmt.Sprintf("Bottle %d", i), 24, "C"))
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
	t := &table{title: "Advantages left at the start (note each use: bib, turn or climb)", tall: true, spread: true,
		cols: []column{flexCol("Team", 40, true)}}
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
			t.cols = append(t.cols, col(it.Name, 34, "L"))
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
				cells[i] = textCell(fmt.Sprintf("%d of %d left:", it.Left, it.Limit))
			}
		}
		t.rows = append(t.rows, tableRow{cells: cells})
	}
	return t
}
