package sheets

import (
	"bytes"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// makeXLSX generates a sheet as a workbook and opens it again.
func makeXLSX(t *testing.T, name, sheet string, in Input) *excelize.File {
	t.Helper()
	var buf bytes.Buffer
	if err := XLSX(&buf, sheet, in); err != nil {
		t.Fatalf("XLSX(%s) of %s: %v", sheet, name, err)
	}
	dump(t, name+"-"+sheet+".xlsx", buf.Bytes())
	f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("opening XLSX(%s) of %s: %v", sheet, name, err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// xlsxSheet is one worksheet under test.
type xlsxSheet struct {
	t    *testing.T
	f    *excelize.File
	name string
}

// value is a cell's raw value.
func (x xlsxSheet) value(ref string) string {
	x.t.Helper()
	v, err := x.f.GetCellValue(x.name, ref, excelize.Options{RawCellValue: true})
	if err != nil {
		x.t.Fatalf("%s!%s: %v", x.name, ref, err)
	}
	return v
}

// style is a cell's style.
func (x xlsxSheet) style(ref string) *excelize.Style {
	x.t.Helper()
	id, err := x.f.GetCellStyle(x.name, ref)
	if err != nil {
		x.t.Fatalf("%s!%s style: %v", x.name, ref, err)
	}
	st, err := x.f.GetStyle(id)
	if err != nil {
		x.t.Fatalf("%s!%s style %d: %v", x.name, ref, id, err)
	}
	return st
}

// header is the worksheet's frozen header row: the first table's, under its title.
func (x xlsxSheet) header() int {
	x.t.Helper()
	panes, err := x.f.GetPanes(x.name)
	if err != nil || !panes.Freeze || panes.YSplit < 1 {
		x.t.Fatalf("%s: no frozen header row (%+v, %v)", x.name, panes, err)
	}
	return panes.YSplit
}

// column finds the column of a title in the header row of the first table.
func (x xlsxSheet) column(title string) string {
	x.t.Helper()
	rows, err := x.f.GetRows(x.name)
	h := x.header()
	if err != nil || len(rows) < h {
		x.t.Fatalf("%s: no header row %d (%v)", x.name, h, err)
	}
	for i, c := range rows[h-1] {
		if c == title {
			name, _ := excelize.ColumnNumberToName(i + 1)
			return name
		}
	}
	x.t.Fatalf("%s: no column %q in header %q", x.name, title, rows[h-1])
	return ""
}

// row finds the first row whose cell in column col reads value.
func (x xlsxSheet) row(col, value string) int {
	x.t.Helper()
	rows, err := x.f.GetRows(x.name)
	if err != nil {
		x.t.Fatal(err)
	}
	n, _ := excelize.ColumnNameToNumber(col)
	for i, r := range rows {
		if len(r) >= n && r[n-1] == value {
			return i + 1
		}
	}
	x.t.Fatalf("%s: no row with %q in column %s", x.name, value, col)
	return 0
}

// wantDuration checks a clock time stored as days with the [h]:mm:ss format.
func (x xlsxSheet) wantDuration(ref string, seconds int) {
	x.t.Helper()
	x.wantDays(ref, seconds, durationFormat)
}

// wantGap checks a gap stored as days with the format that shows its "+".
func (x xlsxSheet) wantGap(ref string, seconds int) {
	x.t.Helper()
	x.wantDays(ref, seconds, gapFormat)
}

// wantDays checks a number of seconds stored as days with a number format.
func (x xlsxSheet) wantDays(ref string, seconds int, format string) {
	x.t.Helper()
	raw := x.value(ref)
	days, err := strconv.ParseFloat(raw, 64)
	if err != nil {
		x.t.Errorf("%s!%s = %q, want a number (a duration of %d s)", x.name, ref, raw, seconds)
		return
	}
	if got := int(math.Round(days * 86400)); got != seconds {
		x.t.Errorf("%s!%s = %v days = %d s, want %d s", x.name, ref, days, got, seconds)
	}
	if st := x.style(ref); st.CustomNumFmt == nil || *st.CustomNumFmt != format {
		x.t.Errorf("%s!%s number format %v, want %q", x.name, ref, st.CustomNumFmt, format)
	}
}

// wantInt checks a cell holding a plain whole number without a duration format.
func (x xlsxSheet) wantInt(ref string, n int) {
	x.t.Helper()
	if got := x.value(ref); got != strconv.Itoa(n) {
		x.t.Errorf("%s!%s = %q, want %d", x.name, ref, got, n)
	}
	if st := x.style(ref); st.CustomNumFmt != nil {
		x.t.Errorf("%s!%s has number format %q, want a plain number", x.name, ref, *st.CustomNumFmt)
	}
}

// checkWorksheet checks what every worksheet has: a valid name, the first table's title in A1
// and its bold header row under it, frozen, with an autofilter.
func checkWorksheet(t *testing.T, f *excelize.File, name string) {
	t.Helper()
	if n := len([]rune(name)); n > 31 || strings.ContainsAny(name, `[]:*?/\`) {
		t.Errorf("worksheet name %q: %d characters or a forbidden one, want ≤ 31 and none of []:*?/\\", name, n)
	}
	panes, err := f.GetPanes(name)
	if err != nil || !panes.Freeze || panes.YSplit != 2 || panes.TopLeftCell != "A3" {
		t.Errorf("%s panes = %+v (%v), want the title and header rows frozen (YSplit 2, A3)", name, panes, err)
	}
	filtered := false
	for _, dn := range f.GetDefinedName() {
		if dn.Name == "_xlnm._FilterDatabase" && dn.Scope == name && strings.Contains(dn.RefersTo, "$A$2:") {
			filtered = true
		}
	}
	if !filtered {
		t.Errorf("%s: no autofilter from A2 (defined names %+v)", name, f.GetDefinedName())
	}
	x := xlsxSheet{t, f, name}
	for _, ref := range []string{"A1", "A2"} {
		if st := x.style(ref); st.Font == nil || !st.Font.Bold {
			t.Errorf("%s!%s style %+v, want bold (the title, the header)", name, ref, st.Font)
		}
		if x.value(ref) == "" {
			t.Errorf("%s!%s is empty, want the first table's title and its first column title", name, ref)
		}
	}
}

// TestXLSXEverySheet writes every sheet of each ruleset's tour and opens it again: worksheet names,
// frozen bold header, autofilter, and for every sheet one worksheet (the book one per sheet).
func TestXLSXEverySheet(t *testing.T) {
	t.Parallel()
	for name, fix := range map[string]fixture{"cp": cyclingPartyTour(t), "caf": ciclismoTour(t), "2ruote": ruoteTour(t)} {
		in := fix.input(len(fix.results))
		for _, info := range Sheets(fix.tour.Ruleset) {
			t.Run(name+"/"+info.ID, func(t *testing.T) {
				f := makeXLSX(t, name, info.ID, in)
				list := f.GetSheetList()
				want := 1
				if info.ID == SheetBook {
					docs, err := build(SheetBook, in)
					if err != nil {
						t.Fatal(err)
					}
					want = len(docs)
				}
				if len(list) != want {
					t.Errorf("%s %s.xlsx has %d worksheets %q, want %d", name, info.ID, len(list), list, want)
				}
				for _, ws := range list {
					checkWorksheet(t, f, ws)
				}
			})
		}
	}
}

// TestXLSXCells reads values back: times as durations, turns and points as numbers, names intact.
func TestXLSXCells(t *testing.T) {
	cp := cyclingPartyTour(t).input(3)

	g := xlsxSheet{t, makeXLSX(t, "cp", SheetGeneral, cp), "General"}
	r := g.row("C", "Tadej Pogačar")
	if got := g.value("A" + strconv.Itoa(r)); got != "1" {
		t.Errorf("General rank of Tadej Pogačar = %q, want 1", got)
	}
	g.wantDuration(g.column("Total")+strconv.Itoa(r), 93)
	g.wantDuration(g.column("S2")+strconv.Itoa(r), 6)
	r = g.row("C", "Primož Roglič")
	g.wantGap(g.column("Gap")+strconv.Itoa(r), 12)
	if got := g.value("D" + strconv.Itoa(r)); got != "Amarillo Jumbo" {
		t.Errorf("General team of Primož Roglič = %q, want Amarillo Jumbo", got)
	}
	r = g.row("C", "Rafał Majka")
	if got := g.value(g.column("Note") + strconv.Itoa(r)); got != "abandoned, stage 2" {
		t.Errorf("General note of Rafał Majka = %q, want \"abandoned, stage 2\"", got)
	}

	res := xlsxSheet{t, makeXLSX(t, "cp", SheetResult, cp), "S3 result"}
	r = res.row("C", "Søren Kragh Andersen")
	res.wantDuration(res.column("Time")+strconv.Itoa(r), 216)
	res.wantInt("A"+strconv.Itoa(r), 11)
	title := res.row("A", "Sprint 1 (km 10)")
	if got := res.value("C" + strconv.Itoa(title+2)); got != "Mark Cavendish" {
		t.Errorf("S3 result: first of sprint 1 = %q, want Mark Cavendish (row %d)", got, title+2)
	}
	res.wantInt("E"+strconv.Itoa(title+2), 5)

	mgr := xlsxSheet{t, makeXLSX(t, "cp", SheetCyclingParty, cp), "Cycling Party"}
	r = mgr.row("B", "Rojo Racing")
	mgr.wantInt("A"+strconv.Itoa(r), 1)
	mgr.wantInt(mgr.column("Stage wins")+strconv.Itoa(r), 10)
	mgr.wantInt(mgr.column("Total")+strconv.Itoa(r), 82)

	entry := xlsxSheet{t, makeXLSX(t, "cp", SheetEntry, cp), "S3 entry"}
	r = entry.row("B", "Michał Kwiatkowski")
	box := entry.style(entry.column("Die") + strconv.Itoa(r))
	if len(box.Border) < 4 {
		t.Errorf("S3 entry: the die box of Michał Kwiatkowski has borders %+v, want a box", box.Border)
	}

	caf := ciclismoTour(t).input(2)
	cg := xlsxSheet{t, makeXLSX(t, "caf", SheetGeneral, caf), "General"}
	r = cg.row("C", "Søren Lilholt")
	cg.wantInt(cg.column("Total")+strconv.Itoa(r), 30)
	cg.wantInt(cg.column("Bonus")+strconv.Itoa(r), 3)
	cg.wantInt(cg.column("S1")+strconv.Itoa(r), 22)

	ru := ruoteTour(t).input(2)
	fat := xlsxSheet{t, makeXLSX(t, "2ruote", SheetFatigue, ru), "Fatigue"}
	r = fat.row("B", "Eddy Merckx")
	ref := fat.column("S2") + strconv.Itoa(r)
	fat.wantInt(ref, 27)
	if st := fat.style(ref); st.Font == nil || !st.Font.Bold || len(st.Fill.Color) == 0 {
		t.Errorf("Fatigue!%s (27, above the limit) style %+v, want bold on a fill", ref, st)
	}
}

// TestWidthRuns groups neighbouring columns of one width, in column order, so that a sheet of a
// thousand columns of boxes sets its widths in a few calls.
func TestWidthRuns(t *testing.T) {
	tests := []struct {
		name   string
		widths map[int]float64
		want   []widthRun
	}{
		{"none", map[int]float64{}, nil},
		{"one", map[int]float64{3: 10}, []widthRun{{3, 3, 10}}},
		{"a run and its neighbours", map[int]float64{1: 40, 2: 8, 3: 8, 4: 8, 5: 12}, []widthRun{{1, 1, 40}, {2, 4, 8}, {5, 5, 12}}},
		{"a gap breaks a run", map[int]float64{1: 8, 3: 8}, []widthRun{{1, 1, 8}, {3, 3, 8}}},
	}
	for _, tt := range tests {
		if got := widthRuns(tt.widths); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: widthRuns = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// BenchmarkBookOfAThousandBottles prints the XLSX book of a tour whose ruleset (restored from a
// backup) gives each team a thousand water bottles a stage: a thousand columns of boxes on each
// entry sheet.
func BenchmarkBookOfAThousandBottles(b *testing.B) {
	f := cyclingPartyTour(b)
	for i := range f.tour.Ruleset.Advantages {
		f.tour.Ruleset.Advantages[i].PerStage = 1000
	}
	in := f.input(1)
	for b.Loop() {
		if err := XLSX(io.Discard, SheetBook, in); err != nil {
			b.Fatal(err)
		}
	}
}
