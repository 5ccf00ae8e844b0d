package app_test

// Several instances of the app on one PostgreSQL database, as a club or a league behind a load
// balancer would run them: what one writes, the other reads at once, and the followers connected to
// the other are told.

import (
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, to cut the listening connections

	"racedirector/app"
	"racedirector/app/store"
	"racedirector/app/store/storetest"
)

// TestTwoInstancesServeTheSameTours runs two apps on one PostgreSQL database: a tour created on A is
// read on B; a result written on A is in B's next answer (B's tour in memory and its kept pages are
// of the version it read before); a follower connected to B is told of A's write, and of the tour's
// deletion on A.
func TestTwoInstancesServeTheSameTours(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	a, b := openTestApp(t, dsn), openTestApp(t, dsn)
	tour := createTour(t, a, createBody(cpProposal(t, a, 3, 6), 1, 2))
	tourURL := "/api/v1/tours/" + itoa(tour.ID)
	if got := decode[map[string]any](t, tourCall(t, b, http.MethodGet, tourURL, nil, http.StatusOK)); got["follow_code"] != tour.FollowCode {
		t.Fatalf("B reads tour %d with follow code %v, want %q", tour.ID, got["follow_code"], tour.FollowCode)
	}
	// B reads the stage and its standings page, so that both are kept in its memory.
	stageURL := tourURL + "/stages/1"
	before := tourCall(t, b, http.MethodGet, stageURL, nil, http.StatusOK).Body.String()
	page := fmt.Sprintf("/tours/%d/stages/1", tour.ID)
	tourCall(t, b, http.MethodGet, page, nil, http.StatusOK)

	srvA, srvB := followServer(t, a), followServer(t, b)
	version, err := b.Store.TourVersion(tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	onB := openStream(t, srvB.URL, tour.FollowCode, "")
	if first := onB.next(t); first.change(t).Version != version {
		t.Fatalf("B's follower first hears %+v, want version %d", first, version)
	}

	wrote := time.Now()
	if st := apiCall(t, srvA.URL, http.MethodPut, stageURL+"/sprints/1", map[string]any{"order": []int{11, 21}}); st != http.StatusOK {
		t.Fatalf("PUT sprint on A = %d", st)
	}
	ev := onB.next(t)
	t.Logf("B's follower heard A's write %v after it was answered", time.Since(wrote))
	now, _ := a.Store.TourVersion(tour.ID)
	if ch := ev.change(t); ev.Event != "update" || ch.Kind != "sprint" || ch.Stage != 1 || ch.Version != now {
		t.Fatalf("B's follower heard %+v (%+v), want the sprint of stage 1 at version %d", ev, ch, now)
	}
	after := tourCall(t, b, http.MethodGet, stageURL, nil, http.StatusOK)
	if after.Body.String() == before || after.Header().Get("ETag") == "" {
		t.Errorf("B answers stage 1 as before A's write:\n%s", clip(after.Body.String()))
	}
	stage := decode[struct {
		Results struct {
			Sprints map[string][]int `json:"sprints"`
		} `json:"results"`
	}](t, after)
	if got := stage.Results.Sprints["1"]; len(got) != 2 || got[0] != 11 || got[1] != 21 {
		t.Errorf("B reads sprint 1 as %v, want A's [11 21]", got)
	}
	if body := tourCall(t, b, http.MethodGet, page, nil, http.StatusOK).Body.String(); !containsAll(body, "11", "21") {
		t.Errorf("B's stage page does not show A's sprint")
	}

	// A write on B is heard by A's follower the same way, and B's own follower hears it once.
	onA := openStream(t, srvA.URL, tour.FollowCode, strconv.FormatInt(now, 10))
	if st := apiCall(t, srvB.URL, http.MethodPost, stageURL+"/abandons", map[string]any{"bib": 12, "reason": "crash"}); st != http.StatusCreated && st != http.StatusOK {
		t.Fatalf("POST abandon on B = %d", st)
	}
	for name, s := range map[string]*sseStream{"A's follower": onA, "B's follower": onB} {
		if ch := s.next(t).change(t); ch.Kind != "abandon" || ch.Version <= now {
			t.Errorf("%s heard %+v, want the abandon past version %d", name, ch, now)
		}
	}

	if st := apiCall(t, srvA.URL, http.MethodDelete, tourURL, nil); st != http.StatusNoContent && st != http.StatusOK {
		t.Fatalf("DELETE tour on A = %d", st)
	}
	if ev := onB.next(t); ev.Event != "deleted" {
		t.Errorf("after the deletion on A, B's follower heard %+v, want a deleted event", ev)
	}
	tourCall(t, b, http.MethodGet, tourURL, nil, http.StatusNotFound)
}

// containsAll says whether s holds every part.
func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestAnInstanceListensAgainAfterLosingTheDatabase cuts the instances' listening connections: they
// connect again and catch up, so a follower on B is told of a write A made meanwhile.
func TestAnInstanceListensAgainAfterLosingTheDatabase(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	a, b := openTestApp(t, dsn), openTestApp(t, dsn)
	tour := createTour(t, a, createBody(cpProposal(t, a, 3, 6), 1, 2))
	srvA, srvB := followServer(t, a), followServer(t, b)
	onB := openStream(t, srvB.URL, tour.FollowCode, "")
	first := onB.next(t).change(t)

	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var cut int
	err = db.QueryRow("SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen%'").Scan(&cut)
	if err != nil || cut != 2 {
		t.Fatalf("cutting the two listening connections: %d cut, %v", cut, err)
	}
	if st := apiCall(t, srvA.URL, http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/stages/1/sprints/1", tour.ID), map[string]any{"order": []int{11, 21}}); st != http.StatusOK {
		t.Fatalf("PUT sprint on A = %d", st)
	}
	now, _ := a.Store.TourVersion(tour.ID)
	// B hears the write when it listens again (the catch-up tells the version, not what changed), or
	// as a notice if it listened again before A wrote.
	if ch := onB.next(t).change(t); ch.Version != now || ch.Version == first.Version {
		t.Errorf("B's follower heard %+v, want version %d", ch, now)
	}
}

// TestARefusalOnOneInstanceIsShownByTheOther posts a refused End stage to A; the browser's GET that
// the redirect leads to reaches B, which shows the refusal (the page is kept in the database), once:
// reloading on A shows the page afresh.
func TestARefusalOnOneInstanceIsShownByTheOther(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	a, b := openTestApp(t, dsn), openTestApp(t, dsn)
	r := createRaceTour(t, a, "cycling-party", 5, pageCPStages(), []uint{teamNamed(t, a, "Rojo").ID, teamNamed(t, a, "Azul").ID}, false)
	stage := fmt.Sprintf("/tours/%d/stages/1", r.id)
	form := url.Values{"_version": {r.version(t, 1)}, "_csrf": {a.csrf(t)}}
	req := httptest.NewRequest(http.MethodPost, stage+"/close", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := a.serve(t, req, true)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != stage || !refusalKept(rec) {
		t.Fatalf("a refused End stage on A = %d to %q, want 303 to %s keeping the refusal", rec.Code, rec.Header().Get("Location"), stage)
	}
	b.cookies = a.cookies // one browser, whichever instance answers it
	if got := b.do(t, http.MethodGet, stage, nil); got.Code != http.StatusUnprocessableEntity || !strings.Contains(got.Body.String(), "Stage 1 cannot end yet") {
		t.Errorf("GET %s on B after the refusal on A = %d, want 422 with what is missing:\n%s", stage, got.Code, clip(got.Body.String()))
	}
	if got := a.do(t, http.MethodGet, stage, nil); got.Code != http.StatusOK || strings.Contains(got.Body.String(), "cannot end yet") {
		t.Errorf("GET %s on A after B showed the refusal = %d, want the page afresh", stage, got.Code)
	}
}

// TestInstancesStartingTogether starts three instances at once on an empty PostgreSQL database: one
// makes the schema and loads the default teams, the others wait for it and find them.
func TestInstancesStartingTogether(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	apps := make([]*app.App, 3)
	errs := make([]error, 3)
	var wg sync.WaitGroup
	for i := range apps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			apps[i], errs[i] = app.New(dsn, slog.New(slog.NewTextHandler(io.Discard, nil)), testSite)
		}()
	}
	wg.Wait()
	for i, a := range apps {
		if errs[i] != nil {
			t.Fatalf("instance %d did not start: %v", i+1, errs[i])
		}
		t.Cleanup(func() { _ = a.Close() })
	}
	for i, a := range apps {
		teams, err := a.Store.ListTeams(store.Everything())
		if err != nil || len(teams) != 6 {
			t.Errorf("instance %d reads %d teams (%v), want the 6 default teams once", i+1, len(teams), err)
		}
	}
}
