package sheets

import (
	"racedirector/app/race"
)

// SheetYouth is the young riders' control (the white jersey).
const SheetYouth = "youth"

// youthSheet is the young riders' classification after stage after: each young rider's date of birth,
// time, gap, and his place in the individual classification; the cut-off is in the note.
func (s *source) youthSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetYouth, title: s.w("title.youth"), subtitle: s.afterLine(after), short: s.w("tab.youth")}
	final, err := s.after(after)
	if err != nil {
		return doc, err
	}
	unit := s.unit()
	gcRank := map[int]int{}
	for _, r := range final.Individual {
		gcRank[r.Bib] = r.Rank
	}
	cols := append(s.riderCols(s.w("col.rank")), col(s.w("col.born"), 24, "L"), col(s.w("col.time"), 24, "R"), col(s.w("col.gap"), 22, "R"), col(s.w("col.gc"), 12, "R"))
	t := &table{title: s.w("table.youth", "Jersey", s.jerseyName(race.ClassYouth, s.w("jersey.none"))), cols: cols,
		empty: s.w("empty.youth"), note: s.youthNote(s.t.Settings)}
	for _, r := range final.Youth {
		rider, _ := s.t.RiderByBib(r.Bib)
		cells := []cell{intCell(r.Rank), intCell(r.Bib), textCell(r.Name), teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor)),
			dateCell(rider.Born), timeCell(unit, r.Time), gapCell(unit, r.Gap), intCell(gcRank[r.Bib])}
		t.rows = append(t.rows, tableRow{cells: cells, strong: r.Rank == 1})
	}
	doc.blocks = append(doc.blocks, block{table: t})
	return doc, nil
}

// youthNote says who is a young rider.
func (s *source) youthNote(set race.TourSettings) string {
	if set.YouthBornFrom == "" {
		return s.w("note.youth_none")
	}
	return s.w("note.youth", "From", set.YouthBornFrom)
}
