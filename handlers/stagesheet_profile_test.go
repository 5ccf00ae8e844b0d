package handlers

import (
	"testing"

	"racedirector/app/race"
	"racedirector/data"
)

// TestProfileTicksClearStartAndFinish checks that no kilometre tick label of a stage profile runs
// into the "Start" or "Finish 193" words under the line, whatever the stage's length (a tick at 175
// of a 193 km stage was written over "Finish 193").
func TestProfileTicksClearStartAndFinish(t *testing.T) {
	all, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	var cp race.Ruleset
	for _, rs := range all {
		if rs.ID == "cycling-party" {
			cp = rs
		}
	}
	for _, compact := range []bool{true, false} {
		for L := 60; L <= 260; L++ {
			st := race.NormalizeStage(cp, race.Stage{Number: 1, Type: "flat", Length: L})
			pv := newProfileView(cp, st, "Stage 1", compact)
			var start, finish profileText
			for _, tx := range pv.Texts {
				switch tx.Text {
				case "Start":
					start = tx
				case finishLabel(L):
					finish = tx
				}
			}
			for _, tx := range pv.Texts {
				if tx.Anchor != "middle" || tx.Y != finish.Y {
					continue // not a tick label
				}
				half := textWidth(tx.Text, tx.Size) / 2
				if tx.X+half+4 > finish.X-textWidth(finish.Text, finish.Size) || tx.X-half-4 < start.X+textWidth("Start", start.Size) {
					t.Errorf("%d km stage (compact %v): tick %q at x=%d runs into %q or \"Start\"", L, compact, tx.Text, tx.X, finish.Text)
				}
			}
		}
	}
}
