package race

import (
	"slices"
	"testing"

	"racedirector/app/refuse"
)

// TestStartListStatuses checks riders leaving a real race in each way: a non-starter of a team of
// unequal size (DNS in stage 1), a DNF, a rider outside the time limit and one disqualified, both
// with their time (shown, not placed); the field counted per stage and the riders out listed with
// their stage and status.
func TestStartListStatuses(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "uci-road"), 2, 4, "flat", "hilly")
	tour.Teams[1].Riders = tour.Teams[1].Riders[:3] // 21–23: a team of three
	clock := func(bib, s int) ClockResult { return ClockResult{Bib: bib, Hundredths: 100 * s} }
	s1 := StageResult{Stage: 1, Abandons: []Abandon{{Bib: 13, Reason: "ill", Status: StatusDNS}, {Bib: 22, Reason: "crash"}},
		Finish: Finish{Results: []ClockResult{clock(11, 1000), clock(21, 1000), clock(12, 1010), clock(14, 1020), clock(23, 1030)}}}
	s2 := StageResult{Stage: 2, Abandons: []Abandon{{Bib: 12, Reason: "time limit", Status: StatusOTL}, {Bib: 21, Reason: "towed by a car", Status: StatusDSQ}},
		Finish: Finish{Results: []ClockResult{clock(21, 900), clock(11, 905), clock(14, 910), clock(23, 920), clock(12, 1200)}}}
	results := []StageResult{s1, s2}
	for i, res := range results {
		if err := ValidateFinish(tour, results[:i], res, res.Finish); err != nil {
			t.Fatalf("stage %d finish: %v", i+1, err)
		}
		if missing := MissingAtClose(tour, results[:i], res); len(missing) > 0 {
			t.Fatalf("stage %d incomplete: %v", i+1, missing)
		}
	}
	st := standingsAfter(t, tour, results, 1)
	if want := (FieldCount{Starters: 6, Finishers: 5, DNS: 1, DNF: 1}); st.Field != want {
		t.Errorf("field of stage 1 = %+v, want %+v", st.Field, want)
	}
	st = standingsAfter(t, tour, results, 2)
	if want := (FieldCount{Starters: 5, Finishers: 3, OTL: 1, DSQ: 1}); st.Field != want {
		t.Errorf("field of stage 2 = %+v, want %+v", st.Field, want)
	}
	if got := timeBibs(st.Stage); !slices.Equal(got, []int{11, 14, 23}) {
		t.Errorf("stage 2 placed %v, want 11 14 23 (the rider outside the time limit and the disqualified one are not placed)", got)
	}
	if got := timeBibs(st.Individual); !slices.Equal(got, []int{11, 14, 23}) {
		t.Errorf("GC after stage 2 = %v, want 11 14 23", got)
	}
	want := []OutRow{
		{Bib: 13, Stage: 1, Status: StatusDNS, Reason: "ill"},
		{Bib: 22, Stage: 1, Status: StatusDNF, Reason: "crash"},
		{Bib: 12, Stage: 2, Status: StatusOTL, Reason: "time limit", Time: 1200, HasTime: true},
		{Bib: 21, Stage: 2, Status: StatusDSQ, Reason: "towed by a car", Time: 900, HasTime: true},
	}
	if len(st.Out) != len(want) {
		t.Fatalf("out = %+v, want %d riders", st.Out, len(want))
	}
	for i, w := range want {
		g := st.Out[i]
		if g.Bib != w.Bib || g.Stage != w.Stage || g.Status != w.Status || g.Reason != w.Reason || g.Time != w.Time || g.HasTime != w.HasTime || g.Name == "" || g.Team == "" {
			t.Errorf("out[%d] = %+v, want %+v with the rider's name and team", i, g, w)
		}
	}
}

// TestAbandonStatusRules checks which riders may have a finish: one who did not start or finish the
// stage may not, one outside the time limit or disqualified may; an unknown status is refused.
func TestAbandonStatusRules(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "uci-road"), 2, 3, "flat")
	fin := Finish{Results: []ClockResult{{Bib: 11, Hundredths: 1000}, {Bib: 12, Hundredths: 1100}}}
	cur := StageResult{Stage: 1, Finish: fin}
	for _, tt := range []struct {
		a     Abandon
		field string
	}{
		{Abandon{Bib: 12, Reason: "late", Status: StatusOTL}, ""},
		{Abandon{Bib: 12, Reason: "irregular sprint", Status: StatusDSQ}, ""},
		{Abandon{Bib: 12, Reason: "crash"}, "bib"},
		{Abandon{Bib: 12, Reason: "ill", Status: StatusDNS}, "bib"},
		{Abandon{Bib: 13, Reason: "ill", Status: "HD"}, "status"},
		{Abandon{Bib: 13, Reason: "ill", Status: StatusDNS}, ""},
	} {
		err := ValidateAbandon(tour, nil, cur, tt.a)
		if tt.field == "" && err != nil || tt.field != "" && !hasField(err, tt.field) {
			t.Errorf("ValidateAbandon(%+v) = %v, want a refusal of %q (\"\": accepted)", tt.a, err, tt.field)
		}
	}
	otl := StageResult{Stage: 1, Abandons: []Abandon{{Bib: 12, Reason: "late", Status: StatusOTL}, {Bib: 13, Reason: "ill", Status: StatusDNS}}}
	if err := ValidateFinish(tour, nil, otl, fin); err != nil {
		t.Errorf("a finish with a rider outside the time limit = %v, want accepted", err)
	}
	with13 := Finish{Results: append(slices.Clone(fin.Results), ClockResult{Bib: 13, Hundredths: 1200})}
	if err := ValidateFinish(tour, nil, otl, with13); !hasField(err, "results[2].bib") {
		t.Errorf("a finish with a rider who did not start = %v, want results[2].bib refused", err)
	}
	if err := ValidateOrder(tour, nil, otl, []int{13}); !hasField(err, "order[0]") {
		t.Errorf("a sprint crossed by a rider who did not start = %v, want order[0] refused", err)
	}
}

// hasField reports whether err is a *refuse.ValidationError naming field.
func hasField(err error, field string) bool {
	ve, ok := err.(*refuse.ValidationError)
	if !ok {
		return false
	}
	_, has := ve.Fields[field]
	return has
}
