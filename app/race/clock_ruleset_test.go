package race

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestUCIRoadTables checks the shipped uci-road ruleset against issue 8: clock times kept in whole
// seconds, bonuses 10/6/4 and 3/2/1, 3 best riders per team, the Tour de France's points and
// mountain tables, individual and team time trials, and no roles (any rider races).
func TestUCIRoadTables(t *testing.T) {
	rs := shippedRuleset(t, "uci-road")
	if rs.TimeModel != TimeModelClock || rs.TimeUnit != UnitSeconds || !rs.OfficialResults || rs.Default {
		t.Errorf("uci-road time model %q unit %q official %v default %v, want clock in seconds, official results, not the default",
			rs.TimeModel, rs.TimeUnit, rs.OfficialResults, rs.Default)
	}
	for _, want := range []string{"whole seconds", "hundredths", "bonus"} {
		if !strings.Contains(rs.Description, want) {
			t.Errorf("uci-road description does not mention %q (the unit of time and gap must be stated)", want)
		}
	}
	if !slices.Equal(rs.FinishBonuses, []int{10, 6, 4}) || !slices.Equal(rs.SprintBonuses, []int{3, 2, 1}) || len(rs.ClimbBonuses) != 0 {
		t.Errorf("bonuses finish %v sprints %v climbs %v, want 10 6 4, 3 2 1 and none", rs.FinishBonuses, rs.SprintBonuses, rs.ClimbBonuses)
	}
	if rs.TeamBest != 3 || len(rs.Roles) != 0 || rs.Team.MaxTeams != 30 || rs.Team.MaxRiders != 9 {
		t.Errorf("team best %d, roles %v, teams up to %d of up to %d riders; want 3, none, 30 and 9", rs.TeamBest, rs.Roles, rs.Team.MaxTeams, rs.Team.MaxRiders)
	}
	wantClasses := []string{ClassStage, ClassIndividual, ClassYouth, ClassRegularity, ClassMountain, ClassTeams}
	if !slices.Equal(rs.Classifications, wantClasses) {
		t.Errorf("classifications %v, want %v", rs.Classifications, wantClasses)
	}
	points := map[string][]int{
		"flat":     {50, 30, 20, 18, 16, 14, 12, 10, 8, 7, 6, 5, 4, 3, 2},
		"hilly":    {30, 25, 22, 19, 17, 15, 13, 11, 9, 7, 6, 5, 4, 3, 2},
		"mountain": {20, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1},
		"itt":      {20, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1},
		"ttt":      {},
	}
	trials := map[string]string{"itt": TimeTrialIndividual, "ttt": TimeTrialTeam}
	for id, want := range points {
		st, ok := rs.StageType(id)
		if !ok {
			t.Errorf("no stage type %q", id)
			continue
		}
		if !slices.Equal(st.Regularity, want) || st.TimeTrial != trials[id] {
			t.Errorf("stage type %s: points %v time trial %q, want %v and %q", id, st.Regularity, st.TimeTrial, want, trials[id])
		}
	}
	mountain := map[string][]int{"hc": {20, 15, 12, 10, 8, 6, 4, 2}, "1": {10, 8, 6, 4, 2, 1}, "2": {5, 3, 2, 1}, "3": {2, 1}, "4": {1}}
	for i, id := range []string{"hc", "1", "2", "3", "4"} {
		c, ok := rs.ClimbCategory(id)
		if !ok || !slices.Equal(c.Points, mountain[id]) || c.Rank != i+1 || c.Squares != 0 {
			t.Errorf("climb category %s = %+v, want points %v, rank %d and a free length", id, c, mountain[id], i+1)
		}
	}
	if !slices.Equal(rs.SprintRegularity, []int{20, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}) {
		t.Errorf("intermediate sprint points %v, want the Tour de France's 20 … 1", rs.SprintRegularity)
	}
	bad := rs.Clone()
	bad.TimeModel, bad.TimeUnit = TimeModelSectors, UnitSeconds
	bad.SecondsPerSector = 30
	wantFields(t, "official_results in the sectors model", bad.Validate(), map[string]string{"official_results": "only used by the clock time model"})
}

// TestUCIRoadProposal checks that every profile proposes valid real-race stages: lengths in km within
// the stage type's range, free-length climbs that ValidateStages accepts, time trials without climbs.
func TestUCIRoadProposal(t *testing.T) {
	rs := shippedRuleset(t, "uci-road")
	for _, profile := range Profiles() {
		for seed := int64(1); seed <= 20; seed++ {
			p, err := Propose(rs, ProposalRequest{Ruleset: rs.ID, Name: "Tour", Stages: 21, Profile: profile, Seed: seed})
			if err != nil {
				t.Fatalf("%s seed %d: Propose = %v", profile, seed, err)
			}
			if err := ValidateStages(rs, p.Stages); err != nil {
				t.Fatalf("%s seed %d: ValidateStages of the proposal = %v", profile, seed, err)
			}
			if p.RidersPerTeam != 9 {
				t.Errorf("%s seed %d: riders per team %d, want 9 (the largest allowed)", profile, seed, p.RidersPerTeam)
			}
			for _, st := range p.Stages {
				typ, _ := rs.StageType(st.Type)
				where := fmt.Sprintf("%s seed %d stage %d (%s)", profile, seed, st.Number, st.Type)
				if st.Length < typ.MinLength || st.Length > typ.MaxLength {
					t.Errorf("%s: length %d km, want %d–%d", where, st.Length, typ.MinLength, typ.MaxLength)
				}
				if len(st.Climbs) < typ.MinClimbs || len(st.Climbs) > typ.MaxClimbs {
					t.Errorf("%s: %d climbs, want %d–%d", where, len(st.Climbs), typ.MinClimbs, typ.MaxClimbs)
				}
				for _, c := range st.Climbs {
					if n := c.End - c.Start + 1; n < 3 || n > 19 {
						t.Errorf("%s: climb %d is %d km long, want 3–19 km", where, c.Index, n)
					}
				}
			}
		}
	}
}

// TestUCIRoadValidateStages checks real stages: any length from 1 to 300 km and beyond, free-length
// climbs (one kilometre, or 25), a sprint on a summit but not inside a climb.
func TestUCIRoadValidateStages(t *testing.T) {
	rs := shippedRuleset(t, "uci-road")
	ok := []Stage{
		{Number: 1, Type: "itt", Length: 1},
		{Number: 2, Type: "flat", Length: 300, Sprints: []Sprint{{Index: 1, At: 150}}},
		{Number: 3, Type: "mountain", Length: 158, Climbs: []Climb{{Index: 1, Category: "2", Start: 40, End: 40}, {Index: 2, Category: "hc", Start: 134, End: 158}},
			Sprints: []Sprint{{Index: 1, At: 40}, {Index: 2, At: 109}}},
		{Number: 4, Type: "ttt", Length: 42},
	}
	wantFields(t, "real stages", ValidateStages(rs, ok), nil)
	bad := []Stage{
		{Number: 1, Type: "prologue", Length: 0},
		{Number: 2, Type: "hilly", Length: 180, Climbs: []Climb{{Index: 1, Category: "5", Start: 10, End: 20}, {Index: 2, Category: "1", Start: 50, End: 60}},
			Sprints: []Sprint{{Index: 1, At: 55}}},
	}
	wantFields(t, "bad stages", ValidateStages(rs, bad), map[string]string{
		"stages[0].type":               `unknown stage type "prologue"`,
		"stages[0].length":             "must be between 1 and 400",
		"stages[1].climbs[0].category": `unknown climb category "5"`,
		"stages[1].sprints[0].at":      "inside the climb on squares 50–60",
	})
	// Cycling Party keeps its sprints off the summits.
	cp := shippedRuleset(t, "cycling-party")
	st := Stage{Number: 1, Type: "flat", Length: 200, Climbs: []Climb{{Index: 1, Category: "third", Start: 50, End: 57}}, Sprints: []Sprint{{Index: 1, At: 57}}}
	wantFields(t, "a Cycling Party sprint on a summit", ValidateStages(cp, []Stage{st}), map[string]string{"stages[0].sprints[0].at": "inside the climb"})
}

// TestOfficialResultsPlacing checks the uci-road placing and bonus rules on small cases: a road stage
// is placed in the order entered even when a later rider has a better time (3-km rule), the team
// time takes the best times, not the best placings; a time trial is placed by the hundredths, gives
// no finish bonus, and its hundredths break a GC tie (entered bonuses: TestEnteredBonusesAreTheWholeTruth).
func TestOfficialResultsPlacing(t *testing.T) {
	rs := shippedRuleset(t, "uci-road")
	tour := newTestTour(rs, 2, 3, "flat", "itt")
	road := StageResult{Stage: 1, Sprints: map[int][]int{1: {21, 11, 12}}, Finish: Finish{Results: []ClockResult{
		{Bib: 11, Hundredths: 1000000},
		{Bib: 21, Hundredths: 1000000},
		{Bib: 12, Hundredths: 1003000},
		{Bib: 22, Hundredths: 1003000},
		{Bib: 13, Hundredths: 1000000}, // held up in the last 3 km: the group's time, his own place
		{Bib: 23, Hundredths: 1003000},
	}}}
	checkStageTimes(t, stageTimesOf(t, tour, 1, road), []StageTime{
		{Bib: 11, Time: 10000, Place: 1, Bonus: 10 + 2},
		{Bib: 21, Time: 10000, Place: 2, Bonus: 6 + 3},
		{Bib: 12, Time: 10030, Place: 3, Bonus: 4 + 1},
		{Bib: 22, Time: 10030, Place: 4},
		{Bib: 13, Time: 10000, Place: 5},
		{Bib: 23, Time: 10030, Place: 6},
	})
	st := standingsAfter(t, tour, []StageResult{road}, 1)
	if got := teamIDs(st.DailyTeams); !slices.Equal(got, []int{1, 2}) || st.DailyTeams[0].Time != 30030 || st.DailyTeams[1].Time != 30060 {
		t.Errorf("daily teams = %+v, want team 1 on 30030 (bib 13's 10000 counts, not his 5th place) and team 2 on 30060", st.DailyTeams)
	}
	itt := StageResult{Stage: 2, Finish: Finish{Results: []ClockResult{
		{Bib: 22, Hundredths: 78345}, {Bib: 11, Hundredths: 78396}, {Bib: 21, Hundredths: 78301},
		{Bib: 12, Hundredths: 78900}, {Bib: 13, Hundredths: 79000}, {Bib: 23, Hundredths: 79999},
	}}}
	checkStageTimes(t, stageTimesOf(t, tour, 2, itt), []StageTime{
		{Bib: 21, Time: 783, Place: 1}, {Bib: 22, Time: 783, Place: 2}, {Bib: 11, Time: 783, Place: 3},
		{Bib: 12, Time: 789, Place: 4}, {Bib: 13, Time: 790, Place: 5}, {Bib: 23, Time: 799, Place: 6},
	})
	st = standingsAfter(t, tour, []StageResult{road, itt}, 2)
	// 11: 10000 − 12 + 783 = 10771; 21: 10000 − 9 + 783 = 10774; 13: 10000 + 790 = 10790;
	// 22: 10030 + 783 = 10813; 12: 10030 − 5 + 789 = 10814; 23: 10030 + 799 = 10829.
	wantOrder(t, "individual", timeBibs(st.Individual), []int{11, 21, 13, 22, 12, 23})
}

// TestTimeTrialHundredthsBreakGCTies checks the first tie-break of uci-road's individual
// classification: the time-trial hundredths, added back, come before the placings.
func TestTimeTrialHundredthsBreakGCTies(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "uci-road"), 2, 3, "itt", "flat")
	itt := StageResult{Stage: 1, Finish: Finish{Results: []ClockResult{
		{Bib: 21, Hundredths: 78310}, {Bib: 11, Hundredths: 78396}, {Bib: 12, Hundredths: 79000},
		{Bib: 13, Hundredths: 79100}, {Bib: 22, Hundredths: 79200}, {Bib: 23, Hundredths: 79300},
	}}}
	road := StageResult{Stage: 2, Finish: Finish{Results: []ClockResult{
		{Bib: 11, Hundredths: 1000000, Bonus: 10}, {Bib: 12, Hundredths: 1000000}, {Bib: 13, Hundredths: 1000000},
		{Bib: 22, Hundredths: 1000000}, {Bib: 21, Hundredths: 1000000, Bonus: 10}, {Bib: 23, Hundredths: 1000000},
	}}}
	st := standingsAfter(t, tour, []StageResult{itt, road}, 2)
	// 11 and 21 both 783 + 10000 − 10 = 10773 s. Placings favour 11 (1st + 2nd against 5th + 1st, and
	// 1st in the last stage), the time-trial hundredths 21 (.10 against .96).
	rows := st.Individual
	if rows[0].Bib != 21 || rows[1].Bib != 11 || rows[0].Time != 10773 || rows[1].Time != 10773 {
		t.Errorf("individual = %+v, want bibs 21 then 11, both on 10773 s", rows[:2])
	}
}

// TestEnteredBonusesAreTheWholeTruth checks bonuses as the officials publish them: a finish with the
// bonus column is the stage's whole truth (a rider without a bonus there has none, the finish and
// sprint tables add nothing, even with the sprints' crossing orders entered); without it the tables
// give the bonuses.
func TestEnteredBonusesAreTheWholeTruth(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "uci-road"), 2, 3, "flat")
	results := []ClockResult{{Bib: 11, Hundredths: 1000000}, {Bib: 21, Hundredths: 1000000}, {Bib: 12, Hundredths: 1003000},
		{Bib: 22, Hundredths: 1003000}, {Bib: 13, Hundredths: 1003000}, {Bib: 23, Hundredths: 1003000}}
	sprint := map[int][]int{1: {22, 23, 12}}
	for _, tt := range []struct {
		name  string
		set   func(f *Finish)
		bonus map[int]int
	}{
		{"no bonus column: the tables", func(*Finish) {}, map[int]int{11: 10, 21: 6, 12: 4 + 1, 22: 3, 23: 2}},
		{"the column with one bonus", func(f *Finish) { f.Results[1].Bonus = 4 }, map[int]int{21: 4}},
		{"the column, every cell empty", func(f *Finish) { f.BonusesGiven = true }, map[int]int{}},
		{"the column with a bonus and a flag", func(f *Finish) { f.BonusesGiven, f.Results[5].Bonus = true, 8 }, map[int]int{23: 8}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := StageResult{Stage: 1, Sprints: sprint, Finish: Finish{Results: slices.Clone(results)}}
			tt.set(&res.Finish)
			if got, want := res.Finish.BonusesEntered(), tt.name != "no bonus column: the tables"; got != want {
				t.Errorf("BonusesEntered() = %v, want %v", got, want)
			}
			for _, st := range stageTimesOf(t, tour, 1, res) {
				if st.Bonus != tt.bonus[st.Bib] {
					t.Errorf("bib %d bonus %d, want %d", st.Bib, st.Bonus, tt.bonus[st.Bib])
				}
			}
		})
	}
}
