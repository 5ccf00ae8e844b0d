package race

import "testing"

// TestYouthCutOff checks the default young riders' cut-off: 1 January of the race's year minus the
// ruleset's years (25 by default), the race's year read from the tour's name when it says one.
func TestYouthCutOff(t *testing.T) {
	rs := Ruleset{}
	for _, tt := range []struct {
		name string
		want string
	}{
		{"Volta Ciclista a Catalunya 2026", "2001-01-01"},
		{"Tour de France 2024", "1999-01-01"},
		{"Giro 1998 (replay of 2019)", "1994-01-01"},
		{"Club race", "2002-01-01"},
		{"Race 12024", "2002-01-01"},
		{"Year 1850", "2002-01-01"},
	} {
		if got := DefaultYouthBornFrom(rs, RaceYear(tt.name, 2027)); got != tt.want {
			t.Errorf("cut-off of %q = %s, want %s", tt.name, got, tt.want)
		}
	}
	if got := DefaultYouthBornFrom(Ruleset{YouthYears: 23}, 2026); got != "2003-01-01" {
		t.Errorf("an under-24 rule's cut-off = %s, want 2003-01-01", got)
	}
	tour := &Tour{Settings: TourSettings{YouthBornFrom: "2001-01-01"}}
	for born, want := range map[string]bool{"2001-01-01": true, "2000-12-31": false, "": false, "2005-06-07": true} {
		if got := tour.Young(&Rider{Born: born}); got != want {
			t.Errorf("Young(born %q) = %v, want %v", born, got, want)
		}
	}
	if err := ValidateSettings(TourSettings{YouthBornFrom: "2001-02-30"}); !hasField(err, "youth_born_from") {
		t.Errorf("a cut-off of 30 February = %v, want refused", err)
	}
}
