package app_test

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// importAnswer is what POST /api/v1/teams/import answers when it is not refused.
type importAnswer struct {
	Teams []struct {
		Name   string `json:"name"`
		Action string `json:"action"`
	} `json:"teams"`
	Problems []struct {
		Row     int    `json:"row"`
		Column  string `json:"column"`
		Message string `json:"message"`
	} `json:"problems"`
	Counts map[string]int `json:"counts"`
	Stored bool           `json:"stored"`
}

// content is the database's teams and riders without ids, in a stable order: what a round trip must keep.
func content(t testing.TB, ta *testApp) string {
	t.Helper()
	teams := getTeams(t, ta)
	sort.Slice(teams, func(i, j int) bool { return teams[i].Name < teams[j].Name })
	var b strings.Builder
	for _, team := range teams {
		fmt.Fprintf(&b, "%s | %s | %s\n", team.Name, team.Short, team.Color)
		for _, r := range team.Riders {
			attrs, _ := json.Marshal(r.Attributes)
			games, _ := json.Marshal(r.Games)
			fmt.Fprintf(&b, "  %d | %s | %s | %s | %s\n", r.Number, r.Name, r.Role, attrs, games)
		}
	}
	return b.String()
}

// enrich changes a fresh database so a round trip has something to carry: accents, a renamed rider,
// a team of 2RUOTE riders with their values, a team without riders.
func enrich(t testing.TB, ta *testApp) {
	t.Helper()
	rec := ta.do(t, http.MethodPost, "/api/v1/teams", obj{"name": "Ñandú Čapek Ørsted", "short": "ÑČØ", "color": "#0a0b0c", "riders": []obj{
		{"number": 1, "name": "Łukasz Wiśniowski", "role": "rider", "attributes": obj{"cost": 4, "pianura": 9, "montagna": 1, "discesa": 5, "collina": 6, "volata": 7, "cronometro": 8}},
		{"number": 2, "name": "Søren Ñúñez", "role": "rider", "attributes": obj{"cost": 1}},
		{"number": 9, "name": "Čeněk Łoś", "role": "JF"},
	}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("creating the accented team = %d; body:\n%s", rec.Code, rec.Body)
	}
	rec = ta.do(t, http.MethodPost, "/api/v1/teams", obj{"name": "Vacío Łódź", "short": "VŁ", "color": "#fefefe"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("creating the team without riders = %d; body:\n%s", rec.Code, rec.Body)
	}
	rec = ta.do(t, http.MethodPut, "/api/v1/riders/6", obj{"name": "Jacky Durand Ñ", "number": 6, "role": "lanterne_rouge"})
	if rec.Code != http.StatusOK {
		t.Fatalf("renaming rider 6 = %d; body:\n%s", rec.Code, rec.Body)
	}
}

// roleWords is a role's name in its game, as the ruleset names it (the words files and pages use).
func roleWords(t testing.TB, ta *testApp, ruleset, id string) string {
	t.Helper()
	rs := getRuleset(t, ta, ruleset)
	if r, ok := rs.Role(id); ok {
		return r.Name
	}
	t.Fatalf("ruleset %s has no role %q", ruleset, id)
	return ""
}

// export downloads the database in format (xlsx or csv), checking the download headers.
func export(t testing.TB, ta *testApp, format string) []byte {
	t.Helper()
	rec := ta.do(t, http.MethodGet, "/api/v1/teams/export."+format, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET export.%s = %d; body:\n%s", format, rec.Code, clip(rec.Body.String()))
	}
	wantType := map[string]string{"xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "csv": "text/csv"}[format]
	if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, wantType) {
		t.Errorf("export.%s Content-Type = %q, want %q", format, got, wantType)
	}
	if got := rec.Header().Get("Content-Disposition"); !strings.HasPrefix(got, "attachment; filename=\"teams-") || !strings.HasSuffix(got, "."+format+"\"") {
		t.Errorf("export.%s Content-Disposition = %q, want an attachment teams-….%s", format, got, format)
	}
	return rec.Body.Bytes()
}

// emptyDatabase deletes every team.
func emptyDatabase(t testing.TB, ta *testApp) {
	t.Helper()
	for _, team := range getTeams(t, ta) {
		if rec := ta.do(t, http.MethodDelete, fmt.Sprintf("/api/v1/teams/%d", team.ID), nil); rec.Code != http.StatusNoContent {
			t.Fatalf("DELETE team %d = %d", team.ID, rec.Code)
		}
	}
}

func TestRosterRoundTrip(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"xlsx", "csv"} {
		for _, into := range []string{"an empty database", "a fresh database with the default teams"} {
			t.Run(format+" into "+into, func(t *testing.T) {
				src := newTestApp(t)
				enrich(t, src)
				want := content(t, src)
				file := export(t, src, format)

				dst := newTestApp(t)
				if into == "an empty database" {
					emptyDatabase(t, dst)
				}
				rec := dst.upload(t, "/api/v1/teams/import", "roster."+format, file, nil, false)
				if rec.Code != http.StatusOK {
					t.Fatalf("importing the %s export = %d, want 200; body:\n%s", format, rec.Code, clip(rec.Body.String()))
				}
				if ans := decode[importAnswer](t, rec); !ans.Stored || len(ans.Problems) != 0 {
					t.Errorf("import answer stored=%v problems=%v, want stored and no problem", ans.Stored, ans.Problems)
				}
				if got := content(t, dst); got != want {
					t.Errorf("after the %s round trip the database is\n%s\nwant\n%s", format, got, want)
				}
			})
		}
	}
}

func TestRosterExportKeepsAccents(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	enrich(t, ta)
	c := string(export(t, ta, "csv"))
	if !strings.HasPrefix(c, "\ufeff") {
		t.Errorf("the CSV export does not start with a UTF-8 byte order mark: %q", c[:min(len(c), 20)])
	}
	c = strings.TrimPrefix(c, "\ufeff")
	lines := strings.Split(strings.TrimSpace(c), "\n")
	if lines[0] != "team,short,color,number,name,born,cycling-party role,ciclismo-a-fondo role,2ruote cost,2ruote pianura,2ruote montagna,2ruote discesa,2ruote collina,2ruote volata,2ruote cronometro" {
		t.Errorf("CSV header = %q", lines[0])
	}
	leader, jf := roleWords(t, ta, "cycling-party", "leader"), roleWords(t, ta, "ciclismo-a-fondo", "JF")
	for _, want := range []string{"Rojo,ROJ,#d62828,1,Tadej Pogačar,," + leader + "," + jf + ",3,6,9,7,8,5,8\n", "Vacío Łódź,VŁ,#fefefe,,,,,,,,,,,,\n",
		"Ñandú Čapek Ørsted,ÑČØ,#0a0b0c,1,Łukasz Wiśniowski,,,,4,9,1,5,6,7,8\n", "Ñandú Čapek Ørsted,ÑČØ,#0a0b0c,9,Čeněk Łoś,,," + jf + ",,,,,,,\n", "Rafał Majka"} {
		if !strings.Contains(c, want) {
			t.Errorf("CSV export lacks %q:\n%s", want, c)
		}
	}
	f, err := excelize.OpenReader(bytes.NewReader(export(t, ta, "xlsx")))
	if err != nil {
		t.Fatalf("the XLSX export does not open: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+36+3+1 {
		t.Errorf("XLSX export has %d rows, want a header, 39 riders and a team without riders", len(rows))
	}
	found := false
	for _, r := range rows {
		if len(r) > 8 && r[0] == "Ñandú Čapek Ørsted" && r[4] == "Łukasz Wiśniowski" && r[8] == "4" {
			found = true
		}
	}
	if !found {
		t.Errorf("XLSX export lacks the row of Łukasz Wiśniowski of Ñandú Čapek Ørsted with cost 4")
	}
}

func TestRosterDryRun(t *testing.T) {
	t.Parallel()
	src := newTestApp(t)
	enrich(t, src)
	for _, format := range []string{"xlsx", "csv"} {
		t.Run(format, func(t *testing.T) {
			ta := newTestApp(t)
			before := ta.snapshot(t)
			rec := ta.upload(t, "/api/v1/teams/import?dry_run=1", "roster."+format, export(t, src, format), nil, false)
			if rec.Code != http.StatusOK {
				t.Fatalf("dry run = %d, want 200; body:\n%s", rec.Code, clip(rec.Body.String()))
			}
			ans := decode[importAnswer](t, rec)
			if ans.Stored {
				t.Errorf("dry run answered stored=true")
			}
			wantCounts := map[string]int{"teams_create": 2, "teams_update": 1, "teams_unchanged": 5, "riders_create": 3, "riders_update": 1, "riders_unchanged": 35}
			for k, want := range wantCounts {
				if ans.Counts[k] != want {
					t.Errorf("dry run counts[%s] = %d, want %d (all %v)", k, ans.Counts[k], want, ans.Counts)
				}
			}
			actions := map[string]string{}
			for _, team := range ans.Teams {
				actions[team.Name] = team.Action
			}
			if actions["Ñandú Čapek Ørsted"] != "create" || actions["Rojo"] != "update" || actions["Azul"] != "unchanged" {
				t.Errorf("dry run team actions = %v, want Ñandú Čapek Ørsted create, Rojo update, Azul unchanged", actions)
			}
			if after := ta.snapshot(t); after != before {
				t.Errorf("a dry run changed the database:\n%s", diffLines(before, after))
			}
		})
	}
}

// problemFile is a roster with one problem of each kind per row.
var problemFile = [][]string{
	{"team", "short", "color", "number", "name", "role", "cost"},
	{"Rojo", "ROJ", "#d62828", "1", "Tadej Pogačar", "leader", ""}, // 2: fine
	{"Nuevo", "NUE", "red", "1", "Uno", "leader", ""},              // 3: bad colour (the team's)
	{"Nuevo", "NUE", "red", "1", "Dos", "sprinter", ""},            // 4: duplicate number
	{"Nuevo", "NUE", "red", "2", "Tres", "captain", ""},            // 5: unknown role
	{"Nuevo", "NUE", "red", "tres", "Cuatro", "leader", ""},        // 6: not a number
	{"Nuevo", "NUE", "red", "4", "Cinco", "rider", "9"},            // 7: value out of range
	{"Nuevo", "NUE", "red", "5", "Seis", "rider", "mucho"},         // 8: value not a number
	{"Otro", "OTR", "#000000", "11", "Once", "leader", ""},         // 9: number out of range
	{"Otro", "OTR", "#000000", "1", "", "leader", ""},              // 10: name missing
	{"", "", "", "1", "Nadie", "leader", ""},                       // 11: team missing
}

// problemCells are the (row, column) pairs the problem file must be refused with.
var problemCells = []string{"3 color", "4 number", "5 role", "6 number", "7 cost", "8 cost", "9 number", "10 name", "11 team"}

// b64 is the standard base64 of b, as the preview page carries a file.
func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

func csvFile(t testing.TB, records [][]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.WriteAll(records); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func xlsxFile(t testing.TB, records [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, rec := range records {
		row := make([]any, len(rec))
		for j, v := range rec {
			row[j] = v
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &row); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestRosterImportProblems(t *testing.T) {
	t.Parallel()
	header := problemFile[0]
	good := []string{"Nuevo", "NUE", "#123456", "1", "Uno", "leader", ""}
	cases := []struct {
		name    string
		records [][]string
		cells   []string
	}{
		{"one problem of each kind", problemFile, problemCells},
		{"missing column", [][]string{{"team", "short", "color", "number", "role"}, {"Nuevo", "NUE", "#123456", "1", "leader"}}, []string{"1 name"}},
		// A file with no role column is a roster of riders without board-game roles (a real race's):
		// accepted since riders may have none (riders_scenario_test.go).
		{"unknown column", [][]string{append(append([]string{}, header...), "captain"), append(append([]string{}, good...), "yes")}, []string{"1 captain"}},
		{"column twice", [][]string{append(append([]string{}, header...), "name"), append(append([]string{}, good...), "Otra vez")}, []string{"1 name"}},
		{"header only", [][]string{header}, []string{"2 "}},
		{"team short name disagrees", [][]string{header, good, {"Nuevo", "NUX", "#123456", "2", "Dos", "sprinter", ""}}, []string{"3 short"}},
		{"a second team of the same name", [][]string{header, good, {"nuevo", "NUE", "#123456", "1", "Dos", "sprinter", ""}}, []string{"3 number"}},
		{"ten riders", func() [][]string {
			out := [][]string{header}
			for n := 1; n <= 10; n++ {
				out = append(out, []string{"Nuevo", "NUE", "#123456", fmt.Sprint(n), fmt.Sprint("Rider ", n), "leader", ""})
			}
			return out
		}(), []string{"11 number", "2 team"}},
	}
	for _, c := range cases {
		for _, format := range []string{"csv", "xlsx"} {
			file := map[string]func(testing.TB, [][]string) []byte{"csv": csvFile, "xlsx": xlsxFile}[format](t, c.records)
			for _, dry := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s %s dry_run=%v", c.name, format, dry), func(t *testing.T) {
					ta := newTestApp(t)
					before := ta.snapshot(t)
					target, wantStatus := "/api/v1/teams/import", http.StatusUnprocessableEntity
					if dry {
						target, wantStatus = target+"?dry_run=1", http.StatusOK
					}
					rec := ta.upload(t, target, "problems."+format, file, nil, false)
					if rec.Code != wantStatus {
						t.Fatalf("import = %d, want %d; body:\n%s", rec.Code, wantStatus, clip(rec.Body.String()))
					}
					var cells []string
					if dry {
						for _, p := range decode[importAnswer](t, rec).Problems {
							cells = append(cells, fmt.Sprintf("%d %s", p.Row, p.Column))
						}
					} else {
						e := decode[apiError](t, rec)
						if e.Error.Code != "validation" {
							t.Errorf("error code = %q, want validation", e.Error.Code)
						}
						for _, p := range e.Error.Problems {
							cells = append(cells, fmt.Sprintf("%d %s", p.Row, p.Column))
						}
					}
					have := map[string]bool{}
					for _, cell := range cells {
						have[cell] = true
					}
					for _, want := range c.cells {
						if !have[want] {
							t.Errorf("problems by row and column = %v, want one at %q", cells, want)
						}
					}
					if len(cells) != len(c.cells) {
						t.Errorf("problems by row and column = %v, want exactly %v", cells, c.cells)
					}
					if after := ta.snapshot(t); after != before {
						t.Errorf("an import with problems changed the database:\n%s", diffLines(before, after))
					}
				})
			}
		}
	}
}

func TestRosterImportRefusesOtherFiles(t *testing.T) {
	t.Parallel()
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01")
	cases := []struct {
		name, filename string
		content        []byte
	}{
		{"a picture", "logo.png", png},
		{"a picture called xlsx", "roster.xlsx", png},
		{"text called xlsx", "roster.xlsx", []byte("team,short\n")},
		{"a zip that is not a workbook", "roster.zip", []byte("PK\x03\x04 not really a zip")},
		{"Latin-1 CSV", "roster.csv", []byte("team,short,color,number,name,role\nRojo,ROJ,#d62828,1,Fran\xe7ois,leader\n")},
		{"no file at all", "", nil},
	}
	for _, c := range cases {
		for _, target := range []string{"/api/v1/teams/import", "/api/v1/teams/import?dry_run=1"} {
			t.Run(c.name+" "+target, func(t *testing.T) {
				ta := newTestApp(t)
				before := ta.snapshot(t)
				rec := ta.upload(t, target, c.filename, c.content, nil, false)
				sc := scenario{method: "POST", url: target, wantStatus: 422, wantCode: "validation", wantFields: []string{"file"}}
				checkResponse(t, sc, rec)
				if ta.snapshot(t) != before {
					t.Errorf("refusing %s changed the database", c.name)
				}
			})
		}
	}
	t.Run("JSON instead of a file", func(t *testing.T) {
		ta := newTestApp(t)
		rec := ta.do(t, http.MethodPost, "/api/v1/teams/import", obj{"teams": []obj{}})
		checkResponse(t, scenario{method: "POST", url: "/api/v1/teams/import", wantStatus: 422, wantFields: []string{"file"}}, rec)
	})
}

func TestImportPages(t *testing.T) {
	t.Parallel()
	src := newTestApp(t)
	enrich(t, src)
	file := export(t, src, "csv")

	ta := newTestApp(t)
	page := getPage(t, ta, "/teams/import")
	for _, want := range []string{"<title>Import teams &amp; riders · Race Director</title>", `enctype="multipart/form-data"`, `name="file"`, `name="_csrf"`,
		"team, short, color, number, name, born, cycling-party role, ciclismo-a-fondo role, 2ruote cost, 2ruote pianura"} {
		if !strings.Contains(page, want) {
			t.Errorf("GET /teams/import lacks %q", want)
		}
	}

	// Upload → preview, storing nothing.
	before := ta.snapshot(t)
	rec := ta.upload(t, "/teams/import", "mi-equipo.csv", file, nil, true)
	if rec.Code != http.StatusOK {
		t.Fatalf("POST /teams/import = %d, want 200; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	preview := rec.Body.String()
	for _, want := range []string{"<title>Import preview · Race Director</title>", "Import preview: mi-equipo.csv", "Ñandú Čapek Ørsted", `<span class="badge create">create</span>`,
		"Łukasz Wiśniowski", "Jacky Durand Ñ", `<span class="badge update">update</span>`, `action="/teams/import/apply"`, `name="content"`} {
		if !strings.Contains(preview, want) {
			t.Errorf("the preview lacks %q", want)
		}
	}
	if after := ta.snapshot(t); after != before {
		t.Fatalf("the preview changed the database:\n%s", diffLines(before, after))
	}

	// Preview → apply, as the browser posts the preview's form.
	rec = ta.form(t, "/teams/import/apply", formValues(preview))
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/teams" {
		t.Fatalf("POST /teams/import/apply = %d to %q, want 303 to /teams; body:\n%s", rec.Code, rec.Header().Get("Location"), clip(rec.Body.String()))
	}
	if got, want := content(t, ta), content(t, src); got != want {
		t.Errorf("after the import the database is\n%s\nwant\n%s", got, want)
	}
	thenPage(t, ta, "/teams", "Imported mi-equipo.csv: 2 teams created, 1 updated; 3 riders created, 1 updated.", "Ñandú Čapek Ørsted")
}

func TestImportPagesRefusals(t *testing.T) {
	t.Parallel()
	problems := csvFile(t, problemFile)
	runScenarios(t, []scenario{
		{name: "apply without content", method: "POST", url: "/teams/import/apply", form: url.Values{"filename": {"a.csv"}, "content": {""}},
			wantStatus: 422, unchanged: true, wantContains: []string{`id="err-file">The previewed file was lost; upload it again</span>`}},
		{name: "apply with content that is not base64", method: "POST", url: "/teams/import/apply", form: url.Values{"filename": {"a.csv"}, "content": {"%%%"}},
			wantStatus: 422, unchanged: true, wantContains: []string{`id="err-file">`}},
		{name: "apply a file with problems", method: "POST", url: "/teams/import/apply",
			form:       url.Values{"filename": {"p.csv"}, "content": {b64(problems)}},
			wantStatus: 422, unchanged: true,
			wantContains:    []string{"The file has problems: nothing was stored.", "must be a colour like #d62828", "Choose another file"},
			wantNotContains: []string{`action="/teams/import/apply"`}},
	})
	uploads := []struct {
		name, filename string
		content        []byte
		wantStatus     int
		want           []string
		notWant        []string
	}{
		{"preview of a file with problems", "p.csv", problems, 422,
			[]string{"9 problems — nothing will be stored until the file is fixed", `<td class="num">3</td><td>color</td>`, `<td class="num">6</td><td>number</td><td>&#34;tres&#34; is not a whole number</td>`},
			[]string{`action="/teams/import/apply"`}},
		{"preview of a picture", "logo.png", []byte("\x89PNG\r\n\x1a\n\x00"), 422,
			[]string{"<title>Import teams &amp; riders · Race Director</title>", `<span class="field-error" id="err-file">The file is neither XLSX nor UTF-8 CSV</span>`, "nothing was stored"}, nil},
		{"preview without a file", "", nil, 422, []string{`id="err-file">Choose an XLSX or CSV file to upload</span>`}, nil},
	}
	for _, u := range uploads {
		t.Run(u.name, func(t *testing.T) {
			ta := newTestApp(t)
			ta.csrf(t)
			before := ta.snapshot(t)
			rec := ta.upload(t, "/teams/import", u.filename, u.content, nil, true)
			checkResponse(t, scenario{method: "POST", url: "/teams/import", wantStatus: u.wantStatus, wantContains: u.want, wantNotContains: u.notWant}, rec)
			if ta.snapshot(t) != before {
				t.Errorf("%s changed the database", u.name)
			}
		})
	}
}
