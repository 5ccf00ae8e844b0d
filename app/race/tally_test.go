package race

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestTallyStandingsEqualAFullCount checks, for every game and time model, that the standings made
// from a tally of the first k stages equal those counted from stage 1, after every later stage, when
// the stages after the tally's are edited at random (sprint and climb orders reversed, a finish
// group's riders rotated), and through tallies counted further with Then.
func TestTallyStandingsEqualAFullCount(t *testing.T) {
	for name, gen := range propertyTours(t) {
		for seed := uint64(1); seed <= 8; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", name, seed), func(t *testing.T) {
				tour, results := gen(seed)
				rng := rand.New(rand.NewPCG(seed, 24))
				for k := 0; k <= len(results); k++ {
					tally, err := CountStages(tour, results, k)
					if err != nil {
						t.Fatalf("tally of %d stages: %v", k, err)
					}
					if tally.Stages() != k {
						t.Fatalf("tally of %d stages says %d", k, tally.Stages())
					}
					edited := slices.Clone(results)
					for s := k; s < len(edited); s++ {
						if rng.IntN(2) == 0 {
							edited[s] = editedResult(rng, edited[s])
						}
					}
					for after := max(k, 1); after <= len(results); after++ {
						want := standingsAfter(t, tour, edited, after)
						got, err := tally.Standings(tour, edited, after)
						if err != nil {
							t.Fatalf("standings after %d from a tally of %d: %v", after, k, err)
						}
						if !reflect.DeepEqual(got, want) {
							t.Fatalf("standings after %d from a tally of %d stages differ from a full count", after, k)
						}
						further, err := tally.Then(tour, edited, after)
						if err != nil {
							t.Fatalf("tally of %d counted up to %d: %v", k, after, err)
						}
						if got, err := further.Standings(tour, edited, after); err != nil || !reflect.DeepEqual(got, want) {
							t.Fatalf("standings after %d from a tally of %d counted further differ from a full count (%v)", after, k, err)
						}
					}
					// The tally is left as it was: its standings are still those of the results it counted.
					if k > 0 {
						if got, err := tally.Standings(tour, results, k); err != nil || !reflect.DeepEqual(got, standingsAfter(t, tour, results, k)) {
							t.Fatalf("a tally of %d stages changed once used (%v)", k, err)
						}
					}
				}
			})
		}
	}
}

// editedResult is a stage's result changed at random without breaking it: its sprint and climb orders
// reversed, one finish group's riders rotated.
func editedResult(rng *rand.Rand, r StageResult) StageResult {
	reversed := func(m map[int][]int) map[int][]int {
		if m == nil {
			return nil
		}
		out := make(map[int][]int, len(m))
		for k, order := range m {
			order = slices.Clone(order)
			slices.Reverse(order)
			out[k] = order
		}
		return out
	}
	r.Sprints, r.Climbs = reversed(r.Sprints), reversed(r.Climbs)
	if len(r.Finish.Groups) > 0 {
		r.Finish.Groups = slices.Clone(r.Finish.Groups)
		g := rng.IntN(len(r.Finish.Groups))
		riders := slices.Clone(r.Finish.Groups[g].Riders)
		if len(riders) > 1 {
			riders = append(riders[1:], riders[0])
		}
		r.Finish.Groups[g].Riders = riders
	}
	return r
}

// TestTallyCopiesEverythingItCounts checks that a tally's copy shares no slice or map with the count
// it was made from but the rider index and the climb slots, which are only read: a field added to the
// count without its copy in cloneFor fails here.
func TestTallyCopiesEverythingItCounts(t *testing.T) {
	tour, results := genTour(shippedRuleset(t, "cycling-party"), 7, genOptions{stages: 4, teams: 5, riders: 6, sprints: 2, climbs: 2, abandons: 0.5})
	c := newCount(tour)
	if err := c.stages(results, 1, 4); err != nil {
		t.Fatal(err)
	}
	if c.crossed == nil {
		c.crossed = map[int]int{}
	}
	if c.cut == nil {
		c.cut = map[int]int{}
	}
	d := c.cloneFor(tour)
	shared := map[string]bool{"count.t": true, "count.rs": true, "count.f": true, "count.slots": true, "stageWork.f": true, "stageWork.tour": true}
	var walk func(prefix string, a, b reflect.Value)
	walk = func(prefix string, a, b reflect.Value) {
		for i := range a.NumField() {
			name := prefix + "." + a.Type().Field(i).Name
			fa, fb := a.Field(i), b.Field(i)
			switch fa.Kind() {
			case reflect.Struct:
				walk(fa.Type().Name(), fa, fb)
			case reflect.Slice, reflect.Map, reflect.Pointer:
				if shared[name] || fa.IsNil() {
					continue
				}
				if fa.Kind() == reflect.Pointer && fa.Elem().Kind() == reflect.Struct {
					if fa.Pointer() == fb.Pointer() {
						t.Errorf("%s is shared by the copy", name)
					}
					walk(fa.Elem().Type().Name(), fa.Elem(), fb.Elem())
					continue
				}
				if fa.Pointer() == fb.Pointer() {
					t.Errorf("%s is shared by the copy", name)
				}
			}
		}
	}
	walk("count", reflect.ValueOf(c).Elem(), reflect.ValueOf(d).Elem())
}

// TestTallyRefusesWhatItCannotCount checks the tally's refusals.
func TestTallyRefusesWhatItCannotCount(t *testing.T) {
	tour, results := genTour(shippedRuleset(t, "cycling-party"), 3, genOptions{stages: 3, teams: 4, riders: 5, sprints: 1, climbs: 1})
	tally, err := CountStages(tour, results, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		err  error
	}{
		{"more stages than results", func() error { _, err := CountStages(tour, results, 4); return err }()},
		{"fewer than none", func() error { _, err := CountStages(tour, results, -1); return err }()},
		{"back before the tally", func() error { _, err := tally.Then(tour, results, 1); return err }()},
		{"standings before the tally", func() error { _, err := tally.Standings(tour, results, 1); return err }()},
		{"results out of order", func() error {
			swapped := slices.Clone(results)
			swapped[0], swapped[1] = swapped[1], swapped[0]
			_, err := tally.Standings(tour, swapped, 3)
			return err
		}()},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}
