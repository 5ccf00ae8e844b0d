package race

import (
	"strings"
	"testing"
)

// TestRiderStagesAgreeWithStandings: in generated tours of every game, each rider's stages say what
// the standings after each stage say of him: his place, time and gap in the stage, his general
// classification place, the points and mountain points the stage added, and the stage he left in.
func TestRiderStagesAgreeWithStandings(t *testing.T) {
	for _, id := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote"} {
		tour, results := genTour(shippedRuleset(t, id), 7, genOptions{stages: 5, teams: 4, riders: 5, sprints: 1, climbs: 2, abandons: 0.4})
		var after []*Standings
		for s := 1; s <= len(results); s++ {
			after = append(after, standingsAfter(t, tour, results, s))
		}
		for _, team := range tour.Teams {
			for _, r := range team.Riders {
				got, err := RiderStages(tour, results, r.Bib)
				if err != nil {
					t.Fatalf("%s: RiderStages(%d): %v", id, r.Bib, err)
				}
				checkRiderStages(t, id, r.Bib, got, after)
			}
		}
	}
}

// checkRiderStages compares one rider's stages with the standings after each stage.
func checkRiderStages(t *testing.T, game string, bib int, got []RiderStage, after []*Standings) {
	t.Helper()
	out := 0
	for _, o := range after[len(after)-1].Out {
		if o.Bib == bib {
			out = o.Stage
		}
	}
	want := len(after)
	if out > 0 {
		want = out
	}
	if len(got) != want {
		t.Errorf("%s bib %d: %d stages listed, want %d (out in stage %d)", game, bib, len(got), want, out)
		return
	}
	for i, g := range got {
		st := after[i]
		var place, tm, gap, gc int
		for _, row := range st.Stage {
			if row.Bib == bib {
				place, tm, gap = row.Rank, row.Time, row.Gap
			}
		}
		for _, row := range st.Individual {
			if row.Bib == bib {
				gc = row.Rank
			}
		}
		points := pointsOf(st.Regularity, bib) - pointsBefore(after, i, bib, func(s *Standings) []PointsRow { return s.Regularity })
		mountain := pointsOf(st.Mountain, bib) - pointsBefore(after, i, bib, func(s *Standings) []PointsRow { return s.Mountain })
		if g.Stage != i+1 || g.Place != place || g.Time != tm || g.Gap != gap || g.GC != gc {
			t.Errorf("%s bib %d stage %d = %+v, want place %d time %d gap %d gc %d", game, bib, i+1, g, place, tm, gap, gc)
		}
		if gc > 0 && (g.Points != points || g.Mountain != mountain) {
			t.Errorf("%s bib %d stage %d: points %d mountain %d, want %d and %d", game, bib, i+1, g.Points, g.Mountain, points, mountain)
		}
		if wantOut := i+1 == out; g.Out != wantOut || wantOut != (g.Status != "") {
			t.Errorf("%s bib %d stage %d: out %v status %q, want out %v", game, bib, i+1, g.Out, g.Status, wantOut)
		}
	}
}

// pointsOf is the bib's points in a points classification (0: not in it).
func pointsOf(rows []PointsRow, bib int) int {
	for _, r := range rows {
		if r.Bib == bib {
			return r.Points
		}
	}
	return 0
}

// pointsBefore is the bib's points in a classification after the stage before stage i+1.
func pointsBefore(after []*Standings, i, bib int, rows func(*Standings) []PointsRow) int {
	if i == 0 {
		return 0
	}
	return pointsOf(rows(after[i-1]), bib)
}

// TestRiderStagesOfOneRider: a worked example — bib 11 wins stage 1 and its sprint and climb, then
// abandons in stage 2; bib 12 rides both.
func TestRiderStagesOfOneRider(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "cycling-party"), 2, 5, "flat", "flat")
	tour.Stages[0].Climbs = []Climb{{Index: 1, Category: "third"}}
	s1 := result(1, at(0, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25))
	s1.Sprints = map[int][]int{1: {11, 21}}
	s1.Climbs = map[int][]int{1: {11, 21}}
	s2 := result(2, at(0, 21, 12), at(20, 13, 14, 15, 22, 23, 24, 25))
	s2.Abandons = []Abandon{{Bib: 11, Reason: "three sixes"}}
	results := []StageResult{s1, s2}
	got, err := RiderStages(tour, results, 11)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Place != 1 || got[0].Gap != 0 || got[0].GC != 1 || got[0].Mountain == 0 || got[0].Points == 0 || got[0].Out {
		t.Fatalf("bib 11 = %+v, want stage 1 won with points and mountain points, then stage 2", got)
	}
	if g := got[1]; !g.Out || g.Status != StatusDNF || g.Place != 0 || g.GC != 0 {
		t.Errorf("bib 11 stage 2 = %+v, want out (DNF), no place", g)
	}
	got, err = RiderStages(tour, results, 12)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Place != 2 || got[1].Place != 2 || got[1].Gap != 0 || got[1].Out {
		t.Errorf("bib 12 = %+v, want second in both stages, same time as the winner of stage 2", got)
	}
	if got[1].GC != 1 {
		t.Errorf("bib 12 general place after stage 2 = %d, want 1 (11 is out)", got[1].GC)
	}
	for _, c := range []struct {
		name    string
		results []StageResult
		bib     int
		want    string
	}{
		{"unknown bib", results, 99, "no rider with bib 99"},
		{"results out of order", []StageResult{s2, s1}, 11, "results[0] is for stage 2"},
		{"more results than stages", []StageResult{s1, s2, result(3)}, 11, "3 stages of results for a tour of 2"},
	} {
		if _, err := RiderStages(tour, c.results, c.bib); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error = %v, want it to say %q", c.name, err, c.want)
		}
	}
}
