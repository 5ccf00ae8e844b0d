package base

import (
	"testing"

	"racedirector/app/i18n"
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
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	var cp race.Ruleset
	for _, rs := range all {
		if rs.ID == "cycling-party" {
			cp = rs
		}
	}
	for _, lang := range []string{i18n.English, "es", "it"} {
		l := cat.Localizer(lang)
		for _, compact := range []bool{true, false} {
			for L := 60; L <= 260; L++ {
				checkTicks(t, l, cp, L, compact)
			}
		}
	}
}

// checkTicks checks the tick labels of one drawn stage of length L against its start and finish words.
func checkTicks(t *testing.T, l *i18n.Localizer, cp race.Ruleset, L int, compact bool) {
	t.Helper()
	st := race.NormalizeStage(cp, race.Stage{Number: 1, Type: "flat", Length: L})
	pv := NewProfileView(l, cp, st, "Stage 1", compact)
	var start, finish profileText
	for _, tx := range pv.Texts {
		switch tx.Text {
		case l.T("race.profile.start"):
			start = tx
		case l.T("race.profile.finish", "N", L):
			finish = tx
		}
	}
	for _, tx := range pv.Texts {
		if tx.Anchor != "middle" || tx.Y != finish.Y {
			continue // not a tick label
		}
		half := textWidth(tx.Text, tx.Size) / 2
		if tx.X+half+4 > finish.X-textWidth(finish.Text, finish.Size) || tx.X-half-4 < start.X+textWidth(start.Text, start.Size) {
			t.Errorf("%s, %d km stage (compact %v): tick %q at x=%d runs into %q or %q", l.Lang(), L, compact, tx.Text, tx.X, finish.Text, start.Text)
		}
	}
}
