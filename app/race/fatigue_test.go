package race

import (
	"slices"
	"testing"
)

func TestFatigueRetired(t *testing.T) {
	rs := loadedRuleset(t, "2ruote")
	res := StageResult{Stage: 1, Fatigue: map[int]int{11: 20, 12: 21, 13: 25, 14: 26, 15: 0, 21: 99}}
	for _, tt := range []struct {
		advanced bool
		rs       Ruleset
		want     []int
	}{
		{false, rs, []int{12, 13, 14, 21}},
		{true, rs, []int{14, 21}},
		{false, Ruleset{ID: "defaults"}, []int{12, 13, 14, 21}},
		{true, Ruleset{ID: "defaults"}, []int{14, 21}},
	} {
		tour := &Tour{Ruleset: tt.rs, Advanced: tt.advanced}
		if got := FatigueRetired(tour, res); !slices.Equal(got, tt.want) {
			t.Errorf("%s advanced=%v: retired = %v, want %v", tt.rs.ID, tt.advanced, got, tt.want)
		}
	}
	if got := FatigueRetired(&Tour{Ruleset: rs}, StageResult{}); len(got) != 0 {
		t.Errorf("retired without fatigue = %v, want none", got)
	}
}

func TestValidateFatigue(t *testing.T) {
	tour := &Tour{Ruleset: loadedRuleset(t, "2ruote"), Teams: AssignBibs([]Team{ruoteTeam(1), ruoteTeam(2)})}
	prior := []StageResult{{Stage: 1, Abandons: []Abandon{{Bib: 13, Reason: "fatigue"}}}}
	cur := StageResult{Stage: 2, Abandons: []Abandon{{Bib: 14, Reason: "crash"}}}
	if err := ValidateFatigue(tour, prior, cur, map[int]int{11: 0, 12: 99, 14: 21, 21: 15}); err != nil {
		t.Errorf("ValidateFatigue = %v, want nil", err)
	}
	tests := []struct {
		name    string
		fatigue map[int]int
		want    []string
	}{
		{"unknown bib", map[int]int{31: 3}, []string{"fatigue.31"}},
		{"negative", map[int]int{11: -1}, []string{"fatigue.11"}},
		{"100", map[int]int{12: 100}, []string{"fatigue.12"}},
		{"abandoned earlier", map[int]int{13: 5}, []string{"fatigue.13"}},
		{"several", map[int]int{11: 5, 13: 5, 22: 200, 0: 1}, []string{"fatigue.0", "fatigue.13", "fatigue.22"}},
	}
	for _, tt := range tests {
		if got := fieldsOf(t, ValidateFatigue(tour, prior, cur, tt.fatigue)); !slices.Equal(got, tt.want) {
			t.Errorf("%s: fields = %v, want %v", tt.name, got, tt.want)
		}
	}
}
