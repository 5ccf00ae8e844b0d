package race

import (
	"fmt"
	"reflect"
	"testing"
)

// propertyTours generates tours of every ruleset and time model for the property tests.
func propertyTours(t *testing.T) map[string]func(seed uint64) (*Tour, []StageResult) {
	t.Helper()
	cp, cf, r2 := shippedRuleset(t, "cycling-party"), shippedRuleset(t, "ciclismo-a-fondo"), shippedRuleset(t, "2ruote")
	road := clockRuleset(UnitSeconds)
	return map[string]func(uint64) (*Tour, []StageResult){
		"cycling-party": func(seed uint64) (*Tour, []StageResult) {
			return genTour(cp, seed, genOptions{stages: 7, teams: 5, riders: 6, sprints: 3, climbs: 4, abandons: 0.4})
		},
		"ciclismo-a-fondo": func(seed uint64) (*Tour, []StageResult) {
			return genTour(cf, seed, genOptions{stages: 7, teams: 4, riders: 8, sprints: 2, climbs: 3, abandons: 0.4})
		},
		"2ruote": func(seed uint64) (*Tour, []StageResult) {
			return genTour(r2, seed, genOptions{stages: 5, teams: 6, riders: 5, sprints: 1, climbs: 1, abandons: 0.4})
		},
		"clock": func(seed uint64) (*Tour, []StageResult) {
			return genTour(road, seed, genOptions{stages: 5, teams: 6, riders: 7, abandons: 0.4})
		},
	}
}

func TestStandingsProperties(t *testing.T) {
	for name, gen := range propertyTours(t) {
		for seed := uint64(1); seed <= 12; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", name, seed), func(t *testing.T) {
				tour, results := gen(seed)
				teamTotals := map[int]int{}
				for k := 1; k <= len(results); k++ {
					st := standingsAfter(t, tour, results[:k], k)
					checkStandingsShape(t, k, st)
					for range 3 {
						if again := standingsAfter(t, tour, results[:k], k); !reflect.DeepEqual(again, st) {
							t.Fatalf("after stage %d: the same input gave different standings", k)
						}
					}
					if later := standingsAfter(t, tour, results, k); !reflect.DeepEqual(later, st) {
						t.Fatalf("after stage %d: standings changed once later stages were entered", k)
					}
					checkIndividualAgainstStageTimes(t, tour, results[:k], st)
					for _, d := range st.DailyTeams {
						teamTotals[d.TeamID] += d.Time
					}
					for _, r := range st.Teams {
						if r.Time != teamTotals[r.TeamID] {
							t.Errorf("after stage %d team %d time = %d, want the sum of its daily times %d", k, r.TeamID, r.Time, teamTotals[r.TeamID])
						}
					}
				}
			})
		}
	}
}

// checkStandingsShape checks ranks 1..n without holes, gaps that are never negative and match the
// leader, sorted times and points, no rider without points in a points classification, and leaders.
func checkStandingsShape(t *testing.T, k int, st *Standings) {
	t.Helper()
	if st.AfterStage != k {
		t.Errorf("AfterStage = %d, want %d", st.AfterStage, k)
	}
	times := func(what string, rows []TimeRow) {
		for i, r := range rows {
			if r.Rank != i+1 {
				t.Errorf("after stage %d %s row %d has rank %d, want %d", k, what, i, r.Rank, i+1)
			}
			if r.Gap < 0 || r.Gap != r.Time-rows[0].Time {
				t.Errorf("after stage %d %s bib %d gap = %d, want %d (never negative)", k, what, r.Bib, r.Gap, r.Time-rows[0].Time)
			}
			if i > 0 && r.Time < rows[i-1].Time {
				t.Errorf("after stage %d %s bib %d time %d is below the row before (%d)", k, what, r.Bib, r.Time, rows[i-1].Time)
			}
		}
	}
	times("stage", st.Stage)
	times("individual", st.Individual)
	points := func(what string, rows []PointsRow) {
		for i, r := range rows {
			if r.Rank != i+1 {
				t.Errorf("after stage %d %s row %d has rank %d, want %d", k, what, i, r.Rank, i+1)
			}
			if r.Points <= 0 {
				t.Errorf("after stage %d %s lists bib %d with %d points, want only riders with points", k, what, r.Bib, r.Points)
			}
			if i > 0 && r.Points > rows[i-1].Points {
				t.Errorf("after stage %d %s bib %d has more points (%d) than the row before (%d)", k, what, r.Bib, r.Points, rows[i-1].Points)
			}
		}
		if len(rows) > 0 && st.Leaders[what] != rows[0].Bib {
			t.Errorf("after stage %d %s leader = %d, want %d", k, what, st.Leaders[what], rows[0].Bib)
		}
	}
	points(ClassRegularity, st.Regularity)
	points(ClassMountain, st.Mountain)
	points(ClassSprints, st.Sprints)
	teams := func(what string, rows []TeamRow) {
		for i, r := range rows {
			if r.Rank != i+1 {
				t.Errorf("after stage %d %s row %d has rank %d, want %d", k, what, i, r.Rank, i+1)
			}
			if r.Gap < 0 || r.Gap != r.Time-rows[0].Time {
				t.Errorf("after stage %d %s team %d gap = %d, want %d", k, what, r.TeamID, r.Gap, r.Time-rows[0].Time)
			}
		}
	}
	teams("teams", st.Teams)
	teams("daily teams", st.DailyTeams)
	for i, r := range st.CyclingParty {
		if r.Rank != i+1 || (i > 0 && r.Points > st.CyclingParty[i-1].Points) {
			t.Errorf("after stage %d cycling party row %d = %+v, want rank %d and points not above the row before", k, i, r, i+1)
		}
		sum := 0
		for _, p := range r.Sources {
			sum += p.Points
		}
		if sum != r.Points {
			t.Errorf("after stage %d cycling party team %d: its sources add up to %d, its total is %d", k, r.TeamID, sum, r.Points)
		}
	}
	if len(st.Individual) > 0 && st.Leaders[ClassIndividual] != st.Individual[0].Bib {
		t.Errorf("after stage %d individual leader = %d, want %d", k, st.Leaders[ClassIndividual], st.Individual[0].Bib)
	}
	if _, ok := st.Leaders[ClassTeams]; ok {
		t.Errorf("after stage %d leaders name a teams leader %v, want none", k, st.Leaders)
	}
}

// checkIndividualAgainstStageTimes recomputes each classified rider's time from StageTimes.
func checkIndividualAgainstStageTimes(t *testing.T, tour *Tour, results []StageResult, st *Standings) {
	t.Helper()
	sum := map[int]int{}
	stages := map[int]int{}
	gone := map[int]bool{}
	for k, res := range results {
		for _, a := range res.Abandons {
			gone[a.Bib] = true
		}
		times, err := StageTimes(tour, res.Stage, results[:k], res)
		if err != nil {
			t.Fatalf("StageTimes(stage %d) error: %v", res.Stage, err)
		}
		for _, s := range times {
			sum[s.Bib] += s.Time - s.Bonus + s.Penalty
			stages[s.Bib]++
		}
	}
	classified := 0
	for bib, n := range stages {
		if n == len(results) && !gone[bib] {
			classified++
		}
	}
	if len(st.Individual) != classified {
		t.Errorf("after stage %d the individual classification has %d riders, want %d", len(results), len(st.Individual), classified)
	}
	for _, r := range st.Individual {
		if r.Time != sum[r.Bib] {
			t.Errorf("after stage %d individual time of bib %d = %d, want %d", len(results), r.Bib, r.Time, sum[r.Bib])
		}
	}
}
