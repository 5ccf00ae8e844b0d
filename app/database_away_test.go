package app_test

// The database away: a PostgreSQL server of the test's own, restarted with pg_ctl while requests
// run (no 500: a lost connection is run again on a fresh one, a request while it is down is a 503),
// then stopped (503 with Retry-After, in words, for pages, the API and /healthz; the static files
// still served) and started again (everything answers again).

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"racedirector/app/store/storetest"
	"racedirector/assets"
)

// pgServer is a throw-away PostgreSQL server of one test, in a temporary folder, reached only
// through a Unix socket there (as .ci/postgres makes them).
type pgServer struct {
	bin, dir string
	// owner runs a command as the server's owner (the postgres user when the test runs as root).
	owner func(name string, args ...string) *exec.Cmd
}

// startPGServer starts a PostgreSQL server for the test alone, stopped and removed when it ends.
// Without PostgreSQL's programs (or outside the PostgreSQL pass) the test is skipped saying how to
// get them; under CI=true it fails instead, as storetest.Postgres does.
func startPGServer(t *testing.T) *pgServer {
	t.Helper()
	if _, ok := storetest.Server(); !ok {
		storetest.Postgres(t) // skips, or fails under CI, saying how to get a server
	}
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(bins, func(i, j int) bool { return pgVersion(bins[i]) < pgVersion(bins[j]) })
	if len(bins) == 0 {
		msg := "this test starts its own PostgreSQL server: apt-get install postgresql (Debian's package)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	s := &pgServer{bin: bins[len(bins)-1], owner: exec.Command}
	dir, err := os.MkdirTemp("", "rdpgaway.")
	if err != nil {
		t.Fatal(err)
	}
	s.dir = dir
	t.Cleanup(func() {
		_ = s.owner(filepath.Join(s.bin, "pg_ctl"), "-D", s.data(), "-m", "immediate", "-w", "stop").Run()
		_ = os.RemoveAll(dir)
	})
	if os.Getuid() == 0 { // the server refuses to run as root: as .ci/postgres, it runs as postgres
		pg, err := user.Lookup("postgres")
		if err != nil {
			t.Skipf("running as root without a postgres user to run the server as: %v", err)
		}
		uid, _ := strconv.Atoi(pg.Uid)
		gid, _ := strconv.Atoi(pg.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		s.owner = func(name string, args ...string) *exec.Cmd {
			return exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
		}
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s.run(t, "initdb", "-N", "-D", s.data(), "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8")
	s.ctl(t, "start")
	return s
}

// pgVersion is the major version of a /usr/lib/postgresql/N/bin folder.
func pgVersion(bin string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(bin)))
	return n
}

// data is the server's data folder.
func (s *pgServer) data() string { return filepath.Join(s.dir, "data") }

// dsn is the server's address as key=value settings, with a small pool of connections.
func (s *pgServer) dsn() string {
	return "host=" + s.dir + " dbname=postgres user=postgres sslmode=disable pool_max_conns=4"
}

// ctl runs pg_ctl's action (start, stop, restart) and waits for it to be done.
func (s *pgServer) ctl(t *testing.T, action string) {
	t.Helper()
	opts := "-c listen_addresses= -c unix_socket_directories=" + s.dir + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
	s.run(t, "pg_ctl", "-D", s.data(), "-l", filepath.Join(s.dir, "server.log"), "-o", opts, "-m", "fast", "-w", "-t", "60", action)
}

// run runs one of the server's programs as its owner.
func (s *pgServer) run(t *testing.T, program string, args ...string) {
	t.Helper()
	out, err := s.owner(filepath.Join(s.bin, program), args...).CombinedOutput()
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(s.dir, "server.log"))
		t.Fatalf("%s %s: %v\n%s\n%s", program, strings.Join(args, " "), err, out, log)
	}
}

// awayRequest is one request of the traffic: what it asks and what it sends.
type awayRequest struct {
	method, path, accept string
	body                 string
}

// send runs the request through the app's router and answers the recorder.
func (r awayRequest) send(ta *testApp) *httptest.ResponseRecorder {
	var req *http.Request
	if r.body != "" {
		req = httptest.NewRequest(r.method, r.path, strings.NewReader(r.body))
		req.Header.Set("Content-Type", "application/json")
	} else {
		req = httptest.NewRequest(r.method, r.path, nil)
	}
	if r.accept != "" {
		req.Header.Set("Accept", r.accept)
	}
	rec := httptest.NewRecorder()
	ta.Echo.ServeHTTP(rec, req)
	return rec
}

// statusCount counts the answers by status.
type statusCount struct {
	mu sync.Mutex
	by map[int]int
}

// add counts one answer.
func (c *statusCount) add(code int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.by == nil {
		c.by = map[int]int{}
	}
	c.by[code]++
}

// total is how many answers were counted.
func (c *statusCount) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, k := range c.by {
		n += k
	}
	return n
}

// String lists the counts, by status.
func (c *statusCount) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	codes := make([]int, 0, len(c.by))
	total := 0
	for code, n := range c.by {
		codes = append(codes, code)
		total += n
	}
	sort.Ints(codes)
	parts := make([]string, 0, len(codes))
	for _, code := range codes {
		parts = append(parts, fmt.Sprintf("%d×%d", c.by[code], code))
	}
	return fmt.Sprintf("%d requests: %s", total, strings.Join(parts, ", "))
}

// TestPostgresRestartedAndStopped restarts the server with pg_ctl twice: once while the pool holds
// idle connections (which the server closes), once while requests (pages, API reads and writes,
// /healthz) run from four workers. No request is a 500 (a 503 while the server is down is fine),
// and after each restart 40 in a row are all good. Then the server is stopped: /healthz, a page
// and the API answer 503 with Retry-After, in words, and the CSS file is still served; started
// again, the app answers again.
func TestPostgresRestartedAndStopped(t *testing.T) {
	t.Parallel()
	pg := startPGServer(t)
	ta := openTestApp(t, pg.dsn())
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	id := itoa(tour.ID)
	mix := []awayRequest{
		{method: http.MethodGet, path: "/api/v1/tours/" + id},
		{method: http.MethodGet, path: "/tours/" + id + "/classifications", accept: "text/html"},
		{method: http.MethodPut, path: "/api/v1/tours/" + id + "/stages/1/sprints/1", body: `{"order":[11,21]}`},
		{method: http.MethodGet, path: "/", accept: "text/html"},
		{method: http.MethodPut, path: "/api/v1/tours/" + id + "/stages/1/sprints/1", body: `{"order":[21,11]}`},
		{method: http.MethodGet, path: "/healthz"},
		{method: http.MethodGet, path: "/api/v1/tours/" + id + "/stages/1"},
	}
	good := func(rec *httptest.ResponseRecorder) bool { return rec.Code == http.StatusOK }

	// traffic sends the mix from four workers at once until stop is set (or, without stop, each
	// worker sends it once), counting the answers; every 500 is an error of the test.
	traffic := func(phase string, count *statusCount, stop *atomic.Bool) {
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Go(func() {
				for i := 0; i < len(mix) || stop != nil && !stop.Load(); i++ {
					r := mix[(w+i)%len(mix)]
					rec := r.send(ta)
					count.add(rec.Code)
					if rec.Code == http.StatusInternalServerError {
						t.Errorf("%s, %s %s = 500: %s", phase, r.method, r.path, clip(rec.Body.String()))
					}
					if stop != nil {
						time.Sleep(5 * time.Millisecond) // a request now and then, not a busy loop
					}
				}
			})
		}
		wg.Wait()
	}
	// fortyGood sends forty requests one after the other: each must be good.
	fortyGood := func(phase string, count *statusCount) {
		for i := range 40 {
			r := mix[i%len(mix)]
			rec := r.send(ta)
			count.add(rec.Code)
			if !good(rec) {
				t.Errorf("%s, %s %s = %d, want 200:\n%s", phase, r.method, r.path, rec.Code, clip(rec.Body.String()))
			}
		}
	}

	// A quick restart while the pool holds idle connections, which the server closes.
	var before, afterQuiet, during, afterBusy statusCount
	traffic("before the restarts", &before, nil)
	if before.by[http.StatusOK] != before.total() {
		t.Fatalf("before the restarts: %s, want every answer 200", &before)
	}
	pg.ctl(t, "restart")
	fortyGood("after a quiet restart", &afterQuiet)

	// A restart while requests run.
	var stop atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		traffic("during a restart", &during, &stop)
	}()
	pg.ctl(t, "restart")
	stop.Store(true)
	<-done
	fortyGood("after a restart mid-traffic", &afterBusy)
	t.Logf("PostgreSQL restarted: before %s; after a quiet restart %s; during a restart mid-traffic %s; after it %s", &before, &afterQuiet, &during, &afterBusy)

	pg.ctl(t, "stop")
	checkAway(t, ta, awayRequest{method: http.MethodGet, path: "/healthz"}, "application/json", `"status":"unavailable"`)
	checkAway(t, ta, awayRequest{method: http.MethodGet, path: "/tours/" + id + "/classifications", accept: "text/html"}, "text/html",
		"Not available just now", "The database cannot be reached just now: wait a few seconds and try again")
	checkAway(t, ta, awayRequest{method: http.MethodGet, path: "/tours/" + id + "?lang=es", accept: "text/html"}, "text/html",
		"Ahora mismo no se puede acceder a la base de datos")
	checkAway(t, ta, awayRequest{method: http.MethodGet, path: "/api/v1/tours/" + id}, "application/json", `"code":"unavailable"`)
	checkAway(t, ta, awayRequest{method: http.MethodPut, path: "/api/v1/tours/" + id + "/stages/1/sprints/1", body: `{"order":[11,21]}`},
		"application/json", `"code":"unavailable"`)
	css := awayRequest{method: http.MethodGet, path: "/assets/" + assets.Version() + "/style.css"}.send(ta)
	if css.Code != http.StatusOK || !strings.HasPrefix(css.Header().Get("Content-Type"), "text/css") {
		t.Errorf("the CSS file while the database is away = %d %s, want 200 text/css", css.Code, css.Header().Get("Content-Type"))
	}

	pg.ctl(t, "start")
	for _, r := range mix {
		if rec := r.send(ta); !good(rec) {
			t.Errorf("started again, %s %s = %d, want 200:\n%s", r.method, r.path, rec.Code, clip(rec.Body.String()))
		}
	}
}

// checkAway sends r while the database is away: it must answer 503 with Retry-After, as contentType,
// saying every one of words.
func checkAway(t *testing.T, ta *testApp, r awayRequest, contentType string, words ...string) {
	t.Helper()
	rec := r.send(ta)
	body := rec.Body.String()
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("%s %s while the database is away = %d, want 503:\n%s", r.method, r.path, rec.Code, clip(body))
		return
	}
	if s, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || s <= 0 {
		t.Errorf("%s %s: Retry-After %q, want a number of seconds", r.method, r.path, rec.Header().Get("Retry-After"))
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, contentType) {
		t.Errorf("%s %s: Content-Type %q, want %s", r.method, r.path, ct, contentType)
	}
	if contentType == "application/json" && !json.Valid(rec.Body.Bytes()) {
		t.Errorf("%s %s: not JSON: %s", r.method, r.path, clip(body))
	}
	for _, w := range words {
		if !strings.Contains(body, w) {
			t.Errorf("%s %s: the answer does not say %q:\n%s", r.method, r.path, w, clip(body))
		}
	}
}
