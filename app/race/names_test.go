package race

import "testing"

func TestShortName(t *testing.T) {
	cases := []struct{ name, want string }{
		{"Tadej Pogačar", "T. Pogačar"},
		{"Mathieu van der Poel", "M. van der Poel"},
		{"Óscar Freire", "Ó. Freire"},
		{"Vingegaard", "Vingegaard"},
		{"  Rafał   Majka ", "R. Majka"},
		{"", ""},
	}
	for _, c := range cases {
		if got := ShortName(c.name); got != c.want {
			t.Errorf("ShortName(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
