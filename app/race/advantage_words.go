package race

import (
	"strings"

	"racedirector/app/i18n"
)

// advantageWord is an advantage named in a refusal made where no language is known: in the
// sentence's language, in lower case; in English, for a count, with its plural "s".
type advantageWord struct {
	rule  AdvantageRule
	count int
}

// NameIn is the advantage's name in lang.
func (w advantageWord) NameIn(lang string) string {
	name := w.rule.NameIn(lang)
	if name == "" {
		name = strings.ReplaceAll(w.rule.Kind, "_", " ")
	}
	name = strings.ToLower(name)
	if lang == LanguageEnglish {
		return pluralName(name, w.count)
	}
	return name
}

// String is the name in English.
func (w advantageWord) String() string { return w.NameIn(LanguageEnglish) }

// climbCategoryWord is a climb category named in a refusal: its name in the sentence's language
// ("1st category", "1ª categoría"), its id where the ruleset does not know it.
type climbCategoryWord struct {
	rs *Ruleset
	id string
}

// NameIn is the category's name in lang.
func (w climbCategoryWord) NameIn(lang string) string {
	if cc, ok := w.rs.ClimbCategory(w.id); ok && cc.NameIn(lang) != "" {
		return cc.NameIn(lang)
	}
	return w.id
}

// String is the name in English.
func (w climbCategoryWord) String() string { return w.NameIn(LanguageEnglish) }

// orWords says a choice of words in the sentence's language: "a, b or c", "a, b o c".
func orWords(words []any) any {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return i18n.Textf("%s or %s", commaWords(words[:len(words)-1]), words[len(words)-1])
}

// commaWords lists words one after the other: "a, b, c".
func commaWords(words []any) any {
	if len(words) == 1 {
		return words[0]
	}
	return i18n.Textf("%s, %s", commaWords(words[:len(words)-1]), words[len(words)-1])
}

// countText picks the sentence for n: one for 1 (and -1), many otherwise, as English, Spanish and
// Italian do ("1 effort point", "3 puntos de esfuerzo").
func countText(n int, one, many i18n.Text) i18n.Text {
	if n == 1 || n == -1 {
		return one
	}
	return many
}
