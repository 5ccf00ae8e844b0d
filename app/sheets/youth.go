package sheets

import (
	"fmt"

	"racedirector/app/race"
)

// SheetYouth is the young riders' control (the white jersey).
const SheetYouth = "youth"

// youthSheet is the young riders' classification after stage after: each young rider's date of birth,
// time, gap, and his place in the individual classification; the cut-off is in the note.
func (s *source) youthSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetYouth, title: "Young riders control", subtitle: s.afterLine(after), short: "Young riders"}
	final, err := s.after(after)
	if err != nil {
		return doc, err
	}
	unit := s.unit()
	gcRank := map[int]int{}
	for _, r := range final.Individual {
		gcRank[r.Bib] = r.Rank
	}
	cols := append(riderCols("Rank"), col("Born", 24, "L"), col("Time", 24, "R"), col("Gap", 22, "R"), col("GC", 10, "R"))
	t := &table{title: "Young riders' classification (" + s.jerseyName(race.ClassYouth, "no jersey") + ")", cols: cols,
		empty: "No young rider is classified.", note: youthNote(s.t.Settings)}
	for _, r := range final.Youth {
		rider, _ := s.t.RiderByBib(r.Bib)
		cells := []cell{intCell(r.Rank), intCell(r.Bib), textCell(r.Name), teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor)),
			textCell(rider.Born), timeCell(unit, r.Time), gapCell(unit, r.Gap), intCell(gcRank[r.Bib])}
		t.rows = append(t.rows, tableRow{cells: cells, strong: r.Rank == 1})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	return doc, nil
}

// youthNote says who is a young rider.
func youthNote(set race.TourSettings) string {
	if set.YouthBornFrom == "" {
		return "The tour has no cut-off date: no rider is in the young riders' classification."
	}
	return fmt.Sprintf("Young riders: born on or after %s. Times and ties as in the individual classification; GC: the rider's place there.", set.YouthBornFrom)
}
