package race

import (
	"errors"
	"strings"
	"testing"

	"racedirector/app/refuse"
)

func TestValidateManager(t *testing.T) {
	tests := []struct {
		name, in, want, refused string
	}{
		{"a name", "Marta", "Marta", ""},
		{"spaces around are dropped", "  Marta  ", "Marta", ""},
		{"no player", "", "", ""},
		{"only spaces is no player", "   ", "", ""},
		{"letters of any language", "Ægir Ñúñez-Brontë", "Ægir Ñúñez-Brontë", ""},
		{"the longest name", strings.Repeat("é", MaxManagerNameLength), strings.Repeat("é", MaxManagerNameLength), ""},
		{"one character too many", strings.Repeat("a", MaxManagerNameLength+1), "", "must be at most 40 characters (it has 41)"},
		{"a line break", "Mar\nta", "", "must not contain control characters"},
		{"a NUL", "Mar\x00ta", "", "must not contain a NUL character"},
		{"invalid UTF-8", "Mar\xffta", "", "is not valid UTF-8 text"},
	}
	for _, tc := range tests {
		got, err := ValidateManager(tc.in)
		if tc.refused == "" {
			if err != nil || got != tc.want {
				t.Errorf("%s: ValidateManager(%q) = %q, %v; want %q, nil", tc.name, tc.in, got, err, tc.want)
			}
			continue
		}
		var v *refuse.ValidationError
		if !errors.As(err, &v) || !strings.Contains(err.Error(), "manager") || !strings.Contains(err.Error(), tc.refused) {
			t.Errorf("%s: ValidateManager(%q) error = %v, want a refusal of field manager saying %q", tc.name, tc.in, err, tc.refused)
		}
	}
}

func TestSameManager(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"Marta", "Marta", true},
		{"Marta", " marta ", true},
		{"MARTA", "marta", true},
		{"Marta", "Martina", false},
		{"", "", false},
		{" ", "", false},
	}
	for _, tc := range tests {
		if got := SameManager(tc.a, tc.b); got != tc.want {
			t.Errorf("SameManager(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestValidateTeamsManager(t *testing.T) {
	rs := shippedRuleset(t, "cycling-party")
	tour := newTestTour(rs, 2, 6, "flat")
	tour.Teams[0].Manager = "Marta"
	tour.Teams[1].Manager = strings.Repeat("x", MaxManagerNameLength+1)
	err := ValidateTeams(rs, tour.Teams, 6)
	if err == nil || !strings.Contains(err.Error(), "teams[1].manager") {
		t.Fatalf("a player's name of 41 characters: ValidateTeams error = %v, want teams[1].manager named", err)
	}
	if strings.Contains(err.Error(), "teams[0].manager") {
		t.Errorf("ValidateTeams refused the good player's name of team 1: %v", err)
	}
	tour.Teams[1].Manager = ""
	if err := ValidateTeams(rs, tour.Teams, 6); err != nil {
		t.Errorf("teams with and without a player: ValidateTeams error = %v, want nil", err)
	}
}
