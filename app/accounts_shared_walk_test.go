package app_test

// Every route of the router for an official (reads allowed, every change refused) and for a
// co-director (a shared tour's results allowed; its erasure, hand-over and co-directors refused).

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/store"
)

// olgaPassword is the official's password.
const olgaPassword = "olga-watches-all"

// withOfficial adds Olga, an official, to the accounts harness and returns her API token.
func (aa *accountsApp) withOfficial(t testing.TB) string {
	t.Helper()
	out, _ := adminCLI(t, aa.Path, olgaPassword+"\n", 0, "create-director", "Olga", "-official", "-password-stdin")
	if !strings.Contains(out, "Official \"Olga\" created") {
		t.Fatalf("create-director -official said:\n%s", out)
	}
	return aa.signInAPI(t, "Olga", olgaPassword)
}

// officialMayChange says whether an official may send a change to the route: signing out and their
// own account only.
func officialMayChange(r lockRoute) bool {
	return r.path == "/sign-out" || r.path == "/api/v1/session" || strings.HasPrefix(r.path, "/account") || strings.HasPrefix(r.path, "/api/v1/account")
}

// tourRoute says whether a route names a tour by its :id.
func tourRoute(path string) bool {
	return path == "/tours/:id" || strings.HasPrefix(path, "/tours/:id/") || path == "/api/v1/tours/:id" || strings.HasPrefix(path, "/api/v1/tours/:id/")
}

// ownerOnlyRoute says whether a route is a tour owner's alone: erasing, handing over, co-directors.
func ownerOnlyRoute(r lockRoute) bool {
	switch r.method + " " + r.path {
	case "DELETE /api/v1/tours/:id", "PUT /api/v1/tours/:id/owner", "PUT /api/v1/tours/:id/codirectors",
		"GET /tours/:id/delete", "POST /tours/:id/delete", "GET /tours/:id/directors", "POST /tours/:id/owner", "POST /tours/:id/codirectors":
		return true
	}
	return false
}

// TestOfficialReadsEverythingChangesNothing walks every route as Olga, an official: every change
// (but signing out and her own account) is refused with 403 and a reason, in Spanish when asked, and
// stores nothing; every read of a tour, any director's, is answered; her list holds every tour.
func TestOfficialReadsEverythingChangesNothing(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	olgaToken := aa.withOfficial(t)
	olga := aa.directorBrowser(t, "Olga", olgaPassword)
	changes, readsDone := 0, 0
	for _, r := range aa.routesOf() {
		if signInRoute(r) || invitationRoute(r) || strings.HasSuffix(r.path, "/events") {
			continue
		}
		api := strings.HasPrefix(r.path, "/api/")
		if reads(r.method) {
			if r.method != http.MethodGet || !tourRoute(r.path) {
				continue
			}
			readsDone++
			target := strings.Replace(r.target, "/tours/"+itoa(aa.tour.ID), "/tours/"+itoa(aa.brunoTour.ID), 1)
			var code int
			var body string
			if api {
				rec := aa.api(t, olgaToken, http.MethodGet, target, nil)
				code, body = rec.Code, rec.Body.String()
			} else {
				rec := olga.get(t, target)
				code, body = rec.Code, rec.Body.String()
			}
			editing := !api && (ownerOnlyRoute(r) || strings.Contains(r.path, "/stages/:n") && !strings.HasSuffix(r.path, "/sheet"))
			switch {
			case editing && code != http.StatusForbidden:
				t.Errorf("Olga's GET %s (a form for changing the race) = %d, want 403; body:\n%s", target, code, clip(body))
			case !editing && (code == http.StatusNotFound && strings.Contains(body, "tour ") || code == http.StatusForbidden || code == http.StatusUnauthorized):
				t.Errorf("Olga's GET %s (Bruno's tour) = %d, want it read; body:\n%s", target, code, clip(body))
			}
			continue
		}
		if officialMayChange(r) || r.path == "/setup" {
			continue
		}
		changes++
		before := aa.snapshot(t)
		var code int
		var body string
		if api {
			rec := aa.api(t, olgaToken, r.method, r.target, map[string]any{"name": "Changed", "director": aa.brunoID, "directors": []uint{aa.brunoID}})
			code, body = rec.Code, rec.Body.String()
		} else {
			rec := olga.post(t, r.target, url.Values{"name": {"Changed"}, "director": {itoa(aa.brunoID)}, "confirm": {"yes"}})
			if r.method != http.MethodPost {
				rec = olga.send(t, newFormRequest(r.method, r.target, url.Values{"_csrf": {olga.token(t)}}))
			}
			code, body = rec.Code, rec.Body.String()
		}
		if code != http.StatusForbidden {
			t.Errorf("Olga's %s %s = %d, want 403; body:\n%s", r.method, r.target, code, clip(body))
		}
		if after := aa.snapshot(t); after != before {
			t.Errorf("Olga's refused %s %s changed the database:\n%s", r.method, r.target, diffLines(before, after))
		}
	}
	if changes < 50 || readsDone < 25 {
		t.Errorf("tried %d changes and %d reads of a tour, want at least 50 and 25", changes, readsDone)
	}
	// The reason, in the language asked.
	req := jsonRequest(http.MethodPost, "/api/v1/tours/"+itoa(aa.tour.ID)+"/stages/1/close", nil)
	req.Header.Set("Authorization", "Bearer "+olgaToken)
	req.Header.Set("Accept-Language", "es")
	if rec := aa.serve(t, req, false); rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "un oficial ve todas las vueltas de la liga") {
		t.Errorf("Olga's closing a stage in Spanish = %d %s, want 403 with the Spanish reason", rec.Code, clip(rec.Body.String()))
	}
	list := decodeBody[[]store.TourSummary](t, aa.call(t, olgaToken, http.MethodGet, "/api/v1/tours", nil, http.StatusOK))
	if len(list) != 3 {
		t.Errorf("Olga's list of tours = %d tours, want every director's 3", len(list))
	}
	// The pages show her no button that changes anything.
	page := olga.get(t, "/tours").Body.String()
	for _, button := range []string{`href="/tours/new"`, `/delete"`, `/directors"`, `action="/tours/import"`} {
		if strings.Contains(page, button) {
			t.Errorf("Olga's tour list has %s; an official sees no button that changes anything", button)
		}
	}
	if !strings.Contains(page, "Bruno&#39;s Giro") || !strings.Contains(page, `action="/sign-out"`) {
		t.Errorf("Olga's tour list lacks Bruno's tour or her sign-out")
	}
}

// TestCodirectorEntersResultsOnly shares Anna's tour with Bruno: every change of it but its erasure,
// hand-over and co-directors passes the lock for him (whatever the handler then says), those three
// are refused with 403 and store nothing; he reads it and finds it in his list marked shared; Carla,
// not a co-director, still finds nothing.
func TestCodirectorEntersResultsOnly(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	aa.call(t, aa.annaToken, http.MethodPut, "/api/v1/tours/"+itoa(aa.tour.ID)+"/codirectors", map[string]any{"directors": []uint{aa.brunoID}}, http.StatusOK)
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	allowed, refused := 0, 0
	for _, r := range aa.routesOf() {
		if !tourRoute(r.path) || strings.HasSuffix(r.path, "/events") {
			continue
		}
		api := strings.HasPrefix(r.path, "/api/")
		before := aa.snapshot(t)
		var code int
		var body string
		switch {
		case api:
			rec := aa.api(t, aa.brunoToken, r.method, r.target, map[string]any{"director": aa.brunoID, "directors": []uint{aa.carlaID}})
			code, body = rec.Code, rec.Body.String()
		case reads(r.method):
			rec := bruno.get(t, r.target)
			code, body = rec.Code, rec.Body.String()
		default:
			rec := bruno.post(t, r.target, url.Values{"director": {itoa(aa.brunoID)}, "confirm": {"yes"}, "directors": {itoa(aa.carlaID)}})
			code, body = rec.Code, rec.Body.String()
		}
		if ownerOnlyRoute(r) {
			refused++
			if code != http.StatusForbidden {
				t.Errorf("co-director Bruno's %s %s = %d, want 403; body:\n%s", r.method, r.target, code, clip(body))
			}
			if after := aa.snapshot(t); after != before {
				t.Errorf("co-director Bruno's refused %s %s changed the database:\n%s", r.method, r.target, diffLines(before, after))
			}
			continue
		}
		allowed++
		if code == http.StatusNotFound && strings.Contains(body, "tour ") || code == http.StatusForbidden || code == http.StatusUnauthorized || code == http.StatusSeeOther && toSignIn(bruno.get(t, r.target)) && reads(r.method) {
			t.Errorf("co-director Bruno's %s %s = %d, want it past the lock; body:\n%s", r.method, r.target, code, clip(body))
		}
	}
	if allowed < 40 || refused != 8 {
		t.Errorf("tried %d routes allowed and %d refused, want at least 40 and 8", allowed, refused)
	}
	var shared bool
	for _, l := range decodeBody[[]store.TourSummary](t, aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/tours", nil, http.StatusOK)) {
		if l.ID == aa.tour.ID {
			shared = l.Shared
		}
	}
	if !shared {
		t.Errorf("Bruno's list does not hold Anna's tour marked shared")
	}
	if rec := aa.api(t, aa.carlaToken, http.MethodGet, "/api/v1/tours/"+itoa(aa.tour.ID), nil); rec.Code != http.StatusNotFound {
		t.Errorf("Carla's GET of Anna's tour = %d, want 404", rec.Code)
	}
}
