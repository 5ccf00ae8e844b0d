package web

import (
	"testing"

	"racedirector/app/race"
)

// TestHistoryTextInWords: a change kept by an earlier version, with ids, reads in words.
func TestHistoryTextInWords(t *testing.T) {
	rs := race.Ruleset{TimeModel: race.TimeModelCyclingParty} // docs/rules.md's advantages
	for in, want := range map[string]string{
		"water_bottle: 15 Óscar Freire":            "Water bottle: 15 Óscar Freire",
		"undone: mountain_attack of 11 taken back": "Undone: Mountain attack of 11 taken back",
		"bad_patch: 34 Once 4 lost 2 turns":        "Bad patch: 34 Once 4 lost 2 turns",
		"weather: [fair rain cold]":                "Weather: fair, rain, cold",
		"finish: 3 groups, 14 riders":              "Finish: 3 groups, 14 riders",
	} {
		if got := historyText(&rs, in); got != want {
			t.Errorf("historyText(%q) = %q, want %q", in, got, want)
		}
	}
}
