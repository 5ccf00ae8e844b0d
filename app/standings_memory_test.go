package app_test

// The standings counted from what memory kept (the standings of the stages a write did not touch,
// the tallies of the closed stages, their publications) equal those a fresh app counts from the
// database, in every game: a random walk of result edits on a short tour of each.

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"testing"

	"racedirector/app/store"
)

// standingsReads are the reads of a tour's standings checked after every write: after the last
// closed stage, after each closed stage, the open stage's provisional ones, and the story (the
// standings after every stage).
func standingsReads(id uint, v store.TourView) []string {
	base := fmt.Sprintf("/api/v1/tours/%d", id)
	out := []string{base + "/standings", base + "/standings?provisional=1", base + "/story"}
	for k := 1; k < v.Closed; k++ {
		out = append(out, fmt.Sprintf("%s/standings?after=%d", base, k))
	}
	return out
}

func TestStandingsFromMemoryEqualAFreshCount(t *testing.T) {
	t.Parallel()
	for _, game := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote", "uci-road"} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			ta := newTestApp(t)
			req := obj{"ruleset": game, "name": "Memory " + game, "stages": 4, "profile": "medium", "seed": 24}
			switch game {
			case "2ruote":
				req["advanced"], req["riders_per_team"] = true, 5
			case "ciclismo-a-fondo":
				req["riders_per_team"] = 5
			}
			view := createTour(t, ta, createBody(propose(t, ta, req), defaultTeamIDs(t, ta, 4)...))
			var bibs []int
			for _, team := range view.Teams {
				for _, r := range team.Riders {
					bibs = append(bibs, r.Bib)
				}
			}
			// The first rider is the one who abandons: he is never in a finish or an order, so that
			// every finish holds whether his abandon stands or was undone.
			leaver, racing := bibs[0], slices.Clone(bibs[1:])
			rng := rand.New(rand.NewPCG(24, uint64(len(game))))
			ops := 36 // fewer may close no stage in a game, and the walk would check too little
			accepted := map[string]int{}
			for op := range ops {
				tour := decode[store.TourView](t, ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", view.ID), nil))
				rng.Shuffle(len(racing), func(i, j int) { racing[i], racing[j] = racing[j], racing[i] })
				n := max(tour.Current, 1)
				base := fmt.Sprintf("/api/v1/tours/%d/stages/%d", view.ID, n)
				var method, path string
				var body any
				switch k := rng.IntN(12); {
				case k < 4:
					method, path, body = http.MethodPut, base+"/finish", robustFinish(robustTour{Ruleset: game, Bibs: racing})
				case k < 5:
					method, path, body = http.MethodPut, base+"/sprints/1", obj{"order": racing[:3]}
				case k < 6:
					method, path, body = http.MethodPut, base+"/climbs/1", obj{"order": racing[:3]}
				case k < 8:
					method, path = http.MethodPost, base+"/close"
					recordStage(t, ta, view.ID, n) // the weather and the most combative rider, where the game asks for them
				case k < 9:
					method, path = http.MethodPost, fmt.Sprintf("/api/v1/tours/%d/stages/%d/reopen", view.ID, max(tour.Closed, 1))
				case k < 10:
					method, path = http.MethodPost, base+"/undo"
				default:
					method, path, body = http.MethodPost, base+"/abandons", obj{"bib": leaver, "reason": "crash"}
				}
				// Reads before the write fill the memory with the version the write replaces.
				for _, p := range standingsReads(view.ID, tour) {
					readAnswer(t, ta, p)
				}
				rec := ta.do(t, method, path, body)
				if rec.Code < 300 {
					accepted[method+" "+regexp.MustCompile(`\d+`).ReplaceAllString(path, "n")]++
				}
				after := decode[store.TourView](t, ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", view.ID), nil))
				fresh := openTestApp(t, ta.Path)
				for _, p := range standingsReads(view.ID, after) {
					if got, want := readAnswer(t, ta, p), readAnswer(t, fresh, p); got != want {
						t.Fatalf("op %d (%s %s = %d): GET %s from memory differs from a fresh app:\n%s", op, method, path, rec.Code, p, diffLines(want, got))
					}
				}
				if err := fresh.Close(); err != nil {
					t.Fatal(err)
				}
			}
			for _, what := range []string{"PUT /api/vn/tours/n/stages/n/finish", "POST /api/vn/tours/n/stages/n/close"} {
				if accepted[what] == 0 {
					t.Errorf("no %s was accepted in the walk (accepted: %v): the test checked too little", what, accepted)
				}
			}
			t.Logf("accepted: %v", accepted)
		})
	}
}
