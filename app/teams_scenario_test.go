package app_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"racedirector/app/store"
)

// The fresh database holds the default teams in teams.json order: Rojo is team 1 (riders 1–6,
// Tadej Pogačar is rider 1), Azul team 2 (riders 7–12), … Naranja team 6.

type obj = map[string]any

// defaultRoles are the Cycling Party roles of counters 1–6 in every default team.
var defaultRoles = []string{"leader", "sprinter", "rouleur", "flat_domestique", "mountain_domestique", "lanterne_rouge"}

func TestHealth(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{{
		name: "healthz answers ok", method: http.MethodGet, url: "/healthz",
		wantStatus: http.StatusOK, wantContains: []string{`{"status":"ok"}`},
		wantHeader: map[string]string{"Content-Type": "application/json"}, unchanged: true,
	}})
}

// getTeams lists the teams through the API.
func getTeams(t testing.TB, ta *testApp) []store.Team {
	t.Helper()
	rec := ta.do(t, http.MethodGet, "/api/v1/teams", nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /api/v1/teams = %d, want 200; body:\n%s", rec.Code, rec.Body)
	}
	return decode[[]store.Team](t, rec)
}

func TestDefaultTeamsOnFirstStart(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := getTeams(t, ta)
	if len(teams) != 6 {
		t.Fatalf("a first start loaded %d teams, want 6", len(teams))
	}
	names := map[string]bool{}
	for _, team := range teams {
		names[team.Name] = true
		if len(team.Riders) != 6 {
			t.Errorf("team %s has %d riders, want 6", team.Name, len(team.Riders))
			continue
		}
		for i, r := range team.Riders {
			if r.Number != i+1 {
				t.Errorf("team %s rider %d has number %d, want %d", team.Name, i, r.Number, i+1)
			}
			if r.Role != defaultRoles[i] {
				t.Errorf("team %s number %d has role %q, want %q", team.Name, r.Number, r.Role, defaultRoles[i])
			}
			if r.TeamID != team.ID {
				t.Errorf("rider %s has team_id %d, want %d", r.Name, r.TeamID, team.ID)
			}
		}
	}
	for _, want := range []string{"Rojo", "Azul", "Verde", "Negro", "Morado", "Naranja"} {
		if !names[want] {
			t.Errorf("default teams lack %s (have %v)", want, names)
		}
	}

	// A restart does not load them a second time.
	ta = ta.restart(t)
	if got := len(getTeams(t, ta)); got != 6 {
		t.Errorf("after a restart there are %d teams, want the same 6", got)
	}

	// A director who deletes them does not get them back on the next start.
	for _, team := range getTeams(t, ta) {
		if rec := ta.do(t, http.MethodDelete, fmt.Sprintf("/api/v1/teams/%d", team.ID), nil); rec.Code != http.StatusNoContent {
			t.Fatalf("DELETE team %d = %d, want 204; body:\n%s", team.ID, rec.Code, rec.Body)
		}
	}
	ta = ta.restart(t)
	if got := getTeams(t, ta); len(got) != 0 {
		t.Errorf("after deleting every team and restarting there are %d teams, want 0", len(got))
	}
	if rec := ta.do(t, http.MethodGet, "/api/v1/riders", nil); strings.TrimSpace(rec.Body.String()) != "[]" {
		t.Errorf("after deleting every team the riders are %s, want []", rec.Body)
	}
}

// teamOf reads team id through the API.
func teamOf(t testing.TB, ta *testApp, id uint) store.Team {
	t.Helper()
	rec := ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/teams/%d", id), nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET team %d = %d, want 200; body:\n%s", id, rec.Code, rec.Body)
	}
	return decode[store.Team](t, rec)
}

// wantStatusOf checks the status of a follow-up request.
func wantStatusOf(t testing.TB, ta *testApp, method, url string, want int) {
	t.Helper()
	if rec := ta.do(t, method, url, nil); rec.Code != want {
		t.Errorf("%s %s = %d, want %d; body:\n%s", method, url, rec.Code, want, clip(rec.Body.String()))
	}
}

func TestTeamsAPI(t *testing.T) {
	t.Parallel()
	valid := func() obj { return obj{"name": "Ñandú Čapek", "short": "ÑAN", "color": "#00a0ff"} }
	with := func(k string, v any) obj { b := valid(); b[k] = v; return b }
	sixRiders := []obj{
		{"number": 1, "name": "Søren Łukasz", "role": "leader"},
		{"number": 2, "name": "Ñico Čech", "role": "sprinter"},
		{"number": 3, "name": "Ørjan Wiśniowski", "role": "rouleur"},
		{"number": 4, "name": "Four", "role": "flat_domestique"},
		{"number": 5, "name": "Five", "role": "mountain_domestique"},
		{"number": 6, "name": "Six", "role": "lanterne_rouge"},
	}
	runScenarios(t, []scenario{
		// Good input.
		{name: "list", method: "GET", url: "/api/v1/teams", wantStatus: 200, unchanged: true,
			wantContains: []string{`"name":"Rojo"`, `"name":"Tadej Pogačar"`, `"name":"Søren Kragh Andersen"`, `"name":"Rafał Majka"`, `"name":"Primož Roglič"`},
			after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
				teams := decode[[]store.Team](t, rec)
				for i := 1; i < len(teams); i++ {
					if strings.ToLower(teams[i-1].Name) > strings.ToLower(teams[i].Name) {
						t.Errorf("teams are not by name: %s before %s", teams[i-1].Name, teams[i].Name)
					}
				}
			}},
		{name: "get one", method: "GET", url: "/api/v1/teams/1", wantStatus: 200, unchanged: true,
			wantContains: []string{`"id":1`, `"name":"Rojo"`, `"short":"ROJ"`, `"color":"#d62828"`, `"riders":[`, `"role":"leader"`}},
		{name: "create with accents", method: "POST", url: "/api/v1/teams", body: valid(), wantStatus: 201,
			wantContains: []string{`"name":"Ñandú Čapek"`, `"short":"ÑAN"`, `"riders":[]`},
			wantHeader:   map[string]string{"Location": "/api/v1/teams/7"},
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				if got := teamOf(t, ta, 7); got.Name != "Ñandú Čapek" || got.Short != "ÑAN" {
					t.Errorf("stored team = %q %q, want Ñandú Čapek ÑAN", got.Name, got.Short)
				}
			}},
		{name: "create with riders", method: "POST", url: "/api/v1/teams", body: with("riders", sixRiders), wantStatus: 201,
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				got := teamOf(t, ta, 7)
				if len(got.Riders) != 6 || got.Riders[0].Name != "Søren Łukasz" || got.Riders[2].Name != "Ørjan Wiśniowski" {
					t.Errorf("stored riders = %+v, want the six given, Søren Łukasz first", got.Riders)
				}
			}},
		{name: "create normalises short and colour", method: "POST", url: "/api/v1/teams",
			body: obj{"name": "  Blanco  ", "short": "bla", "color": "#ABCDEF"}, wantStatus: 201,
			wantContains: []string{`"name":"Blanco"`, `"short":"BLA"`, `"color":"#abcdef"`}},
		{name: "create name of 60 letters with accents", method: "POST", url: "/api/v1/teams",
			body: with("name", strings.Repeat("ñ", 60)), wantStatus: 201},
		{name: "create with 2RUOTE rider values", method: "POST", url: "/api/v1/teams",
			body: with("riders", []obj{{"number": 1, "name": "Uno", "role": "rider", "attributes": obj{"cost": 4, "pianura": 9, "montagna": 1}}}), wantStatus: 201,
			wantContains: []string{`"attributes":{"cost":4,"montagna":1,"pianura":9}`}},
		{name: "update", method: "PUT", url: "/api/v1/teams/1", body: obj{"name": "Rojo Ñ", "short": "ROÑ", "color": "#aa0000"}, wantStatus: 200,
			wantContains: []string{`"name":"Rojo Ñ"`, `"short":"ROÑ"`},
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				if got := teamOf(t, ta, 1); len(got.Riders) != 6 {
					t.Errorf("an update without riders left %d riders, want the 6 kept", len(got.Riders))
				}
			}},
		{name: "update own name in other case", method: "PUT", url: "/api/v1/teams/1", body: obj{"name": "ROJO", "short": "ROJ", "color": "#d62828"}, wantStatus: 200,
			wantContains: []string{`"name":"ROJO"`}},
		{name: "update replaces riders when given", method: "PUT", url: "/api/v1/teams/1",
			body:       obj{"name": "Rojo", "short": "ROJ", "color": "#d62828", "riders": []obj{{"number": 1, "name": "Tadej Pogačar", "role": "leader"}, {"number": 9, "name": "Nuevo", "role": "rouleur"}}},
			wantStatus: 200,
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				got := teamOf(t, ta, 1)
				if len(got.Riders) != 2 || got.Riders[0].ID != 1 || got.Riders[1].Number != 9 {
					t.Errorf("riders after the update = %+v, want rider 1 kept (id 1) and number 9 added", got.Riders)
				}
			}},
		{name: "delete", method: "DELETE", url: "/api/v1/teams/1", wantStatus: 204,
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				wantStatusOf(t, ta, "GET", "/api/v1/teams/1", 404)
				wantStatusOf(t, ta, "GET", "/api/v1/riders/1", 404)
				wantStatusOf(t, ta, "GET", "/api/v1/riders/7", 200)
				if got := len(getTeams(t, ta)); got != 5 {
					t.Errorf("after deleting one team %d remain, want 5", got)
				}
			}},

		// Refusals: each changes nothing.
		{name: "get unknown", method: "GET", url: "/api/v1/teams/999", wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "get non-number id", method: "GET", url: "/api/v1/teams/abc", wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "create malformed JSON", method: "POST", url: "/api/v1/teams", body: `{"name": "Uno",`, wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create not JSON at all", method: "POST", url: "/api/v1/teams", body: `name=Uno`, wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create empty body", method: "POST", url: "/api/v1/teams", body: ``, wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create wrong type", method: "POST", url: "/api/v1/teams", body: with("name", 5), wantStatus: 400, wantCode: "bad_request", unchanged: true,
			wantContains: []string{"name must be a string"}},
		{name: "create wrong type in a rider", method: "POST", url: "/api/v1/teams", body: with("riders", []obj{{"number": "1", "name": "Uno", "role": "leader"}}),
			wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create unknown field", method: "POST", url: "/api/v1/teams", body: with("captain", "Uno"), wantStatus: 400, wantCode: "bad_request", unchanged: true,
			wantContains: []string{"captain"}},
		{name: "create two JSON values", method: "POST", url: "/api/v1/teams", body: `{"name":"Uno","short":"UNO","color":"#000000"} {}`, wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create trailing brace", method: "POST", url: "/api/v1/teams", body: `{"name":"Uno","short":"UNO","color":"#000000"}}`, wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create not JSON content type", method: "POST", url: "/api/v1/teams", body: `{"name":"Uno","short":"UNO","color":"#000000"}`,
			header: map[string]string{"Content-Type": "text/plain"}, wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create name missing", method: "POST", url: "/api/v1/teams", body: with("name", ""), wantStatus: 422, wantCode: "validation", wantFields: []string{"name"}, unchanged: true},
		{name: "create name blank", method: "POST", url: "/api/v1/teams", body: with("name", "   "), wantStatus: 422, wantFields: []string{"name"}, unchanged: true},
		{name: "create name of 61", method: "POST", url: "/api/v1/teams", body: with("name", strings.Repeat("ñ", 61)), wantStatus: 422, wantFields: []string{"name"}, unchanged: true},
		{name: "create name taken", method: "POST", url: "/api/v1/teams", body: with("name", "Rojo"), wantStatus: 422, wantFields: []string{"name"}, unchanged: true},
		{name: "create name taken in other case", method: "POST", url: "/api/v1/teams", body: with("name", " rOJO "), wantStatus: 422, wantFields: []string{"name"}, unchanged: true},
		{name: "create short of 1", method: "POST", url: "/api/v1/teams", body: with("short", "Ñ"), wantStatus: 422, wantFields: []string{"short"}, unchanged: true},
		{name: "create short of 5", method: "POST", url: "/api/v1/teams", body: with("short", "ABCDE"), wantStatus: 422, wantFields: []string{"short"}, unchanged: true},
		{name: "create short with a digit", method: "POST", url: "/api/v1/teams", body: with("short", "AB1"), wantStatus: 422, wantFields: []string{"short"}, unchanged: true},
		{name: "create colour a word", method: "POST", url: "/api/v1/teams", body: with("color", "red"), wantStatus: 422, wantFields: []string{"color"}, unchanged: true},
		{name: "create colour short form", method: "POST", url: "/api/v1/teams", body: with("color", "#abc"), wantStatus: 422, wantFields: []string{"color"}, unchanged: true},
		{name: "create colour not hex", method: "POST", url: "/api/v1/teams", body: with("color", "#gggggg"), wantStatus: 422, wantFields: []string{"color"}, unchanged: true},
		{name: "create every field wrong", method: "POST", url: "/api/v1/teams", body: obj{"name": "", "short": "", "color": ""}, wantStatus: 422,
			wantFields: []string{"name", "short", "color"}, unchanged: true},
		{name: "create riders with a duplicate number", method: "POST", url: "/api/v1/teams",
			body:       with("riders", []obj{{"number": 1, "name": "Uno", "role": "leader"}, {"number": 1, "name": "Dos", "role": "sprinter"}}),
			wantStatus: 422, wantFields: []string{"riders[1].number"}, unchanged: true},
		{name: "create rider with an unknown role", method: "POST", url: "/api/v1/teams",
			body: with("riders", []obj{{"number": 1, "name": "Uno", "role": "captain"}}), wantStatus: 422, wantFields: []string{"riders[0].role"}, unchanged: true},
		{name: "create rider with a value out of range", method: "POST", url: "/api/v1/teams",
			body: with("riders", []obj{{"number": 1, "name": "Uno", "role": "rider", "attributes": obj{"cost": 5}}}), wantStatus: 422,
			wantFields: []string{"riders[0].attributes.cost"}, unchanged: true},
		{name: "create one bad rider among good ones stores nothing", method: "POST", url: "/api/v1/teams",
			body:       with("riders", append(append([]obj{}, sixRiders[:5]...), obj{"number": 10, "name": "Diez", "role": "leader"})),
			wantStatus: 422, wantFields: []string{"riders[5].number"}, unchanged: true},
		{name: "update unknown", method: "PUT", url: "/api/v1/teams/999", body: valid(), wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "update to another team's name", method: "PUT", url: "/api/v1/teams/2", body: obj{"name": "rojo", "short": "AZU", "color": "#1d4ed8"},
			wantStatus: 422, wantFields: []string{"name"}, unchanged: true},
		{name: "update bad colour", method: "PUT", url: "/api/v1/teams/2", body: obj{"name": "Azul", "short": "AZU", "color": "blue"},
			wantStatus: 422, wantFields: []string{"color"}, unchanged: true},
		{name: "update malformed JSON", method: "PUT", url: "/api/v1/teams/2", body: `{`, wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "update unknown field", method: "PUT", url: "/api/v1/teams/2", body: obj{"name": "Azul", "short": "AZU", "color": "#1d4ed8", "leader": 1},
			wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "delete unknown", method: "DELETE", url: "/api/v1/teams/999", wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "delete non-number id", method: "DELETE", url: "/api/v1/teams/x", wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "create from another site", method: "POST", url: "/api/v1/teams", body: valid(), header: map[string]string{"Sec-Fetch-Site": "cross-site"},
			wantStatus: 403, wantCode: "forbidden", unchanged: true},
	})
}

// TestTeamGetPutBack checks that what GET answers is a body PUT accepts, and that it changes nothing
// but the update time.
func TestTeamGetPutBack(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rec := ta.do(t, http.MethodGet, "/api/v1/teams/2", nil)
	put := ta.do(t, http.MethodPut, "/api/v1/teams/2", rec.Body.String())
	if put.Code != http.StatusOK {
		t.Fatalf("PUT back of GET /api/v1/teams/2 = %d, want 200; body:\n%s", put.Code, put.Body)
	}
	if put.Body.String() != rec.Body.String() {
		t.Errorf("PUT back answered\n%s\nwant the same as GET\n%s", put.Body, rec.Body)
	}
	rec = ta.do(t, http.MethodGet, "/api/v1/riders/7", nil)
	put = ta.do(t, http.MethodPut, "/api/v1/riders/7", rec.Body.String())
	if put.Code != http.StatusOK || put.Body.String() != rec.Body.String() {
		t.Errorf("PUT back of GET /api/v1/riders/7 = %d\n%s\nwant 200 and\n%s", put.Code, put.Body, rec.Body)
	}
}
