// Package grandtour seeds a stored grand tour through the JSON API: thirty teams of six riders in the
// database, a 21-stage Cycling Party tour of them, and every stage raced and closed (sprints, climbs,
// the finish of every rider, an abandon). The benchmarks drive it against the real router, the load
// script against a running server: both measure the same tour.
package grandtour

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
)

// Size of the grand tour: teams × riders starters over stages.
const (
	Teams  = 30
	Riders = 6
	Stages = 21
)

// Caller sends one API request and returns the status and body of the answer.
type Caller func(method, path string, body any) (int, []byte, error)

// Handler calls an http.Handler in process (the real router in benchmarks).
func Handler(h http.Handler) Caller {
	return func(method, path string, body any) (int, []byte, error) {
		r, err := encode(body)
		if err != nil {
			return 0, nil, err
		}
		req := httptest.NewRequest(method, path, r)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code, rec.Body.Bytes(), nil
	}
}

// Client calls a running server at base ("http://127.0.0.1:8080").
func Client(c *http.Client, base string) Caller {
	return func(method, path string, body any) (int, []byte, error) {
		r, err := encode(body)
		if err != nil {
			return 0, nil, err
		}
		req, err := http.NewRequest(method, base+path, r)
		if err != nil {
			return 0, nil, err
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := c.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		return resp.StatusCode, data, err
	}
}

// encode turns a body into JSON (nil: no body).
func encode(body any) (io.Reader, error) {
	if body == nil {
		return nil, nil
	}
	data, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(data), nil
}

// call sends a request that must answer want and decodes its body into out (when not nil).
func call(do Caller, method, path string, body any, want int, out any) error {
	status, data, err := do(method, path, body)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	if status != want {
		return fmt.Errorf("%s %s = %d, want %d: %.300s", method, path, status, want, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("%s %s: decoding the answer: %w", method, path, err)
		}
	}
	return nil
}

// Tour is the seeded tour: its id, its starters' bibs and the bib of the rider who abandons.
type Tour struct {
	ID   uint
	Bibs []int
}

// role is the Cycling Party role of counter n (1 to 6).
func role(n int) string {
	return [Riders]string{"leader", "sprinter", "rouleur", "flat_domestique", "mountain_domestique", "lanterne_rouge"}[n-1]
}

// Seed creates the database teams and the tour, then races its first closed stages (Stages: all of
// them) through the API. The last stage raced is left closed.
func Seed(do Caller, name string, closed int) (Tour, error) {
	var teamIDs []uint
	for t := 1; t <= Teams; t++ {
		var riders []map[string]any
		for n := 1; n <= Riders; n++ {
			riders = append(riders, map[string]any{"name": fmt.Sprintf("Coureur %d-%d Ñúñez", t, n), "number": n,
				"games": map[string]any{"cycling-party": map[string]any{"role": role(n)}}})
		}
		short := string(rune('A'+(t-1)%26)) + string(rune('A'+(t-1)/26)) + "Q"
		body := map[string]any{"name": fmt.Sprintf("%s équipe %d", name, t), "short": short,
			"color": fmt.Sprintf("#%02x%02x%02x", 20+7*t, 200-5*t, 60+6*t), "riders": riders}
		var team struct {
			ID uint `json:"id"`
		}
		if err := call(do, http.MethodPost, "/api/v1/teams", body, http.StatusCreated, &team); err != nil {
			return Tour{}, err
		}
		teamIDs = append(teamIDs, team.ID)
	}
	var proposal map[string]any
	req := map[string]any{"ruleset": "cycling-party", "name": name, "stages": Stages, "profile": "long", "riders_per_team": Riders, "seed": 7}
	if err := call(do, http.MethodPost, "/api/v1/tours/proposal", req, http.StatusOK, &proposal); err != nil {
		return Tour{}, err
	}
	proposal["teams"] = teamIDs
	var created struct {
		ID    uint `json:"id"`
		Teams []struct {
			Riders []struct {
				Bib int `json:"bib"`
			} `json:"riders"`
		} `json:"teams"`
	}
	if err := call(do, http.MethodPost, "/api/v1/tours", proposal, http.StatusCreated, &created); err != nil {
		return Tour{}, err
	}
	tour := Tour{ID: created.ID}
	for _, t := range created.Teams {
		for _, r := range t.Riders {
			tour.Bibs = append(tour.Bibs, r.Bib)
		}
	}
	racing := append([]int(nil), tour.Bibs...)
	for n := 1; n <= closed; n++ {
		var err error
		if racing, err = RaceStage(do, tour.ID, n, racing); err != nil {
			return tour, err
		}
		if err := call(do, http.MethodPost, fmt.Sprintf("/api/v1/tours/%d/stages/%d/close", tour.ID, n), nil, http.StatusOK, nil); err != nil {
			return tour, err
		}
	}
	return tour, nil
}

// stageShape is what RaceStage needs of a stage.
type stageShape struct {
	Climbs []struct {
		Index int `json:"index"`
	} `json:"climbs"`
	Sprints []struct {
		Index int `json:"index"`
	} `json:"sprints"`
}

// RaceStage enters stage n of the racing riders (sprints, climbs, an abandon on stage 5, the finish)
// without closing it, and returns the riders still racing.
func RaceStage(do Caller, tourID uint, n int, racing []int) ([]int, error) {
	base := fmt.Sprintf("/api/v1/tours/%d/stages/%d", tourID, n)
	var st stageShape
	if err := call(do, http.MethodGet, base, nil, http.StatusOK, &st); err != nil {
		return racing, err
	}
	shift := (n * 7) % len(racing)
	order := append(append([]int(nil), racing[shift:]...), racing[:shift]...)
	if n == 5 {
		if err := call(do, http.MethodPost, base+"/abandons", map[string]any{"bib": order[len(order)-1], "reason": "crash"}, http.StatusOK, nil); err != nil {
			return racing, err
		}
		order = order[:len(order)-1]
		racing = append([]int(nil), order...)
	}
	for _, sp := range st.Sprints {
		k := sp.Index
		if err := call(do, http.MethodPut, fmt.Sprintf("%s/sprints/%d", base, k), map[string]any{"order": order[k%5 : k%5+3]}, http.StatusOK, nil); err != nil {
			return racing, err
		}
	}
	for _, c := range st.Climbs {
		k := c.Index
		if err := call(do, http.MethodPut, fmt.Sprintf("%s/climbs/%d", base, k), map[string]any{"order": order[k%4 : k%4+5]}, http.StatusOK, nil); err != nil {
			return racing, err
		}
	}
	if err := call(do, http.MethodPut, base+"/finish", Finish(order), http.StatusOK, nil); err != nil {
		return racing, err
	}
	return racing, nil
}

// Finish is a Cycling Party finish of the riders in that order: groups of seven, two groups a turn.
func Finish(order []int) map[string]any {
	var groups []map[string]any
	for i := 0; i < len(order); i += 7 {
		groups = append(groups, map[string]any{"turn": i / 14, "square": 12 - (i/7)%12, "die": 1 + i%6, "riders": order[i:min(i+7, len(order))]})
	}
	return map[string]any{"groups": groups}
}
