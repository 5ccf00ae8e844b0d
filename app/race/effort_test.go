package race

import (
	"strings"
	"testing"
)

func TestEffortAllowance(t *testing.T) {
	rs := loadedRuleset(t, "ciclismo-a-fondo")
	bare := Ruleset{ID: "bare", Effort: &EffortRules{}} // docs/rules.md §2.5 numbers
	tests := []struct {
		role   string
		stages int
		want   int
	}{
		{"JF", 21, 18}, {"ES", 21, 18}, {"TT", 21, 16}, {"RO", 21, 16}, {"SP", 21, 12}, {"CR", 21, 12}, {"RE", 21, 17}, {"RS", 21, 14},
		{"JF", 7, 6}, {"SP", 7, 4}, {"TT", 7, 5}, {"RE", 7, 6}, {"RS", 7, 5},
		{"JF", 10, 9}, // 8.57
		{"SP", 1, 1},  // 0.57 rounds to 1
		{"CR", 30, 17},
		{"JF", 0, 18}, // no stages: the reference tour
		{"XX", 21, 0}, // unknown role
	}
	for _, tt := range tests {
		for name, r := range map[string]Ruleset{"shipped": rs, "defaults": bare} {
			if got := EffortAllowance(r, tt.role, tt.stages); got != tt.want {
				t.Errorf("%s: %s allowance for %d stages = %d, want %d", name, tt.role, tt.stages, got, tt.want)
			}
		}
	}
	tiny := Ruleset{Effort: &EffortRules{Allowance: map[string]int{"JF": 1}, ReferenceStages: 21}}
	if got := EffortAllowance(tiny, "JF", 1); got != 1 {
		t.Errorf("allowance 1 over 1 of 21 stages = %d, want at least 1", got)
	}
	half := Ruleset{Effort: &EffortRules{Allowance: map[string]int{"JF": 3}, ReferenceStages: 2}}
	if got := EffortAllowance(half, "JF", 1); got != 2 {
		t.Errorf("allowance 1.5 = %d, want 2 (rounded to the nearest)", got)
	}
}

// effortTour is a 21-stage Ciclismo a fondo tour of two teams of 8 (JF is 11, SP 15).
func effortTour(t *testing.T) *Tour {
	tour := &Tour{Ruleset: loadedRuleset(t, "ciclismo-a-fondo"), RidersPerTeam: 8, Teams: AssignBibs([]Team{cafTeam(1), cafTeam(2)})}
	for i := 1; i <= 21; i++ {
		tour.Stages = append(tour.Stages, Stage{Number: i, Type: "flat", Length: 150})
	}
	return tour
}

// spend is a stage result in which bib spent points.
func spend(stage, bib, points int, weather ...string) StageResult {
	return StageResult{Stage: stage, Weather: weather, Advantages: []AdvantageUse{{Kind: AdvEffort, Bib: bib, Points: points}}}
}

func TestEffortBalance(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(*Tour)
		prior []StageResult
		cur   StageResult
		bib   int
		want  int
	}{
		{"fresh JF", nil, nil, StageResult{Stage: 1}, 11, 18},
		{"fresh SP", nil, nil, StageResult{Stage: 1}, 15, 12},
		{"spent in this stage", nil, nil, spend(1, 11, 3), 11, 15},
		{"recovery 5", nil, []StageResult{spend(1, 11, 10)}, StageResult{Stage: 2}, 11, 13},
		{"SP recovery 3", nil, []StageResult{spend(1, 15, 10)}, StageResult{Stage: 2}, 15, 5},
		{"recovery capped", nil, []StageResult{spend(1, 11, 2)}, StageResult{Stage: 2}, 11, 18},
		{"rest day doubles", func(tr *Tour) { tr.Stages[1].RestDayBefore = true }, []StageResult{spend(1, 11, 12)}, StageResult{Stage: 2}, 11, 16},
		{"rest day capped", func(tr *Tour) { tr.Stages[1].RestDayBefore = true }, []StageResult{spend(1, 11, 5)}, StageResult{Stage: 2}, 11, 18},
		{"cold stage", nil, []StageResult{spend(1, 11, 10, "fair", "cold", "fair", "rain")}, StageResult{Stage: 2}, 11, 8},
		{"Cold stage", nil, []StageResult{spend(1, 11, 10, "Cold")}, StageResult{Stage: 2}, 11, 8},
		{"cold and rest day", func(tr *Tour) { tr.Stages[1].RestDayBefore = true }, []StageResult{spend(1, 11, 10, "cold")}, StageResult{Stage: 2}, 11, 8},
		{"feed zones", func(tr *Tour) { tr.Stages[0].FeedZones = 2 }, []StageResult{spend(1, 11, 15)}, StageResult{Stage: 2}, 11, 10},
		{"feed zone in this stage", func(tr *Tour) { tr.Stages[0].FeedZones = 1 }, nil, spend(1, 11, 5), 11, 14},
		{"feed zone capped", func(tr *Tour) { tr.Stages[0].FeedZones = 3 }, nil, StageResult{Stage: 1}, 11, 18},
		{"three stages", nil, []StageResult{spend(1, 11, 10), spend(2, 11, 10, "cold")}, StageResult{Stage: 3}, 11, 3},
		{"results out of order", nil, []StageResult{spend(2, 11, 10, "cold"), spend(1, 11, 10)}, StageResult{Stage: 3}, 11, 3},
		{"a stage without results", nil, []StageResult{spend(1, 11, 10)}, StageResult{Stage: 3}, 11, 18},
		{"other riders' spending", nil, []StageResult{spend(1, 12, 10)}, spend(2, 21, 4), 11, 18},
	}
	for _, tt := range tests {
		tour := effortTour(t)
		if tt.edit != nil {
			tt.edit(tour)
		}
		got, ok := EffortBalance(tour, tt.prior, tt.cur)[tt.bib]
		if !ok || got != tt.want {
			t.Errorf("%s: bib %d effort = %d (%v), want %d", tt.name, tt.bib, got, ok, tt.want)
		}
	}
}

func TestEffortBalanceShortTourAndAbandons(t *testing.T) {
	tour := effortTour(t)
	tour.Stages = tour.Stages[:7]
	b := EffortBalance(tour, []StageResult{{Stage: 1, Abandons: []Abandon{{Bib: 12, Reason: "crash"}}}}, StageResult{Stage: 2})
	if b[11] != 6 || b[15] != 4 {
		t.Errorf("7-stage JF, SP = %d, %d, want 6, 4", b[11], b[15])
	}
	if _, ok := b[12]; ok {
		t.Errorf("abandoned bib 12 has a balance")
	}
	if len(b) != 15 {
		t.Errorf("balances = %d, want 15 riders", len(b))
	}
	if got := EffortBalance(testTour(testCyclingParty()), nil, StageResult{Stage: 1}); len(got) != 0 {
		t.Errorf("Cycling Party balances = %v, want none", got)
	}
}

func TestCheckAdvantageEffort(t *testing.T) {
	tour := effortTour(t)
	tests := []struct {
		name  string
		prior []StageResult
		cur   StageResult
		use   AdvantageUse
		want  string
	}{
		{"spend 1", nil, StageResult{Stage: 1}, AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 1}, "ok"},
		{"spend all 18", nil, StageResult{Stage: 1}, AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 18}, "ok"},
		{"spend 19", nil, StageResult{Stage: 1}, AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 19}, "field:points"},
		{"spend the last 3", nil, spend(1, 11, 15), AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 3}, "ok"},
		{"spend 4 of 3", nil, spend(1, 11, 15), AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 4}, "field:points"},
		{"spend recovered points", []StageResult{spend(1, 11, 18)}, StageResult{Stage: 2}, AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 5}, "ok"},
		{"spend 6 after recovering 5", []StageResult{spend(1, 11, 18)}, StageResult{Stage: 2}, AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 6}, "field:points"},
		{"spend 0", nil, StageResult{Stage: 1}, AdvantageUse{Kind: AdvEffort, Bib: 11}, "field:points"},
		{"spend -2", nil, StageResult{Stage: 1}, AdvantageUse{Kind: AdvEffort, Bib: 11, Points: -2}, "field:points"},
		{"unknown bib", nil, StageResult{Stage: 1}, AdvantageUse{Kind: AdvEffort, Bib: 31, Points: 1}, "field:bib"},
		{"abandoned", []StageResult{{Stage: 1, Abandons: []Abandon{{Bib: 11}}}}, StageResult{Stage: 2}, AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 1}, "field:bib"},
		{"water bottle", nil, StageResult{Stage: 1}, AdvantageUse{Kind: AdvWaterBottle, Bib: 11}, "field:kind"},
	}
	for _, tt := range tests {
		err := CheckAdvantage(tour, tt.prior, tt.cur, tt.use)
		if got := errKind(err); got != tt.want {
			t.Errorf("%s: CheckAdvantage = %s (%v), want %s", tt.name, got, err, tt.want)
		}
	}
	err := CheckAdvantage(tour, nil, spend(1, 11, 15), AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 4})
	if err == nil || !strings.Contains(err.Error(), "3 effort points") {
		t.Errorf("message = %v, want it to say 3 effort points", err)
	}
}

func TestAllowancesEffort(t *testing.T) {
	tour := effortTour(t)
	got := Allowances(tour, []StageResult{spend(1, 11, 10)}, spend(2, 11, 2))
	if len(got) != 2 || len(got[0].Items) != 8 {
		t.Fatalf("allowances = %+v, want 2 teams of 8 effort items", got)
	}
	it := got[0].Items[0]
	if it.Kind != AdvEffort || it.Bib != 11 || it.Used != 2 || it.Limit != 18 || it.Left != 11 || it.Scope != ScopeTour {
		t.Errorf("bib 11 item = %+v, want effort used 2 of 18, 11 left, tour scope", it)
	}
}
