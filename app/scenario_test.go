package app_test

// The scenario harness: the real router over a fresh temporary SQLite file, driven with httptest.
// Other test files of package app_test use it for their own areas.

import (
	"bytes"
	"encoding/json"
	"html"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"racedirector/app"
	"racedirector/app/auth"
	"racedirector/app/store/storetest"
)

// testApp is an App over a temporary database, with a cookie jar like a browser's.
type testApp struct {
	*app.App
	// Path is the SQLite file, so a test can restart the app on it.
	Path    string
	cookies map[string]*http.Cookie
	closed  bool
	// bearer is the API token every request carries ("": none), a director's where accounts are kept
	// (asDirector).
	bearer string
}

// newTestApp starts the app on a fresh database, a copy of testTemplate (a SQLite file in
// t.TempDir(), or a PostgreSQL database when RACEDIRECTOR_TEST_DB names a server); cleanup closes it.
func newTestApp(t testing.TB) *testApp {
	t.Helper()
	return openTestApp(t, testTemplate.DSN(t, "racedirector.db"))
}

// testTemplate is the database the tests' databases copy: migrated, the default teams loaded, as a
// first start leaves it.
var testTemplate = storetest.NewTemplate(func(dsn string) error {
	embedded, err := testEmbedded()
	if err != nil {
		return err
	}
	a, err := app.New(dsn, slog.New(slog.NewTextHandler(io.Discard, nil)), app.WithEmbedded(embedded), testSite)
	if err != nil {
		return err
	}
	return a.Close()
})

// testEmbedded is what the tests' apps read from the embedded files (rulesets, words, pages),
// loaded once for all of them: each app would otherwise parse every page again.
var testEmbedded = sync.OnceValues(app.LoadEmbedded)

// withTestEmbedded is the option that gives an app testEmbedded.
func withTestEmbedded(t testing.TB) app.Option {
	t.Helper()
	embedded, err := testEmbedded()
	if err != nil {
		t.Fatalf("loading the embedded files: %v", err)
	}
	return app.WithEmbedded(embedded)
}

// openTestApp starts the app on the SQLite file at path (new or existing); cleanup closes it.
func openTestApp(t testing.TB, path string) *testApp {
	t.Helper()
	return openTestAppWith(t, path, testSite)
}

// openTestAppWith starts the app on the database at path with opts (its own site, say); cleanup closes it.
func openTestAppWith(t testing.TB, path string, opts ...app.Option) *testApp {
	t.Helper()
	a, err := app.New(throwaway(path), slog.New(slog.NewTextHandler(io.Discard, nil)), append([]app.Option{withTestEmbedded(t), cheapHashes}, opts...)...)
	if err != nil {
		t.Fatalf("app.New(%s) failed: %v", path, err)
	}
	ta := &testApp{App: a, Path: path, cookies: map[string]*http.Cookie{}}
	t.Cleanup(func() {
		if !ta.closed {
			_ = a.Close()
		}
	})
	return ta
}

// throwaway is the address of a test's database: a SQLite file as a file: URI that does not wait for
// the disk (synchronous=OFF: the file is thrown away with the test, and a crash of the machine loses
// nothing of value); any other address as it is.
func throwaway(path string) string {
	if !filepath.IsAbs(path) || strings.ContainsAny(path, ":?#%= ") {
		return path
	}
	return "file:" + path + "?_synchronous=OFF"
}

// restart closes the app and starts a new one on the same file, as a director restarting it would.
func (ta *testApp) restart(t testing.TB) *testApp {
	t.Helper()
	if err := ta.Close(); err != nil {
		t.Fatalf("closing the app: %v", err)
	}
	ta.closed = true
	return openTestApp(t, ta.Path)
}

// serve runs req through the router; with jar it sends the stored cookies and keeps the ones set.
func (ta *testApp) serve(t testing.TB, req *http.Request, jar bool) *httptest.ResponseRecorder {
	t.Helper()
	if ta.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+ta.bearer)
	}
	if jar {
		for _, c := range ta.cookies {
			req.AddCookie(c)
		}
	}
	rec := httptest.NewRecorder()
	ta.Echo.ServeHTTP(rec, req)
	if jar {
		keepCookies(ta.cookies, rec)
	}
	return rec
}

// keepCookies keeps in jar the cookies an answer sets, and forgets those it clears.
func keepCookies(jar map[string]*http.Cookie, rec *httptest.ResponseRecorder) {
	for _, c := range rec.Result().Cookies() {
		if c.MaxAge < 0 {
			delete(jar, c.Name)
			continue
		}
		jar[c.Name] = c
	}
}

// do sends a request with the cookie jar. A string or []byte body is sent as is (as JSON), any other
// non-nil body is encoded as JSON. No Sec-Fetch-Site header is set: the API is called like a script would.
func (ta *testApp) do(t testing.TB, method, target string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatalf("encoding the body of %s %s: %v", method, target, err)
		}
		r = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, target, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return ta.serve(t, req, true)
}

// csrfField finds the hidden CSRF field of a page.
var csrfField = regexp.MustCompile(`name="_csrf" value="([^"]*)"`)

// csrf does the first half of the CSRF dance: it GETs a page with a form and returns the token in its
// hidden field, checking that the cookie the browser now holds carries the same token.
func (ta *testApp) csrf(t testing.TB) string {
	t.Helper()
	rec := ta.do(t, http.MethodGet, "/teams/new", nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /teams/new for a CSRF token = %d, want 200; body:\n%s", rec.Code, rec.Body)
	}
	m := csrfField.FindStringSubmatch(rec.Body.String())
	if m == nil {
		t.Fatalf("GET /teams/new has no hidden _csrf field; body:\n%s", rec.Body)
	}
	token := html.UnescapeString(m[1])
	ck, ok := ta.cookies["_csrf"]
	if !ok {
		t.Fatalf("GET /teams/new set no _csrf cookie")
	}
	if ck.Value != token {
		t.Fatalf("_csrf cookie %q and hidden field %q differ", ck.Value, token)
	}
	return token
}

// form posts values like a browser that loaded a form first: with the _csrf cookie and token.
func (ta *testApp) form(t testing.TB, target string, values url.Values) *httptest.ResponseRecorder {
	t.Helper()
	v := url.Values{}
	for k, vs := range values {
		v[k] = append([]string(nil), vs...)
	}
	if _, set := v["_csrf"]; !set {
		v.Set("_csrf", ta.csrf(t))
	}
	req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return ta.followRefusal(t, ta.serve(t, req, true))
}

// followRefusal follows a refusal's post/redirect/get like a browser: a 303 that keeps a refused page
// for the next GET is answered by that GET (the form again, with the refusal's status); any other
// answer is returned as it is.
func (ta *testApp) followRefusal(t testing.TB, rec *httptest.ResponseRecorder) *httptest.ResponseRecorder {
	t.Helper()
	if rec.Code != http.StatusSeeOther || !refusalKept(rec) {
		return rec
	}
	return ta.serve(t, httptest.NewRequest(http.MethodGet, rec.Header().Get("Location"), nil), true)
}

// refusalKept reports whether an answer kept a refused page for the GET it redirects to.
func refusalKept(rec *httptest.ResponseRecorder) bool {
	for _, c := range rec.Result().Cookies() {
		if c.Name == "rd_refused" && c.Value != "" && c.MaxAge >= 0 {
			return true
		}
	}
	return false
}

// upload posts a multipart form with a file in field "file" and the other fields; page uploads pass
// withCSRF so the token is added like the browser would.
func (ta *testApp) upload(t testing.TB, target, filename string, content []byte, fields url.Values, withCSRF bool) *httptest.ResponseRecorder {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if withCSRF {
		if err := mw.WriteField("_csrf", ta.csrf(t)); err != nil {
			t.Fatal(err)
		}
	}
	for k, vs := range fields {
		for _, v := range vs {
			if err := mw.WriteField(k, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	if filename != "" {
		fw, err := mw.CreateFormFile("file", filename)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fw.Write(content); err != nil {
			t.Fatal(err)
		}
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, target, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return ta.followRefusal(t, ta.serve(t, req, true))
}

// decode reads a JSON response body into T, failing the test when it is not that JSON.
func decode[T any](t testing.TB, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("response is not the JSON expected (%T): %v; body:\n%s", v, err, rec.Body)
	}
	return v
}

// snapshot dumps every table's rows, to compare before and after a request.
func (ta *testApp) snapshot(t testing.TB) string {
	t.Helper()
	s, err := ta.Store.Snapshot()
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	return s
}

// apiError is the body of a refused API request (API.md "Errors").
type apiError struct {
	Error struct {
		Code     string            `json:"code"`
		Message  string            `json:"message"`
		Fields   map[string]string `json:"fields"`
		Problems []struct {
			Row     int    `json:"row"`
			Column  string `json:"column"`
			Message string `json:"message"`
		} `json:"problems"`
	} `json:"error"`
}

// scenario is one request against a fresh app and what must come back.
type scenario struct {
	name   string
	method string
	url    string
	// body is sent as JSON (see do); form, when not nil, is posted as a browser form with CSRF.
	body any
	form url.Values
	// header adds request headers.
	header map[string]string
	// setup prepares the app before the request.
	setup func(t testing.TB, ta *testApp)
	// wantStatus and wantContains check the response; wantNotContains must not appear.
	wantStatus      int
	wantContains    []string
	wantNotContains []string
	// wantHeader checks response headers (value must be contained).
	wantHeader map[string]string
	// wantFields are the fields a 422 must name (API); wantCode is the API error code.
	wantFields []string
	wantCode   string
	// unchanged asserts the database is byte-identical before and after (every refusal).
	unchanged bool
	// after checks the app after the request.
	after func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder)
}

// runScenarios runs each scenario on its own fresh app, in parallel.
func runScenarios(t *testing.T, scenarios []scenario) {
	t.Helper()
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel() // each scenario has its own app and database
			ta := newTestApp(t)
			if sc.setup != nil {
				sc.setup(t, ta)
			}
			var csrf string
			if sc.form != nil {
				csrf = ta.csrf(t) // before the snapshot: getting a token stores nothing either
			}
			before := ta.snapshot(t)
			var rec *httptest.ResponseRecorder
			if sc.form != nil {
				v := url.Values{"_csrf": {csrf}}
				for k, vs := range sc.form {
					v[k] = vs
				}
				rec = ta.form(t, sc.url, v)
			} else {
				var r io.Reader
				switch b := sc.body.(type) {
				case nil:
				case string:
					r = strings.NewReader(b)
				case []byte:
					r = bytes.NewReader(b)
				default:
					data, err := json.Marshal(b)
					if err != nil {
						t.Fatal(err)
					}
					r = bytes.NewReader(data)
				}
				req := httptest.NewRequest(sc.method, sc.url, r)
				if sc.body != nil {
					req.Header.Set("Content-Type", "application/json")
				}
				for k, v := range sc.header {
					req.Header.Set(k, v)
				}
				rec = ta.serve(t, req, true)
			}
			checkResponse(t, sc, rec)
			if sc.unchanged {
				if after := ta.snapshot(t); after != before {
					t.Errorf("%s %s changed the database, want it unchanged:\n%s", sc.method, sc.url, diffLines(before, after))
				}
			}
			if sc.after != nil {
				sc.after(t, ta, rec)
			}
		})
	}
}

// checkResponse compares a response with a scenario's expectations.
func checkResponse(t testing.TB, sc scenario, rec *httptest.ResponseRecorder) {
	t.Helper()
	body := rec.Body.String()
	if rec.Code != sc.wantStatus {
		t.Errorf("%s %s = %d, want %d; body:\n%s", sc.method, sc.url, rec.Code, sc.wantStatus, clip(body))
	}
	for _, s := range sc.wantContains {
		if !strings.Contains(body, s) {
			t.Errorf("%s %s body lacks %q; body:\n%s", sc.method, sc.url, s, clip(body))
		}
	}
	for _, s := range sc.wantNotContains {
		if strings.Contains(body, s) {
			t.Errorf("%s %s body contains %q, want it absent", sc.method, sc.url, s)
		}
	}
	for k, v := range sc.wantHeader {
		if got := rec.Header().Get(k); !strings.Contains(got, v) {
			t.Errorf("%s %s header %s = %q, want it to contain %q", sc.method, sc.url, k, got, v)
		}
	}
	if sc.wantCode != "" || len(sc.wantFields) > 0 {
		e := decode[apiError](t, rec)
		if sc.wantCode != "" && e.Error.Code != sc.wantCode {
			t.Errorf("%s %s error code = %q, want %q (message %q)", sc.method, sc.url, e.Error.Code, sc.wantCode, e.Error.Message)
		}
		for _, f := range sc.wantFields {
			if _, ok := e.Error.Fields[f]; !ok {
				t.Errorf("%s %s error fields = %v, want one named %q", sc.method, sc.url, e.Error.Fields, f)
			}
		}
	}
}

// clip shortens a body for a failure message.
func clip(s string) string {
	if i := strings.Index(s, "<main"); i >= 0 {
		s = s[i:] // a page: what matters is its content
	}
	if len(s) > 3000 {
		return s[:3000] + "…"
	}
	return s
}

// diffLines lists the lines only in a and only in b.
func diffLines(a, b string) string {
	inA, inB := map[string]bool{}, map[string]bool{}
	for _, l := range strings.Split(a, "\n") {
		inA[l] = true
	}
	for _, l := range strings.Split(b, "\n") {
		inB[l] = true
	}
	var out strings.Builder
	for _, l := range strings.Split(a, "\n") {
		if !inB[l] {
			out.WriteString("- " + l + "\n")
		}
	}
	for _, l := range strings.Split(b, "\n") {
		if !inA[l] {
			out.WriteString("+ " + l + "\n")
		}
	}
	return out.String()
}

// TestHarness checks the harness itself: a fresh app answers, the snapshot sees the default teams,
// and the CSRF dance works.
func TestHarness(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	snap := ta.snapshot(t)
	for _, want := range []string{"== teams (", "== riders (", `"Tadej Pogačar"`, "== settings ("} {
		if !strings.Contains(snap, want) {
			t.Errorf("snapshot lacks %q:\n%s", want, clip(snap))
		}
	}
	if again := ta.snapshot(t); again != snap {
		t.Errorf("two snapshots of an unchanged database differ:\n%s", diffLines(snap, again))
	}
	token := ta.csrf(t)
	if token == "" {
		t.Fatal("CSRF token is empty")
	}
	if again := ta.csrf(t); again != token {
		t.Errorf("second CSRF token = %q, want the same %q (the cookie is reused)", again, token)
	}
}

// testSite tells the tests' apps their name: httptest's requests are for example.com.
var testSite = app.WithSite(auth.SiteConfig{PublicURL: "http://example.com"})

// cheapHashes hashes the tests' PINs and passwords with Argon2id at its least cost (64 KiB, one
// pass): hundreds of sign-ins would otherwise spend a tenth of the package's time hashing. The
// default cost is the auth package's own test's.
var cheapHashes = app.WithHashCost(auth.HashCost{Memory: 64, Passes: 1})
