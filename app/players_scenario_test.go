package app_test

// The players of a tour's teams (docs/API.md "Players"): PUT /api/v1/tours/{id}/teams/{team_id}
// names a team's player, refusals name the field in the reader's language and change nothing, the tour
// JSON and its backup carry the player, the riders page sets him, and a player's palmarès lists his
// tours.

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/store"
)

// playerPalmares is the body of GET /api/v1/players/{name}/palmares as the test reads it.
type playerPalmares struct {
	Player struct {
		Name string `json:"name"`
	} `json:"player"`
	Tours []struct {
		TourID           uint   `json:"tour_id"`
		RacedAs          string `json:"raced_as"`
		TeamNumber       int    `json:"team_number"`
		Closed           int    `json:"closed"`
		CyclingPartyRank *int   `json:"cycling_party_rank"`
		StageWins        []int  `json:"stage_wins"`
	} `json:"tours"`
}

// managerOf is the player of team n of a tour as its JSON says.
func managerOf(t *testing.T, tour store.TourView, n int) string {
	t.Helper()
	for _, tm := range tour.Teams {
		if tm.ID == n {
			return tm.Manager
		}
	}
	t.Fatalf("tour %d has no team %d", tour.ID, n)
	return ""
}

func TestTeamPlayers(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tt := newTVTour(t, ta, "cycling-party")
	r := tt.r

	// Named through the API, trimmed; the tour JSON says it.
	tour := decode[store.TourView](t, r.ok(t, http.MethodPut, "/teams/1", map[string]any{"manager": "  Marta "}))
	if got := managerOf(t, tour, 1); got != "Marta" {
		t.Errorf("PUT teams/1 {manager: \"  Marta \"} answered manager %q, want Marta", got)
	}
	if got := managerOf(t, decode[store.TourView](t, r.ok(t, http.MethodGet, "", nil)), 1); got != "Marta" {
		t.Errorf("GET the tour: team 1's manager = %q, want Marta", got)
	}
	if !strings.Contains(r.ok(t, http.MethodGet, "", nil).Body.String(), `"manager":""`) {
		t.Errorf("the tour JSON does not say the teams without a player: want \"manager\":\"\"")
	}

	// Refusals: the field named, nothing stored.
	r.refused(t, "a name of 41 characters", http.MethodPut, "/teams/1", map[string]any{"manager": strings.Repeat("m", 41)}, http.StatusUnprocessableEntity, "validation", "manager")
	r.refused(t, "a line break", http.MethodPut, "/teams/1", map[string]any{"manager": "Mar\nta"}, http.StatusUnprocessableEntity, "validation", "manager")
	r.refused(t, "no manager in the body", http.MethodPut, "/teams/1", map[string]any{}, http.StatusUnprocessableEntity, "validation", "manager")
	r.refused(t, "a manager that is not text", http.MethodPut, "/teams/1", map[string]any{"manager": 7}, http.StatusBadRequest, "bad_request")
	r.refused(t, "an unknown field", http.MethodPut, "/teams/1", map[string]any{"manager": "Eve", "name": "x"}, http.StatusBadRequest, "bad_request")
	r.refused(t, "a team the tour lacks", http.MethodPut, "/teams/9", map[string]any{"manager": "Eve"}, http.StatusNotFound, "not_found")
	r.refused(t, "a team that is no number", http.MethodPut, "/teams/abc", map[string]any{"manager": "Eve"}, http.StatusNotFound, "not_found")
	refusedUnchanged(t, ta, "a tour that does not exist", http.MethodPut, "/api/v1/tours/99999/teams/1", map[string]any{"manager": "Eve"}, http.StatusNotFound, "not_found")

	// In the reader's language.
	req := httptest.NewRequest(http.MethodPut, r.url("/teams/1"), strings.NewReader(`{"manager":"`+strings.Repeat("m", 41)+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "es")
	rec := ta.serve(t, req, false)
	if e := decode[apiError](t, rec); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(e.Error.Fields["manager"], "como máximo 40 caracteres") {
		t.Errorf("a long name in Spanish = %d %v, want 422 with manager \"debe tener como máximo 40 caracteres…\"", rec.Code, e.Error.Fields)
	}

	// The backup carries the players; a restored tour has them.
	tourCall(t, ta, http.MethodPut, r.url("/teams/2"), map[string]any{"manager": "Luca"}, http.StatusOK)
	backup := r.ok(t, http.MethodGet, "/backup.json", nil).Body.Bytes()
	if !strings.Contains(string(backup), `"manager": "Marta"`) {
		t.Errorf("the backup lacks team 1's player:\n%s", clip(string(backup)))
	}
	restored := decode[store.TourView](t, tourCall(t, ta, http.MethodPost, "/api/v1/tours/import", backup, http.StatusCreated))
	if managerOf(t, restored, 1) != "Marta" || managerOf(t, restored, 2) != "Luca" || managerOf(t, restored, 3) != "" {
		t.Errorf("the restored tour's players = %q, %q, %q; want Marta, Luca and none", managerOf(t, restored, 1), managerOf(t, restored, 2), managerOf(t, restored, 3))
	}
	bad := strings.Replace(string(backup), `"manager": "Marta"`, `"manager": "`+strings.Repeat("m", 41)+`"`, 1)
	e := refusedUnchanged(t, ta, "a backup with a player's name too long", http.MethodPost, "/api/v1/tours/import", []byte(bad), http.StatusUnprocessableEntity, "validation")
	if !strings.Contains(fmt.Sprint(e.Error.Fields), "manager") {
		t.Errorf("the refused backup does not name the manager field: %v", e.Error.Fields)
	}

	// The palmarès: Marta ran Rojo in both tours; after stage 1 of the first her place is known.
	r.order(t, 1, "sprints", 1, 11, 21, 31)
	tt.finish(t, 1)
	r.close(t, 1)
	// Beside the team: the Cycling Party standings (API and page), the TV, the story.
	for _, m := range r.standings(t, 1).CyclingParty {
		if want := map[int]string{1: "Marta", 2: "Luca"}[m.TeamID]; m.Manager != want {
			t.Errorf("the standings' cycling_party row of team %d has manager %q, want %q", m.TeamID, m.Manager, want)
		}
	}
	for _, w := range []struct{ path, want string }{
		{fmt.Sprintf("/tours/%d/cycling-party", r.id), `· <a href="/players/Marta/palmares">Marta</a>`},
		{"/follow/" + tt.code + "/tv", "Marta"},
		{"/follow/" + tt.code, "· Marta"},
		{fmt.Sprintf("/api/v1/tours/%d/story", r.id), `"manager":"Marta"`},
	} {
		if rec := ta.do(t, http.MethodGet, w.path, nil); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), w.want) {
			t.Errorf("GET %s = %d, want 200 with %q:\n%s", w.path, rec.Code, w.want, clip(rec.Body.String()))
		}
	}
	p := decode[playerPalmares](t, tourCall(t, ta, http.MethodGet, "/api/v1/players/"+url.PathEscape(" marta ")+"/palmares", nil, http.StatusOK))
	if p.Player.Name != "marta" || len(p.Tours) != 2 {
		t.Fatalf("marta's palmarès = %+v, want the name as asked and 2 tours", p)
	}
	first := p.Tours[0]
	if first.TourID != r.id || first.RacedAs != "Rojo" || first.TeamNumber != 1 || first.Closed != 1 || first.CyclingPartyRank == nil {
		t.Errorf("marta's first tour = %+v, want tour %d, Rojo (team 1), 1 stage closed, a Cycling Party place", first, r.id)
	}
	if p.Tours[1].TourID != restored.ID {
		t.Errorf("marta's second tour = %d, want the restored %d", p.Tours[1].TourID, restored.ID)
	}
	nobody := decode[playerPalmares](t, tourCall(t, ta, http.MethodGet, "/api/v1/players/Nobody/palmares", nil, http.StatusOK))
	if len(nobody.Tours) != 0 {
		t.Errorf("a player of no tour has tours: %+v", nobody.Tours)
	}
	refusedUnchanged(t, ta, "a player's name too long", http.MethodGet, "/api/v1/players/"+strings.Repeat("m", 41)+"/palmares", nil, http.StatusUnprocessableEntity, "validation", "manager")
	page := ta.do(t, http.MethodGet, "/players/Marta/palmares", nil)
	for _, want := range []string{"Palmarès of Marta", "Rojo", fmt.Sprintf(`href="/tours/%d/story"`, r.id)} {
		if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), want) {
			t.Errorf("GET /players/Marta/palmares = %d, want 200 with %q:\n%s", page.Code, want, clip(page.Body.String()))
		}
	}

	// Cleared with "".
	if got := managerOf(t, decode[store.TourView](t, r.ok(t, http.MethodPut, "/teams/2", map[string]any{"manager": ""})), 2); got != "" {
		t.Errorf("PUT {manager: \"\"} left %q", got)
	}

	// The riders page: the director's form, a refusal shown beside the team, then saved.
	riders := fmt.Sprintf("/tours/%d/riders", r.id)
	if body := ta.do(t, http.MethodGet, riders, nil).Body.String(); !strings.Contains(body, fmt.Sprintf(`action="/tours/%d/teams/1/manager"`, r.id)) || !strings.Contains(body, `href="/players/Marta/palmares"`) {
		t.Errorf("the riders page lacks team 1's player form or the link to Marta's palmarès:\n%s", clip(body))
	}
	before := ta.snapshot(t)
	refused := ta.form(t, fmt.Sprintf("/tours/%d/teams/3/manager", r.id), url.Values{"manager": {strings.Repeat("v", 41)}})
	if refused.Code != http.StatusUnprocessableEntity || !strings.Contains(refused.Body.String(), "Must be at most 40 characters") || !strings.Contains(refused.Body.String(), `id="err-manager-3"`) {
		t.Errorf("a long name on the riders page = %d, want 422 with the reason beside team 3:\n%s", refused.Code, clip(refused.Body.String()))
	}
	if ta.snapshot(t) != before {
		t.Errorf("the refused form changed the database")
	}
	if rec := ta.form(t, fmt.Sprintf("/tours/%d/teams/3/manager", r.id), url.Values{"manager": {"Vera"}}); rec.Code != http.StatusSeeOther {
		t.Errorf("saving Vera on the riders page = %d, want 303", rec.Code)
	}
	if got := managerOf(t, decode[store.TourView](t, r.ok(t, http.MethodGet, "", nil)), 3); got != "Vera" {
		t.Errorf("after the riders page's form team 3's player = %q, want Vera", got)
	}
	if rec := ta.form(t, fmt.Sprintf("/tours/%d/teams/7/manager", r.id), url.Values{"manager": {"Vera"}}); rec.Code != http.StatusNotFound {
		t.Errorf("the form of a team the tour lacks = %d, want 404", rec.Code)
	}
}

// TestTeamPlayersAtCreation names players when the tour is made through the API (managers by database
// team id): a bad one is refused naming the team's field.
func TestTeamPlayersAtCreation(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	p := cpProposal(t, ta, 2, 5)
	rojo, azul := teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID
	body := createBody(p, rojo, azul)
	body["managers"] = map[string]string{itoa(azul): strings.Repeat("a", 41)}
	refusedUnchanged(t, ta, "a player's name too long at creation", http.MethodPost, "/api/v1/tours", body, http.StatusUnprocessableEntity, "validation", "teams[1].manager")
	body["managers"] = map[string]string{itoa(azul): " Aldo "}
	tour := createTour(t, ta, body)
	if managerOf(t, tour, 1) != "" || managerOf(t, tour, 2) != "Aldo" {
		t.Errorf("created with managers {azul: Aldo}: players %q, %q; want none and Aldo", managerOf(t, tour, 1), managerOf(t, tour, 2))
	}
}

// TestTeamPlayersLocked: only the director names a player; a follower's PUT and form are refused and
// change nothing, while a player's palmarès is read by anyone, as a team's.
func TestTeamPlayersLocked(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	target := "/api/v1/tours/" + itoa(la.tour.ID) + "/teams/1"
	refusedUnchangedWith(t, la, "", "a follower's PUT of a team's player", http.MethodPut, target, map[string]any{"manager": "Eve"})
	refusedUnchangedWith(t, la, "bad-token", "a PUT with a made-up token", http.MethodPut, target, map[string]any{"manager": "Eve"})
	if rec := la.api(t, "", http.MethodGet, "/api/v1/players/Eve/palmares", nil); rec.Code != http.StatusOK {
		t.Errorf("a follower's palmarès of a player = %d, want 200: with the PIN, reads are open (as a team's palmarès)", rec.Code)
	}
	follower := la.newBrowser("")
	before := la.snapshot(t)
	if rec := follower.post(t, "/tours/"+itoa(la.tour.ID)+"/teams/1/manager", url.Values{"manager": {"Eve"}}); rec.Code == http.StatusSeeOther && !toSignIn(rec) {
		t.Errorf("a follower's form naming a player = %d to %q, want a refusal", rec.Code, rec.Header().Get("Location"))
	}
	if la.snapshot(t) != before {
		t.Errorf("a follower's form changed the database")
	}
	token := la.tokenOf(t, testPIN)
	if rec := la.api(t, token, http.MethodPut, target, map[string]any{"manager": "Dora"}); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"manager":"Dora"`) {
		t.Errorf("the director's PUT = %d %s, want 200 with Dora", rec.Code, clip(rec.Body.String()))
	}
}
