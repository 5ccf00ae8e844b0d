package app_test

// A league set up from nothing, as issue 26 checks it (on PostgreSQL when RACEDIRECTOR_TEST_DB names a
// server, on SQLite otherwise): the first administrator made on this machine, three directors and an
// official invited and choosing their passwords, a co-director entering results in a tour not theirs,
// a tour handed over while its players follow it, a director disabled and removed mid-season, and a
// season of three tours of three different games ranked through all of it.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/store"
)

// leaguePasswords are the passwords the league's directors choose from their invitations.
var leaguePasswords = map[string]string{
	"Lena":  "lena-runs-the-league",
	"Bruno": "bruno rides on",
	"Carla": "carla-climbs-alpe",
	"Dario": "dario-sprints-home",
	"Olga":  "olga-keeps-the-book",
}

// league is the table of the scenario: each account's id and the app as each of them calls it.
type league struct {
	la *lockedApp
	id map[string]uint
	as map[string]*testApp
}

// signedInAs is the app as a script with token calls it: the same router, cookies of its own.
func signedInAs(ta *testApp, token string) *testApp {
	c := *ta
	c.cookies = map[string]*http.Cookie{}
	c.bearer = token
	return &c
}

// invite has the administrator invite name with role, and the invited one choose their password
// through the invitation's page, as a director does; it keeps their id and their signed-in app.
func (lg *league) invite(t *testing.T, name, role string) {
	t.Helper()
	rec := tourCall(t, lg.as["Lena"], http.MethodPost, "/api/v1/directors", map[string]any{"name": name, "role": role}, http.StatusCreated)
	var inv struct {
		Director   store.DirectorLine `json:"director"`
		Invitation struct {
			URL string `json:"url"`
		} `json:"invitation"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &inv); err != nil || !strings.Contains(inv.Invitation.URL, "/invitations/") {
		t.Fatalf("inviting %s answered %s", name, clip(rec.Body.String()))
	}
	link := inv.Invitation.URL[strings.Index(inv.Invitation.URL, "/invitations/"):]
	pw := leaguePasswords[name]
	if rec := lg.la.newBrowser("").post(t, link, url.Values{"password": {pw}, "confirm": {pw}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("%s choosing a password = %d; body:\n%s", name, rec.Code, clip(rec.Body.String()))
	}
	lg.id[name] = inv.Director.ID
	lg.as[name] = signedInAs(lg.la.testApp, lg.la.tokenFor(t, name, pw))
}

// status sends a request as name and returns the answer's status.
func (lg *league) status(t *testing.T, name, method, target string, body any) int {
	t.Helper()
	return lg.as[name].do(t, method, target, body).Code
}

// followed reads a tour as its players' phones do, with the follow code alone.
func followed(t *testing.T, ta *testApp, code string) followedTour {
	t.Helper()
	var f followedTour
	rec := ta.serve(t, jsonRequest(http.MethodGet, "/api/v1/follow/"+code, nil), false)
	if rec.Code != http.StatusOK {
		t.Fatalf("following %s = %d; body:\n%s", code, rec.Code, clip(rec.Body.String()))
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// followedTour is what a follower's phone reads of a tour: its name, code and stages closed.
type followedTour struct {
	Tour       string `json:"tour"`
	FollowCode string `json:"follow_code"`
	Closed     int    `json:"closed"`
}

func TestLeagueSetUpFromNothing(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	lg := &league{la: &lockedApp{testApp: ta, clock: newTestClock()}, id: map[string]uint{}, as: map[string]*testApp{}}

	// The first administrator, on the machine the league's server runs on.
	laptop := lg.la.newBrowser(localAddr)
	pw := leaguePasswords["Lena"]
	if rec := laptop.post(t, "/setup", url.Values{"name": {"Lena"}, "password": {pw}, "confirm": {pw}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/directors" {
		t.Fatalf("the first-run setup = %d %s; body:\n%s", rec.Code, rec.Header().Get("Location"), clip(rec.Body.String()))
	}
	lg.as["Lena"] = signedInAs(ta, lg.la.tokenFor(t, "Lena", pw))
	for _, d := range []struct{ name, role string }{{"Bruno", "director"}, {"Carla", "director"}, {"Dario", "director"}, {"Olga", "official"}} {
		lg.invite(t, d.name, d.role)
	}
	if rec := ta.do(t, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("anyone's GET /api/v1/tours in the league = %d, want 401", rec.Code)
	}

	// Three directors, three games, each with their own copy of the teams.
	bruno := raceTourOfEach3(t, lg.as["Bruno"], "cycling-party")
	carla := raceTourOfEach3(t, lg.as["Carla"], "ciclismo-a-fondo")
	dario := raceTourOfEach3(t, lg.as["Dario"], "2ruote")
	for name, r := range map[string]raceRun{"Bruno": bruno, "Carla": carla, "Dario": dario} {
		if v := ownedTour(t, r); v.Owner == nil || v.Owner.ID != lg.id[name] {
			t.Errorf("%s's tour is owned by %+v", name, v.Owner)
		}
	}
	if got := lg.status(t, "Bruno", http.MethodGet, carla.url(""), nil); got != http.StatusNotFound {
		t.Errorf("Bruno reading Carla's tour = %d, want 404", got)
	}

	// Dario co-directs Carla's tour: he enters its results (the disputed finish), nothing more.
	tourCall(t, lg.as["Carla"], http.MethodPut, carla.url("/codirectors"), map[string]any{"directors": []uint{lg.id["Dario"]}}, http.StatusOK)
	asDario := raceRun{ta: lg.as["Dario"], id: carla.id}
	all := leagueBibs()
	asDario.finish(t, 1, turnGroup(30, all[8:]...), turnGroup(31, all[:8]...))
	// The dispute: who entered stage 1's finish, and who changed it? The official reads the record.
	disputed := decode[[]auditLineJSON](t, tourCall(t, lg.as["Olga"], http.MethodGet, fmt.Sprintf("/api/v1/audit?tour=%d", carla.id), nil, http.StatusOK))
	var finishes []string
	for _, l := range disputed {
		if l.Action == "stage.result" {
			finishes = append(finishes, l.Who)
		}
	}
	if len(finishes) != 2 || finishes[0] != "Dario" || finishes[1] != "Carla" || disputed[0].Who != "Dario" {
		t.Errorf("the record of the disputed tour, newest first = %+v; want Dario's finish, then Carla's", disputed)
	}
	for _, c := range []struct{ method, path string }{{http.MethodDelete, ""}, {http.MethodPut, "/owner"}, {http.MethodPut, "/codirectors"}} {
		if got := lg.status(t, "Dario", c.method, carla.url("%s", c.path), map[string]any{"director": lg.id["Dario"], "directors": []uint{}}); got != http.StatusForbidden {
			t.Errorf("the co-director's %s %s = %d, want 403", c.method, c.path, got)
		}
	}

	// The official sees every tour of the league and changes none.
	if tours := decode[[]store.TourSummary](t, tourCall(t, lg.as["Olga"], http.MethodGet, "/api/v1/tours", nil, http.StatusOK)); len(tours) != 3 {
		t.Errorf("the official sees %d tours, want the league's 3", len(tours))
	}
	before := ta.snapshot(t)
	for _, c := range []struct{ method, path string }{{http.MethodPut, "/stages/1/finish"}, {http.MethodPost, "/stages/1/close"}, {http.MethodDelete, ""}} {
		if got := lg.status(t, "Olga", c.method, carla.url("%s", c.path), map[string]any{"groups": []any{turnGroup(30, all...)}}); got != http.StatusForbidden {
			t.Errorf("the official's %s %s = %d, want 403", c.method, c.path, got)
		}
	}
	if after := ta.snapshot(t); after != before {
		t.Fatalf("the official's refused changes changed the database:\n%s", diffLines(before, after))
	}

	// The season: three tours of three games, ranked.
	rec := tourCall(t, lg.as["Lena"], http.MethodPost, "/api/v1/seasons", map[string]any{"name": "Liga 2027", "points": []int{25, 18, 15, 12, 10, 8, 6, 4, 2, 1}}, http.StatusCreated)
	season := decode[seasonJSON](t, rec)
	seasonURL := fmt.Sprintf("/api/v1/seasons/%d", season.ID)
	tourCall(t, lg.as["Lena"], http.MethodPut, seasonURL+"/tours", map[string]any{"tours": []uint{bruno.id, carla.id, dario.id}}, http.StatusOK)
	standings := func() (seasonStandingsJSON, string) {
		rec := tourCall(t, lg.as["Lena"], http.MethodGet, seasonURL+"/standings", nil, http.StatusOK)
		return decode[seasonStandingsJSON](t, rec), rec.Body.String()
	}
	st, _ := standings()
	games := map[string]bool{}
	for _, tr := range st.Tours {
		games[tr.Game] = true
	}
	if len(st.Tours) != 3 || len(games) != 3 {
		t.Fatalf("the season's tours = %+v, want three of three games", st.Tours)
	}
	if len(st.Riders) < 10 || st.Riders[0].Rank != 1 || st.Riders[0].Points < st.Riders[len(st.Riders)-1].Points {
		t.Fatalf("the season's riders are not ranked: %+v", st.Riders)
	}
	for i := 1; i < len(st.Riders); i++ {
		if a, b := st.Riders[i-1], st.Riders[i]; b.Points > a.Points || b.Rank < a.Rank {
			t.Errorf("season rider %d (%s, %d points, rank %d) above %s (%d, rank %d)", i, b.Name, b.Points, b.Rank, a.Name, a.Points, a.Rank)
		}
	}

	// Carla hands her tour to Dario while its players follow it: the same id and code, the stream goes on.
	srv := followServer(t, ta)
	code := carla.tourView(t).FollowCode
	stream := openStream(t, srv.URL, code, "")
	handed := decode[store.TourShare](t, tourCall(t, lg.as["Carla"], http.MethodPut, carla.url("/owner"), map[string]any{"director": lg.id["Dario"]}, http.StatusOK))
	if handed.Owner == nil || handed.Owner.ID != lg.id["Dario"] || len(handed.Codirectors) != 0 {
		t.Errorf("the tour handed over = %+v, want Dario its owner and no co-director left", handed)
	}
	asDario.close(t, 1)
	for {
		if ev := stream.next(t); ev.Event == "update" {
			if ch := ev.change(t); ch.Tour != carla.id {
				t.Errorf("the follower's update names tour %d, want %d", ch.Tour, carla.id)
			}
			break
		}
	}
	if f := followed(t, ta, code); f.Tour != asDario.tourView(t).Name || f.FollowCode != code || f.Closed != 1 {
		t.Errorf("the followed tour after the hand-over = %+v, want the same tour, code %s, its stage 1 closed", f, code)
	}
	if got := lg.status(t, "Carla", http.MethodGet, carla.url(""), nil); got != http.StatusNotFound {
		t.Errorf("Carla reading the tour she handed over = %d, want 404", got)
	}

	// Mid-season, Bruno leaves: disabled (his sessions end, his tour stays followed and ranked), then
	// removed, Carla his heir.
	_, ranked := standings()
	brunoCode := bruno.tourView(t).FollowCode
	tourCall(t, lg.as["Lena"], http.MethodPost, fmt.Sprintf("/api/v1/directors/%d/disable", lg.id["Bruno"]), nil, http.StatusOK)
	if got := lg.status(t, "Bruno", http.MethodGet, "/api/v1/tours", nil); got != http.StatusUnauthorized {
		t.Errorf("Bruno's session after he was disabled = %d, want 401", got)
	}
	if rec := ta.do(t, http.MethodPost, "/api/v1/session", map[string]string{"name": "Bruno", "password": leaguePasswords["Bruno"]}); rec.Code != http.StatusForbidden {
		t.Errorf("Bruno signing in disabled = %d, want 403", rec.Code)
	}
	followed(t, ta, brunoCode)
	if _, again := standings(); again != ranked {
		t.Errorf("the season's standings changed when Bruno was disabled")
	}
	tourCall(t, lg.as["Lena"], http.MethodDelete, fmt.Sprintf("/api/v1/directors/%d?heir=%d", lg.id["Bruno"], lg.id["Carla"]), nil, http.StatusOK)
	if v := ownedTour(t, raceRun{ta: lg.as["Lena"], id: bruno.id}); v.Owner == nil || v.Owner.ID != lg.id["Carla"] || v.FollowCode != brunoCode {
		t.Errorf("Bruno's tour after his removal = owner %+v, code %s; want Carla's, code %s", v.Owner, v.FollowCode, brunoCode)
	}
	if got := lg.status(t, "Carla", http.MethodGet, bruno.url("/standings"), nil); got != http.StatusOK {
		t.Errorf("Carla reading the tour she inherited = %d, want 200", got)
	}
	if _, again := standings(); again != ranked {
		t.Errorf("the season's standings changed when Bruno was removed")
	}
	// The record outlives Bruno's account: his tour's lines, his removal by Lena.
	var removal bool
	for _, l := range decode[[]auditLineJSON](t, tourCall(t, lg.as["Lena"], http.MethodGet, fmt.Sprintf("/api/v1/audit?director=%d", lg.id["Bruno"]), nil, http.StatusOK)) {
		removal = removal || l.Action == "director.remove" && l.Who == "Lena"
	}
	brunoLines := decode[[]auditLineJSON](t, tourCall(t, lg.as["Lena"], http.MethodGet, fmt.Sprintf("/api/v1/audit?tour=%d", bruno.id), nil, http.StatusOK))
	if !removal || len(brunoLines) < 7 || brunoLines[len(brunoLines)-1].Who != "Bruno" {
		t.Errorf("the record after Bruno's removal: his removal by Lena found %v; his tour's lines %+v", removal, brunoLines)
	}
	if rec := ta.serve(t, jsonRequest(http.MethodGet, "/api/v1/follow/season/"+season.FollowCode, nil), false); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Liga 2027") {
		t.Errorf("following the season with its code = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
}

// ownedTour reads a tour with its owner, as the director r calls as.
func ownedTour(t *testing.T, r raceRun) sharedTour {
	t.Helper()
	return decode[sharedTour](t, r.ok(t, http.MethodGet, "", nil))
}

// leagueBibs are the bibs of a three-team tour of five riders a team.
func leagueBibs() []int {
	var out []int
	for tm := 1; tm <= 3; tm++ {
		for n := 1; n <= 5; n++ {
			out = append(out, tm*10+n)
		}
	}
	return out
}

// raceTourOfEach3 creates, as the director ta calls as, a tour of the game with three teams of their
// own database and races it as raceTourOfEach does: the Cycling Party tour to its end, the others
// their first stage (Ciclismo a fondo's entered, not yet closed).
func raceTourOfEach3(t *testing.T, ta *testApp, game string) raceRun {
	t.Helper()
	all := leagueBibs()
	switch game {
	case "cycling-party":
		r := createRaceTour(t, ta, game, 5, pageCPStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID, teamNamed(t, ta, "Verde").ID}, false)
		for n := 1; n <= 3; n++ {
			rot := append(append([]int(nil), all[n*4:]...), all[:n*4]...)
			r.order(t, n, "sprints", 1, rot[0], rot[1], rot[2])
			r.finish(t, n, cpGroup(3, 4, 5, rot[:6]...), cpGroup(4, 2, 1, rot[6:]...))
			r.close(t, n)
		}
		return r
	case "ciclismo-a-fondo":
		r := createRaceTour(t, ta, game, 5, pageCAFStages(), cafRaceTeams(t, ta), false)
		r.finish(t, 1, turnGroup(30, all[:8]...), turnGroup(31, all[8:]...))
		return r
	}
	r := createRaceTour(t, ta, game, 5, ruoteRaceStages(), ruoteRaceTeams(t, ta), true)
	r.finish(t, 1, sectorGroup(1, 21, 11), sectorGroup(0, 12, 13, 14, 15, 22, 23, 24, 25, 31, 32, 33, 34, 35))
	r.close(t, 1)
	return r
}
