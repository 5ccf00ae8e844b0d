package race

import "testing"

// TestMountainJerseyByPattern checks that the polka-dot jersey is known by the ruleset's pattern, not
// by its name: the shipped games' mountain jerseys are dotted but 2RUOTE's green one, and a jersey
// named "polka-dot" without the pattern is plain.
func TestMountainJerseyByPattern(t *testing.T) {
	for id, want := range map[string]bool{"cycling-party": true, "ciclismo-a-fondo": true, "uci-road": true, "2ruote": false} {
		rs := shippedRuleset(t, id)
		if got := rs.Jerseys[ClassMountain].Dotted(); got != want {
			t.Errorf("%s mountain jersey dotted = %v, want %v", id, got, want)
		}
		if rs.Jerseys[ClassIndividual].Dotted() {
			t.Errorf("%s leader's jersey is dotted", id)
		}
	}
	if (Jersey{Name: "Polka-dot jersey", Color: "#d62828"}).Dotted() {
		t.Error("a jersey is dotted by its name")
	}
}
