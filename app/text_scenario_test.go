package app_test

// Texts a director types: one length limit each, the same for a page's form, the JSON API, a roster
// file and a backup; NUL and invalid UTF-8 refused everywhere, naming the field; backups bounded by
// the tour. Every refusal is a 422 that stores nothing, on SQLite and on PostgreSQL.

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// teamForm is the new team page's form.
func teamForm(name string) url.Values {
	return url.Values{"name": {name}, "short": {"TXT"}, "color": {"#d62828"}}
}

// teamJSON is a team as POST /api/v1/teams takes it, with one rider.
func teamJSON(name, rider string) string {
	return `{"name":"` + name + `","short":"TXT","color":"#d62828","riders":[{"name":"Uno","number":1,"role":"leader"},{"name":"` + rider + `","number":2,"role":"sprinter"}]}`
}

func TestTextFaultsAreRefused(t *testing.T) {
	t.Parallel()
	const nul, broken = "Ro\x00jo", "Ro\xffjo"
	runScenarios(t, []scenario{
		{name: "NUL in a form field", method: "POST", url: "/teams", form: teamForm(nul), wantStatus: http.StatusUnprocessableEntity,
			wantContains: []string{"Name must not contain a NUL character"}, unchanged: true},
		{name: "invalid UTF-8 in a form field", method: "POST", url: "/teams", form: teamForm(broken), wantStatus: http.StatusUnprocessableEntity,
			wantContains: []string{"Name is not valid UTF-8 text"}, unchanged: true},
		{name: "NUL in a form field in Spanish", method: "POST", url: "/teams?lang=es", form: teamForm(nul), wantStatus: http.StatusUnprocessableEntity,
			wantContains: []string{"no puede contener el carácter NUL"}, unchanged: true},
		{name: "NUL in a JSON field", method: "POST", url: "/api/v1/teams", body: teamJSON(`Ro\u0000jo`, "Dos"), wantStatus: http.StatusUnprocessableEntity,
			wantCode: "validation", wantFields: []string{"name"}, wantContains: []string{"must not contain a NUL character"}, unchanged: true},
		{name: "NUL in a nested JSON field", method: "POST", url: "/api/v1/teams", body: teamJSON("Rojo", `D\u0000s`), wantStatus: http.StatusUnprocessableEntity,
			wantCode: "validation", wantFields: []string{"riders[1].name"}, unchanged: true},
		{name: "invalid UTF-8 in a JSON body", method: "POST", url: "/api/v1/teams", body: teamJSON(broken, "Dos"), wantStatus: http.StatusUnprocessableEntity,
			wantCode: "validation", wantFields: []string{"name"}, wantContains: []string{"is not valid UTF-8 text"}, unchanged: true},
		{name: "invalid UTF-8 in a nested JSON field", method: "POST", url: "/api/v1/teams", body: teamJSON("Rojo", "D\xc3s"), wantStatus: http.StatusUnprocessableEntity,
			wantCode: "validation", wantFields: []string{"riders[1].name"}, unchanged: true},
		{name: "a raw NUL in a JSON string", method: "POST", url: "/api/v1/teams", body: teamJSON(nul, "Dos"), wantStatus: http.StatusUnprocessableEntity,
			wantCode: "validation", wantFields: []string{"name"}, unchanged: true},
		{name: "a control character in a name", method: "POST", url: "/api/v1/teams", body: teamJSON(`Ro\u0007jo`, "Dos"), wantStatus: http.StatusUnprocessableEntity,
			wantCode: "validation", wantFields: []string{"name"}, wantContains: []string{"must not contain control characters"}, unchanged: true},
	})
}

func TestTextOverItsLimitIsRefused(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 61)
	runScenarios(t, []scenario{
		{name: "a team name of 60 characters", method: "POST", url: "/api/v1/teams", body: teamJSON(long[:120], "Dos"), wantStatus: http.StatusCreated},
		{name: "a team name of 61 characters by form", method: "POST", url: "/teams", form: teamForm(long), wantStatus: http.StatusUnprocessableEntity,
			wantContains: []string{`<span class="field-error" id="err-name">Must be at most 60 characters (it has 61)</span>`, `maxlength="60"`}, unchanged: true},
		{name: "a team name of 61 characters by the API", method: "POST", url: "/api/v1/teams", body: teamJSON(long, "Dos"), wantStatus: http.StatusUnprocessableEntity,
			wantCode: "validation", wantFields: []string{"name"}, wantContains: []string{"must be at most 60 characters (it has 61)"}, unchanged: true},
		{name: "a rider name of 61 characters by the API", method: "POST", url: "/api/v1/teams", body: teamJSON("Rojo", long), wantStatus: http.StatusUnprocessableEntity,
			wantCode: "validation", wantFields: []string{"riders[1].name"}, unchanged: true},
		{name: "a tour name of 81 characters and a climb name of 61", method: "POST", url: "/api/v1/tours", body: map[string]any{
			"ruleset": "cycling-party", "name": strings.Repeat("t", 81), "profile": "medium", "seed": 7, "riders_per_team": 5,
			"stages": []map[string]any{{"type": "flat", "length": 200, "climbs": []map[string]any{{"category": "hill", "start": 40, "end": 42, "name": long}}}},
			"teams":  []int{1, 2}}, wantStatus: http.StatusUnprocessableEntity, wantCode: "validation",
			wantFields: []string{"name", "stages[0].climbs[0].name"}, wantContains: []string{"must be at most 80 characters (it has 81)"}, unchanged: true},
		{name: "a team name of 61 characters in Italian", method: "POST", url: "/api/v1/teams?lang=it", body: teamJSON(long, "Dos"), wantStatus: http.StatusUnprocessableEntity,
			wantCode: "validation", wantFields: []string{"name"}, wantContains: []string{"deve avere al massimo 60 caratteri (ne ha 61)"}, unchanged: true},
	})
}

func TestRosterFileTextIsChecked(t *testing.T) {
	t.Parallel()
	header := []string{"team", "short", "color", "number", "name", "cycling-party role"}
	cases := []struct {
		name, cell, want string
	}{
		{"a rider name of 61 characters", strings.Repeat("x", 61), "must be at most 60 characters (it has 61)"},
		{"a NUL in a rider name", "Uno\x00", "must not contain a NUL character"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ta := newTestApp(t)
			before := ta.snapshot(t)
			file := csvFile(t, [][]string{header, {"Nuevo", "NUE", "#123456", "1", "Uno", "leader"}, {"Nuevo", "NUE", "#123456", "2", c.cell, "sprinter"}})
			rec := ta.upload(t, "/api/v1/teams/import", "roster.csv", file, nil, false)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("import = %d, want 422; body:\n%s", rec.Code, rec.Body)
			}
			e := decode[apiError](t, rec)
			found := false
			for _, p := range e.Error.Problems {
				found = found || p.Row == 3 && p.Column == "name" && strings.Contains(p.Message, c.want)
			}
			if !found {
				t.Errorf("problems = %+v, want row 3, column name: %q", e.Error.Problems, c.want)
			}
			if after := ta.snapshot(t); after != before {
				t.Errorf("a refused import changed the database:\n%s", diffLines(before, after))
			}
		})
	}
}

// TestResultTextIsChecked enters reasons on a tour's open stage: by the API and the stage screen's
// form, a reason of the limit is kept (its history line on PostgreSQL too), one over it is refused.
func TestResultTextIsChecked(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 5, cpRaceStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}, false)
	reason := strings.Repeat("ñ", 200)
	r.refused(t, "a reason of 201 characters", http.MethodPost, "/stages/1/abandons", obj{"bib": 15, "reason": reason + "x"}, http.StatusUnprocessableEntity, "validation", "reason")
	r.refused(t, "a reason with a NUL", http.MethodPost, "/stages/1/abandons", `{"bib": 15, "reason": "cra\u0000sh"}`, http.StatusUnprocessableEntity, "validation", "reason")
	r.refused(t, "a reason of invalid UTF-8", http.MethodPost, "/stages/1/abandons", "{\"bib\": 15, \"reason\": \"cra\xe9sh\"}", http.StatusUnprocessableEntity, "validation", "reason")
	before := ta.snapshot(t)
	for _, v := range []string{reason + "x", "cra\x00sh", "cra\xe9sh"} {
		rec := ta.form(t, fmt.Sprintf("/tours/%d/stages/1/abandons", r.id), url.Values{"bib": {"15"}, "reason": {v}})
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(strings.ToLower(rec.Body.String()), "reason") {
			t.Errorf("the stage screen's abandonment with reason %.20q = %d, want 422 naming the reason; body:\n%s", v, rec.Code, clip(rec.Body.String()))
		}
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("refused forms changed the database:\n%s", diffLines(before, after))
	}
	r.ok(t, http.MethodPost, "/stages/1/abandons", obj{"bib": 15, "reason": reason})
	r.order(t, 1, "sprints", 1, 11, 21, 12, 22, 13, 23, 14, 24)
	r.ok(t, http.MethodPost, "/stages/1/undo", nil)
	rec := r.ok(t, http.MethodGet, "/stages/1/history", nil)
	if !strings.Contains(rec.Body.String(), reason) {
		t.Errorf("the history does not keep the reason of 200 characters:\n%s", clip(rec.Body.String()))
	}
}

// tourBackup is a backup of a two-team Cycling Party tour with stage 1 open, edited.
func tourBackup(t *testing.T, ta *testApp, edit func(b map[string]any)) []byte {
	t.Helper()
	r := createRaceTour(t, ta, "cycling-party", 5, cpRaceStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}, false)
	r.ok(t, http.MethodPost, "/stages/1/abandons", obj{"bib": 15, "reason": "crash"})
	data := backupOf(t, r)
	return mutate(t, data, edit)
}

// repeatedBibs is a sprint's crossing order of n bibs, all 111.
func repeatedBibs(n int) []byte {
	var b bytes.Buffer
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("111")
	}
	b.WriteString("]")
	return b.Bytes()
}

// withSprint puts a sprint of n bibs into a backup's first stage, as its first result.
func withSprint(t testing.TB, data []byte, n int) []byte {
	t.Helper()
	at := bytes.Index(data, []byte(`"entries":[`))
	if at < 0 {
		t.Fatal("the backup has no entries")
	}
	at += len(`"entries":[`)
	entry := append(append([]byte(`{"kind":"sprint","key":"1","seq":9,"data":`), repeatedBibs(n)...), []byte("},")...)
	return append(append(append([]byte{}, data[:at]...), entry...), data[at:]...)
}

func TestBackupTextAndListsAreBounded(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	team := func(edit func(team map[string]any)) func(b map[string]any) {
		return func(b map[string]any) { edit(path(b, "teams", 0).(map[string]any)) }
	}
	cases := []struct {
		name  string
		data  []byte
		field string
		want  string
	}{
		{"a team name of 61 characters", tourBackup(t, ta, team(func(tm map[string]any) { tm["name"] = strings.Repeat("é", 61) })),
			"teams[0].name", "must be at most 60 characters (it has 61)"},
		{"a rider name with a NUL", tourBackup(t, ta, team(func(tm map[string]any) { path(tm, "riders", 1).(map[string]any)["name"] = "Dos\x00" })),
			"teams[0].riders[1].name", "must not contain a NUL character"},
		{"a short name of 5 characters", tourBackup(t, ta, team(func(tm map[string]any) { tm["short"] = "ROJOS" })),
			"teams[0].short", "must be at most 4 characters (it has 5)"},
		{"a tour name of 81 characters", tourBackup(t, ta, func(b map[string]any) { b["name"] = strings.Repeat("n", 81) }),
			"name", "must be at most 80 characters (it has 81)"},
		{"a profile of 21 characters", tourBackup(t, ta, func(b map[string]any) { b["profile"] = strings.Repeat("p", 21) }),
			"profile", "must be at most 20 characters (it has 21)"},
		{"an abandonment reason of 201 characters", tourBackup(t, ta, func(b map[string]any) {
			editEntry(b, 0, "abandon", "15", map[string]any{"bib": 15, "reason": strings.Repeat("r", 201)})
		}), "stages[0].entries[0].reason", "must be at most 200 characters (it has 201)"},
		{"a history line of invalid UTF-8", bytes.Replace(tourBackup(t, ta, func(b map[string]any) {}), []byte(`"summary":"bib 15`), []byte("\"summary\":\"\xff 15"), 1),
			"stages[0].history[0].summary", "is not valid UTF-8 text"},
		{"a team of 10 riders", tourBackup(t, ta, team(func(tm map[string]any) {
			riders := tm["riders"].([]any)
			for len(riders) < 10 {
				riders = append(riders, riders[0])
			}
			tm["riders"] = riders
		})), "teams[0].riders", "a team has at most 9 riders (it has 10)"},
		{"6,000 history lines", tourBackup(t, ta, func(b map[string]any) {
			st := path(b, "stages", 0).(map[string]any)
			h := st["history"].([]any)
			for len(h) < 6000 {
				h = append(h, h[0])
			}
			st["history"] = h
		}), "stages[0].history", "a stage has at most 5000 lines of history (it has 6000)"},
		{"a sprint of 1,000 bibs", withSprint(t, tourBackup(t, ta, func(b map[string]any) {}), 1000),
			"stages[0].entries[0]", "a crossing order lists each rider at most once: at most 10 riders, the tour's (it lists 1000)"},
		{"a sprint of a million bibs (3.9 MB)", withSprint(t, tourBackup(t, ta, func(b map[string]any) {}), 1_000_000),
			"stages[0].entries[0].data", "must be at most 65536 bytes of JSON (it has 4000001)"},
	}
	for _, c := range cases {
		before := ta.snapshot(t)
		rec := ta.do(t, http.MethodPost, "/api/v1/tours/import", c.data)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("%s: import = %d, want 422; body:\n%s", c.name, rec.Code, clip(rec.Body.String()))
			continue
		}
		e := decode[apiError](t, rec)
		if got := e.Error.Fields[c.field]; !strings.Contains(got, c.want) {
			t.Errorf("%s: fields = %v, want %s: %q", c.name, e.Error.Fields, c.field, c.want)
		}
		if after := ta.snapshot(t); after != before {
			t.Errorf("%s: a refused backup changed the database:\n%s", c.name, diffLines(before, after))
		}
	}
	// The same backup uploaded as a file, with invalid UTF-8 in a rider's name.
	data := bytes.Replace(tourBackup(t, ta, func(b map[string]any) {}), []byte(`"name":"`), []byte("\"name\":\"\xc3"), 1)
	if rec := importMultipart(t, ta, "tour.racedirector.json", data); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "is not valid UTF-8 text") {
		t.Errorf("a backup file with invalid UTF-8 = %d, want 422 saying so; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
}
