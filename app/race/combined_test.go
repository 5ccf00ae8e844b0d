package race

import (
	"slices"
	"testing"
)

func TestCombinedClassification(t *testing.T) {
	cp := shippedRuleset(t, "cycling-party")
	// Stage 1: 11, 12, 22, 21, 13… on the line (the general and the points classifications alike);
	// the climb is crossed by 21, 12, 22. Bib 11 has no mountain point.
	stage1 := func(climb ...int) StageResult {
		r := result(1, at(0, 11), at(10, 12), at(20, 22), at(30, 21), at(40, 13), at(60, 14, 15, 23, 24, 25))
		r.Climbs = map[int][]int{1: climb}
		return r
	}
	stage2 := result(2, at(0, 11, 13, 14, 15, 21, 22, 23, 24, 25))
	stage2.Abandons = []Abandon{{Bib: 12, Reason: "crash"}}
	cases := []struct {
		name    string
		on      bool
		results []StageResult
		after   int
		bibs    []int
		points  []int
	}{
		{
			// 12: 2+2+2 = 6; 22: 3+3+3 = 9 and 21: 4+4+1 = 9 tie, 22 is better placed in the general.
			name: "sum of places, a tie goes to the better general place", on: true,
			results: []StageResult{stage1(21, 12, 22)}, after: 1, bibs: []int{12, 22, 21}, points: []int{6, 9, 9},
		},
		{
			// 12: 2+2+1 = 5; 22: 3+3+3 = 9; 21: 4+4+2 = 10.
			name: "lowest sum first", on: true,
			results: []StageResult{stage1(12, 21, 22)}, after: 1, bibs: []int{12, 22, 21}, points: []int{5, 9, 10},
		},
		{
			// Only 21 has mountain points: the others are missing from one classification.
			name: "riders missing from one classification are not ranked", on: true,
			results: []StageResult{stage1(21)}, after: 1, bibs: []int{21}, points: []int{4 + 4 + 1},
		},
		{
			// 12 abandoned in stage 2: out of every classification, the combined too; 22 and 21 are
			// left, each with the sum of his places after stage 2.
			name: "a rider out of the race leaves it", on: true,
			results: []StageResult{stage1(21, 12, 22), stage2}, after: 2, bibs: []int{22, 21}, points: nil,
		},
		{
			name: "off unless the tour's settings turn it on", on: false,
			results: []StageResult{stage1(21, 12, 22)}, after: 1, bibs: []int{}, points: []int{},
		},
	}
	for _, c := range cases {
		tour := newTestTour(cp, 2, 5, "flat", "flat")
		tour.Stages[0].Climbs = []Climb{{Index: 1, Category: "third"}}
		tour.Settings.Combined = c.on
		st := standingsAfter(t, tour, c.results, c.after)
		got := pointsBibs(st.Combined)
		if !slices.Equal(got, c.bibs) {
			t.Errorf("%s: combined = %v, want %v", c.name, got, c.bibs)
		}
		for i, r := range st.Combined {
			if r.Rank != i+1 {
				t.Errorf("%s: row %d has rank %d", c.name, i, r.Rank)
			}
			if c.points != nil && r.Points != c.points[i] {
				t.Errorf("%s: bib %d has %d places, want %d", c.name, r.Bib, r.Points, c.points[i])
			}
			if c.points == nil && r.Points != place(st.Individual, r.Bib)+place(st.Regularity, r.Bib)+place(st.Mountain, r.Bib) {
				t.Errorf("%s: bib %d has %d places, not the sum of his places", c.name, r.Bib, r.Points)
			}
		}
		leader, dressed := st.Leaders[ClassCombined]
		switch {
		case len(c.bibs) > 0 && leader != c.bibs[0]:
			t.Errorf("%s: combined leader = %d, want %d", c.name, leader, c.bibs[0])
		case len(c.bibs) == 0 && dressed:
			t.Errorf("%s: combined leader %d without a combined classification", c.name, leader)
		}
	}
}

// place is a bib's rank in time or points rows (0: not in them).
func place[R TimeRow | PointsRow](rows []R, bib int) int {
	for _, r := range rows {
		switch v := any(r).(type) {
		case TimeRow:
			if v.Bib == bib {
				return v.Rank
			}
		case PointsRow:
			if v.Bib == bib {
				return v.Rank
			}
		}
	}
	return 0
}

func TestWithSettingsListsTheCombined(t *testing.T) {
	uci := shippedRuleset(t, "uci-road")
	cases := []struct {
		name   string
		rs     Ruleset
		on     bool
		has    bool
		jersey string
	}{
		{"on: listed with the white jersey", uci, true, true, "#ffffff"},
		{"off: not listed", uci, false, false, ""},
		{"off again: taken out of a copy that listed it", WithSettings(uci, TourSettings{Combined: true}), false, false, ""},
		{"on twice: listed once", WithSettings(uci, TourSettings{Combined: true}), true, true, "#ffffff"},
	}
	for _, c := range cases {
		got := WithSettings(c.rs, TourSettings{Combined: c.on})
		n := 0
		for _, id := range got.Classifications {
			if id == ClassCombined {
				n++
			}
		}
		if (n == 1) != c.has || n > 1 {
			t.Errorf("%s: combined listed %d times in %v", c.name, n, got.Classifications)
		}
		if j := got.Jerseys[ClassCombined]; j.Color != c.jersey {
			t.Errorf("%s: combined jersey %+v, want colour %q", c.name, j, c.jersey)
		}
		if err := got.Validate(); err != nil {
			t.Errorf("%s: the tour's ruleset is refused: %v", c.name, err)
		}
	}
	if _, ok := uci.Jerseys[ClassCombined]; ok || uci.Has(ClassCombined) {
		t.Error("WithSettings changed the ruleset it was given")
	}
}
