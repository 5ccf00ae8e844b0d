package race

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"racedirector/app/refuse"
)

// fuzzTours builds one small tour per time model for the fuzz tests (stage 1 done, stage 2 current).
func fuzzTours(f *testing.F) []*Tour {
	f.Helper()
	list, err := LoadRulesets(os.DirFS("../../data"))
	if err != nil {
		f.Fatal(err)
	}
	var tours []*Tour
	for _, id := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote"} {
		rs, _ := FindRuleset(list, id)
		tour := newTestTour(rs, 3, 5, rs.StageTypes[0].ID, rs.StageTypes[len(rs.StageTypes)-1].ID)
		tour.Stages[1].Climbs = []Climb{{Index: 1, Category: rs.ClimbCategories[0].ID}}
		tour.Stages[1].Sprints = []Sprint{{Index: 1, At: 20}}
		tours = append(tours, tour)
	}
	return append(tours, newTestTour(clockRuleset(UnitSeconds), 3, 5, "road", "ttt"))
}

// fuzzPrior is stage 1 of a fuzz tour: everyone but 15, who abandoned.
func fuzzPrior(tour *Tour) []StageResult {
	res := StageResult{Stage: 1, Abandons: []Abandon{{Bib: 15, Reason: "crash"}}}
	var bibs []int
	for _, r := range StartingRiders(tour, nil) {
		if r.Bib != 15 {
			bibs = append(bibs, r.Bib)
		}
	}
	if tour.Ruleset.TimeModel == TimeModelClock {
		for i, b := range bibs {
			res.Finish.Results = append(res.Finish.Results, ClockResult{Bib: b, Hundredths: 100 * i})
		}
	} else {
		res.Finish.Groups = []FinishGroup{{Turn: 1, Square: 1, Die: 1, Riders: bibs}}
	}
	return []StageResult{res}
}

// checkAccepted runs the engine on a result the validators accepted: it must not fail.
func checkAccepted(t *testing.T, tour *Tour, prior []StageResult, cur StageResult) {
	t.Helper()
	times, err := StageTimes(tour, 2, prior, cur)
	if err != nil {
		t.Fatalf("StageTimes refused a validated result: %v", err)
	}
	for i, s := range times {
		if s.Place != i+1 {
			t.Fatalf("StageTimes place %d = %d", i+1, s.Place)
		}
	}
	st, err := ComputeStandings(tour, append(prior[:1:1], cur), 2)
	if err != nil {
		t.Fatalf("ComputeStandings refused a validated result: %v", err)
	}
	for i, r := range st.Individual {
		if r.Rank != i+1 || r.Gap < 0 {
			t.Fatalf("individual row %d = %+v", i, r)
		}
	}
}

func FuzzValidateFinish(f *testing.F) {
	tours := fuzzTours(f)
	f.Add(uint8(0), []byte(`{"groups":[{"turn":0,"square":7,"die":3,"riders":[11,23]},{"turn":1,"square":12,"die":6,"riders":[12]}]}`))
	f.Add(uint8(1), []byte(`{"groups":[{"turn":23,"riders":[11,23]},{"turn":22,"riders":[31]}]}`))
	f.Add(uint8(2), []byte(`{"groups":[{"sector":2,"riders":[11]},{"sector":0,"riders":[21,22]},{"sector":-9,"riders":[15]}]}`))
	f.Add(uint8(3), []byte(`{"results":[{"bib":11,"hundredths":360050,"bonus":10},{"bib":21,"hundredths":-5,"penalty":20}]}`))
	f.Add(uint8(0), []byte(`{"groups":[{"turn":-1,"square":0,"die":7,"riders":[99,11,11]}]}`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		var fin Finish
		if json.Unmarshal(data, &fin) != nil {
			return
		}
		tour := tours[int(which)%len(tours)]
		prior := fuzzPrior(tour)
		cur := StageResult{Stage: 2, Abandons: []Abandon{{Bib: 14, Reason: "crash"}}}
		if err := ValidateFinish(tour, prior, cur, fin); err != nil {
			if _, ok := err.(*refuse.ValidationError); !ok {
				t.Fatalf("ValidateFinish error %T, want *refuse.ValidationError", err)
			}
			return
		}
		cur.Finish = fin
		checkAccepted(t, tour, prior, cur)
		_ = MissingAtClose(tour, prior, cur)
	})
}

func FuzzValidateOrder(f *testing.F) {
	tours := fuzzTours(f)
	f.Add(uint8(0), []byte(`[23, 11, 45]`))
	f.Add(uint8(1), []byte(`[11, 31, 24, 12]`))
	f.Add(uint8(2), []byte(`[15, 11, 11, 99, -3]`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		var order []int
		if json.Unmarshal(data, &order) != nil {
			return
		}
		tour := tours[int(which)%len(tours)]
		prior := fuzzPrior(tour)
		cur := StageResult{Stage: 2}
		if err := ValidateOrder(tour, prior, cur, order); err != nil {
			if _, ok := err.(*refuse.ValidationError); !ok {
				t.Fatalf("ValidateOrder error %T, want *refuse.ValidationError", err)
			}
			return
		}
		cur.Sprints = map[int][]int{1: order}
		cur.Climbs = map[int][]int{1: order}
		checkAccepted(t, tour, prior, cur)
	})
}

func FuzzValidateAbandon(f *testing.F) {
	tours := fuzzTours(f)
	f.Add(uint8(0), 16, "crash in the descent")
	f.Add(uint8(1), 15, "crash")
	f.Add(uint8(2), 99, "")
	f.Fuzz(func(t *testing.T, which uint8, bib int, reason string) {
		tour := tours[int(which)%len(tours)]
		prior := fuzzPrior(tour)
		cur := StageResult{Stage: 2}
		a := Abandon{Bib: bib, Reason: reason}
		if err := ValidateAbandon(tour, prior, cur, a); err != nil {
			if _, ok := err.(*refuse.ValidationError); !ok {
				t.Fatalf("ValidateAbandon error %T, want *refuse.ValidationError", err)
			}
			return
		}
		cur.Abandons = []Abandon{a}
		checkAccepted(t, tour, prior, cur)
		for _, r := range StartingRiders(tour, append(prior, cur)) {
			if r.Bib == bib {
				t.Fatalf("bib %d abandoned but is still a starting rider", bib)
			}
		}
	})
}

func FuzzDecodeRuleset(f *testing.F) {
	for _, name := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote"} {
		raw, err := os.ReadFile("../../data/rulesets/" + name + ".json")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte(`{"id":"x","stage_types":[{"id":"a","regularity":[1,2]}],"team_best":"x"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		rs, err := DecodeRuleset(raw)
		if err != nil {
			return
		}
		if err := rs.Validate(); err != nil {
			if _, ok := err.(*refuse.ValidationError); !ok {
				t.Fatalf("Validate error %T, want *refuse.ValidationError", err)
			}
			return
		}
		if c := rs.Clone(); !reflect.DeepEqual(c, rs) {
			t.Fatal("Clone of a valid ruleset differs from it")
		}
	})
}
