package race

import (
	"fmt"
	"strings"
	"testing"
)

// TestCyclingPartySources checks where each manager's points come from, on the tour of
// TestCyclingPartyManagers: every stage win and every scoring place, in ManagerClasses order, adding
// up to the total.
func TestCyclingPartySources(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 3, 5, "flat")
	tour.Stages[0].Climbs = []Climb{{Index: 1, Category: "third"}}
	res := result(1, at(0, 21, 11, 31, 12, 22, 32, 13, 23, 33, 14, 24, 34, 15, 25, 35))
	res.Sprints = map[int][]int{1: {31, 11, 21}}
	res.Climbs = map[int][]int{1: {11, 22, 33}}
	st := standingsAfter(t, tour, []StageResult{res}, 1)
	text := func(ps []ManagerPoints) string {
		var out []string
		for _, p := range ps {
			s := fmt.Sprintf("%s %d", p.Class, p.Place)
			if p.Stage > 0 {
				s = fmt.Sprintf("stage %d win", p.Stage)
			}
			if p.Bib > 0 {
				s += fmt.Sprintf(" bib %d", p.Bib)
			}
			out = append(out, fmt.Sprintf("%s = %d", s, p.Points))
		}
		return strings.Join(out, "; ")
	}
	want := map[int]string{
		1: "individual 2 bib 11 = 18; individual 4 bib 12 = 8; regularity 2 bib 11 = 7; mountain 1 bib 11 = 12; sprints 2 bib 11 = 4; teams 1 = 12",
		2: "stage 1 win bib 21 = 5; individual 1 bib 21 = 25; individual 5 bib 22 = 5; regularity 1 bib 21 = 12; mountain 2 bib 22 = 7; sprints 3 bib 21 = 2; teams 2 = 7",
		3: "individual 3 bib 31 = 12; regularity 3 bib 31 = 3; mountain 3 bib 33 = 3; sprints 1 bib 31 = 8; teams 3 = 3",
	}
	for _, m := range st.CyclingParty {
		if got := text(m.Sources); got != want[m.TeamID] {
			t.Errorf("team %d points come from\n %s\nwant\n %s", m.TeamID, got, want[m.TeamID])
		}
		sum := 0
		for _, class := range ManagerClasses() {
			sum += m.PointsFrom(class)
		}
		if sum != m.Points {
			t.Errorf("team %d: the sources add up to %d, the total is %d", m.TeamID, sum, m.Points)
		}
	}
	if got := st.CyclingParty[0].PointsFrom(ClassStage); got != 5 {
		t.Errorf("team 2 has %d points from stage wins, want 5", got)
	}
	// Without points for a stage win, a stage win is no source.
	tour.Points = &PointsDefinition{Individual: []int{1}}
	st = standingsAfter(t, tour, []StageResult{res}, 1)
	for _, m := range st.CyclingParty {
		for _, p := range m.Sources {
			if p.Class == ClassStage {
				t.Errorf("team %d has a stage win source %+v with stage wins worth nothing", m.TeamID, p)
			}
		}
	}
}
