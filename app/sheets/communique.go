package sheets

import (
	"fmt"

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
	doc := sheetDoc{id: SheetCommunique, title: fmt.Sprintf("Official communiqué No. %d", pub.Communique), subtitle: s.stageLine(n), short: fmt.Sprintf("Communiqué %d", n)}
	st, err := s.after(n)
	if err != nil {
		return doc, err
	}
	times, err := s.stageTimes(n)
	if err != nil {
		return doc, err
	}
	status := block{heading: publicationTitle(pub), lines: []string{s.publishedLine(pub)}}
	if pub.Status == race.PubRevised {
		status.lines = append(status.lines, "What changed from the earlier publication:")
		for _, c := range pub.Changes {
			status.lines = append(status.lines, "• "+c)
		}
	}
	doc.blocks = append(doc.blocks, status, block{table: s.fieldTable(st.Field)})
	ranking := s.stageRanking(st.Stage, times)
	ranking.note = race.BonusesNote(s.rs, s.stage(n), s.result(n).Finish)
	doc.blocks = append(doc.blocks, block{table: ranking})
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
	}{{"Individual classification (" + s.jerseyName(race.ClassIndividual, "time") + ")", st.Individual}}
	if s.rs.Has(race.ClassYouth) {
		classes = append(classes, struct {
			title string
			rows  []race.TimeRow
		}{"Young riders' classification (" + s.jerseyName(race.ClassYouth, "no jersey") + ")", st.Youth})
	}
	for _, c := range classes {
		t := &table{title: c.title, cols: append(riderCols("Rank"), col("Time", 24, "R"), col("Gap", 22, "R")), empty: "Nobody is classified."}
		for _, r := range c.rows {
			t.rows = append(t.rows, tableRow{strong: r.Rank == 1, cells: []cell{intCell(r.Rank), intCell(r.Bib), textCell(r.Name),
				teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor)), timeCell(unit, r.Time), gapCell(unit, r.Gap)}})
		}
		doc.blocks = append(doc.blocks, block{table: t})
	}
	for _, class := range []string{race.ClassRegularity, race.ClassMountain, race.ClassSprints} {
		if !s.rs.Has(class) {
			continue
		}
		t := &table{title: className(class) + " (" + s.jerseyName(class, "no jersey") + ")", cols: append(riderCols("Rank"), col("Points", 16, "R")), empty: "Nobody has points yet."}
		for _, r := range pointsOf(st, map[string]string{race.ClassRegularity: SheetRegularity, race.ClassMountain: SheetMountain, race.ClassSprints: SheetSprints}[class]) {
			t.rows = append(t.rows, tableRow{strong: r.Rank == 1, cells: []cell{intCell(r.Rank), intCell(r.Bib), textCell(r.Name), teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor)), intCell(r.Points)}})
		}
		doc.blocks = append(doc.blocks, block{table: t})
	}
	if len(st.Teams) > 0 {
		doc.blocks = append(doc.blocks, block{table: s.teamRanking("Team classification", st.Teams)})
	}
	if t := s.leaderTable(st); t != nil {
		doc.blocks = append(doc.blocks, block{table: t})
	}
	doc.blocks = append(doc.blocks, block{heading: "The jury", lines: []string{
		s.publishedLine(pub),
		"President of the Commissaires' Panel: ______________________________   Signature: ______________",
		"Commissaire: ______________________________   Signature: ______________",
	}})
	return doc, nil
}

// publication is how the standings after stage n are published (provisional when not said).
func (s *source) publication(n int) race.Publication {
	if n >= 1 && n <= len(s.pubs) && s.pubs[n-1].Status != "" {
		return s.pubs[n-1]
	}
	return race.Publication{Stage: n, Communique: n, Status: race.PubProvisional}
}

// publicationTitle says what the communiqué's classifications are.
func publicationTitle(p race.Publication) string {
	switch p.Status {
	case race.PubFinal:
		return "Final classifications"
	case race.PubRevised:
		return fmt.Sprintf("Revised classifications (publication %d)", p.Edition)
	}
	return "Provisional classifications: the stage is not closed yet"
}

// publishedLine says when the communiqué was published (or printed, while provisional).
func (s *source) publishedLine(p race.Publication) string {
	if p.PublishedAt != nil {
		return "Published on " + p.PublishedAt.Local().Format("2 January 2006 at 15:04") + "."
	}
	if !s.date.IsZero() {
		return "Provisional, printed on " + s.date.Format("2 January 2006 at 15:04") + "."
	}
	return "Provisional."
}
