package race

import (
	"testing"
)

// tttTour is a real race of three teams of five riders: a team time trial, then a flat stage.
func tttTour(t *testing.T) *Tour {
	t.Helper()
	return newTestTour(shippedRuleset(t, "uci-road"), 3, 5, "ttt", "flat")
}

// tttStage is the team time trial: team 1 entered per rider (its 4th rider 1500.80, bib 15 dropped),
// team 2 per team (1502.00, bib 25 dropped, bib 24 did not finish), team 3 per rider with three
// finishers (34 and 35 did not finish).
func tttStage() StageResult {
	return StageResult{Stage: 1,
		Abandons: []Abandon{{Bib: 24, Reason: "crash"}, {Bib: 34, Reason: "crash"}, {Bib: 35, Reason: "crash"}},
		Finish: Finish{
			Results: []ClockResult{{Bib: 11, Hundredths: 150010}, {Bib: 12, Hundredths: 150030}, {Bib: 13, Hundredths: 150050},
				{Bib: 14, Hundredths: 150080}, {Bib: 15, Hundredths: 152000},
				{Bib: 31, Hundredths: 151000}, {Bib: 32, Hundredths: 151090}, {Bib: 33, Hundredths: 151150}},
			Teams: []TeamTime{{Team: 2, Hundredths: 150200, Dropped: []ClockResult{{Bib: 25, Hundredths: 155000}}}},
		}}
}

// TestTeamTimeTrial checks the UCI's team time trial: the K-th rider's time (the 4th) to him and the
// riders ahead of him, the dropped riders their own; a team entered per team; a team of fewer
// finishers timed on its last; the team classification of the day; and the stage left out of the sum
// of placings that breaks GC ties.
func TestTeamTimeTrial(t *testing.T) {
	tour := tttTour(t)
	ttt := tttStage()
	if err := ValidateFinish(tour, nil, ttt, ttt.Finish); err != nil {
		t.Fatalf("the team time trial: %v", err)
	}
	if missing := MissingAtClose(tour, nil, ttt); len(missing) > 0 {
		t.Fatalf("the team time trial is not complete: %v", missing)
	}
	want := map[int]int{11: 1500, 12: 1500, 13: 1500, 14: 1500, 15: 1520, 21: 1502, 22: 1502, 23: 1502, 25: 1550, 31: 1511, 32: 1511, 33: 1511}
	times := stageTimesOf(t, tour, 1, ttt)
	if len(times) != len(want) {
		t.Fatalf("stage times = %+v, want %d riders", times, len(want))
	}
	for _, st := range times {
		if st.Time != want[st.Bib] || st.Bonus != 0 {
			t.Errorf("bib %d: %d s (bonus %d), want %d s and no bonus", st.Bib, st.Time, st.Bonus, want[st.Bib])
		}
	}
	if times[0].Bib != 11 || times[3].Bib != 14 || times[4].Bib != 21 {
		t.Errorf("placings %v, want team 1's four first (1500.80), then team 2's (1502.00)", timeBibsOf(times))
	}
	flat := StageResult{Stage: 2, Finish: Finish{BonusesGiven: true, Results: []ClockResult{
		{Bib: 21, Hundredths: 1000000, Bonus: 10}, {Bib: 11, Hundredths: 1000000, Bonus: 8}, {Bib: 12, Hundredths: 1000000},
		{Bib: 13, Hundredths: 1000000}, {Bib: 14, Hundredths: 1000000}, {Bib: 15, Hundredths: 1000000}, {Bib: 22, Hundredths: 1000000},
		{Bib: 23, Hundredths: 1000000}, {Bib: 25, Hundredths: 1000000}, {Bib: 31, Hundredths: 1000000}, {Bib: 32, Hundredths: 1000000}, {Bib: 33, Hundredths: 1000000}}}}
	st := standingsAfter(t, tour, []StageResult{ttt}, 1)
	if len(st.DailyTeams) != 3 || st.DailyTeams[0].Time != 3*1500 || st.DailyTeams[1].Time != 3*1502 || st.DailyTeams[2].Time != 3*1511 {
		t.Errorf("teams of the day = %+v, want 4500, 4506 and 4533 (three times the team's time)", st.DailyTeams)
	}
	st = standingsAfter(t, tour, []StageResult{ttt, flat}, 2)
	// 11: 1500 + 10000 − 8 = 11492; 21: 1502 + 10000 − 10 = 11492. Without the team time trial the
	// placings favour 21 (1st against 2nd); with it they would favour 11 (1 + 2 against 5 + 1).
	if st.Individual[0].Bib != 21 || st.Individual[1].Bib != 11 || st.Individual[0].Time != 11492 || st.Individual[1].Time != 11492 {
		t.Errorf("GC = %+v, want 21 then 11 on 11492 s: the team time trial is not in the sum of placings", st.Individual[:2])
	}

	tour.Settings.TTTRider = 2
	for _, s := range stageTimesOf(t, tour, 1, ttt) {
		if w := map[int]int{11: 1500, 12: 1500, 13: 1500, 14: 1500, 31: 1510, 32: 1510, 33: 1511}[s.Bib]; w != 0 && s.Time != w {
			t.Errorf("the 2nd rider's time: bib %d %d s, want %d", s.Bib, s.Time, w)
		}
	}
	tour.Settings = TourSettings{TTTOwnTimes: true}
	for _, s := range stageTimesOf(t, tour, 1, ttt) {
		if w := map[int]int{31: 1510, 32: 1510, 33: 1511, 15: 1520}[s.Bib]; w != 0 && s.Time != w {
			t.Errorf("own times: bib %d %d s, want %d", s.Bib, s.Time, w)
		}
	}
}

// TestTeamTimeTrialRefusals checks team times entered per team: only in a team time trial, each team
// of the tour once and not also per rider, with its time, its dropped riders its own and racing.
func TestTeamTimeTrialRefusals(t *testing.T) {
	tour := tttTour(t)
	cur := StageResult{Stage: 1}
	for _, tt := range []struct {
		name  string
		f     Finish
		stage int
		field string
	}{
		{"unknown team", Finish{Teams: []TeamTime{{Team: 9, Hundredths: 150000}}}, 1, "teams[0].team"},
		{"team twice", Finish{Teams: []TeamTime{{Team: 1, Hundredths: 150000}, {Team: 1, Hundredths: 150000}}}, 1, "teams[1].team"},
		{"per team and per rider", Finish{Results: []ClockResult{{Bib: 11, Hundredths: 150000}}, Teams: []TeamTime{{Team: 1, Hundredths: 150000}}}, 1, "teams[0].team"},
		{"no time", Finish{Teams: []TeamTime{{Team: 1}}}, 1, "teams[0].hundredths"},
		{"dropped of another team", Finish{Teams: []TeamTime{{Team: 1, Hundredths: 150000, Dropped: []ClockResult{{Bib: 21, Hundredths: 160000}}}}}, 1, "teams[0].dropped[0].bib"},
		{"dropped twice", Finish{Teams: []TeamTime{{Team: 1, Hundredths: 150000, Dropped: []ClockResult{{Bib: 12, Hundredths: 160000}, {Bib: 12, Hundredths: 160000}}}}}, 1, "teams[0].dropped[1].bib"},
		{"not a team time trial", Finish{Teams: []TeamTime{{Team: 1, Hundredths: 150000}}}, 2, "teams"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cur.Stage = tt.stage
			prior := []StageResult{}
			if tt.stage == 2 {
				prior = []StageResult{tttStage()}
			}
			if err := ValidateFinish(tour, prior, cur, tt.f); !hasField(err, tt.field) {
				t.Errorf("ValidateFinish = %v, want %s refused", err, tt.field)
			}
		})
	}
}

// timeBibsOf lists the bibs of stage times in order.
func timeBibsOf(times []StageTime) []int {
	out := make([]int, len(times))
	for i, s := range times {
		out[i] = s.Bib
	}
	return out
}
