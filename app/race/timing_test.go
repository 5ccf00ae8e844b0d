package race

import (
	"slices"
	"strings"
	"testing"
)

func TestCyclingPartySecondsWorkedExamples(t *testing.T) {
	cases := []struct {
		name              string
		turn, square, die int
		want              int
	}{
		{"interval 10–15 is square 10, die 1", 0, 10, 1, 15},
		{"interval 10–15, die 2", 0, 10, 2, 14},
		{"interval 10–15, die 3", 0, 10, 3, 13},
		{"interval 10–15, die 4", 0, 10, 4, 12},
		{"interval 10–15, die 5", 0, 10, 5, 11},
		{"interval 10–15 is square 10, die 6", 0, 10, 6, 10},
		{"one turn after the winner on square 1 with a 3", 1, 1, 3, 118},
		{"first square after the line, die 6 (low end 55)", 0, 1, 6, 55},
		{"first square after the line, die 1 (high end 60)", 0, 1, 1, 60},
		{"twelfth square, die 6", 0, 12, 6, 0},
		{"twelfth square, die 1", 0, 12, 1, 5},
		{"beyond the 12th square counts as 12", 0, 15, 6, 0},
		{"three turns later", 3, 4, 4, 180 + 40 + 2},
	}
	for _, c := range cases {
		if got := CyclingPartySeconds(c.turn, c.square, c.die); got != c.want {
			t.Errorf("%s: CyclingPartySeconds(%d, %d, %d) = %d, want %d", c.name, c.turn, c.square, c.die, got, c.want)
		}
	}
	// Every indicator square s shows [55 − 5(s−1), 60 − 5(s−1)].
	for s := 1; s <= TimeSquares; s++ {
		low, high := 55-5*(s-1), 60-5*(s-1)
		if got := CyclingPartySeconds(0, s, 6); got != low {
			t.Errorf("square %d die 6 = %d s, want the low end %d", s, got, low)
		}
		if got := CyclingPartySeconds(0, s, 1); got != high {
			t.Errorf("square %d die 1 = %d s, want the high end %d", s, got, high)
		}
	}
	for secs := range 600 {
		g := at(secs)
		if got := CyclingPartySeconds(g.Turn, g.Square, g.Die); got != secs {
			t.Fatalf("test helper at(%d) gives %d s", secs, got)
		}
	}
}

// stageTimesOf runs StageTimes and fails the test on error.
func stageTimesOf(t *testing.T, tour *Tour, n int, res StageResult) []StageTime {
	t.Helper()
	got, err := StageTimes(tour, n, nil, res)
	if err != nil {
		t.Fatalf("StageTimes(stage %d) error: %v", n, err)
	}
	return got
}

// checkStageTimes compares placings with the expected ones, in order.
func checkStageTimes(t *testing.T, got, want []StageTime) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("StageTimes gave %d riders %+v, want %d %+v", len(got), got, len(want), want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("place %d = %+v, want %+v", i+1, got[i], want[i])
		}
	}
}

func TestStageTimesCyclingParty(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 3, 5, "flat")
	// Groups are entered out of time order; 13 and 31 share a time with group 1 and keep entry order.
	res := result(1,
		FinishGroup{Turn: 1, Square: 1, Die: 3, Riders: []int{21, 22}},  // 118 s
		FinishGroup{Turn: 0, Square: 10, Die: 1, Riders: []int{11, 12}}, // 15 s
		FinishGroup{Turn: 0, Square: 10, Die: 1, Riders: []int{13}},     // 15 s, entered later
		FinishGroup{Turn: 0, Square: 12, Die: 6, Riders: []int{31}},     // 0 s
	)
	checkStageTimes(t, stageTimesOf(t, tour, 1, res), []StageTime{
		{Bib: 31, Time: 0, Place: 1},
		{Bib: 11, Time: 15, Place: 2},
		{Bib: 12, Time: 15, Place: 3},
		{Bib: 13, Time: 15, Place: 4},
		{Bib: 21, Time: 118, Place: 5},
		{Bib: 22, Time: 118, Place: 6},
	})
}

func TestStageTimesTurnsWithBonuses(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "ciclismo-a-fondo"), 2, 4, "low")
	tour.Stages[0].Climbs = []Climb{{Index: 1, Category: "third"}, {Index: 2, Category: "repecho"}}
	tour.Stages[0].Sprints = []Sprint{{Index: 1, At: 40}}
	res := result(1, turn(30, 12, 21), turn(31, 11, 22, 13))
	res.Sprints = map[int][]int{1: {11, 21, 13, 12}} // 3, 2, 1 turns; 4th nothing
	res.Climbs = map[int][]int{1: {21, 11}, 2: {22}} // third category 3, 2; repecho has no points, no bonus
	checkStageTimes(t, stageTimesOf(t, tour, 1, res), []StageTime{
		{Bib: 12, Time: 30, Place: 1},
		{Bib: 21, Time: 30, Place: 2, Bonus: 2 + 3},
		{Bib: 11, Time: 31, Place: 3, Bonus: 3 + 2},
		{Bib: 22, Time: 31, Place: 4},
		{Bib: 13, Time: 31, Place: 5, Bonus: 1},
	})
}

func TestStageTimesTeamTimeTrial(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "ciclismo-a-fondo"), 3, 5, "ttt")
	// Rojo's 4th rider crosses in turn 12, Azul's in turn 11; Verde has only 3 finishers: its last one counts.
	res := result(1,
		turn(10, 11, 12, 21, 22, 23),
		turn(11, 13, 24, 31),
		turn(12, 14, 32),
		turn(14, 15, 33),
	)
	res.Abandons = []Abandon{{Bib: 34, Reason: "crash"}, {Bib: 35, Reason: "crash"}}
	got := stageTimesOf(t, tour, 1, res)
	want := map[int]int{11: 12, 12: 12, 13: 12, 14: 12, 15: 12, 21: 11, 22: 11, 23: 11, 24: 11, 31: 14, 32: 14, 33: 14}
	if len(got) != len(want) {
		t.Fatalf("StageTimes gave %d riders, want %d: %+v", len(got), len(want), got)
	}
	for i, g := range got {
		if g.Time != want[g.Bib] {
			t.Errorf("team time trial time of bib %d = %d, want %d", g.Bib, g.Time, want[g.Bib])
		}
		if g.Place != i+1 {
			t.Errorf("place of bib %d = %d, want %d", g.Bib, g.Place, i+1)
		}
	}
	var order []int
	for _, g := range got {
		order = append(order, g.Bib)
	}
	wantOrder := []int{21, 22, 23, 24, 11, 12, 13, 14, 15, 31, 32, 33}
	if !slices.Equal(order, wantOrder) {
		t.Errorf("team time trial placing = %v, want %v", order, wantOrder)
	}
}

func TestStageTimesSectors(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "2ruote"), 2, 5, "flat")
	res := result(1, sector(2, 11), sector(0, 21, 12), sector(-1, 22), sector(2, 13))
	checkStageTimes(t, stageTimesOf(t, tour, 1, res), []StageTime{
		{Bib: 11, Time: 0, Place: 1},
		{Bib: 13, Time: 0, Place: 2},
		{Bib: 21, Time: 60, Place: 3},
		{Bib: 12, Time: 60, Place: 4},
		{Bib: 22, Time: 90, Place: 5},
	})
	// Everyone in the group (sector 0, no breakaway): the leading sector is 0.
	checkStageTimes(t, stageTimesOf(t, tour, 1, result(1, sector(-2, 14), sector(0, 15))), []StageTime{
		{Bib: 15, Time: 0, Place: 1},
		{Bib: 14, Time: 60, Place: 2},
	})
}

// clockRuleset is a test-only road ruleset with real clock times (issue 8 ships the real one).
func clockRuleset(unit string) Ruleset {
	return Ruleset{
		ID: "test-road", Name: "Test road", TimeModel: TimeModelClock, TimeUnit: unit,
		Roles:           []Role{{ID: "rider", Name: "Rider"}},
		Team:            TeamRules{MinRiders: 1, MaxRiders: 9, MinTeams: 1, MaxTeams: 30},
		StageTypes:      []StageType{{ID: "road", Name: "Road"}, {ID: "ttt", Name: "Team time trial", TimeTrial: TimeTrialTeam}},
		TeamBest:        3,
		Classifications: []string{ClassStage, ClassIndividual, ClassTeams},
	}
}

func TestStageTimesClock(t *testing.T) {
	rs := clockRuleset(UnitSeconds)
	if err := rs.Validate(); err != nil {
		t.Fatalf("test clock ruleset Validate() = %v", err)
	}
	tour := newTestTour(rs, 2, 3, "road")
	res := StageResult{Stage: 1, Finish: Finish{Results: []ClockResult{
		{Bib: 11, Hundredths: 360050, Bonus: 10},
		{Bib: 21, Hundredths: 360000, Bonus: 6},
		{Bib: 12, Hundredths: 360099, Penalty: 20},
		{Bib: 22, Hundredths: 360500},
	}}}
	checkStageTimes(t, stageTimesOf(t, tour, 1, res), []StageTime{
		{Bib: 21, Time: 3600, Place: 1, Bonus: 6},
		{Bib: 11, Time: 3600, Place: 2, Bonus: 10},
		{Bib: 12, Time: 3600, Place: 3, Penalty: 20},
		{Bib: 22, Time: 3605, Place: 4},
	})
	tour.Ruleset = clockRuleset(UnitHundredths)
	got := stageTimesOf(t, tour, 1, res)
	if got[0].Time != 360000 || got[1].Bonus != 1000 || got[2].Penalty != 2000 {
		t.Errorf("hundredths unit gave %+v, want times, bonuses and penalties in hundredths", got)
	}
}

func TestStageTimesLeavesOutAbandons(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 5, "flat")
	res := result(1, at(10, 11, 12), at(20, 21))
	res.Abandons = []Abandon{{Bib: 12, Reason: "three sixes"}}
	checkStageTimes(t, stageTimesOf(t, tour, 1, res), []StageTime{
		{Bib: 11, Time: 10, Place: 1},
		{Bib: 21, Time: 20, Place: 2},
	})
}

func TestStageTimesErrors(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 5, "flat", "queen")
	cases := []struct {
		name  string
		stage int
		res   StageResult
		want  string
	}{
		{"stage 0", 0, result(0), "stage 0 is not a stage"},
		{"stage after the last", 3, result(3), "stage 3 is not a stage"},
		{"result of another stage", 1, result(2), "result of stage 2 given for stage 1"},
		{"unknown bib", 1, result(1, at(0, 11, 99)), "no rider with bib 99"},
		{"bib twice", 1, result(1, at(0, 11), at(5, 11)), "bib 11 appears twice"},
		{"unknown stage type", 2, result(2, at(0, 11)), `type "queen"`},
	}
	for _, c := range cases {
		_, err := StageTimes(tour, c.stage, nil, c.res)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: StageTimes error = %v, want it to contain %q", c.name, err, c.want)
		}
	}
	cf := newTestTour(shippedRuleset(t, "ciclismo-a-fondo"), 2, 4, "flat")
	_, err := StageTimes(cf, 1, nil, StageResult{Stage: 1, Climbs: map[int][]int{4: {11}}})
	if err == nil || !strings.Contains(err.Error(), "stage 1 has no climb 4") {
		t.Errorf("unknown climb: StageTimes error = %v, want it to name the climb", err)
	}
}

func TestStageTimesLargeBibs(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 2, "flat")
	for ti := range tour.Teams {
		for ri := range tour.Teams[ti].Riders {
			tour.Teams[ti].Riders[ri].Bib *= 1000 // beyond the slice lookup: the map is used
		}
	}
	got := stageTimesOf(t, tour, 1, result(1, at(5, 21000), at(0, 12000)))
	checkStageTimes(t, got, []StageTime{{Bib: 12000, Time: 0, Place: 1}, {Bib: 21000, Time: 5, Place: 2}})
	if _, err := StageTimes(tour, 1, nil, result(1, at(0, 11))); err == nil || !strings.Contains(err.Error(), "no rider with bib 11") {
		t.Errorf("unknown bib with large bibs: error = %v, want it named", err)
	}
}
