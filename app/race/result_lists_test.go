package race

import (
	"slices"
	"testing"
)

// repeatBib is n copies of bib.
func repeatBib(bib, n int) []int { return slices.Repeat([]int{bib}, n) }

// TestResultListsAreBoundedByTheTour refuses orders and finishes listing more riders than the tour
// has (15 here) as a whole, naming the list and the first bib given again with the reason a repeated
// bib has, before any bib is checked one by one; a list of the tour's size is checked as before.
func TestResultListsAreBoundedByTheTour(t *testing.T) {
	cp := newTestTour(shippedRuleset(t, "cycling-party"), 3, 5, "flat")
	uci := newTestTour(shippedRuleset(t, "uci-road"), 3, 5, "ttt")
	cur := StageResult{Stage: 1}
	all := []int{11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34, 35}
	group := func(riders ...int) FinishGroup { return FinishGroup{Turn: 0, Square: 3, Die: 2, Riders: riders} }
	results := func(bibs ...int) []ClockResult {
		out := make([]ClockResult, len(bibs))
		for i, b := range bibs {
			out[i] = ClockResult{Bib: b, Hundredths: 100_000 + i}
		}
		return out
	}
	for _, c := range []struct {
		name  string
		order []int
		tour  *Tour
		f     *Finish
		want  map[string]string
	}{
		{name: "an order of every rider", order: all},
		{name: "an order of a million bib 11", order: repeatBib(11, 1_000_000), want: map[string]string{
			"order": "lists 1000000 riders: the tour has only 15", "order[1]": "bib 11 is already at order[0]"}},
		{name: "an order of 16 riders, the last again", order: append(slices.Clone(all), 23), want: map[string]string{
			"order": "lists 16 riders: the tour has only 15", "order[15]": "bib 23 is already at order[7]"}},
		{name: "an order of 16 bibs, none again", order: append(slices.Clone(all), 99), want: map[string]string{"order": "lists 16 riders"}},
		{name: "an order of three bib 11 is checked bib by bib", order: repeatBib(11, 3), want: map[string]string{
			"order[1]": "bib 11 is already at order[0]", "order[2]": "bib 11 is already at order[0]"}},
		{name: "a finish of every rider", tour: cp, f: &Finish{Groups: []FinishGroup{group(all[:7]...), group(all[7:]...)}}},
		{name: "a finish of a million bib 11", tour: cp, f: &Finish{Groups: []FinishGroup{group(repeatBib(11, 1_000_000)...)}}, want: map[string]string{
			"groups": "lists 1000000 riders: the tour has only 15", "groups[0].riders[1]": "bib 11 is already in group 1"}},
		{name: "a finish repeating a rider of an earlier group", tour: cp, f: &Finish{Groups: []FinishGroup{group(all...), group(12)}}, want: map[string]string{
			"groups": "lists 16 riders", "groups[1].riders[0]": "bib 12 is already in group 1"}},
		{name: "16 groups", tour: cp, f: &Finish{Groups: slices.Repeat([]FinishGroup{group(11)}, 16)}, want: map[string]string{
			"groups": "has 16 groups: the tour has only 15 riders"}},
		{name: "clock results of a million bib 11", tour: uci, f: &Finish{Results: results(repeatBib(11, 1_000_000)...)}, want: map[string]string{
			"results": "lists 1000000 riders", "results[1].bib": "bib 11 is already in results[0]"}},
		{name: "a team time trial of 4 teams", tour: uci, f: &Finish{Teams: []TeamTime{{Team: 1}, {Team: 2}, {Team: 3}, {Team: 1}}}, want: map[string]string{
			"teams": "lists 4 teams: the tour has only 3"}},
		{name: "a team time trial dropping one rider 16 times", tour: uci, f: &Finish{Teams: []TeamTime{{Team: 1, Hundredths: 1, Dropped: results(repeatBib(15, 16)...)}}},
			want: map[string]string{"teams": "lists 16 riders", "teams[0].dropped[1].bib": "bib 15 is already in teams[0].dropped[0]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.f == nil {
				wantFields(t, "ValidateOrder", ValidateOrder(cp, nil, cur, c.order), c.want)
				return
			}
			wantFields(t, "ValidateFinish", ValidateFinish(c.tour, nil, cur, *c.f), c.want)
		})
	}
	wantFields(t, "the fatigue of 16 riders", ValidateFatigue(cp, nil, cur, map[int]int{11: 1, 12: 1, 13: 1, 14: 1, 15: 1, 21: 1, 22: 1, 23: 1, 24: 1, 25: 1, 31: 1, 32: 1, 33: 1, 34: 1, 35: 1, 99: 1}),
		map[string]string{"fatigue": "lists 16 riders: the tour has only 15"})
}

// BenchmarkHostileOrder measures refusing a sprint order of a million copies of one bib.
func BenchmarkHostileOrder(b *testing.B) {
	tour := newTestTour(Ruleset{}, 3, 5, "flat")
	order := repeatBib(11, 1_000_000)
	b.ReportAllocs()
	for b.Loop() {
		if ValidateOrder(tour, nil, StageResult{Stage: 1}, order) == nil {
			b.Fatal("a million copies of bib 11 were taken")
		}
	}
}
