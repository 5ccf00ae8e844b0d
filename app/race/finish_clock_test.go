package race

import "testing"

// TestFinishClock checks the finish preview table of each time model against the engine's times: every
// square and face of Cycling Party, 2RUOTE's seconds a sector from the ruleset, nothing for the others.
func TestFinishClock(t *testing.T) {
	cp := shippedRuleset(t, "cycling-party")
	c := FinishClockOf(&cp)
	for turn := 0; turn <= 3; turn++ {
		for s := 1; s <= TimeSquares; s++ {
			for d := 1; d <= DieFaces; d++ {
				if got, ok := c.GroupSeconds(turn, s, d); !ok || got != CyclingPartySeconds(turn, s, d) {
					t.Errorf("GroupSeconds(%d, %d, %d) = %d, %v, want %d", turn, s, d, got, ok, CyclingPartySeconds(turn, s, d))
				}
			}
		}
	}
	for _, bad := range [][3]int{{-1, 1, 1}, {0, 0, 1}, {0, 13, 1}, {0, 1, 0}, {0, 1, 7}} {
		if _, ok := c.GroupSeconds(bad[0], bad[1], bad[2]); ok {
			t.Errorf("GroupSeconds%v answers a time ValidateFinish refuses", bad)
		}
	}
	ruote := shippedRuleset(t, "2ruote")
	r := FinishClockOf(&ruote)
	if r.SectorSeconds != ruote.SecondsPerSector || r.BehindLead(2, -1) != 3*ruote.SecondsPerSector || r.BehindLead(2, 2) != 0 {
		t.Errorf("2RUOTE clock = %+v, want %d s a sector", r, ruote.SecondsPerSector)
	}
	if len(r.Behind) != MaxSector-MinSector+1 || r.Behind[3] != r.BehindLead(2, -1) {
		t.Errorf("2RUOTE behind table = %v", r.Behind)
	}
	custom := Ruleset{TimeModel: TimeModelSectors, SecondsPerSector: 45}
	if got := FinishClockOf(&custom).BehindLead(1, 0); got != 45 {
		t.Errorf("a ruleset of 45 s a sector previews %d s", got)
	}
	caf := shippedRuleset(t, "ciclismo-a-fondo")
	if got := FinishClockOf(&caf); got.Model != TimeModelTurns || got.Squares != nil || got.SectorSeconds != 0 {
		t.Errorf("turns clock = %+v, want only its model", got)
	}
}
