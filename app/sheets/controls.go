package sheets

import (
	"racedirector/app/race"
)

// bonusesSheet is the bonuses control after stage after: the bonus each rider won in every stage
// (intermediate sprints, climbs, finish) and his total.
func (s *source) bonusesSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetBonuses, title: s.w("title.bonuses"), subtitle: s.afterLine(after), short: s.w("tab.bonuses")}
	unit := s.unit()
	perStage := make([]map[int]int, after+1)
	for k := 1; k <= after; k++ {
		times, err := s.stageTimes(k)
		if err != nil {
			return doc, err
		}
		perStage[k] = map[int]int{}
		for _, t := range times {
			perStage[k][t.Bib] = t.Bonus
		}
	}
	cols := s.riderCols("")
	for k := 1; k <= after; k++ {
		cols = append(cols, col(s.w("abbr.stage", "N", k), 10, "R"))
	}
	cols = append(cols, col(s.w("col.total"), 16, "R"), flexCol(s.w("col.note"), 30, false))
	doc.landscape = tableWidth(cols) > portraitWidth
	t := &table{title: s.w("table.bonuses", "Unit", s.w("units."+unitWord(unit))), cols: cols,
		note: s.bonusNote()}
	gone := s.abandons(after)
	for _, r := range s.riders() {
		cells := []cell{intCell(r.Bib), textCell(r.Name), teamCell(s.teamName(r.TeamID), s.teamColor(r.TeamID))}
		total := 0
		for k := 1; k <= after; k++ {
			b := perStage[k][r.Bib]
			total += b
			if b != 0 {
				cells = append(cells, timeCell(unit, b).short())
			} else {
				cells = append(cells, emptyCell())
			}
		}
		cells = append(cells, timeCell(unit, total).short(), textCell(s.abandonNote(gone, r.Bib)))
		t.rows = append(t.rows, tableRow{cells: cells})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	return doc, nil
}

// bonusNote says where bonuses come from in the ruleset.
func (s *source) bonusNote() string {
	note := s.w("note.bonuses")
	if len(s.rs.SprintBonuses) > 0 {
		note += " " + s.w("note.bonuses_sprints", "List", joinInts(s.rs.SprintBonuses))
	}
	if len(s.rs.ClimbBonuses) > 0 {
		note += " " + s.w("note.bonuses_climbs", "List", joinInts(s.rs.ClimbBonuses))
	}
	if len(s.rs.FinishBonuses) > 0 {
		note += " " + s.w("note.bonuses_finish", "List", joinInts(s.rs.FinishBonuses))
	}
	return note
}

// abandonNote is "abandoned, stage k" (or retired for fatigue, outside the time limit) for a rider
// who left, or "".
func (s *source) abandonNote(gone map[int]race.Exit, bib int) string {
	if e, ok := gone[bib]; ok {
		return s.w("exit", "How", s.exitHow(bib, e), "Stage", e.Stage)
	}
	return ""
}

// effortSheet is the effort-points control after stage after (docs/rules.md §2.5): each rider's
// allowance, the points he spent and got back in every stage, and what he has left.
func (s *source) effortSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetEffort, title: s.w("title.effort"), subtitle: s.afterLine(after), short: s.w("tab.effort"), landscape: true}
	ledger := map[int]race.EffortLine{}
	for _, line := range race.EffortLedger(s.t, s.results, after) {
		ledger[line.Bib] = line
	}
	cols := append(s.riderCols(""), col(s.w("col.role"), 14, "L"), col(s.w("col.allowance"), 13, "R"))
	for k := 1; k <= after; k++ {
		cols = append(cols, col(s.w("col.stage_spent", "N", k), 17, "R"), col(s.w("col.stage_recovered", "N", k), 15, "R"))
	}
	cols = append(cols, col(s.w("col.left"), 14, "R"), flexCol(s.w("col.note"), 30, false))
	t := &table{title: s.w("table.effort"), cols: cols, note: s.w("note.effort")}
	gone := s.abandons(after)
	for _, r := range s.riders() {
		line := ledger[r.Bib]
		cells := []cell{intCell(r.Bib), textCell(r.Name), teamCell(s.teamName(r.TeamID), s.teamColor(r.TeamID)), textCell(r.Role), intCell(line.Allowance)}
		for k := 1; k <= after; k++ {
			switch {
			case k > len(line.Stages):
				cells = append(cells, intOrEmpty(race.EffortSpent(s.result(k), r.Bib)), emptyCell())
			case line.Out && k == len(line.Stages):
				cells = append(cells, intOrEmpty(line.Stages[k-1].Spent), emptyCell())
			default:
				cells = append(cells, intOrEmpty(line.Stages[k-1].Spent), intOrEmpty(line.Stages[k-1].Recovered))
			}
		}
		if line.Out {
			cells = append(cells, emptyCell())
		} else if len(line.Stages) == 0 {
			cells = append(cells, intCell(line.Allowance))
		} else {
			cells = append(cells, intCell(line.Stages[len(line.Stages)-1].Left))
		}
		t.rows = append(t.rows, tableRow{cells: append(cells, textCell(s.abandonNote(gone, r.Bib)))})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	return doc, nil
}

// intOrEmpty is a number cell, or an empty one for zero.
func intOrEmpty(n int) cell {
	if n == 0 {
		return emptyCell()
	}
	return intCell(n)
}

// fatigueLimit is the fatigue above which a 2RUOTE rider retires in this tour.
func (s *source) fatigueLimit() int {
	if s.rs.Fatigue == nil {
		return 0
	}
	return race.FatigueLimit(s.t)
}

// fatigueSheet is the fatigue control after stage after (docs/rules.md §3.6): each rider's fatigue at
// the end of every stage, marked above the limit, and the stage he retired in.
func (s *source) fatigueSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetFatigue, title: s.w("title.fatigue"), subtitle: s.afterLine(after), short: s.w("tab.fatigue")}
	retired := map[int]int{}
	for k := 1; k <= after; k++ {
		for _, bib := range race.FatigueRetired(s.t, s.result(k)) {
			if _, ok := retired[bib]; !ok {
				retired[bib] = k
			}
		}
	}
	cols := s.riderCols("")
	for k := 1; k <= after; k++ {
		cols = append(cols, col(s.w("abbr.stage", "N", k), 10, "R"))
	}
	cols = append(cols, flexCol(s.w("col.out"), 34, false))
	doc.landscape = tableWidth(cols) > portraitWidth
	limit := s.fatigueLimit()
	t := &table{title: s.w("table.fatigue"), cols: cols, note: s.w("note.fatigue", "N", limit)}
	gone := s.abandons(after)
	for _, r := range s.riders() {
		cells := []cell{intCell(r.Bib), textCell(r.Name), teamCell(s.teamName(r.TeamID), s.teamColor(r.TeamID))}
		for k := 1; k <= after; k++ {
			f, ok := s.result(k).Fatigue[r.Bib]
			switch {
			case !ok:
				cells = append(cells, emptyCell())
			case retired[r.Bib] == k:
				cells = append(cells, intCell(f).marked())
			default:
				cells = append(cells, intCell(f))
			}
		}
		out := s.abandonNote(gone, r.Bib)
		if k, ok := retired[r.Bib]; ok {
			out = s.w("exit", "How", s.w("retired_fatigue"), "Stage", k)
		}
		t.rows = append(t.rows, tableRow{cells: append(cells, textCell(out))})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	return doc, nil
}
