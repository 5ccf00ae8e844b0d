package app_test

// Several directors at once, on whichever engine the tests run (RACEDIRECTOR_TEST_DB): each action
// is one transaction, the stale-form check holds, and no clash between them is ever a 500.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
)

// concurrently sends one request per body at once (no cookies: the API takes none) and returns
// the statuses and bodies, in the order of the bodies.
func concurrently(ta *testApp, method, target string, headers map[string]string, bodies []any) ([]int, []string) {
	codes, answers := make([]int, len(bodies)), make([]string, len(bodies))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, body := range bodies {
		data, _ := json.Marshal(body)
		req := httptest.NewRequest(method, target, bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/json")
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			rec := httptest.NewRecorder()
			ta.Echo.ServeHTTP(rec, req)
			codes[i], answers[i] = rec.Code, rec.Body.String()
		}()
	}
	close(start)
	wg.Wait()
	return codes, answers
}

// TestConcurrentDirectorsOnOneStage has eight directors save the same sprint at once. From a page
// at the same version, exactly one is stored and the seven others are told the stage changed (409);
// without a version, all eight are stored one after the other: eight lines of history, the stage's
// version eight further, nothing lost.
func TestConcurrentDirectorsOnOneStage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	p := cpProposal(t, ta, 2, 5)
	var teams []uint
	for _, tm := range getTeams(t, ta)[:3] {
		teams = append(teams, tm.ID)
	}
	tour := createTour(t, ta, createBody(p, teams...))
	stageURL := "/api/v1/tours/" + itoa(tour.ID) + "/stages/1"
	var bibs []int
	for _, tm := range tour.Teams {
		for _, r := range tm.Riders {
			bibs = append(bibs, r.Bib)
		}
	}
	orders := make([]any, 8)
	for i := range orders {
		orders[i] = map[string]any{"order": []int{bibs[i], bibs[i+1], bibs[i+2]}}
	}
	version := func() int {
		t.Helper()
		v, err := strconv.Atoi(strconvUnquote(tourCall(t, ta, http.MethodGet, stageURL, nil, http.StatusOK).Header().Get("ETag")))
		if err != nil {
			t.Fatalf("the stage's ETag is not its version: %v", err)
		}
		return v
	}
	history := func() int {
		t.Helper()
		var lines []map[string]any
		if err := json.Unmarshal(tourCall(t, ta, http.MethodGet, stageURL+"/history", nil, http.StatusOK).Body.Bytes(), &lines); err != nil {
			t.Fatalf("the history is not a list: %v", err)
		}
		return len(lines)
	}

	was := version()
	codes, answers := concurrently(ta, http.MethodPut, stageURL+"/sprints/1", map[string]string{"If-Match": strconv.Quote(strconv.Itoa(was))}, orders)
	stored := 0
	for i, code := range codes {
		switch code {
		case http.StatusOK:
			stored++
		case http.StatusConflict:
		default:
			t.Errorf("director %d from the page at version %d: %d, want 200 or 409; body:\n%s", i+1, was, code, clip(answers[i]))
		}
	}
	if stored != 1 {
		t.Errorf("%d of 8 directors saving from the same page were stored, want exactly 1 (statuses %v)", stored, codes)
	}
	if got := version(); got != was+1 {
		t.Errorf("after one stored save the stage is at version %d, want %d", got, was+1)
	}

	was, lines := version(), history()
	codes, answers = concurrently(ta, http.MethodPut, stageURL+"/sprints/1", nil, orders)
	for i, code := range codes {
		if code != http.StatusOK {
			t.Errorf("director %d saving without a version: %d, want 200; body:\n%s", i+1, code, clip(answers[i]))
		}
	}
	// Each save changed the order the one before it left (the first changes the stored one unless
	// it is the same): every save is a line of history and a version.
	if got, want := version()-was, history()-lines; got != want || got < 7 {
		t.Errorf("eight saves at once moved the version by %d and wrote %d lines of history, want the same, at least 7", got, want)
	}
}

// TestConcurrentDirectorsCreateOneTeam has eight directors create a team of the same name at once:
// one is stored, the seven others are refused in words (the name is taken), none is a 500.
func TestConcurrentDirectorsCreateOneTeam(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	bodies := make([]any, 8)
	for i := range bodies {
		bodies[i] = map[string]any{"name": "Gemelos", "short": "GEM", "color": "#123456"}
	}
	codes, answers := concurrently(ta, http.MethodPost, "/api/v1/teams", nil, bodies)
	created := 0
	for i, code := range codes {
		switch code {
		case http.StatusCreated:
			created++
		case http.StatusUnprocessableEntity, http.StatusConflict:
		default:
			t.Errorf("director %d: %d, want 201, 422 or 409; body:\n%s", i+1, code, clip(answers[i]))
		}
	}
	if created != 1 {
		t.Errorf("%d teams called Gemelos were created at once, want 1 (statuses %v)", created, codes)
	}
	n := 0
	for _, tm := range getTeams(t, ta) {
		if tm.Name == "Gemelos" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the database has %d teams called Gemelos, want 1", n)
	}
}

// strconvUnquote is an ETag without its quotes.
func strconvUnquote(etag string) string {
	if s, err := strconv.Unquote(etag); err == nil {
		return s
	}
	return etag
}
