package web

import (
	"fmt"
	"testing"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/standing"
)

func TestParseBibs(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    string
		wantErr bool
	}{
		{"", "[]", false},
		{"23 11 45", "[23 11 45]", false},
		{"23,11, 45", "[23 11 45]", false},
		{" 23;11.45/12 ", "[23 11 45 12]", false},
		{"23\t11\n45", "[23 11 45]", false},
		{"23 x", "", true},
		{"0", "", true},
		{"12a", "", true},
	} {
		got, err := standing.ParseBibs(tc.in, "order")
		if (err != nil) != tc.wantErr {
			t.Errorf("standing.ParseBibs(%q) error = %v, want error %v", tc.in, err, tc.wantErr)
			continue
		}
		if err != nil {
			if ve, ok := err.(*refuse.ValidationError); !ok || ve.Fields["order"] == "" {
				t.Errorf("standing.ParseBibs(%q) error = %v, want a validation error on order", tc.in, err)
			}
			continue
		}
		if s := fmt.Sprint(got); s != tc.want && !(tc.want == "[]" && len(got) == 0) {
			t.Errorf("standing.ParseBibs(%q) = %s, want %s", tc.in, s, tc.want)
		}
	}
}

func TestGroupField(t *testing.T) {
	for _, tc := range []struct {
		key   string
		gi    int
		field string
		ok    bool
	}{
		{"groups[2].die", 2, "die", true},
		{"groups[0].riders[3]", 0, "riders", true},
		{"groups[11].sector", 11, "sector", true},
		{"groups", 0, "", false},
		{"results[0].bib", 0, "", false},
		{"groups[x].die", 0, "", false},
	} {
		gi, field, ok := groupField(tc.key)
		if gi != tc.gi || field != tc.field || ok != tc.ok {
			t.Errorf("groupField(%q) = %d %q %v, want %d %q %v", tc.key, gi, field, ok, tc.gi, tc.field, tc.ok)
		}
	}
}

func TestCyclingPartyRowTimes(t *testing.T) {
	// docs/rules.md §1.8: square 10 → 10–15 s; a rider one turn after the winner on square 1 with a 3 has 118 s.
	cp := &race.Ruleset{TimeModel: race.TimeModelCyclingParty}
	f := standing.FinishForm{Model: race.TimeModelCyclingParty, Ruleset: cp, Rows: []standing.GroupRow{
		{Turn: "0", Square: "10", Die: "1", Riders: "11"}, {Turn: "0", Square: "10", Die: "6", Riders: "12"},
		{Turn: "1", Square: "1", Die: "3", Riders: "13"}, {Turn: "0", Square: "13", Die: "3"}, {Turn: "x", Square: "1", Die: "3"},
	}}
	f.FillPreviews(standing.RidersBlock{})
	for i, want := range []string{"0:15", "0:10", "1:58", "", ""} {
		if got := f.Rows[i].Time; got != want {
			t.Errorf("group %d time = %q, want %q", i+1, got, want)
		}
	}
	s := standing.FinishForm{Model: race.TimeModelSectors, Ruleset: &race.Ruleset{TimeModel: race.TimeModelSectors, SecondsPerSector: 30}, Rows: []standing.GroupRow{{Sector: "2", Riders: "11"}, {Sector: "0", Riders: "12"}, {Sector: "-1", Riders: "13"}, {Sector: "5"}}}
	s.FillPreviews(standing.RidersBlock{})
	for i, want := range []string{"leading sector", "+1:00", "+1:30", ""} {
		if got := s.Rows[i].Time; got != want {
			t.Errorf("2RUOTE group %d gap = %q, want %q", i+1, got, want)
		}
	}
}
