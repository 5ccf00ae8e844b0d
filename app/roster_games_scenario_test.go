package app_test

// Scenarios of the roster with a role per game: exact round trips, older single-role files, problems
// in the games' words, cells that look like formulas, and files past the size limits (a decompression
// bomb), refused at once and allocating little.

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// enrichGames gives the database riders of every game: a team of mixed riders, some changed roles.
func enrichGames(t testing.TB, ta *testApp) {
	t.Helper()
	enrich(t, ta)
	rec := ta.do(t, http.MethodPost, "/api/v1/teams", obj{"name": `=HYPERLINK("http://evil.example","x")`, "short": "EVIL", "color": "#abcdef", "riders": []obj{
		{"number": 1, "name": "-2+3 Ñúñez", "games": obj{"cycling-party": obj{"role": "leader"}, "ciclismo-a-fondo": obj{"role": "RE"}}},
		{"number": 2, "name": "@Łoś", "games": obj{"2ruote": obj{"attributes": obj{"cost": 2, "volata": 9}}}},
		{"number": 3, "name": "'=quoted already", "games": obj{"ciclismo-a-fondo": obj{"role": "CR"}}},
	}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("creating the mixed team = %d; body:\n%s", rec.Code, rec.Body)
	}
	rec = ta.do(t, http.MethodPut, "/api/v1/riders/2", obj{"name": "Óscar Freire", "number": 2, "games": obj{"cycling-party": obj{"role": "sprinter"}, "ciclismo-a-fondo": obj{"role": "RS"}}})
	if rec.Code != http.StatusOK {
		t.Fatalf("changing rider 2 = %d; body:\n%s", rec.Code, rec.Body)
	}
}

// sheetRows reads an XLSX export's rows.
func sheetRows(t testing.TB, file []byte) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestRosterGamesRoundTripIsExact exports a database of every game, imports it into an empty one and
// exports again: the database and the CSV file come back identical, the workbook's cells too.
func TestRosterGamesRoundTripIsExact(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"csv", "xlsx"} {
		t.Run(format, func(t *testing.T) {
			src := newTestApp(t)
			enrichGames(t, src)
			first := export(t, src, format)
			dst := newTestApp(t)
			emptyDatabase(t, dst)
			if rec := dst.upload(t, "/api/v1/teams/import", "roster."+format, first, nil, false); rec.Code != http.StatusOK {
				t.Fatalf("importing the export = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
			}
			if got, want := content(t, dst), content(t, src); got != want {
				t.Errorf("after the round trip the database is\n%s\nwant\n%s", got, want)
			}
			second := export(t, dst, format)
			if format == "csv" && !bytes.Equal(first, second) {
				t.Errorf("the CSV exported again differs:\n%s\nfirst:\n%s", second, first)
			}
			if format == "xlsx" && fmt.Sprint(sheetRows(t, first)) != fmt.Sprint(sheetRows(t, second)) {
				t.Errorf("the workbook exported again differs")
			}
		})
	}
}

// TestRosterCSVCellsThatLookLikeFormulas exports names starting with =, - and @: the CSV shows them as
// text (an apostrophe in front) with a byte order mark, the workbook stores text, not formulas.
func TestRosterCSVCellsThatLookLikeFormulas(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	enrichGames(t, ta)
	c := string(export(t, ta, "csv"))
	if !strings.HasPrefix(c, "\ufeffteam,") {
		t.Errorf("the CSV does not start with a byte order mark and the header")
	}
	for _, want := range []string{`"'=HYPERLINK(""http://evil.example"",""x"")",EVIL,#abcdef,1,'-2+3 Ñúñez,`, `,2,'@Łoś,`, `,3,''=quoted already,`} {
		if !strings.Contains(c, want) {
			t.Errorf("the CSV lacks %s", want)
		}
	}
	if strings.Contains(c, "\n=") || strings.Contains(c, ",=") || strings.Contains(c, ",-2") || strings.Contains(c, ",@") {
		t.Errorf("a CSV cell starts with a formula character:\n%s", c)
	}
	book := export(t, ta, "xlsx")
	f, err := excelize.OpenReader(bytes.NewReader(book))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sheet := f.GetSheetList()[0]
	rows, _ := f.GetRows(sheet)
	for i, r := range rows {
		if r[0] != `=HYPERLINK("http://evil.example","x")` {
			continue
		}
		cell := fmt.Sprintf("A%d", i+1)
		if formula, _ := f.GetCellFormula(sheet, cell); formula != "" {
			t.Errorf("the workbook stores the team name as the formula %q", formula)
		}
		return
	}
	t.Errorf("the workbook lacks the team named like a formula, as text")
}

// TestRosterOlderSingleRoleFile imports a file of the older shape (one role column): each role goes
// to its game, by id or by name, and the riders keep their roles in the other games.
func TestRosterOlderSingleRoleFile(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	file := csvFile(t, [][]string{
		{"team", "short", "color", "number", "name", "role", "cost"},
		{"Rojo", "ROJ", "#d62828", "1", "Tadej Pogačar", "leader", ""},
		{"Rojo", "ROJ", "#d62828", "7", "Nuevo", "Jefe de filas", ""},
		{"Rojo", "ROJ", "#d62828", "8", "Otro", "rider", "3"},
	})
	before := riderOf(t, ta, 1).Games
	rec := ta.upload(t, "/api/v1/teams/import", "old.csv", file, nil, false)
	if rec.Code != http.StatusOK {
		t.Fatalf("importing an older file = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if ans := decode[importAnswer](t, rec); ans.Counts["riders_unchanged"] != 1 || ans.Counts["riders_create"] != 2 {
		t.Errorf("counts = %v, want Pogačar unchanged and two riders created", ans.Counts)
	}
	if after := riderOf(t, ta, 1).Games; fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("Pogačar's games after an older file = %v, want them kept: %v", after, before)
	}
	for _, team := range getTeams(t, ta) {
		for _, r := range team.Riders {
			switch r.Name {
			case "Nuevo":
				if fmt.Sprint(r.Games) != "map[ciclismo-a-fondo:{JF map[]}]" {
					t.Errorf("Nuevo's games = %v, want the JF of Ciclismo a fondo only", r.Games)
				}
			case "Otro":
				if r.Games["2ruote"].Role != "rider" || r.Games["2ruote"].Attributes["cost"] != 3 {
					t.Errorf("Otro's games = %v, want a 2RUOTE card of cost 3", r.Games)
				}
			}
		}
	}
}

// TestRosterProblemsInTheGamesWords imports roles that fit no game: the problems name the row, the
// column and the game's roles in its words, never a role id such as flat_domestique.
func TestRosterProblemsInTheGamesWords(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	file := csvFile(t, [][]string{
		{"team", "short", "color", "number", "name", "cycling-party role", "ciclismo-a-fondo role", "2ruote cost"},
		{"Nuevo", "NUE", "#123456", "1", "Uno", "Leader", "JF", "2"},
		{"Nuevo", "NUE", "#123456", "2", "Dos", "sprinter", "sprinter", ""},
		{"Nuevo", "NUE", "#123456", "3", "Tres", "flat_domestiqu", "RO", ""},
		{"Nuevo", "NUE", "#123456", "4", "Cuatro", "flat_domestique", "XX", "5"},
	})
	rec := ta.upload(t, "/api/v1/teams/import?dry_run=1", "games.csv", file, nil, false)
	ans := decode[importAnswer](t, rec)
	got := map[string]string{}
	for _, p := range ans.Problems {
		got[fmt.Sprintf("%d %s", p.Row, p.Column)] = p.Message
	}
	english := func(ruleset, id string) string { // the messages are English: they name roles in English
		r, _ := getRuleset(t, ta, ruleset).Role(id)
		return r.NameIn("en")
	}
	flat := english("cycling-party", "flat_domestique")
	want := map[string][]string{
		"4 cycling-party role":    {`"flat_domestiqu" is not a Cycling Party`, flat},
		"5 ciclismo-a-fondo role": {`"XX" is not a Ciclismo a fondo role; the roles are `, english("ciclismo-a-fondo", "RE")},
		"5 2ruote cost":           {"must be between 1 and 4"},
	}
	if len(got) != len(want) {
		t.Errorf("problems = %v, want %d: %v", got, len(want), want)
	}
	for cell, says := range want {
		for _, s := range says {
			if !strings.Contains(got[cell], s) {
				t.Errorf("problem at %s = %q, want it to say %q", cell, got[cell], s)
			}
		}
		if strings.Contains(got[cell], "flat_domestique") || strings.Contains(got[cell], "mountain_domestique") {
			t.Errorf("problem at %s names a role by its id: %q", cell, got[cell])
		}
	}
	// The page shows them too, by row and column.
	ta.csrf(t)
	page := ta.upload(t, "/teams/import", "games.csv", file, nil, true)
	if page.Code != http.StatusUnprocessableEntity || !strings.Contains(page.Body.String(), `<td class="num">4</td><td>cycling-party role</td><td>&#34;flat_domestiqu&#34; is not a Cycling Party`) {
		t.Errorf("the import preview = %d without the problem of row 4; body:\n%s", page.Code, clip(page.Body.String()))
	}
}

// bombWorkbook is a real workbook whose first sheet is replaced by rows copies of a 96-byte row,
// deflated: two million rows make a file of a few hundred kB that unpacks to 184 MB.
func bombWorkbook(t testing.TB, rows int) []byte {
	t.Helper()
	book := xlsxFile(t, [][]string{{"team", "short", "color", "number", "name"}})
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
		if f.Name != "xl/worksheets/sheet1.xml" {
			rc, _ := f.Open()
			_, _ = io.Copy(w, rc)
			rc.Close()
			continue
		}
		_, _ = io.WriteString(w, `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
		chunk := strings.Repeat(`<row><c t="inlineStr"><is><t>Roj</t></is></c><c><v>1</v></c><c><v>2</v></c><c><v>3</v></c></row>`, 1000)
		for n := 0; n < rows; n += 1000 {
			_, _ = io.WriteString(w, chunk)
		}
		_, _ = io.WriteString(w, `</sheetData></worksheet>`)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// allocatedBy runs f and returns the bytes it allocated (runtime.MemStats.TotalAlloc): how much a
// request reads, not how long it takes.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestRosterImportRefusesADecompressionBomb posts the workbook (about 650 kB unpacking to
// 184 MB, two million rows) and a CSV of too many rows to the API and the page: each is refused with
// a 422 naming the limit, nothing stored, and the request allocates a few MB. Not parallel: the
// allocations measured are the process's.
func TestRosterImportRefusesADecompressionBomb(t *testing.T) {
	if testing.Short() {
		t.Skip("-short (the race detector's pass, whose instrumentation allocates too): the full passes measure the bomb's cost")
	}
	ta := newTestApp(t)
	bomb := bombWorkbook(t, 2_000_000)
	var many strings.Builder
	many.WriteString("team,short,color,number,name,cycling-party role\n")
	for i := range 6000 {
		fmt.Fprintf(&many, "T%d,TT,#d62828,1,Rider %d,leader\n", i, i)
	}
	before := ta.snapshot(t)
	for _, c := range []struct {
		name, filename string
		content        []byte
		limit          string
		most           uint64
	}{
		{"a workbook unpacking to 184 MB", "bomb.xlsx", bomb, "unpacks to 184 MB: a roster workbook may unpack to at most 10 MB", 8 << 20},
		{"a CSV of 6,000 riders", "many.csv", []byte(many.String()), "at most 5000 riders", 8 << 20},
	} {
		for _, target := range []string{"/api/v1/teams/import?dry_run=1", "/api/v1/teams/import"} {
			var rec *httptestRecorder
			alloc := allocatedBy(func() { rec = ta.upload(t, target, c.filename, c.content, nil, false) })
			checkResponse(t, scenario{method: "POST", url: target, wantStatus: http.StatusUnprocessableEntity, wantCode: "validation", wantFields: []string{"file"},
				wantContains: []string{c.limit}}, rec)
			t.Logf("%s to %s: %d kB", c.name, target, alloc>>10)
			if alloc > c.most {
				t.Errorf("%s to %s allocated %d MB, want under %d MB", c.name, target, alloc>>20, c.most>>20)
			}
		}
		ta.csrf(t)
		page := ta.upload(t, "/teams/import", c.filename, c.content, nil, true)
		checkResponse(t, scenario{method: "POST", url: "/teams/import", wantStatus: http.StatusUnprocessableEntity,
			wantContains: []string{`id="err-file">`, c.limit, "nothing was stored"}}, page)
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("refusing the files changed the database:\n%s", diffLines(before, after))
	}
}

// TestFinishCSVLimits sends a real race's finish CSV past the limits: more rows than a finish has,
// and one endless line. Each is refused with a 422 naming the limit, allocating little.
func TestFinishCSVLimits(t *testing.T) {
	ta := newTestApp(t)
	p := propose(t, ta, map[string]any{"ruleset": "uci-road", "name": "Volta", "stages": 1, "profile": "flat", "riders_per_team": 6, "seed": 1})
	tour := createTour(t, ta, createBody(p, defaultTeamIDs(t, ta, 2)...))
	url := fmt.Sprintf("/api/v1/tours/%d/stages/1/finish", tour.ID)
	var many strings.Builder
	many.WriteString("bib,time\n")
	for range 1001 {
		many.WriteString("11,4:00:00\n")
	}
	endless := "bib,time\n11," + strings.Repeat(",", 4<<20) + "\n"
	for _, c := range []struct{ name, body, limit string }{
		{"1,001 rows", many.String(), "has more than 1000 rows"},
		{"a line of four million cells", endless, "has more than 100 cells"},
	} {
		before := ta.snapshot(t)
		var rec *httptestRecorder
		alloc := allocatedBy(func() {
			req := httptest.NewRequest(http.MethodPut, url, strings.NewReader(c.body))
			req.Header.Set("Content-Type", "text/csv")
			rec = ta.serve(t, req, true)
		})
		checkResponse(t, scenario{method: "PUT", url: url, wantStatus: http.StatusUnprocessableEntity, wantFields: []string{"file"}, wantContains: []string{c.limit}}, rec)
		if alloc > 32<<20 {
			t.Errorf("%s allocated %d MB, want a few", c.name, alloc>>20)
		}
		if ta.snapshot(t) != before {
			t.Errorf("refusing %s changed the database", c.name)
		}
	}
}
