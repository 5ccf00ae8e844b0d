package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// obj is a JSON object for the API.
type obj = map[string]any

// idOnly decodes an API answer's id.
type idOnly struct {
	ID uint `json:"id"`
}

// addTeam creates a team with its riders through the API and returns its id.
func addTeam(t *testing.T, srv *server, name, short, color string, riders []obj) uint {
	t.Helper()
	return api[idOnly](t, srv, "POST", "/api/v1/teams", obj{"name": name, "short": short, "color": color, "riders": riders}, 201).ID
}

// cafTeams creates three Ciclismo a fondo teams of five: JF, TT, ES, RO, SP (tour bibs 11–15, 21–25, 31–35).
func cafTeams(t *testing.T, srv *server) []uint {
	t.Helper()
	var ids []uint
	for _, tm := range [][3]string{{"Kelme", "KEL", "#0ea5e9"}, {"Banesto", "BAN", "#1e3a8a"}, {"Once", "ONC", "#facc15"}} {
		var riders []obj
		for i, role := range []string{"JF", "TT", "ES", "RO", "SP"} {
			riders = append(riders, obj{"name": fmt.Sprintf("%s %d", tm[0], i+1), "number": i + 1, "role": role})
		}
		ids = append(ids, addTeam(t, srv, tm[0], tm[1], tm[2], riders))
	}
	return ids
}

// ruoteTeams creates three 2RUOTE teams of five riders costing 2 each (tour bibs 11–15, 21–25, 31–35).
func ruoteTeams(t *testing.T, srv *server) []uint {
	t.Helper()
	var ids []uint
	for _, tm := range [][3]string{{"Bianchi", "BIA", "#14b8a6"}, {"Legnano", "LEG", "#16a34a"}, {"Atala", "ATA", "#dc2626"}} {
		var riders []obj
		for i := range 5 {
			riders = append(riders, obj{"name": fmt.Sprintf("%s %d", tm[0], i+1), "number": i + 1, "role": "rider",
				"attributes": obj{"cost": 2, "pianura": 5, "montagna": 4 + i%3, "discesa": 5, "collina": 5, "volata": 3 + i, "cronometro": 5}})
		}
		ids = append(ids, addTeam(t, srv, tm[0], tm[1], tm[2], riders))
	}
	return ids
}

// defaultTeams returns the ids of the first n teams of the database (the box's teams on a fresh one).
func defaultTeams(t *testing.T, srv *server, n int) []uint {
	t.Helper()
	teams := api[[]idOnly](t, srv, "GET", "/api/v1/teams", nil, 200)
	if len(teams) < n {
		t.Fatalf("the database has %d teams, want at least %d", len(teams), n)
	}
	var ids []uint
	for _, tm := range teams[:n] {
		ids = append(ids, tm.ID)
	}
	return ids
}

// createTour creates a tour from explicit stages through the API and returns its id as text.
func createTour(t *testing.T, srv *server, ruleset, name string, riders int, stages []obj, teams []uint, advanced bool) string {
	t.Helper()
	body := obj{"ruleset": ruleset, "name": name, "profile": "medium", "seed": 7, "riders_per_team": riders,
		"stages": stages, "teams": teams, "advanced": advanced}
	return fmt.Sprint(api[idOnly](t, srv, "POST", "/api/v1/tours", body, 201).ID)
}

// climb and sprints build stage course entries.
func climb(cat string, start, end int) obj { return obj{"category": cat, "start": start, "end": end} }

func sprints(at ...int) []obj {
	var out []obj
	for _, a := range at {
		out = append(out, obj{"at": a})
	}
	return out
}

// cpStages are three Cycling Party stages: flat (3 climbs, 5 sprints), high and medium.
func cpStages() []obj {
	return []obj{
		{"type": "flat", "length": 200, "climbs": []obj{climb("hill", 40, 42), climb("third", 80, 87), climb("hill", 120, 122)}, "sprints": sprints(20, 60, 100, 140, 170)},
		{"type": "high", "length": 180, "climbs": []obj{climb("second", 20, 35), climb("first", 50, 73), climb("hors", 90, 121), climb("hors", 149, 180)}, "sprints": sprints(10, 80, 135)},
		{"type": "medium", "length": 170, "climbs": []obj{climb("third", 20, 27), climb("second", 50, 65), climb("first", 100, 123)}, "sprints": sprints(10, 40, 80)},
	}
}

// cafStages are three Ciclismo a fondo stages from real kilometres, each by the book (docs/rules.md
// §2.2): a baja montaña (a 4th category climb, a sprint on square 30), a team time trial, and an etapa
// reina (a 1st, a special and two repechos).
func cafStages() []obj {
	sec := func(typ string, km int) obj { return obj{"type": typ, "km": km} }
	return []obj{
		{"type": "low", "sections": []obj{sec("flat", 60), sec("climb_fourth", 3), sec("descent_low", 5), sec("flat", 100)}, "sprints": sprints(30)},
		{"type": "ttt", "sections": []obj{sec("itt", 18)}},
		{"type": "queen", "sections": []obj{sec("flat", 50), sec("climb_first", 10), sec("descent_high", 10), sec("flat", 40),
			sec("climb_special", 8), sec("descent_high", 10), sec("flat", 7), sec("repecho", 1), sec("flat", 4), sec("repecho", 1), sec("flat", 3)}, "sprints": sprints(100), "feed_zones": 1},
	}
}

// ruoteStages are three 2RUOTE stages of the advanced game: flat with a TV card, mountain with two
// GPM cards and a TV card, an individual time trial.
func ruoteStages() []obj {
	p, m, d, h := "pianura", "montagna", "discesa", "collina"
	return []obj{
		{"type": "flat", "cards": []string{p, p, "tv", p, h, p, p, p, p, p, p}},
		{"type": "mountain", "cards": []string{p, p, m, m, "gpm", d, p, "tv", p, m, m, "gpm"}},
		{"type": "itt", "cards": []string{p, p, p, p, p, p, p, p, p, p}},
	}
}

// cpGroup, turnGroup and sectorGroup are finish groups of each time model.
func cpGroup(turn, square, die int, riders ...int) obj {
	return obj{"turn": turn, "square": square, "die": die, "riders": riders}
}

func turnGroup(turn int, riders ...int) obj { return obj{"turn": turn, "riders": riders} }

func sectorGroup(sector int, riders ...int) obj { return obj{"sector": sector, "riders": riders} }

// closeStage1 enters a finish for every rider of stage 1 through the API and closes it.
func closeStage1(t *testing.T, srv *server, tourID string, groups ...obj) {
	t.Helper()
	base := "/api/v1/tours/" + tourID + "/stages/1"
	api[obj](t, srv, "PUT", base+"/finish", obj{"groups": groups}, 200)
	recordStage(t, srv, tourID, 1)
	api[obj](t, srv, "POST", base+"/close", nil, 200)
}

// recordStage enters, through the API, what the tour's game records in every stage before End stage:
// each weather roll (fair) and the most combative rider (the stage's first placed), where the ruleset
// has them (Ciclismo a fondo's weathers and stage_combativity).
func recordStage(t *testing.T, srv *server, tourID string, n int) {
	t.Helper()
	tour := api[struct {
		Ruleset string `json:"ruleset"`
	}](t, srv, "GET", "/api/v1/tours/"+tourID, nil, 200)
	rs := api[struct {
		Rolls       []string `json:"weather_rolls"`
		Combativity bool     `json:"stage_combativity"`
	}](t, srv, "GET", "/api/v1/rulesets/"+tour.Ruleset, nil, 200)
	base := fmt.Sprintf("/api/v1/tours/%s/stages/%d", tourID, n)
	if len(rs.Rolls) > 0 {
		weather := make([]string, len(rs.Rolls))
		for i := range weather {
			weather[i] = "fair"
		}
		api[obj](t, srv, "PUT", base+"/weather", obj{"weather": weather}, 200)
	}
	if rs.Combativity {
		stage := api[struct {
			Times []struct {
				Bib int `json:"bib"`
			} `json:"times"`
		}](t, srv, "GET", base, nil, 200)
		if len(stage.Times) > 0 {
			api[obj](t, srv, "PUT", base+"/combativity", obj{"bib": stage.Times[0].Bib}, 200)
		}
	}
}

// roadTeams creates two uci-road teams of four riders (tour bibs 11–14, 21–24).
func roadTeams(t *testing.T, srv *server) []uint {
	t.Helper()
	var ids []uint
	for _, tm := range [][3]string{{"Lotto", "LOT", "#b91c1c"}, {"Mapei", "MAP", "#2563eb"}} {
		var riders []obj
		for i := range 4 {
			riders = append(riders, obj{"name": fmt.Sprintf("%s %d", tm[0], i+1), "number": i + 1, "role": "rider"})
		}
		ids = append(ids, addTeam(t, srv, tm[0], tm[1], tm[2], riders))
	}
	return ids
}

// roadStages are three flat uci-road stages of 180 km with an intermediate sprint at km 90.
func roadStages() []obj {
	var out []obj
	for range 3 {
		out = append(out, obj{"type": "flat", "length": 180, "sprints": sprints(90)})
	}
	return out
}

// api calls the JSON API of srv with net/http (outside the browser) and decodes the answer.
func api[T any](t *testing.T, srv *server, method, path string, body any, want int) T {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = strings.NewReader(string(b))
	}
	req, err := http.NewRequest(method, srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := srv.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		t.Fatalf("%s %s = %d %s, want %d", method, path, resp.StatusCode, clip(string(raw), 400), want)
	}
	var v T
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("%s %s: decoding %s: %v", method, path, clip(string(raw), 200), err)
		}
	}
	return v
}
