package race

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"racedirector/app/refuse"
)

// NamedThing is one thing of a ruleset that pages and sheets name: where it is in the ruleset
// file, its name in the game's own language and its names in the others.
type NamedThing struct {
	// Path is the thing's JSON path ("roles[0]", "jerseys.individual", "terms.sheet.general").
	Path string
	// Name is the name in the ruleset's own language.
	Name string
	// Names are the names in the other languages.
	Names Words
}

// In is the thing's name in lang, else its own.
func (n NamedThing) In(lang string) string { return n.Names.in(lang, n.Name) }

// NamedThings lists every named thing of the ruleset: the ruleset itself and its description,
// roles, card values, stage types, climb categories, sections, cards, jerseys, advantages and
// terms, in file order (jerseys and terms by key).
func (r Ruleset) NamedThings() []NamedThing {
	out := []NamedThing{{"ruleset", r.Name, r.Names}}
	if r.Description != "" || len(r.Descriptions) > 0 {
		out = append(out, NamedThing{"description", r.Description, r.Descriptions})
	}
	for i, x := range r.Roles {
		out = append(out, NamedThing{fmt.Sprintf("roles[%d]", i), x.Name, x.Names})
	}
	for i, x := range r.Team.Attributes {
		out = append(out, NamedThing{fmt.Sprintf("team.attributes[%d]", i), x.Name, x.Names})
	}
	for i, x := range r.StageTypes {
		out = append(out, NamedThing{fmt.Sprintf("stage_types[%d]", i), x.Name, x.Names})
	}
	for i, x := range r.ClimbCategories {
		out = append(out, NamedThing{fmt.Sprintf("climb_categories[%d]", i), x.Name, x.Names})
	}
	for i, x := range r.Sections {
		out = append(out, NamedThing{fmt.Sprintf("sections[%d]", i), x.Name, x.Names})
	}
	for i, x := range r.Cards {
		out = append(out, NamedThing{fmt.Sprintf("cards[%d]", i), x.Name, x.Names})
	}
	for _, k := range sortedKeys(r.Jerseys) {
		out = append(out, NamedThing{"jerseys." + k, r.Jerseys[k].Name, r.Jerseys[k].Names})
	}
	for i, x := range r.Advantages {
		out = append(out, NamedThing{fmt.Sprintf("advantages[%d]", i), x.Name, x.Names})
	}
	own := r.OwnLanguage()
	for _, k := range sortedKeys(r.Terms) {
		w := r.Terms[k]
		others := Words{}
		for lang, s := range w {
			if lang != own {
				others[lang] = s
			}
		}
		out = append(out, NamedThing{"terms." + k, w[own], others})
	}
	return out
}

// sortedKeys are a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// validateLanguage checks the ruleset's language and the languages of its names: a known language
// each, no empty name, and every term in the ruleset's own language.
func (r *Ruleset) validateLanguage(v *refuse.ValidationError) {
	langs := Languages()
	if r.Language != "" && !slices.Contains(langs, r.Language) {
		v.Addf("language", "must be one of %s", strings.Join(langs, ", "))
	}
	for _, n := range r.NamedThings() {
		field := n.Path + ".names"
		switch {
		case n.Path == "description":
			field = "descriptions"
		case strings.HasPrefix(n.Path, "terms."):
			field = n.Path
			if strings.TrimSpace(n.Name) == "" {
				v.Addf(field, "must have a word in the ruleset's language (%s)", r.OwnLanguage())
			}
		}
		for _, lang := range sortedKeys(n.Names) {
			switch {
			case !slices.Contains(langs, lang):
				v.Addf(field, "must be one of %s", strings.Join(langs, ", "))
			case strings.TrimSpace(n.Names[lang]) == "":
				v.Add(field+"."+lang, "must not be empty")
			}
		}
	}
}

// SprintMarkIn is the short mark of intermediate sprint n on a profile in lang, in the game's own word
// when its ruleset has one (2RUOTE's "TV1": the book's traguardo volante card), else "" and the
// catalogue's mark is used.
func (r Ruleset) SprintMarkIn(lang string, n int) string {
	if abbr := r.TermIn("sprint_abbr", lang); abbr != "" {
		return fmt.Sprintf("%s%d", abbr, n)
	}
	return ""
}
