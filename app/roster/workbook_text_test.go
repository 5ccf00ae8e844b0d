package roster

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"strings"
	"testing"
)

// hostileBook is a workbook written part by part: its shared strings, its sheets (the first listed
// first in the workbook) and, when not empty, its styles.
type hostileBook struct {
	shared []string
	sheets []func(w io.Writer) error
	styles string
}

// bytes zips the workbook's parts, deflated as a bomb is: a few kilobytes for megabytes of text.
func (b hostileBook) bytes(t testing.TB) []byte {
	t.Helper()
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestCompression) })
	part := func(name string, write func(w io.Writer) error) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := write(w); err != nil {
			t.Fatal(err)
		}
	}
	text := func(s string) func(w io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`
	var types, sheets, rels strings.Builder
	for i := range b.sheets {
		fmt.Fprintf(&types, `<Override PartName="/xl/worksheets/sheet%d.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`, i+1)
		fmt.Fprintf(&sheets, `<sheet name="Sheet%d" sheetId="%d" r:id="rId%d"/>`, i+1, i+1, i+1)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet%d.xml"/>`, i+1, i+1)
	}
	rels.WriteString(`<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`)
	if b.styles != "" {
		rels.WriteString(`<Relationship Id="rIdT" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>`)
	}
	part("[Content_Types].xml", text(head+`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`+
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>`+
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`+types.String()+
		`<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`))
	part("_rels/.rels", text(head+`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`+
		`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`))
	part("xl/workbook.xml", text(head+`<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">`+
		`<sheets>`+sheets.String()+`</sheets></workbook>`))
	part("xl/_rels/workbook.xml.rels", text(head+`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`+rels.String()+`</Relationships>`))
	part("xl/sharedStrings.xml", func(w io.Writer) error {
		if _, err := fmt.Fprintf(w, head+`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">`, len(b.shared), len(b.shared)); err != nil {
			return err
		}
		for _, s := range b.shared {
			if _, err := io.WriteString(w, "<si><t>"+s+"</t></si>"); err != nil {
				return err
			}
		}
		_, err := io.WriteString(w, `</sst>`)
		return err
	})
	if b.styles != "" {
		part("xl/styles.xml", text(head+b.styles))
	}
	for i, sheet := range b.sheets {
		part(fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1), sheet)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// gridSheet is a worksheet of rows rows of cols cells, each written by cell(row, col) (1-based),
// a row's cells without references (each follows the last).
func gridSheet(rows, cols int, cell func(row, col int) string) func(w io.Writer) error {
	return func(w io.Writer) error {
		if _, err := io.WriteString(w, `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`); err != nil {
			return err
		}
		for r := 1; r <= rows; r++ {
			var b strings.Builder
			b.WriteString("<row>")
			for c := 1; c <= cols; c++ {
				b.WriteString(cell(r, c))
			}
			b.WriteString("</row>")
			if _, err := io.WriteString(w, b.String()); err != nil {
				return err
			}
		}
		_, err := io.WriteString(w, `</sheetData></worksheet>`)
		return err
	}
}

// sharedCell is a cell holding shared string i; inlineCell one holding text itself; valueCell one of
// a value of type kind ("" for a number).
func sharedCell(i int) string { return fmt.Sprintf(`<c t="s"><v>%d</v></c>`, i) }
func inlineCell(s string) string {
	return `<c t="inlineStr"><is><t>` + s + `</t></is></c>`
}
func valueCell(kind, v string) string {
	if kind == "" {
		return `<c><v>` + v + `</v></c>`
	}
	return `<c t="` + kind + `"><v>` + v + `</v></c>`
}

// headerThen is a roster sheet: the header row, then rows rows of cols cells written by cell.
func headerThen(rows, cols int, cell func(row, col int) string) func(w io.Writer) error {
	header := []string{"team", "short", "color", "number", "name", "cycling-party role"}
	return gridSheet(rows+1, cols, func(r, c int) string {
		if r == 1 {
			if c <= len(header) {
				return inlineCell(header[c-1])
			}
			return ""
		}
		return cell(r, c)
	})
}

// riderCell is an ordinary rider row's cell c (1-based) of row r.
func riderCell(r, c int) string {
	switch c {
	case 1:
		return inlineCell("Rojo")
	case 2:
		return inlineCell("ROJ")
	case 3:
		return inlineCell("#d62828")
	case 4:
		return valueCell("", fmt.Sprint(r))
	case 5:
		return inlineCell(fmt.Sprintf("Rider %d", r))
	}
	return inlineCell("Leader")
}

// TestReadCountsWhatCellsExpandTo reads workbooks whose cells expand past the limits — the issue's
// 3.8 KB file whose one 1.9 MB shared string fills every cell, a cell one character past the limit
// as a shared string, an inline string and a value, a sheet whose cells add up past its budget, a
// long number format, a number written out long, a cell far to the right — and ordinary ones at
// the limits: each is refused at once with a message naming the row and column (or the limit),
// allocating a few megabytes, or read.
func TestReadCountsWhatCellsExpandTo(t *testing.T) {
	huge := strings.Repeat("x", 1_900_000)
	long := strings.Repeat("é", MaxCellText+1)
	full := strings.Repeat("é", MaxCellText)
	quarter := strings.Repeat("a", 250)
	everyCell := func(rows int) hostileBook {
		return hostileBook{shared: []string{huge}, sheets: []func(io.Writer) error{gridSheet(rows, 12, func(int, int) string { return sharedCell(0) })}}
	}
	withCell := func(row, col int, cell string) func(w io.Writer) error {
		return headerThen(4, 6, func(r, c int) string {
			if r == row && c == col {
				return cell
			}
			return riderCell(r, c)
		})
	}
	for _, c := range []struct {
		name   string
		book   hostileBook
		want   string // "" when read
		budget uint64 // the most bytes refusing it may allocate
	}{
		{"the issue's file, 40 rows", everyCell(40), "row 1, column A: the cell holds 1900000 characters; a roster cell may hold at most 300", 16 << 20},
		{"the issue's file, 160 rows", everyCell(160), "row 1, column A: the cell holds 1900000 characters", 16 << 20},
		{"a shared string one character too long", hostileBook{shared: []string{"Rojo", long}, sheets: []func(io.Writer) error{withCell(3, 5, sharedCell(1))}},
			"row 3, column E: the cell holds 301 characters", 4 << 20},
		{"an inline string one character too long", hostileBook{sheets: []func(io.Writer) error{withCell(4, 2, inlineCell(long))}}, "row 4, column B: the cell holds 301", 4 << 20},
		{"a text value one character too long", hostileBook{sheets: []func(io.Writer) error{withCell(2, 1, valueCell("str", long))}}, "row 2, column A: the cell holds 301", 4 << 20},
		{"a sheet whose cells add up past the budget", hostileBook{shared: []string{quarter}, sheets: []func(io.Writer) error{headerThen(MaxRows, 12, func(int, int) string { return sharedCell(0) })}},
			fmt.Sprintf("the cells up to row %d hold more than 2000000 characters", MaxSheetText/(12*250)+2), 8 << 20},
		{"a number format of 300 characters", hostileBook{sheets: []func(io.Writer) error{withCell(2, 4, valueCell("", "1"))},
			styles: `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="` + strings.Repeat("0", 300) + `"/></numFmts></styleSheet>`},
			"the workbook's number format 164 has 300 characters: a number format has at most 255", 4 << 20},
		{"a text written out ten times by its format", hostileBook{shared: []string{strings.Repeat("a", 40)}, sheets: []func(io.Writer) error{withCell(3, 5, `<c t="s" s="1"><v>0</v></c>`)},
			styles: `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="@@@@@@@@@@"/></numFmts>` +
				`<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>`},
			"row 3, column E: the cell holds 400 characters", 8 << 20},
		{"a cell past the last column", hostileBook{sheets: []func(io.Writer) error{withCell(2, 1, `<c r="ZZ2" t="inlineStr"><is><t>x</t></is></c>`)}}, "row 2 has more than 500 cells", 4 << 20},
		{"an index that is not a number reads string 0", hostileBook{shared: []string{huge, "Rojo"}, sheets: []func(io.Writer) error{withCell(2, 1, valueCell("s", "x"))}},
			"row 2, column A: the cell holds 1900000", 16 << 20},
		{"an index after 40 spaces", hostileBook{shared: []string{"Rojo", huge}, sheets: []func(io.Writer) error{withCell(2, 1, valueCell("s", strings.Repeat(" ", 40)+"1"))}},
			"row 2, column A: the cell holds 1900000", 16 << 20},
		{"a huge second sheet is not read", hostileBook{shared: []string{huge}, sheets: []func(io.Writer) error{withCell(2, 1, riderCell(2, 1)), everyCell(40).sheets[0]}}, "", 0},
		{"a shared string at the limit", hostileBook{shared: []string{full}, sheets: []func(io.Writer) error{withCell(3, 5, sharedCell(0))}}, "", 0},
		{"phonetic runs are not read", hostileBook{shared: []string{"Rojo</t><rPh sb=\"0\" eb=\"1\"><t>" + huge[:4000] + "</t></rPh><t>"}, sheets: []func(io.Writer) error{withCell(2, 1, sharedCell(0))}}, "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := c.book.bytes(t)
			if c.name == "the issue's file, 40 rows" && len(file) > 8<<10 {
				t.Errorf("the issue's file is %d bytes, want a few kilobytes", len(file))
			}
			var err error
			alloc := allocated(func() { _, err = Read(file, "roster.xlsx", attrs) })
			if c.want == "" {
				if err != nil {
					t.Fatalf("Read = %v, want the workbook read", err)
				}
				return
			}
			wantLimit(t, c.name, err, c.want)
			if alloc > c.budget {
				t.Errorf("refusing it allocated %d bytes, want under %d", alloc, c.budget)
			}
		})
	}
}

// TestReadCountsCSVCells refuses a CSV cell longer than any field, naming its row and column.
func TestReadCountsCSVCells(t *testing.T) {
	csv := "team,short,color,number,name\nRojo,ROJ,#d62828,1,Tadej\nRojo,ROJ,#d62828,2," + strings.Repeat("n", MaxCellText+1) + "\n"
	_, err := Read([]byte(csv), "roster.csv", attrs)
	wantLimit(t, "a CSV name of 301 characters", err, "row 3, column E: the cell holds 301 characters")
}

// BenchmarkReadSharedStringBomb measures refusing the workbook (3.8 KB, one shared string
// of 1.9 MB in each of 160 rows of 12 cells): see -benchmem for what it allocates.
func BenchmarkReadSharedStringBomb(b *testing.B) {
	file := hostileBook{shared: []string{strings.Repeat("x", 1_900_000)},
		sheets: []func(io.Writer) error{gridSheet(160, 12, func(int, int) string { return sharedCell(0) })}}.bytes(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(file, "roster.xlsx", attrs); err == nil {
			b.Fatal("the shared-string bomb was read")
		}
	}
	b.ReportMetric(float64(len(file)), "file-bytes")
}
