package app_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"racedirector/app"
)

// lockedLog is a log the app writes while the test reads it.
type lockedLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write keeps p.
func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// String is what was written.
func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// newLoggedTestApp is newTestApp with its log, debug lines included, kept for the test to read.
func newLoggedTestApp(t *testing.T) (*testApp, *lockedLog) {
	t.Helper()
	log := &lockedLog{}
	a, err := app.New(testTemplate.DSN(t, "racedirector.db"), slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug})), testSite)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	t.Cleanup(func() { _ = a.Close() })
	return &testApp{App: a, cookies: map[string]*http.Cookie{}}, log
}

// answeredNothing checks that a request whose client left got nothing written (no refusal, no 503,
// no 500) and was logged at debug only.
func answeredNothing(t *testing.T, what string, rec *httptest.ResponseRecorder, log *lockedLog) {
	t.Helper()
	if rec.Body.Len() != 0 || rec.Code != http.StatusOK || rec.Header().Get("Retry-After") != "" {
		t.Errorf("%s of a client that left was answered %d %q, want nothing written", what, rec.Code, clip(rec.Body.String()))
	}
	if l := log.String(); strings.Contains(l, "level=ERROR") || !strings.Contains(l, "given up by its client") {
		t.Errorf("%s of a client that left: the log says\n%s\nwant one debug line, no error", what, clip(l))
	}
}

// TestAClientGoneIsAnsweredNothing sends pages, API reads and an API write whose client has left
// already: nothing is answered, nothing is logged as an error, nothing is stored.
func TestAClientGoneIsAnsweredNothing(t *testing.T) {
	t.Parallel()
	ta, log := newLoggedTestApp(t)
	before := ta.snapshot(t)
	for _, tc := range []struct{ method, target, body string }{
		{http.MethodGet, "/tours", ""},
		{http.MethodGet, "/api/v1/tours", ""},
		{http.MethodGet, "/api/v1/teams", ""},
		{http.MethodPost, "/api/v1/teams", `{"name":"Gone","short":"GON","color":"#000000"}`},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req := httptest.NewRequest(tc.method, tc.target, strings.NewReader(tc.body)).WithContext(ctx)
		if tc.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := httptest.NewRecorder()
		ta.Echo.ServeHTTP(rec, req)
		answeredNothing(t, tc.method+" "+tc.target, rec, log)
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("a client that left changed the database:\n%s", diffLines(before, after))
	}
	if rec := ta.do(t, http.MethodGet, "/api/v1/teams", nil); rec.Code != http.StatusOK {
		t.Errorf("the next client's GET /api/v1/teams = %d, want 200", rec.Code)
	}
}

// leavingBody is a request body whose client leaves once the server has read it all: the handler
// then asks the store on a context already cancelled.
type leavingBody struct {
	r     *strings.Reader
	leave context.CancelFunc
}

// Read reads the body, and the client leaves at its end.
func (b *leavingBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil {
		b.leave()
	}
	return n, err
}

// TestAClientThatLeavesDuringItsRequestStopsItsQueries: the client of an API write leaves after the
// middleware let it through and the handler read its body: the handler's store calls run on the
// request's context, so nothing is stored and nothing answered.
func TestAClientThatLeavesDuringItsRequestStopsItsQueries(t *testing.T) {
	t.Parallel()
	ta, log := newLoggedTestApp(t)
	before := ta.snapshot(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	body := &leavingBody{r: strings.NewReader(`{"name":"Gone","short":"GON","color":"#000000"}`), leave: cancel}
	req := httptest.NewRequest(http.MethodPost, "/api/v1/teams", body).WithContext(ctx)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	ta.Echo.ServeHTTP(rec, req)
	answeredNothing(t, "POST /api/v1/teams", rec, log)
	if after := ta.snapshot(t); after != before {
		t.Errorf("a client that left during its request changed the database:\n%s", diffLines(before, after))
	}
}
