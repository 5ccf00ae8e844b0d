package app_test

// Every route of the router against the directors' accounts: the same walk as the PIN's, on a table
// with accounts. Anyone not signed in is refused every change (and every read but the pages for
// everyone); a director signed in is refused, as not found, every route that names another
// director's tour, team or rider, and nothing is stored; the administrator is let through.

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// namesAThing says whether a route names a tour, a team or a rider by its :id.
func namesAThing(path string) bool {
	for _, p := range []string{"/tours/:id", "/api/v1/tours/:id", "/teams/:id", "/api/v1/teams/:id", "/riders/:id", "/api/v1/riders/:id"} {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// notFoundOfAnother says whether an answer is the not-found of a tour, team or rider (the same as
// for one that does not exist).
func notFoundOfAnother(rec interface{ Result() *http.Response }, body string) bool {
	if rec.Result().StatusCode != http.StatusNotFound {
		return false
	}
	for _, what := range []string{"tour ", "team ", "rider "} {
		if strings.Contains(body, what) && strings.Contains(body, " not found") {
			return true
		}
	}
	return false
}

// TestAccountsRefuseEveryChangeToAnyoneElse sends every route that is not a read: without a session
// (and with a forged one) each is refused, 401 for the API, the sign-in page for pages; with Bruno's
// session, every route naming Anna's tour, team or rider answers 404, as for none at all, and the
// administrators' routes 403. Nothing is stored by any of them. Signing in and an invitation's link
// (whose token is the proof) are the only changes open to all.
func TestAccountsRefuseEveryChangeToAnyoneElse(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	anyone := aa.newBrowser("")
	csrf := anyone.token(t)
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	tried, named, admin := 0, 0, 0
	for _, r := range aa.routesOf() {
		if reads(r.method) || signInRoute(r) || invitationRoute(r) {
			continue
		}
		tried++
		before := aa.snapshot(t)
		body := map[string]any{"name": "Changed", "order": []int{11}, "team_id": aa.team, "teams": []uint{aa.team}}
		form := url.Values{"name": {"Changed"}, "order": {"11"}, "team_id": {itoa(aa.team)}, "password": {annaPassword}, "confirm": {annaPassword}}
		api := strings.HasPrefix(r.path, "/api/")
		if api {
			for _, token := range []string{"", "forged-token"} {
				if rec := aa.api(t, token, r.method, r.target, body); rec.Code != http.StatusUnauthorized {
					t.Errorf("anyone's %s %s (token %q) = %d, want 401; body:\n%s", r.method, r.target, token, rec.Code, clip(rec.Body.String()))
				}
			}
		} else if r.path == "/setup" {
			// The first-run setup is gone once accounts exist: not found, for everyone.
			if rec := anyone.send(t, newFormRequest(r.method, r.target, url.Values{"_csrf": {csrf}, "name": {"Mallory"}, "password": {annaPassword}, "confirm": {annaPassword}})); rec.Code != http.StatusNotFound {
				t.Errorf("anyone's POST /setup on a table with accounts = %d, want 404", rec.Code)
			}
		} else {
			for _, cookie := range []string{"", "forged-session"} {
				v := url.Values{"_csrf": {csrf}}
				for k, vs := range form {
					v[k] = vs
				}
				req := newFormRequest(r.method, r.target, v)
				if cookie != "" {
					req.AddCookie(&http.Cookie{Name: "rd_director", Value: cookie})
				}
				if rec := anyone.send(t, req); !toSignIn(rec) {
					t.Errorf("anyone's %s %s (cookie %q) = %d %s, want 303 to the sign-in page", r.method, r.target, cookie, rec.Code, rec.Header().Get("Location"))
				}
			}
		}
		if after := aa.snapshot(t); after != before {
			t.Fatalf("anyone's refused %s %s changed the database:\n%s", r.method, r.target, diffLines(before, after))
		}
		if !namesAThing(r.path) && !adminRoute(r) {
			continue // Bruno's own database: his to change
		}
		want := http.StatusNotFound
		if adminRoute(r) {
			want = http.StatusForbidden
			admin++
		} else {
			named++
		}
		var code int
		var text string
		if api {
			rec := aa.api(t, aa.brunoToken, r.method, r.target, body)
			code, text = rec.Code, rec.Body.String()
			if want == http.StatusNotFound && !notFoundOfAnother(rec, text) {
				t.Errorf("Bruno's %s %s (Anna's) = %d, want 404 not found; body:\n%s", r.method, r.target, code, clip(text))
			}
		} else {
			v := url.Values{"_csrf": {bruno.token(t)}}
			for k, vs := range form {
				v[k] = vs
			}
			rec := bruno.send(t, newFormRequest(r.method, r.target, v))
			code, text = rec.Code, rec.Body.String()
		}
		if code != want {
			t.Errorf("Bruno's %s %s (route %s, Anna's) = %d, want %d; body:\n%s", r.method, r.target, r.path, code, want, clip(text))
		}
		if after := aa.snapshot(t); after != before {
			t.Errorf("Bruno's refused %s %s changed the database:\n%s", r.method, r.target, diffLines(before, after))
		}
	}
	if tried < 45 || named < 40 || admin < 3 {
		t.Errorf("tried %d changes, %d naming a tour, team or rider, %d of the administrators; want at least 45, 40 and 3", tried, named, admin)
	}
}

// TestAccountsGuardEveryRead opens every page and API read: anyone not signed in gets the pages for
// everyone (home, sign-in, following a tour with its code, the rulesets) and is sent to sign in for
// the others; Bruno gets 404 for every read naming Anna's tour, team or rider (her backup, her
// sheets, her classifications…); Anna, the administrator, reads Bruno's.
func TestAccountsGuardEveryRead(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	anyone := aa.newBrowser("")
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	anna := aa.directorBrowser(t, "Anna", annaPassword)
	openToAll := map[string]bool{"/": true, "/healthz": true, "/sign-in": true, "/sign-out": true, "/follow": true, "/lang/:lang": true,
		"/api/v1/rulesets": true, "/api/v1/rulesets/:id": true, "/api/v1/session": true}
	checked := 0
	for _, r := range aa.routesOf() {
		if r.method != http.MethodGet || strings.HasSuffix(r.path, "/events") || invitationRoute(r) {
			continue
		}
		api := strings.HasPrefix(r.path, "/api/")
		open := openToAll[r.path] || strings.HasPrefix(r.path, "/follow/") || strings.HasPrefix(r.path, "/api/v1/follow/") || strings.HasPrefix(r.path, "/assets/") || r.path == "/api/v1/*"
		var rec interface {
			Result() *http.Response
		}
		if api {
			rec = aa.api(t, "", http.MethodGet, r.target, nil)
		} else {
			rec = anyone.get(t, r.target)
		}
		code := rec.Result().StatusCode
		switch {
		case r.path == "/setup":
			if code != http.StatusNotFound {
				t.Errorf("anyone's GET /setup on a table with accounts = %d, want 404", code)
			}
		case open && (code == http.StatusUnauthorized || code == http.StatusSeeOther && strings.HasPrefix(rec.Result().Header.Get("Location"), "/sign-in")):
			t.Errorf("anyone's GET %s = %d, want it open to all", r.target, code)
		case !open && api && code != http.StatusUnauthorized:
			t.Errorf("anyone's GET %s = %d, want 401", r.target, code)
		case !open && !api && (code != http.StatusSeeOther || !strings.HasPrefix(rec.Result().Header.Get("Location"), "/sign-in")):
			t.Errorf("anyone's GET %s = %d, want 303 to the sign-in page", r.target, code)
		}
		if !namesAThing(r.path) {
			continue
		}
		checked++
		if api {
			res := aa.api(t, aa.brunoToken, http.MethodGet, r.target, nil)
			if !notFoundOfAnother(res, res.Body.String()) {
				t.Errorf("Bruno's GET %s (Anna's) = %d, want 404 not found; body:\n%s", r.target, res.Code, clip(res.Body.String()))
			}
		} else if res := bruno.get(t, r.target); res.Code != http.StatusNotFound {
			t.Errorf("Bruno's GET %s (Anna's) = %d, want 404", r.target, res.Code)
		}
		// Anna, the administrator, reads Bruno's tour, team and rider.
		target := strings.NewReplacer(
			fmt.Sprintf("/tours/%d", aa.tour.ID), fmt.Sprintf("/tours/%d", aa.brunoTour.ID),
			fmt.Sprintf("/teams/%d", aa.team), fmt.Sprintf("/teams/%d", aa.brunoTeam),
			fmt.Sprintf("/riders/%d", aa.rider), fmt.Sprintf("/riders/%d", aa.brunoRider)).Replace(r.target)
		if target == r.target {
			t.Fatalf("GET %s: no Bruno's counterpart", r.target)
		}
		if api {
			if res := aa.api(t, aa.annaToken, http.MethodGet, target, nil); notFoundOfAnother(res, res.Body.String()) || res.Code == http.StatusUnauthorized {
				t.Errorf("Anna's GET %s (Bruno's) = %d, want it read; body:\n%s", target, res.Code, clip(res.Body.String()))
			}
		} else if res := anna.get(t, target); res.Code != http.StatusOK && !strings.HasSuffix(r.path, "/volata") && (res.Code != http.StatusSeeOther || toSignIn(res)) &&
			!(strings.HasSuffix(r.path, "/riders/:bib") && strings.Contains(res.Body.String(), "has no rider with bib")) { // Anna's bib: Bruno's tour is read, it has no such rider
			t.Errorf("Anna's GET %s (Bruno's) = %d, want 200; body:\n%s", target, res.Code, clip(res.Body.String()))
		}
	}
	if checked < 25 {
		t.Errorf("checked %d reads naming a tour, team or rider, want at least 25", checked)
	}
}

// TestAccountsLetTheOwnerThrough sends every change as Bruno on his own tour, team and rider: none is
// refused by the lock or taken for another's (what each handler then answers to made-up values is
// its own business).
func TestAccountsLetTheOwnerThrough(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	aa.tour.ID, aa.team, aa.rider, aa.tour.FollowCode = aa.brunoTour.ID, aa.brunoTeam, aa.brunoRider, aa.brunoTour.FollowCode
	// Bruno's own season of his tour, for the seasons' routes.
	aa.season = decodeBody[seasonJSON](t, aa.call(t, aa.brunoToken, http.MethodPost, "/api/v1/seasons", map[string]any{"name": "Bruno's league", "points": []int{3, 1}}, http.StatusCreated))
	aa.call(t, aa.brunoToken, http.MethodPut, "/api/v1/seasons/"+itoa(aa.season.ID)+"/tours", map[string]any{"tours": []uint{aa.brunoTour.ID}}, http.StatusOK)
	// Deletions come last, the results' before the riders', teams' and tours'; signing out after all.
	var deletes [4][]lockRoute
	for _, r := range aa.routesOf() {
		if reads(r.method) || signInRoute(r) || invitationRoute(r) || adminRoute(r) || r.path == "/setup" {
			continue
		}
		switch {
		case r.path == "/sign-out" || r.path == "/api/v1/session":
			deletes[3] = append(deletes[3], r)
		case strings.Contains(r.path, "/stages/") && (strings.HasSuffix(r.path, "/delete") || r.method == http.MethodDelete):
			deletes[0] = append(deletes[0], r)
		case strings.Contains(r.path, "riders/:id") && (strings.HasSuffix(r.path, "/delete") || r.method == http.MethodDelete):
			deletes[1] = append(deletes[1], r)
		case strings.HasSuffix(r.path, "/delete") || r.method == http.MethodDelete:
			deletes[2] = append(deletes[2], r)
		default:
			aa.ownerSends(t, bruno, r)
		}
	}
	gone := map[string]bool{} // what a deletion took away: its other deletion is not tried
	for _, group := range deletes {
		for _, r := range group {
			thing := strings.Join(strings.SplitN(strings.TrimPrefix(r.target, "/api/v1"), "/", 4)[:3], "/")
			if gone[thing] && !strings.Contains(r.path, "/stages/") {
				continue
			}
			aa.ownerSends(t, bruno, r)
			gone[thing] = !strings.Contains(r.path, "/stages/") // a result's deletion leaves its tour
		}
	}
}

// ownerSends sends a route as Bruno and fails if the lock refused it or took the thing for another's.
func (aa *accountsApp) ownerSends(t *testing.T, bruno *browser, r lockRoute) {
	t.Helper()
	if strings.HasPrefix(r.path, "/api/") {
		rec := aa.api(t, aa.brunoToken, r.method, r.target, map[string]any{"name": "Changed"})
		if rec.Code == http.StatusUnauthorized || rec.Code == http.StatusForbidden || notFoundOfAnother(rec, rec.Body.String()) && namesAThing(r.path) && !strings.Contains(r.path, ":bib") && !strings.Contains(r.path, ":pos") {
			t.Errorf("Bruno's %s %s (his own) = %d, want it past the lock; body:\n%s", r.method, r.target, rec.Code, clip(rec.Body.String()))
		}
		return
	}
	// (A result that names a bib, a position or a jury form the tour's game lacks is not found past the lock.)
	rec := bruno.send(t, newFormRequest(r.method, r.target, url.Values{"_csrf": {bruno.token(t)}, "name": {"Changed"}}))
	if toSignIn(rec) || rec.Code == http.StatusUnauthorized || rec.Code == http.StatusForbidden || rec.Code == http.StatusNotFound && !strings.Contains(r.path, ":bib") && !strings.Contains(r.path, ":pos") && !strings.Contains(r.path, ":form") {
		t.Errorf("Bruno's %s %s (his own) = %d %s, want it past the lock; body:\n%s", r.method, r.target, rec.Code, rec.Header().Get("Location"), clip(rec.Body.String()))
	}
}
