package colour

import "testing"

func TestDark(t *testing.T) {
	cases := []struct {
		c    string
		want bool
	}{
		{"#1f2937", true},  // Negro: near black
		{"#000000", true},  // black
		{"#1d4ed8", true},  // a deep blue is as hard to see on a dark screen
		{"#d62828", false}, // red
		{"#f5d000", false}, // yellow
		{"#ffffff", false},
		{"#15803d", false}, // green
		{"grey", false},    // not a colour: drawn grey, not dark
	}
	for _, c := range cases {
		if got := Dark(c.c); got != c.want {
			t.Errorf("Dark(%q) = %v, want %v", c.c, got, c.want)
		}
	}
}
