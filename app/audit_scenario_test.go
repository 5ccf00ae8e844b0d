package app_test

// Who changed what: the audit record read through GET /api/v1/audit and the audit page, against the
// real router, for a disputed result of a league's tour; and a walk of every change a director may
// send, each of which leaves its line in the record.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/store"
)

// auditLineJSON is one line of GET /api/v1/audit.
type auditLineJSON struct {
	ID       uint   `json:"id"`
	At       string `json:"at"`
	Who      string `json:"who"`
	Action   string `json:"action"`
	Summary  string `json:"summary"`
	Tour     *uint  `json:"tour"`
	Director *uint  `json:"director"`
}

// auditOf reads GET /api/v1/audit with query as the director of token.
func (aa *accountsApp) auditOf(t testing.TB, token, query string) []auditLineJSON {
	t.Helper()
	return decodeBody[[]auditLineJSON](t, aa.call(t, token, http.MethodGet, "/api/v1/audit?"+query, nil, http.StatusOK))
}

// auditIDs are the ids of lines of the record, in their order.
func auditIDs(lines []auditLineJSON) []uint {
	ids := make([]uint, len(lines))
	for i, l := range lines {
		ids[i] = l.ID
	}
	return ids
}

// resultTarget is a crossing order of stage 1 of the tour (its first sprint, else its first climb) and
// two bibs of its riders.
func (aa *accountsApp) resultTarget(t testing.TB, tour store.TourView) (target string, a, b int) {
	t.Helper()
	kind := "sprints"
	if tour.Stages[0].Sprints == 0 {
		kind = "climbs"
	}
	if tour.Stages[0].Sprints == 0 && tour.Stages[0].Climbs == 0 {
		t.Fatalf("stage 1 of %s has neither sprint nor climb", tour.Name)
	}
	return "/api/v1/tours/" + itoa(tour.ID) + "/stages/1/" + kind + "/1", tour.Teams[0].Riders[0].Bib, tour.Teams[1].Riders[0].Bib
}

// TestAuditReadsTheDisputedResult plays a dispute: Bruno enters a result, his co-director Carla
// changes it, Bruno undoes her change, and Anna (an administrator) edits Bruno's team. The record of
// Bruno's tour and of Bruno's data says all four, newest first, each with its author; the stage
// history names them too; the filters narrow, page, and refuse what is not one; Carla does not read
// Anna's tour, and no one unsigned reads anything.
func TestAuditReadsTheDisputedResult(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	tour := itoa(aa.brunoTour.ID)
	aa.call(t, aa.brunoToken, http.MethodPut, "/api/v1/tours/"+tour+"/codirectors", map[string]any{"directors": []uint{aa.carlaID}}, http.StatusOK)
	target, a, b := aa.resultTarget(t, aa.brunoTour)
	aa.call(t, aa.brunoToken, http.MethodPut, target, map[string]any{"order": []int{a, b}}, http.StatusOK)
	aa.call(t, aa.carlaToken, http.MethodPut, target, map[string]any{"order": []int{b, a}}, http.StatusOK)
	aa.call(t, aa.brunoToken, http.MethodPost, "/api/v1/tours/"+tour+"/stages/1/undo", nil, http.StatusOK)
	team := decodeBody[map[string]any](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/teams/"+itoa(aa.brunoTeam), nil, http.StatusOK))
	team["name"] = "Rojo de Anna"
	delete(team, "riders")
	aa.call(t, aa.annaToken, http.MethodPut, "/api/v1/teams/"+itoa(aa.brunoTeam), team, http.StatusOK)

	want := []struct{ who, action, says string }{
		{"Anna", "team.edit", "now called Rojo de Anna"},
		{"Bruno", "stage.undo", "stage 1: undone:"},
		{"Carla", "stage.result", "stage 1: "},
		{"Bruno", "stage.result", "stage 1: "},
		{"Bruno", "tour.codirectors", "co-directors now: Carla"},
	}
	lines := aa.auditOf(t, aa.annaToken, "director="+itoa(aa.brunoID))
	if len(lines) < len(want) {
		t.Fatalf("Bruno's record has %d lines, want at least %d: %+v", len(lines), len(want), lines)
	}
	for i, w := range want {
		l := lines[i]
		if l.Who != w.who || l.Action != w.action || !strings.Contains(l.Summary, w.says) || l.At == "" {
			t.Errorf("line %d of Bruno's record = %+v, want %s by %s saying %q", i, l, w.action, w.who, w.says)
		}
		if i > 0 && (l.Tour == nil || *l.Tour != aa.brunoTour.ID || !strings.HasPrefix(l.Summary, "Bruno's Giro: ")) {
			t.Errorf("line %d of Bruno's record names tour %v (%q), want his tour %d by name", i, l.Tour, l.Summary, aa.brunoTour.ID)
		}
		if l.Director == nil || *l.Director != aa.brunoID {
			t.Errorf("line %d of Bruno's record is of director %v, want Bruno (%d)", i, l.Director, aa.brunoID)
		}
		if i > 0 && l.ID >= lines[i-1].ID {
			t.Errorf("Bruno's record is not newest first: line %d has id %d after %d", i, l.ID, lines[i-1].ID)
		}
	}
	// The tour's record: the four changes of the dispute but the team's edit, read alike by its owner, its
	// co-director and the administrator; Carla's own tour is not in it.
	byTour := aa.auditOf(t, aa.annaToken, "tour="+tour)
	for _, token := range []string{aa.brunoToken, aa.carlaToken} {
		if got := aa.auditOf(t, token, "tour="+tour); fmt.Sprint(auditIDs(got)) != fmt.Sprint(auditIDs(byTour)) {
			t.Errorf("a director of the tour reads its record as lines %v, want the administrator's %v", auditIDs(got), auditIDs(byTour))
		}
	}
	if len(byTour) < 4 || byTour[0].Action != "stage.undo" || byTour[len(byTour)-1].Action != "tour.create" || byTour[len(byTour)-1].Who != "Bruno" {
		t.Errorf("the record of Bruno's tour = %+v, want his undo first and its creation last", byTour)
	}
	// Bruno's account was made on the command line.
	if all := aa.auditOf(t, aa.annaToken, "director="+itoa(aa.brunoID)+"&limit=500"); all[len(all)-1].Action != "director.create" || all[len(all)-1].Who != "command line" {
		t.Errorf("the oldest line of Bruno's record = %+v, want his account created on the command line", all[len(all)-1])
	}
	// An official reads every line, and changes none.
	if got := aa.auditOf(t, aa.withOfficial(t), "tour="+tour); fmt.Sprint(auditIDs(got)) != fmt.Sprint(auditIDs(byTour)) {
		t.Errorf("the official reads the tour's record as lines %v, want %v", auditIDs(got), auditIDs(byTour))
	}
	for _, l := range aa.auditOf(t, aa.brunoToken, "") {
		if l.Tour != nil && *l.Tour == aa.carlaTour.ID {
			t.Errorf("Bruno reads a line of Carla's tour: %+v", l)
		}
	}
	// Paging: two lines, then the next two before the last.
	first := aa.auditOf(t, aa.annaToken, "tour="+tour+"&limit=2")
	next := aa.auditOf(t, aa.annaToken, "tour="+tour+"&limit=2&before="+itoa(first[1].ID))
	if len(first) != 2 || len(next) != 2 || first[0].ID != byTour[0].ID || next[0].ID != byTour[2].ID {
		t.Errorf("pages of two = %+v then %+v, want the record's lines 1–2 then 3–4", first, next)
	}
	// Refusals: a filter that is not one names its field; another's tour is not found; no one unsigned.
	for _, q := range []struct{ query, field string }{
		{"tour=abc", "tour"}, {"director=-3", "director"}, {"tour=1000000000000000000000000000000", "tour"},
		{"limit=-1", "limit"}, {"limit=501", "limit"}, {"before=x", "before"}, {"limit=0", "limit"},
	} {
		rec := aa.api(t, aa.annaToken, http.MethodGet, "/api/v1/audit?"+q.query, nil)
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `"`+q.field+`"`) {
			t.Errorf("GET /api/v1/audit?%s = %d %s, want 422 naming %s", q.query, rec.Code, clip(rec.Body.String()), q.field)
		}
	}
	// Anna's tour and a tour that never was are answered alike: the record tells no one which exists.
	hidden := aa.api(t, aa.carlaToken, http.MethodGet, "/api/v1/audit?tour="+itoa(aa.tour.ID), nil)
	if hidden.Code != http.StatusNotFound {
		t.Errorf("Carla's GET of the record of Anna's tour = %d, want 404", hidden.Code)
	}
	never := aa.api(t, aa.carlaToken, http.MethodGet, "/api/v1/audit?tour=99999", nil)
	if never.Code != http.StatusNotFound || strings.ReplaceAll(never.Body.String(), "99999", itoa(aa.tour.ID)) != hidden.Body.String() {
		t.Errorf("Carla's GET of the record of a tour that never was = %d %s, want the same 404 as Anna's tour's (%s)", never.Code, never.Body, hidden.Body)
	}
	if rec := aa.api(t, "", http.MethodGet, "/api/v1/audit", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("GET /api/v1/audit unsigned = %d, want 401", rec.Code)
	}
	// The stage history says who made each change.
	var history []struct {
		Action string `json:"action"`
		Who    string `json:"who"`
	}
	if err := json.Unmarshal(aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/tours/"+tour+"/stages/1/history", nil, http.StatusOK).Body.Bytes(), &history); err != nil {
		t.Fatal(err)
	}
	if len(history) != 3 || history[0].Who != "Bruno" || history[1].Who != "Carla" || history[2].Who != "Bruno" {
		t.Errorf("the stage's history = %+v, want Bruno's undo, Carla's change, Bruno's result", history)
	}
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	page := bruno.get(t, "/tours/"+tour+"/stages/1/history").Body.String()
	if !strings.Contains(page, "<td>Carla</td>") || !strings.Contains(page, "<td>Bruno</td>") {
		t.Errorf("the stage history page does not name Carla and Bruno: %s", clip(page))
	}
	// The audit page, as the administrator, with the same filters.
	anna := aa.directorBrowser(t, "Anna", annaPassword)
	rec := anna.get(t, "/audit?tour="+tour)
	if body := rec.Body.String(); rec.Code != http.StatusOK || !strings.Contains(body, `<strong class="audit-who">Carla</strong>`) || strings.Contains(body, "Rojo de Anna") || !strings.Contains(body, `<a href="/audit" aria-current="page">`) {
		t.Errorf("the audit page of Bruno's tour = %d, want Carla's change, not Anna's team edit, and the page in the menu: %s", rec.Code, clip(body))
	}
	if body := bruno.get(t, "/tours").Body.String(); strings.Contains(body, `<a href="/audit"`) || !strings.Contains(body, `href="/audit?tour=`+tour+`"`) {
		t.Errorf("Bruno's tours page: want no audit page in his menu, and his tour's record linked")
	}
	if rec := anna.get(t, "/audit?limit=nope"); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("the audit page with limit=nope = %d, want 422", rec.Code)
	}
	if rec := aa.newBrowser("").get(t, "/audit"); !toSignIn(rec) {
		t.Errorf("the audit page unsigned = %d %s, want the sign-in page", rec.Code, rec.Header().Get("Location"))
	}
}

// TestAuditNamesThePINTable enters a result on a table guarded by the PIN: its author is the table's
// PIN session, in the record and in the stage history; no one without the PIN reads the record.
func TestAuditNamesThePINTable(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	token := la.tokenOf(t, testPIN)
	rec := la.api(t, token, http.MethodPut, "/api/v1/tours/"+itoa(la.tour.ID)+"/settings", map[string]any{"youth_born_from": "2000-01-01"})
	if rec.Code != http.StatusOK {
		t.Fatalf("PUT settings = %d %s", rec.Code, clip(rec.Body.String()))
	}
	rec = la.api(t, token, http.MethodGet, "/api/v1/audit?tour="+itoa(la.tour.ID)+"&limit=1", nil)
	var lines []auditLineJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &lines); err != nil || rec.Code != http.StatusOK || len(lines) != 1 {
		t.Fatalf("GET /api/v1/audit = %d %s, want one line", rec.Code, clip(rec.Body.String()))
	}
	if l := lines[0]; l.Who != "table (PIN)" || l.Action != "tour.settings" || l.Director != nil {
		t.Errorf("the PIN's change = %+v, want tour.settings by the table (PIN), of no director", l)
	}
	if rec := la.api(t, "", http.MethodGet, "/api/v1/audit", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("GET /api/v1/audit without the PIN = %d, want 401", rec.Code)
	}
	page := la.director(t).get(t, "/audit?tour="+itoa(la.tour.ID))
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), "table (PIN)") {
		t.Errorf("the audit page of the PIN's table = %d, want the table (PIN) named: %s", page.Code, clip(page.Body.String()))
	}
}

// withoutTable is a snapshot without the rows of table (and its heading).
func withoutTable(snapshot, table string) string {
	start := strings.Index(snapshot, "== "+table+" (")
	if start < 0 {
		return snapshot
	}
	end := strings.Index(snapshot[start+1:], "\n== ")
	if end < 0 {
		return snapshot[:start]
	}
	return snapshot[:start] + snapshot[start+1+end+1:]
}

// auditLines counts the lines of the audit record in a snapshot.
func auditLines(snapshot string) int {
	start := strings.Index(snapshot, "== audit_entries (")
	if start < 0 {
		return 0
	}
	rest := snapshot[start:]
	if end := strings.Index(rest[1:], "\n== "); end >= 0 {
		rest = rest[:end+1]
	}
	return strings.Count(strings.TrimRight(rest, "\n"), "\n")
}

// TestEveryChangeLeavesItsAuditLine walks every route of the router that changes something, as Bruno
// on his own tour, team, rider and season (the walk of TestAccountsLetTheOwnerThrough): whatever a
// request stores, the audit record holds its line too, by Bruno. A route added later is walked too:
// it cannot store a change without its line.
func TestEveryChangeLeavesItsAuditLine(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	aa.tour.ID, aa.team, aa.rider, aa.tour.FollowCode = aa.brunoTour.ID, aa.brunoTeam, aa.brunoRider, aa.brunoTour.FollowCode
	aa.season = decodeBody[seasonJSON](t, aa.call(t, aa.brunoToken, http.MethodPost, "/api/v1/seasons", map[string]any{"name": "Bruno's league", "points": []int{3, 1}}, http.StatusCreated))
	target, a, b := aa.resultTarget(t, aa.brunoTour)
	aa.call(t, aa.brunoToken, http.MethodPut, target, map[string]any{"order": []int{a, b}}, http.StatusOK)
	// Deletions come last: a result's, then a rider's, then the others, the tour's at the very end.
	var routes []lockRoute
	var deletes [4][]lockRoute
	for _, r := range aa.routesOf() {
		del := strings.HasSuffix(r.path, "/delete") || r.method == http.MethodDelete
		switch {
		case reads(r.method) || signInRoute(r) || invitationRoute(r) || adminRoute(r) || r.path == "/setup" || r.path == "/sign-out" || r.path == "/api/v1/session" || strings.Contains(r.path, "*"):
		case del && strings.Contains(r.path, "/stages/"):
			deletes[0] = append(deletes[0], r)
		case del && strings.Contains(r.path, "riders/:id"):
			deletes[1] = append(deletes[1], r)
		case del && (r.path == "/tours/:id/delete" || r.path == "/api/v1/tours/:id"):
			deletes[3] = append(deletes[3], r)
		case del:
			deletes[2] = append(deletes[2], r)
		default:
			routes = append(routes, r)
		}
	}
	// What a request sends: a form carries every field the forms know; the API, whose bodies refuse an
	// unknown field, one body after the other.
	form := url.Values{"name": {"Changed"}, "short": {"CHG"}, "color": {"#123456"}, "number": {"7"}, "team_id": {itoa(aa.brunoTeam)},
		"order": {fmt.Sprintf("%d %d", b, a)}, "bib": {fmt.Sprint(a)}, "reason": {"crash"}, "confirm": {"yes"}, "manager": {"Marta"},
		"youth_born_from": {"2001-01-01"}, "born": {"2001-02-03"}, "directors": {itoa(aa.carlaID)}, "points": {"3 1"}}
	bodies := []map[string]any{{"name": "Changed"}, {"order": []int{b, a}}, {"bib": a}, {"manager": "Marta"}, {"born": "2001-02-03"},
		{"youth_born_from": "2001-01-01"}, {"directors": []uint{aa.carlaID}}, {"name": "Changed", "points": []int{3, 1}}}
	data := func(s string) string { return withoutTable(withoutTable(s, "audit_entries"), "director_sessions") }
	changed := 0
	for _, group := range append([][]lockRoute{routes}, deletes[:]...) {
		for _, r := range group {
			sends := []func() int{func() int { return bruno.post(t, r.target, form).Code }}
			if strings.HasPrefix(r.path, "/api/") {
				sends = sends[:0]
				for _, body := range bodies {
					sends = append(sends, func() int { return aa.api(t, aa.brunoToken, r.method, r.target, body).Code })
				}
			} else if r.method != http.MethodPost {
				continue
			}
			for _, send := range sends {
				before := aa.snapshot(t)
				code := send()
				after := aa.snapshot(t)
				if data(before) == data(after) {
					continue
				}
				changed++
				if code >= 500 {
					t.Errorf("%s %s = %d, yet it changed the database", r.method, r.target, code)
				}
				was, now := auditLines(before), auditLines(after)
				if now <= was {
					t.Errorf("%s %s (route %s) changed the database without a line in the audit record:\n%s", r.method, r.target, r.path, diffLines(data(before), data(after)))
					continue
				}
				for _, l := range aa.auditOf(t, aa.annaToken, "limit="+itoa(uint(now-was))) {
					if l.Who != "Bruno" {
						t.Errorf("%s %s left a line by %q, want Bruno: %+v", r.method, r.target, l.Who, l)
					}
				}
			}
		}
	}
	t.Logf("%d requests of the walk changed the database, each with its line", changed)
	if changed < 25 {
		t.Errorf("the walk changed the database %d times, want at least 25: it walks too little to prove anything", changed)
	}
}
