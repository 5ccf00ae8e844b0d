package i18n_test

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"racedirector/app/i18n"
	"racedirector/data"
)

// shipped loads the app's own catalogues.
func shipped(t *testing.T) *i18n.Catalogue {
	t.Helper()
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatalf("loading the shipped catalogues: %v", err)
	}
	return cat
}

// TestEveryKeyInEveryLanguage fails on a message one language has and another lacks.
func TestEveryKeyInEveryLanguage(t *testing.T) {
	cat := shipped(t)
	english := cat.Keys(i18n.English)
	if len(english) == 0 {
		t.Fatal("the English catalogue is empty")
	}
	for _, lang := range i18n.Languages() {
		keys := cat.Keys(lang)
		for _, k := range english {
			if !cat.Has(lang, k) {
				t.Errorf("%s lacks %q", lang, k)
			}
		}
		for _, k := range keys {
			if !cat.Has(i18n.English, k) {
				t.Errorf("%s has %q, which English lacks", lang, k)
			}
		}
	}
}

// messageFile is one catalogue file as read: a key's text, or its plural forms.
type messageFile map[string]any

// readFiles reads every file of the shipped catalogues, by language and key.
func readFiles(t *testing.T) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	names, err := fs.Glob(data.I18n(), "*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		raw, err := fs.ReadFile(data.I18n(), name)
		if err != nil {
			t.Fatal(err)
		}
		var f messageFile
		if err := json.Unmarshal(raw, &f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		lang := strings.Split(name, ".")[1]
		if out[lang] == nil {
			out[lang] = map[string]any{}
		}
		for k, v := range f {
			out[lang][k] = v
		}
	}
	return out
}

var (
	placeholder  = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)
	printfVerbOf = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)
)

// forms lists a message's texts: itself, or its plural forms.
func forms(v any) []string {
	switch m := v.(type) {
	case string:
		return []string{m}
	case map[string]any:
		var out []string
		for _, f := range []string{"zero", "one", "two", "few", "many", "other"} {
			if s, ok := m[f].(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// names lists the {{.Name}} a text uses, sorted and without repeats.
func names(s string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// verbs lists a printf format's verbs by kind (%d, %s, %q…), sorted: a translation may reorder them.
func verbs(s string) []string {
	var out []string
	for _, m := range printfVerbOf.FindAllString(s, -1) {
		if m == "%%" {
			continue
		}
		out = append(out, m[len(m)-1:])
	}
	sort.Strings(out)
	return out
}

// TestTranslationsKeepTheirData fails when a translation drops or invents a {{.Name}} or a printf verb,
// or when a plural message lacks its "one" or "other" form.
func TestTranslationsKeepTheirData(t *testing.T) {
	files := readFiles(t)
	for key, ev := range files[i18n.English] {
		enForms := forms(ev)
		if len(enForms) == 0 {
			t.Errorf("en %q is neither a text nor plural forms", key)
			continue
		}
		_, plural := ev.(map[string]any)
		for _, lang := range i18n.Languages() {
			v, ok := files[lang][key]
			if !ok {
				continue // TestEveryKeyInEveryLanguage says so
			}
			m, isPlural := v.(map[string]any)
			if isPlural != plural {
				t.Errorf("%s %q: plural in one language and not in the other", lang, key)
				continue
			}
			if isPlural {
				for _, f := range []string{"one", "other"} {
					if s, _ := m[f].(string); s == "" {
						t.Errorf("%s %q lacks its %q form", lang, key, f)
					}
				}
			}
			want := names(strings.Join(enForms, " "))
			if got := names(strings.Join(forms(v), " ")); !slices.Equal(got, want) && !(isPlural && slices.Equal(slices.DeleteFunc(slices.Clone(want), func(s string) bool { return s == "Count" }), slices.DeleteFunc(got, func(s string) bool { return s == "Count" }))) {
				t.Errorf("%s %q uses %v, English uses %v", lang, key, got, want)
			}
			for _, f := range forms(v) {
				if key != enForms[0] {
					break // a page's message, not a printf format (whose key is its English text)
				}
				if got, want := verbs(f), verbs(enForms[len(enForms)-1]); !slices.Equal(got, want) {
					t.Errorf("%s %q has the verbs %v, English has %v: %q", lang, key, got, want, f)
				}
			}
		}
	}
}

// TestSpanishAndItalianAreTranslated fails when most of a language's messages are the English ones
// copied: a few words are the same in all three (TV, PDF, sprint), not whole sentences.
func TestSpanishAndItalianAreTranslated(t *testing.T) {
	files := readFiles(t)
	for _, lang := range []string{i18n.Spanish, i18n.Italian} {
		for key, ev := range files[i18n.English] {
			en := strings.Join(forms(ev), " ")
			other := strings.Join(forms(files[lang][key]), " ")
			words := strings.Fields(placeholder.ReplaceAllString(printfVerbOf.ReplaceAllString(en, ""), ""))
			if len(words) >= 4 && en == other {
				t.Errorf("%s %q is the English sentence %q", lang, key, en)
			}
		}
	}
}

// testCatalogue is a small catalogue made for the tests below.
func testCatalogue(t *testing.T) *i18n.Catalogue {
	t.Helper()
	files := fstest.MapFS{
		"t.en.json": {Data: []byte(`{"teams": {"one": "{{.Count}} team", "other": "{{.Count}} teams"}, "hello": "Hello {{.Name}}",
			"save": "Save", "must be between %d and %d": "must be between %d and %d", "the %s": "the %s", "Sprinter": "Sprinter",
			"date.long": "{{.Day}} {{.Month}} {{.Year}}", "date.month.3": "March", "date.time": "{{.Date}}, {{.Time}}", "list.and": "and"}`)},
		"t.es.json": {Data: []byte(`{"teams": {"one": "{{.Count}} equipo", "other": "{{.Count}} equipos"}, "hello": "Hola {{.Name}}",
			"save": "Guardar", "must be between %d and %d": "debe estar entre %d y %d", "the %s": "el %s", "Sprinter": "esprínter",
			"date.long": "{{.Day}} de {{.Month}} de {{.Year}}", "date.month.3": "marzo", "date.time": "{{.Date}}, {{.Time}}", "list.and": "y"}`)},
		"t.it.json": {Data: []byte(`{"teams": {"one": "{{.Count}} squadra", "other": "{{.Count}} squadre"}, "hello": "Ciao {{.Name}}",
			"save": "Salva", "must be between %d and %d": "dev'essere tra %[1]d e %[2]d", "the %s": "il %s", "Sprinter": "velocista",
			"date.long": "{{.Day}} {{.Month}} {{.Year}}", "date.month.3": "marzo", "date.time": "{{.Date}}, {{.Time}}", "list.and": "e"}`)},
	}
	cat, err := i18n.Load(files)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func TestLocalizerSpeaks(t *testing.T) {
	cat := testCatalogue(t)
	march := time.Date(2026, 3, 7, 21, 5, 0, 0, time.UTC)
	cases := []struct {
		lang, got, want string
	}{
		{"en", cat.Localizer("en").N("teams", 1), "1 team"},
		{"en", cat.Localizer("en").N("teams", 2), "2 teams"},
		{"es", cat.Localizer("es").N("teams", 1), "1 equipo"},
		{"es", cat.Localizer("es").N("teams", 0), "0 equipos"},
		{"it", cat.Localizer("it").N("teams", 1), "1 squadra"},
		{"it", cat.Localizer("it").N("teams", 2), "2 squadre"},
		{"it", cat.Localizer("it").N("teams", 12345), "12.345 squadre"},
		{"es", cat.Localizer("es").T("hello", "Name", "Ana"), "Hola Ana"},
		{"it", cat.Localizer("it").T("save"), "Salva"},
		{"es", cat.Localizer("es").Say(i18n.Textf("must be between %d and %d", 1, 6)), "debe estar entre 1 y 6"},
		{"it", cat.Localizer("it").Say(i18n.Textf("must be between %d and %d", 1, 6)), "dev'essere tra 1 e 6"},
		{"es", cat.Localizer("es").Say(i18n.Textf("the %s", i18n.Textf("Sprinter"))), "el esprínter"},
		{"en", cat.Localizer("en").Say(i18n.Textf("the %s", i18n.Textf("Sprinter"))), "the Sprinter"},
		{"es", cat.Localizer("es").Say(i18n.Textf("no such sentence %d", 3)), "no such sentence 3"},
		{"es", cat.Localizer("es").Decimal(12.5, 1), "12,5"},
		{"it", cat.Localizer("it").Decimal(1234.5, 2), "1.234,50"},
		{"en", cat.Localizer("en").Decimal(1234.5, 1), "1,234.5"},
		{"es", cat.Localizer("es").Date(march), "7 de marzo de 2026"},
		{"it", cat.Localizer("it").DateTime(march), "7 marzo 2026, 21:05"},
		{"en", cat.Localizer("en").ShortDate(march), "07/03/2026"},
		{"es", cat.Localizer("es").List([]string{"a", "b", "c"}), "a, b y c"},
		{"it", cat.Localizer("it").List([]string{"a", "b"}), "a e b"},
		{"es", cat.Localizer("es").T("missing.key"), "missing.key"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.lang, c.got, c.want)
		}
	}
	if got := i18n.Textf("the %s", i18n.Textf("Sprinter")).String(); got != "the Sprinter" {
		t.Errorf("Text.String() = %q, want the English sentence", got)
	}
	if cat.Localizer("de").Lang() != "en" {
		t.Error("a language the app does not speak gets English")
	}
}

func TestMatchAcceptLanguage(t *testing.T) {
	cat := testCatalogue(t)
	cases := map[string]string{
		"":                             "en",
		"es":                           "es",
		"es-AR,es;q=0.9,en;q=0.5":      "es",
		"it-IT":                        "it",
		"de-DE,de;q=0.9,it;q=0.8":      "it",
		"fr-FR,fr;q=0.9":               "en",
		"en-GB,en;q=0.9,es;q=0.8":      "en",
		"ca-ES,ca;q=0.9,es;q=0.8":      "es",
		"*":                            "en",
		"garbage;;;q=x":                "en",
		strings.Repeat("es-ES,", 2000): "es",
	}
	for header, want := range cases {
		if got := cat.Match(header); got != want {
			t.Errorf("Match(%.40q) = %q, want %q", header, got, want)
		}
	}
}

func TestLoadRefusesBrokenCatalogues(t *testing.T) {
	for name, files := range map[string]fstest.MapFS{
		"no files":         {},
		"unknown language": {"a.de.json": {Data: []byte(`{"x": "y"}`)}},
		"bad name":         {"a.json": {Data: []byte(`{"x": "y"}`)}},
		"a key twice":      {"a.en.json": {Data: []byte(`{"x": "y"}`)}, "b.en.json": {Data: []byte(`{"x": "z"}`)}},
		"not JSON":         {"a.en.json": {Data: []byte(`{"x": `)}},
	} {
		if _, err := i18n.Load(files); err == nil {
			t.Errorf("%s: Load succeeded, want an error", name)
		}
	}
}
