package sheets

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"racedirector/app/race"
	"racedirector/app/refuse"
)

// TestSheetsPerRuleset lists the sheets each shipped ruleset has, in book order.
func TestSheetsPerRuleset(t *testing.T) {
	cases := map[string][]string{
		"cycling-party":    {"stage", "entry", "result", "general", "regularity", "mountain", "sprints", "teams", "cycling-party", "summary", "book"},
		"ciclismo-a-fondo": {"stage", "entry", "result", "general", "regularity", "mountain", "teams", "bonuses", "effort", "summary", "book"},
		"2ruote":           {"stage", "entry", "result", "general", "regularity", "mountain", "teams", "fatigue", "summary", "book"},
	}
	for id, want := range cases {
		var got []string
		for _, s := range Sheets(loadRuleset(t, id)) {
			got = append(got, s.ID)
			if s.Title == "" {
				t.Errorf("%s sheet %s has no title", id, s.ID)
			}
			stageSheet := s.ID == SheetStage || s.ID == SheetEntry || s.ID == SheetResult
			if s.NeedsStage != stageSheet {
				t.Errorf("%s sheet %s NeedsStage = %v, want %v", id, s.ID, s.NeedsStage, stageSheet)
			}
			whole := s.ID == SheetBook || s.ID == SheetSummary // the whole tour, after its last closed stage
			if s.NeedsAfter != (!stageSheet && !whole) {
				t.Errorf("%s sheet %s NeedsAfter = %v, want %v", id, s.ID, s.NeedsAfter, !stageSheet && !whole)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("Sheets(%s) = %v, want %v", id, got, want)
		}
	}
}

// TestRefusals checks that a bad request is refused with the right error, in both formats, and
// that nothing is written.
func TestRefusals(t *testing.T) {
	cp := cyclingPartyTour(t)
	caf := ciclismoTour(t)
	cases := []struct {
		name  string
		sheet string
		in    Input
		// field is the ValidationError field; "" means a ConflictError, noSheet a *NoSheetError.
		field string
		says  string
	}{
		{"unknown sheet", "podium", cp.input(3), noSheet, `there is no sheet "podium"`},
		{"sheet the ruleset lacks", SheetEffort, cp.input(3), noSheet, "has no effort-points control"},
		{"cycling party sheet in Ciclismo a fondo", SheetCyclingParty, caf.input(2), noSheet, "has no cycling party managers"},
		{"sprints in Ciclismo a fondo", SheetSprints, caf.input(2), noSheet, "has no intermediate sprints control"},
		{"stage past the last", SheetStage, withStage(cp.input(3), 4), "stage", "between 1 and 3"},
		{"negative stage", SheetEntry, withStage(cp.input(3), -1), "stage", "between 1 and 3"},
		{"result of a stage past the last", SheetResult, withStage(cp.input(3), 9), "stage", "between 1 and 3"},
		{"after past the last closed stage", SheetGeneral, withAfter(cp.input(2), 3), "after", "between 1 and 2"},
		{"negative after", SheetTeams, withAfter(cp.input(3), -2), "after", "between 1 and 3"},
		{"classification before any stage is closed", SheetGeneral, cp.input(0), "", "no stage is closed yet"},
		{"control sheet before any stage is closed", SheetEffort, caf.input(0), "", "no stage is closed yet"},
		{"result before any stage is closed", SheetResult, cp.input(0), "", "no stage is closed yet"},
		{"result of a stage not closed yet", SheetResult, withStage(cp.input(2), 3), "", "stage 3 is not closed yet"},
	}
	for _, c := range cases {
		for format, write := range map[string]func(*bytes.Buffer, string, Input) error{
			"pdf":  func(b *bytes.Buffer, s string, in Input) error { return PDF(b, s, in) },
			"xlsx": func(b *bytes.Buffer, s string, in Input) error { return XLSX(b, s, in) },
		} {
			var buf bytes.Buffer
			err := write(&buf, c.sheet, c.in)
			what := c.name + " (" + format + ")"
			if buf.Len() > 0 {
				t.Errorf("%s: wrote %d bytes, want nothing", what, buf.Len())
			}
			var ve *refuse.ValidationError
			var ce *refuse.ConflictError
			var ns *NoSheetError
			switch {
			case err == nil:
				t.Errorf("%s: no error, want one saying %q", what, c.says)
			case c.field == noSheet:
				if !errors.As(err, &ns) {
					t.Errorf("%s: error %T %v, want a *NoSheetError (a 404)", what, err, err)
				} else if !strings.Contains(err.Error(), c.says) {
					t.Errorf("%s: error %q, want it to say %q", what, err, c.says)
				}
			case c.field == "" && !errors.As(err, &ce):
				t.Errorf("%s: error %T %v, want a *refuse.ConflictError", what, err, err)
			case c.field != "" && !errors.As(err, &ve):
				t.Errorf("%s: error %T %v, want a *refuse.ValidationError on %q", what, err, err, c.field)
			case c.field != "" && ve.Fields[c.field] == "":
				t.Errorf("%s: validation fields %v, want one on %q", what, ve.Fields, c.field)
			case !strings.Contains(err.Error(), c.says):
				t.Errorf("%s: error %q, want it to say %q", what, err, c.says)
			}
		}
	}
}

// noSheet marks a refusal case whose sheet does not exist for the tour.
const noSheet = "(no such sheet)"

// withStage sets the stage of an input.
func withStage(in Input, n int) Input {
	in.Stage = n
	return in
}

// withAfter sets the "after stage n" of an input.
func withAfter(in Input, n int) Input {
	in.After = n
	return in
}

// TestDefaultsAndMoments checks which stage and moment a sheet is for when none is asked: the
// open stage for the stage and entry sheets, the last closed stage for results and classifications.
func TestDefaultsAndMoments(t *testing.T) {
	cp := cyclingPartyTour(t)
	cases := []struct {
		sheet    string
		in       Input
		subtitle string
	}{
		{SheetStage, cp.input(1), "Stage 2 of 3 — Medium mountains, 180 km"},
		{SheetEntry, cp.input(3), "Stage 3 of 3 — High mountains, 172 km"},
		{SheetEntry, cp.input(0), "Stage 1 of 3 — Flat, 200 km"},
		{SheetResult, cp.input(2), "Stage 2 of 3 — Medium mountains, 180 km"},
		{SheetResult, withStage(cp.input(3), 1), "Stage 1 of 3 — Flat, 200 km"},
		{SheetGeneral, cp.input(2), "after stage 2 of 3"},
		{SheetRegularity, withAfter(cp.input(3), 1), "after stage 1 of 3"},
	}
	for _, c := range cases {
		docs, err := build(c.sheet, c.in)
		if err != nil {
			t.Errorf("%s with closed %d, stage %d, after %d: %v", c.sheet, c.in.Closed, c.in.Stage, c.in.After, err)
			continue
		}
		if docs[0].subtitle != c.subtitle {
			t.Errorf("%s with closed %d, stage %d, after %d: subtitle %q, want %q", c.sheet, c.in.Closed, c.in.Stage, c.in.After, docs[0].subtitle, c.subtitle)
		}
	}
}

// TestEntryStartingRiders checks that a rider who abandoned is not on later entry sheets.
func TestEntryStartingRiders(t *testing.T) {
	cp := cyclingPartyTour(t)
	riders := func(stage int) []string {
		doc := mustBuild(t, SheetEntry, withStage(cp.input(3), stage))
		var names []string
		for _, r := range doc.blocks[1].table.rows {
			names = append(names, r.cells[1].text)
		}
		return names
	}
	if got := riders(2); !slices.Contains(got, "Rafał Majka") || len(got) != 20 {
		t.Errorf("entry of stage 2: %d riders %v, want all 20 with Rafał Majka (he abandons during stage 2)", len(got), got)
	}
	if got := riders(3); slices.Contains(got, "Rafał Majka") || len(got) != 19 {
		t.Errorf("entry of stage 3: %d riders %v, want 19 without Rafał Majka (abandoned in stage 2)", len(got), got)
	}
}

// mustBuild builds one sheet document.
func mustBuild(t *testing.T, sheet string, in Input) sheetDoc {
	t.Helper()
	docs, err := build(sheet, in)
	if err != nil {
		t.Fatalf("build(%s): %v", sheet, err)
	}
	return docs[0]
}

// TestBookContents lists the sheets of the book: each stage's stage sheet, then its result when it is
// closed or its entry sheet when it is not, then the classifications after the last closed stage.
func TestBookContents(t *testing.T) {
	cp := cyclingPartyTour(t)
	cases := []struct {
		closed int
		want   []string
	}{
		{0, []string{"S1 stage", "S1 entry", "S2 stage", "S2 entry", "S3 stage", "S3 entry"}},
		{2, []string{"S1 stage", "S1 result", "S2 stage", "S2 result", "S3 stage", "S3 entry",
			"General", "Regularity", "Mountain", "Sprints", "Teams", "Cycling Party", "Tour summary", "The story of the tour"}},
	}
	for _, c := range cases {
		docs, err := build(SheetBook, cp.input(c.closed))
		if err != nil {
			t.Fatalf("book with %d closed: %v", c.closed, err)
		}
		var got []string
		for _, d := range docs {
			got = append(got, d.short)
			if d.id == SheetGeneral && d.subtitle != "after stage 2 of 3" {
				t.Errorf("book with %d closed: general control %q, want after stage 2 of 3", c.closed, d.subtitle)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("book with %d closed = %v, want %v", c.closed, got, c.want)
		}
	}
}

// TestLayoutFromHandBuiltStandings prints a general control from standings given by hand, so the
// layout is checked apart from the engine: hours in times, gaps, a rider out of the classification.
func TestLayoutFromHandBuiltStandings(t *testing.T) {
	in := cyclingPartyTour(t).input(1)
	src, err := newSource(in)
	if err != nil {
		t.Fatal(err)
	}
	src.standings[1] = &race.Standings{AfterStage: 1,
		Stage: []race.TimeRow{
			{Rank: 1, Bib: 22, Name: "Michał Kwiatkowski", Team: "Azul Movistar", TeamID: 2, Time: 3725},
			{Rank: 2, Bib: 31, Name: "Miguel Induráin", Team: "Verde Banesto", TeamID: 3, Time: 3790, Gap: 65},
		},
		Individual: []race.TimeRow{
			{Rank: 1, Bib: 22, Name: "Michał Kwiatkowski", Team: "Azul Movistar", TeamID: 2, Time: 3725},
			{Rank: 2, Bib: 31, Name: "Miguel Induráin", Team: "Verde Banesto", TeamID: 3, Time: 3790, Gap: 65},
		},
	}
	doc, err := src.generalSheet(1)
	if err != nil {
		t.Fatal(err)
	}
	var pdf, xlsx bytes.Buffer
	if err := writePDF(&pdf, in, []sheetDoc{doc}); err != nil {
		t.Fatal(err)
	}
	if err := writeXLSX(&xlsx, in, []sheetDoc{doc}); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf.Bytes())
	wantLine(t, "hand-built general", text, "1", "22", "Michał Kwiatkowski", "Azul Movistar", "1:02:05", "1:02:05", "—")
	wantLine(t, "hand-built general", text, "2", "31", "Miguel Induráin", "1:03:10", "1:03:10", "+1:05")
	wantLine(t, "hand-built general", text, "11", "Tadej Pogačar", "no time in every stage")
	f, err := excelize.OpenReader(&xlsx)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x := xlsxSheet{t, f, "General"}
	r := strconv.Itoa(x.row("C", "Miguel Induráin"))
	x.wantDuration(x.column("Total")+r, 3790)
	x.wantGap(x.column("Gap")+r, 65)
}
