package sheets

import (
	"racedirector/app/race"
)

// SheetCommunique is a real race's official communiqué of a stage.
const SheetCommunique = "communique"

// hasFinish says whether a stage's finish is entered (in part or whole).
func hasFinish(r race.StageResult) bool {
	return len(r.Finish.Results) > 0 || len(r.Finish.Groups) > 0 || len(r.Finish.Teams) > 0
}

// communique is the numbered official communiqué of stage n: whether its classifications are
// provisional, final or revised (with what changed) and when they were published, the stage's field,
// ranking and jury decisions, the classifications after it with their leaders, and the jury's
// signature lines.
func (s *source) communique(n int) (sheetDoc, error) {
	pub := s.publication(n)
	doc := sheetDoc{id: SheetCommunique, title: s.w("title.communique_n", "N", pub.Communique), subtitle: s.stageLine(n), short: s.w("tab.communique", "N", n)}
	st, err := s.after(n)
	if err != nil {
		return doc, err
	}
	times, err := s.stageTimes(n)
	if err != nil {
		return doc, err
	}
	status := block{heading: s.publicationTitle(pub), lines: []string{s.publishedLine(pub)}}
	if pub.Status == race.PubRevised {
		status.lines = append(status.lines, s.w("communique.changed"))
		for _, c := range ChangeLines(s.l, s.rs, pub) {
			status.lines = append(status.lines, "• "+c)
		}
	}
	doc.blocks = append(doc.blocks, status, block{table: s.fieldTable(st.Field)})
	ranking := s.stageRanking(st.Stage, times)
	ranking.note = s.bonusesNote(s.stage(n), s.result(n).Finish)
	doc.blocks = append(doc.blocks, block{table: ranking})
	if line := s.averageSpeedLine(n, st.Stage); line != "" {
		doc.blocks = append(doc.blocks, block{lines: []string{line}})
	}
	doc.blocks = append(doc.blocks, s.courseBlocks(n, st)...)
	if t := s.abandonTable(s.result(n), st.Out, n); t != nil {
		doc.blocks = append(doc.blocks, block{table: t})
	}
	if t := s.juryTable(st, n); t != nil {
		doc.blocks = append(doc.blocks, block{table: t})
	}
	unit := s.unit()
	classes := []struct {
		title string
		rows  []race.TimeRow
	}{{s.w("table.individual", "Jersey", s.jerseyName(race.ClassIndividual, s.w("jersey.time"))), st.Individual}}
	if s.rs.Has(race.ClassYouth) {
		classes = append(classes, struct {
			title string
			rows  []race.TimeRow
		}{s.w("table.youth", "Jersey", s.jerseyName(race.ClassYouth, s.w("jersey.none"))), st.Youth})
	}
	for _, c := range classes {
		t := &table{title: c.title, cols: append(s.riderCols(s.w("col.rank")), col(s.w("col.time"), 24, "R"), col(s.w("col.gap"), 22, "R")), empty: s.w("empty.classified")}
		for _, r := range c.rows {
			t.rows = append(t.rows, tableRow{strong: r.Rank == 1, cells: []cell{intCell(r.Rank), intCell(r.Bib), textCell(r.Name),
				teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor)), timeCell(unit, r.Time), gapCell(unit, r.Gap)}})
		}
		doc.blocks = append(doc.blocks, block{table: t})
	}
	for _, d := range race.Classifications() {
		if (d.Rows != race.RowsPoints && d.Rows != race.RowsPlaces) || !s.rs.Has(d.ID) {
			continue
		}
		value, empty := s.w("col.points"), s.w("empty.points")
		if d.Rows == race.RowsPlaces {
			value, empty = s.w("col.places"), s.w("empty.combined")
		}
		t := &table{title: s.w("table.class_jersey", "Class", s.className(d.ID), "Jersey", s.jerseyName(d.ID, s.w("jersey.none"))), cols: append(s.riderCols(s.w("col.rank")), col(value, 18, "R")), empty: empty}
		for _, r := range d.PointsRows(st) {
			t.rows = append(t.rows, tableRow{strong: r.Rank == 1, cells: []cell{intCell(r.Rank), intCell(r.Bib), textCell(r.Name), teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor)), intCell(r.Points)}})
		}
		doc.blocks = append(doc.blocks, block{table: t})
	}
	if len(st.Teams) > 0 {
		doc.blocks = append(doc.blocks, block{table: s.teamRanking(s.w("table.teams"), st.Teams)})
	}
	if t := s.leaderTable(st); t != nil {
		doc.blocks = append(doc.blocks, block{table: t})
	}
	doc.blocks = append(doc.blocks, block{heading: s.w("communique.jury"), lines: []string{
		s.publishedLine(pub),
		s.w("communique.president") + ": ______________________________   " + s.w("communique.signature") + ": ______________",
		s.w("communique.commissaire") + ": ______________________________   " + s.w("communique.signature") + ": ______________",
	}})
	for _, b := range doc.blocks {
		if b.table != nil {
			b.table.wrap = true // every name and reason printed whole
		}
	}
	return doc, nil
}

// averageSpeedLine is the stage winner's average speed as a real race publishes it ("Winner's
// average speed: 42.317 km/h"), or "" for a board game or a stage without a winner's time.
func (s *source) averageSpeedLine(n int, rows []race.TimeRow) string {
	if !s.rs.OfficialResults || len(rows) == 0 {
		return ""
	}
	speed := race.AverageSpeed(*s.rs, s.stage(n), rows[0].Time)
	if speed <= 0 {
		return ""
	}
	return s.w("communique.average_speed", "Speed", s.l.Decimal(speed, 3))
}

// publication is how the standings after stage n are published (provisional when not said).
func (s *source) publication(n int) race.Publication {
	if n >= 1 && n <= len(s.pubs) && s.pubs[n-1].Status != "" {
		return s.pubs[n-1]
	}
	return race.Publication{Stage: n, Communique: n, Status: race.PubProvisional}
}

// publicationTitle says what the communiqué's classifications are.
func (s *source) publicationTitle(p race.Publication) string {
	switch p.Status {
	case race.PubFinal:
		return s.w("communique.final")
	case race.PubRevised:
		return s.w("communique.revised", "N", p.Edition)
	}
	return s.w("communique.provisional")
}

// publishedLine says when the communiqué was published (or printed, while provisional).
func (s *source) publishedLine(p race.Publication) string {
	if p.PublishedAt != nil {
		return s.w("communique.published", "Date", s.l.Date(p.PublishedAt.Local()), "Time", p.PublishedAt.Local().Format("15:04"))
	}
	if !s.date.IsZero() {
		return s.w("communique.printed", "Date", s.l.Date(s.date), "Time", s.date.Format("15:04"))
	}
	return s.w("communique.provisional_short")
}
