package race

import (
	"slices"
	"testing"
)

// TestChangesOfARevision checks what a revised publication says changed: a rider moved with his new
// time, one added, one removed, a team moved, points changed; nothing when nothing changed.
func TestChangesOfARevision(t *testing.T) {
	before := &Standings{Individual: []TimeRow{{Rank: 1, Bib: 11, Name: "Un", Time: 100}, {Rank: 2, Bib: 12, Name: "Deux", Time: 105}, {Rank: 3, Bib: 13, Name: "Trois", Time: 110}},
		Regularity: []PointsRow{{Rank: 1, Bib: 11, Name: "Un", Points: 50}},
		Teams:      []TeamRow{{Rank: 1, TeamID: 1, Team: "Rouge", Time: 300}, {Rank: 2, TeamID: 2, Team: "Bleu", Time: 310}}}
	after := &Standings{Individual: []TimeRow{{Rank: 1, Bib: 12, Name: "Deux", Time: 99}, {Rank: 2, Bib: 11, Name: "Un", Time: 100}, {Rank: 3, Bib: 14, Name: "Quatre", Time: 120}},
		Regularity: []PointsRow{{Rank: 1, Bib: 11, Name: "Un", Points: 40}},
		Teams:      []TeamRow{{Rank: 1, TeamID: 2, Team: "Bleu", Time: 299}, {Rank: 2, TeamID: 1, Team: "Rouge", Time: 300}}}
	got := Changes(SnapshotOf(before), SnapshotOf(after), func(s int) string { return FormatClockTime(100 * s) })
	want := []string{
		"Individual: bib 12 Deux 2nd → 1st, 1:45 → 1:39",
		"Individual: bib 11 Un 1st → 2nd",
		"Individual: bib 14 Quatre added, 3rd in 2:00",
		"Individual: bib 13 Trois removed (was 3rd)",
		"Regularity: bib 11 Un 1st → 1st, 50 points → 40 points",
		"Teams: Bleu 2nd → 1st, 5:10 → 4:59",
		"Teams: Rouge 1st → 2nd",
	}
	if !slices.Equal(got, want) {
		t.Errorf("changes =\n%q\nwant\n%q", got, want)
	}
	if got := Changes(SnapshotOf(after), SnapshotOf(after), nil); len(got) != 0 {
		t.Errorf("changes of an unchanged publication = %q, want none", got)
	}
	for n, w := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 102: "102nd"} {
		if Ordinal(n) != w {
			t.Errorf("Ordinal(%d) = %s, want %s", n, Ordinal(n), w)
		}
	}
}
