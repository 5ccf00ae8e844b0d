package race

import (
	"maps"
	"slices"
	"testing"
)

// TestOutBeforeAndEntrants checks the one answer to "who is out and where may this bib be typed": a rider
// put out by a time limit, retired for fatigue or who abandoned is out of every later stage, the first way
// he left counting; an abandonment in the current stage bars him from the entries its status says.
func TestOutBeforeAndEntrants(t *testing.T) {
	cut := cutTour(t)
	s1 := cutStage()
	s1.Abandons = []Abandon{{Bib: 13, Reason: "crash"}}
	s1.Finish.Results = slices.DeleteFunc(s1.Finish.Results, func(r ClockResult) bool { return r.Bib == 13 })
	ruote := newTestTour(shippedRuleset(t, "2ruote"), 2, 4, "flat", "flat", "flat")
	r1 := result(1, sector(0, 11, 12, 13, 14, 21, 22, 23, 24))
	r1.Fatigue = map[int]int{11: 21, 12: 20}
	r1.Abandons = []Abandon{{Bib: 14, Reason: "crash"}}
	tests := []struct {
		what  string
		tour  *Tour
		prior []StageResult
		stage int
		want  map[int]Exit
	}{
		{"before stage 1: nobody", cut, []StageResult{s1}, 1, map[int]Exit{}},
		{"uci: abandoned and over the time limit", cut, []StageResult{s1}, 2, map[int]Exit{13: {Stage: 1}, 22: {Stage: 1, OTL: true}}},
		{"uci: all of prior (stage 0)", cut, []StageResult{s1}, 0, map[int]Exit{13: {Stage: 1}, 22: {Stage: 1, OTL: true}}},
		{"2ruote: fatigue above 20 and an abandonment", ruote, []StageResult{r1}, 2, map[int]Exit{11: {Stage: 1, Fatigue: 21}, 14: {Stage: 1}}},
	}
	for _, tt := range tests {
		if got := OutBefore(tt.tour, tt.prior, tt.stage); !maps.Equal(got, tt.want) {
			t.Errorf("%s: OutBefore = %v, want %v", tt.what, got, tt.want)
		}
	}

	cur := StageResult{Stage: 2, Abandons: []Abandon{{Bib: 14, Status: StatusDNS, Reason: "ill"},
		{Bib: 11, Status: StatusOTL, Reason: "late"}, {Bib: 24, Status: StatusDNF, Reason: "crash"}}}
	want := map[int]Entrant{
		11: {Bib: 11, Barred: []string{EntryAbandon}},
		12: {Bib: 12},
		13: {Bib: 13, Out: Exit{Stage: 1}},
		14: {Bib: 14, Barred: []string{EntryCrossing, EntryFinish, EntryAbandon}},
		22: {Bib: 22, Out: Exit{Stage: 1, OTL: true}},
		24: {Bib: 24, Barred: []string{EntryFinish, EntryAbandon}},
	}
	list := Entrants(cut, []StageResult{s1}, cur)
	if len(list) != 8 {
		t.Fatalf("Entrants lists %d riders, want the tour's 8", len(list))
	}
	for _, e := range list {
		w, ok := want[e.Bib]
		if !ok {
			w = Entrant{Bib: e.Bib}
		}
		if e.Out != w.Out || !slices.Equal(e.Barred, w.Barred) {
			t.Errorf("Entrants: bib %d = %+v, want %+v", e.Bib, e, w)
		}
		for _, kind := range []string{EntryCrossing, EntryFinish, EntryAbandon, EntryRider} {
			if got := BarredInStage(cur, kind, e.Bib); got != slices.Contains(w.Barred, kind) {
				t.Errorf("BarredInStage(%s, %d) = %v", kind, e.Bib, got)
			}
		}
	}
	// The validators take the same answer.
	wantFields(t, "ValidateOrder of a DNS", ValidateOrder(cut, []StageResult{s1}, cur, []int{14}), map[string]string{"order[0]": "did not start"})
	wantFields(t, "ValidateOrder of a rider over the limit", ValidateOrder(cut, []StageResult{s1}, cur, []int{22}), map[string]string{"order[0]": "outside the time limit"})
	wantFields(t, "ValidateAbandon twice", ValidateAbandon(cut, []StageResult{s1}, cur, Abandon{Bib: 11, Reason: "x"}), map[string]string{"bib": "already abandoned"})

	for _, tt := range []struct {
		e    Exit
		want string
	}{{Exit{}, ""}, {Exit{Stage: 2}, "abandoned"}, {Exit{Stage: 2, OTL: true}, "otl"}, {Exit{Stage: 3, Fatigue: 22}, "retired"}} {
		if got := tt.e.Kind(); got != tt.want {
			t.Errorf("%+v.Kind() = %q, want %q", tt.e, got, tt.want)
		}
	}
}
