package sheets

import (
	"fmt"

	"racedirector/app/race"
)

// generalSheet is the general control after stage after: each rider's time in every stage, his
// bonuses, the total, rank and gap; riders out of the classification follow, with the reason.
func (s *source) generalSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetGeneral, title: "General control", subtitle: s.afterLine(after), short: "General", landscape: true}
	final, err := s.after(after)
	if err != nil {
		return doc, err
	}
	unit := s.unit()
	stageWidth := 17.0
	if unit == race.UnitTurns {
		stageWidth = 10
	}
	perStage := make([]map[int]int, after+1)
	bonus := map[int]int{}
	withBonus := hasBonuses(s.rs)
	cols := riderCols("Rank")
	for k := 1; k <= after; k++ {
		st, err := s.after(k)
		if err != nil {
			return doc, err
		}
		perStage[k] = map[int]int{}
		for _, r := range st.Stage {
			perStage[k][r.Bib] = r.Time
		}
		cols = append(cols, col(fmt.Sprintf("S%d", k), stageWidth, "R"))
	}
	for _, r := range final.Individual {
		bonus[r.Bib] = r.Bonus
	}
	if withBonus {
		cols = append(cols, col("Bonus", 14, "R"))
	}
	cols = append(cols, col("Total", 24, "R"), col("Gap", 22, "R"))
	ranked := map[int]bool{}
	for _, r := range final.Individual {
		ranked[r.Bib] = true
	}
	withNote := len(final.Individual) < len(s.riders())
	if withNote {
		cols = append(cols, flexCol("Note", 34, false))
	}
	t := &table{title: "Individual classification (" + s.jerseyName(race.ClassIndividual, "time") + ")", cols: cols}
	stageCells := func(bib int) []cell {
		var cells []cell
		for k := 1; k <= after; k++ {
			if v, ok := perStage[k][bib]; ok {
				cells = append(cells, timeCell(unit, v).short())
			} else {
				cells = append(cells, emptyCell())
			}
		}
		return cells
	}
	for _, r := range final.Individual {
		cells := append([]cell{intCell(r.Rank), intCell(r.Bib), textCell(r.Name), teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor))}, stageCells(r.Bib)...)
		if withBonus {
			cells = append(cells, timeCell(unit, r.Bonus).short())
		}
		cells = append(cells, timeCell(unit, r.Time), gapCell(unit, r.Gap))
		if withNote {
			cells = append(cells, emptyCell())
		}
		t.rows = append(t.rows, tableRow{cells: cells, strong: r.Rank == 1})
	}
	gone := s.exits(after)
	for _, r := range s.riders() {
		if ranked[r.Bib] {
			continue
		}
		why := "no time in every stage"
		if e, ok := gone[r.Bib]; ok {
			why = e
		}
		cells := append([]cell{emptyCell(), intCell(r.Bib), textCell(r.Name), teamCell(s.teamName(r.TeamID), s.teamColor(r.TeamID))}, stageCells(r.Bib)...)
		if withBonus {
			cells = append(cells, emptyCell())
		}
		cells = append(cells, emptyCell(), emptyCell(), textCell(why))
		t.rows = append(t.rows, tableRow{cells: cells})
	}
	t.note = s.generalNote(withBonus)
	doc.blocks = append(doc.blocks, block{table: t})
	return doc, nil
}

// generalNote explains how the total is made.
func (s *source) generalNote(withBonus bool) string {
	unit := "Times"
	if s.unit() == race.UnitTurns {
		unit = "Times in turns"
	}
	if withBonus {
		return unit + ": total = sum of the stage times − bonuses. Ties: sum of stage placings, then the latest stage."
	}
	return unit + ": total = sum of the stage times. Ties: sum of stage placings, then the latest stage."
}

// jerseyName is the classification's jersey name, or fallback.
func (s *source) jerseyName(class, fallback string) string {
	if j, ok := s.rs.Jerseys[class]; ok && j.Name != "" {
		return j.NameIn(race.LanguageEnglish)
	}
	return fallback
}

// pointsOf picks a points classification out of standings.
func pointsOf(st *race.Standings, sheet string) []race.PointsRow {
	switch sheet {
	case SheetRegularity:
		return st.Regularity
	case SheetMountain:
		return st.Mountain
	}
	return st.Sprints
}

// pointsSheet is a points classification (regularity, mountain, sprints) after stage after, with
// the points each rider won in every stage.
func (s *source) pointsSheet(sheet string, after int) (sheetDoc, error) {
	info, _ := lookupSheet(s.rs, sheet)
	class := map[string]string{SheetRegularity: race.ClassRegularity, SheetMountain: race.ClassMountain, SheetSprints: race.ClassSprints}[sheet]
	doc := sheetDoc{id: sheet, title: info.Title, subtitle: s.afterLine(after), short: upperFirst(sheet)}
	cum := make([]map[int]int, after+1)
	cum[0] = map[int]int{}
	var final []race.PointsRow
	for k := 1; k <= after; k++ {
		st, err := s.after(k)
		if err != nil {
			return doc, err
		}
		cum[k] = map[int]int{}
		for _, r := range pointsOf(st, sheet) {
			cum[k][r.Bib] = r.Points
		}
		final = pointsOf(st, sheet)
	}
	cols := riderCols("Rank")
	for k := 1; k <= after; k++ {
		cols = append(cols, col(fmt.Sprintf("S%d", k), 10, "R"))
	}
	cols = append(cols, col("Points", 16, "R"))
	doc.landscape = tableWidth(cols) > portraitWidth
	t := &table{title: className(class) + " (" + s.jerseyName(class, "no jersey") + ")", cols: cols,
		empty: "Nobody has points yet.", note: "Per stage: the points won in that stage. Only riders with points are listed."}
	for _, r := range final {
		cells := []cell{intCell(r.Rank), intCell(r.Bib), textCell(r.Name), teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor))}
		for k := 1; k <= after; k++ {
			if won := cum[k][r.Bib] - cum[k-1][r.Bib]; won != 0 {
				cells = append(cells, intCell(won))
			} else {
				cells = append(cells, emptyCell())
			}
		}
		cells = append(cells, intCell(r.Points))
		t.rows = append(t.rows, tableRow{cells: cells, strong: r.Rank == 1})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	return doc, nil
}

// teamsSheet is the team classification after stage after, with each team's time in every stage.
func (s *source) teamsSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetTeams, title: "Teams control", subtitle: s.afterLine(after), short: "Teams"}
	unit := s.unit()
	stageWidth := 17.0
	if unit == race.UnitTurns {
		stageWidth = 10
	}
	daily := make([]map[int]int, after+1)
	var final *race.Standings
	for k := 1; k <= after; k++ {
		st, err := s.after(k)
		if err != nil {
			return doc, err
		}
		daily[k] = map[int]int{}
		for _, r := range st.DailyTeams {
			daily[k][r.TeamID] = r.Time
		}
		final = st
	}
	cols := []column{keyCol("Rank", 10, "R"), flexCol("Team", 44, true)}
	for k := 1; k <= after; k++ {
		cols = append(cols, col(fmt.Sprintf("S%d", k), stageWidth, "R"))
	}
	cols = append(cols, col("Total", 24, "R"), col("Gap", 22, "R"))
	doc.landscape = tableWidth(cols) > portraitWidth
	t := &table{title: "Team classification", cols: cols,
		note: fmt.Sprintf("Per stage: the sum of the team's %d best stage times; a team with fewer finishers leaves the classification.", s.rs.TeamBest)}
	stageCells := func(id int) []cell {
		var cells []cell
		for k := 1; k <= after; k++ {
			if v, ok := daily[k][id]; ok {
				cells = append(cells, timeCell(unit, v).short())
			} else {
				cells = append(cells, emptyCell())
			}
		}
		return cells
	}
	ranked := map[int]bool{}
	for _, r := range final.Teams {
		ranked[r.TeamID] = true
		cells := append([]cell{intCell(r.Rank), teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor))}, stageCells(r.TeamID)...)
		t.rows = append(t.rows, tableRow{strong: r.Rank == 1, cells: append(cells, timeCell(unit, r.Time), gapCell(unit, r.Gap))})
	}
	for _, team := range s.t.Teams {
		if ranked[team.ID] {
			continue
		}
		cells := append([]cell{emptyCell(), teamCell(team.Name, team.Color)}, stageCells(team.ID)...)
		t.rows = append(t.rows, tableRow{cells: append(cells, emptyCell(), textCell("out"))})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	if len(final.DailyTeams) > 0 {
		doc.blocks = append(doc.blocks, block{table: s.teamRanking(fmt.Sprintf("Teams on the day, stage %d", after), final.DailyTeams)})
	}
	return doc, nil
}
