package race

import (
	"fmt"
	"slices"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// Allowance scopes: what an allowance is counted over.
const (
	ScopeStage = "stage"
	ScopeTour  = "tour"
	ScopeClimb = "climb"
)

// Sprint variants (docs/rules.md §1.6).
const (
	Variant3d6 = "3d6"
	VariantD20 = "d20"
)

// advantageRules returns the ruleset's advantages, or docs/rules.md §1.6's for a Cycling Party ruleset
// that lists none.
func advantageRules(rs Ruleset) []AdvantageRule {
	if len(rs.Advantages) > 0 || rs.TimeModel != TimeModelCyclingParty {
		return rs.Advantages
	}
	return []AdvantageRule{
		{Kind: AdvWaterBottle, Name: "Water bottle", PerStage: 5, PerRiderPerTurn: 2, PerTeamPerTurn: 3, NotAfterFinish: true},
		{Kind: AdvSprint, Name: "Sprint", Role: "sprinter", Variants: []string{Variant3d6, VariantD20},
			PerStageByType: map[string]int{"flat": 3, "low": 2, "medium": 1, "high": 1}},
		{Kind: AdvAttack, Name: "Attack", PerStage: 1},
		{Kind: AdvMountainAttack, Name: "Mountain attack", PerTourHorsHalf: true, Role: "leader", ClimbCategories: []string{"hors"}},
		{Kind: AdvDoubleThrow, Name: "Double throw", Role: "leader", PerClimb: map[string]int{"first": 1, "hors": 2}},
	}
}

// lookupAdvantage finds the advantage rule of a kind.
func lookupAdvantage(rs Ruleset, kind string) (AdvantageRule, bool) {
	for _, a := range advantageRules(rs) {
		if a.Kind == kind {
			return a, true
		}
	}
	return AdvantageRule{}, false
}

// CheckAdvantage says whether one more use of an advantage may be recorded in the current stage:
// nil when it may; a *refuse.ValidationError when the rule forbids it (unknown kind or bib, an abandoned
// rider, the wrong role, climb or variant, a rider who has finished, too many in one turn or on one
// climb, effort points the rider does not have); a *refuse.ConflictError when the allowance is used up.
func CheckAdvantage(t *Tour, prior []StageResult, cur StageResult, use AdvantageUse) error {
	rs := t.Ruleset
	rule, ok := lookupAdvantage(rs, use.Kind)
	isEffort := use.Kind == AdvEffort && rs.Effort != nil
	if !ok && !isEffort {
		return refuse.Invalidf("kind", "unknown advantage %q for ruleset %s", use.Kind, rs.ID)
	}
	rider, ok := t.RiderByBib(use.Bib)
	if !ok {
		return refuse.Invalidf("bib", "unknown bib %d", use.Bib)
	}
	if abandonedIn(t, prior, cur, use.Bib) {
		return refuse.Invalidf("bib", "bib %d has abandoned", use.Bib)
	}
	stage, ok := stageOf(t, cur.Stage)
	if !ok {
		return refuse.Invalidf("stage", "the tour has no stage %d", cur.Stage)
	}
	if isEffort {
		return checkEffort(t, prior, cur, use)
	}
	name := advantageWord{rule: rule, count: 1}
	if rule.Role != "" && riderRole(rs, rider) != rule.Role {
		return refuse.Invalidf("bib", "only the %s can use a %s (bib %d is the %s)",
			roleWord(rs, rule.Role), name, use.Bib, roleWord(rs, riderRole(rs, rider)))
	}
	climbLimit := 0
	if len(rule.ClimbCategories) > 0 || len(rule.PerClimb) > 0 {
		if use.Climb < 1 || use.Climb > len(stage.Climbs) {
			return refuse.Invalidf("climb", "stage %d has no climb %d", cur.Stage, use.Climb)
		}
		cat := climbByIndex(stage, use.Climb).Category
		allowed := slices.Contains(rule.ClimbCategories, cat) || len(rule.ClimbCategories) == 0
		climbLimit = rule.PerClimb[cat]
		if !allowed || len(rule.PerClimb) > 0 && climbLimit == 0 {
			var allowed []any
			for _, c := range climbCategoriesOf(rule) {
				allowed = append(allowed, climbCategoryWord{rs: &rs, id: c})
			}
			return refuse.Invalidf("climb", "a %s is not allowed on climb %d (%s): only on %s",
				name, use.Climb, climbCategoryWord{rs: &rs, id: cat}, orWords(allowed))
		}
	}
	if climbLimit > 0 || len(rule.ClimbCategories) > 0 {
		if err := notCombined(rs, cur, use); err != nil {
			return err
		}
	}
	if len(rule.Variants) > 0 && !slices.Contains(rule.Variants, use.Variant) {
		return refuse.Invalidf("variant", "must be %s", orList(rule.Variants))
	}
	if use.Turn < 0 {
		return refuse.Invalid("turn", "must be at least 1 (or 0 when not given)")
	}
	if rule.NotAfterFinish {
		if err := notAfterFinish(t, cur, use, name); err != nil {
			return err
		}
	}
	team := teamName(t, rider)
	if use.Turn > 0 && (rule.PerRiderPerTurn > 0 || rule.PerTeamPerTurn > 0) {
		byRider, byTeam := 0, 0
		for _, u := range cur.Advantages {
			if u.Kind != use.Kind || u.Turn != use.Turn {
				continue
			}
			if u.Bib == use.Bib {
				byRider++
			}
			if bibTeam(t, u.Bib) == rider.TeamID {
				byTeam++
			}
		}
		if rule.PerRiderPerTurn > 0 && byRider >= rule.PerRiderPerTurn {
			return refuse.Invalidf("turn", "bib %d already has %d %s in turn %d (at most %d to one rider)",
				use.Bib, byRider, advantageWord{rule, byRider}, use.Turn, rule.PerRiderPerTurn)
		}
		if rule.PerTeamPerTurn > 0 && byTeam >= rule.PerTeamPerTurn {
			return refuse.Invalidf("turn", "team %s already gave %d %s in turn %d (at most %d per team)",
				team, byTeam, advantageWord{rule, byTeam}, use.Turn, rule.PerTeamPerTurn)
		}
	}
	if climbLimit > 0 {
		used := countUses(t, []StageResult{cur}, use.Kind, rider.TeamID, use.Climb)
		if used >= climbLimit {
			return refuse.Conflictf("team %s has used its %d %s on climb %d",
				team, climbLimit, advantageWord{rule, climbLimit}, use.Climb)
		}
	}
	if limit := stageLimit(rs, rule, stage.Type); limit > 0 {
		if used := countUses(t, []StageResult{cur}, use.Kind, rider.TeamID, 0); used >= limit {
			return refuse.Conflictf("team %s has used its %d %s this stage", team, limit, advantageWord{rule, limit})
		}
	}
	if rule.PerTourHorsHalf {
		limit := tourClimbAllowance(t, rule)
		all := append(priorOnly(prior, cur.Stage), cur)
		if used := countUses(t, all, use.Kind, rider.TeamID, 0); used >= limit {
			if limit == 0 {
				return refuse.Conflictf("team %s has no %s in this tour", team, advantageWord{rule, 2})
			}
			return refuse.Conflictf("team %s has used its %d %s this tour", team, limit, advantageWord{rule, limit})
		}
	}
	return nil
}

// notAfterFinish refuses a use that is known to come after the rider crossed the finish line. A
// rider already in the finish may still get one he took before it: the director then gives the turn,
// and where the time model counts turns from the start of the stage (Ciclismo a fondo) a turn after
// the rider's finish turn is refused. The Cycling Party finish counts turns from the winner's, not
// from the start, so there a rider's stated turn cannot be compared and is taken as given.
func notAfterFinish(t *Tour, cur StageResult, use AdvantageUse, name advantageWord) error {
	if !finishes(cur.Finish, use.Bib) {
		return nil
	}
	if use.Turn == 0 {
		return refuse.Invalidf("turn", "bib %d has finished the stage: to record a %s he took before his finish, give the turn it was taken", use.Bib, name)
	}
	if turn, ok := finishTurn(t, cur, use.Bib); ok && use.Turn > turn {
		return refuse.Invalidf("turn", "bib %d finished in turn %d: a %s in turn %d is after his finish; give the turn the %s was taken", use.Bib, turn, name, use.Turn, name)
	}
	return nil
}

// finishTurn is the turn, counted from the start of the stage, in which a rider crossed the finish
// line; ok is false when the time model does not count turns that way or the rider has no finish.
func finishTurn(t *Tour, cur StageResult, bib int) (int, bool) {
	if t.Ruleset.TimeModel != TimeModelTurns {
		return 0, false
	}
	for _, g := range cur.Finish.Groups {
		if slices.Contains(g.Riders, bib) {
			return g.Turn, true
		}
	}
	return 0, false
}

// notCombined refuses a mountain attack together with another advantage of the same rider on the same
// climb, in either order: the rulebook says the mountain attack "cannot be combined with any other
// advantage".
func notCombined(rs Ruleset, cur StageResult, use AdvantageUse) error {
	for _, u := range cur.Advantages {
		if u.Bib != use.Bib || u.Climb != use.Climb || u.Kind == use.Kind {
			continue
		}
		if u.Kind != AdvMountainAttack && use.Kind != AdvMountainAttack {
			continue
		}
		other, ok := lookupAdvantage(rs, u.Kind)
		if !ok || len(other.ClimbCategories) == 0 && len(other.PerClimb) == 0 {
			continue // a use not bound to a climb (its climb number means nothing)
		}
		attack, _ := lookupAdvantage(rs, AdvMountainAttack)
		return refuse.Invalidf("climb", "bib %d already has a %s on climb %d: a %s cannot be combined with any other advantage",
			use.Bib, advantageWord{other, 1}, use.Climb, advantageWord{attack, 1})
	}
	return nil
}

// stageLimit is a rule's per-stage allowance for a stage type (0: not limited per stage); a sprint
// rule without a number for the type takes the stage type's sprint advantages.
func stageLimit(rs Ruleset, rule AdvantageRule, stageType string) int {
	if n, ok := rule.PerStageByType[stageType]; ok {
		return n
	}
	if st, ok := rs.StageType(stageType); ok && rule.Kind == AdvSprint && st.SprintAdvantages > 0 && rule.PerStage == 0 {
		return st.SprintAdvantages
	}
	return rule.PerStage
}

// tourClimbAllowance is a per-tour allowance of half the tour's climbs of the rule's categories
// (hors by default), rounded up.
func tourClimbAllowance(t *Tour, rule AdvantageRule) int {
	cats := rule.ClimbCategories
	if len(cats) == 0 {
		cats = []string{"hors"}
	}
	n := 0
	for _, st := range t.Stages {
		for _, c := range st.Climbs {
			if slices.Contains(cats, c.Category) {
				n++
			}
		}
	}
	return (n + 1) / 2
}

// countUses counts the uses of a kind by a team's riders in the results (on one climb when climb > 0).
func countUses(t *Tour, results []StageResult, kind string, teamID, climb int) int {
	n := 0
	for _, res := range results {
		for _, u := range res.Advantages {
			if u.Kind == kind && bibTeam(t, u.Bib) == teamID && (climb == 0 || u.Climb == climb) {
				n++
			}
		}
	}
	return n
}

// priorOnly drops any result of the current stage from prior, so it is not counted twice.
func priorOnly(prior []StageResult, current int) []StageResult {
	out := make([]StageResult, 0, len(prior))
	for _, r := range prior {
		if r.Stage != current {
			out = append(out, r)
		}
	}
	return out
}

// stageOf finds a tour stage by number (or by position when numbers are not set).
func stageOf(t *Tour, number int) (Stage, bool) {
	for _, st := range t.Stages {
		if st.Number == number {
			return st, true
		}
	}
	if number >= 1 && number <= len(t.Stages) && t.Stages[number-1].Number == 0 {
		return t.Stages[number-1], true
	}
	return Stage{}, false
}

// climbByIndex returns the climb with that index (or at that position when indices are not set).
func climbByIndex(st Stage, index int) Climb {
	for _, c := range st.Climbs {
		if c.Index == index {
			return c
		}
	}
	return st.Climbs[index-1]
}

// abandonedIn reports whether a rider left the race before the current stage (abandoned, retired for
// fatigue or put out by a time limit) or abandoned in it: he may use no advantage.
func abandonedIn(t *Tour, prior []StageResult, cur StageResult, bib int) bool {
	return leftRace(t, prior, cur)(bib)
}

// leftRace is abandonedIn for many riders, the exits counted once.
func leftRace(t *Tour, prior []StageResult, cur StageResult) func(bib int) bool {
	out := OutBefore(t, priorOnly(prior, cur.Stage), cur.Stage)
	return func(bib int) bool {
		if _, gone := out[bib]; gone {
			return true
		}
		return BarredInStage(cur, EntryAbandon, bib)
	}
}

// riderRole is a rider's role, or the role his counter number gives.
func riderRole(rs Ruleset, r Rider) string {
	if r.Role != "" {
		return r.Role
	}
	if role, ok := rs.RoleForCounter(r.Number); ok {
		return role.ID
	}
	return ""
}

// bibTeam is the team id of a bib: its rider's, else bib / 10.
func bibTeam(t *Tour, bib int) int {
	if r, ok := t.RiderByBib(bib); ok && r.TeamID != 0 {
		return r.TeamID
	}
	return bib / 10
}

// teamName names a rider's team for messages.
func teamName(t *Tour, r Rider) string {
	if team, ok := t.TeamByID(bibTeam(t, r.Bib)); ok && team.Name != "" {
		return team.Name
	}
	return fmt.Sprint(bibTeam(t, r.Bib))
}

// advantageName is an advantage's English name in lower case ("water bottle"), for the English
// sentences the engine makes.
func advantageName(rule AdvantageRule) string {
	if name := rule.NameIn(LanguageEnglish); name != "" {
		return strings.ToLower(name)
	}
	return strings.ReplaceAll(rule.Kind, "_", " ")
}

// pluralName adds an "s" to a name when n is not 1.
func pluralName(name string, n int) string {
	if n == 1 || strings.HasSuffix(name, "s") {
		return name
	}
	return name + "s"
}

// climbCategoriesOf lists the categories a climb-bound rule allows.
func climbCategoriesOf(rule AdvantageRule) []string {
	if len(rule.ClimbCategories) > 0 {
		return rule.ClimbCategories
	}
	var cats []string
	for c, n := range rule.PerClimb {
		if n > 0 {
			cats = append(cats, c)
		}
	}
	slices.Sort(cats)
	return cats
}

// roleWord names a role in a refusal, in the sentence's language ("Sprinter (SP)", "Velocista (SP)").
func roleWord(rs Ruleset, id string) any {
	if role, ok := rs.Role(id); ok {
		return RoleLabel(role)
	}
	if id == "" {
		return i18n.Textf("rider without a role")
	}
	return id
}
