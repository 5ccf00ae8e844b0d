package app_test

// Every route of the router against the director's lock: the list comes from the router itself, so
// a route added later is tried too and cannot be forgotten.

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"testing"
)

// lockRoute is one route of the router and the address the test asks for it.
type lockRoute struct {
	method, path, target string
}

// routesOf lists the router's routes, sorted, each with an address naming things that exist: the
// tour, the team, the rider, stage 1, the first sprint, a bib of the tour, the follow code.
func (la *lockedApp) routesOf() []lockRoute {
	var out []lockRoute
	for _, r := range la.Echo.Routes() {
		out = append(out, lockRoute{method: r.Method, path: r.Path, target: la.fill(r.Path)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].path != out[j].path {
			return out[i].path < out[j].path
		}
		return out[i].method < out[j].method
	})
	return out
}

// fill puts real values in a route's parameters.
func (la *lockedApp) fill(path string) string {
	id := itoa(la.tour.ID)
	switch {
	case strings.HasPrefix(path, "/teams/:id"), strings.HasPrefix(path, "/api/v1/teams/:id"):
		id = itoa(la.team)
	case strings.HasPrefix(path, "/riders/:id"), strings.HasPrefix(path, "/api/v1/riders/:id"):
		id = itoa(la.rider)
	case strings.HasPrefix(path, "/seasons/:id"), strings.HasPrefix(path, "/api/v1/seasons/:id"):
		id = itoa(la.season.ID)
	}
	code := la.tour.FollowCode
	if strings.Contains(path, "/follow/season/") {
		code = la.season.FollowCode
	}
	parts := strings.Split(path, "/")
	for i, p := range parts {
		switch {
		case p == ":id":
			parts[i] = id
		case p == ":code":
			parts[i] = code
		case p == ":lang":
			parts[i] = "es"
		case p == ":bib":
			parts[i] = "11"
		case p == ":version":
			parts[i] = "v1"
		case p == ":file":
			parts[i] = "stage-1.pdf"
		case p == "*":
			parts[i] = "anything"
		case strings.HasPrefix(p, ":"): // :n, :k, :pos
			parts[i] = "1"
		}
	}
	return strings.Join(parts, "/")
}

// reads says whether a method only reads.
func reads(method string) bool { return method == http.MethodGet || method == http.MethodHead }

// signInRoute says whether the route signs in: the one change everyone may ask for.
func signInRoute(r lockRoute) bool {
	return r.method == http.MethodPost && (r.path == "/sign-in" || r.path == "/api/v1/session")
}

// invitationRoute says whether the route is an invitation's link: open to all, its token is the
// proof (an unknown one is not found).
func invitationRoute(r lockRoute) bool { return strings.HasPrefix(r.path, "/invitations/") }

// adminRoute says whether the route is the administrators' (directors' accounts).
func adminRoute(r lockRoute) bool {
	return strings.HasPrefix(r.path, "/directors") || strings.HasPrefix(r.path, "/api/v1/directors")
}

// TestLockRefusesEveryChangeToAnyoneElse tries every route of the router that is not a read, without
// the director: an API route answers 401 with the usual JSON error ("unauthorized") and a
// WWW-Authenticate header, with no token or a forged one; a page answers 303 to the sign-in page,
// without a cookie or with a forged one, though the form carries a valid CSRF token; and nothing in
// the database changes. Only signing in is open.
func TestLockRefusesEveryChangeToAnyoneElse(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	anyone := la.newBrowser("")
	csrf := anyone.token(t)
	tried, signIns := 0, 0
	for _, r := range la.routesOf() {
		if reads(r.method) {
			continue
		}
		if signInRoute(r) {
			signIns++
			continue
		}
		if invitationRoute(r) {
			continue
		}
		tried++
		before := la.snapshot(t)
		if strings.HasPrefix(r.path, "/api/") {
			for _, token := range []string{"", "forged-token"} {
				rec := la.api(t, token, r.method, r.target, map[string]any{"name": "Changed", "order": []int{11}})
				if rec.Code != http.StatusUnauthorized {
					t.Errorf("%s %s (route %s) with token %q = %d, want 401; body:\n%s", r.method, r.target, r.path, token, rec.Code, clip(rec.Body.String()))
					continue
				}
				if r.method != http.MethodHead {
					if e := decode[apiError](t, rec); e.Error.Code != "unauthorized" || e.Error.Message == "" {
						t.Errorf("%s %s: error %+v, want code unauthorized and a message", r.method, r.target, e.Error)
					}
				}
				if !strings.HasPrefix(rec.Header().Get("WWW-Authenticate"), "Bearer") {
					t.Errorf("%s %s: 401 without WWW-Authenticate: Bearer", r.method, r.target)
				}
			}
		} else {
			for _, cookie := range []string{"", "forged-session"} {
				v := url.Values{"_csrf": {csrf}, "name": {"Changed"}, "order": {"11"}, "pin": {testPIN}}
				req := newFormRequest(r.method, r.target, v)
				if cookie != "" {
					req.AddCookie(&http.Cookie{Name: "rd_director", Value: cookie})
				}
				rec := anyone.send(t, req)
				if !toSignIn(rec) {
					t.Errorf("%s %s (route %s) with cookie %q = %d %s, want 303 to the sign-in page; body:\n%s", r.method, r.target, r.path, cookie, rec.Code, rec.Header().Get("Location"), clip(rec.Body.String()))
				}
			}
		}
		if after := la.snapshot(t); after != before {
			t.Errorf("the refused %s %s changed the database:\n%s", r.method, r.target, diffLines(before, after))
		}
	}
	if signIns != 2 {
		t.Errorf("found %d sign-in routes (POST /sign-in, POST /api/v1/session), want 2", signIns)
	}
	if tried < 40 {
		t.Errorf("tried %d routes that change things, want at least 40: is the router's list read?", tried)
	}
}

// newFormRequest is a page form sent with method.
func newFormRequest(method, target string, v url.Values) *http.Request {
	req := httptest.NewRequest(method, target, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return req
}

// TestLockLetsTheDirectorThrough sends every route that changes things as the director (the page
// cookie with the form's CSRF token, the API's bearer token): none is refused by the lock. What
// each then answers is its own business (a form of made-up values is refused by its handler).
// Signing out is tried last.
func TestLockLetsTheDirectorThrough(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	dir := la.director(t)
	token := la.tokenOf(t, testPIN)
	var last []lockRoute
	for _, r := range la.routesOf() {
		if reads(r.method) || signInRoute(r) || invitationRoute(r) {
			continue
		}
		if r.path == "/sign-out" || r.path == "/api/v1/session" {
			last = append(last, r)
			continue
		}
		la.directorSends(t, dir, token, r)
	}
	for _, r := range last {
		la.directorSends(t, dir, token, r)
	}
}

// directorSends sends a route as the director and fails if the lock refused it.
func (la *lockedApp) directorSends(t *testing.T, dir *browser, token string, r lockRoute) {
	t.Helper()
	if strings.HasPrefix(r.path, "/api/") {
		rec := la.api(t, token, r.method, r.target, map[string]any{"name": "Changed"})
		if rec.Code == http.StatusUnauthorized || rec.Code == http.StatusTooManyRequests {
			t.Errorf("the director's %s %s (route %s) = %d, want it past the lock; body:\n%s", r.method, r.target, r.path, rec.Code, clip(rec.Body.String()))
		}
		return
	}
	rec := dir.send(t, newFormRequest(r.method, r.target, url.Values{"_csrf": {dir.token(t)}, "name": {"Changed"}}))
	if toSignIn(rec) || rec.Code == http.StatusUnauthorized || rec.Code == http.StatusForbidden {
		t.Errorf("the director's %s %s (route %s) = %d %s, want it past the lock; body:\n%s", r.method, r.target, r.path, rec.Code, rec.Header().Get("Location"), clip(rec.Body.String()))
	}
}

// TestLockGuardsTheEditingPages opens every page read with GET. The editing pages (forms that
// change the race) send anyone else to the sign-in page, with the page to come back to, and open
// for the director; every other page and every API read stays open to all, so the players may
// follow. A page the router has that this test does not know fails it: decide which kind it is.
func TestLockGuardsTheEditingPages(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	directorPages := map[string]bool{
		"/tours/new": true, "/tours/new/stages/preview": true, "/tours/:id/delete": true,
		"/tours/:id/stages/:n": true, "/tours/:id/stages/:n/advantages": true, "/tours/:id/stages/:n/volata": true, "/tours/:id/stages/:n/history": true,
		"/tours/:id/stages/:n/finish/preview": true, "/teams/new": true, "/teams/import": true, "/teams/:id/edit": true, "/teams/:id/delete": true, "/teams/:id/riders/new": true,
		"/riders/:id/edit": true, "/riders/:id/delete": true, "/seasons/:id/delete": true,
		// The first-run setup, the directors' pages and a director's own account (with a PIN, the
		// director is sent to the setup).
		"/setup": true, "/directors": true, "/directors/:id/remove": true, "/account": true,
		// A tour's directors (its owner's: hand-over and co-directors; with a PIN, to the setup).
		"/tours/:id/directors": true,
		// The audit record: who changed what (a director's read, even with a PIN).
		"/audit": true,
		// A season's directors (its owner's: hand-over and co-directors; with a PIN, to the setup).
		"/seasons/:id/directors": true,
	}
	openPages := map[string]bool{
		"/": true, "/healthz": true, "/sign-in": true, "/sign-out": true, "/tours": true, "/tours/:id": true, "/tours/:id/riders": true,
		"/tours/:id/classifications": true, "/tours/:id/cycling-party": true, "/tours/:id/sheets": true,
		"/tours/:id/stages/:n/sheet": true, "/teams": true, "/follow": true, "/tours/:id/share": true,
		"/lang/:lang": true,
		// The story of a tour, its summary, and the palmarès of the teams database: pages to read.
		"/tours/:id/story": true, "/tours/:id/sheets/summary.pdf": true, "/teams/:id/palmares": true, "/riders/:id/palmares": true,
		// A player's palmarès across tours: a page to read.
		"/players/:player/palmares": true,
		// A rider's stages one by one in a tour.
		"/tours/:id/riders/:bib": true,
		// The seasons and their sheets: pages to read (their forms are the director's alone).
		"/seasons": true, "/seasons/:id": true, "/seasons/:id/standings.pdf": true, "/seasons/:id/standings.xlsx": true,
	}
	anyone, dir := la.newBrowser(""), la.director(t)
	seen := map[string]bool{}
	for _, r := range la.routesOf() {
		if r.method != http.MethodGet {
			continue
		}
		if strings.HasSuffix(r.path, "/events") {
			continue // an event stream never ends: its openness is the follow tests' (it is a read, open by the policy)
		}
		seen[r.path] = true
		open := openPages[r.path] || strings.HasPrefix(r.path, "/api/") && !adminRoute(r) || strings.HasPrefix(r.path, "/assets/") || strings.HasPrefix(r.path, "/follow/")
		switch {
		case invitationRoute(r):
			// Open to all: an unknown token is not found, not a sign-in.
			if rec := anyone.get(t, r.target); rec.Code != http.StatusNotFound {
				t.Errorf("anyone's GET %s (an unknown invitation) = %d, want 404", r.target, rec.Code)
			}
		case (adminRoute(r) || r.path == "/api/v1/audit") && strings.HasPrefix(r.path, "/api/"):
			if rec := anyone.get(t, r.target); rec.Code != http.StatusUnauthorized {
				t.Errorf("anyone's GET %s = %d, want 401", r.target, rec.Code)
			}
		case directorPages[r.path]:
			rec := anyone.get(t, r.target)
			if want := "/sign-in?next=" + url.QueryEscape(r.target); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != want {
				t.Errorf("anyone's GET %s = %d %q, want 303 to %s", r.target, rec.Code, rec.Header().Get("Location"), want)
			}
			// (The volata calculator is 2RUOTE's: a Cycling Party tour's answers 404, past the lock. The
			// directors' page sends the director of the PIN to the first-run setup.)
			rec = dir.get(t, r.target)
			if (r.path == "/directors" || r.path == "/directors/:id/remove" || r.path == "/account" || r.path == "/tours/:id/directors" || r.path == "/seasons/:id/directors") && rec.Code == http.StatusSeeOther && rec.Header().Get("Location") == "/setup" {
				continue
			}
			if toSignIn(rec) || rec.Code == http.StatusUnauthorized || rec.Code >= 500 || rec.Code != http.StatusOK && !strings.HasSuffix(r.path, "/volata") {
				t.Errorf("the director's GET %s = %d %s, want 200; body:\n%s", r.target, rec.Code, rec.Header().Get("Location"), clip(rec.Body.String()))
			}
		case open:
			rec := anyone.get(t, r.target)
			if toSignIn(rec) || rec.Code == http.StatusUnauthorized {
				t.Errorf("anyone's GET %s (route %s) = %d %s, want it open to all", r.target, r.path, rec.Code, rec.Header().Get("Location"))
			}
			if openPages[r.path] && rec.Code >= 400 {
				t.Errorf("anyone's GET %s = %d, want the page; body:\n%s", r.target, rec.Code, clip(rec.Body.String()))
			}
		default:
			t.Errorf("GET %s is a page this test does not know: add it to directorPages (a form that changes the race) or openPages (a page to read), here and in app/auth's policy", r.path)
		}
	}
	for p := range directorPages {
		if !seen[p] {
			t.Errorf("the router has no GET %s any more: take it out of directorPages here and in app/auth", p)
		}
	}
}
