package race

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"racedirector/app/refuse"
)

// TestPreviewFinish checks what a finish form previews beside each typed group in each time model
// (docs/rules.md §1.8, §2.4, §3.3), including numbers missing or refused and 2RUOTE's leading sector.
func TestPreviewFinish(t *testing.T) {
	cp, caf, ruote, uci := shippedRuleset(t, "cycling-party"), shippedRuleset(t, "ciclismo-a-fondo"), shippedRuleset(t, "2ruote"), shippedRuleset(t, "uci-road")
	custom := Ruleset{TimeModel: TimeModelSectors, SecondsPerSector: 45}
	none := GroupPreview{Kind: PreviewNothing}
	cpg := func(turn, square, die int) TypedGroup {
		return TypedGroup{Turn: Typed(turn), Square: Typed(square), Die: Typed(die), HasRiders: true}
	}
	sec := func(s int, riders bool) TypedGroup { return TypedGroup{Sector: Typed(s), HasRiders: riders} }
	for _, tc := range []struct {
		name   string
		rs     *Ruleset
		groups []TypedGroup
		want   []GroupPreview
	}{
		{"Cycling Party: square 10 with a 1 and a 6, one turn behind on square 1 with a 3", &cp,
			[]TypedGroup{cpg(0, 10, 1), cpg(0, 10, 6), cpg(1, 1, 3)},
			[]GroupPreview{{PreviewTime, 15}, {PreviewTime, 10}, {PreviewTime, 118}}},
		{"Cycling Party: riders need not be typed yet", &cp,
			[]TypedGroup{{Turn: Typed(0), Square: Typed(7), Die: Typed(3)}}, []GroupPreview{{PreviewTime, 28}}},
		{"Cycling Party: a number missing or refused previews nothing", &cp,
			[]TypedGroup{{Turn: Typed(0), Square: Typed(7), HasRiders: true}, cpg(-1, 1, 1), cpg(0, 0, 1), cpg(0, 13, 1), cpg(0, 1, 0), cpg(0, 1, 7), {}},
			[]GroupPreview{none, none, none, none, none, none, none}},
		{"Cycling Party: a turn too large to count previews nothing", &cp,
			[]TypedGroup{cpg(math.MaxInt/60, 1, 1), cpg(math.MaxInt, 1, 1)}, []GroupPreview{none, none}},
		{"Ciclismo a fondo: the turn from 1", &caf,
			[]TypedGroup{{Turn: Typed(23), HasRiders: true}, {Turn: Typed(1)}, {Turn: Typed(0), HasRiders: true}, {Turn: Typed(-4)}, {HasRiders: true}},
			[]GroupPreview{{PreviewTurn, 23}, {PreviewTurn, 1}, none, none, none}},
		{"2RUOTE: the highest sector with riders leads, the others 30 s a sector behind", &ruote,
			[]TypedGroup{sec(2, true), sec(0, true), sec(-1, true), sec(5, false)},
			[]GroupPreview{{PreviewLeading, 0}, {PreviewBehind, 60}, {PreviewBehind, 90}, none}},
		{"2RUOTE: a leading sector shared by two groups", &ruote,
			[]TypedGroup{sec(0, true), sec(0, true), sec(-3, true)},
			[]GroupPreview{{PreviewLeading, 0}, {PreviewLeading, 0}, {PreviewBehind, 90}}},
		{"2RUOTE: a sector out of −9…+9 leads nothing", &ruote,
			[]TypedGroup{sec(12, true), sec(1, true), sec(-10, true), {HasRiders: true}},
			[]GroupPreview{none, {PreviewLeading, 0}, none, none}},
		{"2RUOTE: no group with riders, no leading sector", &ruote,
			[]TypedGroup{sec(1, false), sec(0, false)}, []GroupPreview{none, none}},
		{"sectors: the ruleset's seconds a sector", &custom,
			[]TypedGroup{sec(1, true), sec(0, true)}, []GroupPreview{{PreviewLeading, 0}, {PreviewBehind, 45}}},
		{"clock: nothing typed previews nothing", &uci, []TypedGroup{{}, {}}, []GroupPreview{none, none}},
		{"no groups", &cp, nil, []GroupPreview{}},
	} {
		got, err := PreviewFinish(tc.rs, tc.groups)
		if err != nil {
			t.Errorf("%s: error %v", tc.name, err)
			continue
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.name, got, tc.want)
		}
	}
	_, err := PreviewFinish(&uci, []TypedGroup{{}, {Turn: Typed(1), HasRiders: true}})
	var ve *refuse.ValidationError
	if !errors.As(err, &ve) || ve.Fields["groups"] == "" {
		t.Errorf("a group typed for the clock model: error %v, want a refusal on groups", err)
	}
}

// TestPreviewFinishAgreesWithTheEngine previews every Cycling Party turn, square and die around the
// bounds, and 2RUOTE finishes of every leading sector, against what ValidateFinish accepts and the
// times StageTimes gives the riders: the preview is the engine's answer, not a copy of it.
func TestPreviewFinishAgreesWithTheEngine(t *testing.T) {
	cp := shippedRuleset(t, "cycling-party")
	tour := newTestTour(cp, 2, 6, "flat")
	for turn := -1; turn <= 3; turn++ {
		for square := 0; square <= TimeSquares+1; square++ {
			for die := 0; die <= DieFaces+1; die++ {
				g := FinishGroup{Turn: turn, Square: square, Die: die, Riders: []int{11}}
				res := StageResult{Stage: 1, Finish: Finish{Groups: []FinishGroup{g}}}
				p, err := PreviewFinish(&cp, []TypedGroup{{Turn: Typed(turn), Square: Typed(square), Die: Typed(die), HasRiders: true}})
				if err != nil {
					t.Fatal(err)
				}
				refused := ValidateFinish(tour, nil, res, res.Finish) != nil
				if refused != (p[0].Kind == PreviewNothing) {
					t.Errorf("turn %d square %d die %d: preview %v, ValidateFinish refuses it: %v", turn, square, die, p[0], refused)
					continue
				}
				if refused {
					continue
				}
				times, err := StageTimes(tour, 1, nil, res)
				if err != nil || len(times) != 1 || times[0].Time != p[0].Time {
					t.Errorf("turn %d square %d die %d: preview %d s, StageTimes %v %v", turn, square, die, p[0].Time, times, err)
				}
			}
		}
	}
	ruote := shippedRuleset(t, "2ruote")
	rt := newTestTour(ruote, 2, 5, "flat")
	bibs := []int{11, 12, 13, 14, 15, 21, 22, 23, 24, 25}
	for lead := MinSector; lead <= MaxSector; lead++ {
		var (
			typed []TypedGroup
			f     Finish
			at    []int // the typed group of each of the finish's groups
		)
		for k, s := range []int{lead, lead - 1, lead - 3, MinSector, lead - 9} {
			typed = append(typed, TypedGroup{Sector: Typed(s), HasRiders: true})
			if s >= MinSector { // a sector ValidateFinish refuses is no group of the finish
				f.Groups = append(f.Groups, FinishGroup{Sector: s, Riders: bibs[2*k : 2*k+2]})
				at = append(at, k)
			}
		}
		p, err := PreviewFinish(&ruote, typed)
		if err != nil {
			t.Fatal(err)
		}
		times, err := StageTimes(rt, 1, nil, StageResult{Stage: 1, Finish: f})
		if err != nil {
			t.Fatal(err)
		}
		byBib := map[int]int{}
		for _, st := range times {
			byBib[st.Bib] = st.Time
		}
		for i, g := range f.Groups {
			k := at[i]
			if p[k].Kind == PreviewNothing || byBib[g.Riders[0]] != p[k].Time || (p[k].Kind == PreviewLeading) != (g.Sector == lead) {
				t.Errorf("leading sector %d, group in sector %d: preview %v, StageTimes %d s", lead, g.Sector, p[k], byBib[g.Riders[0]])
			}
		}
	}
}
