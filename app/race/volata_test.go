package race

import (
	"fmt"
	"strings"
	"testing"
)

func TestVolataValue(t *testing.T) {
	rs := loadedRuleset(t, "2ruote")
	tests := []struct {
		kind string
		e    VolataEntry
		want int
	}{
		{"finish", VolataEntry{Bib: 11, Sprint: 7, Helpers: 2, Fatigue: 18, Tokens: 1}, 8},   // 7 + 2 − 3 + 2
		{"sprint", VolataEntry{Bib: 11, Sprint: 7, Helpers: 2, Fatigue: 18, Tokens: 1}, 3},   // 7 + 2 − 8 + 2
		{"tv", VolataEntry{Bib: 11, Sprint: 7, Helpers: 2, Fatigue: 18, Tokens: 1}, 3},       // TV is an intermediate sprint
		{"gpm", VolataEntry{Bib: 11, Sprint: 7, Helpers: 2, Fatigue: 18, Tokens: 1}, 3},      // so is GPM
		{"finish", VolataEntry{Bib: 11, Sprint: 5, Helpers: 0, Fatigue: 15, Tokens: 0}, 5},   // 15 is not above 15
		{"finish", VolataEntry{Bib: 11, Sprint: 5, Helpers: 0, Fatigue: 16, Tokens: 0}, 4},   // 16 is
		{"sprint", VolataEntry{Bib: 11, Sprint: 5, Helpers: 0, Fatigue: 10, Tokens: 0}, 5},   // 10 is not above 10
		{"sprint", VolataEntry{Bib: 11, Sprint: 5, Helpers: 0, Fatigue: 11, Tokens: 0}, 4},   // 11 is
		{"finish", VolataEntry{Bib: 11, Sprint: 9, Helpers: 4, Fatigue: 0, Tokens: 3}, 19},   // low fatigue gives nothing
		{"finish", VolataEntry{Bib: 11, Sprint: 1, Helpers: 0, Fatigue: 30, Tokens: 0}, -14}, // values may go below zero
	}
	for _, tt := range tests {
		for name, r := range map[string]Ruleset{"shipped": rs, "defaults": {ID: "bare"}} {
			got := Volata(r, tt.kind, []VolataEntry{tt.e})
			if len(got) != 1 || got[0].Value != tt.want || got[0].Rank != 1 || got[0].Bib != 11 {
				t.Errorf("%s: %s value of %+v = %+v, want %d, rank 1", name, tt.kind, tt.e, got, tt.want)
			}
		}
	}
}

func TestVolataOrder(t *testing.T) {
	rs := loadedRuleset(t, "2ruote")
	tests := []struct {
		name    string
		entries []VolataEntry
		want    string
	}{
		{"by value", []VolataEntry{{Bib: 11, Sprint: 5}, {Bib: 21, Sprint: 7}, {Bib: 31, Sprint: 6}}, "[21 31 11]"},
		{"tie to the higher printed sprint", []VolataEntry{{Bib: 11, Sprint: 5, Helpers: 2}, {Bib: 21, Sprint: 7}}, "[21 11]"},
		{"tie to the higher printed sprint, other way", []VolataEntry{{Bib: 21, Sprint: 7}, {Bib: 11, Sprint: 5, Tokens: 1}}, "[21 11]"},
		{"then to less fatigue", []VolataEntry{{Bib: 11, Sprint: 6, Fatigue: 9}, {Bib: 21, Sprint: 6, Fatigue: 4}}, "[21 11]"},
		{"less fatigue, other way", []VolataEntry{{Bib: 21, Sprint: 6, Fatigue: 4}, {Bib: 11, Sprint: 6, Fatigue: 9}}, "[21 11]"},
		{"then to entry order", []VolataEntry{{Bib: 31, Sprint: 6, Fatigue: 4}, {Bib: 11, Sprint: 6, Fatigue: 4}}, "[31 11]"},
		{"entry order, other way", []VolataEntry{{Bib: 11, Sprint: 6, Fatigue: 4}, {Bib: 31, Sprint: 6, Fatigue: 4}}, "[11 31]"},
		{"fatigue counts before the printed tie-break", []VolataEntry{{Bib: 11, Sprint: 9, Fatigue: 20}, {Bib: 21, Sprint: 6}}, "[21 11]"},
		{"a single rider wins alone", []VolataEntry{{Bib: 45, Sprint: 1, Fatigue: 40}}, "[45]"},
		{"nobody", nil, "[]"},
	}
	for _, tt := range tests {
		var bibs []int
		res := Volata(rs, VolataFinish, tt.entries)
		for i, r := range res {
			bibs = append(bibs, r.Bib)
			if r.Rank != i+1 {
				t.Errorf("%s: rank of place %d = %d", tt.name, i+1, r.Rank)
			}
		}
		if bibs == nil {
			bibs = []int{}
		}
		if got := fmt.Sprint(bibs); got != tt.want {
			t.Errorf("%s: order = %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestWithLeadingSector: the volata's order becomes the leading sector's order; riders of that sector
// the volata did not place follow; other sectors are kept; an empty finish gets the group (sector 0).
func TestWithLeadingSector(t *testing.T) {
	for _, tt := range []struct {
		name   string
		f      Finish
		order  []int
		want   string
		sector int
	}{
		{"empty finish", Finish{}, []int{31, 11}, "[{0 [31 11]}]", 0},
		{"leading breakaway", Finish{Groups: []FinishGroup{{Sector: 0, Riders: []int{12, 13}}, {Sector: 2, Riders: []int{21, 11}}}}, []int{11, 21},
			"[{0 [12 13]} {2 [11 21]}]", 2},
		{"riders the volata left out follow", Finish{Groups: []FinishGroup{{Sector: 1, Riders: []int{21, 11, 14}}, {Sector: -1, Riders: []int{12}}}}, []int{11, 21},
			"[{1 [11 21 14]} {-1 [12]}]", 1},
		{"an empty group is not the leading one", Finish{Groups: []FinishGroup{{Sector: 3}, {Sector: 0, Riders: []int{12}}}}, []int{12},
			"[{3 []} {0 [12]}]", 0},
	} {
		got, sector := WithLeadingSector(tt.f, tt.order)
		var parts []string
		for _, g := range got.Groups {
			parts = append(parts, fmt.Sprintf("{%d %v}", g.Sector, g.Riders))
		}
		if s := "[" + strings.Join(parts, " ") + "]"; s != tt.want || sector != tt.sector {
			t.Errorf("%s: WithLeadingSector = %s in sector %d, want %s in sector %d", tt.name, s, sector, tt.want, tt.sector)
		}
	}
	f := Finish{Groups: []FinishGroup{{Sector: 0, Riders: []int{12, 13}}}}
	WithLeadingSector(f, []int{13, 12})
	if fmt.Sprint(f.Groups[0].Riders) != "[12 13]" {
		t.Errorf("WithLeadingSector changed the finish it was given: %v", f.Groups[0].Riders)
	}
}
