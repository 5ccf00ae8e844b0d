package app_test

// Scenarios of one teams database for every game: the default teams race any ruleset through
// POST /api/v1/tours, each rider with his role in the tour's game; a role that does not fit is one
// clear field error; a tour may change roles for itself only; the riders API reads and sets a role
// per game and keeps the older single-role shape working.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"racedirector/app/store"
)

// defaultTeamIDs are the ids of the first n default teams.
func defaultTeamIDs(t testing.TB, ta *testApp, n int) []uint {
	t.Helper()
	var out []uint
	for _, team := range getTeams(t, ta)[:n] {
		out = append(out, team.ID)
	}
	return out
}

func TestDefaultTeamsRaceEveryGame(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := getTeams(t, ta)
	all := defaultTeamIDs(t, ta, 6)
	cases := []struct {
		ruleset string
		riders  int
		// first are the roles of the first team's riders in the tour, by counter number.
		first string
	}{
		{"cycling-party", 6, "leader sprinter rouleur flat_domestique mountain_domestique lanterne_rouge"},
		{"cycling-party", 5, "leader sprinter rouleur flat_domestique mountain_domestique"},
		{"ciclismo-a-fondo", 6, ""},
		{"ciclismo-a-fondo", 5, ""},
		{"2ruote", 5, "rider rider rider rider rider"},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s with %d riders", c.ruleset, c.riders), func(t *testing.T) {
			p := propose(t, ta, map[string]any{"ruleset": c.ruleset, "name": "Default teams", "stages": 2, "profile": "medium", "riders_per_team": c.riders, "seed": 5})
			tour := createTour(t, ta, createBody(p, all...))
			if len(tour.Teams) != 6 {
				t.Fatalf("tour of %s has %d teams, want the 6 default teams", c.ruleset, len(tour.Teams))
			}
			for i, team := range tour.Teams {
				if len(team.Riders) != c.riders {
					t.Errorf("team %s races %d riders, want %d", team.Name, len(team.Riders), c.riders)
				}
				cost := 0
				for j, r := range team.Riders {
					own := teams[i].Riders[j].Games[c.ruleset]
					if r.Role != own.Role {
						t.Errorf("%s rider %s races as %q, want his %s role %q", team.Name, r.Name, r.Role, c.ruleset, own.Role)
					}
					cost += r.Attributes["cost"]
				}
				if c.ruleset == "2ruote" && (cost < 5 || cost > 10) {
					t.Errorf("2RUOTE team %s costs %d, want within the limit of 10", team.Name, cost)
				}
			}
			if c.first != "" {
				var roles []string
				for _, r := range tour.Teams[0].Riders {
					roles = append(roles, r.Role)
				}
				if got := strings.Join(roles, " "); got != c.first {
					t.Errorf("first team's roles = %s, want %s", got, c.first)
				}
			}
		})
	}
	t.Run("2ruote with riders chosen", func(t *testing.T) {
		p := propose(t, ta, map[string]any{"ruleset": "2ruote", "name": "Scelta", "stages": 1, "profile": "flat", "seed": 5})
		body := createBody(p, all[0], all[1])
		var last5 []uint
		for _, r := range teams[0].Riders[1:] {
			last5 = append(last5, r.ID)
		}
		body["riders"] = map[string][]uint{strconv.Itoa(int(all[0])): last5}
		tour := createTour(t, ta, body)
		if tour.Teams[0].Riders[0].Name != teams[0].Riders[1].Name {
			t.Errorf("2RUOTE team with riders 2–6 chosen starts with %s, want %s", tour.Teams[0].Riders[0].Name, teams[0].Riders[1].Name)
		}
	})
}

// TestDefaultTeamsShipReadyForEveryGame checks the default teams against each game's team rules:
// Cycling Party roles by counter, Ciclismo a fondo types within their limits, 2RUOTE cards whose any
// five riders fit the cost limit.
func TestDefaultTeamsShipReadyForEveryGame(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	caf, ruote, cp := getRuleset(t, ta, "ciclismo-a-fondo"), getRuleset(t, ta, "2ruote"), getRuleset(t, ta, "cycling-party")
	for _, team := range getTeams(t, ta) {
		perType := map[string]int{}
		total, cheapest := 0, 10
		for _, r := range team.Riders {
			if want, _ := cp.RoleForCounter(r.Number); r.Games["cycling-party"].Role != want.ID {
				t.Errorf("%s %s: Cycling Party role %q, want %q (counter %d)", team.Name, r.Name, r.Games["cycling-party"].Role, want.ID, r.Number)
			}
			typ := r.Games["ciclismo-a-fondo"].Role
			role, ok := caf.Role(typ)
			if !ok {
				t.Errorf("%s %s: Ciclismo a fondo type %q is not one", team.Name, r.Name, typ)
			}
			if perType[typ]++; role.MaxPerTeam > 0 && perType[typ] > role.MaxPerTeam {
				t.Errorf("%s has %d %s, at most %d", team.Name, perType[typ], typ, role.MaxPerTeam)
			}
			card := r.Games["2ruote"].Attributes
			for _, a := range ruote.Team.Attributes {
				if v, ok := card[a.ID]; !ok || v < a.Min || v > a.Max {
					t.Errorf("%s %s: 2RUOTE %s = %d (given %v), want %d–%d", team.Name, r.Name, a.ID, v, ok, a.Min, a.Max)
				}
			}
			total += card["cost"]
			cheapest = min(cheapest, card["cost"])
		}
		if total-cheapest > ruote.Team.MaxCost {
			t.Errorf("%s: its five dearest riders cost %d, over the 2RUOTE limit of %d", team.Name, total-cheapest, ruote.Team.MaxCost)
		}
	}
}

func TestTourRefusesRidersWithoutARoleInItsGame(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	var cpOnly []uint
	for _, name := range []string{"Uno", "Dos", "Tres", "Cuatro"} {
		var riders []map[string]any
		for i, role := range []string{"leader", "sprinter", "rouleur", "flat_domestique", "mountain_domestique", "lanterne_rouge"} {
			riders = append(riders, map[string]any{"name": fmt.Sprintf("%s %d", name, i+1), "number": i + 1, "role": role})
		}
		cpOnly = append(cpOnly, addTeam(t, ta, name, strings.ToUpper(name[:3]), riders))
	}
	caf := propose(t, ta, map[string]any{"ruleset": "ciclismo-a-fondo", "name": "Vuelta", "stages": 2, "profile": "medium", "riders_per_team": 6, "seed": 3})
	e := refusedUnchanged(t, ta, "24 riders without a Ciclismo a fondo role", http.MethodPost, "/api/v1/tours", createBody(caf, cpOnly...),
		http.StatusUnprocessableEntity, "validation", "teams[0].riders[0].role")
	if len(e.Error.Fields) != 1 {
		t.Errorf("refusal names %d fields, want one clear field error: %v", len(e.Error.Fields), e.Error.Fields)
	}
	msg := e.Error.Fields["teams[0].riders[0].role"]
	for _, want := range []string{"Uno 1 (number 1 of Uno)", "has no Ciclismo a fondo role", "23 other riders (of Uno, Dos, Tres, Cuatro)", "Teams & riders"} {
		if !strings.Contains(msg, want) {
			t.Errorf("refusal %q does not say %q", msg, want)
		}
	}

	ruote := propose(t, ta, map[string]any{"ruleset": "2ruote", "name": "Giro", "stages": 1, "profile": "flat", "seed": 3})
	defaults := defaultTeamIDs(t, ta, 1)
	e = refusedUnchanged(t, ta, "a team without 2RUOTE cards", http.MethodPost, "/api/v1/tours", createBody(ruote, defaults[0], cpOnly[1]),
		http.StatusUnprocessableEntity, "validation", "teams[1].riders[0].attributes.cost")
	if len(e.Error.Fields) != 1 || !strings.Contains(e.Error.Message, "Dos 1 (number 1 of Dos) has no 2RUOTE card") {
		t.Errorf("refusal = %q %v, want one field naming Dos 1 and the missing card", e.Error.Message, e.Error.Fields)
	}
}

func TestTourOverridesRolesForItselfOnly(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := getTeams(t, ta)
	rojo, azul := teams[getTeamIndex(teams, "Rojo")], teams[getTeamIndex(teams, "Azul")]
	durand := rojo.Riders[5] // RO in Ciclismo a fondo; Rojo has no TT
	caf := propose(t, ta, map[string]any{"ruleset": "ciclismo-a-fondo", "name": "Vuelta", "stages": 1, "profile": "flat", "riders_per_team": 6, "seed": 3})
	before := content(t, ta)

	body := createBody(caf, rojo.ID, azul.ID)
	body["overrides"] = map[string]any{fmt.Sprint(durand.ID): map[string]any{"role": "TT"}}
	tour := createTour(t, ta, body)
	if got := tour.Teams[0].Riders[5]; got.Name != durand.Name || got.Role != "TT" {
		t.Errorf("the overridden rider races as %s %q, want %s TT", got.Name, got.Role, durand.Name)
	}
	if after := content(t, ta); after != before {
		t.Errorf("a tour override changed the database:\n%s", diffLines(before, after))
	}

	refusals := []struct {
		name      string
		overrides map[string]any
		field     string
		says      string
	}{
		{"a role of another game", map[string]any{fmt.Sprint(durand.ID): map[string]any{"role": "leader"}}, fmt.Sprintf("overrides.%d.role", durand.ID), "is not a Ciclismo a fondo role; the roles are "},
		{"a rider not in the tour's teams", map[string]any{fmt.Sprint(teams[getTeamIndex(teams, "Verde")].Riders[0].ID): map[string]any{"role": "TT"}}, fmt.Sprintf("overrides.%d", teams[getTeamIndex(teams, "Verde")].Riders[0].ID), "is not a rider of the tour's teams"},
		{"a rider id that is not one", map[string]any{"uno": map[string]any{"role": "TT"}}, "overrides.uno", "is not a rider of the tour's teams"},
		{"a second JF", map[string]any{fmt.Sprint(durand.ID): map[string]any{"role": "JF"}}, "teams[0].riders[5].role", "at most 1"},
		{"a card value in a game without cards", map[string]any{fmt.Sprint(durand.ID): map[string]any{"attributes": map[string]int{"cost": 2}}}, fmt.Sprintf("overrides.%d.attributes.cost", durand.ID), "is not a Ciclismo a fondo card value"},
	}
	for _, r := range refusals {
		body := createBody(caf, rojo.ID, azul.ID)
		body["overrides"] = r.overrides
		e := refusedUnchanged(t, ta, r.name, http.MethodPost, "/api/v1/tours", body, http.StatusUnprocessableEntity, "validation", r.field)
		if !strings.Contains(e.Error.Fields[r.field], r.says) {
			t.Errorf("%s: %s = %q, want it to say %q", r.name, r.field, e.Error.Fields[r.field], r.says)
		}
	}

	// 2RUOTE: a card changed for the tour, within the cost limit; past it, the team is refused.
	ruote := propose(t, ta, map[string]any{"ruleset": "2ruote", "name": "Giro", "stages": 1, "profile": "flat", "seed": 3})
	body = createBody(ruote, rojo.ID, azul.ID)
	freire := rojo.Riders[1]
	card := map[string]int{"cost": 3, "pianura": 8, "montagna": 2, "discesa": 5, "collina": 5, "volata": 9, "cronometro": 3}
	body["overrides"] = map[string]any{fmt.Sprint(freire.ID): map[string]any{"attributes": card}}
	tour = createTour(t, ta, body)
	if got := tour.Teams[0].Riders[1].Attributes; got["cost"] != 3 || got["pianura"] != 8 {
		t.Errorf("the overridden card = %v, want cost 3 and pianura 8", got)
	}
	card["cost"] = 4
	card["volata"] = 10
	body["overrides"] = map[string]any{fmt.Sprint(freire.ID): map[string]any{"attributes": card}, fmt.Sprint(rojo.Riders[2].ID): map[string]any{"attributes": map[string]int{"cost": 4}}}
	refusedUnchanged(t, ta, "a card out of range", http.MethodPost, "/api/v1/tours", body, http.StatusUnprocessableEntity, "validation",
		fmt.Sprintf("overrides.%d.attributes.volata", freire.ID))
	delete(card, "volata")
	e := refusedUnchanged(t, ta, "cards past the cost limit", http.MethodPost, "/api/v1/tours", body, http.StatusUnprocessableEntity, "validation", "teams[0].riders")
	if !strings.Contains(e.Error.Fields["teams[0].riders"], "above the limit of 10") {
		t.Errorf("cost refusal = %q, want it to name the limit", e.Error.Fields["teams[0].riders"])
	}
}

// getTeamIndex is the index of the team called name.
func getTeamIndex(teams []store.Team, name string) int {
	for i, t := range teams {
		if t.Name == name {
			return i
		}
	}
	return -1
}

func TestRidersAPIRolePerGame(t *testing.T) {
	t.Parallel()
	pogacar := `{"2ruote":{"role":"rider","attributes":{"collina":8,"cost":3,"cronometro":8,"discesa":7,"montagna":9,"pianura":6,"volata":5}},"ciclismo-a-fondo":{"role":"JF"},"cycling-party":{"role":"leader"}}`
	gamesIs := func(id uint, want string) func(t testing.TB, ta *testApp, _ *httptestRecorder) {
		return func(t testing.TB, ta *testApp, _ *httptestRecorder) {
			b, _ := json.Marshal(riderOf(t, ta, id).Games)
			if string(b) != want {
				t.Errorf("rider %d games = %s, want %s", id, b, want)
			}
		}
	}
	runScenarios(t, []scenario{
		{name: "a rider shows his role in each game, and the default game's in the older fields", method: "GET", url: "/api/v1/riders/1", wantStatus: 200,
			wantContains: []string{`"role":"leader"`, `"attributes":{}`, `"games":` + pogacar}},
		{name: "games replace the rider's roles", method: "PUT", url: "/api/v1/riders/1",
			body:       obj{"name": "Tadej Pogačar", "number": 1, "games": obj{"ciclismo-a-fondo": obj{"role": "ES"}, "2ruote": obj{"attributes": obj{"cost": 4}}}},
			wantStatus: 200, wantContains: []string{`"role":"rider"`, `"attributes":{"cost":4}`},
			after: gamesIs(1, `{"2ruote":{"role":"rider","attributes":{"cost":4}},"ciclismo-a-fondo":{"role":"ES"}}`)},
		{name: "the older role field sets its game and keeps the others", method: "PUT", url: "/api/v1/riders/1",
			body: obj{"name": "Tadej Pogačar", "number": 1, "role": "TT"}, wantStatus: 200,
			after: gamesIs(1, strings.Replace(pogacar, `"JF"`, `"TT"`, 1))},
		{name: "older card values set 2RUOTE's and keep the other games", method: "PUT", url: "/api/v1/riders/1",
			body: obj{"name": "Tadej Pogačar", "number": 1, "role": "leader", "attributes": obj{"cost": 1, "volata": 9}}, wantStatus: 200,
			after: gamesIs(1, `{"2ruote":{"role":"rider","attributes":{"cost":1,"volata":9}},"ciclismo-a-fondo":{"role":"JF"},"cycling-party":{"role":"leader"}}`)},
		{name: "a GET put back unchanged", method: "PUT", url: "/api/v1/riders/1",
			body: json.RawMessage(`{"id":1,"team_id":1,"name":"Tadej Pogačar","number":1,"role":"leader","attributes":{},"games":` + pogacar + `}`), wantStatus: 200,
			after: gamesIs(1, pogacar)},
		{name: "a new rider with a role in two games", method: "POST", url: "/api/v1/riders",
			body: obj{"team_id": 1, "name": "Siete", "number": 7, "games": obj{"cycling-party": obj{"role": "rouleur"}, "ciclismo-a-fondo": obj{"role": "RS"}}}, wantStatus: 201,
			after: gamesIs(37, `{"ciclismo-a-fondo":{"role":"RS"},"cycling-party":{"role":"rouleur"}}`)},
		{name: "a role of another game refused in the game's words", method: "PUT", url: "/api/v1/riders/1",
			body: obj{"name": "Tadej Pogačar", "number": 1, "games": obj{"ciclismo-a-fondo": obj{"role": "leader"}}}, wantStatus: 422, unchanged: true,
			wantFields: []string{"games.ciclismo-a-fondo.role"}, wantContains: []string{`is not a Ciclismo a fondo role; the roles are `}, wantNotContains: []string{"flat_domestique"}},
		{name: "an unknown game", method: "PUT", url: "/api/v1/riders/1",
			body: obj{"name": "Tadej Pogačar", "number": 1, "games": obj{"monopoly": obj{"role": "banker"}}}, wantStatus: 422, unchanged: true, wantFields: []string{"games.monopoly"}},
		{name: "a card value out of range", method: "PUT", url: "/api/v1/riders/1",
			body: obj{"name": "Tadej Pogačar", "number": 1, "games": obj{"2ruote": obj{"attributes": obj{"cost": 5}}}}, wantStatus: 422, unchanged: true,
			wantFields: []string{"games.2ruote.attributes.cost"}},
		{name: "a card value of another game", method: "PUT", url: "/api/v1/riders/1",
			body: obj{"name": "Tadej Pogačar", "number": 1, "games": obj{"cycling-party": obj{"role": "leader", "attributes": obj{"cost": 2}}}}, wantStatus: 422, unchanged: true,
			wantFields: []string{"games.cycling-party.attributes.cost"}},
		{name: "the older role disagreeing with games", method: "PUT", url: "/api/v1/riders/1",
			body: obj{"name": "Tadej Pogačar", "number": 1, "role": "sprinter", "games": obj{"cycling-party": obj{"role": "leader"}}}, wantStatus: 422, unchanged: true,
			wantFields: []string{"role"}},
		{name: "no role in any game: a rider of real races", method: "POST", url: "/api/v1/riders",
			body: obj{"team_id": 1, "name": "Siete", "number": 7, "games": obj{}}, wantStatus: http.StatusCreated},
		{name: "a team with riders of every game", method: "POST", url: "/api/v1/teams",
			body: obj{"name": "Mixto", "short": "MIX", "color": "#123456", "riders": []obj{
				{"number": 1, "name": "Uno", "games": obj{"cycling-party": obj{"role": "leader"}, "2ruote": obj{"attributes": obj{"cost": 2}}}},
				{"number": 2, "name": "Dos", "role": "JF"}}},
			wantStatus: 201, wantContains: []string{`"games":{"2ruote":{"role":"rider","attributes":{"cost":2}},"cycling-party":{"role":"leader"}}`, `"games":{"ciclismo-a-fondo":{"role":"JF"}}`}},
		{name: "a team's rider with a bad role per game", method: "POST", url: "/api/v1/teams",
			body:       obj{"name": "Mixto", "short": "MIX", "color": "#123456", "riders": []obj{{"number": 1, "name": "Uno", "games": obj{"ciclismo-a-fondo": obj{"role": "XX"}}}}},
			wantStatus: 422, unchanged: true, wantFields: []string{"riders[0].games.ciclismo-a-fondo.role"}},
	})
}

// httptestRecorder shortens the scenario after-func signature.
type httptestRecorder = httptest.ResponseRecorder

// TestDefaultTeamsRaceTheDefaultProposal creates a tour of the box's teams from each game's proposal
// as it comes (Ciclismo a fondo proposes teams of up to 8): the teams race with their 6 riders.
func TestDefaultTeamsRaceTheDefaultProposal(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	for _, rs := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote"} {
		p := propose(t, ta, map[string]any{"ruleset": rs, "name": "Como viene", "stages": 1, "profile": "flat", "seed": 9})
		tour := createTour(t, ta, createBody(p, defaultTeamIDs(t, ta, 4)...))
		want := map[string]int{"cycling-party": 6, "ciclismo-a-fondo": 6, "2ruote": 5}[rs]
		if tour.RidersPerTeam != want || len(tour.Teams[3].Riders) != want {
			t.Errorf("%s tour of the default proposal races %d riders per team (team 4 has %d), want %d", rs, tour.RidersPerTeam, len(tour.Teams[3].Riders), want)
		}
	}
	p := propose(t, ta, map[string]any{"ruleset": "ciclismo-a-fondo", "name": "Demasiados", "stages": 1, "profile": "flat", "seed": 9})
	body := createBody(p, defaultTeamIDs(t, ta, 2)...)
	body["riders_per_team"] = 12
	refusedUnchanged(t, ta, "12 riders per team", http.MethodPost, "/api/v1/tours", body, http.StatusUnprocessableEntity, "validation", "riders_per_team")
}
