package app_test

// Robustness: no input gives a 500 or a panic. Every API route and every page POST route is sent a
// table of hostile inputs on a database holding a tour of each ruleset in a mid-race state (stage 1
// entered and closed, stage 2 open) and one of each not started. Each answer must be below 500, an API
// refusal must be a JSON error with a code, and a refusal must store nothing.

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
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
	"testing"

	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"racedirector/app"
	"racedirector/app/race"
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
	Bibs  []int
	// Open is the open stage; Sprints and Climbs are how many it has.
	Open, Sprints, Climbs int
	// Sheets are the control sheets of the tour's ruleset.
	Sheets []string
	// Backup is the tour's backup file.
	Backup []byte
}

// robustWorld is a database file holding a tour of each ruleset raced and not raced; every group of
// cases runs on its own copy.
type robustWorld struct {
	file []byte
	// snap is the world's snapshot.
	snap  string
	tours []robustTour
	// teams are database team ids that can race each ruleset.
	teams map[string][]uint
	// proposals are a valid proposal request and the proposal answered, by ruleset.
	requests  map[string]obj
	proposals map[string]race.Proposal
}

// openRobustApp starts the app on path with its error log kept in sink.
func openRobustApp(t testing.TB, path string, sink *logSink) *testApp {
	t.Helper()
	a, err := app.New(path, slog.New(slog.NewTextHandler(sink, &slog.HandlerOptions{Level: slog.LevelError})))
	if err != nil {
		t.Fatalf("app.New(%s): %v", path, err)
	}
	ta := &testApp{App: a, Path: path, cookies: map[string]*http.Cookie{}}
	t.Cleanup(func() {
		if !ta.closed {
			_ = a.Close()
		}
	})
	return ta
}

// newRobustWorld builds the world through the API: for each ruleset a proposal, a tour, and for the
// raced one stage 1 entered and closed.
func newRobustWorld(t *testing.T) *robustWorld {
	t.Helper()
	w := &robustWorld{requests: map[string]obj{}, proposals: map[string]race.Proposal{}}
	path := filepath.Join(t.TempDir(), "world.db")
	ta := openRobustApp(t, path, &logSink{})
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
func robustCreateTour(t *testing.T, ta *testApp, w *robustWorld, ruleset string) robustTour {
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
	w.requests[ruleset], w.proposals[ruleset] = req, p
	view := createTour(t, ta, createBody(p, w.teams[ruleset]...))
	tour := robustTour{ID: view.ID, Ruleset: ruleset}
	for _, tm := range view.Teams {
		for _, r := range tm.Riders {
			tour.Bibs = append(tour.Bibs, r.Bib)
		}
	}
	return tour
}

// robustRaceStage enters stage n completely (every sprint and climb, the finish) and closes it.
func robustRaceStage(t *testing.T, ta *testApp, tour robustTour, n int) {
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
	// page marks a page POST sent with a raw body: the browser's Sec-Fetch-Site: same-origin stands
	// for the CSRF token.
	page   bool
	header map[string]string
	// stream sends the body without a Content-Length.
	stream bool
	// want, when not zero, is the status the request must get.
	want int
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
	// snap and print are the database's snapshot and its files' fingerprint before the next request.
	snap   string
	print  []byte
	resets int
	fails  int
}

// debugRobust checks every reset of the world against its snapshot.
const debugRobust = false

// maxRobustFailures caps the failures a runner reports in detail.
const maxRobustFailures = 40

func (w *robustWorld) runner(t testing.TB) *robustRunner {
	t.Helper()
	dir := t.TempDir()
	r := &robustRunner{w: w, sink: &logSink{}, world: filepath.Join(dir, "world.db")}
	path := filepath.Join(dir, "app.db")
	for _, p := range []string{r.world, path} {
		if err := os.WriteFile(p, w.file, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	r.ta = openRobustApp(t, path, r.sink)
	db, err := gorm.Open(sqlite.Open(path+"?_busy_timeout=10000&_journal_mode=WAL"), &gorm.Config{Logger: logger.Discard})
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
	r.csrf = r.ta.csrf(t)
	r.snap, r.print = r.ta.snapshot(t), r.fingerprint(t)
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
	r.snap, r.print = r.w.snap, r.fingerprint(t)
}

// fingerprint reads the database files: when they are byte-identical nothing was stored, and only
// when they differ is the (slower) snapshot compared.
func (r *robustRunner) fingerprint(t testing.TB) []byte {
	t.Helper()
	var out []byte
	for _, suffix := range []string{"", "-wal"} {
		data, err := os.ReadFile(r.ta.Path + suffix)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		out = append(append(out, strconv.Itoa(len(data))+":"...), data...)
	}
	return out
}

// send sends h and checks the answer: below 500, no panic logged, a JSON error with a code for an API
// refusal, and nothing stored by a refusal. An accepted request that stored something resets the world.
func (r *robustRunner) send(t testing.TB, h hostile) *httptest.ResponseRecorder {
	t.Helper()
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
	req, err := http.NewRequest(method, "http://example.com"+h.url, rd)
	if err != nil {
		t.Fatalf("%s: building %s %q: %v", h.name, method, h.url, err)
	}
	req.RemoteAddr = "192.0.2.1:1234"
	if h.stream {
		req.ContentLength = -1
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if h.page {
		req.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	for k, v := range h.header {
		req.Header.Set(k, v)
	}
	var rec *httptest.ResponseRecorder
	func() {
		defer func() {
			if p := recover(); p != nil {
				r.failf(t, "%s: %s %s panicked through the router: %v", h.name, method, clipURL(h.url), p)
				rec = httptest.NewRecorder()
				rec.Code = 599
			}
		}()
		rec = r.ta.serve(t, req, true)
	}()
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
	if print := r.fingerprint(t); !bytes.Equal(print, r.print) {
		if after := r.ta.snapshot(t); after != r.snap {
			if rec.Code >= 400 {
				r.failf(t, "%s: the refused %s %s (%d) changed the database:\n%.2000s", h.name, method, clipURL(h.url), rec.Code, diffLines(r.snap, after))
			}
			r.reset(t)
			if debugRobust {
				if again := r.ta.snapshot(t); again != r.w.snap {
					t.Fatalf("the reset world differs from the world:\n%s", diffLines(r.w.snap, again))
				}
			}
			return rec
		}
		r.print = print
	}
	return rec
}

// failf reports a failure, the first maxRobustFailures of a runner in full.
func (r *robustRunner) failf(t testing.TB, format string, args ...any) {
	t.Helper()
	r.fails++
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

// sendAll sends every request of hs.
func (r *robustRunner) sendAll(t testing.TB, hs []hostile) {
	t.Helper()
	for _, h := range hs {
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
	{"2^63", "9223372036854775808"}, {"-2^63-1", "-9223372036854775809"}, {"2^31", "2147483648"}, {"2^32+11", "4294967307"},
	{"an empty list", "[]"}, {"an object", `{"a":1}`}, {"a list of strings", `["abc"]`}, {"a list of nulls", "[null]"},
	{"10k bibs", manyBibs}, {"10k times bib 11", sameBib}, {"10k chars", strconv.Quote(longText)}, {"odd text", jsonQuote(oddText)},
	{"nested lists", strings.Repeat("[", 200) + strings.Repeat("]", 200)},
}

// hostileJSONNested are the values put at fields below the top level: fewer, as the same decoder
// reads them.
var hostileJSONNested = []hostileValue{
	{"null", "null"}, {"a string", `"abc"`}, {"-1", "-1"}, {"zero", "0"}, {"1e300", "1e300"}, {"2^63", "9223372036854775808"},
	{"an empty list", "[]"}, {"an object", `{"a":1}`}, {"odd text", jsonQuote(oddText)}, {"10k bibs", manyBibs},
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

// replaced is the JSON of tree with the value at path replaced by raw JSON.
func replaced(t testing.TB, tree any, path []any, raw string) []byte {
	t.Helper()
	c := toTree(t, tree)
	var set func(v any, path []any) any
	set = func(v any, path []any) any {
		if len(path) == 0 {
			return json.RawMessage(raw)
		}
		switch x := v.(type) {
		case map[string]any:
			k := path[0].(string)
			x[k] = set(x[k], path[1:])
		case []any:
			i := path[0].(int)
			x[i] = set(x[i], path[1:])
		}
		return v
	}
	data, err := json.Marshal(set(c, path))
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
				add(fmt.Sprintf("%s with %s = %s", label, pathName(p), v.name), replaced(t, tree, p, v.raw), "application/json")
			}
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
var hostileIDs = []string{"0", "-1", "abc", "1.5", "%00", "9223372036854775808", "18446744073709551616", "4294967296", "4294967297",
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
		"bib": strconv.Itoa(tour.Bibs[0]), "pos": "1"}
	maps.Copy(params, over)
	out := rt.path
	for k, v := range params {
		out = strings.ReplaceAll(out, "{"+k+"}", v)
	}
	return out
}

// pathParams names the parameters of a route's path.
func (rt apiRoute) pathParams() []string {
	var out []string
	for _, m := range regexp.MustCompile(`\{(\w+)\}`).FindAllStringSubmatch(rt.path, -1) {
		out = append(out, m[1])
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
	{method: "DELETE", path: "/api/v1/tours/{id}"},
}

// tourRouteCases are the hostile requests of every route under tour: the route's valid bodies with
// every field made hostile (only for raced tours when fields is false), hostile whole bodies, and, when
// params, every path parameter made hostile.
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
			for _, p := range rt.pathParams() {
				for _, id := range hostileIDs {
					out = append(out, hostile{name: fmt.Sprintf("%s: %s = %.20s", label, p, id), method: rt.method,
						url: rt.expand(tour, map[string]string{p: id}), body: body, ctype: "application/json"})
				}
			}
			// Stages that exist but are closed or not open yet, and sprints and climbs past the last.
			for _, n := range []string{"1", "2", "3", "4"} {
				out = append(out, hostile{name: label + ": stage " + n, method: rt.method, url: rt.expand(tour, map[string]string{"n": n}), body: body, ctype: "application/json"})
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
	// Query parameters of the standings.
	for _, q := range []string{"0", "-1", "abc", "999999", "1", "2", "3", "4", "1.5", "%00", "9223372036854775808", "", "1&after=2"} {
		out = append(out, hostile{name: label + ": standings after " + q, url: fmt.Sprintf("/api/v1/tours/%d/standings?after=%s", tour.ID, q)})
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
	for _, id := range hostileIDs {
		for _, rt := range []struct{ method, path string }{{"GET", "/api/v1/teams/"}, {"PUT", "/api/v1/teams/"}, {"DELETE", "/api/v1/teams/"},
			{"GET", "/api/v1/riders/"}, {"PUT", "/api/v1/riders/"}, {"DELETE", "/api/v1/riders/"}, {"GET", "/api/v1/rulesets/"}} {
			body, _ := json.Marshal(team)
			out = append(out, hostile{name: rt.method + " " + rt.path + " " + clipURL(id), method: rt.method, url: rt.path + id, body: body, ctype: "application/json"})
		}
		out = append(out, hostile{name: "riders of team " + clipURL(id), url: "/api/v1/riders?team_id=" + id})
	}
	for _, u := range []string{"/api/v1/rulesets", "/api/v1/teams", "/api/v1/riders", "/api/v1/tours", "/api/v1/teams/export.xlsx", "/api/v1/teams/export.csv",
		"/api/v1/rulesets/..%2f..%2fgo.mod", "/api/v1/rulesets/" + strings.Repeat("x", 10000), "/api/v1/riders?team_id=&team_id=abc"} {
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
	return append(out, jsonCases(t, "tour "+ruleset, "POST", "/api/v1/tours", []any{body})...)
}

func TestRobustAPI(t *testing.T) {
	w := newRobustWorld(t)
	t.Run("database", func(t *testing.T) {
		t.Parallel()
		w.runner(t).sendAll(t, databaseCases(t, w))
	})
	for _, rs := range rulesetIDs {
		t.Run("tours/"+rs, func(t *testing.T) {
			t.Parallel()
			w.runner(t).sendAll(t, tourCreationCases(t, w, rs))
		})
	}
	for i, tour := range w.tours {
		t.Run(fmt.Sprintf("results/%s/raced=%v", tour.Ruleset, tour.Raced), func(t *testing.T) {
			t.Parallel()
			w.runner(t).sendAll(t, tourRouteCases(t, tour, tour.Raced, tour.Raced || i == 4))
		})
		t.Run(fmt.Sprintf("sheets/%s/raced=%v", tour.Ruleset, tour.Raced), func(t *testing.T) {
			t.Parallel()
			w.runner(t).sendAll(t, sheetCases(tour))
		})
	}
}
