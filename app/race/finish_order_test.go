package race

import (
	"fmt"
	"slices"
	"testing"
)

// TestOrderFinish checks where a finish form's typed groups are placed (their first rider's place,
// counted on from group to group) and which groups finish ahead of a group typed before them, in
// each time model (docs/rules.md §1.8, §2.4, §3.3).
func TestOrderFinish(t *testing.T) {
	cp, caf, ruote := shippedRuleset(t, "cycling-party"), shippedRuleset(t, "ciclismo-a-fondo"), shippedRuleset(t, "2ruote")
	cpg := func(turn, square, die int) TypedGroup {
		return TypedGroup{Turn: Typed(turn), Square: Typed(square), Die: Typed(die), HasRiders: true}
	}
	sec := func(s int) TypedGroup { return TypedGroup{Sector: Typed(s), HasRiders: true} }
	tn := func(n int) TypedGroup { return TypedGroup{Turn: Typed(n), HasRiders: true} }
	for _, tc := range []struct {
		name      string
		rs        *Ruleset
		groups    []TypedGroup
		riders    []int
		wantFirst []int
		wantOut   string // "group>ahead …"
	}{
		{"Cycling Party, the issue's finish: square 2 (0:51) typed before square 6 (0:33)", &cp,
			[]TypedGroup{cpg(0, 2, 5), cpg(0, 6, 3), {}}, []int{11, 12, 0}, []int{13, 1, 0}, "2>1"},
		{"Cycling Party in order: the 13th rider is 13", &cp,
			[]TypedGroup{cpg(0, 6, 3), cpg(0, 2, 5), {}}, []int{12, 11, 0}, []int{1, 13, 0}, ""},
		{"Cycling Party: the same time is no disorder, placed as typed", &cp,
			[]TypedGroup{cpg(0, 6, 3), cpg(0, 6, 3), cpg(1, 1, 1)}, []int{3, 2, 4}, []int{1, 4, 6}, ""},
		{"Cycling Party: a third group ahead of both, named once against the first", &cp,
			[]TypedGroup{cpg(0, 3, 1), cpg(0, 4, 1), cpg(0, 10, 6)}, []int{2, 2, 2}, []int{5, 3, 1}, "2>1 3>1"},
		{"Cycling Party: while a group lacks its time, placed as typed and nothing said", &cp,
			[]TypedGroup{cpg(0, 2, 5), {Turn: Typed(0), Square: Typed(6), HasRiders: true}}, []int{4, 3}, []int{1, 5}, ""},
		{"Cycling Party: a row without riders is skipped, its time ignored", &cp,
			[]TypedGroup{cpg(0, 2, 5), {Turn: Typed(0), Square: Typed(12), Die: Typed(6)}, cpg(0, 1, 5)}, []int{2, 0, 2}, []int{1, 0, 3}, ""},
		{"Ciclismo a fondo: turn 23 typed after turn 25", &caf,
			[]TypedGroup{tn(25), tn(23), tn(25)}, []int{1, 2, 1}, []int{3, 1, 4}, "2>1"},
		{"2RUOTE: a higher sector typed after a lower one", &ruote,
			[]TypedGroup{sec(0), sec(2), sec(-1)}, []int{5, 1, 2}, []int{2, 1, 7}, "2>1"},
		{"2RUOTE: sectors in order", &ruote,
			[]TypedGroup{sec(2), sec(0), sec(0)}, []int{1, 5, 2}, []int{1, 2, 7}, ""},
		{"nothing typed", &cp, []TypedGroup{{}, {}}, []int{0, 0}, []int{0, 0}, ""},
	} {
		previews, err := PreviewFinish(tc.rs, tc.groups)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := OrderFinish(previews, tc.riders)
		if !slices.Equal(got.First, tc.wantFirst) {
			t.Errorf("%s: first places %v, want %v", tc.name, got.First, tc.wantFirst)
		}
		out := ""
		for _, o := range got.OutOfOrder {
			out += fmt.Sprintf(" %d>%d", o.Group, o.Ahead)
			if o.Time != previews[o.Group-1] || o.AheadTime != previews[o.Ahead-1] {
				t.Errorf("%s: group %d's times %v %v, want the previews %v %v", tc.name, o.Group, o.Time, o.AheadTime, previews[o.Group-1], previews[o.Ahead-1])
			}
		}
		if len(out) > 0 {
			out = out[1:]
		}
		if out != tc.wantOut {
			t.Errorf("%s: out of order %q, want %q", tc.name, out, tc.wantOut)
		}
	}
	if got := OrderRefusal(OutOfOrder{Group: 2, Ahead: 1}).String(); got != "group 2 is typed after group 1 but its time places its riders ahead: correct its numbers, or confirm that this order is right" {
		t.Errorf("OrderRefusal = %q", got)
	}
}

// TestOrderFinishAgreesWithStageTimes places generated Cycling Party finishes, groups typed in any
// order, and checks each group's first place against the place StageTimes gives its first rider.
func TestOrderFinishAgreesWithStageTimes(t *testing.T) {
	cp := shippedRuleset(t, "cycling-party")
	tour := newTestTour(cp, 4, 6, "flat")
	var bibs []int
	for _, team := range tour.Teams {
		for _, r := range team.Riders {
			bibs = append(bibs, r.Bib)
		}
	}
	for seed := range 60 {
		var (
			typed  []TypedGroup
			riders []int
			f      Finish
		)
		next := 0
		for k := 0; next < len(bibs); k++ {
			size := min(1+(seed*7+k*5)%6, len(bibs)-next)
			turn, square, die := (seed+k)%2, 1+(seed*3+k*11)%TimeSquares, 1+(seed+k*4)%DieFaces
			typed = append(typed, TypedGroup{Turn: Typed(turn), Square: Typed(square), Die: Typed(die), HasRiders: true})
			riders = append(riders, size)
			f.Groups = append(f.Groups, FinishGroup{Turn: turn, Square: square, Die: die, Riders: bibs[next : next+size]})
			next += size
		}
		previews, err := PreviewFinish(&cp, typed)
		if err != nil {
			t.Fatal(err)
		}
		order := OrderFinish(previews, riders)
		times, err := StageTimes(tour, 1, nil, StageResult{Stage: 1, Finish: f})
		if err != nil {
			t.Fatal(err)
		}
		place := map[int]int{}
		for _, st := range times {
			place[st.Bib] = st.Place
		}
		for i, g := range f.Groups {
			// StageTimes gives riders of the same time the same place: the first of a group is placed
			// at its first rider's place, or shares the place of a group timed the same ahead of it.
			if got, want := order.First[i], place[g.Riders[0]]; got < want {
				t.Errorf("seed %d, group %d: first place %d, StageTimes places bib %d %d", seed, i+1, got, g.Riders[0], want)
			}
			for k, bib := range g.Riders {
				if order.First[i]+k != positionOf(times, bib) {
					t.Errorf("seed %d, group %d: rider %d at %d, StageTimes lists him %d", seed, i+1, k, order.First[i]+k, positionOf(times, bib))
				}
			}
		}
	}
}

// positionOf is a rider's position (1, 2, …) in the placings as listed.
func positionOf(times []StageTime, bib int) int {
	for i, st := range times {
		if st.Bib == bib {
			return i + 1
		}
	}
	return 0
}

// TestFinishMissingAtClose: a stage closed before any finish is entered says so once, with the number
// of riders; a finish partly entered still names each rider missing.
func TestFinishMissingAtClose(t *testing.T) {
	cp := shippedRuleset(t, "cycling-party")
	tour := newTestTour(cp, 4, 6, "flat", "flat") // 24 riders
	prior := priorWithAbandon(16)
	empty := StageResult{Stage: 2}
	if got := englishTexts(MissingAtClose(tour, prior, empty)); !slices.Equal(got, []string{"the finish is missing (23 riders have no finish place and have not abandoned)"}) {
		t.Errorf("MissingAtClose of a stage without a finish = %q, want one line for 23 riders", got)
	}
	abandoned := StageResult{Stage: 2, Abandons: []Abandon{{Bib: 11, Reason: "crash"}}, Finish: Finish{Groups: []FinishGroup{{Turn: 0, Square: 1, Die: 1}}}}
	if got, ok := FinishMissingAtClose(tour, prior, abandoned); !ok || got.String() != "the finish is missing (22 riders have no finish place and have not abandoned)" {
		t.Errorf("FinishMissingAtClose with an abandonment and an empty group = %q %v, want 22 riders", got, ok)
	}
	partly := result(2, at(0, 11, 12))
	got := englishTexts(MissingAtClose(tour, prior, partly))
	if len(got) != 21 || got[0] != "bib 13 Rider 13 (Rojo) has no finish and has not abandoned" {
		t.Errorf("MissingAtClose of a finish partly entered = %d lines starting %q, want 21 lines, one a rider", len(got), got)
	}
	if _, ok := FinishMissingAtClose(tour, prior, partly); ok {
		t.Error("FinishMissingAtClose of a finish partly entered: ok, want false")
	}
	one := newTestTour(cp, 1, 1, "flat")
	if got, ok := FinishMissingAtClose(one, nil, StageResult{Stage: 1}); !ok || got.String() != "the finish is missing (1 rider has no finish place and has not abandoned)" {
		t.Errorf("FinishMissingAtClose of one rider = %q %v", got, ok)
	}
	if _, ok := FinishMissingAtClose(one, nil, StageResult{Stage: 1, Abandons: []Abandon{{Bib: 11, Reason: "crash"}}}); ok {
		t.Error("FinishMissingAtClose when every rider abandoned: ok, want false")
	}
	caf := shippedRuleset(t, "ciclismo-a-fondo")
	ct := newTestTour(caf, 2, 2, "flat")
	got = englishTexts(MissingAtClose(ct, nil, StageResult{Stage: 1}))
	if len(got) != 3 || got[0] != "the finish is missing (4 riders have no finish place and have not abandoned)" {
		t.Errorf("MissingAtClose of a Ciclismo a fondo stage without anything = %q, want the finish, the weather, the combative rider", got)
	}
}
