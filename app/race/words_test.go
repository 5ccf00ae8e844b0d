package race

import (
	"testing"

	"racedirector/app/plural"
)

func TestPlural(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 groups"}, {1, "1 group"}, {-1, "-1 group"}, {2, "2 groups"}} {
		if got := plural.Of(tt.n, "group", "groups"); got != tt.want {
			t.Errorf("plural.Of(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	if got := UseText(Ruleset{}, AdvantageUse{Kind: AdvEffort, Points: 1}, "bib 12"); got != "1 effort point spent by bib 12" {
		t.Errorf("UseText of one effort point = %q", got)
	}
}
