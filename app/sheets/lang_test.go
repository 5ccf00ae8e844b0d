package sheets

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/data"
)

// catalogueWords reads one language's sheets file (data/i18n/sheets.<lang>.json): each key's text,
// a plural message as its "other" form.
func catalogueWords(t *testing.T, lang string) map[string]string {
	t.Helper()
	b, err := os.ReadFile("../../data/i18n/sheets." + lang + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for k, v := range raw {
		switch x := v.(type) {
		case string:
			out[k] = x
		case map[string]any:
			out[k], _ = x["other"].(string)
		}
	}
	return out
}

// templateData splits a message into its fixed words, around {{.Name}} and printf verbs.
var templateData = regexp.MustCompile(`\{\{[^}]*\}\}|%\[?\d*\]?[dsqv]`)

// leftover is an English fragment of the sheets' messages and the expression that finds it as
// words of a text (not inside a longer word).
type leftover struct {
	frag string
	re   *regexp.Regexp
}

// englishLeftovers are the fixed English fragments of the sheets' messages (longer than 3
// characters, with a letter) whose lang text differs: none may show on a sheet printed in lang.
func englishLeftovers(t *testing.T, lang string) []leftover {
	t.Helper()
	en, other := catalogueWords(t, i18n.English), catalogueWords(t, lang)
	var all strings.Builder // every text of lang: a word it shares with English is no leftover
	for _, v := range other {
		all.WriteString(v + "\n")
	}
	seen := map[string]bool{}
	var out []leftover
	for k, v := range en {
		if strings.HasPrefix(k, "sheets.page.") || other[k] == v {
			continue
		}
		for _, frag := range templateData.Split(v, -1) {
			frag = strings.Trim(frag, " ,.:;()–—=+-")
			if len([]rune(frag)) <= 3 || !strings.ContainsAny(strings.ToLower(frag), "abcdefghijklmnopqrstuvwxyz") || seen[frag] {
				continue
			}
			seen[frag] = true
			re := regexp.MustCompile(`(^|[^\p{L}])` + regexp.QuoteMeta(frag) + `($|[^\p{L}])`)
			if re.MatchString(all.String()) {
				continue // the word is lang's too ("individual", "Cycling Party")
			}
			out = append(out, leftover{frag: frag, re: re})
		}
	}
	return out
}

// notOurs are the words on a sheet that are not the sheets' own: the tour's names, what the
// director typed (reasons) and the ruleset's words in lang (a name the rulesets do not translate yet
// stays in the rulebook's language).
func notOurs(f fixture, lang string) []string {
	t := f.tour
	words := []string{t.Name, t.Ruleset.NameIn(lang)}
	for _, tm := range t.Teams {
		words = append(words, tm.Name)
		for _, r := range tm.Riders {
			words = append(words, r.Name)
		}
	}
	for _, r := range f.results {
		for _, a := range r.Abandons {
			words = append(words, a.Reason)
		}
		for _, p := range r.Penalties {
			words = append(words, p.Reason)
		}
		for _, k := range r.Reinstated {
			words = append(words, k.Reason)
		}
	}
	rs := t.Ruleset
	for _, x := range rs.StageTypes {
		words = append(words, x.NameIn(lang))
	}
	for _, x := range rs.ClimbCategories {
		words = append(words, x.NameIn(lang))
	}
	for _, x := range rs.Sections {
		words = append(words, x.NameIn(lang))
	}
	for _, x := range rs.Cards {
		words = append(words, x.NameIn(lang))
	}
	for _, x := range rs.Jerseys {
		words = append(words, x.NameIn(lang))
	}
	for _, x := range rs.Advantages {
		words = append(words, x.NameIn(lang))
	}
	return words
}

// checkLanguage fails when text holds one of the English fragments, once the words that are not the
// sheets' own are taken out.
func checkLanguage(t *testing.T, what, text string, leftovers []leftover, skip []string) {
	t.Helper()
	for _, w := range skip {
		if len(strings.TrimSpace(w)) > 2 {
			text = strings.ReplaceAll(text, w, " ")
		}
	}
	text = strings.Join(strings.Fields(text), " ")
	for _, l := range leftovers {
		if !strings.Contains(text, l.frag) {
			continue // the expression cannot match: looking for the plain text first is much faster
		}
		if loc := l.re.FindStringIndex(text); loc != nil {
			from, to := max(0, loc[0]-40), min(len(text), loc[1]+40)
			t.Errorf("%s: English %q left in %q", what, l.frag, text[from:to])
		}
	}
}

// TestSheetsInSpanishAndItalian prints every sheet of every game in Spanish and Italian, as PDF and
// XLSX: each has its title in that language on every page (and the words of the footer), and none
// of the sheets' English words, in the PDF's text, the workbook's cells or its tab names.
func TestSheetsInSpanishAndItalian(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	fixtures := []struct {
		name string
		fix  fixture
	}{{"cp", cyclingPartyTour(t)}, {"caf", ciclismoTour(t)}, {"2ruote", ruoteTour(t)}, {"uci", uciRoadTour(t)}}
	page := map[string]string{i18n.Spanish: "página 1 de", i18n.Italian: "pagina 1 di"}
	for _, lang := range []string{i18n.Spanish, i18n.Italian} {
		l := cat.Localizer(lang)
		leftovers := englishLeftovers(t, lang)
		for _, c := range fixtures {
			in := c.fix.input(len(c.fix.results))
			in.Words = l
			skip := notOurs(c.fix, lang)
			for _, info := range SheetsIn(c.fix.tour.Ruleset, l) {
				t.Run(lang+"/"+c.name+"/"+info.ID, func(t *testing.T) {
					what := lang + " " + c.name + " " + info.ID
					text := pdfText(t, makePDF(t, lang+"-"+c.name, info.ID, in))
					if !strings.Contains(text, page[lang]) {
						t.Errorf("%s.pdf: no %q footer", what, page[lang])
					}
					if info.ID != SheetBook && !strings.Contains(text, info.Title) {
						t.Errorf("%s.pdf: no title %q", what, info.Title)
					}
					if !strings.Contains(text, l.Date(sheetDate())) {
						t.Errorf("%s.pdf: no date %q", what, l.Date(sheetDate()))
					}
					checkLanguage(t, what+".pdf", text, leftovers, skip)
					f := makeXLSX(t, lang+"-"+c.name, info.ID, in)
					var cells strings.Builder
					for _, name := range f.GetSheetList() {
						cells.WriteString(name + "\n")
						rows, err := f.GetRows(name)
						if err != nil {
							t.Fatal(err)
						}
						for _, r := range rows {
							cells.WriteString(strings.Join(r, " | ") + "\n")
						}
					}
					checkLanguage(t, what+".xlsx", cells.String(), leftovers, skip)
				})
			}
		}
	}
}

// TestSheetRefusalsSpeak checks a sheet's refusals are sentences of the catalogue: a sheet the game
// lacks names the game and the sheet in the language asked.
func TestSheetRefusalsSpeak(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	fix := ruoteTour(t)
	in := fix.input(len(fix.results))
	in.Words = cat.Localizer(i18n.Spanish)
	err = PDF(new(strings.Builder), SheetEffort, in)
	ns, ok := err.(*NoSheetError)
	if !ok {
		t.Fatalf("effort sheet of 2RUOTE: %v, want a NoSheetError", err)
	}
	if got := cat.Localizer(i18n.Spanish).Say(ns.Said()); !strings.Contains(got, "hoja de control de puntos de esfuerzo") || !strings.Contains(got, "no tiene") {
		t.Errorf("refusal in Spanish = %q", got)
	}
	_, err = newSource(Input{Tour: fix.tour, Closed: 9})
	var ve *refuse.ValidationError
	if !asValidation(err, &ve) || !cat.Localizer(i18n.Italian).Knows(ve.Reason("closed")) && ve.Reason("closed").Format == "" {
		t.Errorf("closed out of range: %v", err)
	}
}

// asValidation is errors.As for a *refuse.ValidationError.
func asValidation(err error, ve **refuse.ValidationError) bool {
	v, ok := err.(*refuse.ValidationError)
	*ve = v
	return ok
}

// TestPDFFontsHaveTheAccents prints a sheet whose title and tour name hold Spanish and Italian
// letters and marks (á é í ñ ó ú à è ì ò ù ¿ ¡) and reads them all back from the PDF: the embedded
// fonts (DejaVu Sans, regular and bold) have them.
func TestPDFFontsHaveTheAccents(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	fix := cyclingPartyTour(t)
	const name = "¿Vuelta? ¡Sí! á é í ñ ó ú à è ì ò ù"
	fix.tour.Name = name
	fix.tour.Teams[0].Riders[0].Name = "Ñúñez Àèìòù" // a rider, in the rankings
	in := fix.input(len(fix.results))
	in.Words = cat.Localizer(i18n.Spanish)
	text := pdfText(t, makePDF(t, "accents", SheetResult, in))
	for _, want := range []string{name, "Ñúñez Àèìòù", "Resultado de la etapa", "página"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
}
