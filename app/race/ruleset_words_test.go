package race

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"racedirector/app/i18n"
)

// glossRE finds words in brackets at the end of a name that are more than a code or a distance:
// "Jefe de filas (leader)" has a gloss, "Contrarreloj corta (1–15 km)" has not.
var glossRE = regexp.MustCompile(`\(([^)]*)\)\s*$`)

// hasGloss reports whether name ends with words in brackets that gloss it (lower-case words other
// than "km").
func hasGloss(name string) bool {
	m := glossRE.FindStringSubmatch(name)
	if m == nil {
		return false
	}
	for _, w := range strings.FieldsFunc(m[1], func(r rune) bool { return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') }) {
		if w != "km" && w != strings.ToUpper(w) {
			return true
		}
	}
	return false
}

// Every named thing of every shipped ruleset has its name in English, Spanish and Italian (its own
// name in the ruleset's language, the others in names, none left to fall back), and no name holds
// an English gloss in brackets any more.
func TestShippedRulesetsNameEverythingInEveryLanguage(t *testing.T) {
	for _, rs := range shippedRulesets(t) {
		own := rs.Language
		if own == "" {
			t.Errorf("%s: no language", rs.ID)
			continue
		}
		things := rs.NamedThings()
		if strings.TrimSpace(rs.Description) == "" {
			t.Errorf("%s: no description in its own language %s (the home page and the wizard show it)", rs.ID, own)
		}
		if len(things) < 10 {
			t.Errorf("%s: only %d named things", rs.ID, len(things))
		}
		for _, n := range things {
			if strings.TrimSpace(n.Name) == "" {
				t.Errorf("%s %s: no name in its own language %s", rs.ID, n.Path, own)
			}
			for _, lang := range Languages() {
				name := n.In(lang)
				if lang != own && strings.TrimSpace(n.Names[lang]) == "" {
					t.Errorf("%s %s: no name in %s (names = %v)", rs.ID, n.Path, lang, n.Names)
				}
				if hasGloss(name) && n.Path != "description" {
					t.Errorf("%s %s: the %s name %q holds a gloss in brackets", rs.ID, n.Path, lang, name)
				}
			}
		}
	}
}

// The games' own words, as their rulebooks write them, are the names in the games' languages.
func TestShippedRulesetsUseTheRulebooksWords(t *testing.T) {
	caf, ruote, cp, uci := shippedRuleset(t, "ciclismo-a-fondo"), shippedRuleset(t, "2ruote"),
		shippedRuleset(t, "cycling-party"), shippedRuleset(t, "uci-road")
	for rs, lang := range map[string]string{caf.ID: caf.Language, ruote.ID: ruote.Language, cp.ID: cp.Language, uci.ID: uci.Language} {
		want := map[string]string{"ciclismo-a-fondo": "es", "2ruote": "it", "cycling-party": "es", "uci-road": "en"}[rs]
		if lang != want {
			t.Errorf("%s: language %q, want %q", rs, lang, want)
		}
	}
	jersey := func(rs Ruleset, class string) Jersey { return rs.Jerseys[class] }
	role := func(rs Ruleset, id string) Role { r, _ := rs.Role(id); return r }
	stage := func(rs Ruleset, id string) StageType { s, _ := rs.StageType(id); return s }
	climb := func(rs Ruleset, id string) ClimbCategory { c, _ := rs.ClimbCategory(id); return c }
	adv := func(rs Ruleset, kind string) AdvantageRule { a, _ := rs.AdvantageRule(kind); return a }
	cases := []struct{ what, got, want string }{
		// Ciclismo a fondo (Spanish rulebook).
		{"CaF general control sheet", caf.TermIn("sheet.general", "es"), "Hoja de control de la general"},
		{"CaF effort sheet", caf.TermIn("sheet.effort", "es"), "Hoja de control de puntos de esfuerzo"},
		{"CaF time unit", caf.TimeUnitIn("es"), "turnos"},
		{"CaF effort points", adv(caf, AdvEffort).Name, "Puntos de esfuerzo"},
		{"CaF repecho", climb(caf, "repecho").Name, "Repecho"},
		{"CaF feed zone", caf.TermIn("feed_zone", "es"), "avituallamiento"},
		{"CaF yellow", jersey(caf, ClassIndividual).Name, "Maillot amarillo"},
		{"CaF green", jersey(caf, ClassRegularity).Name, "Maillot verde"},
		{"CaF polka dots", jersey(caf, ClassMountain).Name, "Maillot de lunares"},
		{"CaF leader", role(caf, "JF").Name, "Jefe de filas"},
		{"CaF leader in English", role(caf, "JF").NameIn("en"), "Leader"},
		{"CaF flat stage", stage(caf, "flat").Name, "Etapa de llano"},
		{"CaF flat stage in Italian", stage(caf, "flat").NameIn("it"), "Tappa di pianura"},
		// 2RUOTE (Italian rulebook).
		{"2RUOTE pink", jersey(ruote, ClassIndividual).Name, "Maglia Rosa"},
		{"2RUOTE green", jersey(ruote, ClassMountain).Name, "Maglia Verde"},
		{"2RUOTE cyclamen", jersey(ruote, ClassRegularity).Name, "Maglia Ciclamino"},
		{"2RUOTE cyclamen in Spanish", jersey(ruote, ClassRegularity).NameIn("es"), "Maglia Ciclamino"},
		{"2RUOTE points classification", ruote.TermIn("class.regularity", "it"), "Classifica della Maglia Ciclamino"},
		{"2RUOTE intermediate sprint", ruote.TermIn("intermediate_sprint", "it"), "traguardo volante"},
		{"2RUOTE volata", ruote.TermIn("sprint", "it"), "volata"},
		{"2RUOTE fatigue", ruote.TermIn("fatigue", "it"), "punti fatica"},
		{"2RUOTE fatigue in English", ruote.TermIn("fatigue", "en"), "fatigue points"},
		{"2RUOTE flat value", ruote.Team.Attributes[1].Name, "Pianura"},
		{"2RUOTE terrain card", ruote.SquareNameIn("it"), "carta terreno"},
		// Cycling Party (Spanish).
		{"Cycling Party water bottle", adv(cp, AdvWaterBottle).Name, "Bidón"},
		{"Cycling Party water bottles", cp.TermIn("water_bottles", "es"), "bidones"},
		{"Cycling Party attack", adv(cp, AdvAttack).Name, "Ataque"},
		{"Cycling Party attacks", cp.TermIn("attacks", "es"), "ataques"},
		{"Cycling Party director", cp.TermIn("director", "es"), "Director de carrera"},
		{"Cycling Party water bottle in English", adv(cp, AdvWaterBottle).NameIn("en"), "Water bottle"},
		{"Cycling Party lanterne rouge in English", role(cp, "lanterne_rouge").NameIn("en"), "Lanterne rouge"},
		// UCI road races (English).
		{"UCI yellow", jersey(uci, ClassIndividual).Name, "Yellow jersey"},
		{"UCI yellow in Italian", jersey(uci, ClassIndividual).NameIn("it"), "Maglia gialla"},
		{"UCI description in Spanish", strings.Fields(uci.DescriptionIn("es"))[0], "Vueltas"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.what, c.got, c.want)
		}
	}
}

// A role's label names it in the language asked, with its code when the game has one; a tour made
// before the names came per language (an English gloss in brackets) still reads without it.
func TestRoleLabelIn(t *testing.T) {
	caf := shippedRuleset(t, "ciclismo-a-fondo")
	jf, _ := caf.Role("JF")
	for _, c := range []struct{ got, want string }{
		{jf.Label(), "Jefe de filas (JF)"}, {jf.LabelIn("es"), "Jefe de filas (JF)"},
		{jf.LabelIn("en"), "Leader (JF)"}, {jf.LabelIn("it"), "Capitano (JF)"}, {jf.ShortIn("en"), "Leader"},
		{Role{ID: "JF", Name: "Jefe de filas (leader)"}.LabelIn("en"), "Jefe de filas (JF)"},
		{AttributeRule{ID: "cost", Name: "Costo", Names: Words{"en": "Cost"}}.ShortIn("en"), "Cost"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// The words the app names in Go fall back to the game's own, then to the ruleset's plain fields.
func TestTermInFallsBack(t *testing.T) {
	rs := Ruleset{Language: "it", TimeUnit: "seconds", SquareName: "km",
		Terms: map[string]Words{"fatigue": {"it": "punti fatica", "en": "fatigue points"}}}
	for _, c := range []struct{ got, want string }{
		{rs.TermIn("fatigue", "es"), "punti fatica"}, {rs.TermIn("fatigue", "en"), "fatigue points"},
		{rs.TermIn("none", "en"), ""}, {rs.TimeUnitIn("es"), "seconds"}, {rs.SquareNameIn("es"), "km"},
		{Ruleset{}.SquaresNameIn("it"), "squares"}, {Ruleset{}.OwnLanguage(), "en"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// A ruleset file with an unknown language, a name in an unknown language, an empty name or a term
// without the game's own word is refused, naming the field.
func TestLoadRulesetsRefusesBadLanguages(t *testing.T) {
	edit := rulesetEditor(t, "2ruote")
	cases := []struct {
		name string
		file []byte
		want string
	}{
		{"unknown language", edit(func(m map[string]any) { m["language"] = "fr" }), "language: must be one of en, es, it"},
		{"name in an unknown language", edit(func(m map[string]any) {
			m["roles"].([]any)[0].(map[string]any)["names"] = map[string]string{"de": "Fahrer"}
		}), "roles[0].names: must be one of en, es, it"},
		{"empty name", edit(func(m map[string]any) {
			m["jerseys"].(map[string]any)["individual"].(map[string]any)["names"] = map[string]string{"en": " "}
		}), "jerseys.individual.names.en: must not be empty"},
		{"term without the game's word", edit(func(m map[string]any) {
			m["terms"].(map[string]any)["fatigue"] = map[string]string{"en": "fatigue points"}
		}), "terms.fatigue: must have a word in the ruleset's language (it)"},
	}
	for _, c := range cases {
		_, err := LoadRulesets(fstest.MapFS{"rulesets/2ruote.json": {Data: c.file}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// A role named in a refusal is said in the refusal's language: English when printed, the language
// of the localizer that says it (the format itself falls back to English when not in a catalogue).
func TestRoleLabelInATextIsSaidInItsLanguage(t *testing.T) {
	cat, err := i18n.Load(fstest.MapFS{"common.en.json": {Data: []byte(`{"common.x": "x"}`)},
		"common.es.json": {Data: []byte(`{"common.x": "x"}`)}, "common.it.json": {Data: []byte(`{"common.x": "x"}`)}})
	if err != nil {
		t.Fatal(err)
	}
	jf, _ := shippedRuleset(t, "ciclismo-a-fondo").Role("JF")
	text := i18n.Textf("at most %d %s per team", 1, RoleLabel(jf))
	for lang, want := range map[string]string{"": "at most 1 Leader (JF) per team", "es": "at most 1 Jefe de filas (JF) per team",
		"it": "at most 1 Capitano (JF) per team"} {
		got := text.String()
		if lang != "" {
			got = cat.Localizer(lang).Say(text)
		}
		if got != want {
			t.Errorf("%q: %q, want %q", lang, got, want)
		}
	}
}
