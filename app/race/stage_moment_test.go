package race

import (
	"fmt"
	"strings"
	"testing"
)

// momentText writes a stage moment as one line: "S2 win 22 | individual 22<11 mountain 21<- | up 22+3".
func momentText(m StageMoment) string {
	var b strings.Builder
	fmt.Fprintf(&b, "S%d", m.Stage)
	if m.Winner != nil {
		fmt.Fprintf(&b, " win %d", m.Winner.Bib)
	}
	b.WriteString(" |")
	for _, j := range m.Jerseys {
		from := "-"
		if j.From != nil {
			from = fmt.Sprint(j.From.Bib)
		}
		fmt.Fprintf(&b, " %s %d<%s", j.Class, j.Rider.Bib, from)
	}
	b.WriteString(" |")
	if m.Mover != nil {
		fmt.Fprintf(&b, " up %d%+d #%d", m.Mover.Bib, m.Mover.Moved, m.Mover.Rank)
	}
	return b.String()
}

func TestStageMomentOf(t *testing.T) {
	cf := shippedRuleset(t, "ciclismo-a-fondo")
	cases := []struct {
		name    string
		results []StageResult
		after   int
		want    string
	}{
		{
			// Every jersey with a leader is taken from nobody; nobody moved (no place before).
			name: "first stage",
			results: []StageResult{{Stage: 1, Sprints: map[int][]int{1: {12}},
				Finish: Finish{Groups: []FinishGroup{turn(10, 11), turn(14, 12), turn(15, 21)}}}},
			after: 1,
			want:  "S1 win 11 | individual 11<- regularity 11<- |",
		},
		{
			// 22 wins and takes the yellow jersey from 11, from 4th to 1st.
			name: "the leader's jersey changes hands",
			results: []StageResult{
				result(1, turn(10, 11), turn(11, 12), turn(12, 21), turn(13, 22)),
				result(2, turn(1, 22), turn(3, 21), turn(8, 11), turn(9, 12)),
			},
			after: 2,
			want:  "S2 win 22 | individual 22<11 | up 22+3 #1",
		},
		{
			// Nothing changes hands and nobody gains a place.
			name: "a quiet stage",
			results: []StageResult{
				result(1, turn(10, 11), turn(11, 12), turn(12, 21)),
				result(2, turn(10, 11), turn(11, 12), turn(12, 21)),
			},
			after: 2,
			want:  "S2 win 11 | |",
		},
		{
			// Two riders gain two places each: the one placed better now is the mover. The leader 11
			// abandons: his jerseys go to 12.
			name: "equal gains, a leader out",
			results: []StageResult{
				result(1, turn(10, 11), turn(11, 12), turn(12, 13), turn(13, 21), turn(14, 22)),
				{Stage: 2, Abandons: []Abandon{{Bib: 11, Reason: "crash"}}, Finish: Finish{Groups: []FinishGroup{turn(10, 12), turn(10, 21), turn(10, 22), turn(20, 13)}}},
			},
			after: 2,
			want:  "S2 win 12 | individual 12<11 regularity 12<11 | up 21+2 #2",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tour := newTestTour(cf, 2, 4, "flat", "flat")
			after := standingsAfter(t, tour, c.results, c.after)
			var before *Standings
			if c.after > 1 {
				before = standingsAfter(t, tour, c.results, c.after-1)
			}
			if got := momentText(StageMomentOf(before, after)); got != c.want {
				t.Errorf("StageMomentOf = %q, want %q", got, c.want)
			}
		})
	}
}
