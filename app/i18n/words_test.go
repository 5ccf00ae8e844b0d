package i18n_test

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"racedirector/app/i18n"
	"racedirector/app/i18n/i18ntest"
	"racedirector/data"
)

// sampleName is the value a message's %s, %q and {{.Name}} get: a rider's name, the same in every
// language.
const sampleName = "Induráin"

// samplePlaceholder finds a message's {{.Name}}.
var samplePlaceholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// rendered is every way a message is said in lang with sample values: a plural message for 1, 2
// and 5, a printf format (a reason, whose key is its English) with 1, 2, 5 and a name for its
// values, a page's message with a name or a number for each {{.Name}}.
func rendered(l *i18n.Localizer, key, english string) []string {
	var pairs []any
	for _, m := range samplePlaceholder.FindAllStringSubmatch(english, -1) {
		if m[1] != "Count" {
			pairs = append(pairs, m[1], sampleName)
		}
	}
	var out []string
	for _, n := range []int{1, 2, 5} {
		switch {
		case strings.Contains(english, "|"): // a plural message (ReadTexts joins its forms with " | ")
			out = append(out, l.N(key, n, pairs...))
		case key == english && strings.Contains(key, "%"):
			var args []any
			for _, v := range verbsOf(key) {
				switch v {
				case "d":
					args = append(args, n)
				case "f":
					args = append(args, float64(n)+0.5)
				default:
					args = append(args, sampleName)
				}
			}
			out = append(out, l.Say(i18n.Textf(key, args...)))
		default:
			out = append(out, l.T(key, pairs...))
		}
	}
	return out
}

// TestNoEnglishInSpanishOrItalian says every message of every catalogue in Spanish and Italian with
// sample values, and fails naming the key, the language and the word for each English word it
// finds: a word of the English catalogue that the language never uses of its own (names, units
// and the officials' abbreviations are allowed: i18ntest.Names, i18ntest.Shared).
func TestNoEnglishInSpanishOrItalian(t *testing.T) {
	cat := shipped(t)
	texts, err := i18ntest.ReadTexts(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	vocabulary, err := i18ntest.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{i18n.Spanish, i18n.Italian} {
		if n := vocabulary.Count(lang); n < 500 {
			t.Fatalf("%s: only %d English words to look for: is the vocabulary still read?", lang, n)
		}
		l := cat.Localizer(lang)
		keys := make([]string, 0, len(texts[i18n.English]))
		for k := range texts[i18n.English] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, key := range keys {
			seen := map[string]bool{}
			for _, said := range rendered(l, key, texts[i18n.English][key]) {
				for _, w := range vocabulary.EnglishIn(said, lang) {
					if !seen[w] {
						seen[w] = true
						t.Errorf("%s %q says the English word %s: %q", lang, key, w, said)
					}
				}
			}
		}
	}
}

// TestVocabularyFindsEnglish checks the word finder the test above relies on: English words are
// found, names, quoted values, code and the language's own words are not.
func TestVocabularyFindsEnglish(t *testing.T) {
	vocabulary, err := i18ntest.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang, text string
		want       int
	}{
		{"es", "al dorsal 12 le quedan 3 effort points, no puede gastar 4", 2},
		{"es", "segunda caída en la etapa", 0},
		{"es", "second crash in the stage", 5},
		{"it", "Foglio di control: time limit 1:02:03", 3},
		{"es", `debe ser "fair" (buen tiempo) o "rain" (lluvia)`, 0},
		{"es", "debe ser al menos team.min_riders (3) en Race Director y Cycling Party", 0},
		{"it", "il backup del file (.json) in 2RUOTE: 12 km, 30 s, DNF", 0},
	} {
		if got := vocabulary.EnglishIn(c.text, c.lang); len(got) != c.want {
			t.Errorf("%s %q: found %v, want %d English words", c.lang, c.text, got, c.want)
		}
	}
}
