package race

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"racedirector/app/refuse"
)

// testCyclingParty is the Cycling Party ruleset of docs/rules.md §1 as a literal.
func testCyclingParty() Ruleset {
	return Ruleset{
		ID: "cycling-party", Name: "Cycling Party (Master)", Default: true,
		TimeModel: TimeModelCyclingParty, TimeUnit: "seconds", SquareName: "km",
		Roles: []Role{
			{ID: "leader", Name: "Leader", Counter: 1, MaxPerTeam: 1},
			{ID: "sprinter", Name: "Sprinter", Counter: 2, MaxPerTeam: 1},
			{ID: "rouleur", Name: "Rouleur", Counter: 3, MaxPerTeam: 1},
			{ID: "flat_domestique", Name: "Flat domestique", Counter: 4, MaxPerTeam: 1},
			{ID: "mountain_domestique", Name: "Mountain domestique", Counter: 5, MaxPerTeam: 1},
			{ID: "lanterne_rouge", Name: "Lanterne rouge", Counter: 6, MaxPerTeam: 1},
		},
		Team: TeamRules{MinRiders: 5, MaxRiders: 6, RiderCounts: []int{5, 6}, MinTeams: 2, MaxTeams: 30},
		StageTypes: []StageType{
			{ID: "flat", Name: "Flat", MinClimbs: 3, MaxClimbs: 3, ClimbCategories: []string{"hill", "third"},
				Sprints: 5, MinLength: 180, MaxLength: 220, Regularity: []int{100, 80, 60, 40, 30, 25, 20, 15, 10, 5}, SprintAdvantages: 3},
			{ID: "low", Name: "Low mountains", MinClimbs: 3, MaxClimbs: 4, ClimbCategories: []string{"hill", "third", "second"},
				MustInclude: []string{"second"}, Sprints: 4, MinLength: 170, MaxLength: 210, Regularity: []int{70, 50, 40, 30, 20, 15, 10, 5}, SprintAdvantages: 2},
			{ID: "medium", Name: "Medium mountains", MinClimbs: 3, MaxClimbs: 4, ClimbCategories: []string{"third", "second", "first"},
				MustInclude: []string{"first"}, Sprints: 3, MinLength: 160, MaxLength: 200, Regularity: []int{30, 20, 15, 10, 5}, SprintAdvantages: 1},
			{ID: "high", Name: "High mountains", MinClimbs: 4, MaxClimbs: 4, ClimbCategories: []string{"second", "first", "hors"},
				MustInclude: []string{"hors"}, Sprints: 3, MinLength: 150, MaxLength: 190, Regularity: []int{30, 20, 15, 10, 5},
				SprintAdvantages: 1, FinishOnClimb: true},
		},
		ClimbCategories: []ClimbCategory{
			{ID: "hors", Name: "Hors category", Squares: 32, Points: []int{35, 25, 15, 10, 5}, Rank: 1},
			{ID: "first", Name: "First category", Squares: 24, Points: []int{25, 20, 10, 5}, Rank: 2},
			{ID: "second", Name: "Second category", Squares: 16, Points: []int{15, 10, 5}, Rank: 3},
			{ID: "third", Name: "Third category", Squares: 8, Points: []int{5, 3, 1}, Rank: 4},
			{ID: "hill", Name: "Hill (steep slope)", Squares: 3, Rank: 5},
		},
		SprintPoints:    []int{5, 3, 1},
		TeamBest:        3,
		Classifications: []string{ClassStage, ClassIndividual, ClassRegularity, ClassMountain, ClassSprints, ClassTeams, ClassCyclingParty},
		Points: &PointsDefinition{StageWin: 5, Individual: []int{25, 18, 12, 8, 5}, Regularity: []int{12, 7, 3},
			Mountain: []int{12, 7, 3}, Sprints: []int{8, 4, 2}, Teams: []int{12, 7, 3}},
		Advantages: []AdvantageRule{
			{Kind: AdvWaterBottle, Name: "Water bottle", PerStage: 5, PerRiderPerTurn: 2, PerTeamPerTurn: 3, NotAfterFinish: true},
			{Kind: AdvSprint, Name: "Sprint", PerStageByType: map[string]int{"flat": 3, "low": 2, "medium": 1, "high": 1},
				Role: "sprinter", Variants: []string{"3d6", "d20"}},
			{Kind: AdvAttack, Name: "Attack", PerStage: 1},
			{Kind: AdvMountainAttack, Name: "Mountain attack", PerTourHorsHalf: true, Role: "leader", ClimbCategories: []string{"hors"}},
			{Kind: AdvDoubleThrow, Name: "Double throw", PerClimb: map[string]int{"first": 1, "hors": 2}, Role: "leader",
				ClimbCategories: []string{"first", "hors"}},
		},
		Proposal: &ProposalRules{MinGap: 10, NoSprintLast: 10, KmMarkerEvery: 25, AttackLine: 50, SprintLines: []int{8, 6}, TimeIndicators: 12},
	}
}

// loadedRulesets loads the shipped rulesets from data/rulesets.
func loadedRulesets(t testing.TB) []Ruleset {
	t.Helper()
	list, err := LoadRulesets(os.DirFS("../../data"))
	if err != nil {
		t.Fatalf("LoadRulesets: %v", err)
	}
	return list
}

// loadedRuleset returns one shipped ruleset by id.
func loadedRuleset(t testing.TB, id string) Ruleset {
	t.Helper()
	for _, rs := range loadedRulesets(t) {
		if rs.ID == id {
			return rs
		}
	}
	t.Fatalf("no shipped ruleset %q", id)
	return Ruleset{}
}

// everyRuleset is the literal Cycling Party ruleset and every shipped one, by a test name.
func everyRuleset(t testing.TB) map[string]Ruleset {
	t.Helper()
	all := map[string]Ruleset{"literal-cycling-party": testCyclingParty()}
	for _, rs := range loadedRulesets(t) {
		all[rs.ID] = rs
	}
	return all
}

// fieldsOf returns the field names of a *refuse.ValidationError, or fails.
func fieldsOf(t *testing.T, err error) []string {
	t.Helper()
	var v *refuse.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("error = %v (%T), want *refuse.ValidationError", err, err)
	}
	var out []string
	for f := range v.Fields {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

func TestProposeRefusesBadRequests(t *testing.T) {
	rs := testCyclingParty()
	ok := ProposalRequest{Ruleset: "cycling-party", Name: "Tour 2027", Stages: 7, Profile: "long", RidersPerTeam: 6, Seed: 42}
	tests := []struct {
		name  string
		edit  func(*ProposalRequest)
		field string
	}{
		{"no name", func(r *ProposalRequest) { r.Name = "" }, "name"},
		{"blank name", func(r *ProposalRequest) { r.Name = "   " }, "name"},
		{"name of 81 characters", func(r *ProposalRequest) { r.Name = strings.Repeat("é", 81) }, "name"},
		{"0 stages", func(r *ProposalRequest) { r.Stages = 0 }, "stages"},
		{"31 stages", func(r *ProposalRequest) { r.Stages = 31 }, "stages"},
		{"negative stages", func(r *ProposalRequest) { r.Stages = -3 }, "stages"},
		{"no profile", func(r *ProposalRequest) { r.Profile = "" }, "profile"},
		{"unknown profile", func(r *ProposalRequest) { r.Profile = "hilly" }, "profile"},
		{"4 riders", func(r *ProposalRequest) { r.RidersPerTeam = 4 }, "riders_per_team"},
		{"7 riders", func(r *ProposalRequest) { r.RidersPerTeam = 7 }, "riders_per_team"},
		{"other ruleset", func(r *ProposalRequest) { r.Ruleset = "2ruote" }, "ruleset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := ok
			tt.edit(&req)
			_, err := Propose(rs, req)
			if got := fieldsOf(t, err); !slices.Equal(got, []string{tt.field}) {
				t.Errorf("fields = %v, want [%s]", got, tt.field)
			}
		})
	}
}

func TestProposeAcceptsEdgeRequests(t *testing.T) {
	rs := testCyclingParty()
	tests := []struct {
		name        string
		req         ProposalRequest
		wantRiders  int
		wantStages  int
		wantProfile string
	}{
		{"80 characters", ProposalRequest{Name: strings.Repeat("é", 80), Stages: 1, Profile: "classic", RidersPerTeam: 5}, 5, 1, "classic"},
		{"30 stages", ProposalRequest{Name: "Grande", Stages: 30, Profile: "long", RidersPerTeam: 6}, 6, 30, "long"},
		{"riders default to 6", ProposalRequest{Name: "X", Stages: 3, Profile: "flat"}, 6, 3, "flat"},
		{"name trimmed", ProposalRequest{Name: "  Vuelta  ", Stages: 2, Profile: "high", RidersPerTeam: 5, Seed: -9}, 5, 2, "high"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Propose(rs, tt.req)
			if err != nil {
				t.Fatalf("Propose: %v", err)
			}
			if p.RidersPerTeam != tt.wantRiders {
				t.Errorf("riders per team = %d, want %d", p.RidersPerTeam, tt.wantRiders)
			}
			if len(p.Stages) != tt.wantStages {
				t.Errorf("stages = %d, want %d", len(p.Stages), tt.wantStages)
			}
			if p.Profile != tt.wantProfile || p.Ruleset != "cycling-party" || p.Seed != tt.req.Seed {
				t.Errorf("proposal header = %q %q %d, want %q cycling-party %d", p.Profile, p.Ruleset, p.Seed, tt.wantProfile, tt.req.Seed)
			}
			if strings.TrimSpace(p.Name) != p.Name {
				t.Errorf("name = %q, want it trimmed", p.Name)
			}
		})
	}
}

func TestProposeDefaultPoints(t *testing.T) {
	p, err := Propose(testCyclingParty(), ProposalRequest{Name: "T", Stages: 1, Profile: "classic", RidersPerTeam: 6})
	if err != nil {
		t.Fatal(err)
	}
	want := PointsDefinition{StageWin: 5, Individual: []int{25, 18, 12, 8, 5}, Regularity: []int{12, 7, 3},
		Mountain: []int{12, 7, 3}, Sprints: []int{8, 4, 2}, Teams: []int{12, 7, 3}}
	if !reflect.DeepEqual(p.Points, want) {
		t.Errorf("points = %+v, want %+v", p.Points, want)
	}
}

func TestProposeIsDeterministic(t *testing.T) {
	for name, rs := range everyRuleset(t) {
		for _, profile := range Profiles() {
			req := ProposalRequest{Name: "Det", Stages: 21, Profile: profile, RidersPerTeam: defaultRidersPerTeam(rs.Team), Seed: 77, Advanced: true}
			a, err := Propose(rs, req)
			if err != nil {
				t.Fatalf("%s %s: %v", name, profile, err)
			}
			b, _ := Propose(rs, req)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s %s: two proposals with seed 77 differ", name, profile)
			}
			req.Seed = 78
			c, _ := Propose(rs, req)
			if reflect.DeepEqual(a.Stages, c.Stages) {
				t.Errorf("%s %s: seeds 77 and 78 gave the same stages", name, profile)
			}
		}
	}
}

// proposalSeeds is how many seeds the property tests try per ruleset and profile.
const proposalSeeds = 200

func TestProposalProperties(t *testing.T) {
	for name, rs := range everyRuleset(t) {
		t.Run(name, func(t *testing.T) {
			for _, profile := range Profiles() {
				for seed := int64(0); seed < proposalSeeds; seed++ {
					req := ProposalRequest{Name: "Prop", Stages: 1 + int(seed%30), Profile: profile,
						RidersPerTeam: defaultRidersPerTeam(rs.Team), Seed: seed * 7919, Advanced: seed%2 == 0}
					p, err := Propose(rs, req)
					if err != nil {
						t.Fatalf("%s seed %d: %v", profile, req.Seed, err)
					}
					where := fmt.Sprintf("%s seed %d", profile, req.Seed)
					if len(p.Stages) != req.Stages {
						t.Fatalf("%s: stages = %d, want %d", where, len(p.Stages), req.Stages)
					}
					if err := ValidateStages(rs, p.Stages); err != nil {
						t.Fatalf("%s: ValidateStages refused the proposal: %v", where, err)
					}
					for i, st := range p.Stages {
						checkProposedStage(t, rs, fmt.Sprintf("%s stage %d", where, i+1), i+1, st, req.Advanced)
					}
					checkProfileMix(t, rs, where, profile, p.Stages)
				}
			}
		})
	}
}

// checkProposedStage checks one proposed stage against its stage type and the proposal rules.
func checkProposedStage(t *testing.T, rs Ruleset, where string, number int, st Stage, advanced bool) {
	t.Helper()
	typ, ok := rs.StageType(st.Type)
	if !ok {
		t.Fatalf("%s: unknown type %q", where, st.Type)
	}
	if st.Number != number || st.State != StatePlanned {
		t.Errorf("%s: number, state = %d, %q, want %d, planned", where, st.Number, st.State, number)
	}
	pr := proposalRules(rs)
	cards := len(rs.Cards) > 0
	// Length in the type's range (2RUOTE: terrain cards).
	length := st.Length
	if cards {
		length = 0
		for _, id := range st.Cards {
			if c, _ := lookupCard(rs, id); cardSpecial(c) == "" {
				length++
			}
		}
	}
	if length < typ.MinLength || length > typ.MaxLength {
		t.Errorf("%s: %s length = %d, want %d–%d", where, st.Type, length, typ.MinLength, typ.MaxLength)
	}
	// Climbs: count, categories, must-include, length of category, order, gaps.
	if !cards || advanced {
		if n := len(st.Climbs); n < typ.MinClimbs || n > typ.MaxClimbs {
			t.Errorf("%s: %s climbs = %d, want %d–%d", where, st.Type, n, typ.MinClimbs, typ.MaxClimbs)
		}
		for _, must := range typ.MustInclude {
			if !slices.ContainsFunc(st.Climbs, func(c Climb) bool { return c.Category == must }) {
				t.Errorf("%s: %s stage has no %s climb", where, st.Type, must)
			}
		}
	} else if len(st.Climbs) != 0 || len(st.Sprints) != 0 {
		t.Errorf("%s: basic 2RUOTE climbs, sprints = %d, %d, want 0, 0", where, len(st.Climbs), len(st.Sprints))
	}
	for j, c := range st.Climbs {
		if c.Index != j+1 {
			t.Errorf("%s climb %d: index = %d, want %d", where, j+1, c.Index, j+1)
		}
		if !slices.Contains(typ.ClimbCategories, c.Category) && !slices.Contains(typ.MustInclude, c.Category) {
			t.Errorf("%s climb %d: category %q not drawn from %v", where, j+1, c.Category, typ.ClimbCategories)
		}
		cat, _ := rs.ClimbCategory(c.Category)
		if cat.Squares > 0 && c.End-c.Start+1 != cat.Squares {
			t.Errorf("%s climb %d: %s squares = %d, want %d", where, j+1, c.Category, c.End-c.Start+1, cat.Squares)
		}
		if cards {
			continue
		}
		prevEnd := 0
		if j > 0 {
			prevEnd = st.Climbs[j-1].End
		}
		if gap := c.Start - prevEnd - 1; gap < pr.MinGap {
			t.Errorf("%s climb %d: %d flat squares before it, want at least %d", where, j+1, gap, pr.MinGap)
		}
		if j == len(st.Climbs)-1 && c.End != st.Length {
			if gap := st.Length - c.End; gap < pr.MinGap {
				t.Errorf("%s climb %d: %d flat squares before the finish, want at least %d", where, j+1, gap, pr.MinGap)
			}
		}
		if c.End == st.Length && !typ.FinishOnClimb {
			t.Errorf("%s climb %d: a %s stage finishes on a climb", where, j+1, st.Type)
		}
	}
	// Sprints: count, flat squares, not in the last NoSprintLast squares.
	if !cards || advanced {
		if len(st.Sprints) != typ.Sprints {
			t.Errorf("%s: %s sprints = %d, want %d", where, st.Type, len(st.Sprints), typ.Sprints)
		}
	}
	for j, s := range st.Sprints {
		if s.Index != j+1 {
			t.Errorf("%s sprint %d: index = %d, want %d", where, j+1, s.Index, j+1)
		}
		if k := climbAt(st.Climbs, s.At); k >= 0 {
			t.Errorf("%s sprint %d: square %d is inside climb %d", where, j+1, s.At, k+1)
		}
		if !cards && s.At > st.Length-pr.NoSprintLast {
			t.Errorf("%s sprint %d: square %d is in the last %d of %d", where, j+1, s.At, pr.NoSprintLast, st.Length)
		}
		if len(st.Sections) > 0 && !flatSectionSquares(st, "flat")(s.At) {
			t.Errorf("%s sprint %d: square %d is not on a flat section", where, j+1, s.At)
		}
		if cards {
			if c, _ := lookupCard(rs, st.Cards[s.At-1]); cardSpecial(c) != CardTV {
				t.Errorf("%s sprint %d: card %d is %q, want a TV card", where, j+1, s.At, st.Cards[s.At-1])
			}
		}
	}
	if !reflect.DeepEqual(st.Markers, StageMarkers(rs, st)) {
		t.Errorf("%s: markers are not StageMarkers of the stage", where)
	}
	if len(st.Sections) > 0 {
		built, err := BuildSectionStage(rs, st)
		if err != nil || built.Length != st.Length {
			t.Errorf("%s: sections build to %d squares (%v), want %d", where, built.Length, err, st.Length)
		}
	}
}

// hasEveryLevel reports whether a ruleset has a road stage type of each level flat … high.
func hasEveryLevel(rs Ruleset) bool {
	for _, id := range canonicalLevelIDs() {
		if _, ok := rs.StageType(id); !ok {
			return false
		}
	}
	return true
}

// checkProfileMix checks the stage-type mix rules of docs/rules.md §1.4 on a proposal.
func checkProfileMix(t *testing.T, rs Ruleset, where, profile string, stages []Stage) {
	t.Helper()
	n := len(stages)
	var count [4]int
	levels := make([]int, n)
	for i, st := range stages {
		levels[i] = stageLevel(rs, st.Type)
		count[levels[i]]++
	}
	full := hasEveryLevel(rs)
	switch profile {
	case ProfileFlat:
		if count[levelHigh] != 0 {
			t.Errorf("%s: flat profile has %d high stages, want 0", where, count[levelHigh])
		}
		if 2*count[levelFlat] <= n {
			t.Errorf("%s: flat profile has %d flat stages of %d, want more than half", where, count[levelFlat], n)
		}
	case ProfileMedium:
		if count[levelHigh] > n/7 {
			t.Errorf("%s: medium profile has %d high stages in %d, want at most %d", where, count[levelHigh], n, n/7)
		}
		if full {
			rest := n - count[levelHigh]
			for l := levelFlat; l <= levelMedium; l++ {
				if d := count[l] - rest/3; d < 0 || d > 1 {
					t.Errorf("%s: medium profile level %d stages = %d, want %d or %d", where, l, count[l], rest/3, rest/3+1)
				}
			}
		}
	case ProfileHigh:
		if 10*count[levelHigh] < 4*n {
			t.Errorf("%s: high profile has %d high stages in %d, want at least 40%%", where, count[levelHigh], n)
		}
	case ProfileClassic:
		for i, l := range levels {
			if full && l != levelLow && l != levelMedium {
				t.Errorf("%s: classic stage %d is %s, want low or medium", where, i+1, stages[i].Type)
			}
		}
	case ProfileLong:
		if !slices.Contains(levels[n-min(3, n):], levelHigh) {
			t.Errorf("%s: long profile has no high stage among the last three", where)
		}
		if full {
			for i, l := range levels {
				if i < n/2 && l > levelLow {
					t.Errorf("%s: long stage %d of %d is %s, want flat or low in the first half", where, i+1, n, stages[i].Type)
				}
				if i >= n/2 && l < levelMedium {
					t.Errorf("%s: long stage %d of %d is %s, want medium or high in the second half", where, i+1, n, stages[i].Type)
				}
			}
		}
	}
}

func TestProposeLongHasSpecialCiclismoStages(t *testing.T) {
	rs := loadedRuleset(t, "ciclismo-a-fondo")
	p, err := Propose(rs, ProposalRequest{Name: "Vuelta", Stages: 21, Profile: "long", RidersPerTeam: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, st := range p.Stages {
		got[st.Type]++
	}
	if p.Stages[0].Type != "itt" {
		t.Errorf("stage 1 type = %q, want itt", p.Stages[0].Type)
	}
	for _, id := range []string{"ttt", "mountain_itt", "queen"} {
		if got[id] != 1 {
			t.Errorf("%s stages = %d, want 1", id, got[id])
		}
	}
}

func TestProposeHighStageMayFinishOnItsLastClimb(t *testing.T) {
	rs := testCyclingParty()
	summits := 0
	for seed := range int64(100) {
		p, err := Propose(rs, ProposalRequest{Name: "H", Stages: 5, Profile: "high", RidersPerTeam: 6, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range p.Stages {
			if n := len(st.Climbs); n > 0 && st.Climbs[n-1].End == st.Length {
				summits++
				if st.Climbs[n-1].Category != "hors" {
					t.Errorf("seed %d: summit finish on a %s climb, want the hors one", seed, st.Climbs[n-1].Category)
				}
			}
		}
	}
	if summits == 0 {
		t.Errorf("summit finishes = 0 in 500 high-profile stages, want some")
	}
}
