package app_test

// The race state served from memory is never stale: random writes through the API on several tours,
// each followed by reads that must equal what a fresh app (no memory) computes from the database.

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"racedirector/app/grandtour"
	"racedirector/app/store"
)

// csrfValue blanks the one thing two apps may render differently: each viewer's CSRF token.
var csrfValue = regexp.MustCompile(`name="_csrf" value="[^"]*"`)

// memoryReads are the reads checked after every write.
func memoryReads(ids []uint, tours map[uint]store.TourView) []string {
	out := []string{"/api/v1/tours", "/"}
	for _, id := range ids {
		v := tours[id]
		out = append(out, fmt.Sprintf("/api/v1/tours/%d", id), fmt.Sprintf("/tours/%d/classifications", id),
			fmt.Sprintf("/tours/%d/cycling-party", id), fmt.Sprintf("/api/v1/tours/%d/standings", id))
		if v.Current > 0 {
			out = append(out, fmt.Sprintf("/tours/%d/stages/%d", id, v.Current), fmt.Sprintf("/api/v1/tours/%d/stages/%d", id, v.Current))
		}
		if v.Closed > 1 {
			out = append(out, fmt.Sprintf("/api/v1/tours/%d/standings?after=%d", id, v.Closed-1))
		}
	}
	return out
}

// readAnswer is a read's status and body, the CSRF tokens blanked.
func readAnswer(t *testing.T, ta *testApp, path string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	ta.Echo.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return fmt.Sprintf("%d %s", rec.Code, csrfValue.ReplaceAllString(rec.Body.String(), `name="_csrf" value=""`))
}

func TestRaceMemoryIsNeverStale(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rng := rand.New(rand.NewPCG(16, 2026))
	var ids []uint
	for i := range 3 {
		tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), uint(1+2*i), uint(2+2*i)))
		ids = append(ids, tour.ID)
	}
	ops := 70
	if testing.Short() {
		ops = 25
	}
	accepted := map[string]int{}
	for op := range ops {
		id := ids[rng.IntN(len(ids))]
		tour := decode[store.TourView](t, ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", id), nil))
		var bibs []int
		for _, team := range tour.Teams {
			for _, r := range team.Riders {
				bibs = append(bibs, r.Bib)
			}
		}
		rng.Shuffle(len(bibs), func(i, j int) { bibs[i], bibs[j] = bibs[j], bibs[i] })
		n := max(tour.Current, 1)
		base := fmt.Sprintf("/api/v1/tours/%d/stages/%d", id, n)
		var method, path string
		var body any
		switch k := rng.IntN(10); {
		case k < 3:
			method, path, body = http.MethodPut, base+"/finish", grandtour.Finish(bibs)
		case k < 5:
			method, path, body = http.MethodPut, base+"/sprints/1", map[string]any{"order": bibs[:3]}
		case k < 7:
			method, path = http.MethodPost, base+"/close"
		case k < 8:
			method, path = http.MethodPost, fmt.Sprintf("/api/v1/tours/%d/stages/%d/reopen", id, max(tour.Closed, 1))
		case k < 9:
			method, path = http.MethodPost, base+"/undo"
		default:
			method, path, body = http.MethodPost, base+"/abandons", map[string]any{"bib": bibs[0], "reason": "crash"}
		}
		// Reads before the write fill the memory with the version the write replaces.
		for _, p := range memoryReads(ids, map[uint]store.TourView{id: tour}) {
			readAnswer(t, ta, p)
		}
		rec := ta.do(t, method, path, body)
		if rec.Code < 300 {
			accepted[method+" "+regexp.MustCompile(`\d+`).ReplaceAllString(path, "n")]++
		}
		tours := map[uint]store.TourView{}
		for _, tid := range ids {
			tours[tid] = decode[store.TourView](t, ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", tid), nil))
		}
		fresh := openTestApp(t, ta.Path)
		for _, p := range memoryReads(ids, tours) {
			if got, want := readAnswer(t, ta, p), readAnswer(t, fresh, p); got != want {
				t.Fatalf("op %d (%s %s = %d): GET %s from memory differs from a fresh app:\n%s", op, method, path, rec.Code, p, diffLines(want, got))
			}
		}
		if err := fresh.Close(); err != nil {
			t.Fatal(err)
		}
	}
	// The walk must have written, not only been refused.
	for _, what := range []string{"PUT /api/vn/tours/n/stages/n/finish", "POST /api/vn/tours/n/stages/n/close"} {
		if accepted[what] == 0 {
			t.Errorf("no %s was accepted in the walk (accepted: %v): the test checked too little", what, accepted)
		}
	}
	if len(accepted) < 4 {
		t.Errorf("only %v were accepted: the walk wrote too few kinds of change", accepted)
	}
}
