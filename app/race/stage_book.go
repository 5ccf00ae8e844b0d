package race

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// stageTerrains are the terrains a stage type may allow (StageType.Terrains): a Ciclismo a fondo
// section's (flat, descent, time trial) and a 2RUOTE terrain card's (flat, mountain, descent, hill).
func stageTerrains() []string {
	return []string{SectionFlat, SectionDescent, SectionTimeTrial, TerrainMountain, TerrainHill}
}

// ReviewStages is the stage review of a tour being created (the wizard's stages step, POST /tours):
// ValidateStages, then, in a ruleset StagesByTheBook, every stage that passed it held to its type as
// the game's book says (docs/rules.md §1.2, §2.2, §3.2): the climbs it allows (how many, of which
// categories), the terrains it holds, its intermediate sprints, a Ciclismo a fondo time trial as one
// section whose band is its length, a 2RUOTE stage's cards (ten terrain cards and no special card in
// the basic game; in the advanced game — advanced — a GPM card atop a climb, a TV card after a flat
// one, one R card). The refusal, a *refuse.ValidationError, says the rule in the players' words on the
// field that breaks it. A stored tour is never reviewed again: its stages stay as they were created.
func ReviewStages(rs Ruleset, stages []Stage, advanced bool) error {
	err := ValidateStages(rs, stages)
	var ve *refuse.ValidationError
	if err != nil && !errors.As(err, &ve) {
		return err
	}
	if !rs.StagesByTheBook {
		return err
	}
	v := &refuse.ValidationError{}
	if ve != nil {
		v = ve
	}
	for i, st := range stages {
		prefix := fmt.Sprintf("stages[%d]", i)
		if !fieldsUnder(ve, prefix) {
			checkStageByBook(rs, prefix, st, advanced, v)
		}
	}
	return v.Err()
}

// fieldsUnder reports whether ve has a field of the stage at prefix ("stages[2]").
func fieldsUnder(ve *refuse.ValidationError, prefix string) bool {
	if ve == nil {
		return false
	}
	for f := range ve.Fields {
		if f == prefix || strings.HasPrefix(f, prefix+".") {
			return true
		}
	}
	return false
}

// checkStageByBook adds to v every way one stage breaks its type's rules, with fields under prefix.
func checkStageByBook(rs Ruleset, prefix string, st Stage, advanced bool, v *refuse.ValidationError) {
	t, ok := rs.StageType(st.Type)
	if !ok {
		return
	}
	course := stageCourse{prefix: prefix, stage: st}
	switch {
	case len(rs.Cards) > 0 || rs.TimeModel == TimeModelSectors:
		if len(st.Cards) == 0 {
			v.Add(prefix+".cards", "must list the stage's terrain cards")
			return
		}
		course.cards = true
		checkCardsByBook(rs, t, prefix, st, advanced, v)
		if !advanced {
			// The basic game has no GPM or TV cards: no climb nor sprint is scored (docs/rules.md §3.2).
			return
		}
	case len(rs.Sections) > 0 || rs.TimeModel == TimeModelTurns:
		if len(st.Sections) == 0 {
			v.Add(prefix+".sections", "must list at least one section")
			return
		}
		course.sections = true
		checkSectionsByBook(rs, t, prefix, st, v)
	}
	checkClimbsByBook(rs, t, course, v)
	checkSprintsByBook(rs, t, course, v)
}

// stageCourse says where a stage's climbs and sprints come from, to name the field the director edits:
// a climb section or a GPM card, a TV card, else the climb or sprint itself.
type stageCourse struct {
	prefix          string
	stage           Stage
	sections, cards bool
}

// climbField is the field of the stage's climb j: its section's type, its GPM card, or its category.
func (c stageCourse) climbField(rs Ruleset, j int) string {
	switch {
	case c.sections:
		if k := nthIndex(len(c.stage.Sections), j, func(k int) bool { return SectionKind(rs, c.stage.Sections[k].Type) == "climb" }); k >= 0 {
			return fmt.Sprintf("%s.sections[%d].type", c.prefix, k)
		}
	case c.cards:
		if k := nthIndex(len(c.stage.Cards), j, func(k int) bool { return cardIs(rs, c.stage.Cards[k], CardGPM) }); k >= 0 {
			return fmt.Sprintf("%s.cards[%d]", c.prefix, k)
		}
	}
	return fmt.Sprintf("%s.climbs[%d].category", c.prefix, j)
}

// sprintField is the field of the stage's sprint j: its TV card, or its square.
func (c stageCourse) sprintField(rs Ruleset, j int) string {
	if c.cards {
		if k := nthIndex(len(c.stage.Cards), j, func(k int) bool { return cardIs(rs, c.stage.Cards[k], CardTV) }); k >= 0 {
			return fmt.Sprintf("%s.cards[%d]", c.prefix, k)
		}
	}
	return fmt.Sprintf("%s.sprints[%d].at", c.prefix, j)
}

// listField is the field that holds the stage's climbs as a whole: its sections, its cards or its climbs.
func (c stageCourse) listField(what string) string {
	switch {
	case c.sections:
		return c.prefix + ".sections"
	case c.cards:
		return c.prefix + ".cards"
	}
	return c.prefix + "." + what
}

// nthIndex is the index of the j-th of n items that match (counting from 0), or -1.
func nthIndex(n, j int, match func(int) bool) int {
	for k := range n {
		if match(k) {
			if j == 0 {
				return k
			}
			j--
		}
	}
	return -1
}

// cardIs reports whether card id is the special card of that code (CardGPM, CardTV, CardR).
func cardIs(rs Ruleset, id, code string) bool {
	c, ok := lookupCard(rs, id)
	return ok && cardSpecial(c) == code
}

// checkClimbsByBook holds the stage's climbs to its type: MinClimbs to MaxClimbs of its ClimbCategories.
func checkClimbsByBook(rs Ruleset, t StageType, c stageCourse, v *refuse.ValidationError) {
	climbs := c.stage.Climbs
	for j, cl := range climbs {
		if slices.Contains(t.ClimbCategories, cl.Category) {
			continue
		}
		var cat any = cl.Category
		if known, ok := rs.ClimbCategory(cl.Category); ok {
			cat = midSentence{known}
		}
		if len(t.ClimbCategories) == 0 || t.MaxClimbs == 0 {
			v.Addf(c.climbField(rs, j), "%s: no climbs; climb %d is %s", t, j+1, cat)
			continue
		}
		v.Addf(c.climbField(rs, j), "%s: only climbs of %s; climb %d is %s", t, orNamed(categoriesNamed(rs, t.ClimbCategories)), j+1, cat)
	}
	n := len(climbs)
	if t.MaxClimbs == 0 || n >= t.MinClimbs && n <= t.MaxClimbs {
		return
	}
	switch {
	case t.MinClimbs == t.MaxClimbs && t.MinClimbs == 1:
		v.Addf(c.listField("climbs"), "%s: one climb; this one has %d", t, n)
	case t.MinClimbs == t.MaxClimbs:
		v.Addf(c.listField("climbs"), "%s: %d climbs; this one has %d", t, t.MinClimbs, n)
	default:
		v.Addf(c.listField("climbs"), "%s: %d to %d climbs; this one has %d", t, t.MinClimbs, t.MaxClimbs, n)
	}
}

// checkSprintsByBook holds the stage's intermediate sprints to a type with FixedSprints.
func checkSprintsByBook(rs Ruleset, t StageType, c stageCourse, v *refuse.ValidationError) {
	n := len(c.stage.Sprints)
	if !t.FixedSprints || n == t.Sprints {
		return
	}
	if t.Sprints == 0 {
		// Beside the first sprint (its square, or its TV card): the one to take away first.
		v.Addf(c.sprintField(rs, 0), "%s: no intermediate sprints; this one has %d", t, n)
		return
	}
	v.Addf(c.prefix+".sprints", "%s: %d intermediate sprints; this one has %d", t, t.Sprints, n)
}

// checkSectionsByBook holds a Ciclismo a fondo stage's sections to its type's terrains (climb
// sections are its climbs) and its time trial to one section, whose band is its real length
// (docs/rules.md §2.2: the book's example 3, "una etapa de contrarreloj de 18 km … 54 casillas de
// contrarreloj media").
func checkSectionsByBook(rs Ruleset, t StageType, prefix string, st Stage, v *refuse.ValidationError) {
	timeTrials := 0
	for k, sec := range st.Sections {
		kind := SectionKind(rs, sec.Type)
		if kind == SectionTimeTrial {
			timeTrials++
		}
		if kind == "climb" || kind == "" || len(t.Terrains) == 0 || slices.Contains(t.Terrains, kind) {
			continue
		}
		typ, _, _ := resolveSection(rs, sec.Type, sec.Km)
		v.Addf(fmt.Sprintf("%s.sections[%d].type", prefix, k), "%s: only sections of %s; section %d is %s",
			t, orNamed(sectionsAllowed(rs, t)), k+1, midSentence{typ})
	}
	if timeTrials > 1 {
		v.Addf(prefix+".sections", "%s: one time-trial section, its band by its length; this one has %d", t, timeTrials)
	}
}

// sectionsAllowed are the section types a stage of type t may hold: those of its terrains and the
// climbs of its categories.
func sectionsAllowed(rs Ruleset, t StageType) []i18n.Named {
	var out []i18n.Named
	for _, s := range sectionTypes(rs) {
		if s.Climb != "" && slices.Contains(t.ClimbCategories, s.Climb) || s.Climb == "" && slices.Contains(t.Terrains, s.Terrain) {
			out = append(out, midSentence{s})
		}
	}
	return out
}

// checkCardsByBook holds a 2RUOTE stage's cards to the book (docs/rules.md §3.2): the basic game deals
// ten terrain cards and no special card; the advanced game's GPM card closes a climb (after a mountain
// card), a TV card follows a flat card, and a stage has one R card. Every terrain card is one of its
// type's terrains.
func checkCardsByBook(rs Ruleset, t StageType, prefix string, st Stage, advanced bool, v *refuse.ValidationError) {
	terrains, feeds := 0, 0
	for k, id := range st.Cards {
		c, ok := lookupCard(rs, id)
		if !ok {
			continue
		}
		field := fmt.Sprintf("%s.cards[%d]", prefix, k)
		special := cardSpecial(c)
		if special == "" {
			terrains++
			if len(t.Terrains) > 0 && !slices.Contains(t.Terrains, strings.ToLower(c.Terrain)) {
				v.Addf(field, "%s: %s cards only; card %d is %s", t, orNamed(cardsOfTerrains(rs, t.Terrains)), k+1, c)
			}
			continue
		}
		if !advanced {
			v.Addf(field, "%s is a card of the advanced game", c)
			continue
		}
		var before CardType
		if k > 0 {
			before, _ = lookupCard(rs, st.Cards[k-1])
		}
		switch special {
		case CardR:
			if feeds++; feeds > 1 {
				v.Addf(field, "a stage has one %s card", c)
			}
		case CardGPM:
			if cardSpecial(before) != "" || !strings.EqualFold(before.Terrain, TerrainMountain) {
				v.Addf(field, "%s ends a climb: it follows a %s card", c, terrainCardNamed(rs, TerrainMountain))
			}
		case CardTV:
			if cardSpecial(before) != "" || !strings.EqualFold(before.Terrain, TerrainFlat) {
				v.Addf(field, "%s follows a %s card", c, terrainCardNamed(rs, TerrainFlat))
			}
		}
	}
	if !advanced && terrains != BasicTerrainCards {
		v.Addf(prefix+".cards", "the basic game deals %d terrain cards; this stage has %d", BasicTerrainCards, terrains)
	}
}

// cardsOfTerrains are the plain terrain cards of the given terrains.
func cardsOfTerrains(rs Ruleset, terrains []string) []i18n.Named {
	var out []i18n.Named
	for _, c := range cardTypes(rs) {
		if cardSpecial(c) == "" && slices.Contains(terrains, strings.ToLower(c.Terrain)) {
			out = append(out, c)
		}
	}
	return out
}

// terrainCardNamed is the plain card of a terrain, as a word of the game (its terrain when the deck
// has none).
func terrainCardNamed(rs Ruleset, terrain string) any {
	if c, ok := lookupCard(rs, terrainCardID(rs, terrain)); ok {
		return c
	}
	return terrain
}

// categoriesNamed are the climb categories of ids, as words of the game.
func categoriesNamed(rs Ruleset, ids []string) []i18n.Named {
	var out []i18n.Named
	for _, id := range ids {
		if c, ok := rs.ClimbCategory(id); ok {
			out = append(out, midSentence{c})
		}
	}
	return out
}

// orNamed joins words of the game with "or" in the reader's language ("a, b or c").
func orNamed(words []i18n.Named) any {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	case 2:
		return i18n.Textf("%s or %s", words[0], words[1])
	}
	return i18n.Textf("%s, %s", words[0], orNamed(words[1:]))
}

// midSentence is a word of the game said inside a sentence: "Tercera categoría" becomes "tercera
// categoría", while a word whose second letter is a capital ("GPM") stays as it is.
type midSentence struct{ i18n.Named }

// NameIn is the word in lang, its first letter small unless the word is an acronym.
func (m midSentence) NameIn(lang string) string {
	s := m.Named.NameIn(lang)
	r, size := utf8.DecodeRuneInString(s)
	next, _ := utf8.DecodeRuneInString(s[size:])
	if size == 0 || unicode.IsUpper(next) || unicode.IsDigit(next) {
		return s
	}
	return string(unicode.ToLower(r)) + s[size:]
}
