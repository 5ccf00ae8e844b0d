package app_test

// The director's lock as the table meets it: signing in and out on the pages and through the API,
// wrong PINs slowed, sessions ending, the way back after sign-in kept on this site, and the pages a
// follower sees.

import (
	"crypto/tls"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"racedirector/app"
	"racedirector/app/auth"
	"racedirector/app/store/storetest"
)

// TestSignInAndOutOnThePages walks the director from the stage screen to the sign-in page and
// back: a wrong PIN is refused beside the field (401), an empty one too (422), the right one sets
// the session cookie (HttpOnly, SameSite=Lax, the whole site, 12 hours) and returns to the stage
// screen, whose menu then offers "Sign out"; signing out ends the session for good, even for a
// copy of the cookie.
func TestSignInAndOutOnThePages(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	stage := "/tours/" + itoa(la.tour.ID) + "/stages/1"
	b := la.newBrowser("")

	rec := b.get(t, stage)
	signIn := "/sign-in?next=" + url.QueryEscape(stage)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != signIn {
		t.Fatalf("anyone's GET %s = %d %q, want 303 to %s", stage, rec.Code, rec.Header().Get("Location"), signIn)
	}
	rec = b.get(t, signIn)
	page := rec.Body.String()
	if rec.Code != http.StatusOK || !strings.Contains(page, `<title>Director sign-in`) || !strings.Contains(page, `type="password"`) ||
		!strings.Contains(page, `name="next" value="`+stage+`"`) || !strings.Contains(page, `inputmode="numeric"`) {
		t.Fatalf("GET %s = %d, want the sign-in form (password field, number pad, next); body:\n%s", signIn, rec.Code, clip(page))
	}
	if strings.Contains(page, "Sign out") {
		t.Errorf("the sign-in page offers to sign out before anyone signed in")
	}
	if !strings.Contains(page, `<a class="button" href="/">Just look</a>`) {
		t.Errorf("the sign-in page for the stage screen offers to just look at it, which would ask for the PIN again; want home")
	}
	classifications := "/tours/" + itoa(la.tour.ID) + "/classifications"
	if p := b.get(t, auth.SignInURL(classifications)).Body.String(); !strings.Contains(p, `<a class="button" href="`+classifications+`">Just look</a>`) {
		t.Errorf("the sign-in page from the classifications does not lead back to them to just look:\n%s", clip(p))
	}

	rec = b.signIn(t, "1234", stage)
	if rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), `class="field-error" id="err-pin">This is not the director&#39;s PIN.`) ||
		!strings.Contains(rec.Body.String(), `aria-invalid="true"`) || !strings.Contains(rec.Body.String(), `name="next" value="`+stage+`"`) {
		t.Errorf("a wrong PIN = %d, want 401 with the message beside the field and the way back kept; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	rec = b.signIn(t, "  ", stage)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "Type the director&#39;s PIN.") {
		t.Errorf("an empty PIN = %d, want 422 asking for it; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if b.cookies["rd_director"] != nil {
		t.Fatalf("a refused sign-in set the director's cookie")
	}

	rec = b.signIn(t, testPIN, stage)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != stage {
		t.Fatalf("the right PIN = %d %q, want 303 back to %s", rec.Code, rec.Header().Get("Location"), stage)
	}
	ck := b.cookies["rd_director"]
	if ck == nil {
		t.Fatalf("the right PIN set no rd_director cookie")
	}
	if !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Path != "/" || ck.MaxAge != int((12*time.Hour).Seconds()) || ck.Secure || len(ck.Value) < 40 {
		t.Errorf("the session cookie is %+v, want HttpOnly, SameSite=Lax, Path=/, Max-Age 12 h, not Secure over plain HTTP, a long random token", ck)
	}
	if strings.Contains(ck.Value, testPIN) {
		t.Errorf("the session cookie holds the PIN")
	}
	rec = b.get(t, stage)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `action="/sign-out"`) || strings.Contains(rec.Body.String(), "Director sign-in") {
		t.Fatalf("the director's stage screen = %d, want 200 with a sign-out button in the menu; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := b.get(t, signIn); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != stage {
		t.Errorf("the sign-in page for a director signed in = %d %q, want 303 straight on to %s", rec.Code, rec.Header().Get("Location"), stage)
	}

	if rec := b.get(t, "/sign-out"); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `<form method="post" action="/sign-out">`) {
		t.Errorf("GET /sign-out for the director = %d, want a page asking to sign out; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := la.newBrowser("").get(t, "/sign-out"); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/" {
		t.Errorf("GET /sign-out for anyone = %d %q, want 303 home", rec.Code, rec.Header().Get("Location"))
	}
	stolen := *ck
	rec = b.post(t, "/sign-out", nil)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/tours" || b.cookies["rd_director"] != nil {
		t.Fatalf("sign out = %d %q (cookie %v), want 303 to the tours (no page given) and the cookie cleared", rec.Code, rec.Header().Get("Location"), b.cookies["rd_director"])
	}
	if rec := b.get(t, stage); !toSignIn(rec) {
		t.Errorf("after signing out, GET %s = %d, want 303 to sign-in", stage, rec.Code)
	}
	b.cookies["rd_director"] = &stolen
	if rec := b.get(t, stage); !toSignIn(rec) {
		t.Errorf("the cookie of a session signed out still opens %s (%d)", stage, rec.Code)
	}
	if b.cookies["rd_director"] != nil {
		t.Errorf("a cookie whose session ended was not cleared")
	}
}

// TestSessionCookieIsSecureOverHTTPS signs in over TLS: the cookie is Secure.
func TestSessionCookieIsSecureOverHTTPS(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	b := la.newBrowser("")
	v := url.Values{"pin": {testPIN}, "_csrf": {b.token(t)}}
	req := newFormRequest(http.MethodPost, "/sign-in", v)
	req.TLS = &tls.ConnectionState{}
	if rec := b.send(t, req); rec.Code != http.StatusSeeOther || b.cookies["rd_director"] == nil || !b.cookies["rd_director"].Secure {
		t.Errorf("signing in over HTTPS = %d, cookie %+v, want a Secure cookie", rec.Code, b.cookies["rd_director"])
	}
}

// TestSignInNeverLeavesTheSite gives the sign-in page ways back that lead elsewhere: another site in
// every spelling, a script, the sign-in page itself, an API address. Each is dropped and the
// director lands home; a page of this site is kept with its query.
func TestSignInNeverLeavesTheSite(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	for _, next := range []string{
		"//evil.example/", "https://evil.example/", "http:/evil.example", "/\\evil.example", "\\\\evil.example", "javascript:alert(1)",
		"/%2F%2Fevil.example/", " /tours", "evil.example", "/sign-in?next=//evil.example", "/api/v1/teams", "/\t/evil.example", "/tours\r\nLocation: //evil.example",
	} {
		b := la.newBrowser("")
		page := b.get(t, "/sign-in?next="+url.QueryEscape(next)).Body.String()
		if strings.Contains(page, "evil.example") || strings.Contains(page, "javascript:") {
			t.Errorf("the sign-in page for next=%q carries it on:\n%s", next, clip(page))
		}
		rec := b.signIn(t, testPIN, next)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/" {
			t.Errorf("signing in with next=%q = %d %q, want 303 to /", next, rec.Code, rec.Header().Get("Location"))
		}
	}
	b := la.newBrowser("")
	kept := "/tours/" + itoa(la.tour.ID) + "/classifications?after=1"
	if rec := b.signIn(t, testPIN, kept); rec.Header().Get("Location") != kept {
		t.Errorf("signing in with next=%q went to %q, want it kept", kept, rec.Header().Get("Location"))
	}
}

// sessionAnswer is the body of POST /api/v1/session.
type sessionAnswer struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expires_at"`
}

// TestAPISession trades the PIN for a token: refusals first (a wrong PIN 401, no PIN 422 naming the
// field, a body that is not JSON 400), then the token (201, ending in 12 hours) opens the writes,
// DELETE /api/v1/session ends it and it opens nothing more.
func TestAPISession(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	sprint := "/api/v1/tours/" + itoa(la.tour.ID) + "/stages/1/sprints/2"
	order := map[string]any{"order": []int{12, 22}}

	if rec := la.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"pin": "0000"}); rec.Code != http.StatusUnauthorized || decode[apiError](t, rec).Error.Code != "unauthorized" {
		t.Errorf("a wrong PIN = %d %s, want 401 unauthorized", rec.Code, rec.Body)
	}
	if rec := la.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{}); rec.Code != http.StatusUnprocessableEntity || decode[apiError](t, rec).Error.Fields["pin"] == "" {
		t.Errorf("no PIN = %d %s, want 422 naming pin", rec.Code, rec.Body)
	}
	if rec := la.serve(t, jsonRequest(http.MethodPost, "/api/v1/session", nil), false); rec.Code != http.StatusBadRequest {
		t.Errorf("no body = %d %s, want 400", rec.Code, rec.Body)
	}
	if rec := la.api(t, "", http.MethodPost, "/api/v1/session", map[string]any{"pin": 4817}); rec.Code != http.StatusBadRequest {
		t.Errorf("a PIN as a number = %d %s, want 400", rec.Code, rec.Body)
	}

	rec := la.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"pin": testPIN})
	if rec.Code != http.StatusCreated {
		t.Fatalf("the right PIN = %d %s, want 201", rec.Code, rec.Body)
	}
	s := decode[sessionAnswer](t, rec)
	if want := la.clock.Now().Add(12 * time.Hour); s.Token == "" || !s.ExpiresAt.Equal(want) {
		t.Errorf("the session is %+v, want a token ending at %s", s, want)
	}
	if rec := la.api(t, s.Token, http.MethodPut, sprint, order); rec.Code != http.StatusOK {
		t.Fatalf("a write with the token = %d %s, want 200", rec.Code, rec.Body)
	}
	if rec := la.api(t, s.Token, http.MethodDelete, "/api/v1/session", nil); rec.Code != http.StatusNoContent {
		t.Errorf("DELETE /api/v1/session = %d %s, want 204", rec.Code, rec.Body)
	}
	refused := la.api(t, s.Token, http.MethodPut, sprint, order)
	if e := decode[apiError](t, refused); refused.Code != http.StatusUnauthorized || !strings.Contains(e.Error.Message, "sign in again") {
		t.Errorf("a write with the token signed out = %d %s, want 401 asking to sign in again", refused.Code, refused.Body)
	}
	if rec := la.api(t, "", http.MethodDelete, "/api/v1/session", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("DELETE /api/v1/session without a token = %d, want 401", rec.Code)
	}
	if n := la.Lock.Sessions(); n != 0 {
		t.Errorf("%d sessions kept after the only one ended, want 0", n)
	}
}

// TestWrongPINsAreSlowed sends five wrong PINs from one address: each is a 401; then every PIN from
// that address, the right one too and on the page as well, is a 429 with Retry-After for a minute,
// counted down by the clock, while another address signs in. After the minute the right PIN
// works, and a success starts the count again.
func TestWrongPINsAreSlowed(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	from := func(addr, pin string) *httptest.ResponseRecorder {
		req := jsonRequest(http.MethodPost, "/api/v1/session", map[string]string{"pin": pin})
		req.RemoteAddr = addr
		return la.serve(t, req, false)
	}
	const a, b = "198.51.100.7:50000", "198.51.100.8:50000"
	for i := 1; i <= 5; i++ {
		if rec := from(a, "000"+strconv.Itoa(i)); rec.Code != http.StatusUnauthorized {
			t.Fatalf("wrong PIN %d = %d %s, want 401", i, rec.Code, rec.Body)
		}
	}
	rec := from("198.51.100.7:50001", testPIN) // the same address, another port
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "60" || decode[apiError](t, rec).Error.Code != "too_many_requests" {
		t.Fatalf("the right PIN after five wrong ones = %d Retry-After %q %s, want 429, Retry-After 60, too_many_requests", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	page := la.newBrowser(a)
	if rec := page.signIn(t, testPIN, ""); rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "60" ||
		!strings.Contains(rec.Body.String(), `id="err-pin">Too many wrong PINs from this network address: try again in a minute.`) {
		t.Errorf("the sign-in page during the lock-out = %d Retry-After %q, want 429 with the wait beside the field; body:\n%s", rec.Code, rec.Header().Get("Retry-After"), clip(rec.Body.String()))
	}
	if page.cookies["rd_director"] != nil {
		t.Errorf("the right PIN during the lock-out signed the page in")
	}
	if rec := from(b, testPIN); rec.Code != http.StatusCreated {
		t.Errorf("another address's right PIN = %d, want 201", rec.Code)
	}
	la.clock.advance(30 * time.Second)
	if rec := from(a, testPIN); rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "30" {
		t.Errorf("30 s into the lock-out = %d Retry-After %q, want 429, 30", rec.Code, rec.Header().Get("Retry-After"))
	}
	la.clock.advance(30 * time.Second)
	if rec := from(a, testPIN); rec.Code != http.StatusCreated {
		t.Fatalf("after the minute the right PIN = %d %s, want 201", rec.Code, rec.Body)
	}
	for i := 1; i <= 4; i++ {
		from(a, "999"+strconv.Itoa(i))
	}
	if rec := from(a, testPIN); rec.Code != http.StatusCreated {
		t.Errorf("four wrong PINs after a success, then the right one = %d, want 201 (the count starts again)", rec.Code)
	}
	for i := 1; i <= 5; i++ {
		page.signIn(t, "999"+strconv.Itoa(i), "")
	}
	if rec := from(a, testPIN); rec.Code != http.StatusTooManyRequests {
		t.Errorf("five wrong PINs on the page, then the API = %d, want 429: one count per address", rec.Code)
	}
}

// TestSessionsEnd signs in on a page and through the API, then moves the clock: a second before 12
// hours both still work, at 12 hours the page goes to sign-in (its cookie cleared) and the API
// answers 401.
func TestSessionsEnd(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	dir := la.director(t)
	token := la.tokenOf(t, testPIN)
	stage := "/tours/" + itoa(la.tour.ID) + "/stages/1"
	sprint := "/api/v1/tours/" + itoa(la.tour.ID) + "/stages/1/sprints/2"
	la.clock.advance(12*time.Hour - time.Second)
	if rec := dir.get(t, stage); rec.Code != http.StatusOK {
		t.Errorf("the stage screen 11:59:59 after signing in = %d, want 200", rec.Code)
	}
	if rec := la.api(t, token, http.MethodPut, sprint, map[string]any{"order": []int{12}}); rec.Code != http.StatusOK {
		t.Errorf("a write 11:59:59 after signing in = %d %s, want 200", rec.Code, rec.Body)
	}
	classifications := "/tours/" + itoa(la.tour.ID) + "/classifications"
	if d := dir.get(t, classifications).Body.String(); !strings.Contains(d, `action="/sign-out"`) { // now kept in the page cache
		t.Fatalf("the director's classifications have no sign-out button")
	}
	old := *dir.cookies["rd_director"]
	la.clock.advance(time.Second)
	if rec := dir.get(t, stage); !toSignIn(rec) {
		t.Errorf("the stage screen 12 h after signing in = %d, want 303 to sign-in", rec.Code)
	}
	if dir.cookies["rd_director"] != nil {
		t.Errorf("the cookie of an ended session was not cleared")
	}
	dir.cookies["rd_director"] = &old
	if rec := dir.get(t, classifications); rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), `action="/sign-out"`) || !strings.Contains(rec.Body.String(), "Director sign-in") {
		t.Errorf("the classifications with an ended session's cookie = %d, want the follower's page, not the director's one kept:\n%s", rec.Code, clip(rec.Body.String()))
	}
	refusedUnchangedWith(t, la, token, "a write 12 h after signing in", http.MethodPut, sprint, map[string]any{"order": []int{21}})
}

// refusedUnchangedWith sends an API write with a token and checks it is refused 401 and changes nothing.
func refusedUnchangedWith(t *testing.T, la *lockedApp, token, what, method, target string, body any) {
	t.Helper()
	before := la.snapshot(t)
	if rec := la.api(t, token, method, target, body); rec.Code != http.StatusUnauthorized {
		t.Errorf("%s = %d %s, want 401", what, rec.Code, rec.Body)
	}
	if after := la.snapshot(t); after != before {
		t.Errorf("%s changed the database:\n%s", what, diffLines(before, after))
	}
}

// TestThePINIsNeverLogged signs in with wrong and right passphrases on the page and the API of an
// app logging every request: the passphrase appears nowhere in the log.
func TestThePINIsNeverLogged(t *testing.T) {
	t.Parallel()
	const pass = "Lanterne-Rouge-1903"
	var logs syncBuffer
	a, err := app.New(storetest.DSN(t, "rd.db"), slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})), app.WithPIN(pass), cheapHashes, testSite)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	la := &lockedApp{testApp: &testApp{App: a, cookies: map[string]*http.Cookie{}}}
	b := la.newBrowser("")
	b.signIn(t, pass+"x", "")
	b.signIn(t, pass, "/tours?pin=x")
	la.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"pin": pass + "y"})
	la.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"pin": pass})
	logged := logs.String()
	if !strings.Contains(logged, "/sign-in") {
		t.Fatalf("the requests were not logged, the test proves nothing:\n%s", logged)
	}
	if strings.Contains(logged, "Lanterne") {
		t.Errorf("the PIN is in the log:\n%s", logged)
	}
}
