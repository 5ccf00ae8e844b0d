package sheets

import (
	"bytes"
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

// TestXLSXLayoutAndTypes writes every sheet of each ruleset's tour and its book (the Cycling Party
// one also in Spanish and Italian) and reads it back cell by cell against the sheet's own tables: each table's
// title once, in column A above its header, and each paragraph's heading once below the tables;
// every rank, bib, count and point a number; every time a duration, every gap a duration shown with
// its "+", every time won or lost a signed number; no text anywhere that reads as a number.
func TestXLSXLayoutAndTypes(t *testing.T) {
	t.Parallel()
	cp := cyclingPartyTour(t)
	runs := []struct {
		name, lang string
		fix        fixture
	}{{"cp", i18n.English, cp}, {"caf", i18n.English, ciclismoTour(t)}, {"2ruote", i18n.English, ruoteTour(t)},
		{"cp", i18n.Spanish, cp}, {"cp", i18n.Italian, cp}}
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	for _, run := range runs {
		in := run.fix.input(len(run.fix.results))
		in.Words = cat.Localizer(run.lang)
		for _, info := range Sheets(run.fix.tour.Ruleset) {
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
