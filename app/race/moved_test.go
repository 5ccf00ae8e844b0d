package race

import (
	"fmt"
	"testing"
)

// movedOf lists each individual row's places moved by bib ("nil" for none).
func movedOf(rows []TimeRow) map[int]string {
	out := map[int]string{}
	for _, r := range rows {
		out[r.Bib] = "nil"
		if r.Moved != nil {
			out[r.Bib] = fmt.Sprint(*r.Moved)
		}
	}
	return out
}

func TestIndividualMoved(t *testing.T) {
	cf := shippedRuleset(t, "ciclismo-a-fondo")
	cases := []struct {
		name    string
		results []StageResult
		after   int
		want    map[int]string
	}{
		{
			name:    "first stage: nobody had a place",
			results: []StageResult{result(1, turn(10, 11), turn(11, 12), turn(12, 21))},
			after:   1,
			want:    map[int]string{11: "nil", 12: "nil", 21: "nil"},
		},
		{
			// 11 12 21 22 after stage 1 (10 11 12 13 turns); stage 2 puts 22 first (13+1), 21 second (12+3),
			// 11 third (10+8), 12 last (11+9).
			name: "gains and losses",
			results: []StageResult{
				result(1, turn(10, 11), turn(11, 12), turn(12, 21), turn(13, 22)),
				result(2, turn(1, 22), turn(3, 21), turn(8, 11), turn(9, 12)),
			},
			after: 2,
			want:  map[int]string{22: "3", 21: "1", 11: "-2", 12: "-2"},
		},
		{
			// Everyone keeps his place: 0, not nil.
			name: "the same places",
			results: []StageResult{
				result(1, turn(10, 11), turn(11, 12), turn(12, 21)),
				result(2, turn(10, 11), turn(11, 12), turn(12, 21)),
			},
			after: 2,
			want:  map[int]string{11: "0", 12: "0", 21: "0"},
		},
		{
			// Level on time after stage 2 (21 turns each): the sum of placings puts 21 (2+1) before 11
			// (1+2), so 21 gains one place and 11 loses one, as the classification lists them.
			name: "ties ranked by the tie-breaks",
			results: []StageResult{
				result(1, turn(10, 11), turn(11, 21)),
				result(2, turn(10, 21), turn(11, 11)),
			},
			after: 2,
			want:  map[int]string{21: "1", 11: "-1"},
		},
		{
			// 11, leading, abandons in stage 2: everyone behind him moves up one; he is in no row.
			name: "a rider out",
			results: []StageResult{
				result(1, turn(10, 11), turn(11, 12), turn(12, 21)),
				{Stage: 2, Abandons: []Abandon{{Bib: 11, Reason: "crash"}}, Finish: Finish{Groups: []FinishGroup{turn(10, 12), turn(11, 21)}}},
			},
			after: 2,
			want:  map[int]string{12: "1", 21: "1"},
		},
		{
			// 22 had no time in stage 1 (not in the classification then) and none in stage 2 either:
			// only those with a place before say how they moved; the standings after stage 1 of a
			// three-stage count still have none.
			name: "after stage 1 of three",
			results: []StageResult{
				result(1, turn(10, 11), turn(11, 12)),
				result(2, turn(10, 12), turn(12, 11)),
				result(3, turn(10, 12), turn(12, 11)),
			},
			after: 1,
			want:  map[int]string{11: "nil", 12: "nil"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tour := newTestTour(cf, 2, 4, "flat", "flat", "flat")
			st := standingsAfter(t, tour, c.results, c.after)
			got := movedOf(st.Individual)
			if len(got) != len(c.want) {
				t.Fatalf("individual = %v, want moved %v", got, c.want)
			}
			for bib, want := range c.want {
				if got[bib] != want {
					t.Errorf("bib %d moved = %s, want %s (all: %v)", bib, got[bib], want, got)
				}
			}
			for _, r := range append(st.Stage, st.Youth...) {
				if r.Moved != nil {
					t.Errorf("stage or youth row of bib %d has moved %d, want none", r.Bib, *r.Moved)
				}
			}
		})
	}
}

// TestIndividualMovedFromTally checks that the standings counted from a kept tally say the same moves
// as those counted from the start, whichever stages the tally counted.
func TestIndividualMovedFromTally(t *testing.T) {
	tour, results := genTour(shippedRuleset(t, "cycling-party"), 7, genOptions{stages: 5, teams: 4, riders: 5, abandons: 0.3})
	for after := 1; after <= 5; after++ {
		want := movedOf(standingsAfter(t, tour, results, after).Individual)
		for counted := 0; counted <= after; counted++ {
			tally, err := CountStages(tour, results, counted)
			if err != nil {
				t.Fatal(err)
			}
			s, err := tally.Standings(tour, results, after)
			if err != nil {
				t.Fatal(err)
			}
			if got := movedOf(s.Individual); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("after %d from a tally of %d: moved %v, want %v", after, counted, got, want)
			}
		}
	}
}
