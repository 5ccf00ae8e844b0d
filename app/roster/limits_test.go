package roster

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// allocated runs f and returns the bytes it allocated (runtime.MemStats.TotalAlloc), so a test can
// check that a refusal reads little rather than how long it takes.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// smallWorkbook is a real one-sheet workbook with a header row.
func smallWorkbook(t testing.TB) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetRow("Sheet1", "A1", &[]any{"team", "short", "color", "number", "name", "role"}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withSheet rewrites a workbook with its first sheet's XML replaced by what write produces (deflated),
// as a decompression bomb is made: a small file whose sheet unpacks to a huge one.
func withSheet(t testing.TB, book []byte, write func(w io.Writer) error) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestCompression) })
	for _, f := range zr.File {
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == "xl/worksheets/sheet1.xml" {
			if err := write(w); err != nil {
				t.Fatal(err)
			}
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(w, rc); err != nil {
			t.Fatal(err)
		}
		rc.Close()
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// sheetXML writes a worksheet of the header and rows copies of row (in chunks, to be quick).
func sheetXML(rows int, row string) func(w io.Writer) error {
	return func(w io.Writer) error {
		head := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
			`<row><c t="inlineStr"><is><t>team</t></is></c><c t="inlineStr"><is><t>short</t></is></c><c t="inlineStr"><is><t>color</t></is></c>` +
			`<c t="inlineStr"><is><t>number</t></is></c><c t="inlineStr"><is><t>name</t></is></c><c t="inlineStr"><is><t>role</t></is></c></row>`
		if _, err := io.WriteString(w, head); err != nil {
			return err
		}
		chunk := strings.Repeat(row, 1000)
		for n := 0; n < rows; n += 1000 {
			if _, err := io.WriteString(w, chunk); err != nil {
				return err
			}
		}
		_, err := io.WriteString(w, `</sheetData></worksheet>`)
		return err
	}
}

// riderRow is a worksheet row of one rider, without row numbers (each row follows the last).
const riderRow = `<row><c t="inlineStr"><is><t>Rojo</t></is></c><c t="inlineStr"><is><t>ROJ</t></is></c><c t="inlineStr"><is><t>#d62828</t></is></c>` +
	`<c><v>1</v></c><c t="inlineStr"><is><t>Tadej</t></is></c><c t="inlineStr"><is><t>leader</t></is></c></row>`

// shortRow is a worksheet row of 96 bytes: two million of them unpack to 184 MB.
const shortRow = `<row><c t="inlineStr"><is><t>Roj</t></is></c><c><v>1</v></c><c><v>2</v></c><c><v>3</v></c></row>`

// wantLimit checks a read was refused for its size, with a message naming the limit.
func wantLimit(t *testing.T, what string, err error, limit string) {
	t.Helper()
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("%s: Read = %v, want a *LimitError", what, err)
	}
	if !strings.Contains(le.Message, limit) {
		t.Errorf("%s: refusal %q does not name the limit %q", what, le.Message, limit)
	}
}

// TestReadRefusesADecompressionBomb reads a workbook of a few hundred kB whose sheet unpacks to
// about 184 MB (two million rows, as the issue's): it is refused from the zip's directory alone,
// allocating next to nothing.
func TestReadRefusesADecompressionBomb(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: compressing the 2-million-row bomb takes minutes under the race detector; the full passes run it")
	}
	bomb := withSheet(t, smallWorkbook(t), sheetXML(2_000_000, shortRow))
	if len(bomb) > 2<<20 {
		t.Fatalf("the bomb is %d bytes, want a small file", len(bomb))
	}
	var err error
	alloc := allocated(func() { _, err = Read(bomb, "bomb.xlsx", attrs) })
	wantLimit(t, "a workbook unpacking to 184 MB", err, "at most 10 MB")
	if !strings.Contains(err.Error(), "unpacks to 184 MB") {
		t.Errorf("refusal %q does not say what the workbook unpacks to", err)
	}
	if alloc > 4<<20 {
		t.Errorf("refusing the bomb allocated %d bytes, want under 4 MB", alloc)
	}
}

// TestReadStopsAtTheRowLimit reads workbooks and CSVs within the size limit but past the row limit:
// reading stops there (a workbook of 100,000 rows costs what 5,000 do, not twenty times more).
func TestReadStopsAtTheRowLimit(t *testing.T) {
	xlsx := withSheet(t, smallWorkbook(t), sheetXML(100_000, shortRow))
	var err error
	alloc := allocated(func() { _, err = Read(xlsx, "many.xlsx", attrs) })
	wantLimit(t, "a workbook of 100,000 riders", err, "at most 5000 riders")
	if alloc > 64<<20 {
		t.Errorf("refusing 100,000 rows allocated %d bytes, want what reading 5,000 takes (under 64 MB)", alloc)
	}

	blank := withSheet(t, smallWorkbook(t), sheetXML(300_000, `<row/>`))
	alloc = allocated(func() { _, err = Read(blank, "blank.xlsx", attrs) })
	wantLimit(t, "a workbook of 300,000 blank rows", err, "more than 10000 rows")
	if alloc > 40<<20 {
		t.Errorf("refusing 300,000 blank rows allocated %d bytes, want a few MB", alloc)
	}

	sparse := withSheet(t, smallWorkbook(t), func(w io.Writer) error {
		_, err := io.WriteString(w, `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`+
			`<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>`)
		return err
	})
	alloc = allocated(func() { _, err = Read(sparse, "sparse.xlsx", attrs) })
	wantLimit(t, "a workbook with a row numbered 1,048,576", err, "more than 10000 rows")
	if alloc > 8<<20 {
		t.Errorf("refusing a far row allocated %d bytes, want a few MB", alloc)
	}

	var csv strings.Builder
	csv.WriteString("team,short,color,number,name,role\n")
	for range MaxRows + 1 {
		csv.WriteString("Rojo,ROJ,#d62828,1,Tadej,leader\n")
	}
	_, err = Read([]byte(csv.String()), "many.csv", attrs)
	wantLimit(t, "a CSV of 5,001 riders", err, "at most 5000 riders")

	endless := []byte("team,short,color,number,name,role\n" + strings.Repeat(",", 4<<20) + "\n")
	alloc = allocated(func() { _, err = Read(endless, "wide.csv", attrs) })
	wantLimit(t, "a CSV row of four million cells", err, "more than 500 cells")
	if alloc > 4<<20 {
		t.Errorf("refusing a row of four million cells allocated %d bytes, want under 4 MB", alloc)
	}
}

// TestReadAtTheRowLimit reads a roster of exactly MaxRows riders: accepted.
func TestReadAtTheRowLimit(t *testing.T) {
	var csv strings.Builder
	csv.WriteString("team,short,color,number,name,role\n")
	for i := range MaxRows {
		fmt.Fprintf(&csv, "T%d,TT,#d62828,1,Rider %d,leader\n", i, i)
	}
	sh, err := Read([]byte(csv.String()), "full.csv", attrs)
	if err != nil || len(sh.Rows) != MaxRows {
		t.Fatalf("Read of %d riders = %d rows, %v; want them all", MaxRows, len(sh.Rows), err)
	}
	xlsx := withSheet(t, smallWorkbook(t), sheetXML(MaxRows, riderRow))
	sh, err = Read(xlsx, "full.xlsx", attrs)
	if err != nil || len(sh.Rows) != MaxRows {
		t.Fatalf("Read of a workbook of %d riders = %d rows, %v; want them all", MaxRows, len(sh.Rows), err)
	}
}

// TestReadRefusesALargeSharedPart refuses a workbook whose shared strings (parsed whole) are past
// the part limit.
func TestReadRefusesALargeSharedPart(t *testing.T) {
	book := smallWorkbook(t)
	zr, err := zip.NewReader(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		w, _ := zw.Create(f.Name)
		rc, _ := f.Open()
		_, _ = io.Copy(w, rc)
		rc.Close()
	}
	w, _ := zw.Create("xl/sharedStrings.xml")
	_, _ = io.WriteString(w, `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`+strings.Repeat(`<si><t>a</t></si>`, 300_000)+`</sst>`)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = Read(out.Bytes(), "strings.xlsx", attrs)
	wantLimit(t, "5 MB of shared strings", err, "at most 2 MB")
}

func TestCSVCellsThatLookLikeFormulas(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{`=HYPERLINK("http://x","x")`, `'=HYPERLINK("http://x","x")`},
		{"+1", "'+1"}, {"-1", "'-1"}, {"@SUM(A1)", "'@SUM(A1)"}, {"\tx", "'\tx"}, {"\rx", "'\rx"},
		{"'=x", "''=x"}, {"''+x", "'''+x"},
		{"Tadej", "Tadej"}, {"'quoted'", "'quoted'"}, {"", ""}, {"'", "'"}, {"a=b", "a=b"},
	} {
		if got := EscapeCell(c.in); got != c.out {
			t.Errorf("EscapeCell(%q) = %q, want %q", c.in, got, c.out)
		}
		if got := UnescapeCell(c.out); got != c.in {
			t.Errorf("UnescapeCell(%q) = %q, want %q", c.out, got, c.in)
		}
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, sampleRows(), attrs); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.HasPrefix(out, "\ufeffteam,") {
		t.Errorf("CSV starts %q, want a UTF-8 byte order mark then the header", out[:12])
	}
	for _, want := range []string{`"'=HYPERLINK(""http://x"",""x"")"`, `,'-2+3,,'@SUM(A1)`, `,''=already quoted,,'+1`} {
		if !strings.Contains(out, want) {
			t.Errorf("CSV lacks %s:\n%s", want, out)
		}
	}
}
