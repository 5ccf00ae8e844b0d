package follow

import (
	"testing"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/data"
	"racedirector/handlers/base"
)

// TestTVWords checks the words the TV writes for a gap, a sprint's and a climb's places and a time
// in each time unit.
func TestTVWords(t *testing.T) {
	all := []string{race.ClassSprints, race.ClassRegularity, race.ClassMountain}
	seconds := &race.Ruleset{Classifications: all, TimeUnit: "seconds", SprintPoints: []int{5, 3, 1}, SprintBonuses: []int{10, 6}, ClimbBonuses: []int{8}}
	turns := &race.Ruleset{Classifications: all, TimeUnit: "turns", SprintRegularity: []int{5, 3, 1}, SprintBonuses: []int{1}, ClimbBonuses: []int{3, 2, 1}}
	third := race.ClimbCategory{Points: []int{5, 3, 1}}
	hill := race.ClimbCategory{}
	fourth := race.ClimbCategory{Points: []int{3, 1}}
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	l := cat.Localizer(i18n.English)
	for _, c := range []struct{ what, got, want string }{
		{"the leader's gap", tvGap(l, seconds, 0, true), "—"},
		{"a gap of none", tvGap(l, seconds, 0, false), "s.t."},
		{"a gap of 32 s", tvGap(l, seconds, 32, false), "+0:32"},
		{"a gap of 2 turns", tvGap(l, turns, 2, false), "+2"},
		{"1st of a sprint", sprintAward(l, seconds, 0), "5 points · 10 s bonus"},
		{"3rd of a sprint", sprintAward(l, seconds, 2), "1 point"},
		{"4th of a sprint", sprintAward(l, seconds, 3), ""},
		{"1st of a sprint in turns", sprintAward(l, turns, 0), "5 regularity points · 1 turn bonus"},
		{"2nd over a climb in turns", climbAward(l, turns, third, 1), "3 points · 2 turns bonus"},
		{"1st over a climb without points", climbAward(l, turns, hill, 0), ""},
		{"3rd over a fourth-category climb: a bonus without points", climbAward(l, turns, fourth, 2), "1 turn bonus"},
		{"1st over a climb in seconds", climbAward(l, seconds, third, 0), "5 points · 8 s bonus"},
		{"a time in turns", base.TimeWordsIn(l, turns, 27), "27 turns"},
		{"a time of one turn", base.TimeWordsIn(l, turns, 1), "1 turn"},
		{"a time in seconds", base.TimeWordsIn(l, seconds, 77), "1:17"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.what, c.got, c.want)
		}
	}
}
