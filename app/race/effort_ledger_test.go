package race

import (
	"slices"
	"testing"
)

// TestEffortLedger checks each rider's ledger stage by stage: spent, got back (the stage's feed zones
// and the recovery after it, doubled before a rest day, none after a cold stage, never above the
// allowance) and left; a rider who abandons has no balance from that stage on.
func TestEffortLedger(t *testing.T) {
	tour := effortTour(t)
	tour.Stages[0].FeedZones = 1
	tour.Stages[2].RestDayBefore = true
	s1 := spend(1, 11, 10)
	s1.Advantages = append(s1.Advantages, AdvantageUse{Kind: AdvEffort, Bib: 15, Points: 4})
	s2 := spend(2, 11, 6, "cold")
	s2.Abandons = []Abandon{{Bib: 15, Reason: "crash"}}
	s3 := StageResult{Stage: 3}
	results := []StageResult{s1, s2, s3}
	ledger := EffortLedger(tour, results, 3)
	if len(ledger) != 16 {
		t.Fatalf("ledger of %d riders, want the tour's 16", len(ledger))
	}
	byBib := map[int]EffortLine{}
	for _, l := range ledger {
		byBib[l.Bib] = l
	}
	// JF (18): stage 1 spends 10, gets 1 (feed zone) + 5 back: 14; stage 2 spends 6 in the cold: 8;
	// stage 3 spends nothing and recovers 5: 13. In each stage, before the recovery after it, he holds
	// 9, 8 and 8 (what the stage's advantages page shows).
	want := EffortLine{Bib: 11, Allowance: 18, Stages: []EffortStage{{10, 6, 14, 9, true}, {6, 0, 8, 8, true}, {0, 5, 13, 8, true}}}
	if got := byBib[11]; got.Allowance != want.Allowance || got.Out || !slices.Equal(got.Stages, want.Stages) {
		t.Errorf("JF ledger = %+v, want %+v", got, want)
	}
	// SP (12) spends 4 in stage 1 and gets 1 + 3 back; he abandons in stage 2: not racing in it.
	if got := byBib[15]; !got.Out || len(got.Stages) != 2 || got.Stages[0] != (EffortStage{4, 4, 12, 9, true}) || got.Stages[1].Racing {
		t.Errorf("SP ledger = %+v, want 4 spent and 4 back in stage 1, out in stage 2", got)
	}
	// The last entry of a ledger is the balance EffortBalance gives at the start of the next stage.
	if left := EffortBalance(tour, results, StageResult{Stage: 4})[11]; left != byBib[11].Stages[2].Left {
		t.Errorf("the ledger leaves %d, EffortBalance at stage 4 says %d", byBib[11].Stages[2].Left, left)
	}
	if EffortLedger(testTour(testCyclingParty()), nil, 1) != nil {
		t.Error("a game without effort points has a ledger")
	}
}
