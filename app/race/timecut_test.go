package race

import (
	"slices"
	"testing"
)

// cutTour is a real race of two teams of four riders, a flat stage with a time limit of 10 % (the
// tour's) and a hilly one without.
func cutTour(t *testing.T) *Tour {
	t.Helper()
	tour := newTestTour(shippedRuleset(t, "uci-road"), 2, 4, "flat", "hilly")
	tour.Settings.TimeCuts = map[string]int{"flat": 10}
	return tour
}

// cutStage is stage 1: the winner in 10000 s, so the limit is 11000 s; bib 22 (11001 s) is outside it,
// bib 23 (12000 s) too but reinstated with a 20-point penalty; bib 12 and team 2 are penalised.
func cutStage() StageResult {
	clock := func(bib, s int) ClockResult { return ClockResult{Bib: bib, Hundredths: 100 * s} }
	return StageResult{Stage: 1, Combativity: 21,
		Finish: Finish{Results: []ClockResult{clock(11, 10000), clock(12, 10000), clock(24, 10100), clock(14, 10200),
			clock(13, 10500), clock(21, 10990), clock(22, 11001), clock(23, 12000)}},
		Reinstated: []Reinstatement{{Bib: 23, Points: 20, Reason: "crash in the last kilometre"}},
		Penalties: []Penalty{{Bib: 12, Seconds: 20, Points: 10, Reason: "feeding in the last 20 km"},
			{Team: 2, Seconds: 60, Reason: "team car in the bunch"}},
	}
}

// TestTimeCutPenaltiesAndCombativity checks the time limit (a rider over it is out of the race, his
// time shown; a reinstated one stays, losing his points), penalties in time and points to a rider and
// in time to a team, and the combativity awards, in every classification they touch.
func TestTimeCutPenaltiesAndCombativity(t *testing.T) {
	tour := cutTour(t)
	s1 := cutStage()
	over, limit, err := OverTimeLimit(tour, 1, s1)
	if err != nil || !slices.Equal(over, []int{22, 23}) || limit != 11000 {
		t.Fatalf("over the time limit = %v (limit %d, %v), want 22 and 23 over 11000 s", over, limit, err)
	}
	st := standingsAfter(t, tour, []StageResult{s1}, 1)
	if got := timeBibs(st.Stage); !slices.Equal(got, []int{11, 12, 24, 14, 13, 21, 23}) {
		t.Errorf("stage placings %v, want bib 22 out and the reinstated 23 last", got)
	}
	checkRows(t, "GC", st.Individual, map[int]int{11: 9990, 12: 10014, 24: 10096, 14: 10200, 13: 10500, 21: 10990, 23: 12000})
	if want := (FieldCount{Starters: 8, Finishers: 7, OTL: 1}); st.Field != want {
		t.Errorf("field = %+v, want %+v", st.Field, want)
	}
	if len(st.Out) != 1 || st.Out[0].Bib != 22 || st.Out[0].Status != StatusOTL || st.Out[0].Time != 11001 || st.Out[0].Reason != "time limit 3:03:20" {
		t.Errorf("out = %+v, want bib 22 outside the time limit of 3:03:20 in 11001 s", st.Out)
	}
	var reg []int
	for _, r := range st.Regularity {
		reg = append(reg, r.Bib)
		if want := map[int]int{11: 50, 12: 20, 24: 20, 14: 18, 13: 16, 21: 14}[r.Bib]; r.Points != want {
			t.Errorf("regularity of bib %d = %d, want %d", r.Bib, r.Points, want)
		}
	}
	if !slices.Equal(reg, []int{11, 12, 24, 14, 13, 21}) {
		t.Errorf("regularity order %v, want 11 12 24 14 13 21 (23's 12 points less his 20-point penalty: none)", reg)
	}
	if len(st.Teams) != 2 || st.Teams[0].Time != 30200 || st.Teams[1].Time != 33090+60 {
		t.Errorf("teams = %+v, want 30200 and 33150 (team 2's 60-second penalty)", st.Teams)
	}
	if len(st.Penalties) != 3 || st.Penalties[0].Bib != 12 || st.Penalties[1].TeamID != 2 || st.Penalties[1].Bib != 0 || st.Penalties[2].Bib != 23 || st.Penalties[2].Points != 20 {
		t.Errorf("penalties = %+v, want bib 12's, team 2's and the reinstated 23's", st.Penalties)
	}
	if len(st.Combativity) != 1 || st.Combativity[0] != (CombativityRow{Stage: 1, Bib: 21}) {
		t.Errorf("combativity = %+v, want bib 21 in stage 1", st.Combativity)
	}
	// Stage 2: bib 22 is out; the most combative rider of the tour is named with the last stage.
	s2 := StageResult{Stage: 2, MostCombative: 21}
	if err := ValidateFinish(tour, []StageResult{s1}, s2, Finish{Results: []ClockResult{{Bib: 22, Hundredths: 100}}}); !hasField(err, "results[0].bib") {
		t.Errorf("a finish for the rider outside the time limit = %v, want results[0].bib refused", err)
	}
	if err := ValidateMostCombative(tour, s1, 21); !hasField(err, "bib") {
		t.Errorf("the most combative rider named with stage 1 = %v, want refused", err)
	}
	if err := ValidateMostCombative(tour, s2, 21); err != nil {
		t.Errorf("the most combative rider named with the last stage = %v", err)
	}
}

// TestJuryRefusals checks reinstatements and penalties refused by field.
func TestJuryRefusals(t *testing.T) {
	tour := cutTour(t)
	s1 := cutStage()
	for _, tt := range []struct {
		name  string
		err   error
		field string
	}{
		{"reinstating a rider of no team", ValidateReinstatement(tour, nil, s1, Reinstatement{Bib: 99, Reason: "x"}), "bib"},
		{"reinstating twice", ValidateReinstatement(tour, nil, s1, Reinstatement{Bib: 23, Reason: "x"}), "bib"},
		{"reinstating without a reason", ValidateReinstatement(tour, nil, s1, Reinstatement{Bib: 22}), "reason"},
		{"negative points", ValidateReinstatement(tour, nil, s1, Reinstatement{Bib: 22, Points: -1, Reason: "x"}), "points"},
		{"a penalty to nobody", ValidatePenalty(tour, nil, s1, Penalty{Seconds: 10, Reason: "x"}), "bib"},
		{"a penalty to a rider and a team", ValidatePenalty(tour, nil, s1, Penalty{Bib: 11, Team: 1, Seconds: 10, Reason: "x"}), "bib"},
		{"points to a team", ValidatePenalty(tour, nil, s1, Penalty{Team: 1, Points: 10, Reason: "x"}), "points"},
		{"an empty penalty", ValidatePenalty(tour, nil, s1, Penalty{Bib: 11, Reason: "x"}), "seconds"},
		{"a penalty without a reason", ValidatePenalty(tour, nil, s1, Penalty{Bib: 11, Seconds: 10}), "reason"},
		{"an unknown team", ValidatePenalty(tour, nil, s1, Penalty{Team: 7, Seconds: 10, Reason: "x"}), "team"},
	} {
		if !hasField(tt.err, tt.field) {
			t.Errorf("%s: %v, want %s refused", tt.name, tt.err, tt.field)
		}
	}
	if err := ValidateReinstatement(tour, nil, s1, Reinstatement{Bib: 22, Points: 15, Reason: "held up by a crash"}); err != nil {
		t.Errorf("reinstating bib 22: %v", err)
	}
}

// checkRows checks the times of a time classification by bib.
func checkRows(t *testing.T, what string, rows []TimeRow, want map[int]int) {
	t.Helper()
	if len(rows) != len(want) {
		t.Errorf("%s has %d riders, want %d", what, len(rows), len(want))
	}
	for _, r := range rows {
		if r.Time != want[r.Bib] {
			t.Errorf("%s: bib %d %d s, want %d", what, r.Bib, r.Time, want[r.Bib])
		}
	}
}
