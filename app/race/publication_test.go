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
	got := Changes(SnapshotOf(before), SnapshotOf(after))
	want := []Change{
		{Class: ClassIndividual, Rows: RowsTime, Kind: ChangeMoved, ID: 12, Name: "Deux", WasRank: 2, WasValue: 105, Rank: 1, Value: 99},
		{Class: ClassIndividual, Rows: RowsTime, Kind: ChangeMoved, ID: 11, Name: "Un", WasRank: 1, WasValue: 100, Rank: 2, Value: 100},
		{Class: ClassIndividual, Rows: RowsTime, Kind: ChangeAdded, ID: 14, Name: "Quatre", Rank: 3, Value: 120},
		{Class: ClassIndividual, Rows: RowsTime, Kind: ChangeRemoved, ID: 13, Name: "Trois", WasRank: 3, WasValue: 110},
		{Class: ClassRegularity, Rows: RowsPoints, Kind: ChangeMoved, ID: 11, Name: "Un", WasRank: 1, WasValue: 50, Rank: 1, Value: 40},
		{Class: ClassTeams, Rows: RowsTeam, Kind: ChangeMoved, ID: 2, Name: "Bleu", WasRank: 2, WasValue: 310, Rank: 1, Value: 299},
		{Class: ClassTeams, Rows: RowsTeam, Kind: ChangeMoved, ID: 1, Name: "Rouge", WasRank: 1, WasValue: 300, Rank: 2, Value: 300},
	}
	if !slices.Equal(got, want) {
		t.Errorf("changes =\n%+v\nwant\n%+v", got, want)
	}
	if got := Changes(SnapshotOf(after), SnapshotOf(after)); len(got) != 0 {
		t.Errorf("changes of an unchanged publication = %+v, want none", got)
	}
	for n, w := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 102: "102nd"} {
		if Ordinal(n) != w {
			t.Errorf("Ordinal(%d) = %s, want %s", n, Ordinal(n), w)
		}
	}
}
