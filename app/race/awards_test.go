package race

import "testing"

// TestClimbAndSprintAwards checks what each place of a crossing earns in every shipped game: a bonus
// for every place of the bonus table on a climb that scores points (Ciclismo a fondo's 4th category
// gives 3rd a bonus and no points), none on a repecho, nothing past the tables.
func TestClimbAndSprintAwards(t *testing.T) {
	caf := loadedRuleset(t, "ciclismo-a-fondo")
	cp := loadedRuleset(t, "cycling-party")
	uci := loadedRuleset(t, "uci-road")
	cat := func(rs Ruleset, id string) ClimbCategory {
		c, ok := rs.ClimbCategory(id)
		if !ok {
			t.Fatalf("%s has no climb category %q", rs.ID, id)
		}
		return c
	}
	tests := []struct {
		what string
		got  Award
		want Award
	}{
		{"CaF 4th cat, 1st", ClimbAward(&caf, cat(caf, "fourth"), 0), Award{Points: 3, Bonus: 3}},
		{"CaF 4th cat, 2nd", ClimbAward(&caf, cat(caf, "fourth"), 1), Award{Points: 1, Bonus: 2}},
		{"CaF 4th cat, 3rd: bonus only", ClimbAward(&caf, cat(caf, "fourth"), 2), Award{Bonus: 1}},
		{"CaF 4th cat, 4th", ClimbAward(&caf, cat(caf, "fourth"), 3), Award{}},
		{"CaF repecho, 1st", ClimbAward(&caf, cat(caf, "repecho"), 0), Award{}},
		{"CaF special, 5th", ClimbAward(&caf, cat(caf, "special"), 4), Award{Points: 3}},
		{"CaF sprint, 1st", SprintAward(&caf, 0), Award{Regularity: 5, Bonus: 3}},
		{"CaF sprint, 4th", SprintAward(&caf, 3), Award{}},
		{"CaF negative place", SprintAward(&caf, -1), Award{}},
		{"UCI sprint, 2nd", SprintAward(&uci, 1), Award{Regularity: 17, Bonus: 2}},
		{"CP climb, 1st", ClimbAward(&cp, cp.ClimbCategories[0], 0), Award{Points: cp.ClimbCategories[0].Points[0]}},
		{"no mountain classification", ClimbAward(&Ruleset{ClimbBonuses: []int{5}}, ClimbCategory{Points: []int{2}}, 0), Award{Bonus: 5}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %+v, want %+v", tt.what, tt.got, tt.want)
		}
	}
	if !(Award{}).Zero() || (Award{Bonus: 1}).Zero() {
		t.Error("Zero answers wrongly")
	}
}
