package app_test

// Tour backups through the JSON API (API.md "Exports"): GET /tours/{id}/backup.json, then
// POST /tours/import with the JSON as the body or as a multipart "file", gives a tour whose stages,
// history and standings after every stage are the same; damaged backups are refused 422 with a clear
// message and nothing stored.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"racedirector/app/store"
)

// backupCP enters a Cycling Party tour up to an open stage 3 with a sprint, a climb, an advantage and
// an undone change; stages 1 and 2 are closed.
func backupCP(t *testing.T, ta *testApp) raceRun {
	t.Helper()
	r := createRaceTour(t, ta, "cycling-party", 5, cpRaceStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID, teamNamed(t, ta, "Verde").ID}, false)
	adv := func(n int, u obj) { r.ok(t, http.MethodPost, fmt.Sprintf("/stages/%d/advantages", n), u) }
	adv(1, obj{"kind": "water_bottle", "bib": 14, "turn": 5})
	adv(1, obj{"kind": "sprint", "bib": 12, "variant": "3d6"})
	adv(1, obj{"kind": "attack", "bib": 13})
	r.order(t, 1, "sprints", 1, 12, 22, 32)
	r.order(t, 1, "sprints", 2, 22, 12)
	r.order(t, 1, "sprints", 3, 32, 22, 12)
	r.order(t, 1, "climbs", 2, 13, 23, 33)
	r.ok(t, http.MethodPost, "/stages/1/abandons", obj{"bib": 35, "reason": "crash in the descent"})
	r.finish(t, 1, cpGroup(0, 10, 1, 12, 22), cpGroup(0, 3, 4, 32, 11, 21, 31), cpGroup(1, 1, 3, 13, 23, 33, 14, 24, 34))
	r.finish(t, 1, cpGroup(0, 10, 1, 12, 22), cpGroup(0, 3, 4, 32, 11, 21, 31), cpGroup(1, 1, 3, 13, 23, 33, 14, 24, 34, 15, 25))
	r.ok(t, http.MethodPost, "/stages/1/undo", nil)
	r.finish(t, 1, cpGroup(0, 10, 1, 12, 22), cpGroup(0, 3, 4, 32, 11, 21, 31), cpGroup(1, 1, 3, 13, 23, 33, 14, 24, 34), cpGroup(1, 6, 6, 15, 25))
	r.close(t, 1)
	adv(2, obj{"kind": "mountain_attack", "bib": 11, "climb": 3})
	adv(2, obj{"kind": "double_throw", "bib": 11, "climb": 2})
	r.order(t, 2, "sprints", 1, 32)
	r.order(t, 2, "climbs", 3, 31, 21, 11, 22, 32)
	r.order(t, 2, "climbs", 4, 21, 11, 31)
	r.ok(t, http.MethodPost, "/stages/2/abandons", obj{"bib": 34, "reason": "three sixes"})
	r.finish(t, 2, cpGroup(0, 12, 6, 21), cpGroup(0, 8, 2, 11, 31), cpGroup(0, 1, 1, 12, 22, 32, 13), cpGroup(2, 4, 5, 23, 33, 14, 24, 15, 25))
	r.close(t, 2)
	r.ok(t, http.MethodPost, "/stages/2/reopen", nil)
	r.close(t, 2)
	r.order(t, 3, "sprints", 1, 32, 22)
	r.order(t, 3, "climbs", 1, 13, 33, 23)
	r.order(t, 3, "sprints", 2, 12)
	r.ok(t, http.MethodPost, "/stages/3/undo", nil)
	adv(3, obj{"kind": "attack", "bib": 23})
	return r
}

// backupCAF enters a Ciclismo a fondo tour: stage 1 closed with effort, weather, lost turns and a
// combativity award; stage 2 open with part of its finish.
func backupCAF(t *testing.T, ta *testApp) raceRun {
	t.Helper()
	r := createRaceTour(t, ta, "ciclismo-a-fondo", 5, cafRaceStages(), cafRaceTeams(t, ta), false)
	r.ok(t, http.MethodPost, "/stages/1/advantages", obj{"kind": "effort", "bib": 11, "points": 2})
	r.ok(t, http.MethodPut, "/stages/1/weather", obj{"weather": []string{"fair", "crosswind"}})
	r.ok(t, http.MethodPost, "/stages/1/lost_turns", obj{"bib": 35, "turns": 1, "reason": "crash"})
	r.ok(t, http.MethodPost, "/stages/1/lost_turns", obj{"bib": 35, "turns": 2, "reason": "crash"}) // second crash: out
	r.ok(t, http.MethodPut, "/stages/1/combativity", obj{"bib": 24})
	r.order(t, 1, "sprints", 1, 14, 24, 34)
	r.order(t, 1, "climbs", 1, 13, 23, 33)
	r.finish(t, 1, turnGroup(40, 15, 25, 11), turnGroup(41, 21, 31, 12, 22), turnGroup(42, 32, 13, 23, 33, 14, 24, 34))
	r.close(t, 1)
	r.ok(t, http.MethodPost, "/stages/2/advantages", obj{"kind": "effort", "bib": 11, "points": 1})
	r.finish(t, 2, turnGroup(10, 11, 12, 13), turnGroup(11, 14, 21, 22, 23, 24))
	return r
}

// backupRuote enters a 2RUOTE tour: stage 1 closed with fatigue, stage 2 open with a GPM, stage 3 planned.
func backupRuote(t *testing.T, ta *testApp) raceRun {
	t.Helper()
	r := createRaceTour(t, ta, "2ruote", 5, ruoteRaceStages(), ruoteRaceTeams(t, ta), true)
	r.order(t, 1, "sprints", 1, 12, 22, 32)
	r.ok(t, http.MethodPut, "/stages/1/fatigue", obj{"fatigue": map[string]int{"11": 12, "14": 18}})
	r.finish(t, 1, sectorGroup(2, 11), sectorGroup(1, 21, 31), sectorGroup(0, 12, 22, 32, 13, 23, 33), sectorGroup(-1, 14, 24, 34, 15, 25, 35))
	r.close(t, 1)
	r.order(t, 2, "climbs", 1, 13, 23)
	r.ok(t, http.MethodPost, "/stages/2/abandons", obj{"bib": 35, "reason": "exhausted"})
	return r
}

// backupOf downloads a tour's backup.
func backupOf(t testing.TB, r raceRun) []byte {
	t.Helper()
	rec := r.ok(t, http.MethodGet, "/backup.json", nil)
	if cd := rec.Header().Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") || !strings.Contains(cd, ".racedirector.json") {
		t.Errorf("backup Content-Disposition = %q, want an attachment named *.racedirector.json", cd)
	}
	return rec.Body.Bytes()
}

// importMultipart posts a backup as the multipart field "file".
func importMultipart(t testing.TB, ta *testApp, name string, data []byte) *httptest.ResponseRecorder {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/api/v1/tours/import", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return ta.serve(t, req, true)
}

// without re-encodes a JSON document with the named keys removed at every depth, keys sorted.
func without(t testing.TB, doc []byte, keys ...string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, clip(string(doc)))
	}
	var strip func(any)
	strip = func(x any) {
		switch y := x.(type) {
		case map[string]any:
			for _, k := range keys {
				delete(y, k)
			}
			for _, e := range y {
				strip(e)
			}
		case []any:
			for _, e := range y {
				strip(e)
			}
		}
	}
	strip(v)
	out, _ := json.Marshal(v)
	return string(out)
}

// sameTour compares two tours through the API: the tour, every stage, its history and advantages,
// the standings after every closed stage and the backup itself. With sameTimes false, the times of
// history lines are left out (changes made after the import happen at other times on each copy).
func sameTour(t *testing.T, label string, a, b raceRun, sameTimes bool) {
	t.Helper()
	get := func(r raceRun, path string) []byte { return r.ok(t, http.MethodGet, path, nil).Body.Bytes() }
	ignore := []string{"id"}
	if !sameTimes {
		ignore = append(ignore, "at")
	}
	if x, y := without(t, get(a, ""), "id", "created_at", "follow_code"), without(t, get(b, ""), "id", "created_at", "follow_code"); x != y {
		t.Errorf("%s: GET tour differs:\noriginal: %s\nimported: %s", label, clip(x), clip(y))
	}
	tv := decode[store.TourView](t, a.ok(t, http.MethodGet, "", nil))
	for n := 1; n <= len(tv.Stages); n++ {
		for _, path := range []string{"/stages/%d", "/stages/%d/advantages"} {
			p := fmt.Sprintf(path, n)
			if x, y := string(get(a, p)), string(get(b, p)); x != y {
				t.Errorf("%s: GET %s differs:\noriginal: %s\nimported: %s", label, p, clip(x), clip(y))
			}
		}
		p := fmt.Sprintf("/stages/%d/history", n)
		if x, y := without(t, get(a, p), ignore...), without(t, get(b, p), ignore...); x != y {
			t.Errorf("%s: GET %s differs:\noriginal: %s\nimported: %s", label, p, clip(x), clip(y))
		}
	}
	for n := 1; n <= tv.Closed; n++ {
		if x, y := a.standingsJSON(t, n), b.standingsJSON(t, n); x != y {
			t.Errorf("%s: standings after %d differ:\noriginal: %s\nimported: %s", label, n, clip(x), clip(y))
		}
	}
	if x, y := without(t, backupOf(t, a), append(ignore[1:], "exported_at")...), without(t, backupOf(t, b), append(ignore[1:], "exported_at")...); x != y {
		t.Errorf("%s: the backups of the original and the imported tour differ:\noriginal: %s\nimported: %s", label, clip(x), clip(y))
	}
}

func TestBackupRestoresTours(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		build func(*testing.T, *testApp) raceRun
		// next continues the race the same way on a tour (to show the restored tour is live).
		next func(*testing.T, raceRun)
	}{
		{"cycling-party", backupCP, func(t *testing.T, r raceRun) {
			r.ok(t, http.MethodPost, "/stages/3/undo", nil) // takes back the attack
			r.finish(t, 3, cpGroup(0, 7, 3, 22, 21, 12), cpGroup(0, 2, 6, 11, 31, 32), cpGroup(1, 2, 2, 13, 23, 33, 14, 24, 15, 25))
			r.close(t, 3)
		}},
		{"ciclismo-a-fondo", backupCAF, func(t *testing.T, r raceRun) {
			r.finish(t, 2, turnGroup(10, 11, 12, 13), turnGroup(11, 14, 21, 22, 23, 24), turnGroup(12, 15, 31, 32, 33), turnGroup(13, 25, 34))
			r.close(t, 2)
		}},
		{"2ruote", backupRuote, func(t *testing.T, r raceRun) {
			r.finish(t, 2, sectorGroup(3, 21), sectorGroup(2, 11, 31), sectorGroup(0, 12, 22, 32, 13, 23, 33, 14, 24, 34), sectorGroup(-2, 15, 25))
			r.close(t, 2)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ta := newTestApp(t)
			orig := tc.build(t, ta)
			data := backupOf(t, orig)
			var head struct {
				Format  string `json:"format"`
				Version int    `json:"version"`
			}
			if err := json.Unmarshal(data, &head); err != nil || head.Format != store.BackupFormat || head.Version != store.BackupVersion {
				t.Fatalf("backup head = %+v (%v), want format %q version %d", head, err, store.BackupFormat, store.BackupVersion)
			}
			body := decode[store.TourView](t, tourCall(t, ta, http.MethodPost, "/api/v1/tours/import", data, http.StatusCreated))
			fromBody := raceRun{ta: ta, id: body.ID}
			if body.ID == orig.id {
				t.Fatalf("the import answered the original tour's id %d", body.ID)
			}
			sameTour(t, "import from the JSON body", orig, fromBody, true)

			rec := importMultipart(t, ta, "tour.racedirector.json", data)
			if rec.Code != http.StatusCreated {
				t.Fatalf("multipart import = %d, want 201; body:\n%s", rec.Code, clip(rec.Body.String()))
			}
			fromFile := raceRun{ta: ta, id: decode[store.TourView](t, rec).ID}
			sameTour(t, "import from a multipart file", orig, fromFile, true)

			// A restarted app still has the imported tour, and the race goes on the same way on every copy.
			ta2 := ta.restart(t)
			orig.ta, fromBody.ta, fromFile.ta = ta2, ta2, ta2
			for _, r := range []raceRun{orig, fromBody, fromFile} {
				tc.next(t, r)
			}
			sameTour(t, "after the next stage, body import", orig, fromBody, false)
			sameTour(t, "after the next stage, file import", orig, fromFile, false)
		})
	}
}

// mutate decodes a backup, edits it and encodes it again.
func mutate(t testing.TB, data []byte, edit func(b map[string]any)) []byte {
	t.Helper()
	var b map[string]any
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	edit(b)
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// path walks a decoded JSON document: string keys for objects, ints for arrays.
func path(v any, steps ...any) any {
	for _, s := range steps {
		switch k := s.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

// entriesOf returns stage i's entries of a decoded backup.
func entriesOf(b map[string]any, i int) []any { return path(b, "stages", i, "entries").([]any) }

// setEntries replaces stage i's entries of a decoded backup.
func setEntries(b map[string]any, i int, entries []any) {
	path(b, "stages", i).(map[string]any)["entries"] = entries
}

// editEntry changes the data of stage i's entry of that kind and key.
func editEntry(b map[string]any, i int, kind, key string, data any) {
	for _, e := range entriesOf(b, i) {
		m := e.(map[string]any)
		if m["kind"] == kind && m["key"] == key {
			m["data"] = data
			return
		}
	}
	panic(fmt.Sprintf("no %s %s entry in stage %d", kind, key, i+1))
}

func TestBackupRefusesDamagedFiles(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	cp := backupOf(t, backupCP(t, ta))    // stages 1, 2 closed; 3 open
	ru := backupOf(t, backupRuote(t, ta)) // stage 1 closed; 2 open; 3 planned
	tests := []struct {
		name string
		data []byte
		// wantIn is a piece of the message (or of a field's reason) that says what is wrong.
		wantIn string
	}{
		{"not JSON", []byte("Tour de France 1989, Greg LeMond by 8 seconds"), "not a Race Director tour backup"},
		{"empty", []byte(""), "not a Race Director tour backup"},
		{"a JSON list", []byte("[1, 2, 3]"), "not a Race Director tour backup"},
		{"truncated", cp[:len(cp)/2], "not a Race Director tour backup"},
		{"another format marker", mutate(t, cp, func(b map[string]any) { b["format"] = "racedirector-teams" }), "not a Race Director tour backup"},
		{"no format marker", mutate(t, cp, func(b map[string]any) { delete(b, "format") }), "not a Race Director tour backup"},
		{"version 2", mutate(t, cp, func(b map[string]any) { b["version"] = 2 }), "version 2"},
		{"an unknown field", mutate(t, cp, func(b map[string]any) { b["owner"] = "me" }), "owner"},
		{"a closed stage without its finish", mutate(t, cp, func(b map[string]any) {
			var keep []any
			for _, e := range entriesOf(b, 1) {
				if e.(map[string]any)["kind"] != "finish" {
					keep = append(keep, e)
				}
			}
			setEntries(b, 1, keep)
		}), "no finish"},
		{"an unknown bib in a closed stage's finish", mutate(t, cp, func(b map[string]any) {
			editEntry(b, 0, "finish", "", map[string]any{"groups": []any{cpGroup(0, 10, 1, 12, 22, 99)}})
		}), "99"},
		{"an unknown bib in a closed stage's sprint", mutate(t, cp, func(b map[string]any) { editEntry(b, 0, "sprint", "1", []int{12, 98}) }), "98"},
		{"an unknown bib in the open stage's sprint", mutate(t, cp, func(b map[string]any) { editEntry(b, 2, "sprint", "1", []int{32, 97}) }), "97"},
		{"an unknown bib on the open stage's climb", mutate(t, cp, func(b map[string]any) { editEntry(b, 2, "climb", "1", []int{13, 96}) }), "96"},
		{"a rider twice in a sprint", mutate(t, cp, func(b map[string]any) { editEntry(b, 2, "sprint", "1", []int{32, 22, 32}) }), "32"},
		{"an abandoned rider in a later sprint", mutate(t, cp, func(b map[string]any) { editEntry(b, 1, "sprint", "1", []int{35}) }), "35"},
		{"an abandon of an unknown bib", mutate(t, cp, func(b map[string]any) {
			setEntries(b, 2, append(entriesOf(b, 2), map[string]any{"kind": "abandon", "key": "95", "seq": 99, "data": map[string]any{"bib": 95, "reason": "x"}}))
		}), "95"},
		{"an advantage of an unknown bib", mutate(t, cp, func(b map[string]any) {
			setEntries(b, 2, append(entriesOf(b, 2), map[string]any{"kind": "advantage", "key": "000009", "seq": 99, "data": map[string]any{"kind": "attack", "bib": 94}}))
		}), "94"},
		{"a sprint the stage does not have", mutate(t, cp, func(b map[string]any) {
			setEntries(b, 2, append(entriesOf(b, 2), map[string]any{"kind": "sprint", "key": "9", "seq": 99, "data": []int{12}}))
		}), "sprint 9"},
		{"the same result twice", mutate(t, cp, func(b map[string]any) {
			setEntries(b, 2, append(entriesOf(b, 2), map[string]any{"kind": "sprint", "key": "1", "seq": 99, "data": []int{12}}))
		}), "twice"},
		{"a result of an unknown kind", mutate(t, cp, func(b map[string]any) {
			setEntries(b, 2, append(entriesOf(b, 2), map[string]any{"kind": "doping", "key": "1", "seq": 99, "data": 1}))
		}), "doping"},
		{"results in a planned stage", mutate(t, ru, func(b map[string]any) {
			setEntries(b, 2, []any{map[string]any{"kind": "sprint", "key": "1", "seq": 1, "data": []int{12}}})
		}), "planned"},
		{"fatigue of an unknown bib", mutate(t, ru, func(b map[string]any) { editEntry(b, 0, "fatigue", "", map[string]int{"93": 4}) }), "93"},
		{"a ruleset with a negative point", mutate(t, cp, func(b map[string]any) {
			path(b, "ruleset", "climb_categories", 0).(map[string]any)["points"] = []int{-5, 3}
		}), "negative"},
		{"a ruleset without a time model", mutate(t, cp, func(b map[string]any) { path(b, "ruleset").(map[string]any)["time_model"] = "" }), "ruleset"},
		{"negative Cycling Party points", mutate(t, cp, func(b map[string]any) {
			path(b, "points").(map[string]any)["individual"] = []int{25, -18}
		}), "negative"},
		{"a bib that is not team × 10 + number", mutate(t, cp, func(b map[string]any) {
			path(b, "teams", 0, "riders", 0).(map[string]any)["bib"] = 19
		}), "must be 11"},
		{"a team with one rider too many", mutate(t, cp, func(b map[string]any) {
			team := path(b, "teams", 0).(map[string]any)
			team["riders"] = append(team["riders"].([]any), map[string]any{"bib": 16, "name": "Extra", "team_id": 1, "number": 6, "role": "lanterne_rouge"})
		}), "riders"},
		{"a closed stage after the open one", mutate(t, ru, func(b map[string]any) {
			path(b, "stages", 2, "stage").(map[string]any)["state"] = "closed"
		}), "closed stage"},
		{"a climb off the stage", mutate(t, cp, func(b map[string]any) {
			c := path(b, "stages", 0, "stage", "climbs", 1).(map[string]any)
			c["start"], c["end"] = 400, 407
		}), "inside the stage"},
		{"no stages", mutate(t, cp, func(b map[string]any) { b["stages"] = []any{} }), "stage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := refusedUnchanged(t, ta, tt.name, http.MethodPost, "/api/v1/tours/import", tt.data, http.StatusUnprocessableEntity, "validation")
			all := e.Error.Message
			keys := make([]string, 0, len(e.Error.Fields))
			for k := range e.Error.Fields {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				all += " | " + k + " " + e.Error.Fields[k]
			}
			if !strings.Contains(all, tt.wantIn) {
				t.Errorf("%s: refusal says %q, want it to mention %q", tt.name, all, tt.wantIn)
			}
		})
	}
	t.Run("as a file", func(t *testing.T) {
		before := ta.snapshot(t)
		for name, data := range map[string][]byte{"not JSON": []byte("PK\x03\x04 a zip, not a backup"), "truncated": cp[:len(cp)-40]} {
			rec := importMultipart(t, ta, "tour.json", data)
			if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "not a Race Director tour backup") {
				t.Errorf("multipart import of a %s file = %d %s, want 422 saying it is not a backup", name, rec.Code, clip(rec.Body.String()))
			}
		}
		req := httptest.NewRequest(http.MethodPost, "/api/v1/tours/import", strings.NewReader("--x--\r\n"))
		req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
		if rec := ta.serve(t, req, true); rec.Code != http.StatusUnprocessableEntity && rec.Code != http.StatusBadRequest {
			t.Errorf("multipart import without a file = %d, want 422 (or 400); body:\n%s", rec.Code, clip(rec.Body.String()))
		}
		if after := ta.snapshot(t); after != before {
			t.Errorf("refused file imports changed the database:\n%s", diffLines(before, after))
		}
	})
	// The undamaged files still import.
	tourCall(t, ta, http.MethodPost, "/api/v1/tours/import", cp, http.StatusCreated)
	tourCall(t, ta, http.MethodPost, "/api/v1/tours/import", ru, http.StatusCreated)
}
