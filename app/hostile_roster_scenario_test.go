package app_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// sharedStringBomb is the workbook, written part by part: one shared string of 1.9 MB, and
// rows rows of 12 cells that all point at it (t="s", index 0). It is about 4 kB and reads as
// gigabytes when every cell is expanded.
func sharedStringBomb(t testing.TB, rows int) []byte {
	t.Helper()
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestCompression) })
	const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`
	var sheet strings.Builder
	sheet.WriteString(head + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	for range rows {
		sheet.WriteString("<row>" + strings.Repeat(`<c t="s"><v>0</v></c>`, 12) + "</row>")
	}
	sheet.WriteString(`</sheetData></worksheet>`)
	for _, p := range []struct{ name, text string }{
		{"[Content_Types].xml", head + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
			`<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`},
		{"_rels/.rels", head + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", head + `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
			`<sheets><sheet name="Teams" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", head + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
			`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`},
		{"xl/sharedStrings.xml", head + `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>` +
			strings.Repeat("x", 1_900_000) + `</t></si></sst>`},
		{"xl/worksheets/sheet1.xml", sheet.String()},
	} {
		w, err := zw.Create(p.name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, p.text); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestRosterImportRefusesASharedStringBomb posts the 4 kB workbook (40 and 160 rows whose
// every cell is one 1.9 MB shared string) to the import's preview and apply, on the page and the
// API: each is a 422 naming the cell (row 1, column A) and the limit, in the user's language on the
// page, nothing is stored, and each request allocates a few megabytes. Not parallel: the
// allocations measured are the process's.
func TestRosterImportRefusesASharedStringBomb(t *testing.T) {
	ta := newTestApp(t)
	before := ta.snapshot(t)
	const refusal = "row 1, column A: the cell holds 1900000 characters; a roster cell may hold at most 300"
	for _, rows := range []int{40, 160} {
		bomb := sharedStringBomb(t, rows)
		if len(bomb) > 8<<10 {
			t.Fatalf("the workbook of %d rows is %d bytes, want a few kilobytes", rows, len(bomb))
		}
		name := fmt.Sprintf("bomb-%d.xlsx", rows)
		for _, target := range []string{"/api/v1/teams/import?dry_run=1", "/api/v1/teams/import"} {
			var rec *httptestRecorder
			alloc := allocatedBy(func() { rec = ta.upload(t, target, name, bomb, nil, false) })
			checkResponse(t, scenario{method: "POST", url: target, wantStatus: http.StatusUnprocessableEntity, wantCode: "validation", wantFields: []string{"file"},
				wantContains: []string{refusal}}, rec)
			t.Logf("%d rows to %s: %d kB allocated", rows, target, alloc>>10)
			if alloc > 32<<20 {
				t.Errorf("%d rows to %s allocated %d MB, want under 32 MB", rows, target, alloc>>20)
			}
		}
		ta.csrf(t)
		var page *httptestRecorder
		alloc := allocatedBy(func() { page = ta.upload(t, "/teams/import?lang=es", name, bomb, nil, true) })
		checkResponse(t, scenario{method: "POST", url: "/teams/import", wantStatus: http.StatusUnprocessableEntity,
			wantContains: []string{`id="err-file">`, "Fila 1, columna A: la celda tiene 1900000 caracteres; una celda de plantilla admite como máximo 300"}}, page)
		if alloc > 32<<20 {
			t.Errorf("the page preview of %d rows allocated %d MB, want under 32 MB", rows, alloc>>20)
		}
		apply := ta.form(t, "/teams/import/apply", url.Values{"filename": {name}, "content": {base64.StdEncoding.EncodeToString(bomb)}})
		checkResponse(t, scenario{method: "POST", url: "/teams/import/apply", wantStatus: http.StatusUnprocessableEntity,
			wantContains: []string{`id="err-file">`, "R" + refusal[1:]}}, apply)
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("refusing the workbooks changed the database:\n%s", diffLines(before, after))
	}
}

// BenchmarkHostileRosterWorkbook measures the import's refusal of the workbook (160 rows
// of 12 cells pointing at one 1.9 MB shared string) through the API's preview: see -benchmem.
func BenchmarkHostileRosterWorkbook(b *testing.B) {
	ta := newTestApp(b)
	bomb := sharedStringBomb(b, 160)
	b.ReportAllocs()
	for b.Loop() {
		if rec := ta.upload(b, "/api/v1/teams/import?dry_run=1", "bomb.xlsx", bomb, nil, false); rec.Code != http.StatusUnprocessableEntity {
			b.Fatalf("the workbook = %d, want 422: %.300s", rec.Code, rec.Body.String())
		}
	}
}
