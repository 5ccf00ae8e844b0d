package app_test

// The director's lock harness: an app with a PIN and a clock the test moves, over a database with a
// tour part raced, and the requests of the director (signed in) and of anyone else.

import (
	"bytes"
	"encoding/json"
	"html"
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

	"racedirector/app"
	"racedirector/app/store"
)

// testPIN is the director's PIN of the locked test apps.
const testPIN = "4817"

// testClock is a clock the test moves on.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

// newTestClock starts a clock at a fixed moment.
func newTestClock() *testClock {
	return &testClock{now: time.Date(2027, 7, 4, 20, 0, 0, 0, time.UTC)}
}

// Now is the clock's time.
func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// advance moves the clock on by d.
func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// lockedApp is an app with the director's PIN, its clock and everything it logged.
type lockedApp struct {
	*testApp
	clock *testClock
	// tour is a Cycling Party tour of three stages, stage 1 with its first sprint entered.
	tour store.TourView
	// team and rider are a database team and one of its riders.
	team, rider uint
	// season is a season of the tour.
	season seasonJSON
}

// syncBuffer is a buffer the logger may write to from the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write keeps p.
func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

// String is everything written.
func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// newLockedApp prepares a database on an open app (a tour with a result entered), then opens it
// again with the director's PIN and a test clock.
func newLockedApp(t testing.TB) *lockedApp {
	t.Helper()
	open := newTestApp(t)
	p := cpProposal(t, open, 3, 5)
	var teams []uint
	for _, name := range []string{"Rojo", "Azul", "Verde"} {
		teams = append(teams, teamNamed(t, open, name).ID)
	}
	tour := createTour(t, open, createBody(p, teams...))
	tourCall(t, open, http.MethodPut, "/api/v1/tours/"+itoa(tour.ID)+"/stages/1/sprints/1", map[string]any{"order": []int{11, 21, 31}}, http.StatusOK)
	team := teamNamed(t, open, "Rojo")
	code := robustSeason(t, open, tour.ID)
	if err := open.Close(); err != nil {
		t.Fatal(err)
	}
	open.closed = true
	la := openLockedApp(t, open.Path, newTestClock())
	la.tour, la.team, la.rider = tour, team.ID, team.Riders[0].ID
	la.season = seasonJSON{ID: 1, FollowCode: code}
	return la
}

// openLockedApp opens the app at path with the director's PIN and clock.
func openLockedApp(t testing.TB, path string, clock *testClock) *lockedApp {
	t.Helper()
	a, err := app.New(path, slog.New(slog.NewTextHandler(io.Discard, nil)), withTestEmbedded(t), cheapHashes, app.WithPIN(testPIN), app.WithClock(clock.Now), testSite)
	if err != nil {
		t.Fatalf("app.New(%s) with a PIN failed: %v", path, err)
	}
	ta := &testApp{App: a, Path: path, cookies: map[string]*http.Cookie{}}
	t.Cleanup(func() {
		if !ta.closed {
			_ = a.Close()
		}
	})
	return &lockedApp{testApp: ta, clock: clock}
}

// itoa writes an id.
func itoa(id uint) string { return strconv.FormatUint(uint64(id), 10) }

// tokenOf signs in through the API with pin and returns the token, failing unless it is a 201.
func (la *lockedApp) tokenOf(t testing.TB, pin string) string {
	t.Helper()
	rec := la.serve(t, jsonRequest(http.MethodPost, "/api/v1/session", map[string]string{"pin": pin}), false)
	if rec.Code != http.StatusCreated {
		t.Fatalf("POST /api/v1/session = %d, want 201; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	var s struct {
		Token     string    `json:"token"`
		ExpiresAt time.Time `json:"expires_at"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &s); err != nil || s.Token == "" {
		t.Fatalf("POST /api/v1/session answered %s, want a token", rec.Body)
	}
	return s.Token
}

// jsonRequest is an API request with a JSON body (nil: none).
func jsonRequest(method, target string, body any) *http.Request {
	var r io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		r = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, target, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// api sends an API request with the bearer token ("" for none), without the cookie jar.
func (la *lockedApp) api(t testing.TB, token, method, target string, body any) *httptest.ResponseRecorder {
	t.Helper()
	req := jsonRequest(method, target, body)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return la.serve(t, req, false)
}

// browser is one device's cookies on the locked app: a follower's phone or the director's tablet.
type browser struct {
	la      *lockedApp
	cookies map[string]*http.Cookie
	// addr is the device's address (RemoteAddr).
	addr string
	// header is sent with every request (a browser's Origin, a proxy's X-Forwarded-For).
	header http.Header
}

// newBrowser is a device with no cookie at address addr ("" for httptest's own).
func (la *lockedApp) newBrowser(addr string) *browser {
	return &browser{la: la, cookies: map[string]*http.Cookie{}, addr: addr}
}

// send runs req with the device's cookies and keeps the cookies set.
func (b *browser) send(t testing.TB, req *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	if b.addr != "" {
		req.RemoteAddr = b.addr
	}
	for k, vs := range b.header {
		if k == "Host" {
			req.Host = vs[0]
			continue
		}
		req.Header[k] = vs
	}
	for _, c := range b.cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	b.la.Echo.ServeHTTP(rec, req)
	keepCookies(b.cookies, rec)
	return rec
}

// get opens a page.
func (b *browser) get(t testing.TB, target string) *httptest.ResponseRecorder {
	t.Helper()
	return b.send(t, httptest.NewRequest(http.MethodGet, target, nil))
}

// token reads the CSRF token from the sign-in page, a form everyone may open.
func (b *browser) token(t testing.TB) string {
	t.Helper()
	rec := b.get(t, "/sign-in")
	m := csrfField.FindStringSubmatch(rec.Body.String())
	if m == nil {
		// Signed in, the sign-in page goes home: the menu's sign-out form has one.
		rec = b.get(t, "/")
		m = csrfField.FindStringSubmatch(rec.Body.String())
	}
	if m == nil {
		// An open table has nothing to sign in to: a form of its own has one.
		rec = b.get(t, "/teams/new")
		m = csrfField.FindStringSubmatch(rec.Body.String())
	}
	if m == nil {
		// Through a proxy, an open table's forms are not shown: the first-run setup's is.
		rec = b.get(t, "/setup")
		m = csrfField.FindStringSubmatch(rec.Body.String())
	}
	if m == nil {
		t.Fatalf("no CSRF field on /sign-in nor on /; body:\n%s", clip(rec.Body.String()))
	}
	return html.UnescapeString(m[1])
}

// post sends a form with the device's CSRF token, as a browser on the page would.
func (b *browser) post(t testing.TB, target string, values url.Values) *httptest.ResponseRecorder {
	t.Helper()
	v := url.Values{}
	for k, vs := range values {
		v[k] = vs
	}
	v.Set("_csrf", b.token(t))
	req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.send(t, req)
}

// signIn signs the device in through the sign-in page with pin, coming back to next.
func (b *browser) signIn(t testing.TB, pin, next string) *httptest.ResponseRecorder {
	t.Helper()
	v := url.Values{"pin": {pin}}
	if next != "" {
		v.Set("next", next)
	}
	return b.post(t, "/sign-in", v)
}

// director is a device signed in as the director.
func (la *lockedApp) director(t testing.TB) *browser {
	t.Helper()
	b := la.newBrowser("")
	if rec := b.signIn(t, testPIN, ""); rec.Code != http.StatusSeeOther || b.cookies["rd_director"] == nil {
		t.Fatalf("signing in with the right PIN = %d (cookies %v), want 303 and the director's cookie; body:\n%s", rec.Code, b.cookies, clip(rec.Body.String()))
	}
	return b
}

// toSignIn says whether an answer sends the browser to the sign-in page.
func toSignIn(rec *httptest.ResponseRecorder) bool {
	return rec.Code == http.StatusSeeOther && strings.HasPrefix(rec.Header().Get("Location"), "/sign-in")
}
