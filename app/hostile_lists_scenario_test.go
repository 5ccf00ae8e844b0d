package app_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// bibsTyped is bib typed n times, as a page's field takes bibs.
func bibsTyped(bib, n int) string {
	return strings.TrimSpace(strings.Repeat(fmt.Sprintf("%d ", bib), n))
}

// bibsJSON is bib n times, as a JSON list.
func bibsJSON(bib, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = bib
	}
	return out
}

// TestResultListsAreBoundedByTheTour sends result lists longer than the tour (15 riders) through the
// API and the stage screen: the 4 MB finish of bib 11 repeated, sprint and climb orders of
// one bib again and again, a finish repeating a rider of an earlier group. Each is a 422 naming the
// list and the first bib given again, in the user's language, and stores nothing; the 4 MB body is
// refused reading its first thousand bibs (a few megabytes allocated: the body itself).
func TestResultListsAreBoundedByTheTour(t *testing.T) {
	ta := newTestApp(t)
	r := hostileTour(t, ta)
	ver := r.version(t, 1)

	body := repeatedBibFinish(4 << 20)
	var rec *httptest.ResponseRecorder
	before := ta.snapshot(t)
	alloc := allocatedBy(func() { rec = ta.do(t, http.MethodPut, r.url("/stages/1/finish"), body) })
	checkResponse(t, scenario{method: http.MethodPut, url: "finish", wantStatus: http.StatusUnprocessableEntity, wantCode: "validation",
		wantFields:   []string{"groups[0].riders", "groups[0].riders[1]"},
		wantContains: []string{"lists more than 1000 entries", "bib 11 is already in groups[0].riders[0]"}}, rec)
	t.Logf("the 4 MB finish: %d kB allocated", alloc>>10)
	if alloc > 48<<20 {
		t.Errorf("refusing the 4 MB finish allocated %d MB, want under 48 MB", alloc>>20)
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("the 4 MB finish changed the database:\n%s", diffLines(before, after))
	}

	r.refused(t, "a sprint of 500 bib 23", http.MethodPut, "/stages/1/sprints/1", obj{"order": bibsJSON(23, 500)}, 422, "validation", "order", "order[1]")
	r.refused(t, "a climb of 16 bibs", http.MethodPut, "/stages/1/climbs/1", obj{"order": []int{11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34, 35, 99}}, 422, "validation", "order")
	r.refused(t, "a finish of 16 riders", http.MethodPut, "/stages/1/finish",
		obj{"groups": []any{cpGroup(0, 3, 2, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34, 35), cpGroup(1, 2, 2, 12)}}, 422, "validation", "groups", "groups[1].riders[0]")
	r.refused(t, "16 groups", http.MethodPut, "/stages/1/finish", obj{"groups": []any{cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11),
		cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11),
		cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11), cpGroup(0, 3, 2, 11)}}, 422, "validation", "groups")

	es, e := ta.inLanguage(t, "es", http.MethodPut, r.url("/stages/1/sprints/1"), `{"order": [`+strings.Trim(strings.Repeat("23,", 40), ",")+`]}`)
	if es.Code != http.StatusUnprocessableEntity || e.Error.Fields["order"] != "enumera 40 corredores: la vuelta solo tiene 15, y cada corredor figura una vez como máximo" ||
		e.Error.Fields["order[1]"] != "el dorsal 23 ya está en order[0]" {
		t.Errorf("a sprint of 40 bib 23 in Spanish = %d %v, want the list and the bib refused in Spanish", es.Code, e.Error.Fields)
	}

	r.refusedPage(t, "a typed sprint of 40 bib 23", "/stages/1/sprints/1", url.Values{"order": {bibsTyped(23, 40)}, "_version": {ver}}, 422,
		"lists 40 riders: the tour has only 15", "bib 23 is already at order[0]")
	r.refusedPage(t, "a typed sprint of 3,000 bib 23", "/stages/1/sprints/1", url.Values{"order": {bibsTyped(23, 3000)}, "_version": {ver}}, 422,
		"has more than 1000 bibs")
	r.refusedPage(t, "a typed finish of 40 bib 11", "/stages/1/finish", finishForm(ver, [4]string{"0", "3", "2", bibsTyped(11, 40)}), 422,
		"lists 40 riders: the tour has only 15", "bib 11 is already in group 1")
	r.refusedPage(t, "a typed finish of a million bib 11", "/stages/1/finish", finishForm(ver, [4]string{"0", "3", "2", bibsTyped(11, 1_000_000)}), 422,
		"has more than 1000 bibs")
}

// BenchmarkHostileSprint measures the refusal of a sprint order of 300,000 copies of one bib (about
// what a body under the 1 MB limit holds) through the API.
func BenchmarkHostileSprint(b *testing.B) {
	ta := newTestApp(b)
	r := hostileTour(b, ta)
	var body bytes.Buffer
	body.WriteString(`{"order":[23`)
	for body.Len() < 900_000 {
		body.WriteString(",23")
	}
	body.WriteString(`]}`)
	target := r.url("/stages/1/sprints/1")
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPut, target, bytes.NewReader(body.Bytes()))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		ta.Echo.ServeHTTP(rec, req)
		if rec.Code != http.StatusUnprocessableEntity {
			b.Fatalf("PUT %s = %d, want 422: %.300s", target, rec.Code, rec.Body.String())
		}
	}
}

// TestTourTeamsListIsBounded creates a tour whose teams are team 1 a hundred thousand times: a 422
// on teams naming the rules' bound, checking the first teams only (it answered 20 MB of refusals,
// one for each copy), storing nothing.
func TestTourTeamsListIsBounded(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	body := map[string]any{"ruleset": "cycling-party", "name": "Hostile", "profile": "medium", "seed": 7, "riders_per_team": 5,
		"stages": cpRaceStages(), "teams": bibsJSON(1, 100_000)}
	e := refusedUnchanged(t, ta, "a tour of team 1 a hundred thousand times", http.MethodPost, "/api/v1/tours", body, http.StatusUnprocessableEntity, "validation", "teams")
	if want := "must be between 2 and 30 teams (has 100000)"; e.Error.Fields["teams"] != want || len(e.Error.Fields) > 31 {
		t.Errorf("the tour is refused with %d fields, teams: %q; want %q and the first 30 teams' problems at most", len(e.Error.Fields), e.Error.Fields["teams"], want)
	}
}
