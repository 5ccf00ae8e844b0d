package race

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// sectionTypes returns the ruleset's section table, or docs/rules.md §2.2's when it has none.
func sectionTypes(rs Ruleset) []SectionType {
	if len(rs.Sections) > 0 {
		return rs.Sections
	}
	return []SectionType{
		{ID: "itt_short", Name: "ITT short", SquaresPerKm: 4, MinKm: 1, MaxKm: 15, Terrain: SectionTimeTrial},
		{ID: "itt_medium", Name: "ITT medium", SquaresPerKm: 3, MinKm: 16, MaxKm: 30, Terrain: SectionTimeTrial},
		{ID: "itt_long", Name: "ITT long", SquaresPerKm: 2, MinKm: 31, MaxKm: 50, Terrain: SectionTimeTrial},
		{ID: "descent_low", Name: "Low descent", SquaresPerKm: 1, Terrain: SectionDescent, Drop: 1},
		{ID: "descent_medium", Name: "Medium descent", SquaresPerKm: 1, Terrain: SectionDescent, Drop: 2},
		{ID: "descent_high", Name: "High descent", SquaresPerKm: 1, Terrain: SectionDescent, Drop: 3},
		{ID: "flat", Name: "Flat", SquaresPerKm: 1, Terrain: SectionFlat},
		{ID: "climb_special", Name: "Mountain, special category", SquaresPerKm: 3, Climb: "special"},
		{ID: "climb_first", Name: "Mountain, 1st category", SquaresPerKm: 3, Climb: "first"},
		{ID: "climb_second", Name: "Mountain, 2nd category", SquaresPerKm: 3, Climb: "second"},
		{ID: "climb_third", Name: "Mountain, 3rd category", SquaresPerKm: 3, Climb: "third"},
		{ID: "climb_fourth", Name: "Mountain, 4th category", SquaresPerKm: 3, Climb: "fourth"},
		{ID: "repecho", Name: "Repecho", SquaresPerKm: 3, Terrain: SectionFlat},
	}
}

// SectionSquares converts km real kilometres of a section type to squares (docs/rules.md §2.2). A family
// name resolves by length ("itt" of 18 km is the medium ITT, 3 squares per km: 54), and so does a
// band too short or long for km ("itt_short" of 18 km). Errors are *refuse.ValidationError on "type" or "km".
func SectionSquares(rs Ruleset, sectionType string, km int) (int, error) {
	t, field, reason := resolveSection(rs, sectionType, km)
	if reason.Format != "" {
		return 0, refuse.InvalidText(field, reason)
	}
	return km * t.SquaresPerKm, nil
}

// resolveSection finds the section type for a type id or family and a length in km; on failure it
// names the offending field ("type" or "km") and the reason.
func resolveSection(rs Ruleset, id string, km int) (SectionType, string, i18n.Text) {
	table := sectionTypes(rs)
	if km < 1 {
		return SectionType{}, "km", i18n.Textf("must be at least 1")
	}
	if km > MaxStageLength {
		// Every kilometre is at least one square: a longer section cannot fit in a stage (and a huge
		// one would overflow the stage's length).
		return SectionType{}, "km", i18n.Textf("must be at most %d", MaxStageLength)
	}
	fits := func(t SectionType) bool {
		return (t.MinKm == 0 || km >= t.MinKm) && (t.MaxKm == 0 || km <= t.MaxKm)
	}
	family := ""
	for _, t := range table {
		if t.ID != id {
			continue
		}
		if fits(t) {
			return t, "", i18n.Text{}
		}
		if i := strings.LastIndexAny(t.ID, "_-"); i > 0 {
			family = t.ID[:i]
		}
		if family == "" {
			return SectionType{}, "km", i18n.Textf("must be between %d and %d for %s", t.MinKm, t.MaxKm, t.ID)
		}
	}
	if family == "" {
		family = id
	}
	var lo, hi int
	found := false
	for _, t := range table {
		if t.ID != family && !strings.HasPrefix(t.ID, family+"_") && !strings.HasPrefix(t.ID, family+"-") {
			continue
		}
		if fits(t) {
			return t, "", i18n.Text{}
		}
		if !found || t.MinKm < lo {
			lo = t.MinKm
		}
		if !found || t.MaxKm > hi {
			hi = t.MaxKm
		}
		found = true
	}
	if found {
		return SectionType{}, "km", i18n.Textf("must be between %d and %d for %s", lo, hi, family)
	}
	return SectionType{}, "type", i18n.Textf("unknown section type %q", id)
}

// BuildSectionStage fills the squares of each section of a Ciclismo a fondo stage (resolving a family
// such as "itt" to its band), sets Length to their sum, derives the climbs from climb sections, and
// renumbers climbs and sprints and recomputes the markers. Errors name "sections[i].type" or ".km".
func BuildSectionStage(rs Ruleset, st Stage) (Stage, error) {
	v := &refuse.ValidationError{}
	if len(st.Sections) == 0 {
		v.Add("sections", "must list at least one section")
		return st, v
	}
	out := st
	out.Sections = make([]Section, len(st.Sections))
	var climbs []Climb
	pos := 0
	for i, sec := range st.Sections {
		t, field, reason := resolveSection(rs, sec.Type, sec.Km)
		if reason.Format != "" {
			v.AddText(fmt.Sprintf("sections[%d].%s", i, field), reason)
			out.Sections[i] = sec
			continue
		}
		squares := sec.Km * t.SquaresPerKm
		out.Sections[i] = Section{Type: t.ID, Km: sec.Km, Squares: squares}
		if t.Climb != "" {
			climbs = append(climbs, Climb{Category: t.Climb, Start: pos + 1, End: pos + squares})
		}
		pos += squares
	}
	if err := v.Err(); err != nil {
		return st, err
	}
	for i := range climbs {
		if i < len(st.Climbs) {
			climbs[i].Name = st.Climbs[i].Name
		}
	}
	out.Length = pos
	out.Climbs = climbs
	out = renumberStage(out)
	out.Markers = StageMarkers(rs, out)
	return out, nil
}

// findSection returns the first section type of that terrain (SectionFlat, SectionDescent,
// SectionTimeTrial), or false.
func findSection(rs Ruleset, terrain string) (SectionType, bool) {
	for _, t := range sectionTypes(rs) {
		if t.Climb == "" && t.Terrain == terrain {
			return t, true
		}
	}
	return SectionType{}, false
}

// SectionKind is what a stage's section of type id is: the climb category's "climb", else its terrain
// (SectionFlat, SectionDescent, SectionTimeTrial); "" for a type the ruleset does not have.
func SectionKind(rs Ruleset, id string) string {
	for _, t := range sectionTypes(rs) {
		if t.ID == id {
			if t.Climb != "" {
				return "climb"
			}
			return t.Terrain
		}
	}
	return ""
}

// climbSection returns the section type of a climb category.
func climbSection(rs Ruleset, category string) (SectionType, bool) {
	for _, t := range sectionTypes(rs) {
		if t.Climb == category {
			return t, true
		}
	}
	return SectionType{}, false
}

// timeTrialFamily is the id family of the ruleset's ITT sections ("itt").
func timeTrialFamily(rs Ruleset) string {
	t, ok := findSection(rs, SectionTimeTrial)
	if !ok {
		return ""
	}
	if i := strings.LastIndexAny(t.ID, "_-"); i > 0 {
		return t.ID[:i]
	}
	return t.ID
}

// climbKmRange is a proposed climb's length in real km by category rank (house rule).
func climbKmRange(rs Ruleset, category string) (int, int) {
	rank := 3
	if c, ok := rs.ClimbCategory(category); ok && c.Rank > 0 {
		rank = c.Rank
	}
	switch rank {
	case 1:
		return 12, 20
	case 2:
		return 8, 14
	case 3:
		return 5, 10
	case 4:
		return 3, 7
	}
	return 2, 5
}

// sectionStageLengths are proposed lengths in squares by level when the ruleset gives none (house rule).
func sectionStageLengths(rs Ruleset, st StageType) (int, int) {
	if st.MinLength > 0 || st.MaxLength > 0 {
		return st.MinLength, max(st.MinLength, st.MaxLength)
	}
	if st.ID == stageQueen {
		return 200, 270
	}
	r := [4][2]int{{150, 200}, {160, 210}, {170, 230}, {180, 250}}[stageLevel(rs, st.ID)]
	return r[0], r[1]
}

// proposeSectionStage lays out a Ciclismo a fondo stage as real-km sections, then builds its squares.
func proposeSectionStage(rs Ruleset, pr ProposalRules, st StageType, rng *rand.Rand) (Stage, error) {
	flat, ok := findSection(rs, SectionFlat)
	if !ok {
		return Stage{}, fmt.Errorf("race: ruleset %q has no flat section type", rs.ID)
	}
	var secs []Section
	switch {
	case st.ID == stageMountainITT || st.TimeTrial != "" && st.MaxClimbs > 0:
		secs = proposeMountainTimeTrialSections(rs, st, flat, max(pr.MinGap, 1), rng)
	case st.TimeTrial != "" || st.ID == stageITT || st.ID == stageTTT:
		secs = proposeTimeTrialSections(rs, st, flat, rng)
	default:
		secs = proposeRoadSections(rs, pr, st, flat, rng)
	}
	stage, err := BuildSectionStage(rs, Stage{Sections: secs})
	if err != nil {
		return Stage{}, fmt.Errorf("race: proposed sections do not build: %w", err)
	}
	stage.Sprints = placeSprints(pr, stage, st.Sprints, rng, flatSectionSquares(stage, flat.ID))
	return stage, nil
}

// proposeTimeTrialSections is one ITT band section whose squares fit the stage type's length.
func proposeTimeTrialSections(rs Ruleset, st StageType, flat SectionType, rng *rand.Rand) []Section {
	family := timeTrialFamily(rs)
	if family == "" {
		return []Section{{Type: flat.ID, Km: randBetween(rng, max(st.MinLength, 10), max(st.MaxLength, 50))}}
	}
	loKm, hiKm := 8, 50
	if st.ID == stageTTT || st.TimeTrial == "team" {
		loKm = 15
	}
	km := randBetween(rng, loKm, hiKm)
	if st.MinLength > 0 || st.MaxLength > 0 {
		for range 200 {
			sq, err := SectionSquares(rs, family, km)
			if err == nil && sq >= st.MinLength && (st.MaxLength == 0 || sq <= st.MaxLength) {
				break
			}
			km = randBetween(rng, 1, 50)
		}
	}
	if t, _, reason := resolveSection(rs, family, km); reason.Format == "" {
		return []Section{{Type: t.ID, Km: km}}
	}
	return []Section{{Type: flat.ID, Km: km}}
}

// proposeMountainTimeTrialSections is a flat run-in of at least gap km and a climb that ends on the
// finish line, sized to the stage type's length.
func proposeMountainTimeTrialSections(rs Ruleset, st StageType, flat SectionType, gap int, rng *rand.Rand) []Section {
	cats := drawClimbCategories(st, max(1, st.MinClimbs), rng)
	if len(cats) == 0 {
		return proposeTimeTrialSections(rs, st, flat, rng)
	}
	cs, ok := climbSection(rs, cats[0])
	if !ok {
		return proposeTimeTrialSections(rs, st, flat, rng)
	}
	lo, hi := climbKmRange(rs, cats[0])
	climbKm, flatKm := randBetween(rng, lo, hi), randBetween(rng, gap, gap+10)
	per := max(flat.SquaresPerKm, 1)
	if st.MaxLength > 0 {
		for climbKm > 1 && climbKm*cs.SquaresPerKm+flatKm*per > st.MaxLength {
			climbKm--
		}
		for flatKm > gap && climbKm*cs.SquaresPerKm+flatKm*per > st.MaxLength {
			flatKm--
		}
	}
	if total := climbKm*cs.SquaresPerKm + flatKm*per; total < st.MinLength {
		flatKm += (st.MinLength - total + per - 1) / per
	}
	return []Section{{Type: flat.ID, Km: flatKm}, {Type: cs.ID, Km: climbKm}}
}

// proposeRoadSections lays out flats, climbs and their descents for a road stage of the type, with at
// least MinGap flat km after the start, between climbs and before the finish (unless it finishes on
// the last climb, when the type allows it).
func proposeRoadSections(rs Ruleset, pr ProposalRules, st StageType, flat SectionType, rng *rand.Rand) []Section {
	gap := max(pr.MinGap, 1)
	minLen, maxLen := sectionStageLengths(rs, st)
	type climbPart struct {
		climb, descent Section
	}
	var parts []climbPart
	flatTotal, segments := 0, 1
	for attempt := range 60 {
		fallback := attempt >= 40
		length := randBetween(rng, minLen, maxLen)
		n := randBetween(rng, st.MinClimbs, st.MaxClimbs)
		if fallback {
			length, n = maxLen, max(st.MinClimbs, len(st.MustInclude))
		}
		cats := drawClimbCategories(st, n, rng)
		rng.Shuffle(len(cats), func(i, j int) { cats[i], cats[j] = cats[j], cats[i] })
		summit := st.FinishOnClimb && len(cats) > 0 && rng.IntN(2) == 0
		if summit {
			hardest := 0
			for i, id := range cats {
				if climbHardness(rs, id) < climbHardness(rs, cats[hardest]) {
					hardest = i
				}
			}
			cats[hardest], cats[len(cats)-1] = cats[len(cats)-1], cats[hardest]
		}
		parts = parts[:0]
		fixed := 0
		for i, id := range cats {
			cs, ok := climbSection(rs, id)
			if !ok {
				continue
			}
			lo, hi := climbKmRange(rs, id)
			km := randBetween(rng, lo, hi)
			if fallback {
				km = lo
			}
			p := climbPart{climb: Section{Type: cs.ID, Km: km}}
			fixed += km * cs.SquaresPerKm
			if !(summit && i == len(cats)-1) {
				if ds, ok := descentSection(rs, id); ok {
					dkm := randBetween(rng, max(1, km/2), km)
					if fallback {
						dkm = 1
					}
					p.descent = Section{Type: ds.ID, Km: dkm}
					fixed += dkm * ds.SquaresPerKm
				}
			}
			parts = append(parts, p)
		}
		segments = len(parts) + 1
		if summit && len(parts) > 0 {
			segments--
		}
		flatTotal = length - fixed
		if flatTotal >= segments*gap {
			break
		}
		flatTotal = segments * gap
	}
	extra := splitSlack(flatTotal-segments*gap, segments, rng)
	secs := []Section{{Type: flat.ID, Km: gap + extra[0]}}
	for i, p := range parts {
		secs = append(secs, p.climb)
		if p.descent.Type != "" {
			secs = append(secs, p.descent)
		}
		if i+1 < segments {
			secs = append(secs, Section{Type: flat.ID, Km: gap + extra[i+1]})
		}
	}
	return secs
}

// descentSection is the descent after a climb: the steepest (drop 3) after the hardest categories,
// medium (2) after the third-ranked, the gentlest (1) after the easiest; any descent when the ruleset
// has none of that drop.
func descentSection(rs Ruleset, category string) (SectionType, bool) {
	drop := 1
	if c, ok := rs.ClimbCategory(category); ok {
		switch {
		case c.Rank > 0 && c.Rank <= 2:
			drop = 3
		case c.Rank == 3:
			drop = 2
		}
	}
	for _, t := range sectionTypes(rs) {
		if t.Climb == "" && t.Terrain == SectionDescent && t.Drop == drop {
			return t, true
		}
	}
	return findSection(rs, SectionDescent)
}

// flatSectionSquares reports, for a built stage, whether a square lies in a section of the flat type.
func flatSectionSquares(st Stage, flatID string) func(int) bool {
	return func(s int) bool {
		pos := 0
		for _, sec := range st.Sections {
			if s > pos && s <= pos+sec.Squares {
				return sec.Type == flatID
			}
			pos += sec.Squares
		}
		return false
	}
}
