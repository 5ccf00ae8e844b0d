package race

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"racedirector/app/refuse"
)

// testTour is a Cycling Party tour of two teams of six (Rojo 11–16, Azul 21–26) over four stages with
// three hors climbs in all.
func testTour(rs Ruleset) *Tour {
	t := &Tour{Name: "Test", Ruleset: rs, RidersPerTeam: 6, Teams: AssignBibs(cyclingPartyTeams(2, 6))}
	t.Teams[0].Name, t.Teams[1].Name = "Rojo", "Azul"
	t.Stages = []Stage{
		{Number: 1, Type: "flat", Length: 200, Climbs: []Climb{
			{Index: 1, Category: "hill", Start: 20, End: 22}, {Index: 2, Category: "third", Start: 60, End: 67}, {Index: 3, Category: "hill", Start: 100, End: 102}}},
		{Number: 2, Type: "high", Length: 190, Climbs: []Climb{
			{Index: 1, Category: "first", Start: 20, End: 43}, {Index: 2, Category: "hors", Start: 60, End: 91},
			{Index: 3, Category: "second", Start: 110, End: 125}, {Index: 4, Category: "hors", Start: 150, End: 181}}},
		{Number: 3, Type: "high", Length: 190, Climbs: []Climb{
			{Index: 1, Category: "second", Start: 20, End: 35}, {Index: 2, Category: "first", Start: 50, End: 73},
			{Index: 3, Category: "first", Start: 90, End: 113}, {Index: 4, Category: "hors", Start: 159, End: 190}}},
		{Number: 4, Type: "medium", Length: 180, Climbs: []Climb{{Index: 1, Category: "first", Start: 50, End: 73}}},
	}
	return t
}

// uses builds n uses of one kind by one bib (in a turn, on a climb).
func uses(kind string, bib, n, turn, climb int) []AdvantageUse {
	var out []AdvantageUse
	for range n {
		out = append(out, AdvantageUse{Kind: kind, Bib: bib, Turn: turn, Climb: climb, Variant: "3d6"})
	}
	return out
}

// concat joins use lists.
func concat(lists ...[]AdvantageUse) []AdvantageUse {
	var out []AdvantageUse
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// errKind says what an error is: "ok", "conflict" or "field:<name>".
func errKind(err error) string {
	var v *refuse.ValidationError
	var c *refuse.ConflictError
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &c):
		return "conflict"
	case errors.As(err, &v):
		var fields []string
		for f := range v.Fields {
			fields = append(fields, f)
		}
		return "field:" + strings.Join(fields, ",")
	}
	return "other: " + err.Error()
}

func TestCheckAdvantageCyclingParty(t *testing.T) {
	wb, sp, at, ma, dt := AdvWaterBottle, AdvSprint, AdvAttack, AdvMountainAttack, AdvDoubleThrow
	tests := []struct {
		name  string
		stage int
		prior []StageResult
		cur   []AdvantageUse
		edit  func(*StageResult)
		use   AdvantageUse
		want  string
	}{
		// Water bottles: 5 per team per stage; 2 to a rider and 3 per team in one turn; not after the finish.
		{"1st bottle", 2, nil, nil, nil, AdvantageUse{Kind: wb, Bib: 12}, "ok"},
		{"5th bottle", 2, nil, concat(uses(wb, 12, 2, 0, 0), uses(wb, 13, 2, 0, 0)), nil, AdvantageUse{Kind: wb, Bib: 14}, "ok"},
		{"6th bottle", 2, nil, concat(uses(wb, 12, 2, 0, 0), uses(wb, 13, 3, 0, 0)), nil, AdvantageUse{Kind: wb, Bib: 14}, "conflict"},
		{"6th bottle in distinct turns", 2, nil, concat(uses(wb, 12, 1, 1, 0), uses(wb, 12, 1, 2, 0), uses(wb, 12, 1, 3, 0),
			uses(wb, 12, 1, 4, 0), uses(wb, 12, 1, 5, 0)), nil, AdvantageUse{Kind: wb, Bib: 12, Turn: 6}, "conflict"},
		{"other team's bottles do not count", 2, nil, uses(wb, 22, 5, 0, 0), nil, AdvantageUse{Kind: wb, Bib: 12}, "ok"},
		{"last stage's bottles do not count", 2, []StageResult{{Stage: 1, Advantages: uses(wb, 12, 5, 0, 0)}}, nil, nil,
			AdvantageUse{Kind: wb, Bib: 12}, "ok"},
		{"2nd to one rider in a turn", 2, nil, uses(wb, 12, 1, 14, 0), nil, AdvantageUse{Kind: wb, Bib: 12, Turn: 14}, "ok"},
		{"3rd to one rider in a turn", 2, nil, uses(wb, 12, 2, 14, 0), nil, AdvantageUse{Kind: wb, Bib: 12, Turn: 14}, "field:turn"},
		{"3rd to one rider in another turn", 2, nil, uses(wb, 12, 2, 14, 0), nil, AdvantageUse{Kind: wb, Bib: 12, Turn: 15}, "ok"},
		{"3rd to one rider without turns", 2, nil, uses(wb, 12, 2, 0, 0), nil, AdvantageUse{Kind: wb, Bib: 12}, "ok"},
		{"3rd for a team in a turn", 2, nil, concat(uses(wb, 12, 1, 14, 0), uses(wb, 13, 1, 14, 0)), nil,
			AdvantageUse{Kind: wb, Bib: 14, Turn: 14}, "ok"},
		{"4th for a team in a turn", 2, nil, concat(uses(wb, 12, 2, 14, 0), uses(wb, 13, 1, 14, 0)), nil,
			AdvantageUse{Kind: wb, Bib: 14, Turn: 14}, "field:turn"},
		{"other team in the same turn", 2, nil, uses(wb, 22, 2, 14, 0), nil, AdvantageUse{Kind: wb, Bib: 12, Turn: 14}, "ok"},
		{"negative turn", 2, nil, nil, nil, AdvantageUse{Kind: wb, Bib: 12, Turn: -1}, "field:turn"},
		{"bottle without a turn to a rider who has finished", 2, nil, nil, func(r *StageResult) {
			r.Finish.Groups = []FinishGroup{{Turn: 0, Square: 3, Die: 2, Riders: []int{21, 12}}}
		}, AdvantageUse{Kind: wb, Bib: 12}, "field:turn"},
		{"bottle given before the finish, recorded after it (a turn is given)", 2, nil, nil, func(r *StageResult) {
			r.Finish.Groups = []FinishGroup{{Turn: 0, Square: 3, Die: 2, Riders: []int{21, 12}}}
		}, AdvantageUse{Kind: wb, Bib: 12, Turn: 40}, "ok"},
		{"late bottle still counts in its turn", 2, nil, uses(wb, 12, 2, 40, 0), func(r *StageResult) {
			r.Finish.Groups = []FinishGroup{{Turn: 0, Square: 3, Die: 2, Riders: []int{21, 12}}}
		}, AdvantageUse{Kind: wb, Bib: 12, Turn: 40}, "field:turn"},
		{"bottle to a rider still racing", 2, nil, nil, func(r *StageResult) {
			r.Finish.Groups = []FinishGroup{{Turn: 0, Square: 3, Die: 2, Riders: []int{21, 13}}}
		}, AdvantageUse{Kind: wb, Bib: 12}, "ok"},
		// Riders and kinds.
		{"unknown bib", 2, nil, nil, nil, AdvantageUse{Kind: wb, Bib: 99}, "field:bib"},
		{"unknown kind", 2, nil, nil, nil, AdvantageUse{Kind: "doping", Bib: 12}, "field:kind"},
		{"effort in Cycling Party", 2, nil, nil, nil, AdvantageUse{Kind: AdvEffort, Bib: 12, Points: 1}, "field:kind"},
		{"abandoned earlier", 2, []StageResult{{Stage: 1, Abandons: []Abandon{{Bib: 12, Reason: "crash"}}}}, nil, nil,
			AdvantageUse{Kind: wb, Bib: 12}, "field:bib"},
		{"abandoned in this stage", 2, nil, nil, func(r *StageResult) { r.Abandons = []Abandon{{Bib: 12, Reason: "crash"}} },
			AdvantageUse{Kind: wb, Bib: 12}, "field:bib"},
		{"unknown stage", 9, nil, nil, nil, AdvantageUse{Kind: wb, Bib: 12}, "field:stage"},
		// Sprints: the sprinter's, flat 3, high 1, variant 3d6 or d20.
		{"sprint in a high stage", 2, nil, nil, nil, AdvantageUse{Kind: sp, Bib: 12, Variant: "3d6"}, "ok"},
		{"2nd sprint in a high stage", 2, nil, uses(sp, 12, 1, 0, 0), nil, AdvantageUse{Kind: sp, Bib: 12, Variant: "d20"}, "conflict"},
		{"3rd sprint in a flat stage", 1, nil, uses(sp, 12, 2, 0, 0), nil, AdvantageUse{Kind: sp, Bib: 12, Variant: "d20"}, "ok"},
		{"4th sprint in a flat stage", 1, nil, uses(sp, 12, 3, 0, 0), nil, AdvantageUse{Kind: sp, Bib: 12, Variant: "d20"}, "conflict"},
		{"sprint by the leader", 2, nil, nil, nil, AdvantageUse{Kind: sp, Bib: 11, Variant: "3d6"}, "field:bib"},
		{"sprint without variant", 2, nil, nil, nil, AdvantageUse{Kind: sp, Bib: 12}, "field:variant"},
		{"sprint with 2d6", 2, nil, nil, nil, AdvantageUse{Kind: sp, Bib: 12, Variant: "2d6"}, "field:variant"},
		// Attack: 1 per team per stage.
		{"attack", 2, nil, nil, nil, AdvantageUse{Kind: at, Bib: 13}, "ok"},
		{"2nd attack", 2, nil, uses(at, 13, 1, 0, 0), nil, AdvantageUse{Kind: at, Bib: 15}, "conflict"},
		{"attack after last stage's", 2, []StageResult{{Stage: 1, Advantages: uses(at, 13, 1, 0, 0)}}, nil, nil,
			AdvantageUse{Kind: at, Bib: 13}, "ok"},
		// Mountain attacks: the leader's, on hors climbs, ceil(3 hors / 2) = 2 per tour.
		{"mountain attack", 2, nil, nil, nil, AdvantageUse{Kind: ma, Bib: 11, Climb: 2}, "ok"},
		{"2nd mountain attack of the tour", 2, []StageResult{{Stage: 1, Advantages: uses(ma, 11, 1, 0, 2)}}, nil, nil,
			AdvantageUse{Kind: ma, Bib: 11, Climb: 4}, "ok"},
		{"3rd mountain attack of the tour", 2, []StageResult{{Stage: 1, Advantages: uses(ma, 11, 1, 0, 2)}}, uses(ma, 11, 1, 0, 2), nil,
			AdvantageUse{Kind: ma, Bib: 11, Climb: 4}, "conflict"},
		{"other team's mountain attacks", 2, nil, uses(ma, 21, 2, 0, 2), nil, AdvantageUse{Kind: ma, Bib: 11, Climb: 2}, "ok"},
		{"mountain attack by a domestique", 2, nil, nil, nil, AdvantageUse{Kind: ma, Bib: 15, Climb: 2}, "field:bib"},
		{"mountain attack on a first climb", 2, nil, nil, nil, AdvantageUse{Kind: ma, Bib: 11, Climb: 1}, "field:climb"},
		{"mountain attack on no climb", 2, nil, nil, nil, AdvantageUse{Kind: ma, Bib: 11}, "field:climb"},
		{"mountain attack on climb 5 of 4", 2, nil, nil, nil, AdvantageUse{Kind: ma, Bib: 11, Climb: 5}, "field:climb"},
		// Double throws: the leader's, 1 on each first climb, 2 on each hors climb.
		{"double throw on a first climb", 2, nil, nil, nil, AdvantageUse{Kind: dt, Bib: 11, Climb: 1}, "ok"},
		{"2nd double throw on a first climb", 2, nil, uses(dt, 11, 1, 0, 1), nil, AdvantageUse{Kind: dt, Bib: 11, Climb: 1}, "conflict"},
		{"2nd double throw on a hors climb", 2, nil, uses(dt, 11, 1, 0, 2), nil, AdvantageUse{Kind: dt, Bib: 11, Climb: 2}, "ok"},
		{"3rd double throw on a hors climb", 2, nil, uses(dt, 11, 2, 0, 2), nil, AdvantageUse{Kind: dt, Bib: 11, Climb: 2}, "conflict"},
		{"double throws on the next hors climb", 2, nil, uses(dt, 11, 2, 0, 2), nil, AdvantageUse{Kind: dt, Bib: 11, Climb: 4}, "ok"},
		{"double throw on a second climb", 2, nil, nil, nil, AdvantageUse{Kind: dt, Bib: 11, Climb: 3}, "field:climb"},
		{"double throw on a third climb", 1, nil, nil, nil, AdvantageUse{Kind: dt, Bib: 11, Climb: 2}, "field:climb"},
		{"double throw by the sprinter", 2, nil, nil, nil, AdvantageUse{Kind: dt, Bib: 12, Climb: 1}, "field:bib"},
		// A mountain attack cannot be combined with any other advantage: not with a double throw of the
		// same leader on the same climb, in either order.
		{"double throw after a mountain attack on the climb", 2, nil, uses(ma, 11, 1, 0, 2), nil, AdvantageUse{Kind: dt, Bib: 11, Climb: 2}, "field:climb"},
		{"mountain attack after a double throw on the climb", 2, nil, uses(dt, 11, 1, 0, 2), nil, AdvantageUse{Kind: ma, Bib: 11, Climb: 2}, "field:climb"},
		{"double throw after a mountain attack on another climb", 2, nil, uses(ma, 11, 1, 0, 4), nil, AdvantageUse{Kind: dt, Bib: 11, Climb: 2}, "ok"},
		{"mountain attack after a double throw on another climb", 2, nil, uses(dt, 11, 1, 0, 1), nil, AdvantageUse{Kind: ma, Bib: 11, Climb: 2}, "ok"},
		{"mountain attack after the other leader's double throw", 2, nil, uses(dt, 21, 1, 0, 2), nil, AdvantageUse{Kind: ma, Bib: 11, Climb: 2}, "ok"},
		{"second mountain attack on the climb", 2, nil, uses(ma, 11, 1, 0, 2), nil, AdvantageUse{Kind: ma, Bib: 11, Climb: 2}, "ok"},
		{"mountain attack after the leader's water bottle", 2, nil, uses(wb, 11, 1, 3, 0), nil, AdvantageUse{Kind: ma, Bib: 11, Climb: 2}, "ok"},
	}
	rulesets := map[string]Ruleset{"literal": testCyclingParty(), "shipped": loadedRuleset(t, "cycling-party")}
	noAdv := testCyclingParty()
	noAdv.Advantages = nil
	rulesets["docs/rules.md defaults"] = noAdv
	for name, rs := range rulesets {
		tour := testTour(rs)
		for _, tt := range tests {
			cur := StageResult{Stage: tt.stage, Advantages: tt.cur}
			if tt.edit != nil {
				tt.edit(&cur)
			}
			err := CheckAdvantage(tour, tt.prior, cur, tt.use)
			if got := errKind(err); got != tt.want {
				t.Errorf("%s: %s: CheckAdvantage = %s (%v), want %s", name, tt.name, got, err, tt.want)
			}
		}
	}
}

func TestCheckAdvantageMessages(t *testing.T) {
	tour := testTour(testCyclingParty())
	cur := StageResult{Stage: 2, Advantages: uses(AdvWaterBottle, 12, 5, 0, 0)}
	err := CheckAdvantage(tour, nil, cur, AdvantageUse{Kind: AdvWaterBottle, Bib: 13})
	if want := "team Rojo has used its 5 water bottles this stage"; err == nil || err.Error() != want {
		t.Errorf("message = %v, want %q", err, want)
	}
	prior := []StageResult{{Stage: 1, Advantages: uses(AdvMountainAttack, 21, 2, 0, 2)}}
	err = CheckAdvantage(tour, prior, StageResult{Stage: 2}, AdvantageUse{Kind: AdvMountainAttack, Bib: 21, Climb: 2})
	if want := "team Azul has used its 2 mountain attacks this tour"; err == nil || err.Error() != want {
		t.Errorf("message = %v, want %q", err, want)
	}
	err = CheckAdvantage(tour, nil, StageResult{Stage: 2}, AdvantageUse{Kind: AdvMountainAttack, Bib: 15, Climb: 2})
	if err == nil || !strings.Contains(err.Error(), "only the Leader") {
		t.Errorf("message = %v, want it to say only the Leader", err)
	}
}

func TestCheckAdvantageRefusalsSayHowToFix(t *testing.T) {
	tour := testTour(testCyclingParty())
	finished := StageResult{Stage: 2, Finish: Finish{Groups: []FinishGroup{{Turn: 0, Square: 3, Die: 2, Riders: []int{15}}}}}
	for _, tt := range []struct {
		name, field string
		cur         StageResult
		use         AdvantageUse
		want        string
	}{
		{"bottle without a turn after the finish", "turn", finished, AdvantageUse{Kind: AdvWaterBottle, Bib: 15},
			"bib 15 has finished the stage: to record a water bottle he took before his finish, give the turn it was taken"},
		{"double throw after a mountain attack", "climb", StageResult{Stage: 2, Advantages: uses(AdvMountainAttack, 11, 1, 0, 2)}, AdvantageUse{Kind: AdvDoubleThrow, Bib: 11, Climb: 2},
			"bib 11 already has a mountain attack on climb 2: a mountain attack cannot be combined with any other advantage"},
		{"mountain attack after a double throw", "climb", StageResult{Stage: 2, Advantages: uses(AdvDoubleThrow, 11, 1, 0, 2)}, AdvantageUse{Kind: AdvMountainAttack, Bib: 11, Climb: 2},
			"bib 11 already has a double throw on climb 2: a mountain attack cannot be combined with any other advantage"},
	} {
		var v *refuse.ValidationError
		err := CheckAdvantage(tour, nil, tt.cur, tt.use)
		if !errors.As(err, &v) || v.Fields[tt.field] != tt.want {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestWaterBottleAfterTheFinishInTurns: where the finish counts turns from the start of the stage
// (the turns time model), a bottle stated in a turn after the rider's finish turn is refused, one in
// that turn or before it is recorded.
func TestWaterBottleAfterTheFinishInTurns(t *testing.T) {
	rs := testCyclingParty()
	rs.TimeModel = TimeModelTurns
	tour := testTour(rs)
	cur := StageResult{Stage: 2, Finish: Finish{Groups: []FinishGroup{{Turn: 11, Riders: []int{21}}, {Turn: 12, Riders: []int{15, 22}}}}}
	for _, tt := range []struct {
		bib, turn int
		want      string
	}{{15, 14, "field:turn"}, {15, 13, "field:turn"}, {15, 12, "ok"}, {15, 3, "ok"}, {15, 0, "field:turn"}, {12, 30, "ok"}, {21, 12, "field:turn"}} {
		err := CheckAdvantage(tour, nil, cur, AdvantageUse{Kind: AdvWaterBottle, Bib: tt.bib, Turn: tt.turn})
		if got := errKind(err); got != tt.want {
			t.Errorf("bottle for %d in turn %d = %s (%v), want %s", tt.bib, tt.turn, got, err, tt.want)
		}
	}
	err := CheckAdvantage(tour, nil, cur, AdvantageUse{Kind: AdvWaterBottle, Bib: 15, Turn: 14})
	if want := "bib 15 finished in turn 12: a water bottle in turn 14 is after his finish; give the turn the water bottle was taken"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("message = %v, want %q", err, want)
	}
}

func TestSprintAllowanceFromStageType(t *testing.T) {
	rs := testCyclingParty()
	rs.Advantages[1].PerStageByType = nil // the stage types' sprint advantages take over
	tour := testTour(rs)
	for _, tt := range []struct {
		stage, used int
		want        string
	}{{1, 2, "ok"}, {1, 3, "conflict"}, {2, 0, "ok"}, {2, 1, "conflict"}, {4, 1, "conflict"}} {
		cur := StageResult{Stage: tt.stage, Advantages: uses(AdvSprint, 12, tt.used, 0, 0)}
		err := CheckAdvantage(tour, nil, cur, AdvantageUse{Kind: AdvSprint, Bib: 12, Variant: "d20"})
		if got := errKind(err); got != tt.want {
			t.Errorf("stage %d sprint after %d = %s (%v), want %s", tt.stage, tt.used, got, err, tt.want)
		}
	}
}

func TestMountainAttacksPerTour(t *testing.T) {
	for hors, want := range map[int]int{0: 0, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3} {
		tour := &Tour{Ruleset: testCyclingParty()}
		for i := range hors {
			tour.Stages = append(tour.Stages, Stage{Number: i + 1, Type: "high", Climbs: []Climb{{Index: 1, Category: "hors"}, {Index: 2, Category: "first"}}})
		}
		rule, _ := lookupAdvantage(tour.Ruleset, AdvMountainAttack)
		if got := tourClimbAllowance(tour, rule); got != want {
			t.Errorf("mountain attacks for %d hors climbs = %d, want %d", hors, got, want)
		}
	}
}

func TestAllowancesCyclingParty(t *testing.T) {
	tour := testTour(testCyclingParty())
	prior := []StageResult{{Stage: 1, Advantages: concat(uses(AdvMountainAttack, 11, 1, 0, 2), uses(AdvWaterBottle, 12, 5, 0, 0))}}
	cur := StageResult{Stage: 2, Advantages: concat(uses(AdvWaterBottle, 12, 3, 0, 0), uses(AdvDoubleThrow, 11, 1, 0, 2),
		uses(AdvSprint, 22, 1, 0, 0), uses(AdvAttack, 13, 1, 0, 0))}
	got := Allowances(tour, prior, cur)
	if len(got) != 2 || got[0].Team != "Rojo" || got[1].TeamID != 2 {
		t.Fatalf("teams = %+v, want Rojo and Azul", got)
	}
	want := map[string]string{
		"water_bottle stage 0":    "used 3 of 5, 2 left",
		"sprint stage 0":          "used 0 of 1, 1 left",
		"attack stage 0":          "used 1 of 1, 0 left",
		"mountain_attack tour 0":  "used 1 of 2, 1 left",
		"double_throw climb 1":    "used 0 of 1, 1 left",
		"double_throw climb 2":    "used 1 of 2, 1 left",
		"double_throw climb 4":    "used 0 of 2, 2 left",
		"azul water_bottle stage": "used 0 of 5, 5 left",
		"azul sprint stage":       "used 1 of 1, 0 left",
	}
	seen := map[string]string{}
	for _, it := range got[0].Items {
		seen[fmt.Sprintf("%s %s %d", it.Kind, it.Scope, it.Climb)] = fmt.Sprintf("used %d of %d, %d left", it.Used, it.Limit, it.Left)
	}
	for _, it := range got[1].Items {
		seen[fmt.Sprintf("azul %s %s", it.Kind, it.Scope)] = fmt.Sprintf("used %d of %d, %d left", it.Used, it.Limit, it.Left)
	}
	for k, w := range want {
		if seen[k] != w {
			t.Errorf("%s = %q, want %q", k, seen[k], w)
		}
	}
	if n := len(got[0].Items); n != 7 {
		t.Errorf("Rojo items = %d, want 7 (bottles, sprint, attack, mountain attacks, 3 climbs)", n)
	}
}

func FuzzCheckAdvantage(f *testing.F) {
	f.Add("water_bottle", 12, 0, 14, 0, "3d6", 2, 1, 5)
	f.Add("double_throw", 11, 3, 0, 0, "", 2, 2, 1)
	f.Add("effort", 11, -1, -3, -2, "d20", 0, 9, -1)
	f.Add("mountain_attack", 1<<30, 1<<30, -1<<30, 1<<30, "x", -5, 1<<20, 1<<20)
	tours := []*Tour{testTour(testCyclingParty())}
	caf := loadedRuleset(f, "ciclismo-a-fondo")
	cafTour := &Tour{Ruleset: caf, Teams: AssignBibs([]Team{cafTeam(1), cafTeam(2)}),
		Stages: []Stage{{Number: 1, Type: "flat", FeedZones: 1}, {Number: 2, Type: "high", RestDayBefore: true}}}
	tours = append(tours, cafTour, &Tour{Ruleset: loadedRuleset(f, "2ruote"), Teams: AssignBibs([]Team{ruoteTeam(1)})})
	f.Fuzz(func(t *testing.T, kind string, bib, climb, turn, points int, variant string, stage, n, prev int) {
		use := AdvantageUse{Kind: kind, Bib: bib, Climb: climb, Turn: turn, Points: points, Variant: variant}
		prior := []StageResult{{Stage: stage - 1, Advantages: uses(kind, bib, min(max(prev, 0), 50), turn, climb),
			Weather: []string{variant}}}
		cur := StageResult{Stage: stage, Advantages: uses(kind, bib, min(max(n, 0), 50), turn, climb)}
		for _, tour := range tours {
			_ = CheckAdvantage(tour, prior, cur, use)
			_ = Allowances(tour, prior, cur)
			_ = EffortBalance(tour, prior, cur)
		}
	})
}
