package views

import "testing"

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n         int
		one, many string
		want      string
	}{
		{0, "team", "teams", "0 teams"},
		{1, "team", "teams", "1 team"},
		{2, "team", "teams", "2 teams"},
		{21, "rider", "riders", "21 riders"},
		{1, "rider created", "riders created", "1 rider created"},
		{-1, "point", "points", "-1 point"},
		{-3, "point", "points", "-3 points"},
		{1, "stage is missing", "stages are missing", "1 stage is missing"},
	} {
		if got := Plural(c.n, c.one, c.many); got != c.want {
			t.Errorf("Plural(%d, %q, %q) = %q, want %q", c.n, c.one, c.many, got, c.want)
		}
	}
}
