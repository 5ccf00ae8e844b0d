package race

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// wantFields checks that err is a *refuse.ValidationError with exactly the given fields, each reason
// containing the given text.
func wantFields(t *testing.T, what string, err error, want map[string]string) {
	t.Helper()
	if len(want) == 0 {
		if err != nil {
			t.Errorf("%s = %v, want nil", what, err)
		}
		return
	}
	var v *refuse.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("%s = %v, want a *refuse.ValidationError with %v", what, err, want)
	}
	for field, reason := range want {
		got, ok := v.Fields[field]
		if !ok {
			t.Errorf("%s has no field %q (fields %v), want %q", what, field, v.Fields, reason)
			continue
		}
		if !strings.Contains(got, reason) {
			t.Errorf("%s field %q = %q, want it to contain %q", what, field, got, reason)
		}
	}
	for field := range v.Fields {
		if _, ok := want[field]; !ok {
			t.Errorf("%s has unexpected field %q: %q", what, field, v.Fields[field])
		}
	}
}

// priorWithAbandon is the results of stage 1 in which bib abandoned.
func priorWithAbandon(bib int) []StageResult {
	return []StageResult{{Stage: 1, Abandons: []Abandon{{Bib: bib, Reason: "crash"}}}}
}

func TestValidateOrder(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 3, 6, "flat", "flat")
	prior := priorWithAbandon(16)
	cur := StageResult{Stage: 2, Abandons: []Abandon{{Bib: 25, Reason: "three sixes"}}}
	cases := []struct {
		name  string
		order []int
		want  map[string]string
	}{
		{"good", []int{23, 11, 34}, nil},
		{"empty", nil, nil},
		{"unknown bib", []int{23, 11, 99}, map[string]string{"order[2]": "no rider with bib 99 in this tour"}},
		{"twice", []int{23, 11, 23}, map[string]string{"order[2]": "bib 23 is already at order[0]"}},
		{"abandoned before", []int{16}, map[string]string{"order[0]": "bib 16 abandoned in stage 1"}},
		{"abandons later in this stage", []int{25, 11}, nil},
		{"several", []int{0, 11, 11, 16}, map[string]string{
			"order[0]": "no rider with bib 0", "order[2]": "already at order[1]", "order[3]": "abandoned in stage 1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantFields(t, "ValidateOrder", ValidateOrder(tour, prior, cur, c.order), c.want)
		})
	}
}

func TestValidateFinish(t *testing.T) {
	cp := newTestTour(shippedRuleset(t, "cycling-party"), 3, 6, "flat", "flat")
	cf := newTestTour(shippedRuleset(t, "ciclismo-a-fondo"), 3, 6, "flat", "flat")
	r2 := newTestTour(shippedRuleset(t, "2ruote"), 3, 5, "flat", "flat")
	road := newTestTour(clockRuleset(UnitSeconds), 3, 6, "road", "road")
	prior := priorWithAbandon(16)
	cur := StageResult{Stage: 2, Abandons: []Abandon{{Bib: 25, Reason: "three sixes"}}}
	g := func(turnNo, square, die int, bibs ...int) FinishGroup {
		return FinishGroup{Turn: turnNo, Square: square, Die: die, Riders: bibs}
	}
	cases := []struct {
		name string
		tour *Tour
		f    Finish
		want map[string]string
	}{
		{"good cycling party", cp, Finish{Groups: []FinishGroup{g(0, 1, 6, 11, 12), g(1, 12, 1, 21)}}, nil},
		{"die 7", cp, Finish{Groups: []FinishGroup{g(0, 1, 6, 11), g(0, 3, 2, 12), g(1, 2, 7, 13)}},
			map[string]string{"groups[2].die": "must be between 1 and 6"}},
		{"die 0", cp, Finish{Groups: []FinishGroup{g(0, 1, 0, 11)}}, map[string]string{"groups[0].die": "between 1 and 6"}},
		{"square 0", cp, Finish{Groups: []FinishGroup{g(0, 0, 3, 11)}}, map[string]string{"groups[0].square": "must be between 1 and 12"}},
		{"square 13", cp, Finish{Groups: []FinishGroup{g(0, 13, 3, 11)}},
			map[string]string{"groups[0].square": "a rider beyond the 12th square counts as 12"}},
		{"negative turn", cp, Finish{Groups: []FinishGroup{g(-1, 3, 3, 11)}}, map[string]string{"groups[0].turn": "must not be negative"}},
		{"last turn", cp, Finish{Groups: []FinishGroup{g(0, 1, 1, 11, 12, 13), g(MaxFinishTurn, 3, 3, 21)}}, nil},
		{"turn past the last", cp, Finish{Groups: []FinishGroup{g(MaxFinishTurn+1, 3, 3, 11)}}, map[string]string{"groups[0].turn": "must be between 0 and 999"}},
		{"turn that would overflow a time", cp, Finish{Groups: []FinishGroup{g(1<<62, 3, 3, 11)}}, map[string]string{"groups[0].turn": "must be between 0 and 999"}},
		{"unknown bib", cp, Finish{Groups: []FinishGroup{g(0, 1, 1, 11, 12, 13, 99)}},
			map[string]string{"groups[0].riders[3]": "no rider with bib 99 in this tour"}},
		{"rider twice across groups", cp, Finish{Groups: []FinishGroup{g(0, 1, 1, 11, 12), g(0, 4, 1, 21, 12)}},
			map[string]string{"groups[1].riders[1]": "bib 12 is already in group 1"}},
		{"abandoned in an earlier stage", cp, Finish{Groups: []FinishGroup{g(0, 1, 1, 16)}},
			map[string]string{"groups[0].riders[0]": "bib 16 abandoned in stage 1"}},
		{"abandoned earlier in this stage", cp, Finish{Groups: []FinishGroup{g(0, 1, 1, 11, 25)}},
			map[string]string{"groups[0].riders[1]": "bib 25 abandoned in this stage"}},
		{"empty group", cp, Finish{Groups: []FinishGroup{g(0, 1, 1)}}, map[string]string{"groups[0].riders": "at least one rider"}},
		{"clock results in groups model", cp, Finish{Results: []ClockResult{{Bib: 11}}}, map[string]string{"results": "enter groups"}},
		{"good turns", cf, Finish{Groups: []FinishGroup{turn(23, 11, 23), turn(24, 12)}}, nil},
		{"turn 0 in turns model", cf, Finish{Groups: []FinishGroup{turn(0, 11)}}, map[string]string{"groups[0].turn": "at least 1"}},
		{"negative turn in turns model", cf, Finish{Groups: []FinishGroup{turn(3, 12), turn(-2, 11)}}, map[string]string{"groups[1].turn": "at least 1"}},
		{"turn past the last in turns model", cf, Finish{Groups: []FinishGroup{turn(3, 12), turn(MaxFinishTurn+1, 11)}}, map[string]string{"groups[1].turn": "must be between 1 and 999"}},
		{"good sectors", r2, Finish{Groups: []FinishGroup{sector(2, 11), sector(0, 21, 22), sector(-3, 31)}}, nil},
		{"sector 10", r2, Finish{Groups: []FinishGroup{sector(10, 11)}}, map[string]string{"groups[0].sector": "between -9 and 9"}},
		{"sector -10", r2, Finish{Groups: []FinishGroup{sector(0, 12), sector(-10, 11)}}, map[string]string{"groups[1].sector": "between -9 and 9"}},
		{"good clock", road, Finish{Results: []ClockResult{{Bib: 11, Hundredths: 100}, {Bib: 12, Hundredths: 100, Bonus: 10}}}, nil},
		{"clock problems", road, Finish{Groups: []FinishGroup{turn(1, 11)}, Results: []ClockResult{{Bib: 11, Hundredths: -1}, {Bib: 11, Bonus: -4, Penalty: -2}, {Bib: 16}}},
			map[string]string{"groups": "enter results", "results[0].hundredths": "not be negative", "results[1].bib": "already in results[0]",
				"results[1].bonus": "not be negative", "results[1].penalty": "not be negative", "results[2].bib": "abandoned in stage 1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantFields(t, "ValidateFinish", ValidateFinish(c.tour, prior, cur, c.f), c.want)
		})
	}
}

func TestValidateAbandon(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 3, 6, "flat", "flat", "flat")
	prior := []StageResult{{Stage: 1, Abandons: []Abandon{{Bib: 16, Reason: "crash"}}}, {Stage: 2}}
	cur := result(3, at(5, 11, 12))
	cur.Abandons = []Abandon{{Bib: 25, Reason: "three sixes"}}
	cases := []struct {
		name string
		a    Abandon
		want map[string]string
	}{
		{"good", Abandon{Bib: 23, Reason: "three sixes in the descent"}, nil},
		{"unknown bib", Abandon{Bib: 99, Reason: "crash"}, map[string]string{"bib": "no rider with bib 99 in this tour"}},
		{"abandoned in an earlier stage", Abandon{Bib: 16, Reason: "crash"}, map[string]string{"bib": "bib 16 abandoned in stage 1"}},
		{"abandoned already in this stage", Abandon{Bib: 25, Reason: "crash"}, map[string]string{"bib": "already abandoned in this stage"}},
		{"has a finish", Abandon{Bib: 12, Reason: "crash"}, map[string]string{"bib": "has a finish in this stage"}},
		{"no reason", Abandon{Bib: 23, Reason: "  "}, map[string]string{"reason": "is required"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantFields(t, "ValidateAbandon", ValidateAbandon(tour, prior, cur, c.a), c.want)
		})
	}
}

func TestMissingAtCloseAndStartingRiders(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 5, "flat", "flat")
	tour.Teams[0].Riders[2].Name = "Juan Pérez"
	prior := priorWithAbandon(15)
	var starting []int
	for _, r := range StartingRiders(tour, prior) {
		starting = append(starting, r.Bib)
	}
	if want := []int{11, 12, 13, 14, 21, 22, 23, 24, 25}; !slices.Equal(starting, want) {
		t.Errorf("StartingRiders = %v, want %v", starting, want)
	}
	if got := len(StartingRiders(tour, nil)); got != 10 {
		t.Errorf("StartingRiders before stage 1 = %d riders, want 10", got)
	}
	cur := result(2, at(0, 11, 12), at(30, 21, 22, 23, 24))
	cur.Abandons = []Abandon{{Bib: 25, Reason: "crash"}}
	got := englishTexts(MissingAtClose(tour, prior, cur))
	want := []string{
		"bib 13 Juan Pérez (Rojo) has no finish and has not abandoned",
		"bib 14 Rider 14 (Rojo) has no finish and has not abandoned",
	}
	if !slices.Equal(got, want) {
		t.Errorf("MissingAtClose = %q, want %q", got, want)
	}
	cur.Finish.Groups = append(cur.Finish.Groups, at(40, 13, 14))
	if got := MissingAtClose(tour, prior, cur); len(got) != 0 {
		t.Errorf("MissingAtClose of a complete stage = %q, want nothing", got)
	}
	road := newTestTour(clockRuleset(UnitSeconds), 1, 2, "road")
	clock := StageResult{Stage: 1, Finish: Finish{Results: []ClockResult{{Bib: 11}}}}
	if got := englishTexts(MissingAtClose(road, nil, clock)); len(got) != 1 || !strings.HasPrefix(got[0], "bib 12 ") {
		t.Errorf("MissingAtClose with clock results = %q, want bib 12 missing", got)
	}
}

// TestValidateLostTurnAndCombativity: lost turns and the combativity award are refused for a rider
// who left the race in an earlier stage, as every other result is; a rider who abandons in this stage
// may still have lost turns or been the most combative.
func TestValidateLostTurnAndCombativity(t *testing.T) {
	rs := shippedRuleset(t, "ciclismo-a-fondo")
	rs.LostTurnReasons = append(rs.LostTurnReasons, LostTurnReason{ID: "fixed", Turns: 3})
	tour := newTestTour(rs, 3, 6, "flat", "flat")
	prior := priorWithAbandon(16)
	cur := StageResult{Stage: 2, Abandons: []Abandon{{Bib: 25, Reason: "second crash in the stage"}}}
	lost := []struct {
		name string
		l    LostTurn
		want map[string]string
	}{
		{"puncture", LostTurn{Bib: 11, Turns: 1, Reason: "puncture"}, nil},
		{"bad patch", LostTurn{Bib: 11, Turns: 3, Reason: "bad_patch"}, nil},
		{"crash of a rider who abandons in this stage", LostTurn{Bib: 25, Turns: 1, Reason: "crash"}, nil},
		{"abandoned in an earlier stage", LostTurn{Bib: 16, Turns: 1, Reason: "crash"}, map[string]string{"bib": "bib 16 abandoned in stage 1"}},
		{"unknown bib", LostTurn{Bib: 99, Turns: 1, Reason: "crash"}, map[string]string{"bib": "no rider with bib 99"}},
		{"no turn", LostTurn{Bib: 11, Reason: "crash"}, map[string]string{"turns": "between 1 and 20"}},
		{"21 turns", LostTurn{Bib: 11, Turns: 21, Reason: "crash"}, map[string]string{"turns": "between 1 and 20"}},
		{"flat tyre", LostTurn{Bib: 11, Turns: 1, Reason: "flat tyre"}, map[string]string{"reason": "must be one of: puncture, bad_patch, crash, fixed"}},
		{"a reason that fixes its turns", LostTurn{Bib: 11, Turns: 2, Reason: "fixed"}, map[string]string{"turns": "must be 3 for this reason"}},
	}
	for _, tt := range lost {
		wantFields(t, "ValidateLostTurn "+tt.name, ValidateLostTurn(tour, prior, cur, tt.l), tt.want)
	}
	for bib, want := range map[int]map[string]string{0: nil, 11: nil, 25: nil, 16: {"bib": "bib 16 abandoned in stage 1"}, 99: {"bib": "no rider with bib 99"}} {
		wantFields(t, "ValidateCombativity", ValidateCombativity(tour, prior, cur, bib), want)
	}
}

func TestSecondCrash(t *testing.T) {
	rs := shippedRuleset(t, "ciclismo-a-fondo")
	cur := StageResult{LostTurns: []LostTurn{{Bib: 33, Turns: 1, Reason: "crash"}, {Bib: 34, Turns: 1, Reason: "puncture"}}}
	for _, tt := range []struct {
		l    LostTurn
		want bool
	}{
		{LostTurn{Bib: 33, Turns: 2, Reason: "crash"}, true},
		{LostTurn{Bib: 33, Turns: 2, Reason: "puncture"}, false},
		{LostTurn{Bib: 34, Turns: 1, Reason: "crash"}, false},
		{LostTurn{Bib: 35, Turns: 1, Reason: "crash"}, false},
	} {
		if got := SecondCrash(&rs, cur, tt.l); got != tt.want {
			t.Errorf("SecondCrash(%+v) = %v, want %v", tt.l, got, tt.want)
		}
	}
}

// englishTexts is each sentence in English.
func englishTexts(texts []i18n.Text) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = t.String()
	}
	return out
}
