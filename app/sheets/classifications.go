package sheets

import (
	"racedirector/app/race"
)

// generalSheet is the general control after stage after: each rider's time in every stage, his
// bonuses, the total, rank and gap; riders out of the classification follow, with the reason.
func (s *source) generalSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetGeneral, title: s.w("title.general"), subtitle: s.afterLine(after), short: s.w("tab.general"), landscape: true}
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
	cols := s.riderCols(s.w("col.rank"))
	for k := 1; k <= after; k++ {
		st, err := s.after(k)
		if err != nil {
			return doc, err
		}
		perStage[k] = map[int]int{}
		for _, r := range st.Stage {
			perStage[k][r.Bib] = r.Time
		}
		cols = append(cols, col(s.w("abbr.stage", "N", k), stageWidth, "R"))
	}
	for _, r := range final.Individual {
		bonus[r.Bib] = r.Bonus
	}
	if withBonus {
		cols = append(cols, col(s.w("col.bonus"), 16, "R"))
	}
	cols = append(cols, col(s.w("col.total"), 24, "R"), col(s.w("col.gap"), 22, "R"))
	ranked := map[int]bool{}
	for _, r := range final.Individual {
		ranked[r.Bib] = true
	}
	withNote := len(final.Individual) < len(s.riders())
	if withNote {
		cols = append(cols, flexCol(s.w("col.note"), 34, false))
	}
	t := &table{title: s.w("table.individual", "Jersey", s.jerseyName(race.ClassIndividual, s.w("jersey.time"))), cols: cols}
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
		why := s.w("no_time_every_stage")
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
	unit := s.w("note.times")
	if s.unit() == race.UnitTurns {
		unit = s.w("note.times_turns")
	}
	if withBonus {
		return s.w("note.general_bonus", "Times", unit)
	}
	return s.w("note.general", "Times", unit)
}

// jerseyName is the classification's jersey name, or fallback.
func (s *source) jerseyName(class, fallback string) string {
	if j, ok := s.rs.Jerseys[class]; ok && j.Name != "" {
		return j.NameIn(s.lang())
	}
	return fallback
}

// pointsSheet is a points classification (regularity, mountain, sprints) after stage after, with
// the points each rider won in every stage; a places classification (the combined) shows each
// rider's sum of places after every stage instead.
func (s *source) pointsSheet(d race.Classification, after int) (sheetDoc, error) {
	doc := sheetDoc{id: d.Sheet, title: s.w("title." + d.Sheet), subtitle: s.afterLine(after), short: s.w("tab." + d.Sheet)}
	places := d.Rows == race.RowsPlaces
	cum := make([]map[int]int, after+1)
	cum[0] = map[int]int{}
	var final []race.PointsRow
	for k := 1; k <= after; k++ {
		st, err := s.after(k)
		if err != nil {
			return doc, err
		}
		cum[k] = map[int]int{}
		final = d.PointsRows(st)
		for _, r := range final {
			cum[k][r.Bib] = r.Points
		}
	}
	cols := s.riderCols(s.w("col.rank"))
	for k := 1; k <= after; k++ {
		cols = append(cols, col(s.w("abbr.stage", "N", k), 10, "R"))
	}
	total, note, empty := s.w("col.points"), s.w("note.points"), s.w("empty.points")
	if places {
		total, note, empty = s.w("col.places"), s.w("note.combined"), s.w("empty.combined")
	}
	cols = append(cols, col(total, 18, "R"))
	doc.landscape = tableWidth(cols) > portraitWidth
	t := &table{title: s.w("table.class_jersey", "Class", s.className(d.ID), "Jersey", s.jerseyName(d.ID, s.w("jersey.none"))), cols: cols,
		empty: empty, note: note}
	for _, r := range final {
		cells := []cell{intCell(r.Rank), intCell(r.Bib), textCell(r.Name), teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor))}
		for k := 1; k <= after; k++ {
			v, ok := cum[k][r.Bib]
			if !places {
				v, ok = v-cum[k-1][r.Bib], v != cum[k-1][r.Bib]
			}
			if ok {
				cells = append(cells, intCell(v))
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
	doc := sheetDoc{id: SheetTeams, title: s.w("title.teams"), subtitle: s.afterLine(after), short: s.w("tab.teams")}
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
	cols := []column{keyCol(s.w("col.rank"), 11, "R"), flexCol(s.w("col.team"), 44, true)}
	for k := 1; k <= after; k++ {
		cols = append(cols, col(s.w("abbr.stage", "N", k), stageWidth, "R"))
	}
	cols = append(cols, col(s.w("col.total"), 24, "R"), col(s.w("col.gap"), 22, "R"))
	doc.landscape = tableWidth(cols) > portraitWidth
	t := &table{title: s.w("table.teams"), cols: cols, note: s.w("note.teams", "N", s.rs.TeamBest)}
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
		t.rows = append(t.rows, tableRow{cells: append(cells, emptyCell(), textCell(s.w("out")))})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	if len(final.DailyTeams) > 0 {
		doc.blocks = append(doc.blocks, block{table: s.teamRanking(s.w("table.teams_day_n", "N", after), final.DailyTeams)})
	}
	return doc, nil
}
