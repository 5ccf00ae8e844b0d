package sheets

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/xuri/excelize/v2"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/data"
)

// numberLike is a text that reads as a number, a time or a gap ("79", "+0:37", "−0:18", "12.5"):
// a workbook writes those as numbers.
var numberLike = regexp.MustCompile(`^[+\-−]?\d+([:.,]\d+)*$`)

// TestXLSXLayoutAndTypes writes every sheet of each game's tour (a real race's too) and its book (the Cycling Party
// one also in Spanish and Italian) and reads it back cell by cell against the sheet's own tables: each table's
// title once, in column A above its header, and each paragraph's heading once below the tables;
// every rank, bib, count and point a number; every time a duration, every gap a duration shown with
// its "+", every time won or lost a signed number; no text anywhere that reads as a number.
func TestXLSXLayoutAndTypes(t *testing.T) {
	t.Parallel()
	cp := cyclingPartyTour(t)
	combined := cyclingPartyTour(t)
	combined.tour.Settings.Combined = true // the combined classification's sheet too
	runs := []struct {
		name, lang string
		fix        fixture
	}{{"cp", i18n.English, cp}, {"caf", i18n.English, ciclismoTour(t)}, {"2ruote", i18n.English, ruoteTour(t)},
		{"uci-road", i18n.English, uciRoadTour(t)}, {"cp+combined", i18n.English, combined}, {"cp", i18n.Spanish, cp}, {"cp", i18n.Italian, cp}}
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	for _, run := range runs {
		in := run.fix.input(len(run.fix.results))
		in.Words = cat.Localizer(run.lang)
		for _, info := range Sheets(race.WithSettings(run.fix.tour.Ruleset, run.fix.tour.Settings)) {
			t.Run(run.lang+"/"+run.name+"/"+info.ID, func(t *testing.T) {
				docs, err := build(info.ID, in)
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := writeXLSX(&buf, in, docs); err != nil {
					t.Fatal(err)
				}
				f, err := excelize.OpenReader(&buf)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				for i, name := range f.GetSheetList() {
					checkLayout(t, xlsxSheet{t, f, name}, &docs[i])
				}
			})
		}
	}
}

// checkLayout reads a worksheet back against its sheet: its tables one under the other, each its
// title, header and rows (then its "nothing yet" line and its note), then its paragraphs.
func checkLayout(t *testing.T, x xlsxSheet, doc *sheetDoc) {
	t.Helper()
	ref := func(col, row int) string {
		r, _ := excelize.CoordinatesToCellName(col, row)
		return r
	}
	heading := func(row int, want string) {
		t.Helper()
		if got := x.value(ref(1, row)); got != want {
			t.Errorf("%s!A%d = %q, want the heading %q", x.name, row, got, want)
		} else if st := x.style(ref(1, row)); st.Font == nil || !st.Font.Bold || st.Font.Size != 12 {
			t.Errorf("%s!A%d (%q) style %+v, want a bold 12-point heading", x.name, row, want, st.Font)
		}
	}
	headings := map[string]int{}
	row, first := 1, true
	var texts []block
	for _, b := range doc.blocks {
		if b.heading != "" || len(b.lines) > 0 {
			texts = append(texts, b)
		}
		tb := b.table
		if tb == nil {
			continue
		}
		if !first {
			row++
		}
		if tb.title != "" {
			heading(row, tb.title)
			headings[tb.title]++
			row++
		}
		if first && x.header() != row {
			t.Errorf("%s: the frozen header is row %d, want %d (the first table's)", x.name, x.header(), row)
		}
		first = false
		for i, c := range tb.cols {
			if got := x.value(ref(i+1, row)); got != c.title {
				t.Errorf("%s!%s = %q, want the column title %q", x.name, ref(i+1, row), got, c.title)
			}
		}
		for _, r := range tb.rows {
			row++
			for i, c := range r.cells {
				checkCell(t, x, ref(i+1, row), c)
			}
		}
		if len(tb.rows) == 0 && tb.empty != "" {
			row++
			if got := x.value(ref(1, row)); got != tb.empty {
				t.Errorf("%s!A%d = %q, want the empty table's line %q", x.name, row, got, tb.empty)
			}
		}
		if tb.note != "" {
			row++
			if got := x.value(ref(1, row)); got != tb.note {
				t.Errorf("%s!A%d = %q, want the table's note %q", x.name, row, got, tb.note)
			}
		}
		row++
	}
	for _, b := range texts {
		row++
		if b.heading != "" {
			heading(row, b.heading)
			headings[b.heading]++
			row++
		}
		for _, l := range b.lines {
			if got := x.value(ref(1, row)); got != l {
				t.Errorf("%s!A%d = %q, want the line %q", x.name, row, got, l)
			}
			row++
		}
	}
	// Every heading once: no other cell of column A repeats it (a table's first column title, a
	// line).
	rows, err := x.f.GetRows(x.name)
	if err != nil {
		t.Fatal(err)
	}
	for h, n := range headings {
		seen := 0
		for _, r := range rows {
			if len(r) > 0 && r[0] == h {
				seen++
			}
		}
		if seen != n {
			t.Errorf("%s: the heading %q is written %d times, want %d", x.name, h, seen, n)
		}
	}
	// No text that reads as a number.
	for i, r := range rows {
		for j := range r {
			cell := ref(j+1, i+1)
			if typ, _ := x.f.GetCellType(x.name, cell); typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
				if v := x.value(cell); numberLike.MatchString(v) {
					t.Errorf("%s!%s = %q is text, want a number", x.name, cell, v)
				}
			}
		}
	}
}

// checkCell checks one cell against what the sheet put in it: numbers as numbers (with the number
// format of a time, a gap, a time won or lost, a tenth), text as text, boxes empty.
func checkCell(t *testing.T, x xlsxSheet, ref string, c cell) {
	t.Helper()
	raw := x.value(ref)
	typ, err := x.f.GetCellType(x.name, ref)
	if err != nil {
		t.Fatal(err)
	}
	numeric := func(want float64, format string) {
		t.Helper()
		got, err := strconv.ParseFloat(raw, 64)
		if err != nil || (typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber) {
			t.Errorf("%s!%s = %q (type %v), want the number %v", x.name, ref, raw, typ, want)
			return
		}
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s!%s = %v, want %v", x.name, ref, got, want)
		}
		fmtGot := ""
		if st := x.style(ref); st.CustomNumFmt != nil {
			fmtGot = *st.CustomNumFmt
		}
		if fmtGot != format {
			t.Errorf("%s!%s (%s) number format %q, want %q", x.name, ref, raw, fmtGot, format)
		}
	}
	switch c.kind {
	case kindInt:
		numeric(float64(c.n), "")
	case kindTime, kindGap:
		want, clock := durationDays(c.unit, c.n)
		if !clock {
			want = float64(c.n)
		}
		numeric(want, numberFormat(c.kind, c.unit))
	case kindSwing:
		want := float64(c.n)
		if c.unit == race.UnitHundredths {
			want /= 100 // seconds, with two decimals
		}
		numeric(want, numberFormat(c.kind, c.unit))
	case kindTenths:
		numeric(float64(c.n)/10, tenthsFormat)
	case kindDate:
		numeric(float64(c.n), dateFormat)
	case kindBox:
		if raw != "" {
			t.Errorf("%s!%s = %q, want an empty box", x.name, ref, raw)
		}
	default:
		if raw != c.text {
			t.Errorf("%s!%s = %q, want the text %q", x.name, ref, raw, c.text)
		} else if c.text != "" && typ != excelize.CellTypeSharedString && typ != excelize.CellTypeInlineString {
			t.Errorf("%s!%s = %q has type %v, want text", x.name, ref, raw, typ)
		}
	}
}

// headingRow finds the row of a table's heading in column A.
func (x xlsxSheet) headingRow(title string) int {
	x.t.Helper()
	return x.row("A", title)
}

// sum has the spreadsheet add a range up (a SUM formula in a free cell) and returns its value.
func (x xlsxSheet) sum(rng string) float64 {
	x.t.Helper()
	if err := x.f.SetCellFormula(x.name, "Z1", "SUM("+rng+")"); err != nil {
		x.t.Fatal(err)
	}
	v, err := x.f.CalcCellValue(x.name, "Z1", excelize.Options{RawCellValue: true})
	if err != nil {
		x.t.Fatalf("%s: SUM(%s): %v", x.name, rng, err)
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil {
		x.t.Fatalf("%s: SUM(%s) = %q, not a number", x.name, rng, v)
	}
	return n
}

// TestXLSXSummarySums reads the tour summary's workbook and the book's page of the story like a
// spreadsheet user: the managers' points, the podium's gaps and a rider's time won and lost stage
// by stage add up with SUM (the last to his gap), and the book's page of the story's other charts
// starts with its first heading.
func TestXLSXSummarySums(t *testing.T) {
	in := cyclingPartyTour(t).input(3)
	x := xlsxSheet{t, makeXLSX(t, "cp", SheetSummary, in), "Tour summary"}

	h := x.headingRow("Cycling Party managers' points")
	if got := x.value("D" + strconv.Itoa(h+1)); got != "Stage 3" {
		t.Fatalf("the managers' points: D%d = %q, want the head Stage 3", h+1, got)
	}
	if got := x.sum(fmt.Sprintf("D%d:D%d", h+2, h+5)); got != 82+42+31+8 {
		t.Errorf("SUM of the managers' points after stage 3 = %v, want 163", got)
	}

	h = x.headingRow("General classification · Yellow jersey")
	if h != 1 {
		t.Errorf("the summary's first heading is in row %d, want 1", h)
	}
	gap := x.column("Gap")
	x.wantGap(gap+"4", 12)
	if got := x.sum(fmt.Sprintf("%s3:%s5", gap, gap)) * 86400; math.Abs(got-51) > 1e-6 {
		t.Errorf("SUM of the podium's gaps = %v s, want 0 + 12 + 39 = 51 s", got)
	}

	h = x.headingRow("Time won and lost, stage by stage (seconds)")
	r := ""
	rows, _ := x.f.GetRows(x.name)
	for i := h; i < len(rows) && r == ""; i++ {
		if len(rows[i]) > 0 && rows[i][0] == "Primož Roglič" {
			r = strconv.Itoa(i + 1)
		}
	}
	for col, want := range map[string]string{"B": "18", "C": "21", "D": "-27"} {
		if got := x.value(col + r); got != want {
			t.Errorf("Roglič's time won and lost %s%s = %q, want %s", col, r, got, want)
		}
	}
	if st := x.style("D" + r); st.CustomNumFmt == nil || *st.CustomNumFmt != signedFormat {
		t.Errorf("D%s number format %v, want %q", r, st.CustomNumFmt, signedFormat)
	}
	if got := x.sum("B" + r + ":D" + r); got != 12 {
		t.Errorf("SUM of Roglič's time won and lost = %v s, want his gap, 12 s", got)
	}

	book := makeXLSX(t, "cp", SheetBook, in)
	s := xlsxSheet{t, book, "The story of the tour"}
	if got := s.value("A1"); got != "Time won and lost, stage by stage (seconds)" {
		t.Errorf("the story's page: A1 = %q, want its first table's heading", got)
	}
	h = s.headingRow("Where the managers' points come from")
	if got := s.value(fmt.Sprintf("H%d", h+1)); got != "Total" {
		t.Fatalf("the points' sources: H%d = %q, want the head Total", h+1, got)
	}
	if got := s.sum(fmt.Sprintf("H%d:H%d", h+2, h+5)); got != 163 {
		t.Errorf("SUM of the managers' totals = %v, want 163", got)
	}
}
