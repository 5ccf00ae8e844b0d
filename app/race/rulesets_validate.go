package race

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"racedirector/app/refuse"
)

// Time units a ruleset can keep stage times in.
const (
	UnitSeconds    = "seconds"
	UnitTurns      = "turns"
	UnitHundredths = "hundredths"
)

// Stage type time trials (StageType.TimeTrial).
const (
	TimeTrialIndividual = "individual"
	TimeTrialTeam       = "team"
)

// MaxRidersPerTeam is the most riders a team can have: bibs are team × 10 + counter 1..9.
const MaxRidersPerTeam = 9

// Validate checks that the ruleset's tables are complete and consistent: unique ids, point tables
// that never increase nor go below zero, categories and roles that exist wherever they are named,
// team rules that allow a team, a known time model, jerseys of classifications the ruleset has.
// The error is a *refuse.ValidationError keyed by JSON path ("stage_types[2].regularity").
func (r *Ruleset) Validate() error {
	v := &refuse.ValidationError{}
	r.validateHeader(v)
	r.validateRoles(v)
	r.validateTeam(v)
	cats := r.validateClimbCategories(v)
	types := r.validateStageTypes(v, cats)
	r.validateSections(v, cats)
	r.validateCards(v)
	checkTable(v, "sprint_points", r.SprintPoints)
	checkTable(v, "sprint_regularity", r.SprintRegularity)
	checkTable(v, "sprint_bonuses", r.SprintBonuses)
	checkTable(v, "climb_bonuses", r.ClimbBonuses)
	checkTable(v, "finish_bonuses", r.FinishBonuses)
	r.validateClassifications(v)
	if r.Points != nil {
		checkPoints(v, "points", *r.Points)
	}
	r.validateAdvantages(v, types, cats)
	r.validateExtras(v)
	r.validateWeatherAndLostTurns(v)
	r.validateCeiling(v)
	r.validateLanguage(v)
	return v.Err()
}

// MaxRulesetNumber is the largest whole number a ruleset's tables may hold. The shipped ones stay
// under 250 (the longest stage has 400 squares, a team 9 riders); a ruleset read from a backup file
// is untrusted, and a huge allowance, indicator count or points value would make every sheet and
// page of its tour loop for ever or overflow.
const MaxRulesetNumber = 1000

// validateCeiling refuses any number of the ruleset above MaxRulesetNumber, by its JSON path.
func (r *Ruleset) validateCeiling(v *refuse.ValidationError) {
	data, err := json.Marshal(r)
	if err != nil {
		v.Addf("", "cannot be read: %v", err)
		return
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		v.Addf("", "cannot be read: %v", err)
		return
	}
	var walk func(path string, x any)
	walk = func(path string, x any) {
		switch x := x.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				walk(strings.TrimPrefix(path+"."+k, "."), x[k])
			}
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
		case json.Number:
			if n, err := x.Int64(); err != nil || n > MaxRulesetNumber {
				v.Addf(path, "must be at most %d", MaxRulesetNumber)
			}
		}
	}
	walk("", tree)
}

// validateHeader checks the id, name and time model.
func (r *Ruleset) validateHeader(v *refuse.ValidationError) {
	if r.ID == "" {
		v.Add("id", "is required")
	} else if !isSlug(r.ID) {
		v.Add("id", "must use only lower-case letters, digits, '-' and '_'")
	}
	if strings.TrimSpace(r.Name) == "" {
		v.Add("name", "is required")
	}
	units := map[string][]string{
		TimeModelCyclingParty: {UnitSeconds},
		TimeModelTurns:        {UnitTurns},
		TimeModelSectors:      {UnitSeconds},
		TimeModelClock:        {UnitSeconds, UnitHundredths},
	}
	allowed, ok := units[r.TimeModel]
	switch {
	case !ok:
		v.Addf("time_model", "%q is not a time model (one of %s, %s, %s, %s)", r.TimeModel,
			TimeModelCyclingParty, TimeModelTurns, TimeModelSectors, TimeModelClock)
	case !slices.Contains(allowed, r.TimeUnit):
		v.Addf("time_unit", "must be %s for the %s time model", strings.Join(allowed, " or "), r.TimeModel)
	}
	if r.OfficialResults && r.TimeModel != TimeModelClock {
		v.Add("official_results", "is only used by the clock time model")
	}
	switch {
	case r.TimeModel == TimeModelSectors && r.SecondsPerSector <= 0:
		v.Add("seconds_per_sector", "must be more than 0 for the sectors time model")
	case ok && r.TimeModel != TimeModelSectors && r.SecondsPerSector != 0:
		v.Add("seconds_per_sector", "is only used by the sectors time model")
	}
}

// validateRoles checks role ids, counter numbers and limits.
func (r *Ruleset) validateRoles(v *refuse.ValidationError) {
	ids := map[string]bool{}
	counters := map[int]bool{}
	for i, ro := range r.Roles {
		p := fmt.Sprintf("roles[%d]", i)
		checkID(v, p+".id", ro.ID, ids)
		if strings.TrimSpace(ro.Name) == "" {
			v.Add(p+".name", "is required")
		}
		switch {
		case ro.Counter < 0 || ro.Counter > MaxRidersPerTeam:
			v.Addf(p+".counter", "must be between 0 and %d", MaxRidersPerTeam)
		case ro.Counter > 0 && counters[ro.Counter]:
			v.Addf(p+".counter", "counter %d already gives another role", ro.Counter)
		case ro.Counter > r.Team.MaxRiders:
			v.Addf(p+".counter", "must be at most team.max_riders (%d)", r.Team.MaxRiders)
		}
		counters[ro.Counter] = true
		if ro.MaxPerTeam < 0 {
			v.Add(p+".max_per_team", "must not be negative")
		}
	}
}

// validateTeam checks that the team rules allow at least one team.
func (r *Ruleset) validateTeam(v *refuse.ValidationError) {
	t := r.Team
	if t.MinRiders < 1 {
		v.Add("team.min_riders", "must be at least 1")
	}
	if t.MaxRiders > MaxRidersPerTeam {
		v.Addf("team.max_riders", "must be at most %d", MaxRidersPerTeam)
	}
	if t.MaxRiders < t.MinRiders {
		v.Addf("team.max_riders", "must be at least team.min_riders (%d)", t.MinRiders)
	}
	for i, n := range t.RiderCounts {
		switch {
		case n < t.MinRiders || n > t.MaxRiders:
			v.Addf(fmt.Sprintf("team.rider_counts[%d]", i), "must be between team.min_riders and team.max_riders (%d–%d)", t.MinRiders, t.MaxRiders)
		case i > 0 && n <= t.RiderCounts[i-1]:
			v.Add(fmt.Sprintf("team.rider_counts[%d]", i), "must be larger than the count before it")
		}
	}
	if t.MinTeams < 1 {
		v.Add("team.min_teams", "must be at least 1")
	}
	if t.MaxTeams < t.MinTeams {
		v.Addf("team.max_teams", "must be at least team.min_teams (%d)", t.MinTeams)
	}
	if len(r.Roles) > 0 {
		limited := 0
		for _, ro := range r.Roles {
			if ro.MaxPerTeam == 0 {
				limited = -1
				break
			}
			limited += ro.MaxPerTeam
		}
		if limited >= 0 && limited < t.MinRiders {
			v.Addf("team.min_riders", "cannot be met: the roles allow at most %d riders per team", limited)
		}
	}
	ids := map[string]bool{}
	for i, a := range t.Attributes {
		p := fmt.Sprintf("team.attributes[%d]", i)
		checkID(v, p+".id", a.ID, ids)
		if a.Max < a.Min {
			v.Addf(p+".max", "must be at least min (%d)", a.Min)
		}
	}
	if t.MaxCost < 0 {
		v.Add("team.max_cost", "must not be negative")
	}
	if t.MaxCost > 0 {
		i := slices.IndexFunc(t.Attributes, func(a AttributeRule) bool { return a.ID == "cost" })
		switch {
		case i < 0:
			v.Add("team.max_cost", `needs a "cost" attribute in team.attributes`)
		case t.Attributes[i].Min*t.MinRiders > t.MaxCost:
			v.Addf("team.max_cost", "cannot be met: %d riders cost at least %d", t.MinRiders, t.Attributes[i].Min*t.MinRiders)
		}
	}
}

// validateClimbCategories checks the categories and returns their ids.
func (r *Ruleset) validateClimbCategories(v *refuse.ValidationError) map[string]bool {
	ids := map[string]bool{}
	ranks := map[int]bool{}
	for i, c := range r.ClimbCategories {
		p := fmt.Sprintf("climb_categories[%d]", i)
		checkID(v, p+".id", c.ID, ids)
		if c.Squares < 0 {
			v.Add(p+".squares", "must not be negative")
		}
		checkTable(v, p+".points", c.Points)
		switch {
		case c.Rank < 1:
			v.Add(p+".rank", "must be at least 1 (1 is the hardest category)")
		case ranks[c.Rank]:
			v.Addf(p+".rank", "rank %d is already another category's", c.Rank)
		}
		ranks[c.Rank] = true
	}
	return ids
}

// validateStageTypes checks every stage type against the climb categories and returns their ids.
func (r *Ruleset) validateStageTypes(v *refuse.ValidationError, cats map[string]bool) map[string]bool {
	ids := map[string]bool{}
	if len(r.StageTypes) == 0 {
		v.Add("stage_types", "must list at least one stage type")
	}
	for i, st := range r.StageTypes {
		p := fmt.Sprintf("stage_types[%d]", i)
		checkID(v, p+".id", st.ID, ids)
		if st.MinClimbs < 0 {
			v.Add(p+".min_climbs", "must not be negative")
		}
		if st.MaxClimbs < st.MinClimbs {
			v.Addf(p+".max_climbs", "must be at least min_climbs (%d)", st.MinClimbs)
		}
		if st.MaxClimbs > 0 && len(st.ClimbCategories) == 0 {
			v.Add(p+".climb_categories", "must name at least one category when the stage type has climbs")
		}
		checkRefs(v, p+".climb_categories", st.ClimbCategories, cats, "climb category")
		checkRefs(v, p+".must_include", st.MustInclude, cats, "climb category")
		for j, c := range st.MustInclude {
			if !slices.Contains(st.ClimbCategories, c) {
				v.Addf(fmt.Sprintf("%s.must_include[%d]", p, j), "%q is not in climb_categories", c)
			}
		}
		if len(st.MustInclude) > st.MaxClimbs {
			v.Addf(p+".must_include", "names more categories than max_climbs (%d)", st.MaxClimbs)
		}
		if st.Sprints < 0 {
			v.Add(p+".sprints", "must not be negative")
		}
		for j, t := range st.Terrains {
			if !slices.Contains(stageTerrains(), t) {
				v.Addf(fmt.Sprintf("%s.terrains[%d]", p, j), "must be one of %s", orList(stageTerrains()))
			}
		}
		if st.MinLength < 0 {
			v.Add(p+".min_length", "must not be negative")
		}
		if st.MaxLength < st.MinLength {
			v.Addf(p+".max_length", "must be at least min_length (%d)", st.MinLength)
		}
		checkTable(v, p+".regularity", st.Regularity)
		if st.SprintAdvantages < 0 {
			v.Add(p+".sprint_advantages", "must not be negative")
		}
		switch st.TimeTrial {
		case "", TimeTrialIndividual:
		case TimeTrialTeam:
			if r.TeamBest < 1 {
				v.Add(p+".time_trial", "a team time trial needs team_best (the rider whose time the team takes)")
			}
		default:
			v.Addf(p+".time_trial", "must be empty, %q or %q", TimeTrialIndividual, TimeTrialTeam)
		}
	}
	return ids
}

// validateSections checks the Ciclismo a fondo section conversion table.
func (r *Ruleset) validateSections(v *refuse.ValidationError, cats map[string]bool) {
	ids := map[string]bool{}
	for i, s := range r.Sections {
		p := fmt.Sprintf("sections[%d]", i)
		checkID(v, p+".id", s.ID, ids)
		if s.SquaresPerKm < 1 {
			v.Add(p+".squares_per_km", "must be at least 1")
		}
		if s.MinKm < 0 {
			v.Add(p+".min_km", "must not be negative")
		}
		if s.MaxKm != 0 && s.MaxKm < s.MinKm {
			v.Addf(p+".max_km", "must be 0 (no limit) or at least min_km (%d)", s.MinKm)
		}
		if s.Climb != "" && !cats[s.Climb] {
			v.Addf(p+".climb", "%q is not a climb category of this ruleset", s.Climb)
		}
		switch {
		case s.Terrain != "" && s.Terrain != SectionFlat && s.Terrain != SectionDescent && s.Terrain != SectionTimeTrial:
			v.Addf(p+".terrain", "must be %s, %s or %s", SectionFlat, SectionDescent, SectionTimeTrial)
		case s.Terrain != "" && s.Climb != "":
			v.Add(p+".terrain", "is not given to a climb section")
		case s.Terrain == "" && s.Climb == "":
			v.Add(p+".terrain", "is required for a section that is not a climb")
		}
		if s.Drop < 0 || s.Drop > 3 || s.Drop != 0 && s.Terrain != SectionDescent {
			v.Add(p+".drop", "must be 1 to 3, for a descent only")
		}
	}
}

// validateCards checks the 2RUOTE card list.
func (r *Ruleset) validateCards(v *refuse.ValidationError) {
	ids := map[string]bool{}
	for i, c := range r.Cards {
		p := fmt.Sprintf("cards[%d]", i)
		checkID(v, p+".id", c.ID, ids)
		switch c.Terrain {
		case "flat", "mountain", "descent", "hill":
		case "":
			if c.Special == "" {
				v.Add(p+".terrain", "is required for a card that is not special")
			}
		default:
			v.Add(p+".terrain", "must be flat, mountain, descent or hill")
		}
		switch c.Special {
		case "", "GPM", "TV", "R":
		default:
			v.Add(p+".special", "must be empty, GPM, TV or R")
		}
	}
}

// validateClassifications checks the classification list, what each needs, and the jerseys.
func (r *Ruleset) validateClassifications(v *refuse.ValidationError) {
	known := ClassificationIDs()
	seen := map[string]bool{}
	for i, c := range r.Classifications {
		p := fmt.Sprintf("classifications[%d]", i)
		switch {
		case !slices.Contains(known, c):
			v.Addf(p, "%q is not a classification (one of %s)", c, strings.Join(known, ", "))
		case seen[c]:
			v.Addf(p, "%q is listed twice", c)
		}
		seen[c] = true
	}
	for _, c := range []string{ClassStage, ClassIndividual} {
		if !seen[c] {
			v.Addf("classifications", "must include %q", c)
		}
	}
	if seen[ClassSprints] && len(r.SprintPoints) == 0 {
		v.Add("sprint_points", "is required by the sprints classification")
	}
	if !seen[ClassSprints] && len(r.SprintPoints) > 0 {
		v.Add("sprint_points", "are only used by the sprints classification, which this ruleset does not have")
	}
	if seen[ClassTeams] && r.TeamBest < 1 {
		v.Add("team_best", "must be at least 1 for the teams classification")
	}
	if r.TeamBest < 0 || r.TeamBest > r.Team.MaxRiders {
		v.Addf("team_best", "must be between 0 and team.max_riders (%d)", r.Team.MaxRiders)
	}
	for i, st := range r.StageTypes {
		if st.TimeCut < 0 || st.TimeCut > maxTimeCut {
			v.Addf(fmt.Sprintf("stage_types[%d].time_cut", i), "must be between 0 and %d", maxTimeCut)
		}
	}
	if r.TTTRider < 0 || r.TTTRider > r.Team.MaxRiders {
		v.Addf("ttt_rider", "must be between 0 and team.max_riders (%d)", r.Team.MaxRiders)
	}
	if r.YouthYears < 0 || r.YouthYears > 99 {
		v.Add("youth_years", "must be between 0 and 99")
	}
	if seen[ClassCyclingParty] && r.Points == nil {
		v.Add("points", "is required by the cycling_party classification")
	}
	for _, k := range slices.Sorted(maps.Keys(r.Jerseys)) {
		j := r.Jerseys[k]
		p := "jerseys." + k
		if !seen[k] {
			v.Addf(p, "%q is not a classification of this ruleset", k)
		}
		if strings.TrimSpace(j.Name) == "" {
			v.Add(p+".name", "is required")
		}
		if !isHexColor(j.Color) {
			v.Add(p+".color", "must be a colour like #f5d000")
		}
		if j.Pattern != JerseyPlain && j.Pattern != JerseyDots {
			v.Addf(p+".pattern", "must be %q or left out", JerseyDots)
		}
	}
}

// validateAdvantages checks each advantage against the roles, stage types and climb categories.
func (r *Ruleset) validateAdvantages(v *refuse.ValidationError, types, cats map[string]bool) {
	kinds := []string{AdvWaterBottle, AdvSprint, AdvAttack, AdvMountainAttack, AdvDoubleThrow, AdvEffort}
	seen := map[string]bool{}
	for i, a := range r.Advantages {
		p := fmt.Sprintf("advantages[%d]", i)
		switch {
		case !slices.Contains(kinds, a.Kind):
			v.Addf(p+".kind", "%q is not an advantage (one of %s)", a.Kind, strings.Join(kinds, ", "))
		case seen[a.Kind]:
			v.Addf(p+".kind", "%q is listed twice", a.Kind)
		}
		seen[a.Kind] = true
		for name, n := range map[string]int{"per_stage": a.PerStage, "per_rider_per_turn": a.PerRiderPerTurn, "per_team_per_turn": a.PerTeamPerTurn} {
			if n < 0 {
				v.Add(p+"."+name, "must not be negative")
			}
		}
		if a.Role != "" {
			if _, ok := r.Role(a.Role); !ok {
				v.Addf(p+".role", "%q is not a role of this ruleset", a.Role)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(a.PerStageByType)) {
			switch {
			case !types[k]:
				v.Addf(p+".per_stage_by_type."+k, "%q is not a stage type of this ruleset", k)
			case a.PerStageByType[k] < 0:
				v.Add(p+".per_stage_by_type."+k, "must not be negative")
			}
		}
		for _, k := range slices.Sorted(maps.Keys(a.PerClimb)) {
			switch {
			case !cats[k]:
				v.Addf(p+".per_climb."+k, "%q is not a climb category of this ruleset", k)
			case a.PerClimb[k] < 0:
				v.Add(p+".per_climb."+k, "must not be negative")
			}
		}
		checkRefs(v, p+".climb_categories", a.ClimbCategories, cats, "climb category")
		for j, s := range a.Variants {
			if strings.TrimSpace(s) == "" || slices.Index(a.Variants, s) < j {
				v.Add(fmt.Sprintf("%s.variants[%d]", p, j), "must be a non-empty name given once")
			}
		}
		if a.Kind == AdvSprint {
			for i, st := range r.StageTypes {
				n, ok := a.PerStageByType[st.ID]
				if ok && st.SprintAdvantages != 0 && n != st.SprintAdvantages {
					v.Addf(fmt.Sprintf("stage_types[%d].sprint_advantages", i),
						"is %d but %s.per_stage_by_type.%s is %d", st.SprintAdvantages, p, st.ID, n)
				}
			}
		}
	}
}

// validateExtras checks the effort, fatigue, volata and proposal numbers.
func (r *Ruleset) validateExtras(v *refuse.ValidationError) {
	if e := r.Effort; e != nil {
		for _, part := range []struct {
			name string
			m    map[string]int
		}{{"allowance", e.Allowance}, {"recovery", e.Recovery}} {
			for _, k := range slices.Sorted(maps.Keys(part.m)) {
				p := "effort." + part.name + "." + k
				if _, ok := r.Role(k); !ok {
					v.Addf(p, "%q is not a role of this ruleset", k)
				} else if part.m[k] < 0 {
					v.Add(p, "must not be negative")
				}
			}
		}
		if e.ReferenceStages < 1 {
			v.Add("effort.reference_stages", "must be at least 1")
		}
		if e.RestDayFactor < 1 {
			v.Add("effort.rest_day_factor", "must be at least 1")
		}
		if e.FeedZone < 0 {
			v.Add("effort.feed_zone", "must not be negative")
		}
	}
	if f := r.Fatigue; f != nil {
		if f.Limit < 1 {
			v.Add("fatigue.limit", "must be at least 1")
		}
		if f.AdvancedLimit < f.Limit {
			v.Addf("fatigue.advanced_limit", "must be at least fatigue.limit (%d)", f.Limit)
		}
	}
	if vo := r.Volata; vo != nil {
		for name, n := range map[string]int{"finish_fatigue": vo.FinishFatigue, "sprint_fatigue": vo.SprintFatigue, "helper_bonus": vo.HelperBonus, "token_bonus": vo.TokenBonus} {
			if n < 0 {
				v.Add("volata."+name, "must not be negative")
			}
		}
	}
	if pr := r.Proposal; pr != nil {
		for name, n := range map[string]int{"min_gap": pr.MinGap, "no_sprint_last": pr.NoSprintLast, "km_marker_every": pr.KmMarkerEvery, "attack_line": pr.AttackLine, "time_indicators": pr.TimeIndicators} {
			if n < 0 {
				v.Add("proposal."+name, "must not be negative")
			}
		}
		for i, n := range pr.SprintLines {
			if n < 1 || (i > 0 && n >= pr.SprintLines[i-1]) {
				v.Add(fmt.Sprintf("proposal.sprint_lines[%d]", i), "must be at least 1 and smaller than the line before it")
			}
		}
	}
}

// checkPoints checks a Cycling Party points definition.
func checkPoints(v *refuse.ValidationError, p string, pd PointsDefinition) {
	if pd.StageWin < 0 {
		v.Add(p+".stage_win", "must not be negative")
	}
	checkTable(v, p+".individual", pd.Individual)
	checkTable(v, p+".regularity", pd.Regularity)
	checkTable(v, p+".mountain", pd.Mountain)
	checkTable(v, p+".sprints", pd.Sprints)
	checkTable(v, p+".teams", pd.Teams)
}

// ValidatePoints checks a tour's Cycling Party points definition: no negative value and no table
// that increases. The error is a *refuse.ValidationError with fields under "points".
func ValidatePoints(pd PointsDefinition) error {
	v := &refuse.ValidationError{}
	checkPoints(v, "points", pd)
	return v.Err()
}

// checkTable checks that a points table (1st place first) never goes below zero nor increases.
func checkTable(v *refuse.ValidationError, field string, table []int) {
	for i, n := range table {
		switch {
		case n < 0:
			v.Addf(field, "must not be negative (place %d is %d)", i+1, n)
			return
		case i > 0 && n > table[i-1]:
			v.Add(field, "must not increase")
			return
		}
	}
}

// checkID checks that an id is given and not already in seen, then records it.
func checkID(v *refuse.ValidationError, field, id string, seen map[string]bool) {
	switch {
	case strings.TrimSpace(id) == "":
		v.Add(field, "is required")
	case seen[id]:
		v.Addf(field, "%q is used twice", id)
	}
	seen[id] = true
}

// checkRefs checks that each id of list is in known.
func checkRefs(v *refuse.ValidationError, field string, list []string, known map[string]bool, what string) {
	for i, id := range list {
		if !known[id] {
			v.Addf(fmt.Sprintf("%s[%d]", field, i), "%q is not a %s of this ruleset", id, what)
		}
	}
}

// isSlug reports whether s is a non-empty id of lower-case letters, digits, '-' and '_'.
func isSlug(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return s != ""
}

// isHexColor reports whether s is a colour written #rrggbb.
func isHexColor(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for _, c := range s[1:] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}
