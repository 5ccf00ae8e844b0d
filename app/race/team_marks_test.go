package race

import "testing"

// TestTeamShort: a team's short name from its name, avoiding the ones taken.
func TestTeamShort(t *testing.T) {
	for _, c := range []struct {
		name  string
		taken []string
		want  string
	}{
		{"UAE Team Emirates", nil, "UAE"},
		{"Lidl-Trek", nil, "LID"},
		{"Lidl-Trek", []string{"LID"}, "LIL"},
		{"Lidl-Trek", []string{"LID", "LIL", "LIT", "LIR", "LIE", "LIK"}, "LIDL"},
		{"Ñoño", nil, "ÑOÑ"},
		{"Q", nil, "QX"},
		{"7-Eleven", nil, "ELE"},
		{"", nil, "XX"},
		{"Ab", []string{"AB"}, "AB"},
	} {
		taken := map[string]bool{}
		for _, s := range c.taken {
			taken[s] = true
		}
		if got := TeamShort(c.name, func(s string) bool { return taken[s] }); got != c.want {
			t.Errorf("short of %q with %v taken = %q, want %q", c.name, c.taken, got, c.want)
		}
	}
}

// TestTeamColour: a new team gets the first colour no team has, then they go round.
func TestTeamColour(t *testing.T) {
	used := map[string]bool{}
	has := func(c string) bool { return used[c] }
	if got := TeamColour(has, 0); got != "#d62828" {
		t.Errorf("first colour = %q, want #d62828", got)
	}
	used["#d62828"] = true
	if got := TeamColour(has, 1); got != "#1d4ed8" {
		t.Errorf("colour after red = %q, want #1d4ed8", got)
	}
	for _, c := range teamColours() {
		used[c] = true
	}
	if got := TeamColour(has, 17); got != teamColours()[1] {
		t.Errorf("colour of the 18th team with every colour used = %q, want %q", got, teamColours()[1])
	}
}
