package sheets

import (
	"fmt"

	"racedirector/app/race"
)

// bonusesSheet is the bonuses control after stage after: the bonus each rider won in every stage
// (intermediate sprints, climbs, finish) and his total.
func (s *source) bonusesSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetBonuses, title: "Bonuses control", subtitle: s.afterLine(after), short: "Bonuses"}
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
	cols := riderCols("")
	for k := 1; k <= after; k++ {
		cols = append(cols, col(fmt.Sprintf("S%d", k), 10, "R"))
	}
	cols = append(cols, col("Total", 16, "R"), flexCol("Note", 30, false))
	doc.landscape = tableWidth(cols) > portraitWidth
	t := &table{title: "Bonus " + plural(unitWord(unit)) + " per rider and stage", cols: cols,
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
		cells = append(cells, timeCell(unit, total).short(), textCell(abandonNote(gone, r.Bib)))
		t.rows = append(t.rows, tableRow{cells: cells})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	return doc, nil
}

// bonusNote says where bonuses come from in the ruleset.
func (s *source) bonusNote() string {
	note := "Bonuses are taken off the total time."
	if len(s.rs.SprintBonuses) > 0 {
		note += " Intermediate sprints: " + joinInts(s.rs.SprintBonuses) + "."
	}
	if len(s.rs.ClimbBonuses) > 0 {
		note += " Categorised climbs: " + joinInts(s.rs.ClimbBonuses) + "."
	}
	if len(s.rs.FinishBonuses) > 0 {
		note += " Finish: " + joinInts(s.rs.FinishBonuses) + "."
	}
	return note
}

// abandonNote is "abandoned, stage k" for a rider who left, or "".
func abandonNote(gone map[int]int, bib int) string {
	if k, ok := gone[bib]; ok {
		return fmt.Sprintf("abandoned, stage %d", k)
	}
	return ""
}

// effortSheet is the effort-points control after stage after (RULES.md §2.5): each rider's
// allowance, the points he spent and got back in every stage, and what he has left.
func (s *source) effortSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetEffort, title: "Effort-points control", subtitle: s.afterLine(after), short: "Effort", landscape: true}
	left := make([]map[int]int, after+1)
	spent := make([]map[int]int, after+1)
	for k := 1; k <= after; k++ {
		spent[k] = map[int]int{}
		for _, u := range s.result(k).Advantages {
			if u.Kind == race.AdvEffort {
				spent[k][u.Bib] += u.Points
			}
		}
		left[k] = s.effortLeft(k)
	}
	cols := append(riderCols(""), col("Role", 12, "L"), col("Allow.", 13, "R"))
	for k := 1; k <= after; k++ {
		cols = append(cols, col(fmt.Sprintf("S%d spent", k), 16, "R"), col(fmt.Sprintf("S%d rec.", k), 14, "R"))
	}
	cols = append(cols, col("Left", 14, "R"), flexCol("Note", 30, false))
	t := &table{title: "Effort points per rider and stage", cols: cols,
		note: "rec. = feed zones during the stage plus the recovery after it (doubled after a rest day, none after a cold stage), " +
			"never above the allowance. Left = allowance − spent + rec."}
	gone := s.abandons(after)
	for _, r := range s.riders() {
		alloc := race.EffortAllowance(*s.rs, r.Role, len(s.t.Stages))
		cells := []cell{intCell(r.Bib), textCell(r.Name), teamCell(s.teamName(r.TeamID), s.teamColor(r.TeamID)), textCell(r.Role), intCell(alloc)}
		prev, out := alloc, false
		for k := 1; k <= after; k++ {
			now, ok := left[k][r.Bib]
			if out || !ok {
				out = true
				cells = append(cells, intOrEmpty(spent[k][r.Bib]), emptyCell())
				continue
			}
			cells = append(cells, intOrEmpty(spent[k][r.Bib]), intOrEmpty(now-prev+spent[k][r.Bib]))
			prev = now
		}
		if out {
			cells = append(cells, emptyCell())
		} else {
			cells = append(cells, intCell(prev))
		}
		t.rows = append(t.rows, tableRow{cells: append(cells, textCell(abandonNote(gone, r.Bib)))})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	return doc, nil
}

// effortLeft is each rider's effort balance carried out of stage k: after its spending, its feed
// zones and the recovery that follows it (the next stage's feed zones not yet counted).
func (s *source) effortLeft(k int) map[int]int {
	if k >= len(s.t.Stages) {
		return race.EffortBalance(s.t, s.prior(k), s.result(k))
	}
	t := *s.t
	t.Stages = append([]race.Stage(nil), s.t.Stages...)
	t.Stages[k].FeedZones = 0
	return race.EffortBalance(&t, s.results[:k], race.StageResult{Stage: k + 1})
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

// fatigueSheet is the fatigue control after stage after (RULES.md §3.6): each rider's fatigue at
// the end of every stage, marked above the limit, and the stage he retired in.
func (s *source) fatigueSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetFatigue, title: "Fatigue control", subtitle: s.afterLine(after), short: "Fatigue"}
	retired := map[int]int{}
	for k := 1; k <= after; k++ {
		for _, bib := range race.FatigueRetired(s.t, s.result(k)) {
			if _, ok := retired[bib]; !ok {
				retired[bib] = k
			}
		}
	}
	cols := riderCols("")
	for k := 1; k <= after; k++ {
		cols = append(cols, col(fmt.Sprintf("S%d", k), 10, "R"))
	}
	cols = append(cols, flexCol("Out", 34, false))
	doc.landscape = tableWidth(cols) > portraitWidth
	limit := s.fatigueLimit()
	t := &table{title: "Fatigue at the end of each stage", cols: cols,
		note: fmt.Sprintf("Above %d the rider retires from the race (marked). Fatigue starts at 0 every stage.", limit)}
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
		out := abandonNote(gone, r.Bib)
		if k, ok := retired[r.Bib]; ok {
			out = fmt.Sprintf("retired (fatigue), stage %d", k)
		}
		t.rows = append(t.rows, tableRow{cells: append(cells, textCell(out))})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	return doc, nil
}
