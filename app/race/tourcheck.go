package race

import (
	"fmt"
	"maps"
	"sort"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// Bounds of an edited tour (house rules).
const (
	// MaxStageLength is the longest stage accepted, in squares.
	MaxStageLength = 400
	// MaxFeedZones is the most feed zones a stage may have.
	MaxFeedZones = 10
	// MaxCounterNumber is the highest counter number in a team (bibs have one digit for it).
	MaxCounterNumber = 9
	// MaxBib is the highest bib a rider may wear (a real race's own numbers included).
	MaxBib = 9999
)

// NormalizeStage puts a stage in course order: a real race's length published with decimals gives
// its whole km; 2RUOTE stages take length, climbs and sprints from
// their cards, Ciclismo a fondo stages from their sections; climbs and sprints are sorted by square and
// renumbered 1..n, and the markers are recomputed.
func NormalizeStage(rs Ruleset, st Stage) Stage {
	out := st
	switch {
	case len(st.Cards) > 0:
		t, _ := rs.StageType(st.Type)
		out = deriveCardCourse(rs, t, st)
	case len(st.Sections) > 0:
		if built, err := BuildSectionStage(rs, st); err == nil {
			out = built
		}
	}
	if out.Metres > 0 && out.Metres <= MaxStageMetres {
		out.Length = out.Metres.WholeKm()
	}
	out = renumberStage(out)
	out.Markers = StageMarkers(rs, out)
	return out
}

// renumberStage sorts climbs by start and sprints by square, numbering both 1..n, on copies.
func renumberStage(st Stage) Stage {
	out := st
	out.Climbs = append([]Climb(nil), st.Climbs...)
	sort.SliceStable(out.Climbs, func(i, j int) bool {
		if out.Climbs[i].Start != out.Climbs[j].Start {
			return out.Climbs[i].Start < out.Climbs[j].Start
		}
		return out.Climbs[i].End < out.Climbs[j].End
	})
	for i := range out.Climbs {
		out.Climbs[i].Index = i + 1
	}
	out.Sprints = append([]Sprint(nil), st.Sprints...)
	sort.SliceStable(out.Sprints, func(i, j int) bool { return out.Sprints[i].At < out.Sprints[j].At })
	for i := range out.Sprints {
		out.Sprints[i].Index = i + 1
	}
	return out
}

// ValidateStages checks an edited list of stages against the ruleset: known stage types, lengths,
// climbs inside the stage, of a known category and of its length (any length for a free-length
// category), not overlapping, sprints inside the stage and off the climbs (in the clock model of real
// races a sprint may be on a climb's summit, as bonus sprints are), sections and cards the ruleset knows. It returns a *refuse.ValidationError
// with fields such as "stages[2].climbs[1].start", or nil.
func ValidateStages(rs Ruleset, stages []Stage) error {
	v := &refuse.ValidationError{}
	switch {
	case len(stages) < MinTourStages:
		v.Add("stages", "must list at least one stage")
	case len(stages) > MaxTourStages:
		v.Addf("stages", "must list at most %d stages", MaxTourStages)
	}
	for i, st := range stages {
		validateStage(rs, fmt.Sprintf("stages[%d]", i), st, v)
	}
	return v.Err()
}

// validateStage adds every problem of one stage to v, with fields under prefix.
func validateStage(rs Ruleset, prefix string, st Stage, v *refuse.ValidationError) {
	if _, ok := rs.StageType(st.Type); !ok {
		v.Addf(prefix+".type", "unknown stage type %q for ruleset %s", st.Type, rs.ID)
	}
	L := st.Length
	if L < 1 || L > MaxStageLength {
		v.Addf(prefix+".length", "must be between 1 and %d squares", MaxStageLength)
	}
	validateMetres(rs, prefix, st, v)
	if st.FeedZones < 0 || st.FeedZones > MaxFeedZones {
		v.Addf(prefix+".feed_zones", "must be between 0 and %d", MaxFeedZones)
	}
	validateSections(rs, prefix, st, v)
	validateCards(rs, prefix, st, v)
	// Climbs: category, inside the stage, length of the category, no overlap (checked in course order).
	order := make([]int, 0, len(st.Climbs))
	for j, c := range st.Climbs {
		f := fmt.Sprintf("%s.climbs[%d]", prefix, j)
		if c.Name != "" {
			CheckText(v, f+".name", ClimbNameText, c.Name)
		}
		cat, known := rs.ClimbCategory(c.Category)
		if !known && len(rs.ClimbCategories) > 0 {
			v.Addf(f+".category", "unknown climb category %q", c.Category)
		}
		ok := true
		if c.Start < 1 || c.Start > L {
			v.Addf(f+".start", "must be inside the stage (1–%d)", max(L, 1))
			ok = false
		}
		switch {
		case c.End < c.Start:
			v.Addf(f+".end", "must not be before the start (%d)", c.Start)
			ok = false
		case c.End > L:
			v.Addf(f+".end", "must be inside the stage (1–%d)", max(L, 1))
			ok = false
		case known && cat.Squares > 0 && c.End-c.Start+1 != cat.Squares:
			v.Addf(f+".end", "a %s climb is %d squares: must be %d (start + %d)",
				c.Category, cat.Squares, c.Start+cat.Squares-1, cat.Squares-1)
		}
		if ok {
			order = append(order, j)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return st.Climbs[order[a]].Start < st.Climbs[order[b]].Start })
	for k := 1; k < len(order); k++ {
		prev, cur := st.Climbs[order[k-1]], st.Climbs[order[k]]
		if cur.Start <= prev.End {
			v.Addf(fmt.Sprintf("%s.climbs[%d].start", prefix, order[k]),
				"overlaps the climb on squares %d–%d", prev.Start, prev.End)
		}
	}
	// Sprints: inside the stage, on a flat square (a real race's may be on a summit), one per square.
	seen := map[int]int{}
	for j, s := range st.Sprints {
		f := fmt.Sprintf("%s.sprints[%d].at", prefix, j)
		switch {
		case s.At < 1 || s.At > L:
			v.Addf(f, "must be inside the stage (1–%d)", max(L, 1))
		case climbAt(st.Climbs, s.At) >= 0 && !(rs.TimeModel == TimeModelClock && st.Climbs[climbAt(st.Climbs, s.At)].End == s.At):
			c := st.Climbs[climbAt(st.Climbs, s.At)]
			v.Addf(f, "must be on a flat square: %d is inside the climb on squares %d–%d", s.At, c.Start, c.End)
		default:
			if k, dup := seen[s.At]; dup {
				v.Addf(f, "square %d already has sprint %d", s.At, k)
			}
			seen[s.At] = j
		}
	}
}

// validateSections checks a Ciclismo a fondo stage's sections and that its length is their squares.
func validateSections(rs Ruleset, prefix string, st Stage, v *refuse.ValidationError) {
	if len(st.Sections) == 0 {
		return
	}
	total, ok := 0, true
	for k, sec := range st.Sections {
		t, field, reason := resolveSection(rs, sec.Type, sec.Km)
		if reason.Format != "" {
			v.AddText(fmt.Sprintf("%s.sections[%d].%s", prefix, k, field), reason)
			ok = false
			continue
		}
		want := sec.Km * t.SquaresPerKm
		if sec.Squares != want {
			v.Addf(fmt.Sprintf("%s.sections[%d].squares", prefix, k),
				"must be %d (%d km × %d)", want, sec.Km, t.SquaresPerKm)
		}
		total += want
	}
	if ok && st.Length != total {
		v.Addf(prefix+".length", "must be %d, the squares of its sections", total)
	}
}

// validateCards checks a 2RUOTE stage's cards and that its length is their number.
func validateCards(rs Ruleset, prefix string, st Stage, v *refuse.ValidationError) {
	if len(st.Cards) == 0 {
		return
	}
	for k, id := range st.Cards {
		if _, ok := lookupCard(rs, id); !ok {
			v.Addf(fmt.Sprintf("%s.cards[%d]", prefix, k), "unknown card %q", id)
		}
	}
	if st.Length != len(st.Cards) {
		v.Addf(prefix+".length", "must be %d, the number of cards", len(st.Cards))
	}
}

// TeamCountRange is how few and how many teams a tour of the rules may have (2 and 30 where the
// rules do not say).
func TeamCountRange(tr TeamRules) (least, most int) {
	least, most = tr.MinTeams, tr.MaxTeams
	if least < 1 {
		least = 2
	}
	if most < least {
		most = 30
	}
	return least, most
}

// ValidateTeams checks the teams of a tour: 2–30 teams (TeamRules), each with exactly ridersPerTeam
// riders numbered 1–9 without repeats, Cycling Party roles by counter number, roles the ruleset knows
// within their per-team limits (Ciclismo a fondo: one JF, TT, SP, CR), 2RUOTE cost at most 10.
// It returns a *refuse.ValidationError with fields such as "teams[1].riders[2].role", or nil.
func ValidateTeams(rs Ruleset, teams []Team, ridersPerTeam int) error {
	v := &refuse.ValidationError{}
	tr := rs.Team
	minTeams, maxTeams := TeamCountRange(tr)
	if len(teams) < minTeams || len(teams) > maxTeams {
		v.Addf("teams", "must be between %d and %d teams (has %d)", minTeams, maxTeams, len(teams))
	}
	if ridersPerTeam != 0 && !ridersPerTeamAllowed(tr, ridersPerTeam) {
		v.Addf("riders_per_team", "must be %s", describeRiderCounts(tr))
	}
	counterRoles := false
	for _, r := range rs.Roles {
		counterRoles = counterRoles || r.Counter > 0
	}
	ids := map[int]int{}
	for i, team := range teams {
		p := fmt.Sprintf("teams[%d]", i)
		if team.ID < 1 {
			v.Add(p+".id", "must be at least 1")
		} else if k, dup := ids[team.ID]; dup {
			var other any = strings.TrimSpace(teams[k].Name)
			if other == any("") {
				other = i18n.Textf("team %d of the list", k+1)
			}
			v.Addf(p+".id", "is also the id of %s", other)
		} else {
			ids[team.ID] = i
		}
		if strings.TrimSpace(team.Name) == "" {
			v.Add(p+".name", "is required")
		} else {
			CheckText(v, p+".name", TeamNameText, team.Name)
		}
		CheckText(v, p+".short", TeamShortText, team.Short)
		CheckText(v, p+".color", ColorText, team.Color)
		CheckManager(v, p+".manager", team.Manager)
		switch n := len(team.Riders); {
		case ridersPerTeam > 0 && rs.OfficialResults && (n < 1 || n > ridersPerTeam):
			// Real races start teams of unequal size (a non-starter): riders_per_team is the most.
			v.Addf(p+".riders", "must have between 1 and %d riders (has %d)", ridersPerTeam, n)
		case ridersPerTeam > 0 && rs.OfficialResults:
		case ridersPerTeam > 0 && n != ridersPerTeam:
			v.Addf(p+".riders", "must have exactly %d riders (has %d)", ridersPerTeam, n)
		case ridersPerTeam == 0 && (n < max(tr.MinRiders, 1) || tr.MaxRiders > 0 && n > tr.MaxRiders):
			v.Addf(p+".riders", "must have between %d and %d riders (has %d)", max(tr.MinRiders, 1), tr.MaxRiders, n)
		}
		validateRiders(rs, p, team, ridersPerTeam, counterRoles, v)
	}
	return v.Err()
}

// validateRiders checks the riders of one team.
func validateRiders(rs Ruleset, p string, team Team, ridersPerTeam int, counterRoles bool, v *refuse.ValidationError) {
	numbers := map[int]int{}
	perRole := map[string]int{}
	cost := 0
	for j, r := range team.Riders {
		f := fmt.Sprintf("%s.riders[%d]", p, j)
		if strings.TrimSpace(r.Name) == "" {
			v.Add(f+".name", "is required")
		} else {
			CheckText(v, f+".name", RiderNameText, r.Name)
		}
		if r.Born != "" && CheckText(v, f+".born", DateText, r.Born) {
			if _, err := ParseDate(r.Born); err != nil {
				v.AddText(f+".born", refuse.ReasonOf(err))
			}
		}
		if !CheckText(v, f+".role", RoleText, r.Role) {
			continue
		}
		maxNumber := MaxCounterNumber
		if counterRoles && ridersPerTeam > 0 {
			maxNumber = ridersPerTeam
		}
		switch k, dup := numbers[r.Number]; {
		case r.Number < 1 || r.Number > maxNumber:
			v.Addf(f+".number", "must be between 1 and %d", maxNumber)
		case dup:
			v.Addf(f+".number", "is also the number of %s", riderWords(team.Riders[k], k))
		default:
			numbers[r.Number] = j
		}
		if r.Bib != 0 && team.ID > 0 && !rs.OfficialResults && r.Bib != team.ID*10+r.Number { // a real race keeps its own (§5.2)
			v.Addf(f+".bib", "must be %d (team %d × 10 + number %d)", team.ID*10+r.Number, team.ID, r.Number)
		}
		role, known := rs.Role(r.Role)
		switch {
		case counterRoles:
			want, ok := rs.RoleForCounter(r.Number)
			if ok && r.Role != want.ID {
				v.Addf(f+".role", "counter %d is the %s", r.Number, RoleLabel(want))
			}
		case !known && len(rs.Roles) > 0:
			v.Addf(f+".role", "%q is not a role of %s", r.Role, rs.Name)
		case known && role.MaxPerTeam > 0:
			perRole[r.Role]++
			if perRole[r.Role] > role.MaxPerTeam {
				v.Addf(f+".role", "at most %d %s per team", role.MaxPerTeam, RoleLabel(role))
			}
		}
		for _, a := range rs.Team.Attributes {
			val, has := r.Attributes[a.ID]
			if has && (val < a.Min || val > a.Max) {
				v.Addf(fmt.Sprintf("%s.attributes.%s", f, a.ID), "must be between %d and %d", a.Min, a.Max)
			}
		}
		if rs.Team.MaxCost > 0 {
			c, has := r.Attributes["cost"]
			if !has {
				v.Add(f+".attributes.cost", "is required")
			}
			cost += c
		}
	}
	if rs.Team.MaxCost > 0 && cost > rs.Team.MaxCost {
		v.Addf(p+".riders", "cost %d is above the limit of %d", cost, rs.Team.MaxCost)
	}
}

// riderWords names the rider at index k of a team for a message: his name, or "rider k+1".
func riderWords(r Rider, k int) string {
	if name := strings.TrimSpace(r.Name); name != "" {
		return name
	}
	return fmt.Sprintf("rider %d", k+1)
}

// AssignBibs returns copies of the teams whose riders carry their team id and their bib:
// team id × 10 + counter number (team 2, rider 3 → 23).
func AssignBibs(teams []Team) []Team {
	out := make([]Team, len(teams))
	for i, team := range teams {
		out[i] = team
		out[i].Riders = make([]Rider, len(team.Riders))
		for j, r := range team.Riders {
			r.TeamID = team.ID
			r.Bib = team.ID*10 + r.Number
			r.Attributes = maps.Clone(r.Attributes)
			out[i].Riders[j] = r
		}
	}
	return out
}
