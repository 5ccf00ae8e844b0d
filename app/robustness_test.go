package app_test

// Robustness: no input gives a 500 or a panic. Every API route and every page POST route is sent a
// table of hostile inputs on a database holding a tour of each ruleset in a mid-race state (stage 1
// entered and closed, stage 2 open) and one of each not started. Each answer must be below 500 and
// come before a 60-second hang guard, no panic may be logged, an API refusal must be a JSON error with a code,
// and a refusal must store nothing (SQLite's data_version tells whether anything was committed; the
// snapshot then tells what). An accepted request that stored something is followed (a created tour
// is visited) and the world is written back before the next request.
//
// go test -short sends one request in ten; RACEDIRECTOR_ROBUST=deep sends more values to the
// wizard's draft and the backups and prints the book of every tour created. The fuzz targets run
// their seeds as normal tests; fuzz them with
//
//	go test ./app -run x -fuzz FuzzAPIFinish -fuzztime 30s
//	go test ./app -run x -fuzz FuzzAPIOrder -fuzztime 30s

import (
	"archive/zip"
	"bufio"
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"html"
	"image"
	"image/png"
	"io"
	"log/slog"
	"maps"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"racedirector/app"
	"racedirector/app/race"
	"racedirector/app/store/storetest"
)

// rulesetIDs are the shipped rulesets, each raced in the robustness world.
var rulesetIDs = []string{"cycling-party", "ciclismo-a-fondo", "2ruote", "uci-road"}

// logSink keeps what the app logs at error level, to name the cause of a 500 or a panic.
type logSink struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *logSink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

// take returns what was logged since the last call and forgets it.
func (s *logSink) take() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.buf.String()
	s.buf.Reset()
	return out
}

// robustTour is one tour of the world: its id, ruleset, state and bibs.
type robustTour struct {
	ID      uint
	Ruleset string
	// Raced: stage 1 closed and stage 2 open; otherwise stage 1 open with nothing entered.
	Raced bool
	// Bibs are the riders still racing; Gone is the one who abandoned in stage 2 of a raced tour.
	Bibs []int
	Gone int
	// Open is the open stage; Sprints and Climbs are how many it has.
	Open, Sprints, Climbs int
	// Sheets are the control sheets of the tour's ruleset.
	Sheets []string
	// Backup is the tour's backup file.
	Backup []byte
	// Code is the tour's follow code.
	Code string
}

// robustWorld is a database file holding a tour of each ruleset raced and not raced; every group of
// cases runs on its own copy.
type robustWorld struct {
	file []byte
	// snap is the world's snapshot.
	snap string
	// reached records the routes the hostile requests reached.
	reached *routeLog
	tours   []robustTour
	// teams are database team ids that can race each ruleset.
	teams map[string][]uint
	// proposals are a valid proposal request and the proposal answered, by ruleset.
	requests  map[string]obj
	proposals map[string]race.Proposal
	// session, when set, is a director's session cookie every runner's pages are sent with (a
	// world with directors' accounts).
	session *http.Cookie
	// seasonCode is the follow code of the world's season (season 1, of the first two tours).
	seasonCode string
}

// openRobustApp starts the app on path with its error log kept in sink.
func openRobustApp(t testing.TB, path string, sink *logSink, reached *routeLog) *testApp {
	t.Helper()
	a, err := app.New(throwaway(path), slog.New(slog.NewTextHandler(sink, &slog.HandlerOptions{Level: slog.LevelError})), withTestEmbedded(t), cheapHashes, testSite)
	if err != nil {
		t.Fatalf("app.New(%s): %v", path, err)
	}
	ta := &testApp{App: a, Path: path, cookies: map[string]*http.Cookie{}}
	t.Cleanup(func() {
		if !ta.closed {
			_ = a.Close()
		}
	})
	if reached != nil {
		a.Echo.Use(func(next echo.HandlerFunc) echo.HandlerFunc {
			return func(c echo.Context) error {
				err := next(c)
				// A page refusal answers 303 to the page that shows it (post/redirect/get): not accepted.
				refused := strings.Contains(strings.Join(c.Response().Header().Values("Set-Cookie"), ";"), "rd_refused=")
				reached.see(c.Request().Method+" "+c.Path(), err == nil && c.Response().Status < 400 && !refused)
				return err
			}
		})
	}
	return ta
}

// routeLog records the routes requests reached and whether one was accepted.
type routeLog struct {
	mu       sync.Mutex
	accepted map[string]bool
}

func (l *routeLog) see(route string, accepted bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.accepted[route] = l.accepted[route] || accepted
}

// newRobustWorld builds the world through the API: for each ruleset a proposal, a tour, and for the
// raced one stage 1 entered and closed.
func newRobustWorld(t testing.TB) *robustWorld {
	t.Helper()
	w := &robustWorld{requests: map[string]obj{}, proposals: map[string]race.Proposal{}, reached: &routeLog{accepted: map[string]bool{}}}
	path := filepath.Join(t.TempDir(), "world.db")
	ta := openRobustApp(t, path, &logSink{}, nil)
	var cp []uint
	for _, tm := range getTeams(t, ta)[:3] {
		cp = append(cp, tm.ID)
	}
	ruote := ruoteRaceTeams(t, ta)
	caf := cafRaceTeams(t, ta)
	w.teams = map[string][]uint{"cycling-party": cp, "ciclismo-a-fondo": caf, "2ruote": ruote, "uci-road": cp}
	for _, raced := range []bool{true, false} {
		for _, rs := range rulesetIDs {
			tour := robustCreateTour(t, ta, w, rs)
			tour.Open = 1
			if raced {
				robustRaceStage(t, ta, tour, 1)
				tour.Open = 2
			}
			tour.Raced = raced
			r := raceRun{ta: ta, id: tour.ID}
			if raced && (rs == "cycling-party" || rs == "ciclismo-a-fondo") {
				// Stage 2 has entries, so that the pages show their remove and undo forms: a sprint, an
				// abandonment (the rider leaves the bibs that race on) and an advantage used. (The other
				// rulesets' stage 2 stays empty, so that stage 1 can be reopened.)
				if st, _ := r.stage(t, 2); len(st.Sprints) > 0 {
					r.ok(t, http.MethodPut, "/stages/2/sprints/1", obj{"order": tour.Bibs[:2]})
				}
				gone := tour.Bibs[len(tour.Bibs)-1]
				r.ok(t, http.MethodPost, "/stages/2/abandons", obj{"bib": gone, "reason": "crash"})
				tour.Bibs = tour.Bibs[:len(tour.Bibs)-1]
				tour.Gone = gone
				switch rs {
				case "cycling-party":
					r.ok(t, http.MethodPost, "/stages/2/advantages", obj{"kind": "attack", "bib": tour.Bibs[2]})
				case "ciclismo-a-fondo":
					r.ok(t, http.MethodPost, "/stages/2/advantages", obj{"kind": "effort", "bib": tour.Bibs[0], "points": 1})
				}
			}
			if raced && rs == "uci-road" {
				// A penalty and a reinstatement, so that the jury's remove forms are on the stage page (the
				// 2RUOTE tour's stage 2 stays empty for reopening stage 1).
				r.ok(t, http.MethodPost, "/stages/2/penalties", obj{"bib": tour.Bibs[1], "seconds": 10, "reason": "feeding late"})
				r.ok(t, http.MethodPost, "/stages/2/reinstatements", obj{"bib": tour.Bibs[0], "reason": "held up by a crash"})
			}
			st, _ := r.stage(t, tour.Open)
			tour.Sprints, tour.Climbs = len(st.Sprints), len(st.Climbs)
			for _, sh := range decode[[]struct {
				ID string `json:"id"`
			}](t, r.ok(t, http.MethodGet, "/sheets", nil)) {
				tour.Sheets = append(tour.Sheets, sh.ID)
			}
			tour.Backup = r.ok(t, http.MethodGet, "/backup.json", nil).Body.Bytes()
			w.tours = append(w.tours, tour)
		}
	}
	w.seasonCode = robustSeason(t, ta, w.tours[0].ID, w.tours[1].ID)
	w.snap = ta.snapshot(t)
	if err := ta.Close(); err != nil {
		t.Fatal(err)
	}
	ta.closed = true
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w.file = data
	return w
}

// robustCreateTour proposes a short tour of ruleset and creates it with teams.
func robustCreateTour(t testing.TB, ta *testApp, w *robustWorld, ruleset string) robustTour {
	t.Helper()
	req := obj{"ruleset": ruleset, "name": "Robust " + ruleset, "stages": 3, "profile": "medium", "seed": 11}
	if ruleset == "2ruote" {
		req["advanced"] = true
		req["riders_per_team"] = 5
	}
	if ruleset == "ciclismo-a-fondo" {
		req["riders_per_team"] = 5
	}
	if ruleset == "uci-road" {
		req["riders_per_team"] = 6
	}
	p := propose(t, ta, req)
	if ruleset == "uci-road" {
		p.Stages[1] = race.Stage{Type: "ttt", Length: 30} // a team time trial: its per-team form is on the open stage's page
	}
	w.requests[ruleset], w.proposals[ruleset] = req, p
	view := createTour(t, ta, createBody(p, w.teams[ruleset]...))
	tour := robustTour{ID: view.ID, Ruleset: ruleset, Code: view.FollowCode}
	for _, tm := range view.Teams {
		for _, r := range tm.Riders {
			tour.Bibs = append(tour.Bibs, r.Bib)
		}
	}
	return tour
}

// robustRaceStage enters stage n completely (every sprint and climb, the finish) and closes it.
func robustRaceStage(t testing.TB, ta *testApp, tour robustTour, n int) {
	t.Helper()
	r := raceRun{ta: ta, id: tour.ID}
	st, _ := r.stage(t, n)
	top := tour.Bibs[:3]
	for k := range st.Sprints {
		r.ok(t, http.MethodPut, fmt.Sprintf("/stages/%d/sprints/%d", n, k+1), obj{"order": top})
	}
	for k := range st.Climbs {
		r.ok(t, http.MethodPut, fmt.Sprintf("/stages/%d/climbs/%d", n, k+1), obj{"order": top})
	}
	r.ok(t, http.MethodPut, fmt.Sprintf("/stages/%d/finish", n), robustFinish(tour))
	recordStage(t, ta, tour.ID, n)
	rec := ta.do(t, http.MethodPost, r.url("/stages/%d/close", n), nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("closing stage %d of the %s tour = %d; body:\n%s", n, tour.Ruleset, rec.Code, clip(rec.Body.String()))
	}
}

// robustFinish is a valid finish of every rider in the tour's time model.
func robustFinish(tour robustTour) obj {
	bibs := tour.Bibs
	switch tour.Ruleset {
	case "cycling-party":
		return obj{"groups": []any{cpGroup(0, 5, 3, bibs[:2]...), cpGroup(1, 4, 2, bibs[2:]...)}}
	case "ciclismo-a-fondo":
		return obj{"groups": []any{turnGroup(20, bibs[:2]...), turnGroup(21, bibs[2:]...)}}
	case "2ruote":
		return obj{"groups": []any{sectorGroup(1, bibs[:2]...), sectorGroup(0, bibs[2:]...)}}
	}
	var results []obj
	for i, b := range bibs {
		results = append(results, obj{"bib": b, "time": fmt.Sprintf("4:%02d:%02d", 10+i/60, i%60)})
	}
	return obj{"results": results}
}

// hostile is one hostile request.
type hostile struct {
	name   string
	method string
	url    string
	body   []byte
	ctype  string
	// form is a page form: posted url-encoded with the CSRF token the page carried.
	form url.Values
	// page marks a page POST sent with a raw body: its CSRF token goes in the X-CSRF-Token header
	// (as the pages' scripts send it), with the browser's Sec-Fetch-Site: same-origin.
	page   bool
	header map[string]string
	// stream sends the body without a Content-Length.
	stream bool
	// reader, when set, is the body as the server reads it (slow, or broken off), with the length of
	// body announced.
	reader io.Reader
	// want, when not zero, is the status the request must get.
	want int
	// keep, when the request was accepted, keeps what it stored for the next request instead of
	// resetting the world (a chain of valid requests before a hostile one).
	keep bool
	// follow, when the request was accepted, sends more requests before the world is reset.
	follow func(t testing.TB, r *robustRunner, rec *httptest.ResponseRecorder)
	// remote, when set, is the address the request comes from (another machine's otherwise).
	remote string
	// always sends the request however thin the walk (robustEvery): the valid requests the hostile
	// ones vary.
	always bool
	// fill, when set, makes the request's body or form just before it is sent: a walk that sends one
	// request in five builds only those.
	fill func(t testing.TB, h *hostile)
}

// robustRunner sends hostile requests to its own copy of the world, one after the other.
type robustRunner struct {
	w    *robustWorld
	ta   *testApp
	sink *logSink
	csrf string
	// world is the world's file; conn writes it back into the app's database after an accepted change.
	world string
	conn  *sql.Conn
	// snap and version are the database's snapshot and data version before the next request (snap
	// is empty while the reads that follow an accepted request are sent).
	snap    string
	version int64
	resets  int
	fails   int
	// after names the accepted request whose follow-up requests are being sent.
	after string
	// booked are the keys of followTourBookedOnce whose books were printed.
	booked map[string]bool
}

// robustTimeout is when a request is taken for stuck: a hang guard only. How fast an input is
// answered is the benchmarks' business, never a test's: on a loaded machine any limit tighter than
// this would fail a correct server.
const robustTimeout = 60 * time.Second

// debugRobust checks every reset of the world against its snapshot.
const debugRobust = false

// robustEvery is how thin the walk is: about one hostile request in robustEvery is sent, chosen by
// the request's name (field and value), so that every field gets about a fifth of the values and
// every value about a fifth of the fields, a different fifth on each form, the same on every run:
// the README's test command stays within its minutes. RACEDIRECTOR_ROBUST=full (CI runs it) or deep
// sends every request; -short one in 10.
func robustEvery() int {
	switch {
	case fullRobust || deepRobust:
		return 1
	case testing.Short():
		return 10
	}
	return 5
}

// sampled says whether the walk sends h when it sends one request in every: always for every = 1,
// else by a hash of its name (the same choice on every run, spread across fields and values
// whatever the order they are made in: its method, address and name).
func sampled(h hostile, every int) bool {
	if every <= 1 {
		return true
	}
	f := fnv.New32a()
	_, _ = f.Write([]byte(h.method + " " + h.url + " " + h.name))
	return f.Sum32()%uint32(every) == 0
}

// maxRobustFailures caps the failures a runner reports in detail.
const maxRobustFailures = 40

func (w *robustWorld) runner(t testing.TB) *robustRunner {
	t.Helper()
	dir := t.TempDir()
	r := &robustRunner{w: w, sink: &logSink{}, world: filepath.Join(dir, "world.db"), booked: map[string]bool{}}
	path := filepath.Join(dir, "app.db")
	for _, p := range []string{r.world, path} {
		if err := os.WriteFile(p, w.file, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	r.ta = openRobustApp(t, path, r.sink, w.reached)
	db, err := gorm.Open(sqlite.Open(path+"?_busy_timeout=10000&_journal_mode=WAL&_synchronous=OFF"), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		t.Fatal(err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	r.conn, err = sqlDB.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = r.conn.Close()
		_ = sqlDB.Close()
	})
	for _, q := range []string{"PRAGMA foreign_keys = OFF", "ATTACH DATABASE '" + r.world + "' AS world"} {
		if _, err := r.conn.ExecContext(context.Background(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if w.session != nil {
		r.ta.cookies[w.session.Name] = w.session
	}
	r.csrf = r.ta.csrf(t)
	r.snap, r.version = r.ta.snapshot(t), r.dataVersion(t)
	if r.snap != w.snap {
		t.Fatalf("a copy of the world differs from the world:\n%s", diffLines(w.snap, r.snap))
	}
	r.sink.take()
	return r
}

// reset writes the world back into the app's database, in one transaction, every table's rows as
// they were.
func (r *robustRunner) reset(t testing.TB) {
	t.Helper()
	r.resets++
	ctx := context.Background()
	rows, err := r.conn.QueryContext(ctx, "SELECT name FROM world.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	stmts := []string{"BEGIN IMMEDIATE"}
	for _, table := range tables {
		stmts = append(stmts, fmt.Sprintf(`DELETE FROM main.%q`, table), fmt.Sprintf(`INSERT INTO main.%q SELECT * FROM world.%q`, table, table))
	}
	stmts = append(stmts, "COMMIT", "PRAGMA main.wal_checkpoint(TRUNCATE)")
	for _, q := range stmts {
		if _, err := r.conn.ExecContext(ctx, q); err != nil {
			t.Fatalf("resetting the world: %s: %v", q, err)
		}
	}
	r.snap, r.version = r.w.snap, r.dataVersion(t)
}

// dataVersion is SQLite's data_version seen from the runner's own connection: it changes when, and
// only when, another connection (the app's) commits to the database.
func (r *robustRunner) dataVersion(t testing.TB) int64 {
	t.Helper()
	var v int64
	if err := r.conn.QueryRowContext(context.Background(), "PRAGMA main.data_version").Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// send sends h and checks the answer: below 500, no panic logged, a JSON error with a code for an API
// refusal, and nothing stored by a refusal. An accepted request that stored something resets the world.
func (r *robustRunner) send(t testing.TB, h hostile) *httptest.ResponseRecorder {
	t.Helper()
	if h.fill != nil {
		h.fill(t, &h)
	}
	method := cmp.Or(h.method, http.MethodGet)
	body, ctype := h.body, h.ctype
	if h.form != nil {
		v := url.Values{}
		for k, vs := range h.form {
			v[k] = slices.Clone(vs)
		}
		if _, set := v["_csrf"]; !set {
			v.Set("_csrf", r.csrf)
		}
		body, ctype, method = []byte(v.Encode()), "application/x-www-form-urlencoded", cmp.Or(h.method, http.MethodPost)
	}
	var rd io.Reader = http.NoBody
	if body != nil {
		rd = bytes.NewReader(body)
		if h.stream {
			rd = io.MultiReader(bytes.NewReader(body)) // hides the length
		}
	}
	if h.reader != nil {
		rd = io.MultiReader(h.reader)
	}
	req, err := http.NewRequest(method, "http://example.com"+h.url, rd)
	if err != nil {
		t.Fatalf("%s: building %s %q: %v", h.name, method, h.url, err)
	}
	req.RemoteAddr = cmp.Or(h.remote, "192.0.2.1:1234")
	var leave context.CancelFunc
	if strings.HasSuffix(req.URL.Path, "/events") {
		// An event stream lasts as long as its follower: this one leaves once the stream has said what
		// it has (its first flush), and the stream ends. (A follower gone before is answered nothing.)
		ctx, cancel := context.WithCancel(req.Context())
		req, leave = req.WithContext(ctx), cancel
	}
	if h.stream {
		req.ContentLength = -1
	}
	if h.reader != nil {
		req.ContentLength = int64(len(body))
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if h.page {
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		if req.Header.Get("X-CSRF-Token") == "" {
			req.Header.Set("X-CSRF-Token", r.csrf)
		}
	}
	for k, v := range h.header {
		req.Header.Set(k, v)
	}
	var rec *httptest.ResponseRecorder
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if p := recover(); p != nil {
				rec = httptest.NewRecorder()
				rec.Code = 599
				rec.Body.WriteString(fmt.Sprintf("panicked through the router: %v", p))
			}
		}()
		if leave != nil {
			rec = r.ta.serveLeaving(req, leave)
			return
		}
		rec = r.ta.serve(t, req, true)
	}()
	select {
	case <-done:
	case <-time.After(robustTimeout):
		t.Fatalf("%s%s: %s %s did not answer within %v (the server is stuck on it)", cmp.Or(r.after, "-"), h.name, method, clipURL(h.url), robustTimeout)
	}
	logged := r.sink.take()
	switch {
	case rec.Code >= 500:
		r.failf(t, "%s: %s %s = %d, want < 500; body: %.300s\nlog: %.2000s", h.name, method, clipURL(h.url), rec.Code, rec.Body.String(), logged)
	case strings.Contains(logged, "panic"):
		r.failf(t, "%s: %s %s = %d but logged a panic:\n%.2000s", h.name, method, clipURL(h.url), rec.Code, logged)
	case h.want != 0 && rec.Code != h.want:
		r.failf(t, "%s: %s %s = %d, want %d; body: %.300s", h.name, method, clipURL(h.url), rec.Code, h.want, rec.Body.String())
	}
	if strings.HasPrefix(h.url, "/api/") && rec.Code >= 400 && method != http.MethodHead {
		var e apiError
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || json.Unmarshal(rec.Body.Bytes(), &e) != nil || e.Error.Code == "" || e.Error.Message == "" {
			r.failf(t, "%s: %s %s = %d with a body that is not a JSON error with a code and a message: %.300s", h.name, method, clipURL(h.url), rec.Code, rec.Body.String())
		}
	}
	version := r.dataVersion(t)
	if version == r.version {
		return rec // nothing was committed
	}
	r.version = version
	switch {
	case rec.Code >= 400 && r.snap == "":
		// The requests that follow an accepted one only read: one refused that commits is wrong
		// whatever it wrote (no snapshot is taken before them: dumping the database after each
		// accepted request cost a tenth of the walk).
		r.failf(t, "%s: the refused %s %s (%d) committed to the database", h.name, method, clipURL(h.url), rec.Code)
		return rec
	case rec.Code >= 400:
		// A refusal committed something: it must have left every row as it was.
		if after := r.ta.snapshot(t); after != r.snap {
			r.failf(t, "%s: the refused %s %s (%d) changed the database:\n%.2000s", h.name, method, clipURL(h.url), rec.Code, diffLines(r.snap, after))
			r.reset(t)
		}
		return rec
	case h.keep:
		r.snap = r.ta.snapshot(t)
		return rec
	case h.follow != nil:
		r.snap = "" // unknown: what follows only reads
		r.after = h.name
		h.follow(t, r, rec)
		r.after = ""
	}
	r.reset(t)
	if debugRobust {
		if again := r.ta.snapshot(t); again != r.w.snap {
			t.Fatalf("the reset world differs from the world:\n%s", diffLines(r.w.snap, again))
		}
	}
	return rec
}

// failf reports a failure, the first maxRobustFailures of a runner in full.
func (r *robustRunner) failf(t testing.TB, format string, args ...any) {
	t.Helper()
	r.fails++
	if r.after != "" {
		format = "after " + r.after + ": " + format
	}
	switch {
	case r.fails <= maxRobustFailures:
		t.Errorf(format, args...)
	case r.fails == maxRobustFailures+1:
		t.Errorf("more failures follow: only their count is reported")
	}
}

// clipURL shortens a long URL for a message.
func clipURL(u string) string {
	if len(u) > 200 {
		return u[:200] + "…"
	}
	return u
}

// sendAll sends the requests of hs: one in robustEvery, and every valid request, every request of
// a chain and its end, and every request whose answer is known.
func (r *robustRunner) sendAll(t testing.TB, hs []hostile) {
	t.Helper()
	every := robustEvery()
	for _, h := range hs {
		if !sampled(h, every) && !h.always && !h.keep && h.want == 0 {
			continue
		}
		r.send(t, h)
	}
	if r.fails > maxRobustFailures {
		t.Errorf("%d failures in all", r.fails)
	}
}

// hostileValue is a JSON value put in place of a field, or a text typed in a form field.
type hostileValue struct{ name, raw string }

// longText is 10k characters.
var longText = strings.Repeat("é", 5000) + strings.Repeat("x", 5000)

// oddText has a NUL byte, right-to-left marks, emoji and combining characters.
const oddText = "a\x00b \u202eRTL\u202c \u200f عربي 🚴🏽‍♀️ e\u0301 \ufeff"

// oddName is oddText without its NUL byte: a name that is kept (a NUL is refused everywhere, as
// PostgreSQL cannot keep it).
const oddName = "ab \u202eRTL\u202c \u200f عربي 🚴🏽‍♀️ e\u0301 \ufeff"

// manyBibs is a list of 10k bibs, all different, and 10k times the same one.
var manyBibs, sameBib = func() (string, string) {
	var a, b strings.Builder
	a.WriteString("[")
	b.WriteString("[")
	for i := range 10000 {
		if i > 0 {
			a.WriteString(",")
			b.WriteString(",")
		}
		a.WriteString(strconv.Itoa(11 + i))
		b.WriteString("11")
	}
	a.WriteString("]")
	b.WriteString("]")
	return a.String(), b.String()
}()

// hostileJSON are the values put at every field of a valid body: wrong types, huge and negative
// numbers, long and odd strings, big lists.
var hostileJSON = []hostileValue{
	{"null", "null"}, {"true", "true"}, {"a string", `"abc"`}, {"an empty string", `""`}, {"a numeric string", `"12"`},
	{"zero", "0"}, {"-1", "-1"}, {"1.5", "1.5"}, {"1e300", "1e300"}, {"-1e300", "-1e300"},
	{"2^63", "9223372036854775808"}, {"-2^63-1", "-9223372036854775809"}, {"2^63-1", "9223372036854775807"}, {"-2^63", "-9223372036854775808"},
	{"2^31", "2147483648"}, {"2^32+11", "4294967307"},
	{"an empty list", "[]"}, {"an object", `{"a":1}`}, {"a list of strings", `["abc"]`}, {"a list of nulls", "[null]"},
	{"10k bibs", manyBibs}, {"10k times bib 11", sameBib}, {"10k chars", strconv.Quote(longText)}, {"odd text", jsonQuote(oddText)},
	{"nested lists", strings.Repeat("[", 200) + strings.Repeat("]", 200)},
}

// hostileJSONNested are the values put at fields below the top level: fewer, as the same decoder
// reads them.
var hostileJSONNested = []hostileValue{
	{"null", "null"}, {"a string", `"abc"`}, {"-1", "-1"}, {"zero", "0"}, {"1e300", "1e300"}, {"2^63", "9223372036854775808"},
	{"2^63-1", "9223372036854775807"}, {"-2^63", "-9223372036854775808"}, {"an empty list", "[]"}, {"an object", `{"a":1}`}, {"odd text", jsonQuote(oddText)}, {"10k bibs", manyBibs},
}

// jsonQuote is s as a JSON string.
func jsonQuote(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// hostileBodies are whole bodies that are not what any route takes.
var hostileBodies = []hostileValue{
	{"empty body", ""}, {"white space", " \n\t "}, {"null", "null"}, {"an empty list", "[]"}, {"an empty object", "{}"},
	{"a string", `"abc"`}, {"1e300", "1e300"}, {"2^63", "9223372036854775808"}, {"-1", "-1"}, {"true", "true"},
	{"an open brace", "{"}, {"a close brace", "}"}, {"two objects", "{}{}"}, {"trailing junk", "{} x"},
	{"an unknown field", `{"nope":1}`}, {"invalid UTF-8", "\xff\xfe\xfd"}, {"a NUL byte", "\x00"}, {"a BOM", "\ufeff{}"},
	{"not JSON", "bib,time\n11,4:00:00\n"}, {"a list of 10k bibs", manyBibs},
	{"100k nested lists", strings.Repeat("[", 100000)}, {"20k nested lists closed", strings.Repeat("[", 20000) + strings.Repeat("]", 20000)},
	{"20k nested objects", strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000)},
}

// jsonPaths lists the path of every value below the root of v: each key of an object, and the first
// element of a list.
func jsonPaths(v any, prefix []any) [][]any {
	var out [][]any
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			p := append(slices.Clone(prefix), k)
			out = append(out, p)
			out = append(out, jsonPaths(x[k], p)...)
		}
	case []any:
		if len(x) > 0 {
			p := append(slices.Clone(prefix), 0)
			out = append(out, p)
			out = append(out, jsonPaths(x[0], p)...)
		}
	}
	return out
}

// withHostileKeys gives every object of tree a key more, one at a time: a hostile one where the
// object is a map (bibs of the fatigue, team ids of the riders chosen, a ruleset's allowances by
// role), an unknown field where it is a struct. Each is the whole JSON so changed.
func withHostileKeys(t testing.TB, tree any) []hostileValue {
	t.Helper()
	var out []hostileValue
	for _, p := range append([][]any{nil}, jsonPaths(tree, nil)...) {
		obj, ok := valueAt(tree, p).(map[string]any)
		if !ok {
			continue
		}
		for _, k := range []string{"abc", "-1", "0", "99999999999999999999", "", oddText} {
			sub := toTree(t, obj)
			sub.(map[string]any)[k] = json.Number("1")
			raw, err := json.Marshal(sub)
			if err != nil {
				t.Fatal(err)
			}
			if len(p) > 0 {
				raw = replaced(t, tree, p, string(raw))
			}
			out = append(out, hostileValue{fmt.Sprintf("key %.12q in %s", k, cmp.Or(pathName(p), "the body")), string(raw)})
		}
	}
	return out
}

// valueAt is the value of tree at path (nil when there is none).
func valueAt(tree any, path []any) any {
	for _, step := range path {
		switch x := tree.(type) {
		case map[string]any:
			tree = x[step.(string)]
		case []any:
			tree = x[step.(int)]
		default:
			return nil
		}
	}
	return tree
}

// pathName writes a path as the API names fields: groups[0].riders.
func pathName(path []any) string {
	var b strings.Builder
	for _, step := range path {
		switch s := step.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", s)
		default:
			if b.Len() > 0 {
				b.WriteString(".")
			}
			fmt.Fprint(&b, s)
		}
	}
	return b.String()
}

// toTree turns a body into maps and lists (numbers kept exact).
func toTree(t testing.TB, body any) any {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// replaced is the JSON of tree with the value at path replaced by raw JSON. Only the objects and
// lists on the path are copied: tree itself is left as it is.
func replaced(t testing.TB, tree any, path []any, raw string) []byte {
	t.Helper()
	var set func(v any, path []any) any
	set = func(v any, path []any) any {
		if len(path) == 0 {
			return json.RawMessage(raw)
		}
		switch x := v.(type) {
		case map[string]any:
			c := maps.Clone(x)
			k := path[0].(string)
			c[k] = set(x[k], path[1:])
			return c
		case []any:
			c := slices.Clone(x)
			i := path[0].(int)
			c[i] = set(x[i], path[1:])
			return c
		}
		return v
	}
	data, err := json.Marshal(set(tree, path))
	if err != nil {
		t.Fatalf("replacing %s by %.40s: %v", pathName(path), raw, err)
	}
	return data
}

// jsonCases are the hostile variants of a route's valid bodies: whole hostile bodies, every field
// of each valid body replaced by each hostile value, each top-level key given twice, and the valid
// bodies sent without a Content-Type or with another one.
func jsonCases(t testing.TB, name, method, target string, valid []any) []hostile {
	t.Helper()
	var out []hostile
	add := func(what string, body []byte, ctype string) {
		out = append(out, hostile{name: name + ": " + what, method: method, url: target, body: body, ctype: ctype})
	}
	for _, b := range hostileBodies {
		add(b.name, []byte(b.raw), "application/json")
	}
	for i, body := range valid {
		tree := toTree(t, body)
		data, err := json.Marshal(tree)
		if err != nil {
			t.Fatal(err)
		}
		label := fmt.Sprintf("body %d", i)
		add(label+" as sent", data, "application/json")
		out[len(out)-1].always = true
		add(label+" without a Content-Type", data, "")
		add(label+" as text/plain", data, "text/plain")
		add(label+" as a broken media type", data, "application/json; charset")
		add(label+" as a form", data, "application/x-www-form-urlencoded")
		add(label+" followed by a NUL byte", append(slices.Clone(data), 0), "application/json")
		for _, p := range jsonPaths(tree, nil) {
			values := hostileJSON
			if len(p) > 1 {
				values = hostileJSONNested
			}
			for _, v := range values {
				add(fmt.Sprintf("%s with %s = %s", label, pathName(p), v.name), nil, "application/json")
				out[len(out)-1].fill = func(t testing.TB, h *hostile) { h.body = replaced(t, tree, p, v.raw) }
			}
		}
		for _, k := range withHostileKeys(t, tree) {
			add(label+" with "+k.name, []byte(k.raw), "application/json")
		}
		if m, ok := tree.(map[string]any); ok && len(data) > 2 {
			for _, k := range slices.Sorted(maps.Keys(m)) {
				dup := fmt.Sprintf(`{%q:"abc",%s`, k, data[1:])
				add(fmt.Sprintf("%s with %s given twice", label, k), []byte(dup), "application/json")
				dup = fmt.Sprintf(`%s,%q:null}`, data[:len(data)-1], k)
				add(fmt.Sprintf("%s with %s given twice, null last", label, k), []byte(dup), "application/json")
			}
		}
	}
	return out
}

// hostileIDs are path parameters that are not ids: zero, negative, words, fractions, NUL, huge.
var hostileIDs = []string{"0", "-1", "abc", "1.5", "%00", "9223372036854775808", "9223372036854775807", "18446744073709551616", "4294967296", "4294967297",
	"99999", "999999", "1e300", "+1", "0x1", "%20", "%D9%A1", "%F0%9F%9A%B4", "01", strings.Repeat("9", 10000)}

// apiRoute is one API route with the valid bodies it takes for a tour (nil: it takes none).
type apiRoute struct {
	method, path string
	bodies       func(tour robustTour) []any
}

// expand fills a route's parameters for tour: its id, open stage, first sprint or climb, first bib,
// first advantage use; over replaces one of them.
func (rt apiRoute) expand(tour robustTour, over map[string]string) string {
	params := map[string]string{"id": strconv.Itoa(int(tour.ID)), "n": strconv.Itoa(tour.Open), "k": "1",
		"bib": strconv.Itoa(cmp.Or(tour.Gone, tour.Bibs[0])), "pos": "1"}
	maps.Copy(params, over)
	out := rt.path
	for k, v := range params {
		out = strings.ReplaceAll(out, "{"+k+"}", v)
	}
	return out
}

// advantageBodies are one use of each advantage the tour's ruleset has.
func advantageBodies(tour robustTour) []any {
	b := tour.Bibs
	switch tour.Ruleset {
	case "cycling-party":
		return []any{obj{"kind": "water_bottle", "bib": b[0], "turn": 14}, obj{"kind": "attack", "bib": b[2]},
			obj{"kind": "sprint", "bib": b[1], "variant": "3d6"}, obj{"kind": "mountain_attack", "bib": b[0], "climb": 1},
			obj{"kind": "double_throw", "bib": b[0], "climb": 1}}
	case "ciclismo-a-fondo":
		return []any{obj{"kind": "effort", "bib": b[0], "points": 2}}
	}
	return []any{obj{"kind": "attack", "bib": b[0]}}
}

// tourRoutes are the API routes under a tour.
var tourRoutes = []apiRoute{
	{method: "GET", path: "/api/v1/tours/{id}"},
	{method: "GET", path: "/api/v1/tours/{id}/backup.json"},
	{method: "GET", path: "/api/v1/tours/{id}/standings"},
	{method: "GET", path: "/api/v1/tours/{id}/sheets"},
	{method: "GET", path: "/api/v1/tours/{id}/stages/{n}"},
	{method: "PUT", path: "/api/v1/tours/{id}/stages/{n}/sprints/{k}", bodies: func(tour robustTour) []any {
		return []any{obj{"order": tour.Bibs[:3]}, obj{"order": []int{}}}
	}},
	{method: "PUT", path: "/api/v1/tours/{id}/stages/{n}/climbs/{k}", bodies: func(tour robustTour) []any {
		return []any{obj{"order": tour.Bibs[:3]}}
	}},
	{method: "PUT", path: "/api/v1/tours/{id}/stages/{n}/finish", bodies: func(tour robustTour) []any {
		if tour.Ruleset == "uci-road" {
			return []any{robustFinish(tour), obj{"results": []obj{{"bib": tour.Bibs[0], "hundredths": 1000, "bonus": 10, "penalty": 20}}}}
		}
		return []any{robustFinish(tour)}
	}},
	{method: "POST", path: "/api/v1/tours/{id}/stages/{n}/abandons", bodies: func(tour robustTour) []any {
		return []any{obj{"bib": tour.Bibs[4], "reason": "crash"}}
	}},
	{method: "DELETE", path: "/api/v1/tours/{id}/stages/{n}/abandons/{bib}"},
	{method: "GET", path: "/api/v1/tours/{id}/stages/{n}/advantages"},
	{method: "POST", path: "/api/v1/tours/{id}/stages/{n}/advantages", bodies: advantageBodies},
	{method: "DELETE", path: "/api/v1/tours/{id}/stages/{n}/advantages/{pos}"},
	{method: "PUT", path: "/api/v1/tours/{id}/stages/{n}/fatigue", bodies: func(tour robustTour) []any {
		return []any{obj{"fatigue": map[string]int{strconv.Itoa(tour.Bibs[0]): 3}}}
	}},
	{method: "PUT", path: "/api/v1/tours/{id}/stages/{n}/weather", bodies: func(robustTour) []any { return []any{obj{"weather": []string{"rain"}}} }},
	{method: "PUT", path: "/api/v1/tours/{id}/stages/{n}/combativity", bodies: func(tour robustTour) []any { return []any{obj{"bib": tour.Bibs[1]}} }},
	{method: "POST", path: "/api/v1/tours/{id}/stages/{n}/lost_turns", bodies: func(tour robustTour) []any {
		return []any{obj{"bib": tour.Bibs[1], "turns": 1, "reason": "puncture"}}
	}},
	{method: "POST", path: "/api/v1/tours/{id}/stages/{n}/close", bodies: func(robustTour) []any { return nil }},
	{method: "POST", path: "/api/v1/tours/{id}/stages/{n}/reopen", bodies: func(robustTour) []any { return nil }},
	{method: "POST", path: "/api/v1/tours/{id}/stages/{n}/undo", bodies: func(robustTour) []any { return nil }},
	{method: "GET", path: "/api/v1/tours/{id}/stages/{n}/history"},
	{method: "PUT", path: "/api/v1/tours/{id}/settings", bodies: func(robustTour) []any { return []any{obj{"youth_born_from": "2001-01-01"}} }},
	{method: "PUT", path: "/api/v1/tours/{id}/riders/{bib}", bodies: func(robustTour) []any { return []any{obj{"born": "2003-04-05"}} }},
	{method: "PUT", path: "/api/v1/tours/{id}/teams/1", bodies: func(robustTour) []any { return []any{obj{"manager": "Marta"}} }},
	{method: "POST", path: "/api/v1/tours/{id}/stages/{n}/reinstatements", bodies: func(tour robustTour) []any {
		return []any{obj{"bib": cmp.Or(tour.Gone, tour.Bibs[0]), "points": 20, "reason": "held up by a crash"}}
	}},
	{method: "DELETE", path: "/api/v1/tours/{id}/stages/{n}/reinstatements/{bib}"},
	{method: "POST", path: "/api/v1/tours/{id}/stages/{n}/penalties", bodies: func(tour robustTour) []any {
		return []any{obj{"bib": tour.Bibs[1], "seconds": 20, "points": 10, "reason": "feeding late"}, obj{"team": 1, "seconds": 60, "reason": "team car"}}
	}},
	{method: "DELETE", path: "/api/v1/tours/{id}/stages/{n}/penalties/{pos}"},
	{method: "PUT", path: "/api/v1/tours/{id}/stages/{n}/most-combative", bodies: func(robustTour) []any { return []any{obj{"bib": 0}} }},
	{method: "DELETE", path: "/api/v1/tours/{id}"},
}

// tourRouteCases are the hostile requests of every route under tour: the route's valid bodies with
// every field made hostile (when fields) or hostile whole bodies, and, when params, stages closed,
// open and not open yet, indexes past the last and hostile If-Match versions. (TestRobustRoutes sends
// hostile path parameters.)
func tourRouteCases(t testing.TB, tour robustTour, fields, params bool) []hostile {
	t.Helper()
	var out []hostile
	label := fmt.Sprintf("%s tour %d", tour.Ruleset, tour.ID)
	for _, rt := range tourRoutes {
		target := rt.expand(tour, nil)
		var valid []any
		if rt.bodies != nil {
			valid = rt.bodies(tour)
			if fields {
				out = append(out, jsonCases(t, label, rt.method, target, valid)...)
			} else {
				for _, b := range hostileBodies {
					out = append(out, hostile{name: label + ": " + b.name, method: rt.method, url: target, body: []byte(b.raw), ctype: "application/json"})
				}
			}
		}
		var body []byte
		if len(valid) > 0 {
			body, _ = json.Marshal(valid[0])
		}
		if params {
			// Stages that exist but are closed or not open yet, and sprints and climbs past the last.
			for _, n := range []string{"1", "2", "3", "4"} {
				out = append(out, hostile{name: label + ": stage " + n, method: rt.method, url: rt.expand(tour, map[string]string{"n": n}), body: body, ctype: "application/json", always: true})
			}
			for _, k := range []string{strconv.Itoa(tour.Sprints + 1), strconv.Itoa(tour.Climbs + 1), "2"} {
				if strings.Contains(rt.path, "{k}") {
					out = append(out, hostile{name: label + ": index " + k, method: rt.method, url: rt.expand(tour, map[string]string{"k": k}), body: body, ctype: "application/json"})
				}
			}
			if rt.method == "PUT" || rt.method == "POST" {
				for _, im := range []string{`"abc"`, "-1", `"99999999999999999999"`, `W/"0"`, "*", `"0"`, "\x00"} {
					out = append(out, hostile{name: label + ": If-Match " + im, method: rt.method, url: target, body: body, ctype: "application/json",
						header: map[string]string{"If-Match": im}})
				}
			}
		}
	}
	// The open stage entered in full, then closed through the API and through the page.
	if params {
		for _, close := range []string{r0(tour, "/api/v1/tours/%d/stages/%d/close"), r0(tour, "/tours/%d/stages/%d/close")} {
			out = append(out, completeStage(tour)...)
			h := hostile{name: label + ": close the complete stage", method: http.MethodPost, url: close, want: http.StatusOK}
			if !strings.HasPrefix(close, "/api/") {
				h.form, h.want = url.Values{}, http.StatusSeeOther
			}
			out = append(out, h)
		}
	}
	// Query parameters of the standings.
	for _, q := range []string{"0", "-1", "abc", "999999", "1", "2", "3", "4", "1.5", "%00", "9223372036854775808", "", "1&after=2"} {
		out = append(out, hostile{name: label + ": standings after " + q, url: fmt.Sprintf("/api/v1/tours/%d/standings?after=%s", tour.ID, q)})
	}
	return out
}

// r0 fills a path with the tour's id and open stage.
func r0(tour robustTour, format string) string { return fmt.Sprintf(format, tour.ID, tour.Open) }

// completeStage enters the tour's open stage in full (every sprint and climb, the finish), each
// request kept for the next.
func completeStage(tour robustTour) []hostile {
	var out []hostile
	put := func(path string, body any) {
		data, _ := json.Marshal(body)
		out = append(out, hostile{name: "entering " + path, method: http.MethodPut, url: r0(tour, "/api/v1/tours/%d/stages/%d") + path,
			body: data, ctype: "application/json", keep: true, want: http.StatusOK})
	}
	for k := 1; k <= tour.Sprints; k++ {
		put(fmt.Sprintf("/sprints/%d", k), obj{"order": tour.Bibs[:3]})
	}
	for k := 1; k <= tour.Climbs; k++ {
		put(fmt.Sprintf("/climbs/%d", k), obj{"order": tour.Bibs[:3]})
	}
	put("/finish", robustFinish(tour))
	if tour.Ruleset == "ciclismo-a-fondo" { // the game records each stage's weather and most combative rider
		put("/weather", obj{"weather": []string{"fair", "fair", "fair", "fair"}})
		put("/combativity", obj{"bib": tour.Bibs[0]})
	}
	return out
}

// sheetCases ask every sheet of the tour in both formats, for each stage and "after", and with hostile
// stage and after values; and sheets that do not exist.
func sheetCases(tour robustTour) []hostile {
	var out []hostile
	label := fmt.Sprintf("%s tour %d", tour.Ruleset, tour.ID)
	base := fmt.Sprintf("/api/v1/tours/%d/sheets/", tour.ID)
	queries := []string{"", "?stage=1"}
	if tour.Raced {
		queries = append(queries, "?stage=2", "?after=1", "?after=2", "?stage=1&after=1")
	}
	for _, sh := range tour.Sheets {
		for _, format := range []string{"pdf", "xlsx"} {
			for i, q := range queries {
				if format == "xlsx" && i > 1 {
					break // the same input as the PDF's
				}
				out = append(out, hostile{name: label + ": sheet " + sh + "." + format + q, url: base + sh + "." + format + q})
			}
		}
		for _, v := range []string{"0", "-1", "abc", "999999", "1.5", "%00", "9223372036854775808", "4", "1e300"} {
			for _, q := range []string{"stage", "after"} {
				out = append(out, hostile{name: label + ": sheet " + sh + " " + q + "=" + v, url: base + sh + ".pdf?" + q + "=" + v})
			}
		}
	}
	for _, f := range []string{"nope.pdf", "nope.xlsx", ".pdf", "pdf", "book.txt", "%00.pdf", "..%2f..%2fetc%2fpasswd.pdf", strings.Repeat("a", 10000) + ".pdf",
		"book.pdf.xlsx", "BOOK.PDF", "%F0%9F%9A%B4.xlsx"} {
		out = append(out, hostile{name: label + ": sheet " + clipURL(f), url: base + f})
	}
	return out
}

// databaseCases are the hostile requests of the rulesets, teams and riders routes.
func databaseCases(t testing.TB, w *robustWorld) []hostile {
	t.Helper()
	var out []hostile
	team := obj{"name": "Nuevo", "short": "NUE", "color": "#abcdef", "riders": []obj{{"name": "Uno", "number": 1, "role": "leader"}}}
	ruoteRider := obj{"team_id": w.teams["2ruote"][0], "name": "Sei", "number": 6, "role": "rider",
		"attributes": obj{"cost": 2, "pianura": 5, "montagna": 5, "discesa": 5, "collina": 5, "volata": 5, "cronometro": 5}}
	rider := obj{"team_id": 1, "name": "Siete", "number": 7, "role": "sprinter"}
	out = append(out, jsonCases(t, "POST teams", "POST", "/api/v1/teams", []any{team})...)
	out = append(out, jsonCases(t, "PUT team", "PUT", "/api/v1/teams/1", []any{team, obj{"name": "Rojo", "short": "ROJ", "color": "#d62828"}})...)
	out = append(out, jsonCases(t, "POST riders", "POST", "/api/v1/riders", []any{rider, ruoteRider})...)
	out = append(out, jsonCases(t, "PUT rider", "PUT", "/api/v1/riders/1", []any{rider})...)
	out = append(out, jsonCases(t, "POST session", "POST", "/api/v1/session", []any{obj{"pin": "4817"}})...)
	for _, id := range hostileIDs {
		out = append(out, hostile{name: "riders of team " + clipURL(id), url: "/api/v1/riders?team_id=" + id})
	}
	for _, u := range []string{"/api/v1/rulesets", "/api/v1/teams", "/api/v1/riders", "/api/v1/tours", "/api/v1/teams/export.xlsx", "/api/v1/teams/export.csv",
		"/api/v1/rulesets/..%2f..%2fgo.mod", "/api/v1/rulesets/%00", "/api/v1/rulesets/cycling-party%00", "/api/v1/riders?team_id=&team_id=abc"} {
		out = append(out, hostile{name: "GET " + clipURL(u), url: u})
	}
	return out
}

// tourCreationCases are the hostile requests of the proposal and tour creation of each ruleset.
func tourCreationCases(t testing.TB, w *robustWorld, ruleset string) []hostile {
	t.Helper()
	out := jsonCases(t, "proposal "+ruleset, "POST", "/api/v1/tours/proposal", []any{w.requests[ruleset]})
	body := createBody(w.proposals[ruleset], w.teams[ruleset]...)
	if ruleset == "cycling-party" {
		body["riders"] = map[string][]uint{strconv.Itoa(int(w.teams[ruleset][0])): {1, 2, 3, 4, 5, 6}}
	}
	out = append(out, jsonCases(t, "tour "+ruleset, "POST", "/api/v1/tours", []any{body})...)
	for i := range out {
		out[i].follow = followTour()
	}
	return out
}

// pageForm is one form of a page, as a browser would submit it.
type pageForm struct {
	page, method, action string
	multipart            bool
	// values are what pressing Enter submits; buttons are the other named buttons ("go=back").
	values  url.Values
	buttons [][2]string
}

var (
	formTag     = regexp.MustCompile(`(?s)<form\b([^>]*)>(.*?)</form>`)
	textareaTag = regexp.MustCompile(`(?s)<textarea\b([^>]*)>(.*?)</textarea>`)
	buttonTag   = regexp.MustCompile(`<button\b[^>]*>`)
	boolAttr    = func(tag, name string) bool { return regexp.MustCompile(`\s` + name + `(\s|>|=|$)`).MatchString(tag) }
)

// parseForms reads the forms of a page.
func parseForms(pageURL, body string) []pageForm {
	var out []pageForm
	for _, m := range formTag.FindAllStringSubmatch(body, -1) {
		open, inner := "<form"+m[1]+">", m[2]
		f := pageForm{page: pageURL, method: "GET", action: pageURL, values: url.Values{}}
		if v, ok := attrValue(open, "method"); ok {
			f.method = strings.ToUpper(v)
		}
		if v, ok := attrValue(open, "action"); ok && v != "" {
			f.action = v
		}
		if v, _ := attrValue(open, "enctype"); v == "multipart/form-data" {
			f.multipart = true
		}
		for _, tag := range inputTag.FindAllString(inner, -1) {
			name, ok := attrValue(tag, "name")
			typ, _ := attrValue(tag, "type")
			if !ok || typ == "file" || typ == "submit" || typ == "button" {
				continue
			}
			if (typ == "checkbox" || typ == "radio") && !boolAttr(tag, "checked") {
				continue
			}
			value, _ := attrValue(tag, "value")
			f.values.Add(name, value)
		}
		for _, t := range textareaTag.FindAllStringSubmatch(inner, -1) {
			if name, ok := attrValue("<textarea"+t[1]+">", "name"); ok {
				f.values.Add(name, html.UnescapeString(t[2]))
			}
		}
		for _, s := range selectTag.FindAllStringSubmatch(inner, -1) {
			options := optionTag.FindAllStringSubmatch(s[2], -1)
			if len(options) == 0 {
				continue
			}
			chosen := html.UnescapeString(options[0][1])
			for _, o := range options {
				if strings.Contains(o[2], "selected") {
					chosen = html.UnescapeString(o[1])
				}
			}
			f.values.Set(s[1], chosen)
		}
		first := true
		for _, tag := range buttonTag.FindAllString(inner, -1) {
			name, ok := attrValue(tag, "name")
			if !ok || boolAttr(tag, "disabled") {
				continue
			}
			value, _ := attrValue(tag, "value")
			if first {
				f.values.Set(name, value)
				first = false
			}
			f.buttons = append(f.buttons, [2]string{name, value})
		}
		out = append(out, f)
	}
	return out
}

// crawlForms GETs each page and returns its forms, each form once (by action and field names).
func (r *robustRunner) crawlForms(t testing.TB, pages []string) []pageForm {
	t.Helper()
	var out []pageForm
	seen := map[string]bool{}
	for _, p := range pages {
		rec := r.send(t, hostile{name: "page " + p, url: p})
		if rec.Code != http.StatusOK {
			continue
		}
		for _, f := range parseForms(p, rec.Body.String()) {
			key := f.method + " " + f.action + " " + strings.Join(slices.Sorted(maps.Keys(f.values)), ",")
			if !seen[key] {
				seen[key] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// walkWizard goes through the "New tour" wizard for ruleset with what each page proposes, and returns
// the form of every step it reached.
func (r *robustRunner) walkWizard(t testing.TB, w *robustWorld, ruleset string) []pageForm {
	t.Helper()
	forms := r.crawlForms(t, []string{"/tours/new"})
	if len(forms) == 0 {
		t.Fatal("the wizard has no form")
	}
	f := forms[0]
	f.values.Set("ruleset", ruleset)
	f.values.Set("name", "Wizard "+ruleset)
	f.values.Set("stages", "2")
	f.values.Set("riders_per_team", strconv.Itoa(map[string]int{"ciclismo-a-fondo": 5, "2ruote": 5}[ruleset]))
	if ruleset == "cycling-party" || ruleset == "uci-road" {
		f.values.Set("riders_per_team", "6")
	}
	out := []pageForm{f}
	for range 6 {
		rec := r.send(t, hostile{name: "wizard " + ruleset, url: f.action, form: f.values})
		if rec.Code != http.StatusOK {
			break
		}
		next := parseForms(f.action, rec.Body.String())
		if len(next) == 0 {
			break
		}
		f = next[0]
		if f.values.Get("draft") == out[len(out)-1].values.Get("draft") {
			break
		}
		if strings.Contains(f.values.Get("draft"), `"step":"teams"`) {
			f.values.Del("teams")
			for _, id := range w.teams[ruleset] {
				f.values.Add("teams", strconv.Itoa(int(id)))
			}
		}
		out = append(out, f)
	}
	return out
}

// tenThousandBibs are 10k bibs typed in a field.
var tenThousandBibs = strings.Trim(strings.ReplaceAll(manyBibs, ",", " "), "[]")

// hostileTexts are typed in every field of every form.
var hostileTexts = []hostileValue{
	{"empty", ""}, {"blank", "  \t "}, {"a word", "abc"}, {"-1", "-1"}, {"zero", "0"}, {"1.5", "1.5"}, {"1e300", "1e300"},
	{"2^63", "9223372036854775808"}, {"-2^63-1", "-9223372036854775809"}, {"2^63-1", "9223372036854775807"}, {"-2^63", "-9223372036854775808"},
	{"2^31", "2147483648"}, {"%00", "%00"}, {"a NUL byte", "\x00"},
	{"10k chars", longText}, {"odd text", oddText}, {"markup", `<script>alert(1)</script>"'&`}, {"one bib thrice", "11 11 11"},
	{"10k bibs", tenThousandBibs}, {"separators", "1,2;3/4-5+6..7"}, {"line breaks", "\r\n\r\n"},
	{"JSON", `{"a":[1]}`}, {"invalid UTF-8", "\xff\xfe"},
}

// hostileDraft are the JSON values put at every field of the wizard's draft.
var hostileDraft = []hostileValue{
	{"null", "null"}, {"a string", `"abc"`}, {"-1", "-1"}, {"2^63", "9223372036854775808"}, {"2^63-1", "9223372036854775807"},
	{"an object", `{"a":1}`}, {"10k bibs", manyBibs},
}

// digitsRun finds the numbers in a field name or a button's value.
var digitsRun = regexp.MustCompile(`\d+`)

// formCases are the hostile submissions of a form: as the page proposes it, with its empty fields
// filled in (fill has a value by field name, digits as N: what a director would type), empty, with each field
// (once per name pattern) given each hostile text, left out or given thrice, each button pressed and
// pressed with hostile numbers, all fields hostile at once, and the wizard's draft with each of its
// fields made hostile.
func formCases(t testing.TB, f pageForm, label string, fill map[string]string) []hostile {
	t.Helper()
	label += " " + f.method + " " + f.action
	base, proposed := url.Values{}, url.Values{}
	for k, vs := range f.values {
		if k == "_csrf" {
			continue
		}
		base[k], proposed[k] = slices.Clone(vs), slices.Clone(vs)
		if v, ok := fill[digitsRun.ReplaceAllString(k, "N")]; ok && len(vs) > 0 && strings.TrimSpace(vs[0]) == "" {
			base[k][0] = v
		}
	}
	clone := func() url.Values {
		v := url.Values{}
		for k, vs := range base {
			v[k] = slices.Clone(vs)
		}
		return v
	}
	var out []hostile
	add := func(what string, v url.Values) {
		if f.method == http.MethodGet {
			out = append(out, hostile{name: label + ": " + what, url: f.action + "?" + v.Encode()})
			return
		}
		out = append(out, hostile{name: label + ": " + what, method: http.MethodPost, url: f.action, form: v})
	}
	add("as proposed", proposed)
	add("filled in", clone())
	out[len(out)-2].always, out[len(out)-1].always = true, true
	add("empty", url.Values{})
	seen := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(base)) {
		pattern := digitsRun.ReplaceAllString(name, "N")
		if seen[pattern] {
			continue
		}
		seen[pattern] = true
		for _, h := range hostileTexts {
			v := clone()
			v.Set(name, h.raw)
			add(name+" = "+h.name, v)
		}
		v := clone()
		v.Del(name)
		add(name+" left out", v)
		v = clone()
		v[name] = append(v[name], "1", "abc", "")
		add(name+" given more times", v)
		if name == "draft" {
			var tree any
			dec := json.NewDecoder(strings.NewReader(base.Get("draft")))
			dec.UseNumber()
			if err := dec.Decode(&tree); err != nil {
				t.Fatalf("%s: the draft is not JSON: %v", label, err)
			}
			draftValues := hostileDraft
			if deepRobust {
				draftValues = hostileJSONNested
			}
			for _, p := range jsonPaths(tree, nil) {
				for _, h := range draftValues {
					add(fmt.Sprintf("draft %s = %s", pathName(p), h.name), clone())
					out[len(out)-1].fill = func(t testing.TB, hc *hostile) { hc.form.Set("draft", string(replaced(t, tree, p, h.raw))) }
				}
			}
			for _, h := range hostileBodies {
				v := clone()
				v.Set("draft", h.raw)
				add("draft "+h.name, v)
			}
			for _, k := range withHostileKeys(t, tree) {
				v := clone()
				v.Set("draft", k.raw)
				add("draft with "+k.name, v)
			}
		}
	}
	for _, b := range f.buttons {
		if seen[b[0]+"="+digitsRun.ReplaceAllString(b[1], "N")] {
			continue
		}
		seen[b[0]+"="+digitsRun.ReplaceAllString(b[1], "N")] = true
		v := clone()
		v.Set(b[0], b[1])
		add("button "+b[0]+"="+b[1], v)
		if digitsRun.MatchString(b[1]) {
			for _, n := range []string{"-1", "99999", "abc", "", "9223372036854775808"} {
				v := clone()
				v.Set(b[0], digitsRun.ReplaceAllString(b[1], n))
				add(fmt.Sprintf("button %s=%s with %q", b[0], b[1], n), v)
			}
		}
	}
	for _, h := range hostileTexts {
		if !slices.Contains([]string{"a word", "-1", "2^63-1", "a NUL byte", "odd text", "10k chars"}, h.name) {
			continue
		}
		v := url.Values{}
		for k := range base {
			v.Set(k, h.raw)
		}
		add("every field "+h.name, v)
	}
	if f.method == http.MethodPost {
		v := clone()
		v.Set("_csrf", "forged")
		out = append(out, hostile{name: label + ": forged CSRF token", url: f.action, form: v, want: http.StatusForbidden})
	}
	return out
}

// tourFill is what a director types in the empty fields of the tour's forms.
func tourFill(tour robustTour) map[string]string {
	all := strings.Trim(fmt.Sprint(tour.Bibs), "[]")
	fill := map[string]string{"bib": strconv.Itoa(tour.Bibs[1]), "order": strings.Trim(fmt.Sprint(tour.Bibs[:3]), "[]"), "reason": "crash",
		"turn": "1", "points": "1", "g_riders": all, "g_turn": "0", "g_square": "5", "g_die": "3", "g_sector": "0", "fatigue_N": "1",
		"tN_time": "25:00.00", "published": fmt.Sprintf("1,%d,4:10:00\n2,%d,s.t.\n3,%d,+0:06\n", tour.Bibs[0], tour.Bibs[1], tour.Bibs[2])}
	if tour.Ruleset == "ciclismo-a-fondo" {
		fill["g_turn"] = "20"
	}
	return fill
}

// databaseFill is what a director types in the empty fields of the team and rider forms.
var databaseFill = map[string]string{"name": "Robusto", "short": "RBT", "number": "9", "role": "sprinter"}

// tourPages are the pages of a tour, every stage's.
func tourPages(tour robustTour) []string {
	base := fmt.Sprintf("/tours/%d", tour.ID)
	out := []string{base, base + "/delete", base + "/sheets", base + "/classifications", base + "/cycling-party", base + "/riders"}
	// The volata calculator with riders chosen shows a form of their values.
	order := url.QueryEscape(strings.Trim(fmt.Sprint(tour.Bibs[:3]), "[]"))
	for n := 1; n <= 3; n++ {
		for _, p := range []string{"", "/advantages", "/history", "/volata", "/sheet", "/volata?target=finish&kind=finish&order=" + order,
			"/volata?target=sprint-1&kind=sprint&order=" + order, "/volata?target=finish&kind=finish&compute=1&order=" + order} {
			out = append(out, fmt.Sprintf("%s/stages/%d%s", base, n, p))
		}
	}
	return out
}

// databasePages are the pages of teams and riders.
var databasePages = []string{"/", "/teams", "/teams/new", "/teams/1/edit", "/teams/1/delete", "/teams/1/riders/new", "/riders/1/edit", "/riders/1/delete",
	"/teams/import", "/tours", "/tours/new"}

// prefillCases are the stage screen's ?fill= and ?order= (what the volata calculator sent back before
// "Use this order" saved the order itself; the screen ignores them now) on each stage of the tour.
func prefillCases(tour robustTour) []hostile {
	var out []hostile
	bibs := strings.Trim(strings.ReplaceAll(fmt.Sprint(tour.Bibs[:3]), " ", ","), "[]")
	for n := 1; n <= 3; n++ {
		for _, fill := range []string{"finish", "sprint-1", "climb-1", "climb-99", "abc", "%00", ""} {
			for _, order := range []string{bibs, "abc", "-1", "0", "99999", "9223372036854775808", url.QueryEscape(tenThousandBibs), url.QueryEscape(oddText), ""} {
				u := fmt.Sprintf("/tours/%d/stages/%d?fill=%s&order=%s", tour.ID, n, fill, order)
				out = append(out, hostile{name: fmt.Sprintf("%s tour %d: prefill %s with %.20s", tour.Ruleset, tour.ID, fill, order), url: u})
			}
		}
	}
	return out
}

// routeCases send every route of the router (but the assets) with each path parameter made hostile:
// pages get an empty form, API calls an empty object.
func routeCases(routes []*echo.Route, tour robustTour, ids []string) []hostile {
	var out []hostile
	seen := map[string]bool{}
	for _, rt := range routes {
		key := rt.Method + " " + rt.Path
		if seen[key] || strings.HasPrefix(rt.Path, "/assets/") || strings.HasSuffix(rt.Path, "*") || rt.Method == "" {
			continue
		}
		seen[key] = true
		params := regexp.MustCompile(`:(\w+)`).FindAllStringSubmatch(rt.Path, -1)
		// The route with every parameter valid, then with each made hostile in turn.
		variants := [][2]string{{"", ""}}
		for _, p := range params {
			for _, id := range ids {
				variants = append(variants, [2]string{p[1], id})
			}
		}
		for _, variant := range variants {
			target := rt.Path
			for _, q := range params {
				v := map[string]string{"id": strconv.Itoa(int(tour.ID)), "n": strconv.Itoa(tour.Open), "k": "1",
					"bib": strconv.Itoa(cmp.Or(tour.Gone, tour.Bibs[0])), "pos": "1", "file": "general.pdf", "code": tour.Code, "name": "results", "team": "1"}[q[1]]
				if !strings.HasPrefix(rt.Path, "/tours") && !strings.HasPrefix(rt.Path, "/api/v1/tours") && !strings.HasPrefix(rt.Path, "/follow/") && !strings.HasPrefix(rt.Path, "/api/v1/follow/") {
					v = "1" // a team, rider or ruleset
					if strings.Contains(rt.Path, "rulesets") {
						v = "cycling-party"
					}
					if q[1] == "lang" {
						v = "es"
					}
				}
				if q[1] == variant[0] {
					v = variant[1]
				}
				target = strings.Replace(target, ":"+q[1], v, 1)
			}
			h := hostile{name: fmt.Sprintf("%s with %s = %.20s", key, variant[0], variant[1]), method: rt.Method, url: target, always: variant[0] == ""}
			switch {
			case strings.HasPrefix(rt.Path, "/api/") && rt.Method != http.MethodGet && rt.Method != http.MethodDelete:
				h.body, h.ctype = []byte("{}"), "application/json"
			case rt.Method == http.MethodPost:
				h.form = url.Values{}
			}
			out = append(out, h)
		}
	}
	return out
}

// allRan reports whether no -run pattern picked only some of the groups of TestRobustness.
func allRan(t *testing.T) bool {
	f := flag.Lookup("test.run")
	return f == nil || !strings.Contains(f.Value.String(), "/")
}

// methodCases send every route's path with every method, and pages with hostile cookies.
func methodCases(routes []*echo.Route, tour robustTour) []hostile {
	var out []hostile
	seen := map[string]bool{}
	for _, rt := range routes {
		if seen[rt.Path] || strings.HasPrefix(rt.Path, "/assets/") || strings.HasSuffix(rt.Path, "*") {
			continue
		}
		seen[rt.Path] = true
		target := strings.NewReplacer(":id", strconv.Itoa(int(tour.ID)), ":n", strconv.Itoa(tour.Open), ":k", "1", ":bib", strconv.Itoa(cmp.Or(tour.Gone, tour.Bibs[0])),
			":pos", "1", ":file", "general.pdf").Replace(rt.Path)
		if !strings.HasPrefix(rt.Path, "/tours") && !strings.HasPrefix(rt.Path, "/api/v1/tours") {
			target = strings.NewReplacer(":id", "1").Replace(rt.Path)
		}
		for _, m := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"} {
			h := hostile{name: m + " " + rt.Path, method: m, url: target, page: true}
			if m != "GET" && m != "HEAD" {
				h.body, h.ctype = []byte("{}"), "application/json"
			}
			out = append(out, h)
		}
		if !strings.HasPrefix(rt.Path, "/api/") {
			for _, ck := range []string{"rd_flash=%zz", "rd_flash=" + strings.Repeat("%E2%82", 200), "rd_flash=a%00b", "_csrf=" + strings.Repeat("x", 4000),
				"rd_flash=" + url.QueryEscape(oddText+longText[:1000])} {
				out = append(out, hostile{name: "cookie " + ck[:min(len(ck), 30)] + " on " + rt.Path, url: target, header: map[string]string{"Cookie": ck}})
			}
		}
	}
	return out
}

func TestRobustness(t *testing.T) {
	if _, pg := storetest.Server(); pg {
		t.Skip("runs on SQLite files whatever the tests' engine (it puts the database back between requests with SQLite's ATTACH): the SQLite pass runs it")
	}
	t.Parallel()
	w := newRobustWorld(t)
	raced := func(rs string) robustTour {
		for _, tour := range w.tours {
			if tour.Ruleset == rs && tour.Raced {
				return tour
			}
		}
		t.Fatalf("no raced %s tour", rs)
		return robustTour{}
	}
	t.Run("all", func(t *testing.T) {
		t.Run("api/database", func(t *testing.T) {
			t.Parallel()
			w.runner(t).sendAll(t, databaseCases(t, w))
		})
		for _, rs := range rulesetIDs {
			t.Run("api/tours/"+rs, func(t *testing.T) {
				t.Parallel()
				w.runner(t).sendAll(t, tourCreationCases(t, w, rs))
			})
		}
		for i, tour := range w.tours {
			name := fmt.Sprintf("%s/raced=%v", tour.Ruleset, tour.Raced)
			t.Run("api/results/"+name, func(t *testing.T) {
				t.Parallel()
				w.runner(t).sendAll(t, tourRouteCases(t, tour, true, tour.Raced || i == 4))
			})
			t.Run("api/sheets/"+name, func(t *testing.T) {
				t.Parallel()
				w.runner(t).sendAll(t, sheetCases(tour))
			})
			t.Run("pages/"+name, func(t *testing.T) {
				t.Parallel()
				r := w.runner(t)
				var cases []hostile
				for _, f := range r.crawlForms(t, tourPages(tour)) {
					// The sheets page's forms ask the sheets, which sheetCases sends.
					if !f.multipart && !strings.HasPrefix(f.action, "/api/") {
						cases = append(cases, formCases(t, f, name, tourFill(tour))...)
					}
				}
				cases = append(cases, prefillCases(tour)...)
				r.sendAll(t, cases)
			})
		}
		t.Run("pages/database", func(t *testing.T) {
			t.Parallel()
			r := w.runner(t)
			var cases []hostile
			for _, f := range r.crawlForms(t, databasePages) {
				if !f.multipart {
					cases = append(cases, formCases(t, f, "database", databaseFill)...)
				}
			}
			r.sendAll(t, cases)
		})
		for _, rs := range rulesetIDs {
			t.Run("pages/wizard/"+rs, func(t *testing.T) {
				t.Parallel()
				r := w.runner(t)
				var cases []hostile
				for _, f := range r.walkWizard(t, w, rs) {
					cases = append(cases, formCases(t, f, "wizard "+rs, nil)...)
				}
				for i := range cases {
					cases[i].follow = followTour()
				}
				r.sendAll(t, cases)
			})
		}
		t.Run("uploads/roster", func(t *testing.T) {
			t.Parallel()
			r := w.runner(t)
			r.sendAll(t, rosterCases(t, r))
		})
		t.Run("uploads/clock", func(t *testing.T) {
			t.Parallel()
			r := w.runner(t)
			r.sendAll(t, clockCases(t, r, w))
			r.sendAll(t, startListCases(t, r, w))
		})
		for _, rs := range rulesetIDs {
			t.Run("uploads/backup/"+rs, func(t *testing.T) {
				t.Parallel()
				r := w.runner(t)
				r.sendAll(t, backupCases(t, r, raced(rs), true))
			})
		}
		t.Run("seasons", func(t *testing.T) {
			t.Parallel()
			r := w.runner(t)
			r.sendAll(t, seasonCases(t, r, w))
		})
		t.Run("limits", func(t *testing.T) {
			t.Parallel()
			r := w.runner(t)
			r.sendAll(t, limitCases(t, r, w))
		})
		t.Run("accounts/setup", func(t *testing.T) {
			t.Parallel()
			r := w.runner(t)
			r.sendAll(t, setupCases(t))
		})
		t.Run("accounts/directors", func(t *testing.T) {
			t.Parallel()
			aw, accounts := w.withAccounts(t)
			r := aw.runner(t)
			r.sendAll(t, directorsCases(t, r, accounts))
		})
		t.Run("routes", func(t *testing.T) {
			t.Parallel()
			r := w.runner(t)
			cases := routeCases(r.ta.Echo.Routes(), raced("cycling-party"), hostileIDs)
			cases = append(cases, methodCases(r.ta.Echo.Routes(), raced("cycling-party"))...)
			for _, rs := range rulesetIDs[1:] {
				cases = append(cases, routeCases(r.ta.Echo.Routes(), raced(rs), []string{"0", "abc", "4", "99999"})...)
			}
			r.sendAll(t, cases)
		})
	})
	// Every route was reached, and each accepted a request: the hostile ones were sent next to valid ones.
	if testing.Short() || t.Skipped() || !allRan(t) {
		return // only some of the requests were sent
	}
	ta := openRobustApp(t, filepath.Join(t.TempDir(), "routes.db"), &logSink{}, nil)
	for _, rt := range ta.Echo.Routes() {
		key := rt.Method + " " + rt.Path
		if strings.HasPrefix(rt.Path, "/assets/") || strings.HasSuffix(rt.Path, "*") || rt.Method == "" {
			continue
		}
		accepted, ok := w.reached.accepted[key]
		switch {
		case !ok:
			t.Errorf("no hostile request reached %s", key)
		case !accepted:
			t.Errorf("%s accepted no request: the hostile ones were not sent next to a valid one", key)
		}
	}
}

// jsonRaw is raw JSON as a body value.
type jsonRaw []byte

// MarshalJSON returns the raw JSON.
func (j jsonRaw) MarshalJSON() ([]byte, error) { return j, nil }

// upload is a file in a multipart form.
type upload struct {
	field, name string
	data        []byte
}

// multipartBody is a multipart form of fields and files, and its Content-Type.
func multipartBody(t testing.TB, fields url.Values, files ...upload) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		for _, v := range fields[k] {
			if err := mw.WriteField(k, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, f := range files {
		fw, err := mw.CreateFormFile(f.field, f.name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fw.Write(f.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), mw.FormDataContentType()
}

// pngFile is a small PNG image.
func pngFile(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// zipFile is a zip archive holding the named files (not a workbook unless they make one).
func zipFile(t testing.TB, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		fw, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(fw, files[name]); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// hostileFiles are files that are not what an upload takes, by name, with good files of the kind
// the route takes (good) added by the caller.
func hostileFiles(t testing.TB, header string) []upload {
	t.Helper()
	wide := strings.Repeat("x,", 9999) + "x\n" + strings.Repeat("1,", 9999) + "1\n"
	var tall strings.Builder
	tall.WriteString(header + "\n")
	for i := range 5000 {
		fmt.Fprintf(&tall, "%d,abc,%d\n", i, -i)
	}
	return []upload{
		{name: "empty.csv"}, {name: "empty.xlsx"}, {name: "empty.json"},
		{name: "image.png", data: pngFile(t)}, {name: "image.csv", data: pngFile(t)}, {name: "image.xlsx", data: pngFile(t)},
		{name: "archive.xlsx", data: zipFile(t, map[string]string{"hello.txt": "hello"})},
		{name: "archive.zip", data: zipFile(t, map[string]string{"hello.txt": "hello"})},
		{name: "broken.xlsx", data: zipFile(t, map[string]string{"[Content_Types].xml": "<x", "xl/workbook.xml": "<<<", "xl/worksheets/sheet1.xml": "\x00"})},
		{name: "header.csv", data: []byte(header + "\n")}, {name: "header-crlf.csv", data: []byte(header + "\r\n\r\n")},
		{name: "header.xlsx", data: xlsxFile(t, [][]string{strings.Split(header, ",")})},
		{name: "wide.csv", data: []byte(wide)}, {name: "wide.xlsx", data: xlsxFile(t, [][]string{strings.Split(strings.Repeat("x,", 2999)+"x", ",")})},
		{name: "tall.csv", data: []byte(tall.String())},
		{name: "nul.csv", data: []byte(header + "\n\x00,\x00,\x00\n")}, {name: "utf8.csv", data: []byte(header + "\n\xff\xfe,\xc3\x28,abc\n")},
		{name: "quote.csv", data: []byte(header + "\n\"unterminated,1,2\n")}, {name: "bom.csv", data: []byte("\ufeff" + header + "\n1,2,3\n")},
		{name: "semicolons.csv", data: []byte(strings.ReplaceAll(header, ",", ";") + "\n1;2;3\n")},
		{name: "odd.csv", data: []byte(header + "\n" + oddText + "," + oddText + "," + longText + "\n")},
		{name: "json.csv", data: []byte(`{"a":1}`)}, {name: "null.json", data: []byte("null")},
		{name: "../../../etc/passwd", data: []byte(header + "\n")}, {name: "", data: []byte(header + "\n")},
		{name: "nul\x00name.csv", data: []byte(header + "\n")}, {name: strings.Repeat("n", 10000) + ".csv", data: []byte(header + "\n")},
		{name: "noextension", data: []byte(header + "\n")}, {name: "UPPER.CSV", data: []byte(header + "\n")},
	}
}

// uploadCases post each file to a multipart route (page routes get the CSRF token as a field), and the
// form without a file, with the file in another field, and with two files.
func uploadCases(t testing.TB, label, target string, page bool, fields url.Values, files []upload) []hostile {
	t.Helper()
	var out []hostile
	add := func(what string, fields url.Values, files ...upload) {
		body, ctype := multipartBody(t, fields, files...)
		out = append(out, hostile{name: label + ": " + what, method: http.MethodPost, url: target, body: body, ctype: ctype, page: page})
	}
	for i, f := range files {
		f.field = "file"
		add(fmt.Sprintf("file %.40q (%d bytes)", f.name, len(f.data)), fields, f)
		out[len(out)-1].always = i == 0 // the good file
	}
	add("no file", fields)
	add("the file in another field", fields, upload{field: "other", name: "a.csv", data: files[0].data})
	add("two files", fields, upload{field: "file", name: "a.csv", data: files[0].data}, upload{field: "file", name: "b.png", data: pngFile(t)})
	add("an empty file name", fields, upload{field: "file", name: "", data: files[0].data})
	body, ctype := multipartBody(t, fields, upload{field: "file", name: "a.csv", data: files[0].data})
	out = append(out,
		hostile{name: label + ": no boundary", method: http.MethodPost, url: target, body: body, ctype: "multipart/form-data", page: page},
		hostile{name: label + ": another boundary", method: http.MethodPost, url: target, body: body, ctype: "multipart/form-data; boundary=nope", page: page},
		hostile{name: label + ": cut short", method: http.MethodPost, url: target, body: body[:len(body)/2], ctype: ctype, page: page},
		hostile{name: label + ": JSON instead", method: http.MethodPost, url: target, body: []byte("{}"), ctype: "application/json", page: page},
		hostile{name: label + ": nothing", method: http.MethodPost, url: target, page: page})
	return out
}

// rosterCases are the hostile imports of teams and riders: through the API (dry run or not) and the
// pages (the upload and the apply form that carries the previewed file back).
func rosterCases(t testing.TB, r *robustRunner) []hostile {
	t.Helper()
	csvFile := r.send(t, hostile{name: "export csv", url: "/api/v1/teams/export.csv"}).Body.Bytes()
	xlsx := r.send(t, hostile{name: "export xlsx", url: "/api/v1/teams/export.xlsx"}).Body.Bytes()
	header, _, _ := strings.Cut(string(csvFile), "\n")
	header = strings.TrimPrefix(strings.TrimSpace(header), "\ufeff")
	good := []upload{{name: "teams.csv", data: csvFile}, {name: "teams.xlsx", data: xlsx},
		{name: "renamed.csv", data: []byte(strings.Replace(string(csvFile), "Rojo", "Rojo"+oddName, 1))}}
	files := append(good, hostileFiles(t, header)...)
	var out []hostile
	for _, q := range []string{"", "?dry_run=1", "?dry_run=true", "?dry_run=abc", "?dry_run=%00"} {
		out = append(out, uploadCases(t, "API roster import"+q, "/api/v1/teams/import"+q, false, nil, files)...)
	}
	out = append(out, uploadCases(t, "page roster import", "/teams/import", true, url.Values{"_csrf": {r.csrf}}, files)...)
	for _, f := range files {
		out = append(out, hostile{name: "page roster apply " + f.name, url: "/teams/import/apply",
			form: url.Values{"filename": {f.name}, "content": {base64.StdEncoding.EncodeToString(f.data)}}})
	}
	for _, v := range hostileTexts {
		out = append(out,
			hostile{name: "page roster apply content " + v.name, url: "/teams/import/apply", form: url.Values{"filename": {"teams.csv"}, "content": {v.raw}}},
			hostile{name: "page roster apply filename " + v.name, url: "/teams/import/apply",
				form: url.Values{"filename": {v.raw}, "content": {base64.StdEncoding.EncodeToString(csvFile)}}})
	}
	return out
}

// backupCases are the hostile restores of the tour's backup: through the API as the body and as a file,
// with every field of the backup made hostile, and through the "Load" page.
func backupCases(t testing.TB, r *robustRunner, tour robustTour, fields bool) []hostile {
	t.Helper()
	label := fmt.Sprintf("%s backup", tour.Ruleset)
	files := append([]upload{{name: "tour.json", data: tour.Backup}}, hostileFiles(t, "format,version")...)
	out := uploadCases(t, label+" API file", "/api/v1/tours/import", false, nil, files)
	out = append(out, uploadCases(t, label+" page file", "/tours/import", true, url.Values{"_csrf": {r.csrf}}, files)...)
	for _, f := range files {
		out = append(out, hostile{name: label + " API body " + f.name, method: http.MethodPost, url: "/api/v1/tours/import", body: f.data, ctype: "application/json"})
	}
	if fields {
		tree := toTree(t, jsonRaw(tour.Backup))
		values := hostileBackup
		if deepRobust {
			values = append(slices.Clone(hostileBackup), hostileJSONNested...)
		}
		for _, p := range jsonPaths(tree, nil) {
			for _, v := range values {
				// A restored tour is visited; its sheets too when its ruleset or points were changed,
				// once a field (the sheets read a field the same way whatever its damage: every value
				// with RACEDIRECTOR_ROBUST=deep).
				// Its book is printed once for each part of the backup (a field's damage is read the
				// same way by every sheet), for each field of the ruleset and points.
				follow := followTourBookedOnce(label+" "+fmt.Sprint(p[0]), "xlsx")
				if p[0] == "ruleset" || p[0] == "points" {
					follow = followTourBookedOnce(label+" "+pathName(p), "xlsx")
				}
				out = append(out, hostile{name: fmt.Sprintf("%s with %s = %s", label, pathName(p), v.name), method: http.MethodPost,
					url: "/api/v1/tours/import", ctype: "application/json", follow: follow,
					fill: func(t testing.TB, h *hostile) { h.body = replaced(t, tree, p, v.raw) }})
			}
		}
	}
	if fields {
		for _, k := range withHostileKeys(t, toTree(t, jsonRaw(tour.Backup))) {
			out = append(out, hostile{name: label + " with " + k.name, method: http.MethodPost, url: "/api/v1/tours/import", body: []byte(k.raw),
				ctype: "application/json", follow: followTourBookedOnce(label+" keys", "xlsx")})
		}
	}
	// Every name made odd (emoji, right-to-left marks), and the tour's books printed.
	odd := toTree(t, jsonRaw(tour.Backup))
	for _, tm := range odd.(map[string]any)["teams"].([]any) {
		team := tm.(map[string]any)
		team["name"] = oddName + fmt.Sprint(team["name"])
		for _, rd := range team["riders"].([]any) {
			rider := rd.(map[string]any)
			rider["name"] = fmt.Sprint(rider["name"]) + oddName
		}
	}
	odd.(map[string]any)["name"] = oddName
	oddBody, err := json.Marshal(odd)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, hostile{name: label + " with odd names", method: http.MethodPost, url: "/api/v1/tours/import", body: oddBody,
		ctype: "application/json", want: http.StatusCreated, follow: followTour("xlsx", "pdf")})
	for i := range out {
		if out[i].follow == nil {
			out[i].follow = followTourBookedOnce(label+" "+out[i].url, "xlsx")
		}
	}
	return out
}

// hostileBackup are the values put at every field of a backup.
var hostileBackup = []hostileValue{
	{"null", "null"}, {"a string", `"abc"`}, {"-1", "-1"}, {"zero", "0"}, {"1000", "1000"}, {"2^63-1", "9223372036854775807"},
	{"an object", `{"a":1}`}, {"an empty list", "[]"},
}

// followTour visits a tour just created by an accepted request (its id in the JSON answered or the
// page redirected to): its standings, classifications and stage screens, its book of sheets in each
// of the formats books (with deepRobust every page and both books), to find what a damaged (but
// accepted) tour breaks later.
func followTour(books ...string) func(t testing.TB, r *robustRunner, rec *httptest.ResponseRecorder) {
	return func(t testing.TB, r *robustRunner, rec *httptest.ResponseRecorder) {
		t.Helper()
		var id uint
		var created struct {
			ID uint `json:"id"`
		}
		if m := regexp.MustCompile(`^/tours/(\d+)`).FindStringSubmatch(rec.Header().Get("Location")); m != nil {
			n, _ := strconv.Atoi(m[1])
			id = uint(n)
		} else if rec.Code == http.StatusCreated && json.Unmarshal(rec.Body.Bytes(), &created) == nil {
			id = created.ID
		}
		if id == 0 {
			return
		}
		var tour struct {
			Stages []struct {
				Number int `json:"number"`
			} `json:"stages"`
		}
		base := fmt.Sprintf("/tours/%d", id)
		got := r.send(t, hostile{name: "following the tour", url: "/api/v1" + base})
		if err := json.Unmarshal(got.Body.Bytes(), &tour); err != nil {
			t.Errorf("after %s: GET /api/v1%s: %v", r.after, base, err)
			return
		}
		urls := []string{"/api/v1" + base + "/standings", base + "/classifications", base + "/cycling-party"}
		for _, st := range tour.Stages {
			urls = append(urls, fmt.Sprintf("%s/stages/%d", base, st.Number))
		}
		if deepRobust {
			books = []string{"xlsx", "pdf"}
			urls = append(urls, base, base+"/riders", base+"/sheets", "/tours", "/api/v1"+base+"/backup.json")
			for _, st := range tour.Stages {
				urls = append(urls, fmt.Sprintf("%s/stages/%d/advantages", base, st.Number), fmt.Sprintf("%s/stages/%d/sheet", base, st.Number),
					fmt.Sprintf("%s/stages/%d/volata", base, st.Number))
			}
		}
		for _, format := range books {
			urls = append(urls, "/api/v1"+base+"/sheets/book."+format)
		}
		for _, u := range urls {
			r.send(t, hostile{name: "following " + u, url: u})
		}
	}
}

// followTourBookedOnce is followTour with the books printed only the first time a request with key
// is accepted by the runner (each time with deepRobust).
func followTourBookedOnce(key string, books ...string) func(t testing.TB, r *robustRunner, rec *httptest.ResponseRecorder) {
	return func(t testing.TB, r *robustRunner, rec *httptest.ResponseRecorder) {
		t.Helper()
		printed := books
		if r.booked[key] && !deepRobust {
			printed = nil
		}
		r.booked[key] = true
		followTour(printed...)(t, r, rec)
	}
}

// deepRobust (RACEDIRECTOR_ROBUST=deep) sends more hostile values to the wizard's draft and the
// backups, and visits the book of sheets of every tour an accepted request created.
var deepRobust = os.Getenv("RACEDIRECTOR_ROBUST") == "deep"

// fullRobust (RACEDIRECTOR_ROBUST=full) sends every hostile request, not one in robustEvery.
var fullRobust = os.Getenv("RACEDIRECTOR_ROBUST") == "full"

// clockFiles are finish CSV files of the uci-road tour: a good one, and each cell made hostile.
func clockFiles(t testing.TB, tour robustTour) []upload {
	t.Helper()
	var good strings.Builder
	good.WriteString("bib,time,bonus,penalty\n")
	for i, b := range tour.Bibs {
		fmt.Fprintf(&good, "%d,4:%02d:%02d,%d,0\n", b, 10+i/60, i%60, max(0, 10-4*i))
	}
	out := []upload{{name: "finish.csv", data: []byte(good.String())}}
	cells := map[string][]string{
		"bib":     {"abc", "-1", "0", "99999", "9223372036854775807", "9223372036854775808", "1.5", ""},
		"time":    {"99:99:99", "1e300", "-1:00", "4:24:44.999", "::", "4:24", "9999:59:59.99", "9223372036854775807:00", "", longText},
		"bonus":   {"-1", "abc", "9223372036854775807", "2147483648", "1.5"},
		"penalty": {"-1", "abc", "9223372036854775807", "2147483648", "1.5"},
	}
	for col, values := range cells {
		for _, v := range values {
			row := map[string]string{"bib": strconv.Itoa(tour.Bibs[0]), "time": "4:10:00", "bonus": "0", "penalty": "0"}
			row[col] = v
			data := fmt.Sprintf("bib,time,bonus,penalty\n%s,%s,%s,%s\n", row["bib"], row["time"], row["bonus"], row["penalty"])
			out = append(out, upload{name: fmt.Sprintf("%s %.20s.csv", col, v), data: []byte(data)})
		}
	}
	var many strings.Builder
	many.WriteString("bib,time\n")
	for i := range 1001 {
		fmt.Fprintf(&many, "%d,4:00:%02d\n", tour.Bibs[i%len(tour.Bibs)], i%60)
	}
	out = append(out,
		upload{name: "1001 rows.csv", data: []byte(many.String())},
		upload{name: "columns twice.csv", data: []byte("bib,bib,time\n11,11,4:00:00\n")},
		upload{name: "unknown column.csv", data: []byte("bib,time,speed\n11,4:00:00,40\n")},
		upload{name: "no time.csv", data: []byte("bib\n11\n")},
		upload{name: "ignored columns.csv", data: []byte("rank,name,rider,team,bib,time\n1,a,b,c,11,4:00:00\n")},
		upload{name: "short rows.csv", data: []byte("bib,time,bonus,penalty\n11\n12,4:00:00,1\n")},
	)
	return append(out, hostileFiles(t, "bib,time,bonus,penalty")...)
}

// clockCases are the hostile finishes of a clock (uci-road) tour's open stage as CSV: through the API
// (a text/csv body) and the stage page's upload form; and a CSV finish sent to the other tours.
func clockCases(t testing.TB, r *robustRunner, w *robustWorld) []hostile {
	t.Helper()
	var out []hostile
	for _, tour := range w.tours {
		files := clockFiles(t, tour)
		if tour.Ruleset != "uci-road" {
			files = files[:1]
		}
		api := fmt.Sprintf("/api/v1/tours/%d/stages/%d/finish", tour.ID, tour.Open)
		page := fmt.Sprintf("/tours/%d/stages/%d/finish.csv", tour.ID, tour.Open)
		label := fmt.Sprintf("%s tour %d finish CSV", tour.Ruleset, tour.ID)
		for _, f := range files {
			for _, ct := range []string{"text/csv", "text/csv; charset=utf-8", "text/csv; charset=utf-16", "text/csv; header=absent"} {
				out = append(out, hostile{name: label + " API " + f.name + " as " + ct, method: http.MethodPut, url: api, body: f.data, ctype: ct})
			}
		}
		for _, v := range []string{"", "0", "-1", "abc", "99999", "9223372036854775808"} {
			out = append(out, uploadCases(t, label+" page _version "+v, page, true, url.Values{"_csrf": {r.csrf}, "_version": {v}}, files)...)
		}
	}
	return out
}

// startListCases are start lists sent to each tour through the API (PUT …/start-list, text/csv): the
// tour's own list as it stands and renumbered, and each cell made hostile; a board game refuses them.
func startListCases(t testing.TB, r *robustRunner, w *robustWorld) []hostile {
	t.Helper()
	var out []hostile
	for _, tour := range w.tours {
		rec := r.send(t, hostile{name: "tour for its start list", url: fmt.Sprintf("/api/v1/tours/%d", tour.ID)})
		var view struct {
			Teams []struct {
				Name   string
				Riders []struct {
					Bib  int
					Name string
				}
			}
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &view); err != nil {
			t.Fatalf("tour %d: %v", tour.ID, err)
		}
		var same, moved strings.Builder
		for _, team := range view.Teams {
			for _, rider := range team.Riders {
				fmt.Fprintf(&same, "%s,%d,%s\n", team.Name, rider.Bib, rider.Name)
				fmt.Fprintf(&moved, "%s;%d;%s\n", team.Name, rider.Bib+500, strings.ToUpper(rider.Name))
			}
		}
		first := view.Teams[0]
		label := fmt.Sprintf("%s tour %d start list", tour.Ruleset, tour.ID)
		api := fmt.Sprintf("/api/v1/tours/%d/start-list", tour.ID)
		for name, body := range map[string]string{"as it stands": same.String(), "renumbered": moved.String(), "empty": "",
			"unknown team": "Nobody,1,Anyone\n", "huge bib": fmt.Sprintf("%s,99999999999999999999,%s\n", first.Name, first.Riders[0].Name),
			"a bib twice":   fmt.Sprintf("%s,1,%s\n%s,1,%s\n", first.Name, first.Riders[0].Name, first.Name, first.Riders[1].Name),
			"a header only": "team,bib,name\n", "a long name": fmt.Sprintf("%s,1,%s\n", first.Name, longText)} {
			valid := name == "as it stands" || name == "renumbered" // sent in every pass: the route accepts them
			out = append(out, hostile{name: label + " " + name, method: http.MethodPut, url: api, body: []byte(body), ctype: "text/csv", always: valid})
		}
		out = append(out, hostile{name: label + " as JSON", method: http.MethodPut, url: api, body: []byte(`{"bib":1}`), ctype: "application/json"})
	}
	return out
}

// slowReader hands out its data a few bytes at a time, pausing between reads, like a slow client.
type slowReader struct {
	data  []byte
	chunk int
	pause time.Duration
}

func (s *slowReader) Read(p []byte) (int, error) {
	if len(s.data) == 0 {
		return 0, io.EOF
	}
	time.Sleep(s.pause)
	n := copy(p[:min(len(p), s.chunk)], s.data)
	s.data = s.data[n:]
	return n, nil
}

// brokenReader hands out the first half of its data, then fails as a dropped connection does.
type brokenReader struct{ data []byte }

func (b *brokenReader) Read(p []byte) (int, error) {
	if len(b.data) == 0 {
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p, b.data)
	b.data = b.data[n:]
	return n, nil
}

// limitCases are bodies over each limit (413, not a 500, nothing stored), with a length or streamed,
// bodies just under them, bodies sent slowly, and bodies broken off half way.
func limitCases(t testing.TB, r *robustRunner, w *robustWorld) []hostile {
	t.Helper()
	var cp, uci robustTour
	for _, tour := range w.tours {
		switch {
		case tour.Raced && tour.Ruleset == "cycling-party":
			cp = tour
		case tour.Raced && tour.Ruleset == "uci-road":
			uci = tour
		}
	}
	const mb = 1 << 20
	jsonOf := func(size int) []byte {
		return []byte(`{"name":"` + strings.Repeat("x", size) + `","short":"BIG","color":"#000000"}`)
	}
	formOf := func(field string, size int) []byte {
		return []byte(url.Values{"_csrf": {r.csrf}, field: {strings.Repeat("x", size)}, "short": {"BIG"}, "color": {"#000000"}}.Encode())
	}
	csvOf := func(size int) []byte { return []byte("bib,time\n" + strings.Repeat("11,4:00:00\n", size/11+1)) }
	multi := func(size int, page bool, extra url.Values) ([]byte, string) {
		fields := url.Values{}
		if page {
			fields.Set("_csrf", r.csrf)
		}
		for k, v := range extra {
			fields[k] = v
		}
		return multipartBody(t, fields, upload{field: "file", name: "big.csv", data: bytes.Repeat([]byte("a,b\n"), size/4+1)})
	}
	finish := r0(cp, "/api/v1/tours/%d/stages/%d/finish")
	uciFinish := r0(uci, "/api/v1/tours/%d/stages/%d/finish")
	uciPage := r0(uci, "/tours/%d/stages/%d/finish.csv")
	type sized struct {
		name, method, url, ctype string
		page                     bool
		body                     []byte
		want                     int
	}
	var list []sized
	for _, c := range []struct {
		label, method, url string
		limit              int
		body               func(size int) ([]byte, string)
		page               bool
	}{
		{"API JSON", "POST", "/api/v1/teams", mb, func(n int) ([]byte, string) { return jsonOf(n), "application/json" }, false},
		{"API finish JSON", "PUT", finish, 12 * mb, func(n int) ([]byte, string) {
			return []byte(`{"groups":[{"turn":0,"square":5,"die":3,"riders":[` + strings.Repeat("11,", n/3) + `11]}]}`), "application/json"
		}, false},
		{"API finish CSV", "PUT", uciFinish, 12 * mb, func(n int) ([]byte, string) { return csvOf(n), "text/csv" }, false},
		{"API tour import", "POST", "/api/v1/tours/import", 12 * mb, func(n int) ([]byte, string) { return jsonOf(n), "application/json" }, false},
		{"API roster import", "POST", "/api/v1/teams/import", 12 * mb, func(n int) ([]byte, string) { return multi(n, false, nil) }, false},
		{"page form", "POST", "/teams", mb, func(n int) ([]byte, string) { return formOf("name", n), "application/x-www-form-urlencoded" }, true},
		{"wizard form", "POST", "/tours/new", mb, func(n int) ([]byte, string) { return formOf("draft", n), "application/x-www-form-urlencoded" }, true},
		{"page finish form", "POST", r0(cp, "/tours/%d/stages/%d/finish"), 12 * mb, func(n int) ([]byte, string) {
			return formOf("g_riders", n), "application/x-www-form-urlencoded"
		}, true},
		{"page roster import", "POST", "/teams/import", 12 * mb, func(n int) ([]byte, string) { return multi(n, true, nil) }, true},
		{"page tour import", "POST", "/tours/import", 12 * mb, func(n int) ([]byte, string) { return multi(n, true, nil) }, true},
		{"API season import", "POST", "/api/v1/seasons/import", 12 * mb, func(n int) ([]byte, string) { return jsonOf(n), "application/json" }, false},
		{"page season import", "POST", "/seasons/import", 12 * mb, func(n int) ([]byte, string) { return multi(n, true, nil) }, true},
		{"page finish CSV", "POST", uciPage, 12 * mb, func(n int) ([]byte, string) { return multi(n, true, url.Values{"_version": {""}}) }, true},
	} {
		over, ct := c.body(c.limit + 1024)
		list = append(list, sized{c.label + " over the limit", c.method, c.url, ct, c.page, over, http.StatusRequestEntityTooLarge})
		under, ct := c.body(c.limit - 64*1024)
		list = append(list, sized{c.label + " just under the limit", c.method, c.url, ct, c.page, under, 0})
		small, ct := c.body(2 * 1024)
		list = append(list, sized{c.label + " small", c.method, c.url, ct, c.page, small, 0})
	}
	// A form with a broken %-escape: read by net/http, the field was dropped and the sprint order
	// entered before was cleared by the empty one.
	for _, target := range []string{r0(cp, "/tours/%d/stages/%d/sprints/1"), r0(cp, "/tours/%d/stages/%d/finish"), "/teams"} {
		list = append(list, sized{"a broken %-escape to " + target, "POST", target, "application/x-www-form-urlencoded", true,
			[]byte("_csrf=" + r.csrf + "&order=%zz&g_riders=1%2&name=%"), http.StatusBadRequest})
	}
	// A page sent a body that is not a form (or none): it was read as a form with every field empty,
	// and the sprint's order entered before was cleared.
	for _, ct := range []string{"application/json", "text/plain", "text/csv", ""} {
		list = append(list, sized{"a " + cmp.Or(ct, "typeless") + " body to a sprint page", "POST", r0(cp, "/tours/%d/stages/%d/sprints/1"), ct, true,
			[]byte(`{"order":"11 12"}`), http.StatusUnsupportedMediaType})
	}
	list = append(list, sized{"no body to a sprint page", "POST", r0(cp, "/tours/%d/stages/%d/sprints/1"), "", true, nil, http.StatusUnsupportedMediaType})
	// 100,000 bibs in one field or list: refused at once, not in time quadratic in their number (the
	// page's messages, one per unknown bib, were joined one by one).
	var bibs strings.Builder
	for i := range 100000 {
		fmt.Fprintf(&bibs, "%d ", 11+i)
	}
	many := strings.TrimSpace(bibs.String())
	list = append(list,
		// A page refusal goes to the page that shows it (post/redirect/get): 303.
		sized{"100k bibs in a finish row", "POST", r0(cp, "/tours/%d/stages/%d/finish"), "application/x-www-form-urlencoded", true,
			[]byte(url.Values{"g_turn": {"0"}, "g_square": {"5"}, "g_die": {"3"}, "g_riders": {many}}.Encode()), http.StatusSeeOther},
		sized{"100k bibs in a sprint", "POST", r0(cp, "/tours/%d/stages/%d/sprints/1"), "application/x-www-form-urlencoded", true,
			[]byte(url.Values{"order": {many}}.Encode()), http.StatusSeeOther},
		sized{"100k bibs in an API finish", "PUT", finish, "application/json", false,
			[]byte(`{"groups":[{"turn":0,"square":5,"die":3,"riders":[` + strings.ReplaceAll(many, " ", ",") + `]}]}`), http.StatusUnprocessableEntity})
	var out []hostile
	for _, s := range list {
		base := hostile{name: s.name, method: s.method, url: s.url, body: s.body, ctype: s.ctype, page: s.page, want: s.want}
		streamed := base
		streamed.name, streamed.stream = s.name+", streamed", true
		out = append(out, base, streamed)
		if len(s.body) < 64*1024 {
			slow := base
			slow.name, slow.reader = s.name+", sent slowly", &slowReader{data: s.body, chunk: 512, pause: time.Millisecond}
			out = append(out, slow)
		}
		broken := base
		broken.name, broken.reader, broken.want = s.name+", broken off", &brokenReader{data: s.body[:len(s.body)/2]}, 0
		out = append(out, broken)
	}
	return out
}

// TestRobustServer sends hostile requests over a real connection to the server Run starts: a body
// that stops short of its Content-Length, bodies over the limit with a length and chunked, a slow
// body, huge headers. The server answers each without a 500 or a panic, and goes on serving.
func TestRobustServer(t *testing.T) {
	t.Parallel()
	sink := &logSink{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdoutR, stdoutW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := app.Run(ctx, app.Config{Addr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "server.db")}, stdoutW,
			slog.New(slog.NewTextHandler(sink, &slog.HandlerOptions{Level: slog.LevelError})))
		_ = stdoutW.CloseWithError(io.EOF)
		done <- err
	}()
	line, err := bufio.NewReader(stdoutR).ReadString('\n')
	if err != nil {
		t.Fatalf("Run printed no URL: %v", err)
	}
	go func() { _, _ = io.Copy(io.Discard, stdoutR) }()
	host := regexp.MustCompile(`127\.0\.0\.1:\d+`).FindString(line)
	if host == "" {
		t.Fatalf("Run printed %q", line)
	}
	// raw sends a request as bytes and returns the status line of the answer ("" when the server
	// closed the connection without one).
	raw := func(t *testing.T, request string, slow bool) string {
		t.Helper()
		conn, err := net.DialTimeout("tcp", host, 60*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(60 * time.Second))
		if slow {
			for i := 0; i < len(request); i += 8 {
				if _, err := conn.Write([]byte(request[i:min(i+8, len(request))])); err != nil {
					t.Fatal(err)
				}
				time.Sleep(5 * time.Millisecond)
			}
		} else if _, err := io.WriteString(conn, request); err != nil && !errors.Is(err, syscall.ECONNRESET) && !errors.Is(err, syscall.EPIPE) {
			t.Fatal(err)
		}
		// A request sent whole is not followed by a half-close: Go's server takes the end of the
		// client's sending for the client leaving (it cancels the request's context), and a client
		// that left is answered nothing. A request short of its body is, so that the server sees its end.
		if tc, ok := conn.(*net.TCPConn); ok && !slow {
			_ = tc.CloseWrite()
		}
		status, _ := bufio.NewReader(conn).ReadString('\n')
		return strings.TrimSpace(status)
	}
	team := `{"name":"Lenta","short":"LEN","color":"#123456"}`
	post := func(path, ctype string, length int, body string, extra ...string) string {
		head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nConnection: close\r\n", path, host, ctype)
		if length >= 0 {
			head += fmt.Sprintf("Content-Length: %d\r\n", length)
		} else {
			head += "Transfer-Encoding: chunked\r\n"
		}
		for _, e := range extra {
			head += e + "\r\n"
		}
		return head + "\r\n" + body
	}
	chunked := func(data string) string { return fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(data), data) }
	big := strings.Repeat("x", 13<<20)
	for _, c := range []struct {
		name, request string
		slow          bool
		want          string // the status line's start; "" when the server may close without one
	}{
		{"a body short of its length", post("/api/v1/teams", "application/json", 5000, team[:20]), false, ""},
		{"a form short of its length", post("/teams", "application/x-www-form-urlencoded", 5000, "name=abc", "Sec-Fetch-Site: same-origin"), false, ""},
		{"an upload short of its length", post("/api/v1/teams/import", "multipart/form-data; boundary=b", 5000, "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\nteam"), false, ""},
		{"a JSON body over the limit", post("/api/v1/teams", "application/json", len(big), big), false, "HTTP/1.1 413"},
		{"a JSON body over the limit, chunked", post("/api/v1/teams", "application/json", -1, chunked(big[:2<<20])), false, "HTTP/1.1 413"},
		{"a form over the limit, chunked", post("/teams", "application/x-www-form-urlencoded", -1, chunked("name="+big[:2<<20]), "Sec-Fetch-Site: same-origin"), false, "HTTP/1.1 413"},
		{"an upload over the limit", post("/api/v1/teams/import", "multipart/form-data; boundary=b", len(big), big), false, "HTTP/1.1 413"},
		{"a slow body", post("/api/v1/teams", "application/json", len(team), team), true, "HTTP/1.1 201"},
		{"a slow chunked body", post("/api/v1/teams", "application/json", -1, chunked(`{"name":"Lenta II","short":"LEO","color":"#123456"}`)), true, "HTTP/1.1 201"},
		{"a bad chunk", post("/api/v1/teams", "application/json", -1, "zz\r\n{}\r\n0\r\n\r\n"), false, "HTTP/1.1 400"},
		{"huge headers", "GET /healthz HTTP/1.1\r\nHost: " + host + "\r\nX-Big: " + strings.Repeat("h", 2<<20) + "\r\n\r\n", false, "HTTP/1.1 431"},
		{"a NUL in the path", "GET /tours/1\x00/stages HTTP/1.1\r\nHost: " + host + "\r\n\r\n", false, "HTTP/1.1 400"},
		{"not HTTP", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			status := raw(t, c.request, c.slow)
			if strings.Contains(status, " 5") || !strings.HasPrefix(status, c.want) {
				t.Errorf("answer %q, want %q", status, cmp.Or(c.want, "any below 500, or none"))
			}
			if logged := sink.take(); logged != "" {
				t.Errorf("the server logged an error:\n%.2000s", logged)
			}
		})
	}
	// The server still serves, and kept only what was accepted: the teams sent slowly.
	client := &http.Client{Timeout: 60 * time.Second}
	resp, err := client.Get("http://" + host + "/api/v1/teams")
	if err != nil {
		t.Fatal(err)
	}
	var teams []struct {
		Name string `json:"name"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&teams); err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	var slow int
	for _, tm := range teams {
		if strings.HasPrefix(tm.Name, "Lenta") {
			slow++
		}
		if strings.HasPrefix(tm.Name, "x") || tm.Name == "abc" {
			t.Errorf("a refused request stored team %.40q", tm.Name)
		}
	}
	if slow != 2 {
		t.Errorf("%d teams named Lenta…, want the two sent slowly", slow)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

// fuzzWorld is a runner on the world for a fuzz target, built once per fuzzing process, and the
// world's raced tours.
func fuzzWorld(f *testing.F) (*robustRunner, []robustTour) {
	f.Helper()
	w := newRobustWorld(f)
	var raced []robustTour
	for _, tour := range w.tours {
		if tour.Raced {
			raced = append(raced, tour)
		}
	}
	return w.runner(f), raced
}

// fuzzSeeds are the hostile bodies and values small enough to seed a fuzz target: the fuzzer
// minimizes every input it finds interesting, and a 100 kB one keeps its workers busy for long.
func fuzzSeeds() []string {
	var out []string
	for _, b := range append(slices.Clone(hostileBodies), hostileJSON...) {
		if len(b.raw) <= 1024 {
			out = append(out, b.raw)
		}
	}
	return out
}

// FuzzAPIFinish sends any body to PUT finish of the open stage of a raced tour (which: the ruleset),
// as JSON or, with csv, as a CSV file: never a 500, a JSON error with a code, nothing stored by a
// refusal.
func FuzzAPIFinish(f *testing.F) {
	r, raced := fuzzWorld(f)
	for i, tour := range raced {
		good, _ := json.Marshal(robustFinish(tour))
		f.Add(uint8(i), false, good)
		f.Add(uint8(i), true, clockFiles(f, tour)[0].data)
	}
	for _, b := range fuzzSeeds() {
		f.Add(uint8(0), false, []byte(b))
	}
	for _, s := range []string{
		`{"groups":[{"turn":0,"square":5,"die":3,"riders":[11,11]}]}`,
		`{"groups":[{"turn":-9223372036854775808,"square":9223372036854775807,"die":3,"riders":[11]}]}`,
		`{"groups":[{"sector":9223372036854775807,"riders":[11]},{"sector":-9223372036854775808,"riders":[12]}]}`,
		`{"results":[{"bib":11,"hundredths":9223372036854775807,"bonus":9223372036854775807,"penalty":-1}]}`,
		`{"results":[{"bib":11,"time":"9999:59:59.99"},{"bib":12,"time":"0:00"}]}`,
		`{"groups":[],"results":[]}`, `{"groups":null}`, `{"groups":[{}]}`, `{"groups":[{"riders":null}]}`,
		"bib,time,bonus,penalty\n11,4:00:00,9223372036854775807,0\n",
	} {
		f.Add(uint8(3), strings.HasPrefix(s, "bib"), []byte(s))
		f.Add(uint8(0), false, []byte(s))
	}
	f.Fuzz(func(t *testing.T, which uint8, csv bool, body []byte) {
		tour := raced[int(which)%len(raced)]
		h := hostile{name: "fuzzed finish", method: http.MethodPut, url: r0(tour, "/api/v1/tours/%d/stages/%d/finish"), body: body, ctype: "application/json"}
		if csv {
			h.ctype = "text/csv"
		}
		r.send(t, h)
	})
}

// FuzzAPIOrder sends any body to PUT sprints/{k} or climbs/{k} (k from 0 to 4) of the open stage of a
// raced tour: never a 500, a JSON error with a code, nothing stored by a refusal.
func FuzzAPIOrder(f *testing.F) {
	r, raced := fuzzWorld(f)
	for i, tour := range raced {
		good, _ := json.Marshal(obj{"order": tour.Bibs[:3]})
		f.Add(uint8(i), false, uint8(1), good)
		f.Add(uint8(i), true, uint8(1), good)
	}
	for _, b := range fuzzSeeds() {
		f.Add(uint8(0), false, uint8(1), []byte(b))
	}
	for _, s := range []string{`{"order":[11,11]}`, `{"order":[0]}`, `{"order":[-1]}`, `{"order":[9223372036854775807]}`,
		`{"order":null}`, `{"order":[]}`, `{"order":[11],"order":[12]}`, `{"order":"11 12"}`, `{"order":[11.0]}`, `{"order":[1e2]}`} {
		f.Add(uint8(0), false, uint8(1), []byte(s))
	}
	f.Fuzz(func(t *testing.T, which uint8, climb bool, k uint8, body []byte) {
		tour := raced[int(which)%len(raced)]
		what := "sprints"
		if climb {
			what = "climbs"
		}
		target := r0(tour, "/api/v1/tours/%d/stages/%d") + fmt.Sprintf("/%s/%d", what, k%5)
		r.send(t, hostile{name: "fuzzed order", method: http.MethodPut, url: target, body: body, ctype: "application/json"})
	})
}

// leavingFollower is a follower's answer whose follower leaves at its first flush.
type leavingFollower struct {
	*httptest.ResponseRecorder
	leave context.CancelFunc
}

// Flush sends what was written, and the follower leaves.
func (w leavingFollower) Flush() {
	w.ResponseRecorder.Flush()
	w.leave()
}

// serveLeaving runs req through the router with the cookie jar, its client leaving at the answer's
// first flush.
func (ta *testApp) serveLeaving(req *http.Request, leave context.CancelFunc) *httptest.ResponseRecorder {
	defer leave()
	for _, c := range ta.cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	ta.Echo.ServeHTTP(leavingFollower{ResponseRecorder: rec, leave: leave}, req)
	keepCookies(ta.cookies, rec)
	return rec
}
