package race

import (
	"encoding/json"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"racedirector/app/refuse"
)

// shippedRulesets loads data/rulesets/*.json from the repository.
func shippedRulesets(t testing.TB) []Ruleset {
	t.Helper()
	list, err := LoadRulesets(os.DirFS("../../data"))
	if err != nil {
		t.Fatalf("LoadRulesets(data) error: %v", err)
	}
	return list
}

// shippedRuleset returns one shipped ruleset by id.
func shippedRuleset(t testing.TB, id string) Ruleset {
	t.Helper()
	rs, ok := FindRuleset(shippedRulesets(t), id)
	if !ok {
		t.Fatalf("FindRuleset(%q) found nothing", id)
	}
	return rs
}

func TestLoadRulesetsOrderAndDefault(t *testing.T) {
	list := shippedRulesets(t)
	var ids []string
	for _, rs := range list {
		ids = append(ids, rs.ID)
	}
	want := []string{"cycling-party", "2ruote", "ciclismo-a-fondo", "uci-road"}
	if !slices.Equal(ids, want) {
		t.Fatalf("ruleset order = %v, want %v (default first, then by id)", ids, want)
	}
	for _, rs := range list {
		if got, want := rs.Default, rs.ID == "cycling-party"; got != want {
			t.Errorf("%s default = %v, want %v", rs.ID, got, want)
		}
		if err := rs.Validate(); err != nil {
			t.Errorf("%s Validate() = %v, want nil", rs.ID, err)
		}
	}
}

// expectedTables is every table row of docs/rules.md, by ruleset; the test compares the loaded JSON to it.
type expectedTables struct {
	timeModel, timeUnit string
	secondsPerSector    int
	roles               []Role
	team                TeamRules
	stageTypes          []StageType
	climbs              []ClimbCategory
	sections            map[string]int // id → squares per km
	sprintPoints        []int
	sprintRegularity    []int
	sprintBonuses       []int
	climbBonuses        []int
	finishBonuses       []int
	teamBest            int
	classifications     []string
	jerseys             map[string]string // classification → colour, "" to check only presence
	points              *PointsDefinition
	advantages          []AdvantageRule
	effort              *EffortRules
	fatigue             *FatigueRules
	volata              *VolataRules
	proposal            *ProposalRules
}

func TestRulesetTablesMatchRules(t *testing.T) {
	cp := expectedTables{
		timeModel: TimeModelCyclingParty, timeUnit: UnitSeconds,
		roles: []Role{
			{ID: "leader", Counter: 1, MaxPerTeam: 1}, {ID: "sprinter", Counter: 2, MaxPerTeam: 1},
			{ID: "rouleur", Counter: 3, MaxPerTeam: 1}, {ID: "flat_domestique", Counter: 4, MaxPerTeam: 1},
			{ID: "mountain_domestique", Counter: 5, MaxPerTeam: 1}, {ID: "lanterne_rouge", Counter: 6, MaxPerTeam: 1},
		},
		team: TeamRules{MinRiders: 5, MaxRiders: 6, RiderCounts: []int{5, 6}, MinTeams: 2, MaxTeams: 30},
		stageTypes: []StageType{
			{ID: "flat", MinClimbs: 3, MaxClimbs: 4, ClimbCategories: []string{"hill", "third"}, Sprints: 5, FixedSprints: true, MinLength: 180, MaxLength: 220,
				Regularity: []int{100, 80, 60, 40, 30, 25, 20, 15, 10, 5}, SprintAdvantages: 3},
			{ID: "low", MinClimbs: 3, MaxClimbs: 4, ClimbCategories: []string{"hill", "third", "second"}, MustInclude: []string{"second"}, Sprints: 4, FixedSprints: true,
				MinLength: 170, MaxLength: 210, Regularity: []int{70, 50, 40, 30, 20, 15, 10, 5}, SprintAdvantages: 2},
			{ID: "medium", MinClimbs: 3, MaxClimbs: 4, ClimbCategories: []string{"third", "second", "first"}, MustInclude: []string{"first"}, Sprints: 3, FixedSprints: true,
				MinLength: 160, MaxLength: 200, Regularity: []int{30, 20, 15, 10, 5}, SprintAdvantages: 1},
			{ID: "high", MinClimbs: 3, MaxClimbs: 4, ClimbCategories: []string{"second", "first", "hors"}, MustInclude: []string{"hors"}, Sprints: 3, FixedSprints: true,
				MinLength: 150, MaxLength: 190, Regularity: []int{30, 20, 15, 10, 5}, SprintAdvantages: 1, FinishOnClimb: true},
		},
		climbs: []ClimbCategory{
			{ID: "hors", Squares: 32, Points: []int{35, 25, 15, 10, 5}, Rank: 1},
			{ID: "first", Squares: 24, Points: []int{25, 20, 10, 5}, Rank: 2},
			{ID: "second", Squares: 16, Points: []int{15, 10, 5}, Rank: 3},
			{ID: "third", Squares: 8, Points: []int{5, 3, 1}, Rank: 4},
			{ID: "hill", Squares: 3, Points: []int{}, Rank: 5},
		},
		sprintPoints:    []int{5, 3, 1},
		teamBest:        3,
		classifications: []string{ClassStage, ClassIndividual, ClassRegularity, ClassMountain, ClassSprints, ClassTeams, ClassCyclingParty},
		jerseys:         map[string]string{ClassIndividual: "#f5d000", ClassRegularity: "", ClassMountain: "", ClassSprints: ""},
		points: &PointsDefinition{StageWin: 5, Individual: []int{25, 18, 12, 8, 5}, Regularity: []int{12, 7, 3},
			Mountain: []int{12, 7, 3}, Sprints: []int{8, 4, 2}, Teams: []int{12, 7, 3}},
		advantages: []AdvantageRule{
			{Kind: AdvWaterBottle, PerStage: 5, PerRiderPerTurn: 2, PerTeamPerTurn: 3, NotAfterFinish: true},
			{Kind: AdvSprint, PerStageByType: map[string]int{"flat": 3, "low": 2, "medium": 1, "high": 1}, Role: "sprinter", Variants: []string{"3d6", "d20"}},
			{Kind: AdvAttack, PerStage: 1},
			{Kind: AdvMountainAttack, PerTourHorsHalf: true, Role: "leader", ClimbCategories: []string{"hors"}},
			{Kind: AdvDoubleThrow, PerClimb: map[string]int{"first": 1, "hors": 2}, Role: "leader", ClimbCategories: []string{"first", "hors"}},
		},
		proposal: &ProposalRules{MinGap: 10, NoSprintLast: 10, KmMarkerEvery: 25, AttackLine: 50, SprintLines: []int{8, 6}, TimeIndicators: 12},
	}
	cf := expectedTables{
		timeModel: TimeModelTurns, timeUnit: UnitTurns,
		roles: []Role{
			{ID: "JF", MaxPerTeam: 1}, {ID: "TT", MaxPerTeam: 1}, {ID: "ES"}, {ID: "RO"},
			{ID: "SP", MaxPerTeam: 1}, {ID: "CR", MaxPerTeam: 1}, {ID: "RS"}, {ID: "RE"},
		},
		team: TeamRules{MinRiders: 4, MaxRiders: 8, MinTeams: 2, MaxTeams: 6},
		stageTypes: []StageType{
			{ID: "flat", Regularity: []int{25, 20, 15, 10, 5, 3, 1}},
			{ID: "low", Regularity: []int{30, 25, 20, 15, 10, 5, 3, 1}},
			{ID: "medium", Regularity: []int{40, 35, 30, 25, 20, 15, 10, 5, 3, 1}},
			{ID: "high", Regularity: []int{50, 45, 40, 35, 30, 25, 20, 15, 10, 5, 3, 1}},
			{ID: "queen", Regularity: []int{50, 45, 40, 35, 30, 25, 20, 15, 10, 5, 3, 1}},
			{ID: "itt", Regularity: []int{15, 10, 5, 3, 1, 1}, TimeTrial: TimeTrialIndividual},
			{ID: "ttt", Regularity: []int{15, 10, 5, 3, 1, 1}, TimeTrial: TimeTrialTeam},
			{ID: "mountain_itt", Regularity: []int{20, 15, 10, 5, 3, 1}, TimeTrial: TimeTrialIndividual},
		},
		climbs: []ClimbCategory{
			{ID: "special", Points: []int{20, 15, 10, 5, 3, 1}, Rank: 1},
			{ID: "first", Points: []int{15, 10, 5, 3, 1}, Rank: 2},
			{ID: "second", Points: []int{10, 5, 3, 1}, Rank: 3},
			{ID: "third", Points: []int{5, 3, 1}, Rank: 4},
			{ID: "fourth", Points: []int{3, 1}, Rank: 5},
			{ID: "repecho", Points: []int{}, Rank: 6},
		},
		sections: map[string]int{
			"itt_short": 4, "itt_medium": 3, "itt_long": 2, "descent_low": 1, "descent_medium": 1, "descent_high": 1, "flat": 1,
			"climb_special": 3, "climb_first": 3, "climb_second": 3, "climb_third": 3, "climb_fourth": 3, "repecho": 3,
		},
		sprintRegularity: []int{5, 3, 1},
		sprintBonuses:    []int{3, 2, 1},
		climbBonuses:     []int{3, 2, 1},
		teamBest:         4,
		classifications:  []string{ClassStage, ClassIndividual, ClassRegularity, ClassMountain, ClassTeams},
		jerseys:          map[string]string{ClassIndividual: "", ClassRegularity: "", ClassMountain: ""},
		advantages:       []AdvantageRule{{Kind: AdvEffort}},
		effort: &EffortRules{
			Allowance:       map[string]int{"JF": 18, "ES": 18, "TT": 16, "RO": 16, "SP": 12, "CR": 12, "RE": 17, "RS": 14},
			ReferenceStages: 21,
			Recovery:        map[string]int{"JF": 5, "ES": 5, "TT": 4, "RO": 4, "CR": 3, "SP": 3, "RE": 4, "RS": 3},
			RestDayFactor:   2, FeedZone: 1, NoRecoveryWeather: "cold", NoEffortWeather: "rain",
		},
	}
	finish2R := []int{15, 12, 10, 8, 6, 5, 4, 3, 2, 1}
	r2 := expectedTables{
		timeModel: TimeModelSectors, timeUnit: UnitSeconds, secondsPerSector: 30,
		roles: []Role{{ID: "rider"}},
		team: TeamRules{MinRiders: 5, MaxRiders: 5, RiderCounts: []int{5}, MinTeams: 2, MaxTeams: 6, MaxCost: 10,
			Attributes: []AttributeRule{{ID: "cost", Min: 1, Max: 4}, {ID: "pianura", Min: 1, Max: 9}, {ID: "montagna", Min: 1, Max: 9},
				{ID: "discesa", Min: 1, Max: 9}, {ID: "collina", Min: 1, Max: 9}, {ID: "volata", Min: 1, Max: 9}, {ID: "cronometro", Min: 1, Max: 9}}},
		stageTypes: []StageType{
			{ID: "flat", Regularity: finish2R}, {ID: "hill", Regularity: finish2R},
			{ID: "mountain", Regularity: finish2R}, {ID: "itt", Regularity: finish2R, TimeTrial: TimeTrialIndividual},
		},
		climbs:           []ClimbCategory{{ID: "gpm", Points: []int{5, 3, 1}, Rank: 1}},
		sprintRegularity: []int{5, 3, 1},
		teamBest:         3,
		classifications:  []string{ClassStage, ClassIndividual, ClassRegularity, ClassMountain, ClassTeams},
		jerseys:          map[string]string{ClassIndividual: "", ClassMountain: "", ClassRegularity: ""},
		fatigue:          &FatigueRules{Limit: 20, AdvancedLimit: 25},
		volata:           &VolataRules{FinishFatigue: 15, SprintFatigue: 10, HelperBonus: 1, TokenBonus: 2},
	}
	for id, want := range map[string]expectedTables{"cycling-party": cp, "ciclismo-a-fondo": cf, "2ruote": r2} {
		t.Run(id, func(t *testing.T) {
			rs := shippedRuleset(t, id)
			checkTables(t, rs, want)
		})
	}
}

// checkTables compares a loaded ruleset with the expected docs/rules.md tables.
func checkTables(t *testing.T, rs Ruleset, want expectedTables) {
	t.Helper()
	eq := func(what string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %s = %+v, want %+v", rs.ID, what, got, want)
		}
	}
	eq("time_model", rs.TimeModel, want.timeModel)
	eq("time_unit", rs.TimeUnit, want.timeUnit)
	eq("seconds_per_sector", rs.SecondsPerSector, want.secondsPerSector)
	var roles []Role
	for _, ro := range rs.Roles {
		roles = append(roles, Role{ID: ro.ID, Counter: ro.Counter, MaxPerTeam: ro.MaxPerTeam})
	}
	eq("roles", roles, want.roles)
	team := rs.Team
	var attrs []AttributeRule
	for _, a := range team.Attributes {
		attrs = append(attrs, AttributeRule{ID: a.ID, Min: a.Min, Max: a.Max})
	}
	team.Attributes = attrs
	eq("team", team, want.team)
	if len(rs.StageTypes) != len(want.stageTypes) {
		t.Errorf("%s has %d stage types, want %d", rs.ID, len(rs.StageTypes), len(want.stageTypes))
	}
	for _, ws := range want.stageTypes {
		st, ok := rs.StageType(ws.ID)
		if !ok {
			t.Errorf("%s has no stage type %q", rs.ID, ws.ID)
			continue
		}
		eq("stage type "+ws.ID+" regularity", st.Regularity, ws.Regularity)
		eq("stage type "+ws.ID+" time_trial", st.TimeTrial, ws.TimeTrial)
		if rs.ID != "cycling-party" {
			continue // only Cycling Party's proposal tables are in docs/rules.md
		}
		got := st
		got.Name, got.Names = "", nil
		eq("stage type "+ws.ID, got, ws)
	}
	if len(rs.ClimbCategories) != len(want.climbs) {
		t.Errorf("%s has %d climb categories, want %d", rs.ID, len(rs.ClimbCategories), len(want.climbs))
	}
	for _, wc := range want.climbs {
		c, ok := rs.ClimbCategory(wc.ID)
		if !ok {
			t.Errorf("%s has no climb category %q", rs.ID, wc.ID)
			continue
		}
		c.Name, c.Names = "", nil
		if c.Points == nil {
			c.Points = []int{}
		}
		eq("climb category "+wc.ID, c, wc)
	}
	sections := map[string]int{}
	for _, s := range rs.Sections {
		sections[s.ID] = s.SquaresPerKm
	}
	if want.sections == nil {
		want.sections = map[string]int{}
	}
	eq("sections", sections, want.sections)
	eq("sprint_points", rs.SprintPoints, want.sprintPoints)
	eq("sprint_regularity", rs.SprintRegularity, want.sprintRegularity)
	eq("sprint_bonuses", rs.SprintBonuses, want.sprintBonuses)
	eq("climb_bonuses", rs.ClimbBonuses, want.climbBonuses)
	eq("finish_bonuses", rs.FinishBonuses, want.finishBonuses)
	eq("team_best", rs.TeamBest, want.teamBest)
	eq("classifications", rs.Classifications, want.classifications)
	if len(rs.Jerseys) != len(want.jerseys) {
		t.Errorf("%s has jerseys %v, want one for each of %v", rs.ID, rs.Jerseys, want.jerseys)
	}
	for k, colour := range want.jerseys {
		j, ok := rs.Jerseys[k]
		switch {
		case !ok:
			t.Errorf("%s has no %s jersey", rs.ID, k)
		case colour != "" && j.Color != colour:
			t.Errorf("%s %s jersey colour = %s, want %s", rs.ID, k, j.Color, colour)
		}
	}
	eq("points", rs.Points, want.points)
	var advs []AdvantageRule
	for _, a := range rs.Advantages {
		a.Name, a.Names = "", nil
		advs = append(advs, a)
	}
	eq("advantages", advs, want.advantages)
	eq("effort", rs.Effort, want.effort)
	eq("fatigue", rs.Fatigue, want.fatigue)
	eq("volata", rs.Volata, want.volata)
	eq("proposal", rs.Proposal, want.proposal)
}

func TestSectionExamplesConvert(t *testing.T) {
	rs := shippedRuleset(t, "ciclismo-a-fondo")
	squares := func(parts ...any) int {
		total := 0
		for i := 0; i < len(parts); i += 2 {
			s, ok := testSection(rs, parts[i].(string))
			if !ok {
				t.Fatalf("no section %q", parts[i])
			}
			total += s.SquaresPerKm * parts[i+1].(int)
		}
		return total
	}
	cases := []struct {
		name  string
		got   int
		want  int
		parts string
	}{
		{"165 km flat stage", squares("flat", 165), 165, "flat 165"},
		{"170 km low-mountain stage", squares("flat", 119, "climb_third", 6, "descent_low", 8, "flat", 36), 181, "119 flat + 6 3rd cat + 8 low descent + 36 flat"},
		{"18 km ITT", squares("itt_medium", 18), 54, "medium ITT 18"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s (%s) = %d squares, want %d", c.name, c.parts, c.got, c.want)
		}
	}
	medium, _ := testSection(rs, "itt_medium")
	if 18 < medium.MinKm || 18 > medium.MaxKm {
		t.Errorf("18 km is outside the medium ITT range %d–%d", medium.MinKm, medium.MaxKm)
	}
}

// testSection finds a section type by id (the sections engineer owns the real lookup).
func testSection(r Ruleset, id string) (SectionType, bool) {
	for _, s := range r.Sections {
		if s.ID == id {
			return s, true
		}
	}
	return SectionType{}, false
}

func TestRulesetLookups(t *testing.T) {
	rs := shippedRuleset(t, "cycling-party")
	for n, want := range map[int]string{1: "leader", 2: "sprinter", 3: "rouleur", 4: "flat_domestique", 5: "mountain_domestique", 6: "lanterne_rouge"} {
		ro, ok := rs.RoleForCounter(n)
		if !ok || ro.ID != want {
			t.Errorf("RoleForCounter(%d) = %q, %v, want %q, true", n, ro.ID, ok, want)
		}
	}
	for _, n := range []int{0, 7, -1} {
		if ro, ok := rs.RoleForCounter(n); ok {
			t.Errorf("RoleForCounter(%d) = %q, want none", n, ro.ID)
		}
	}
	if ro, ok := rs.Role("sprinter"); !ok || ro.Counter != 2 {
		t.Errorf("Role(sprinter) = %+v, %v, want counter 2", ro, ok)
	}
	if _, ok := rs.Role("JF"); ok {
		t.Error("Role(JF) found in cycling-party, want none")
	}
	if st, ok := rs.StageType("high"); !ok || st.Sprints != 3 {
		t.Errorf("StageType(high) = %+v, %v, want 3 sprints", st, ok)
	}
	if _, ok := rs.StageType("queen"); ok {
		t.Error("StageType(queen) found in cycling-party, want none")
	}
	if c, ok := rs.ClimbCategory("hors"); !ok || c.Squares != 32 || c.Rank != 1 {
		t.Errorf("ClimbCategory(hors) = %+v, %v, want 32 squares, rank 1", c, ok)
	}
	if a, ok := rs.AdvantageRule(AdvDoubleThrow); !ok || a.PerClimb["hors"] != 2 {
		t.Errorf("AdvantageRule(double_throw) = %+v, %v, want 2 on hors", a, ok)
	}
	if _, ok := rs.AdvantageRule(AdvEffort); ok {
		t.Error("AdvantageRule(effort) found in cycling-party, want none")
	}
	for c, want := range map[string]bool{ClassSprints: true, ClassCyclingParty: true, "nope": false} {
		if got := rs.Has(c); got != want {
			t.Errorf("Has(%q) = %v, want %v", c, got, want)
		}
	}
	cf := shippedRuleset(t, "ciclismo-a-fondo")
	if cf.Has(ClassSprints) || cf.Has(ClassCyclingParty) {
		t.Error("ciclismo-a-fondo has sprints or cycling_party, want neither")
	}
	if got := cf.DefaultPoints(); !reflect.DeepEqual(got, PointsDefinition{}) {
		t.Errorf("ciclismo-a-fondo DefaultPoints() = %+v, want zero", got)
	}
	p := rs.DefaultPoints()
	p.Individual[0] = 999
	if rs.Points.Individual[0] != 25 {
		t.Errorf("changing DefaultPoints() changed the ruleset: individual[0] = %d, want 25", rs.Points.Individual[0])
	}
	if _, ok := FindRuleset(shippedRulesets(t), "no-such-ruleset"); ok {
		t.Error("FindRuleset(no-such-ruleset) found a ruleset, want none")
	}
}

func TestRulesetCloneIsIndependent(t *testing.T) {
	for _, orig := range shippedRulesets(t) {
		before, _ := json.Marshal(orig)
		c := orig.Clone()
		if !reflect.DeepEqual(c, orig) {
			t.Fatalf("%s Clone() differs from the original", orig.ID)
		}
		if len(c.Roles) > 0 { // uci-road has none: any role races
			c.Roles[0].ID = "x"
		}
		c.Team.Attributes = append(c.Team.Attributes, AttributeRule{ID: "x"})
		c.StageTypes[0].Regularity[0] = -1
		c.StageTypes[0].ClimbCategories = append(c.StageTypes[0].ClimbCategories[:0], "x")
		c.ClimbCategories[0].Points[0] = -1
		c.Classifications[0] = "x"
		for k := range c.Jerseys {
			c.Jerseys[k] = Jersey{Name: "x"}
		}
		if c.Points != nil {
			c.Points.Individual[0] = -1
		}
		for i := range c.Advantages {
			for k := range c.Advantages[i].PerStageByType {
				c.Advantages[i].PerStageByType[k] = -1
			}
			for k := range c.Advantages[i].PerClimb {
				c.Advantages[i].PerClimb[k] = -1
			}
		}
		if c.Effort != nil {
			c.Effort.Allowance["JF"] = -1
		}
		if c.Proposal != nil && len(c.Proposal.SprintLines) > 0 {
			c.Proposal.SprintLines[0] = -1
		}
		if len(c.Sections) > 0 {
			c.Sections[0].SquaresPerKm = -1
		}
		if c.Fatigue != nil {
			c.Fatigue.Limit = -1
		}
		after, _ := json.Marshal(orig)
		if string(before) != string(after) {
			t.Errorf("%s: changing the clone changed the original", orig.ID)
		}
	}
}

func TestLoadRulesetsErrors(t *testing.T) {
	edit := rulesetEditor(t, "2ruote")
	stageTypes := func(m map[string]any) []any { return m["stage_types"].([]any) }
	cases := []struct {
		name  string
		files map[string][]byte
		want  string
	}{
		{"regularity increases", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			stageTypes(m)[2].(map[string]any)["regularity"] = []int{15, 12, 13}
		})}, "rulesets/2ruote.json: stage_types[2].regularity: must not increase"},
		{"negative points", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			m["sprint_regularity"] = []int{5, -1}
		})}, "rulesets/2ruote.json: sprint_regularity: must not be negative (place 2 is -1)"},
		{"unknown field", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			m["colour"] = "pink"
		})}, `rulesets/2ruote.json: "colour": unknown field`},
		{"wrong type", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			m["team_best"] = "three"
		})}, "rulesets/2ruote.json: team_best: must be a number, not string"},
		{"syntax", map[string][]byte{"rulesets/bad.json": []byte("{\n  \"id\": \"bad\",\n  oops\n}")},
			"rulesets/bad.json: line 3: invalid JSON"},
		{"unknown climb category", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			stageTypes(m)[1].(map[string]any)["climb_categories"] = []string{"gpm", "hors"}
		})}, `rulesets/2ruote.json: stage_types[1].climb_categories[1]: "hors" is not a climb category of this ruleset`},
		{"unknown advantage role", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			m["advantages"] = []map[string]any{{"kind": "attack", "name": "Attack", "role": "leader"}}
		})}, `rulesets/2ruote.json: advantages[0].role: "leader" is not a role of this ruleset`},
		{"unknown time model", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			m["time_model"] = "sundial"
		})}, `rulesets/2ruote.json: time_model: "sundial" is not a time model`},
		{"jersey of a missing classification", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			m["jerseys"].(map[string]any)["sprints"] = map[string]string{"name": "Purple", "color": "#7b2cbf"}
		})}, `rulesets/2ruote.json: jerseys.sprints: "sprints" is not a classification of this ruleset`},
		{"team rules", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			m["team"].(map[string]any)["max_riders"] = 4
		})}, "rulesets/2ruote.json: team.max_riders: must be at least team.min_riders (5)"},
		{"empty id", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			m["id"] = ""
		})}, "rulesets/2ruote.json: id: is required"},
		{"duplicate id", map[string][]byte{"rulesets/2ruote.json": edit(func(map[string]any) {}), "rulesets/copy.json": edit(func(map[string]any) {})},
			`rulesets/copy.json: id: "2ruote" is already the id of rulesets/2ruote.json`},
		{"two defaults", map[string][]byte{
			"rulesets/a.json": edit(func(m map[string]any) { m["id"], m["default"] = "a", true }),
			"rulesets/b.json": edit(func(m map[string]any) { m["id"], m["default"] = "b", true }),
		}, "rulesets/b.json: default: only one ruleset can be the default, and rulesets/a.json already is"},
		{"duplicate stage type", map[string][]byte{"rulesets/2ruote.json": edit(func(m map[string]any) {
			stageTypes(m)[3].(map[string]any)["id"] = "flat"
		})}, `rulesets/2ruote.json: stage_types[3].id: "flat" is used twice`},
		{"trailing data", map[string][]byte{"rulesets/2ruote.json": append(edit(func(map[string]any) {}), []byte("{}")...)},
			"rulesets/2ruote.json: unexpected data after the ruleset object"},
		{"no files", map[string][]byte{"rulesets/readme.txt": []byte("hi")}, "no ruleset files in rulesets/"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, data := range c.files {
				fsys[name] = &fstest.MapFile{Data: data}
			}
			_, err := LoadRulesets(fsys)
			if err == nil {
				t.Fatalf("LoadRulesets() error = nil, want %q", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("LoadRulesets() error = %q, want it to contain %q", err, c.want)
			}
		})
	}
}

func TestValidateRulesetFields(t *testing.T) {
	base := shippedRuleset(t, "cycling-party")
	cases := []struct {
		name   string
		change func(r *Ruleset)
		field  string
	}{
		{"role twice", func(r *Ruleset) { r.Roles[1].ID = "leader" }, "roles[1].id"},
		{"counter twice", func(r *Ruleset) { r.Roles[1].Counter = 1 }, "roles[1].counter"},
		{"counter beyond team", func(r *Ruleset) { r.Roles[5].Counter = 8 }, "roles[5].counter"},
		{"roles cannot fill a team", func(r *Ruleset) { r.Roles = r.Roles[:4] }, "team.min_riders"},
		{"rider count outside range", func(r *Ruleset) { r.Team.RiderCounts = []int{5, 7} }, "team.rider_counts[1]"},
		{"more teams min than max", func(r *Ruleset) { r.Team.MinTeams = 31 }, "team.max_teams"},
		{"must include not drawn", func(r *Ruleset) { r.StageTypes[1].MustInclude = []string{"first"} }, "stage_types[1].must_include[0]"},
		{"climbs min above max", func(r *Ruleset) { r.StageTypes[0].MinClimbs = 5 }, "stage_types[0].max_climbs"},
		{"length min above max", func(r *Ruleset) { r.StageTypes[0].MinLength = 300 }, "stage_types[0].max_length"},
		{"bad time trial", func(r *Ruleset) { r.StageTypes[0].TimeTrial = "pairs" }, "stage_types[0].time_trial"},
		{"climb points increase", func(r *Ruleset) { r.ClimbCategories[0].Points = []int{5, 35} }, "climb_categories[0].points"},
		{"climb rank twice", func(r *Ruleset) { r.ClimbCategories[1].Rank = 1 }, "climb_categories[1].rank"},
		{"sprint points increase", func(r *Ruleset) { r.SprintPoints = []int{1, 3} }, "sprint_points"},
		{"manager points increase", func(r *Ruleset) { r.Points.Teams = []int{3, 7} }, "points.teams"},
		{"negative stage win", func(r *Ruleset) { r.Points.StageWin = -5 }, "points.stage_win"},
		{"cycling party without points", func(r *Ruleset) { r.Points = nil }, "points"},
		{"sprints without points", func(r *Ruleset) { r.SprintPoints = nil }, "sprint_points"},
		{"unknown classification", func(r *Ruleset) { r.Classifications = append(r.Classifications, "juniors") }, "classifications[7]"},
		{"no individual", func(r *Ruleset) { r.Classifications = r.Classifications[:1] }, "classifications"},
		{"bad jersey colour", func(r *Ruleset) { r.Jerseys[ClassIndividual] = Jersey{Name: "Yellow", Color: "yellow"} }, "jerseys.individual.color"},
		{"advantage twice", func(r *Ruleset) { r.Advantages[1].Kind = AdvWaterBottle }, "advantages[1].kind"},
		{"advantage on unknown type", func(r *Ruleset) { r.Advantages[1].PerStageByType["queen"] = 1 }, "advantages[1].per_stage_by_type.queen"},
		{"advantage on unknown category", func(r *Ruleset) { r.Advantages[4].PerClimb["special"] = 1 }, "advantages[4].per_climb.special"},
		{"sprint advantages disagree", func(r *Ruleset) { r.StageTypes[0].SprintAdvantages = 4 }, "stage_types[0].sprint_advantages"},
		{"sector seconds outside sectors", func(r *Ruleset) { r.SecondsPerSector = 30 }, "seconds_per_sector"},
		{"unit of model", func(r *Ruleset) { r.TimeUnit = UnitTurns }, "time_unit"},
		{"team best above riders", func(r *Ruleset) { r.TeamBest = 7 }, "team_best"},
		{"sprint lines order", func(r *Ruleset) { r.Proposal.SprintLines = []int{6, 8} }, "proposal.sprint_lines[1]"},
		{"slug id", func(r *Ruleset) { r.ID = "Cycling Party" }, "id"},
		{"no name", func(r *Ruleset) { r.Name = " " }, "name"},
		{"role without name", func(r *Ruleset) { r.Roles[2].Name = "" }, "roles[2].name"},
		{"negative role limit", func(r *Ruleset) { r.Roles[2].MaxPerTeam = -1 }, "roles[2].max_per_team"},
		{"no stage types", func(r *Ruleset) { r.StageTypes = nil; r.Advantages = nil }, "stage_types"},
		{"negative sprints", func(r *Ruleset) { r.StageTypes[2].Sprints = -1 }, "stage_types[2].sprints"},
		{"climbs without categories", func(r *Ruleset) { r.StageTypes[2].ClimbCategories = nil; r.StageTypes[2].MustInclude = nil }, "stage_types[2].climb_categories"},
		{"negative squares", func(r *Ruleset) { r.ClimbCategories[4].Squares = -3 }, "climb_categories[4].squares"},
		{"team best without teams", func(r *Ruleset) { r.TeamBest = 0 }, "team_best"},
		{"negative water bottles", func(r *Ruleset) { r.Advantages[0].PerTeamPerTurn = -1 }, "advantages[0].per_team_per_turn"},
		// Numbers a backup could carry that made the sheets loop for ever (or overflow).
		{"endless water bottles", func(r *Ruleset) { r.Advantages[0].PerStage = math.MaxInt }, "advantages[0].per_stage"},
		{"endless time indicators", func(r *Ruleset) { r.Proposal.TimeIndicators = MaxRulesetNumber + 1 }, "proposal.time_indicators"},
		{"huge climb points", func(r *Ruleset) { r.ClimbCategories[0].Points[0] = math.MaxInt }, "climb_categories[0].points[0]"},
		{"huge sprint advantages", func(r *Ruleset) { r.Advantages[1].PerStageByType["flat"] = 1 << 40 }, "advantages[1].per_stage_by_type.flat"},
		{"variant twice", func(r *Ruleset) { r.Advantages[1].Variants = []string{"d20", "d20"} }, "advantages[1].variants[1]"},
		{"negative proposal gap", func(r *Ruleset) { r.Proposal.MinGap = -1 }, "proposal.min_gap"},
		{"jersey without name", func(r *Ruleset) { r.Jerseys[ClassSprints] = Jersey{Color: "#7b2cbf"} }, "jerseys.sprints.name"},
		{"jersey of an unknown pattern", func(r *Ruleset) { r.Jerseys[ClassSprints] = Jersey{Name: "P", Color: "#7b2cbf", Pattern: "stripes"} }, "jerseys.sprints.pattern"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := base.Clone()
			c.change(&r)
			err := r.Validate()
			v, ok := err.(*refuse.ValidationError)
			if !ok {
				t.Fatalf("Validate() = %v, want a *refuse.ValidationError naming %s", err, c.field)
			}
			if _, ok := v.Fields[c.field]; !ok {
				t.Errorf("Validate() fields = %v, want %s", v.Fields, c.field)
			}
		})
	}
	cf := shippedRuleset(t, "ciclismo-a-fondo")
	cf.Effort.Recovery["XX"] = 3
	cf.Sections[7].Climb = "hors"
	err := cf.Validate()
	v, _ := err.(*refuse.ValidationError)
	if v == nil || v.Fields["effort.recovery.XX"] == "" || v.Fields["sections[7].climb"] == "" {
		t.Errorf("Validate() = %v, want effort.recovery.XX and sections[7].climb", err)
	}
	cf = shippedRuleset(t, "ciclismo-a-fondo")
	cf.Effort.ReferenceStages = 0
	cf.Sections[0].MaxKm = -1
	cf.Sections[1].SquaresPerKm = 0
	cf.Sections[2].ID = cf.Sections[1].ID
	err = cf.Validate()
	v, _ = err.(*refuse.ValidationError)
	for _, f := range []string{"effort.reference_stages", "sections[0].max_km", "sections[1].squares_per_km", "sections[2].id"} {
		if v == nil || v.Fields[f] == "" {
			t.Errorf("Validate() = %v, want field %s", err, f)
		}
	}
	r2 := shippedRuleset(t, "2ruote")
	r2.Volata.TokenBonus = -2
	r2.Cards[5].Special = "XX"
	r2.Team.Attributes[1].Max = 0
	r2.SecondsPerSector = 0
	err = r2.Validate()
	v, _ = err.(*refuse.ValidationError)
	for _, f := range []string{"volata.token_bonus", "cards[5].special", "team.attributes[1].max", "seconds_per_sector"} {
		if v == nil || v.Fields[f] == "" {
			t.Errorf("Validate() = %v, want field %s", err, f)
		}
	}
	r2 = shippedRuleset(t, "2ruote")
	r2.Team.MaxCost = 4
	r2.Fatigue.AdvancedLimit = 10
	r2.Cards[0].Terrain = "sea"
	err = r2.Validate()
	v, _ = err.(*refuse.ValidationError)
	if v == nil || v.Fields["team.max_cost"] == "" || v.Fields["fatigue.advanced_limit"] == "" || v.Fields["cards[0].terrain"] == "" {
		t.Errorf("Validate() = %v, want team.max_cost, fatigue.advanced_limit and cards[0].terrain", err)
	}
}

func TestValidatePoints(t *testing.T) {
	if err := ValidatePoints(shippedRuleset(t, "cycling-party").DefaultPoints()); err != nil {
		t.Errorf("ValidatePoints(default) = %v, want nil", err)
	}
	err := ValidatePoints(PointsDefinition{StageWin: -1, Individual: []int{5, 8}, Teams: []int{3, -1}})
	wantFields(t, "ValidatePoints", err, map[string]string{
		"points.stage_win":  "must not be negative",
		"points.individual": "must not increase",
		"points.teams":      "must not be negative (place 2 is -1)",
	})
}

// rulesetEditor reads the shipped ruleset file of id and returns a function that answers it as JSON
// after change has edited it (a fresh copy each time).
func rulesetEditor(t *testing.T, id string) func(change func(m map[string]any)) []byte {
	t.Helper()
	good, err := os.ReadFile("../../data/rulesets/" + id + ".json")
	if err != nil {
		t.Fatal(err)
	}
	return func(change func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		change(m)
		out, _ := json.Marshal(m)
		return out
	}
}
