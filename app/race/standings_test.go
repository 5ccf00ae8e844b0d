package race

import (
	"slices"
	"strings"
	"testing"
)

// standingsAfter computes the standings after stage n and fails the test on error.
func standingsAfter(t *testing.T, tour *Tour, results []StageResult, n int) *Standings {
	t.Helper()
	st, err := ComputeStandings(tour, results, n)
	if err != nil {
		t.Fatalf("ComputeStandings(after %d) error: %v", n, err)
	}
	return st
}

// timeBibs lists the bibs of time rows in order.
func timeBibs(rows []TimeRow) []int {
	out := make([]int, len(rows))
	for i, r := range rows {
		out[i] = r.Bib
	}
	return out
}

// pointsBibs lists the bibs of points rows in order.
func pointsBibs(rows []PointsRow) []int {
	out := make([]int, len(rows))
	for i, r := range rows {
		out[i] = r.Bib
	}
	return out
}

// teamIDs lists the team ids of team rows in order.
func teamIDs(rows []TeamRow) []int {
	out := make([]int, len(rows))
	for i, r := range rows {
		out[i] = r.TeamID
	}
	return out
}

// wantOrder compares an order of bibs or team ids with the expected one.
func wantOrder(t *testing.T, what string, got, want []int) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s order = %v, want %v", what, got, want)
	}
}

func TestComputeStandingsErrors(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 5, "flat", "flat")
	good := []StageResult{result(1, at(0, 11, 21)), result(2, at(0, 11, 21))}
	cases := []struct {
		name    string
		results []StageResult
		after   int
		want    string
	}{
		{"after 0", good, 0, "after stage 0"},
		{"after beyond results", good[:1], 2, "results exist for stages 1–1"},
		{"no results", nil, 1, "results exist for stages 1–0"},
		{"results out of order", []StageResult{good[1], good[0]}, 1, "results[0] is for stage 2, want stage 1"},
		{"unknown bib in finish", []StageResult{result(1, at(0, 11, 99))}, 1, "no rider with bib 99"},
		{"unknown bib in sprint", []StageResult{{Stage: 1, Sprints: map[int][]int{1: {98}}}}, 1, "no rider with bib 98"},
		{"unknown bib in climb", []StageResult{{Stage: 1, Climbs: map[int][]int{1: {97}}}}, 1, "no climb 1"},
		{"unknown abandon", []StageResult{{Stage: 1, Abandons: []Abandon{{Bib: 96}}}}, 1, "no rider with bib 96"},
	}
	for _, c := range cases {
		_, err := ComputeStandings(tour, c.results, c.after)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ComputeStandings error = %v, want it to contain %q", c.name, err, c.want)
		}
	}
	short := newTestTour(shippedRuleset(t, "cycling-party"), 2, 5, "flat")
	if _, err := ComputeStandings(short, good, 2); err == nil || !strings.Contains(err.Error(), "the tour has 1 stages") {
		t.Errorf("after a stage the tour lacks: error = %v, want it to say so", err)
	}
}

func TestIndividualTieBreaks(t *testing.T) {
	cf := shippedRuleset(t, "ciclismo-a-fondo")
	cases := []struct {
		name    string
		tour    *Tour
		results []StageResult
		want    []int
	}{
		{
			// 21 and 11 both 22 turns; placings 1+2 beat 3+1 although 11 won the last stage and has the lower bib.
			name: "sum of stage placings",
			tour: newTestTour(cf, 2, 4, "flat", "flat"),
			results: []StageResult{
				result(1, turn(10, 21), turn(11, 12), turn(12, 11)),
				result(2, turn(10, 11), turn(12, 21), turn(13, 12)),
			},
			want: []int{21, 11, 12},
		},
		{
			// Equal time and placing sums: 21 placed better in the latest stage although 11 has the lower bib.
			name: "placing in the latest stage",
			tour: newTestTour(cf, 2, 4, "flat", "flat"),
			results: []StageResult{
				result(1, turn(10, 11, 21)),
				result(2, turn(10, 21, 11)),
			},
			want: []int{21, 11},
		},
		{
			// 21 crossed a turn after 11 but won the sprint: 3 bonus turns put it ahead.
			name: "bonus turns subtracted",
			tour: newTestTour(cf, 2, 4, "flat"),
			results: []StageResult{{Stage: 1, Sprints: map[int][]int{1: {21}},
				Finish: Finish{Groups: []FinishGroup{turn(10, 11), turn(11, 21)}}}},
			want: []int{21, 11},
		},
		{
			// 11 was faster but a 20 s penalty puts it behind.
			name: "penalty added",
			tour: newTestTour(clockRuleset(UnitSeconds), 2, 3, "road"),
			results: []StageResult{{Stage: 1, Finish: Finish{Results: []ClockResult{
				{Bib: 11, Hundredths: 360000, Penalty: 20}, {Bib: 21, Hundredths: 361000}}}}},
			want: []int{21, 11},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := standingsAfter(t, c.tour, c.results, len(c.results))
			wantOrder(t, "individual", timeBibs(st.Individual), c.want)
		})
	}
}

func TestIndividualTimesGapsAndBonuses(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "ciclismo-a-fondo"), 2, 4, "flat", "high")
	tour.Stages[1].Climbs = []Climb{{Index: 1, Category: "special"}}
	results := []StageResult{
		{Stage: 1, Sprints: map[int][]int{1: {21, 11}}, Finish: Finish{Groups: []FinishGroup{turn(20, 11, 12), turn(22, 21)}}},
		{Stage: 2, Climbs: map[int][]int{1: {12, 21, 11}}, Finish: Finish{Groups: []FinishGroup{turn(30, 12), turn(31, 11, 21)}}},
	}
	st := standingsAfter(t, tour, results, 2)
	// 11: 20+31 − (2+1) = 48; 12: 20+30 − 3 = 47; 21: 22+31 − (3+2) = 48; 11 before 21 on placings (1+2 < 3+3).
	want := []TimeRow{
		{Rank: 1, Bib: 12, Time: 47, Gap: 0, Bonus: 3},
		{Rank: 2, Bib: 11, Time: 48, Gap: 1, Bonus: 3},
		{Rank: 3, Bib: 21, Time: 48, Gap: 1, Bonus: 5},
	}
	if len(st.Individual) != len(want) {
		t.Fatalf("individual = %+v, want %d rows", st.Individual, len(want))
	}
	for i, w := range want {
		g := st.Individual[i]
		if g.Rank != w.Rank || g.Bib != w.Bib || g.Time != w.Time || g.Gap != w.Gap || g.Bonus != w.Bonus {
			t.Errorf("individual row %d = rank %d bib %d time %d gap %d bonus %d, want rank %d bib %d time %d gap %d bonus %d",
				i, g.Rank, g.Bib, g.Time, g.Gap, g.Bonus, w.Rank, w.Bib, w.Time, w.Gap, w.Bonus)
		}
	}
	// The stage result keeps the turns, without bonuses.
	if got := st.Stage[1]; got.Bib != 11 || got.Time != 31 || got.Gap != 1 || got.Bonus != 0 {
		t.Errorf("stage 2 row 2 = %+v, want bib 11 time 31 gap 1 and no bonus", got)
	}
	if r := st.Individual[0]; r.Name != "Rider 12" || r.Team != "Rojo" || r.TeamID != 1 || r.TeamColor == "" {
		t.Errorf("individual leader row = %+v, want name, team, team id and colour filled", r)
	}
}

func TestRegularityTieBreaks(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 6, "flat", "flat")
	results := []StageResult{
		result(1, at(0, 21, 13, 12, 14, 23, 24, 11, 22, 15, 25, 16, 26)),
		result(2, at(0, 13, 11, 22, 14, 23, 24, 15, 12, 25, 16, 26), at(120, 21)),
	}
	st := standingsAfter(t, tour, results, 2)
	// 21 and 11 have 100: 21 won a stage (11 has the better individual rank and the lower bib).
	// 22 and 12 have 75 and no win: 22 has the better individual rank (12 the lower bib).
	wantOrder(t, "regularity", pointsBibs(st.Regularity), []int{13, 21, 11, 14, 22, 12, 23, 24, 15, 25, 16})
	wantPoints := map[int]int{13: 180, 21: 100, 11: 100, 14: 80, 22: 75, 12: 75, 23: 60, 24: 50, 15: 30, 25: 15, 16: 5}
	for _, r := range st.Regularity {
		if r.Points != wantPoints[r.Bib] {
			t.Errorf("regularity points of bib %d = %d, want %d", r.Bib, r.Points, wantPoints[r.Bib])
		}
	}
}

func TestRegularityCountsSprintsAndTeamTimeTrials(t *testing.T) {
	cf := newTestTour(shippedRuleset(t, "ciclismo-a-fondo"), 2, 4, "flat", "ttt")
	results := []StageResult{
		{Stage: 1, Sprints: map[int][]int{1: {22, 21, 11, 12}}, Finish: Finish{Groups: []FinishGroup{turn(20, 11, 12, 21, 22)}}},
		result(2, turn(9, 21, 22, 23, 24), turn(10, 11, 12, 13, 14)),
	}
	st := standingsAfter(t, cf, results, 2)
	// Flat 25,20,15,10 + sprint 5,3,1; team time trial: Azul 1st (15 each), Rojo 2nd (10 each).
	want := map[int]int{11: 25 + 1 + 10, 12: 20 + 10, 21: 15 + 3 + 15, 22: 10 + 5 + 15, 23: 15, 24: 15, 13: 10, 14: 10}
	for _, r := range st.Regularity {
		if r.Points != want[r.Bib] {
			t.Errorf("ciclismo-a-fondo regularity of bib %d = %d, want %d", r.Bib, r.Points, want[r.Bib])
		}
	}
	if len(st.Regularity) != len(want) {
		t.Errorf("ciclismo-a-fondo regularity has %d riders, want %d", len(st.Regularity), len(want))
	}
	if st.Sprints != nil || st.CyclingParty != nil {
		t.Errorf("ciclismo-a-fondo standings have sprints %v or cycling party %v, want neither", st.Sprints, st.CyclingParty)
	}

	r2 := newTestTour(shippedRuleset(t, "2ruote"), 2, 5, "mountain")
	r2.Stages[0].Climbs = []Climb{{Index: 1, Category: "gpm"}}
	res := StageResult{Stage: 1, Sprints: map[int][]int{1: {12, 11}}, Climbs: map[int][]int{1: {21, 12, 11, 22}},
		Finish: Finish{Groups: []FinishGroup{sector(1, 11), sector(0, 12, 21, 22)}}}
	st = standingsAfter(t, r2, []StageResult{res}, 1)
	// Ciclamino: finish 15,12,10,8 + TV 5,3; verde: GPM 5,3,1.
	wantReg := map[int]int{11: 15 + 3, 12: 12 + 5, 21: 10, 22: 8}
	for _, r := range st.Regularity {
		if r.Points != wantReg[r.Bib] {
			t.Errorf("2ruote ciclamino points of bib %d = %d, want %d", r.Bib, r.Points, wantReg[r.Bib])
		}
	}
	wantOrder(t, "2ruote verde", pointsBibs(st.Mountain), []int{21, 12, 11})
	if got := st.Individual[1]; got.Bib != 12 || got.Time != 30 || got.Gap != 30 {
		t.Errorf("2ruote individual 2nd = %+v, want bib 12 at 30 s", got)
	}
}

func TestMountainTieBreaks(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 6, "high")
	tour.Stages[0].Climbs = []Climb{
		{Index: 1, Category: "hors"}, {Index: 2, Category: "first"}, {Index: 3, Category: "first"},
		{Index: 4, Category: "second"}, {Index: 5, Category: "third"},
	}
	res := result(1, at(0, 16, 11, 12, 15, 13, 14, 22, 23, 24, 25, 26, 21))
	res.Climbs = map[int][]int{
		1: {21, 13, 14},
		2: {11, 15},
		3: {12, 16, 11},
		4: {23, 24, 12},
		5: {12, 25, 26},
	}
	st := standingsAfter(t, tour, []StageResult{res}, 1)
	// 21, 12 and 11 have 35: 21 won on hors; 12 and 11 each won a first, 12 also a third.
	// 16 and 15 have 20 and no win: 16 is better placed. 23 and 14 have 15: 23 won a second.
	wantOrder(t, "mountain", pointsBibs(st.Mountain), []int{21, 12, 11, 13, 16, 15, 23, 14, 24, 25, 26})
	wantPoints := map[int]int{21: 35, 12: 35, 11: 35, 13: 25, 16: 20, 15: 20, 23: 15, 14: 15, 24: 10, 25: 3, 26: 1}
	for _, r := range st.Mountain {
		if r.Points != wantPoints[r.Bib] {
			t.Errorf("mountain points of bib %d = %d, want %d", r.Bib, r.Points, wantPoints[r.Bib])
		}
	}
}

func TestSprintsTieBreaks(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 6, "flat")
	res := result(1, at(0, 11, 12, 16, 14, 25, 23, 13, 26, 24, 22, 15, 21))
	res.Sprints = map[int][]int{
		1: {21, 13, 14},
		2: {15, 11, 16},
		3: {22, 23, 11},
		4: {24, 25, 11},
		5: {26, 12, 13},
	}
	st := standingsAfter(t, tour, []StageResult{res}, 1)
	// Six riders have 5: the five sprint winners by individual rank, then 11 (no win, best individual rank).
	wantOrder(t, "sprints", pointsBibs(st.Sprints), []int{26, 24, 22, 15, 21, 11, 13, 12, 25, 23, 16, 14})
}

// teamStage is a stage in which each rider of bibs (in order) gets the matching time; a team's
// riders 4 and 5 finish far behind.
func teamStage(n int, times map[int]int, teams int) StageResult {
	res := StageResult{Stage: n}
	bySecs := map[int][]int{}
	var secs []int
	for bib, s := range times {
		if _, ok := bySecs[s]; !ok {
			secs = append(secs, s)
		}
		bySecs[s] = append(bySecs[s], bib)
	}
	slices.Sort(secs)
	for _, s := range secs {
		bibs := bySecs[s]
		slices.Sort(bibs)
		res.Finish.Groups = append(res.Finish.Groups, at(s, bibs...))
	}
	var late []int
	for ti := 1; ti <= teams; ti++ {
		late = append(late, ti*10+4, ti*10+5)
	}
	res.Finish.Groups = append(res.Finish.Groups, at(1000, late...))
	return res
}

func TestTeamsTieBreaks(t *testing.T) {
	cp := shippedRuleset(t, "cycling-party")
	cases := []struct {
		name    string
		teams   int
		results []StageResult
		want    []int
	}{
		{
			// Team 2 and team 1 both 620: team 2 won a day; team 1 has the best rider and the lower id.
			name: "more daily wins", teams: 3,
			results: []StageResult{
				teamStage(1, map[int]int{21: 100, 22: 100, 23: 100, 31: 101, 32: 102, 33: 102, 11: 90, 12: 110, 13: 110}, 3),
				teamStage(2, map[int]int{31: 100, 32: 100, 33: 100, 11: 90, 12: 110, 13: 110, 21: 106, 22: 107, 23: 107}, 3),
			},
			want: []int{3, 2, 1},
		},
		{
			// Teams 2 and 1 both 604, no daily win: team 2 was 2nd once (ranks 2, 4 against 3, 3).
			name: "more daily 2nd places", teams: 4,
			results: []StageResult{
				teamStage(1, map[int]int{31: 100, 32: 100, 33: 100, 21: 100, 22: 100, 23: 101, 11: 80, 12: 111, 13: 111, 41: 101, 42: 102, 43: 102}, 4),
				teamStage(2, map[int]int{31: 100, 32: 100, 33: 100, 41: 100, 42: 100, 43: 101, 11: 80, 12: 111, 13: 111, 21: 101, 22: 101, 23: 101}, 4),
			},
			want: []int{3, 2, 1, 4},
		},
		{
			// Teams 1 and 2 both 603 with the same daily places: team 2 has the best individual rider.
			name: "best individual rank", teams: 4,
			results: []StageResult{
				teamStage(1, map[int]int{31: 100, 32: 100, 33: 100, 11: 100, 12: 100, 13: 101, 21: 80, 22: 111, 23: 111, 41: 103, 42: 103, 43: 104}, 4),
				teamStage(2, map[int]int{31: 100, 32: 100, 33: 100, 21: 80, 22: 110, 23: 111, 11: 100, 12: 101, 13: 101, 41: 103, 42: 103, 43: 104}, 4),
			},
			want: []int{3, 2, 1, 4},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tour := newTestTour(cp, c.teams, 5, "flat", "flat")
			st := standingsAfter(t, tour, c.results, 2)
			wantOrder(t, "teams", teamIDs(st.Teams), c.want)
		})
	}
}

func TestDailyTeamTieBreaks(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 3, 5, "flat", "flat")
	results := []StageResult{
		// Teams 1 and 2 both 300: placings 2+3+4 = 9 beat 1+5+6 = 12.
		teamStage(1, map[int]int{21: 90, 11: 100, 12: 100, 13: 100, 22: 105, 23: 105, 31: 110, 32: 120, 33: 120}, 3),
		// Teams 1 and 2 both 300, placings 2+3+7 and 1+5+6 = 12: team 2 has the best placing.
		teamStage(2, map[int]int{21: 90, 11: 95, 12: 95, 31: 100, 22: 105, 23: 105, 13: 110, 32: 120, 33: 120}, 3),
	}
	st := standingsAfter(t, tour, results, 1)
	wantOrder(t, "daily teams of stage 1", teamIDs(st.DailyTeams), []int{1, 2, 3})
	st = standingsAfter(t, tour, results, 2)
	wantOrder(t, "daily teams of stage 2", teamIDs(st.DailyTeams), []int{2, 1, 3})
	if got := st.DailyTeams[2]; got.Time != 340 || got.Gap != 40 {
		t.Errorf("daily team 3 = %+v, want time 340 gap 40", got)
	}
	// Both 600 with a daily win and a 2nd place each: team 2 has the best individual rider (21).
	wantOrder(t, "teams after stage 2", teamIDs(st.Teams), []int{2, 1, 3})
	if got := st.Teams[1]; got.Time != 600 || got.Gap != 0 {
		t.Errorf("teams 2nd = %+v, want 600 with gap 0", got)
	}
}

func TestTeamLeavesClassificationWithTooFewFinishers(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 3, 4, "flat", "flat", "flat")
	all := func(n int) StageResult { return result(n, at(0, 11, 12, 13, 14, 21, 22, 23, 24, 31, 32, 33, 34)) }
	s2 := result(2, at(0, 11, 12, 21, 22, 23, 24, 31, 32, 33, 34))
	s2.Abandons = []Abandon{{Bib: 13, Reason: "crash"}, {Bib: 14, Reason: "crash"}}
	results := []StageResult{all(1), s2, result(3, at(0, 11, 12, 21, 22, 23, 24, 31, 32, 33, 34))}
	st := standingsAfter(t, tour, results, 1)
	wantOrder(t, "teams after stage 1", teamIDs(st.Teams), []int{1, 2, 3})
	st = standingsAfter(t, tour, results, 3)
	wantOrder(t, "teams after stage 3", teamIDs(st.Teams), []int{2, 3})
	wantOrder(t, "daily teams of stage 3", teamIDs(st.DailyTeams), []int{2, 3})
	for _, r := range st.Individual {
		if r.Bib == 13 || r.Bib == 14 {
			t.Errorf("abandoned bib %d is in the individual classification after stage 3", r.Bib)
		}
	}
}

func TestAbandonedRidersLeaveEveryClassification(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 5, "flat", "flat")
	tour.Stages[0].Climbs = []Climb{{Index: 1, Category: "third"}}
	s1 := result(1, at(0, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25))
	s1.Sprints = map[int][]int{1: {11, 21}}
	s1.Climbs = map[int][]int{1: {11, 21}}
	s2 := result(2, at(0, 12, 13, 14, 15, 21, 22, 23, 24, 25))
	s2.Sprints = map[int][]int{1: {11}} // crossed the sprint, then crashed
	s2.Abandons = []Abandon{{Bib: 11, Reason: "three sixes"}}
	results := []StageResult{s1, s2}
	st := standingsAfter(t, tour, results, 1)
	if st.Leaders[ClassIndividual] != 11 || st.Leaders[ClassSprints] != 11 || st.Leaders[ClassMountain] != 11 {
		t.Errorf("leaders after stage 1 = %v, want bib 11 in individual, sprints and mountain", st.Leaders)
	}
	st = standingsAfter(t, tour, results, 2)
	check := func(what string, bibs []int) {
		if slices.Contains(bibs, 11) {
			t.Errorf("abandoned bib 11 is in the %s classification after stage 2: %v", what, bibs)
		}
	}
	check("stage", timeBibs(st.Stage))
	check("individual", timeBibs(st.Individual))
	check("regularity", pointsBibs(st.Regularity))
	check("mountain", pointsBibs(st.Mountain))
	check("sprints", pointsBibs(st.Sprints))
	if st.Leaders[ClassIndividual] != 12 || st.Leaders[ClassSprints] != 21 {
		t.Errorf("leaders after stage 2 = %v, want individual 12 and sprints 21", st.Leaders)
	}
	// A rider with no time in a stage (not abandoned, not yet entered) is not in the individual classification.
	s2.Abandons = nil
	s2.Finish.Groups[0].Riders = s2.Finish.Groups[0].Riders[1:]
	st = standingsAfter(t, tour, []StageResult{s1, s2}, 2)
	if slices.Contains(timeBibs(st.Individual), 11) || slices.Contains(timeBibs(st.Individual), 12) {
		t.Errorf("riders without a stage 2 time are in the individual classification: %v", timeBibs(st.Individual))
	}
	if !slices.Contains(pointsBibs(st.Sprints), 11) {
		t.Errorf("bib 11 (still racing, no stage 2 time yet) left the sprints classification: %v", pointsBibs(st.Sprints))
	}
}

func TestCyclingPartyManagers(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 3, 5, "flat")
	tour.Stages[0].Climbs = []Climb{{Index: 1, Category: "third"}}
	res := result(1, at(0, 21, 11, 31, 12, 22, 32, 13, 23, 33, 14, 24, 34, 15, 25, 35))
	res.Sprints = map[int][]int{1: {31, 11, 21}}
	res.Climbs = map[int][]int{1: {11, 22, 33}}
	results := []StageResult{res}
	st := standingsAfter(t, tour, results, 1)
	// Team 1: individual 18+8, regularity 7, mountain 12, sprints 4, teams 12 = 61.
	// Team 2: stage win 5, individual 25+5, regularity 12, mountain 7, sprints 2, teams 7 = 63.
	// Team 3: individual 12, regularity 3, mountain 3, sprints 8, teams 3 = 29.
	want := []ManagerRow{{Rank: 1, TeamID: 2, Points: 63}, {Rank: 2, TeamID: 1, Points: 61}, {Rank: 3, TeamID: 3, Points: 29}}
	if len(st.CyclingParty) != len(want) {
		t.Fatalf("cycling party = %+v, want %d rows", st.CyclingParty, len(want))
	}
	for i, w := range want {
		g := st.CyclingParty[i]
		if g.Rank != w.Rank || g.TeamID != w.TeamID || g.Points != w.Points {
			t.Errorf("cycling party row %d = rank %d team %d points %d, want rank %d team %d points %d",
				i, g.Rank, g.TeamID, g.Points, w.Rank, w.TeamID, w.Points)
		}
		if g.Team != testTeamName(g.TeamID) {
			t.Errorf("cycling party row %d team name = %q, want %q", i, g.Team, testTeamName(g.TeamID))
		}
	}
	wantLeaders := map[string]int{ClassIndividual: 21, ClassRegularity: 21, ClassMountain: 11, ClassSprints: 31}
	if len(st.Leaders) != len(wantLeaders) {
		t.Errorf("leaders = %v, want %v", st.Leaders, wantLeaders)
	}
	for c, bib := range wantLeaders {
		if st.Leaders[c] != bib {
			t.Errorf("%s leader = %d, want %d", c, st.Leaders[c], bib)
		}
	}
	// The tour's own points definition replaces the ruleset default; ties go to the best individual rank.
	tour.Points = &PointsDefinition{Individual: []int{0}}
	st = standingsAfter(t, tour, results, 1)
	for _, r := range st.CyclingParty {
		if r.Points != 0 {
			t.Errorf("with no points in play team %d has %d points, want 0", r.TeamID, r.Points)
		}
	}
	var order []int
	for _, r := range st.CyclingParty {
		order = append(order, r.TeamID)
	}
	wantOrder(t, "cycling party with no points", order, []int{2, 1, 3})
}
