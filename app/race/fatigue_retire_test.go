package race

import (
	"slices"
	"strconv"
	"testing"
)

// TestFatigueRetirementLeavesTheRace checks docs/rules.md §3.6: a 2RUOTE rider whose fatigue at the end of
// stage k is above the limit (20, or 25 in the advanced game) keeps his stage k result, leaves the
// classifications computed after stage k, is not expected at the start of stage k+1, and is refused
// in every later result like an abandoned rider.
func TestFatigueRetirementLeavesTheRace(t *testing.T) {
	stage1 := result(1, sector(1, 11), sector(0, 12, 13, 14, 21, 22, 23, 24))
	stage1.Fatigue = map[int]int{11: 21, 12: 20, 13: 25, 14: 26, 21: 3}
	for _, tt := range []struct {
		name     string
		advanced bool
		// retired are the riders out after stage 1; kept those who go on.
		retired, kept []int
	}{
		{"basic game, limit 20", false, []int{11, 13, 14}, []int{12, 21, 22, 23, 24}},
		{"advanced game, limit 25", true, []int{14}, []int{11, 12, 13, 21, 22, 23, 24}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tour := newTestTour(shippedRuleset(t, "2ruote"), 2, 4, "flat", "flat", "flat")
			tour.Advanced = tt.advanced
			prior := []StageResult{stage1}

			var starting []int
			for _, r := range StartingRiders(tour, prior) {
				starting = append(starting, r.Bib)
			}
			if !slices.Equal(starting, tt.kept) {
				t.Errorf("StartingRiders after stage 1 = %v, want %v", starting, tt.kept)
			}
			cur := result(2, sector(0, tt.kept...))
			if missing := MissingAtClose(tour, prior, cur); len(missing) != 0 {
				t.Errorf("MissingAtClose of stage 2 with every starter = %v, want nothing (retired riders are not expected)", missing)
			}
			if missing := MissingAtClose(tour, prior, result(2, sector(0, tt.kept[1:]...))); len(missing) != 1 {
				t.Errorf("MissingAtClose of stage 2 without bib %d = %v, want that one rider", tt.kept[0], missing)
			}

			for _, bib := range tt.retired {
				wantReason := "retired after stage 1"
				wantFields(t, "ValidateFinish with a retired rider", ValidateFinish(tour, prior, result(2), Finish{Groups: []FinishGroup{sector(0, tt.kept[0], bib)}}),
					map[string]string{"groups[0].riders[1]": wantReason})
				wantFields(t, "ValidateOrder with a retired rider", ValidateOrder(tour, prior, result(2), []int{bib}),
					map[string]string{"order[0]": wantReason})
				wantFields(t, "ValidateAbandon of a retired rider", ValidateAbandon(tour, prior, result(2), Abandon{Bib: bib, Reason: "tired"}),
					map[string]string{"bib": wantReason})
				wantFields(t, "ValidateFatigue of a retired rider", ValidateFatigue(tour, prior, result(2), map[int]int{bib: 1}),
					map[string]string{"fatigue." + strconv.Itoa(bib): "left the race"})
			}
			wantFields(t, "ValidateFinish with the riders who go on", ValidateFinish(tour, prior, result(2), cur.Finish), nil)

			// Stage 1 counts every finisher; the classifications after it leave the retired riders out.
			after1 := standingsAfter(t, tour, prior, 1)
			if got := timeBibs(after1.Stage); len(got) != 8 {
				t.Errorf("stage 1 result = %v, want all 8 finishers", got)
			}
			wantSet(t, "individual after stage 1", timeBibs(after1.Individual), tt.kept)
			for _, r := range after1.Regularity {
				if slices.Contains(tt.retired, r.Bib) {
					t.Errorf("regularity after stage 1 lists retired bib %d", r.Bib)
				}
			}
			if len(after1.DailyTeams) != 2 {
				t.Errorf("stage 1 daily teams = %+v, want both teams (the retired riders finished stage 1)", after1.DailyTeams)
			}
			results := append(prior, cur)
			after2 := standingsAfter(t, tour, results, 2)
			wantSet(t, "stage 2 result", timeBibs(after2.Stage), tt.kept)
			wantSet(t, "individual after stage 2", timeBibs(after2.Individual), tt.kept)
			if again := standingsAfter(t, tour, results, 1); !slices.Equal(timeBibs(again.Individual), timeBibs(after1.Individual)) {
				t.Errorf("standings after stage 1 changed once stage 2 was entered: %v, want %v", timeBibs(again.Individual), timeBibs(after1.Individual))
			}
		})
	}
}

// TestFatigueOnlyRetiresWithFatigueRules checks that fatigue figures in a ruleset without fatigue
// rules never take a rider out.
func TestFatigueOnlyRetiresWithFatigueRules(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 5, "flat", "flat")
	prior := []StageResult{{Stage: 1, Fatigue: map[int]int{11: 99}}}
	if got := len(StartingRiders(tour, prior)); got != 10 {
		t.Errorf("StartingRiders = %d riders, want all 10", got)
	}
	wantFields(t, "ValidateOrder", ValidateOrder(tour, prior, result(2), []int{11}), nil)
}

// wantSet checks that got holds exactly the bibs of want, in any order.
func wantSet(t *testing.T, what string, got, want []int) {
	t.Helper()
	g, w := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
	if !slices.Equal(g, w) {
		t.Errorf("%s = %v, want the bibs %v", what, g, w)
	}
}
