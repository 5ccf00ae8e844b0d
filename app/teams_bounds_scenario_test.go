package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"racedirector/app/store"
)

// riderCount is how many riders the teams hold.
func riderCount(teams []store.Team) int {
	n := 0
	for _, t := range teams {
		n += len(t.Riders)
	}
	return n
}

// TestTeamsDatabaseIsBounded lowers the database's bounds to one team and two riders more than the
// box's teams hold, then fills it through the API: the team and riders past the bounds, a team's
// riders replaced by more, a team form and a roster import past them are each a 422 naming the
// bound, in the user's language, and store nothing; a rider deleted makes room again.
func TestTeamsDatabaseIsBounded(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	box := getTeams(t, ta)
	teams, riders := len(box), riderCount(box)
	ta.Store.Bounds = store.DatabaseBounds{Teams: teams + 1, Riders: riders + 2}

	added := decode[store.Team](t, tourCall(t, ta, http.MethodPost, "/api/v1/teams", obj{"name": "Turquesa", "short": "TUR", "color": "#f97316"}, http.StatusCreated))
	e := refusedUnchanged(t, ta, "a team past the bound", http.MethodPost, "/api/v1/teams", obj{"name": "Celeste", "short": "CEL", "color": "#7e22ce"},
		http.StatusUnprocessableEntity, "validation", "name")
	if want := fmt.Sprintf("the teams database already holds %d teams, the most it may hold", teams+1); !strings.Contains(e.Error.Fields["name"], want) {
		t.Errorf("the team past the bound is refused with %q, want %q", e.Error.Fields["name"], want)
	}
	for n := 1; n <= 2; n++ {
		tourCall(t, ta, http.MethodPost, "/api/v1/riders", obj{"team_id": added.ID, "name": fmt.Sprintf("Turquesa %d", n), "number": n, "role": "rouleur"}, http.StatusCreated)
	}
	e = refusedUnchanged(t, ta, "a rider past the bound", http.MethodPost, "/api/v1/riders", obj{"team_id": added.ID, "name": "Turquesa 3", "number": 3, "role": "rouleur"},
		http.StatusUnprocessableEntity, "validation", "team_id")
	if want := fmt.Sprintf("the teams database already holds %d riders, the most it may hold", riders+2); !strings.Contains(e.Error.Fields["team_id"], want) {
		t.Errorf("the rider past the bound is refused with %q, want %q", e.Error.Fields["team_id"], want)
	}
	more := []obj{{"name": "Uno", "number": 1, "role": "leader"}, {"name": "Dos", "number": 2, "role": "sprinter"}, {"name": "Tres", "number": 3, "role": "rouleur"}}
	refusedUnchanged(t, ta, "a team's riders replaced by more", http.MethodPut, fmt.Sprintf("/api/v1/teams/%d", added.ID),
		obj{"name": "Turquesa", "short": "TUR", "color": "#f97316", "riders": more}, http.StatusUnprocessableEntity, "validation", "riders")
	es, se := ta.inLanguage(t, "es", http.MethodPost, "/api/v1/teams", `{"name": "Celeste", "short": "CEL", "color": "#7e22ce"}`)
	if want := fmt.Sprintf("la base de datos de equipos ya tiene %d equipos, el máximo que admite", teams+1); es.Code != http.StatusUnprocessableEntity ||
		!strings.Contains(se.Error.Fields["name"], want) {
		t.Errorf("the team past the bound in Spanish = %d %q, want %q", es.Code, se.Error.Fields["name"], want)
	}

	page := ta.form(t, "/teams", url.Values{"name": {"Celeste"}, "short": {"CEL"}, "color": {"#7e22ce"}})
	checkResponse(t, scenario{method: http.MethodPost, url: "/teams", wantStatus: http.StatusUnprocessableEntity,
		wantContains: []string{"The teams database already holds"}}, page)

	before := ta.snapshot(t)
	csv := "team,short,color,number,name,cycling-party role\nCeleste,CEL,#7e22ce,1,Primo,leader\nTurquesa,TUR,#f97316,3,Turquesa 3,rouleur\n"
	imp := ta.upload(t, "/api/v1/teams/import", "full.csv", []byte(csv), nil, false)
	checkResponse(t, scenario{method: http.MethodPost, url: "/api/v1/teams/import", wantStatus: http.StatusUnprocessableEntity,
		wantContains: []string{fmt.Sprintf("team Celeste would be team %d of the teams database, which may hold at most %d", teams+2, teams+1),
			fmt.Sprintf("Primo would be rider %d of the teams database, which may hold at most %d", riders+3, riders+2)}}, imp)
	if after := ta.snapshot(t); after != before {
		t.Errorf("the import past the bounds changed the database:\n%s", diffLines(before, after))
	}

	rider := added.ID
	for _, tm := range getTeams(t, ta) {
		if tm.ID == added.ID {
			rider = tm.Riders[0].ID
		}
	}
	tourCall(t, ta, http.MethodDelete, fmt.Sprintf("/api/v1/riders/%d", rider), nil, http.StatusNoContent)
	tourCall(t, ta, http.MethodPost, "/api/v1/riders", obj{"team_id": added.ID, "name": "Turquesa 3", "number": 3, "role": "rouleur"}, http.StatusCreated)
}

// TestTeamsBoundIsEachDirectors fills Bruno's teams database to its bound: Bruno's next team is
// refused, Carla's is not — each director's database has its own bound.
func TestTeamsBoundIsEachDirectors(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	own := decodeBody[[]store.Team](t, aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/teams", nil, http.StatusOK))
	aa.Store.Bounds = store.DatabaseBounds{Teams: len(own) + 1}
	aa.call(t, aa.brunoToken, http.MethodPost, "/api/v1/teams", obj{"name": "Turquesa", "short": "TUR", "color": "#f97316"}, http.StatusCreated)
	aa.call(t, aa.brunoToken, http.MethodPost, "/api/v1/teams", obj{"name": "Celeste", "short": "CEL", "color": "#7e22ce"}, http.StatusUnprocessableEntity)
	aa.call(t, aa.carlaToken, http.MethodPost, "/api/v1/teams", obj{"name": "Celeste", "short": "CEL", "color": "#7e22ce"}, http.StatusCreated)
}

// teamsOnPage are the names of the teams a Teams & riders page shows, in order.
func teamsOnPage(body string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`<section class="team" id="team-\d+">\s*<header>\s*<h2>.*? (\S[^<]*?) <span class="short">`).FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestTeamsPagePages fills the database past one page (the box's six teams and 20 more): page 1
// shows the first 20 teams by name with a link to page 2, page 2 the others with a link back; a
// page number that is not one shows the first page, one past the last the last; the pager speaks
// the page's language; a team saved is shown on its page.
func TestTeamsPagePages(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	for i := range 20 {
		tourCall(t, ta, http.MethodPost, "/api/v1/teams", obj{"name": fmt.Sprintf("Zeta %02d", i+1), "short": "ZET", "color": "#123456"}, http.StatusCreated)
	}
	all := getTeams(t, ta)
	var names []string
	for _, tm := range all {
		names = append(names, tm.Name)
	}
	get := func(target string) string {
		t.Helper()
		rec := ta.do(t, http.MethodGet, target, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s = %d, want 200", target, rec.Code)
		}
		return rec.Body.String()
	}
	first, second := get("/teams"), get("/teams?page=2")
	if got := teamsOnPage(first); strings.Join(got, "|") != strings.Join(names[:20], "|") {
		t.Errorf("page 1 shows %v, want the first 20 teams %v", got, names[:20])
	}
	if got := teamsOnPage(second); strings.Join(got, "|") != strings.Join(names[20:], "|") {
		t.Errorf("page 2 shows %v, want the last %d teams %v", got, len(names)-20, names[20:])
	}
	for _, c := range []struct{ body, want string }{
		{first, `href="/teams?page=2" rel="next"`}, {first, `<span aria-current="page">1</span>`}, {first, "Page 1 of 2 · 26 teams"},
		{second, `href="/teams?page=1" rel="prev"`}, {second, `<span aria-current="page">2</span>`},
	} {
		if !strings.Contains(c.body, c.want) {
			t.Errorf("the teams page lacks %s", c.want)
		}
	}
	for target, want := range map[string]string{"/teams?page=abc": first, "/teams?page=0": first, "/teams?page=-3": first, "/teams?page=99": second, "/teams?page=2": second} {
		if got := teamsOnPage(get(target)); strings.Join(got, "|") != strings.Join(teamsOnPage(want), "|") {
			t.Errorf("GET %s shows %v, want %v", target, got, teamsOnPage(want))
		}
	}
	if es := get("/teams?lang=es"); !strings.Contains(es, "Página 1 de 2") || !strings.Contains(es, ">Siguiente</a>") {
		t.Errorf("the Spanish teams page has no pager in Spanish")
	}
	last := all[len(all)-1]
	rec := ta.form(t, fmt.Sprintf("/teams/%d", last.ID), url.Values{"name": {last.Name}, "short": {last.Short}, "color": {last.Color}})
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || loc != fmt.Sprintf("/teams?page=2#team-%d", last.ID) {
		t.Errorf("saving the last team = %d to %q, want 303 to its page, /teams?page=2#team-%d", rec.Code, loc, last.ID)
	}
	if whole := getTeams(t, ta); len(whole) != 26 {
		t.Errorf("GET /api/v1/teams lists %d teams, want all 26", len(whole))
	}
}
