package app_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"racedirector/app/store"
)

// riderOf reads rider id through the API.
func riderOf(t testing.TB, ta *testApp, id uint) store.Rider {
	t.Helper()
	rec := ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/riders/%d", id), nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET rider %d = %d, want 200; body:\n%s", id, rec.Code, rec.Body)
	}
	return decode[store.Rider](t, rec)
}

// addRiders fills team 1 (which has numbers 1–6) up to 9 riders.
func addRiders(t testing.TB, ta *testApp) {
	t.Helper()
	for n := 7; n <= 9; n++ {
		rec := ta.do(t, http.MethodPost, "/api/v1/riders", obj{"team_id": 1, "name": fmt.Sprintf("Extra %d", n), "number": n, "role": "rouleur"})
		if rec.Code != http.StatusCreated {
			t.Fatalf("adding rider %d = %d, want 201; body:\n%s", n, rec.Code, rec.Body)
		}
	}
}

func TestRidersAPI(t *testing.T) {
	t.Parallel()
	valid := func() obj { return obj{"team_id": 1, "name": "Łukasz Wiśniowski", "number": 7, "role": "sprinter"} }
	with := func(k string, v any) obj { b := valid(); b[k] = v; return b }
	without := func(k string) obj { b := valid(); delete(b, k); return b }
	runScenarios(t, []scenario{
		// Good input.
		{name: "list all", method: "GET", url: "/api/v1/riders", wantStatus: 200, unchanged: true,
			after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
				if got := len(decode[[]store.Rider](t, rec)); got != 36 {
					t.Errorf("GET /api/v1/riders listed %d riders, want 36", got)
				}
			}},
		{name: "list of one team", method: "GET", url: "/api/v1/riders?team_id=2", wantStatus: 200, unchanged: true,
			wantContains: []string{`"name":"Miguel Induráin"`, `"name":"Michał Kwiatkowski"`, `"name":"Przemysław Niemiec"`},
			after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
				riders := decode[[]store.Rider](t, rec)
				if len(riders) != 6 {
					t.Errorf("riders of team 2 = %d, want 6", len(riders))
				}
				for i, r := range riders {
					if r.TeamID != 2 || r.Number != i+1 {
						t.Errorf("riders of team 2, #%d: team %d number %d, want team 2 number %d", i, r.TeamID, r.Number, i+1)
					}
				}
			}},
		{name: "get one", method: "GET", url: "/api/v1/riders/1", wantStatus: 200, unchanged: true,
			wantContains: []string{`"id":1`, `"team_id":1`, `"name":"Tadej Pogačar"`, `"number":1`, `"role":"leader"`, `"attributes":{}`}},
		{name: "create with accents", method: "POST", url: "/api/v1/riders", body: valid(), wantStatus: 201,
			wantContains: []string{`"name":"Łukasz Wiśniowski"`, `"number":7`, `"team_id":1`},
			wantHeader:   map[string]string{"Location": "/api/v1/riders/37"},
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				if got := riderOf(t, ta, 37); got.Name != "Łukasz Wiśniowski" || got.Role != "sprinter" {
					t.Errorf("stored rider = %+v, want Łukasz Wiśniowski, sprinter", got)
				}
			}},
		{name: "create with 2RUOTE values at their limits", method: "POST", url: "/api/v1/riders",
			body:         with("attributes", obj{"cost": 1, "pianura": 9, "montagna": 1, "discesa": 9, "collina": 5, "volata": 9, "cronometro": 1}),
			wantStatus:   201,
			wantContains: []string{`"cost":1`, `"pianura":9`, `"cronometro":1`}},
		{name: "create with a role of another ruleset", method: "POST", url: "/api/v1/riders", body: with("role", "rider"), wantStatus: 201},
		{name: "create name of 60", method: "POST", url: "/api/v1/riders", body: with("name", repeat("ø", 60)), wantStatus: 201},
		{name: "update name", method: "PUT", url: "/api/v1/riders/1", body: obj{"team_id": 1, "name": "Tadej Pogačar Ñ", "number": 1, "role": "leader"}, wantStatus: 200,
			wantContains: []string{`"name":"Tadej Pogačar Ñ"`}},
		{name: "update without team keeps the team", method: "PUT", url: "/api/v1/riders/1", body: obj{"name": "Tadej", "number": 8, "role": "leader"}, wantStatus: 200,
			wantContains: []string{`"team_id":1`, `"number":8`}},
		{name: "update moves to another team", method: "PUT", url: "/api/v1/riders/1", body: obj{"team_id": 2, "name": "Tadej Pogačar", "number": 7, "role": "leader"}, wantStatus: 200,
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				if got := teamOf(t, ta, 2); len(got.Riders) != 7 {
					t.Errorf("team 2 has %d riders after the move, want 7", len(got.Riders))
				}
				if got := teamOf(t, ta, 1); len(got.Riders) != 5 {
					t.Errorf("team 1 has %d riders after the move, want 5", len(got.Riders))
				}
			}},
		{name: "update keeps own number", method: "PUT", url: "/api/v1/riders/2", body: obj{"team_id": 1, "name": "Óscar Freire", "number": 2, "role": "rouleur"}, wantStatus: 200},
		{name: "delete", method: "DELETE", url: "/api/v1/riders/1", wantStatus: 204,
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				wantStatusOf(t, ta, "GET", "/api/v1/riders/1", 404)
				if got := teamOf(t, ta, 1); len(got.Riders) != 5 {
					t.Errorf("team 1 has %d riders after the delete, want 5", len(got.Riders))
				}
			}},

		// Refusals: each changes nothing.
		{name: "list of unknown team", method: "GET", url: "/api/v1/riders?team_id=999", wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "list with a team_id that is not a number", method: "GET", url: "/api/v1/riders?team_id=abc", wantStatus: 422, wantFields: []string{"team_id"}, unchanged: true},
		{name: "get unknown", method: "GET", url: "/api/v1/riders/999", wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "get id zero", method: "GET", url: "/api/v1/riders/0", wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "create malformed JSON", method: "POST", url: "/api/v1/riders", body: `{"team_id": 1, "name": }`, wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create number as a string", method: "POST", url: "/api/v1/riders", body: with("number", "7"), wantStatus: 400, wantCode: "bad_request", unchanged: true,
			wantContains: []string{"number must be a number"}},
		{name: "create number with a fraction", method: "POST", url: "/api/v1/riders", body: with("number", 7.5), wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create team_id negative", method: "POST", url: "/api/v1/riders", body: with("team_id", -1), wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create attribute as a string", method: "POST", url: "/api/v1/riders", body: with("attributes", obj{"cost": "4"}), wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create attributes as a list", method: "POST", url: "/api/v1/riders", body: with("attributes", []int{4}), wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create unknown field", method: "POST", url: "/api/v1/riders", body: with("nickname", "Tadej"), wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create a list", method: "POST", url: "/api/v1/riders", body: []obj{valid()}, wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "create name missing", method: "POST", url: "/api/v1/riders", body: without("name"), wantStatus: 422, wantFields: []string{"name"}, unchanged: true},
		{name: "create name of 61", method: "POST", url: "/api/v1/riders", body: with("name", repeat("ø", 61)), wantStatus: 422, wantFields: []string{"name"}, unchanged: true},
		{name: "create name with a control character", method: "POST", url: "/api/v1/riders", body: with("name", "Tadej\u0007"), wantStatus: 422, wantFields: []string{"name"}, unchanged: true},
		{name: "create number 0", method: "POST", url: "/api/v1/riders", body: with("number", 0), wantStatus: 422, wantFields: []string{"number"}, unchanged: true},
		{name: "create number missing", method: "POST", url: "/api/v1/riders", body: without("number"), wantStatus: 422, wantFields: []string{"number"}, unchanged: true},
		{name: "create number 10", method: "POST", url: "/api/v1/riders", body: with("number", 10), wantStatus: 422, wantFields: []string{"number"}, unchanged: true},
		{name: "create number taken in the team", method: "POST", url: "/api/v1/riders", body: with("number", 3), wantStatus: 422, wantFields: []string{"number"}, unchanged: true},
		{name: "create role unknown", method: "POST", url: "/api/v1/riders", body: with("role", "captain"), wantStatus: 422, wantFields: []string{"role"}, unchanged: true,
			wantContains: []string{"Leader, Sprinter", "Leader (JF)"}, wantNotContains: []string{"(leader)"}},
		{name: "create role missing: a rider of real races", method: "POST", url: "/api/v1/riders", body: without("role"), wantStatus: http.StatusCreated},
		{name: "create role in other case", method: "POST", url: "/api/v1/riders", body: with("role", "Leader"), wantStatus: 422, wantFields: []string{"role"}, unchanged: true},
		{name: "create cost above its range", method: "POST", url: "/api/v1/riders", body: with("attributes", obj{"cost": 5}), wantStatus: 422,
			wantFields: []string{"attributes.cost"}, unchanged: true},
		{name: "create speed below its range", method: "POST", url: "/api/v1/riders", body: with("attributes", obj{"pianura": 0}), wantStatus: 422,
			wantFields: []string{"attributes.pianura"}, unchanged: true},
		{name: "create unknown value", method: "POST", url: "/api/v1/riders", body: with("attributes", obj{"speed": 3}), wantStatus: 422,
			wantFields: []string{"attributes.speed"}, unchanged: true},
		{name: "create without team", method: "POST", url: "/api/v1/riders", body: without("team_id"), wantStatus: 422, wantFields: []string{"team_id"}, unchanged: true},
		{name: "create in unknown team", method: "POST", url: "/api/v1/riders", body: with("team_id", 999), wantStatus: 422, wantFields: []string{"team_id"}, unchanged: true},
		{name: "create in a full team", method: "POST", url: "/api/v1/riders", setup: addRiders, body: with("number", 5), wantStatus: 422, unchanged: true},
		{name: "create every field wrong", method: "POST", url: "/api/v1/riders", body: obj{"team_id": 1, "name": "", "number": 0, "role": "x", "attributes": obj{"cost": 9}},
			wantStatus: 422, wantFields: []string{"name", "number", "role", "attributes.cost"}, unchanged: true},
		{name: "update unknown", method: "PUT", url: "/api/v1/riders/999", body: valid(), wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "update to a number taken", method: "PUT", url: "/api/v1/riders/1", body: obj{"team_id": 1, "name": "Tadej Pogačar", "number": 2, "role": "leader"},
			wantStatus: 422, wantFields: []string{"number"}, unchanged: true},
		{name: "update to a taken number of another team", method: "PUT", url: "/api/v1/riders/1", body: obj{"team_id": 2, "name": "Tadej Pogačar", "number": 1, "role": "leader"},
			wantStatus: 422, wantFields: []string{"number"}, unchanged: true},
		{name: "update into unknown team", method: "PUT", url: "/api/v1/riders/1", body: obj{"team_id": 99, "name": "Tadej Pogačar", "number": 1, "role": "leader"},
			wantStatus: 422, wantFields: []string{"team_id"}, unchanged: true},
		{name: "update bad role", method: "PUT", url: "/api/v1/riders/1", body: obj{"team_id": 1, "name": "Tadej Pogačar", "number": 1, "role": "boss"},
			wantStatus: 422, wantFields: []string{"role"}, unchanged: true},
		{name: "update wrong type", method: "PUT", url: "/api/v1/riders/1", body: obj{"team_id": 1, "name": true, "number": 1, "role": "leader"},
			wantStatus: 400, wantCode: "bad_request", unchanged: true},
		{name: "delete unknown", method: "DELETE", url: "/api/v1/riders/999", wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "delete from another site", method: "DELETE", url: "/api/v1/riders/1", header: map[string]string{"Sec-Fetch-Site": "cross-site"},
			wantStatus: 403, unchanged: true},
	})
}

// repeat is strings.Repeat, short for the tables.
func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}
