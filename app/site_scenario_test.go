package app_test

// The app's own names and origins against every route (issue "Safe on any network"): a site that
// points its own name at the table (DNS rebinding) reaches nothing, a write from another site's page
// is refused whatever Sec-Fetch-Site says, every page form checks its token, and the links shown to
// others never come from a request.

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"racedirector/app"
	"racedirector/app/auth"
)

// rebinding is what a browser sends from a page of evil.example whose name now points at the table.
func rebinding() http.Header {
	return http.Header{"Host": {"evil.example:8080"}, "Origin": {"http://evil.example:8080"}, "Sec-Fetch-Site": {"same-origin"},
		"Referer": {"http://evil.example:8080/"}}
}

// asDirector is route r asked as the director would: the API with the bearer token, a page as a
// form with the browser's CSRF token.
func asDirector(r lockRoute, token, csrf string) *http.Request {
	if strings.HasPrefix(r.path, "/api/") {
		req := jsonRequest(r.method, r.target, map[string]any{"name": "Changed", "order": []int{11}})
		req.Header.Set("Authorization", "Bearer "+token)
		return req
	}
	return newFormRequest(r.method, r.target, url.Values{"_csrf": {csrf}, "name": {"Changed"}, "pin": {testPIN}})
}

// TestRebindingReachesNothing walks every route of the router as the director signed in (cookie,
// CSRF token and bearer token: what a rebound page could hold), with the Host, Origin and
// Sec-Fetch-Site of a page at evil.example: every request is 421 in words, and nothing changes.
func TestRebindingReachesNothing(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	dir := la.director(t)
	csrf := dir.token(t)
	token := la.tokenOf(t, testPIN)
	dir.header = rebinding()
	before := la.snapshot(t)
	tried := 0
	for _, r := range la.routesOf() {
		if strings.HasPrefix(r.path, "/assets/") && reads(r.method) {
			continue // the app's files, the same for everyone: the 421 page is styled by them
		}
		tried++
		rec := dir.send(t, asDirector(r, token, csrf))
		if rec.Code != http.StatusMisdirectedRequest {
			t.Errorf("%s %s from evil.example = %d, want 421; body:\n%s", r.method, r.target, rec.Code, clip(rec.Body.String()))
			continue
		}
		if r.method != http.MethodHead && !strings.Contains(rec.Body.String(), "does not answer to this name") {
			t.Errorf("%s %s: the 421 does not say why; body:\n%s", r.method, r.target, clip(rec.Body.String()))
		}
	}
	if after := la.snapshot(t); after != before {
		t.Errorf("requests for evil.example changed the database:\n%s", diffLines(before, after))
	}
	if tried < 100 {
		t.Errorf("tried %d routes, want every route of the router", tried)
	}
}

// TestRebindingAnOpenTable is the probe of the issue on an open table: DELETE /api/v1/tours/1 and
// POST /setup from a rebound page are 421, in the page's language; the tour is still there and no
// administrator was made.
func TestRebindingAnOpenTable(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 2, 5), teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID))
	before := ta.snapshot(t)
	for _, c := range []struct{ method, target, body, lang, want string }{
		{http.MethodDelete, "/api/v1/tours/" + itoa(tour.ID), "", "en", "does not answer to this name"},
		{http.MethodPost, "/setup", "name=Mallory&password=mallory-owns-it&confirm=mallory-owns-it", "es", "no responde a este nombre"},
		{http.MethodGet, "/follow/" + tour.FollowCode + "/tv/podium", "", "it", "non risponde a questo nome"},
	} {
		req := httptest.NewRequest(c.method, c.target, strings.NewReader(c.body))
		req.RemoteAddr = localAddr
		req.Header = rebinding()
		req.Host = req.Header.Get("Host")
		req.Header.Set("Accept-Language", c.lang)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := ta.serve(t, req, false)
		if rec.Code != http.StatusMisdirectedRequest || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%s %s from evil.example = %d, want 421 saying %q; body:\n%s", c.method, c.target, rec.Code, c.want, clip(rec.Body.String()))
		}
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("a rebound page changed the database:\n%s", diffLines(before, after))
	}
	if rec := ta.do(t, http.MethodGet, "/api/v1/session", nil); !strings.Contains(rec.Body.String(), `"mode":"open"`) {
		t.Errorf("after the rebound setup the table is no longer open: %s", rec.Body.String())
	}
}

// TestEveryWriteChecksItsOrigin sends every route that changes things as the director, from the
// app's own name but with the Origin (or, without one, the Referer) of another site, or an opaque
// origin: all are 403 whatever Sec-Fetch-Site says, and nothing changes; the same from the app's own
// page passes the guard.
func TestEveryWriteChecksItsOrigin(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	dir := la.director(t)
	csrf := dir.token(t)
	token := la.tokenOf(t, testPIN)
	before := la.snapshot(t)
	tried := 0
	for _, r := range la.routesOf() {
		if reads(r.method) || r.method == http.MethodOptions {
			continue
		}
		tried++
		for _, h := range []http.Header{
			{"Origin": {"http://evil.example"}},
			{"Origin": {"http://evil.example"}, "Sec-Fetch-Site": {"same-origin"}},
			{"Origin": {"null"}},
			{"Referer": {"http://evil.example/page"}},
			{"Origin": {"http://example.com:8081"}},
		} {
			dir.header = h
			rec := dir.send(t, asDirector(r, token, csrf))
			if rec.Code != http.StatusForbidden || (r.method != http.MethodHead && !strings.Contains(rec.Body.String(), "another site")) {
				t.Errorf("%s %s with %v = %d, want 403 saying it came from another site; body:\n%s", r.method, r.target, h, rec.Code, clip(rec.Body.String()))
			}
		}
	}
	if after := la.snapshot(t); after != before {
		t.Errorf("writes from another site changed the database:\n%s", diffLines(before, after))
	}
	if tried < 40 {
		t.Errorf("tried %d write routes, want every one", tried)
	}
	// From the app's own page (its Origin, or its Referer), a write goes through.
	for i, h := range []http.Header{{"Origin": {"http://example.com"}}, {"Referer": {"http://example.com/teams/new"}}} {
		dir.header = h
		team := []url.Values{{"name": {"Blanco"}, "short": {"BLA"}}, {"name": {"Negro"}, "short": {"NEG"}}}[i]
		team.Set("color", "#ffffff")
		team.Set("_csrf", dir.token(t))
		rec := dir.send(t, newFormRequest(http.MethodPost, "/teams", team))
		if rec.Code != http.StatusSeeOther {
			t.Errorf("a team from the app's own page (%v) = %d, want 303; body:\n%s", h, rec.Code, clip(rec.Body.String()))
		}
	}
}

// TestEveryFormChecksItsToken: a page form without its token is refused even when the browser says
// it is same-origin (echo's own CSRF middleware let that through): the first-run setup and signing in
// included.
func TestEveryFormChecksItsToken(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	before := ta.snapshot(t)
	for _, c := range []struct{ target, body string }{
		{"/teams", "name=Blanco&short=BLA&color=%23ffffff"},
		{"/setup", "name=Mallory&password=mallory-owns-it&confirm=mallory-owns-it"},
		{"/sign-in", "pin=1234"},
	} {
		req := httptest.NewRequest(http.MethodPost, c.target, strings.NewReader(c.body))
		req.RemoteAddr = localAddr
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("Origin", "http://example.com")
		rec := ta.serve(t, req, true)
		if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "This form has expired") {
			t.Errorf("POST %s without its token, Sec-Fetch-Site: same-origin = %d, want 403; body:\n%s", c.target, rec.Code, clip(rec.Body.String()))
		}
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("forms without their token changed the database:\n%s", diffLines(before, after))
	}
}

// followLink finds the follow page's address a page shows.
var followLink = regexp.MustCompile(`https?://[^"<\s]*/follow/[A-Z0-9]{6}`)

// TestLinksForOthersAreThePublicAddress opens the Share page, the QR code, the TV and its podium
// with every Host the app answers to: the links are the public address's, the same for
// everyone, never the host asked (the kept podium cannot be poisoned for later viewers).
func TestLinksForOthersAreThePublicAddress(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 2, 5), teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID))
	want := "http://example.com/follow/" + tour.FollowCode
	var qr string
	for _, host := range []string{"127.0.0.1:8080", "localhost:8080", "example.com", "[::1]:9000"} {
		for _, target := range []string{"/tours/" + itoa(tour.ID) + "/share", "/follow/" + tour.FollowCode + "/tv", "/follow/" + tour.FollowCode + "/tv/podium", "/follow/" + tour.FollowCode + "/qr.svg"} {
			req := httptest.NewRequest(http.MethodGet, target, nil)
			req.Host = host
			rec := ta.serve(t, req, false)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s for %s = %d; body:\n%s", target, host, rec.Code, clip(rec.Body.String()))
			}
			if strings.HasSuffix(target, ".svg") {
				if qr == "" {
					qr = rec.Body.String()
				} else if rec.Body.String() != qr {
					t.Errorf("the QR code for %s differs from the first one", host)
				}
				if rec.Header().Get("Vary") != "" && strings.Contains(rec.Header().Get("Vary"), "Host") {
					t.Errorf("the QR code still varies by Host")
				}
				continue
			}
			for _, link := range followLink.FindAllString(rec.Body.String(), -1) {
				if link != want {
					t.Errorf("GET %s for %s links %s, want %s", target, host, link, want)
				}
			}
			if !strings.Contains(rec.Body.String(), want) {
				t.Errorf("GET %s for %s does not show %s", target, host, want)
			}
		}
	}
}

// TestAnOpenTableThroughAProxy: a proxy on this machine connects from 127.0.0.1, but a request it
// forwarded is never "this machine": it may read but not change an open table, and the first-run
// setup asks it for the setup code printed at start; the laptop itself still is the director.
func TestAnOpenTableThroughAProxy(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 2, 5), teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID))
	la := &lockedApp{testApp: ta, clock: newTestClock()}
	proxied := la.newBrowser(localAddr)
	proxied.header = http.Header{"X-Forwarded-For": {"198.51.100.7"}}
	before := ta.snapshot(t)
	if rec := proxied.get(t, "/tours/"+itoa(tour.ID)+"/classifications"); rec.Code != http.StatusOK {
		t.Errorf("a proxied reader's classifications = %d, want 200", rec.Code)
	}
	rec := proxied.send(t, jsonRequest(http.MethodDelete, "/api/v1/tours/"+itoa(tour.ID), nil))
	if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "behind a proxy") {
		t.Errorf("DELETE a tour through a proxy = %d, want 403 saying why; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := proxied.post(t, "/teams", url.Values{"name": {"Blanco"}, "short": {"BLA"}, "color": {"#ffffff"}}); rec.Code != http.StatusForbidden {
		t.Errorf("a team made through a proxy = %d, want 403", rec.Code)
	}
	page := proxied.get(t, "/setup")
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), `name="code"`) {
		t.Fatalf("GET /setup through a proxy = %d, want the form asking for the setup code; body:\n%s", page.Code, clip(page.Body.String()))
	}
	claim := url.Values{"name": {"Mallory"}, "password": {"mallory-owns-it"}, "confirm": {"mallory-owns-it"}}
	for _, code := range []string{"", "AAAA-BBBB-CCCC"} {
		claim.Set("code", code)
		if rec := proxied.post(t, "/setup", claim); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/setup" {
			t.Errorf("POST /setup through a proxy with code %q = %d %s, want 303 back to the form", code, rec.Code, rec.Header().Get("Location"))
		}
		if page := proxied.get(t, "/setup"); page.Code != http.StatusUnprocessableEntity || !strings.Contains(page.Body.String(), `id="err-code"`) {
			t.Errorf("the setup refused for its code %q = %d, want 422 with a message beside the code", code, page.Code)
		}
	}
	if after := ta.snapshot(t); after != before {
		t.Fatalf("refused requests through a proxy changed the database:\n%s", diffLines(before, after))
	}
	laptop := la.newBrowser(localAddr)
	if page := laptop.get(t, "/setup"); strings.Contains(page.Body.String(), `name="code"`) {
		t.Errorf("the laptop itself is asked for the setup code")
	}
	claim.Set("code", strings.ToLower(ta.Lock.SetupCode()))
	claim.Set("name", "Anna")
	if rec := proxied.post(t, "/setup", claim); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/directors" {
		t.Fatalf("POST /setup through a proxy with the setup code = %d %s, want 303 to the directors; body:\n%s", rec.Code, rec.Header().Get("Location"), clip(rec.Body.String()))
	}
	if rec := ta.do(t, http.MethodGet, "/api/v1/session", nil); !strings.Contains(rec.Body.String(), `"mode":"accounts"`) {
		t.Errorf("after the setup with its code the table has no accounts: %s", rec.Body.String())
	}
}

// TestTrustedProxies: behind a trusted proxy, the client is the address it forwarded (X-Forwarded-For)
// and https is believed (a Secure cookie); the same headers from anyone else are not believed.
func TestTrustedProxies(t *testing.T) {
	t.Parallel()
	a, err := app.New(testTemplate.DSN(t, "rd.db"), slog.New(slog.NewTextHandler(io.Discard, nil)), cheapHashes, app.WithPIN(testPIN),
		app.WithSite(auth.SiteConfig{PublicURL: "https://race.club.example", TrustedProxies: []string{"10.0.0.0/8"}}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	la := &lockedApp{testApp: &testApp{App: a, cookies: map[string]*http.Cookie{}}, clock: newTestClock()}
	fwd := http.Header{"Host": {"race.club.example"}, "X-Forwarded-For": {"198.51.100.7"}, "X-Forwarded-Proto": {"https"}}
	viaProxy := la.newBrowser("10.0.0.2:40000")
	viaProxy.header = fwd
	if rec := viaProxy.signIn(t, testPIN, ""); rec.Code != http.StatusSeeOther {
		t.Fatalf("sign-in through the proxy = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if ck := viaProxy.cookies["rd_director"]; ck == nil || !ck.Secure {
		t.Errorf("the director's cookie through a trusted https proxy is not Secure: %+v", ck)
	}
	pretender := la.newBrowser("203.0.113.5:40000")
	pretender.header = fwd
	if rec := pretender.signIn(t, testPIN, ""); rec.Code != http.StatusSeeOther {
		t.Fatalf("sign-in from a pretender = %d", rec.Code)
	}
	if ck := pretender.cookies["rd_director"]; ck == nil || ck.Secure {
		t.Errorf("a pretended X-Forwarded-Proto made the cookie Secure: %+v", ck)
	}
	other := la.newBrowser("10.0.0.2:40000")
	other.header = http.Header{"Host": {"evil.example"}, "X-Forwarded-For": {"198.51.100.7"}}
	if rec := other.get(t, "/"); rec.Code != http.StatusMisdirectedRequest {
		t.Errorf("a proxied request for evil.example = %d, want 421", rec.Code)
	}
	forwardedHost := la.newBrowser("10.0.0.2:40000")
	forwardedHost.header = http.Header{"Host": {"127.0.0.1:8080"}, "X-Forwarded-Host": {"evil.example"}}
	if rec := forwardedHost.get(t, "/"); rec.Code != http.StatusMisdirectedRequest {
		t.Errorf("a trusted proxy forwarding evil.example = %d, want 421", rec.Code)
	}
}

// TestAssetsListNoFolder: the app's files are served, their folders are not listed.
func TestAssetsListNoFolder(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	css := regexp.MustCompile(`/assets/[^/"]+/[a-z]+\.css`).FindString(ta.do(t, http.MethodGet, "/", nil).Body.String())
	if css == "" {
		t.Fatal("the home page links no stylesheet")
	}
	if rec := ta.do(t, http.MethodGet, css, nil); rec.Code != http.StatusOK {
		t.Errorf("GET %s = %d, want 200", css, rec.Code)
	}
	folder := css[:strings.LastIndex(css, "/")+1]
	for _, target := range []string{folder, folder + "fonts/"} {
		rec := ta.do(t, http.MethodGet, target, nil)
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "<pre>") || strings.Contains(rec.Body.String(), `href="style.css"`) {
			t.Errorf("GET %s = %d, want 404 without a listing; body:\n%s", target, rec.Code, clip(rec.Body.String()))
		}
	}
}

// TestRefusalPagesCarryTheToken: a page the lock refuses (another director's tour: 404) is a page
// with forms (Sign out), whose token is the browser's: signing out from it works.
func TestRefusalPagesCarryTheToken(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	bruno := aa.newBrowser("")
	if rec := bruno.signInAs(t, "Bruno", brunoPassword, ""); rec.Code != http.StatusSeeOther {
		t.Fatalf("Bruno's sign-in = %d", rec.Code)
	}
	page := bruno.get(t, "/tours/"+itoa(aa.carlaTour.ID)+"/classifications")
	m := csrfField.FindStringSubmatch(page.Body.String())
	if page.Code != http.StatusNotFound || m == nil {
		t.Fatalf("Carla's tour for Bruno = %d, want a 404 page with a form; body:\n%s", page.Code, clip(page.Body.String()))
	}
	req := newFormRequest(http.MethodPost, "/sign-out", url.Values{"_csrf": {m[1]}})
	if rec := bruno.send(t, req); rec.Code != http.StatusSeeOther {
		t.Errorf("signing out from the 404 page = %d, want 303; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
}

// TestEventStreamsPerClient: one client address holds at most so many live streams (429 beyond, with
// Retry-After, in words); another client is not concerned, and a stream closed frees its place.
// Behind a trusted proxy, the client is the address it forwarded.
func TestEventStreamsPerClient(t *testing.T) {
	t.Parallel()
	ta := openTestAppWith(t, testTemplate.DSN(t, "rd.db"), app.WithStreamsPerClient(3),
		app.WithSite(auth.SiteConfig{PublicURL: "http://example.com", TrustedProxies: []string{"127.0.0.1"}}))
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 2, 5), teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID))
	srv := followServer(t, ta)
	open := func(client string) (*http.Response, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/v1/follow/"+tour.FollowCode+"/events", nil)
		req.Header.Set("X-Forwarded-For", client)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			cancel()
			t.Fatalf("opening a stream for %s: %v", client, err)
		}
		t.Cleanup(func() { cancel(); resp.Body.Close() })
		return resp, cancel
	}
	var first context.CancelFunc
	for i := range 3 {
		resp, cancel := open("198.51.100.7")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("stream %d of one client = %d, want 200", i+1, resp.StatusCode)
		}
		if i == 0 {
			first = cancel
		}
	}
	resp, _ := open("198.51.100.7")
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(body), "too many live connections") {
		t.Errorf("a fourth stream of one client = %d (Retry-After %q), want 429 in words; body:\n%s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if resp, _ := open("198.51.100.8"); resp.StatusCode != http.StatusOK {
		t.Errorf("another client's stream = %d, want 200", resp.StatusCode)
	}
	first()
	deadline := time.Now().Add(hangGuard)
	for {
		resp, _ := open("198.51.100.7")
		if resp.StatusCode == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a closed stream never freed its place: %d", resp.StatusCode)
		}
		time.Sleep(pollEvery)
	}
}
