package race

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"strings"

	"racedirector/app/refuse"
)

// RulesetDir is the folder of the ruleset files inside the fs.FS given to LoadRulesets.
const RulesetDir = "rulesets"

// LoadRulesets reads and validates every rulesets/*.json file of fsys, strictly (an unknown field
// is an error). The list comes back with the default ruleset first, then by id. An error names the
// file and the field: "rulesets/2ruote.json: stage_types[2].regularity: must not increase".
func LoadRulesets(fsys fs.FS) ([]Ruleset, error) {
	names, err := fs.Glob(fsys, RulesetDir+"/*.json")
	if err != nil {
		return nil, fmt.Errorf("race: listing rulesets: %w", err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("race: no ruleset files in %s/", RulesetDir)
	}
	sort.Strings(names)
	list := make([]Ruleset, 0, len(names))
	from := map[string]string{}
	defaultFile := ""
	for _, name := range names {
		rs, err := loadRuleset(fsys, name)
		if err != nil {
			return nil, err
		}
		if other, ok := from[rs.ID]; ok {
			return nil, fmt.Errorf("%s: id: %q is already the id of %s", name, rs.ID, other)
		}
		from[rs.ID] = name
		if rs.Default {
			if defaultFile != "" {
				return nil, fmt.Errorf("%s: default: only one ruleset can be the default, and %s already is", name, defaultFile)
			}
			defaultFile = name
		}
		list = append(list, rs)
	}
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].Default != list[j].Default {
			return list[i].Default
		}
		return list[i].ID < list[j].ID
	})
	return list, nil
}

// loadRuleset decodes and validates one ruleset file.
func loadRuleset(fsys fs.FS, name string) (Ruleset, error) {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return Ruleset{}, fmt.Errorf("%s: %w", name, err)
	}
	rs, err := DecodeRuleset(raw)
	if err != nil {
		return Ruleset{}, fmt.Errorf("%s: %w", name, err)
	}
	if err := rs.Validate(); err != nil {
		var v *refuse.ValidationError
		if errors.As(err, &v) {
			return Ruleset{}, fmt.Errorf("%s: %s", name, describeFields(v))
		}
		return Ruleset{}, fmt.Errorf("%s: %w", name, err)
	}
	return rs, nil
}

// DecodeRuleset decodes one ruleset from JSON strictly: unknown fields and trailing data are errors.
// It does not validate the tables (see Ruleset.Validate).
func DecodeRuleset(raw []byte) (Ruleset, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var rs Ruleset
	if err := dec.Decode(&rs); err != nil {
		return Ruleset{}, describeJSONError(raw, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Ruleset{}, errors.New("unexpected data after the ruleset object")
	}
	return rs, nil
}

// describeJSONError turns a decoding error into "field: reason" or "line n: reason".
func describeJSONError(raw []byte, err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return fmt.Errorf("line %d: invalid JSON: %v", lineOf(raw, syntax.Offset), syntax)
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "ruleset"
		}
		return fmt.Errorf("%s: must be %s, not %s", field, jsonKind(typ.Type.Kind().String()), typ.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("%s: unknown field", strings.TrimPrefix(err.Error(), "json: unknown field "))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("invalid JSON: unexpected end of file")
	}
	return err
}

// jsonKind names a Go kind the way a ruleset author reads it.
func jsonKind(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"), strings.HasPrefix(kind, "float"):
		return "a number"
	case kind == "slice", kind == "array":
		return "a list"
	case kind == "map", kind == "struct", kind == "ptr":
		return "an object"
	case kind == "bool":
		return "true or false"
	}
	return "a " + kind
}

// lineOf returns the 1-based line of a byte offset.
func lineOf(raw []byte, offset int64) int {
	if offset > int64(len(raw)) {
		offset = int64(len(raw))
	}
	return bytes.Count(raw[:offset], []byte("\n")) + 1
}

// describeFields lists a validation error as "field: reason; field: reason" in field order.
func describeFields(v *refuse.ValidationError) string {
	keys := slices.Sorted(maps.Keys(v.Fields))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ": " + v.Fields[k]
	}
	return strings.Join(parts, "; ")
}

// FindRuleset returns the ruleset with that id from list and whether there is one.
func FindRuleset(list []Ruleset, id string) (Ruleset, bool) {
	for _, rs := range list {
		if rs.ID == id {
			return rs, true
		}
	}
	return Ruleset{}, false
}

// StageType returns the stage type with that id and whether there is one.
func (r Ruleset) StageType(id string) (StageType, bool) {
	for _, st := range r.StageTypes {
		if st.ID == id {
			return st, true
		}
	}
	return StageType{}, false
}

// SectionType returns the section type with that id (the ruleset's, or the default ones a
// Ciclismo a fondo stage is built from) and whether there is one.
func (r Ruleset) SectionType(id string) (SectionType, bool) {
	for _, t := range sectionTypes(r) {
		if t.ID == id {
			return t, true
		}
	}
	return SectionType{}, false
}

// ClimbCategory returns the climb category with that id and whether there is one.
func (r Ruleset) ClimbCategory(id string) (ClimbCategory, bool) {
	for _, c := range r.ClimbCategories {
		if c.ID == id {
			return c, true
		}
	}
	return ClimbCategory{}, false
}

// Role returns the role with that id and whether there is one.
func (r Ruleset) Role(id string) (Role, bool) {
	for _, ro := range r.Roles {
		if ro.ID == id {
			return ro, true
		}
	}
	return Role{}, false
}

// Label names the role for a message in the game's own words: its name without an English gloss
// in brackets, followed by its code when the game has one ("Jefe de filas (JF)", "Lanterne rouge").
func (ro Role) Label() string { return ro.labelOf(ro.Short()) }

// LabelIn is Label in lang: "Leader (JF)" in English, "Jefe de filas (JF)" in Spanish.
func (ro Role) LabelIn(lang string) string { return ro.labelOf(ro.ShortIn(lang)) }

// RoleLabel is a role named in a sentence made where no language is known (a refusal): as an
// argument of an i18n.Text it is the role's label in the language the sentence is said in, and
// printed it is the English one.
type RoleLabel Role

// NameIn is the role's label in lang.
func (r RoleLabel) NameIn(lang string) string { return Role(r).LabelIn(lang) }

// String is the role's label in English.
func (r RoleLabel) String() string { return Role(r).LabelIn(LanguageEnglish) }

// labelOf is name followed by the role's code when the game has one.
func (ro Role) labelOf(name string) string {
	if ro.ID != "" && ro.ID == strings.ToUpper(ro.ID) && !strings.EqualFold(ro.ID, name) {
		return name + " (" + ro.ID + ")"
	}
	return name
}

// Short is the role's name in the game's own words ("Jefe de filas"), for a choice where room is
// short; its id when it has no name. (A tour made before the names came per language may still
// hold an English gloss in brackets, "Jefe de filas (leader)": it is left out.)
func (ro Role) Short() string { return withoutGloss(ro.Name, ro.ID) }

// ShortIn is Short in lang ("Leader").
func (ro Role) ShortIn(lang string) string { return withoutGloss(ro.NameIn(lang), ro.ID) }

// Short is the card value's name in the game's own words ("Pianura"), for a column title; its id
// when it has no name (an older tour's English gloss in brackets is left out).
func (a AttributeRule) Short() string { return withoutGloss(a.Name, a.ID) }

// ShortIn is Short in lang ("Flat").
func (a AttributeRule) ShortIn(lang string) string { return withoutGloss(a.NameIn(lang), a.ID) }

// withoutGloss is a name without the English words in brackets at its end ("Jefe de filas (leader)",
// as tours made before the names came per language hold them, is "Jefe de filas"); id when the
// name is empty.
func withoutGloss(name, id string) string {
	name = strings.TrimSpace(name)
	if i := strings.Index(name, " ("); i > 0 && strings.HasSuffix(name, ")") {
		name = name[:i]
	}
	if name == "" {
		return id
	}
	return name
}

// RoleForCounter returns the role a counter number gives (Cycling Party) and whether there is one.
func (r Ruleset) RoleForCounter(n int) (Role, bool) {
	if n <= 0 {
		return Role{}, false
	}
	for _, ro := range r.Roles {
		if ro.Counter == n {
			return ro, true
		}
	}
	return Role{}, false
}

// Has reports whether the ruleset has that classification (a Class* constant).
func (r Ruleset) Has(classification string) bool {
	return slices.Contains(r.Classifications, classification)
}

// AdvantageRule returns the rule of that advantage kind and whether the ruleset has it.
func (r Ruleset) AdvantageRule(kind string) (AdvantageRule, bool) {
	for _, a := range r.Advantages {
		if a.Kind == kind {
			return a, true
		}
	}
	return AdvantageRule{}, false
}

// DefaultPoints returns a copy of the ruleset's default Cycling Party points definition,
// or the zero definition when the ruleset has none.
func (r Ruleset) DefaultPoints() PointsDefinition {
	if r.Points == nil {
		return PointsDefinition{}
	}
	return clonePoints(*r.Points)
}

// clonePoints returns a copy of p that shares no slices with it.
func clonePoints(p PointsDefinition) PointsDefinition {
	p.Individual = slices.Clone(p.Individual)
	p.Regularity = slices.Clone(p.Regularity)
	p.Mountain = slices.Clone(p.Mountain)
	p.Sprints = slices.Clone(p.Sprints)
	p.Teams = slices.Clone(p.Teams)
	return p
}

// Clone returns a deep copy of the ruleset, so a tour's copy is independent of the original.
func (r Ruleset) Clone() Ruleset {
	c := r
	c.Roles = slices.Clone(r.Roles)
	c.Team = r.Team
	c.Team.RiderCounts = slices.Clone(r.Team.RiderCounts)
	c.Team.Attributes = slices.Clone(r.Team.Attributes)
	c.StageTypes = cloneEach(r.StageTypes, func(st StageType) StageType {
		st.ClimbCategories = slices.Clone(st.ClimbCategories)
		st.MustInclude = slices.Clone(st.MustInclude)
		st.Terrains = slices.Clone(st.Terrains)
		st.Regularity = slices.Clone(st.Regularity)
		return st
	})
	c.ClimbCategories = cloneEach(r.ClimbCategories, func(cc ClimbCategory) ClimbCategory {
		cc.Points = slices.Clone(cc.Points)
		return cc
	})
	c.Sections = slices.Clone(r.Sections)
	c.Cards = slices.Clone(r.Cards)
	c.SprintPoints = slices.Clone(r.SprintPoints)
	c.SprintRegularity = slices.Clone(r.SprintRegularity)
	c.SprintBonuses = slices.Clone(r.SprintBonuses)
	c.ClimbBonuses = slices.Clone(r.ClimbBonuses)
	c.FinishBonuses = slices.Clone(r.FinishBonuses)
	c.Classifications = slices.Clone(r.Classifications)
	c.Jerseys = maps.Clone(r.Jerseys)
	c.Terms = maps.Clone(r.Terms)
	if r.Points != nil {
		p := clonePoints(*r.Points)
		c.Points = &p
	}
	c.Advantages = cloneEach(r.Advantages, func(a AdvantageRule) AdvantageRule {
		a.PerStageByType = maps.Clone(a.PerStageByType)
		a.PerClimb = maps.Clone(a.PerClimb)
		a.ClimbCategories = slices.Clone(a.ClimbCategories)
		a.Variants = slices.Clone(a.Variants)
		return a
	})
	if r.Effort != nil {
		e := *r.Effort
		e.Allowance = maps.Clone(e.Allowance)
		e.Recovery = maps.Clone(e.Recovery)
		c.Effort = &e
	}
	if r.Fatigue != nil {
		f := *r.Fatigue
		c.Fatigue = &f
	}
	if r.Volata != nil {
		v := *r.Volata
		c.Volata = &v
	}
	if r.Proposal != nil {
		p := *r.Proposal
		p.SprintLines = slices.Clone(p.SprintLines)
		c.Proposal = &p
	}
	return c
}

// cloneEach copies a slice, copying each element with clone; nil stays nil.
func cloneEach[T any](in []T, clone func(T) T) []T {
	if in == nil {
		return nil
	}
	out := make([]T, len(in))
	for i, v := range in {
		out[i] = clone(v)
	}
	return out
}
