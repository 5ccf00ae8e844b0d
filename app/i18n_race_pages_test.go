package app_test

// The race-day pages in Spanish and Italian: a part-raced tour of each game (and a finished one) is
// read page by page with Accept-Language: es and with ?lang=it; each page must show the language's
// own words and none of the race catalogue's English ones.

import (
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"racedirector/views"
)

// raceCatalogue reads data/i18n/race.<lang>.json as key → the texts of the message (a plural
// message gives its one and other forms).
func raceCatalogue(t *testing.T, lang string) map[string][]string {
	t.Helper()
	data, err := os.ReadFile("../data/i18n/race." + lang + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("race.%s.json: %v", lang, err)
	}
	out := map[string][]string{}
	for k, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			out[k] = []string{s}
			continue
		}
		var forms map[string]string
		if err := json.Unmarshal(v, &forms); err != nil {
			t.Fatalf("race.%s.json: %s is neither a text nor a plural: %v", lang, k, err)
		}
		for _, f := range forms {
			out[k] = append(out[k], f)
		}
	}
	return out
}

// placeholder is a message's variable part: {{.N}} or a printf verb.
var placeholder = regexp.MustCompile(`\{\{[^}]*\}\}|%(\[\d+\])?[dsvq]`)

// englishPattern finds an English text in a page: the text as a pattern (its placeholders any
// value) and its longest fixed part, which a page must hold for the pattern to match.
type englishPattern struct {
	re      *regexp.Regexp
	literal string
}

// englishPatterns are the race catalogue's English texts that lang says differently, as patterns
// matching them with any values put in (only texts with more than 3 letters of their own).
func englishPatterns(t *testing.T, lang string) map[string]englishPattern {
	t.Helper()
	en, other := raceCatalogue(t, "en"), raceCatalogue(t, lang)
	out := map[string]englishPattern{}
	for k, texts := range en {
		theirs := strings.Join(other[k], "\x00")
		for _, s := range texts {
			if strings.Contains("\x00"+theirs+"\x00", "\x00"+s+"\x00") {
				continue
			}
			parts, holes := placeholder.Split(s, -1), placeholder.FindAllString(s, -1)
			if len(strings.TrimSpace(strings.Join(parts, ""))) <= 3 {
				continue
			}
			pattern := regexp.QuoteMeta(parts[0])
			for i, hole := range holes {
				value := `\S+`
				if hole == "{{.Count}}" { // a count is a number: "1 sprint", not "de sprint"
					value = `\d[\d.,]*`
				}
				pattern += value + regexp.QuoteMeta(parts[i+1])
			}
			if first := s[0]; first >= 'A' && first <= 'z' {
				pattern = `\b` + pattern
			}
			if last := s[len(s)-1]; last >= 'A' && last <= 'z' {
				pattern += `\b`
			}
			longest := ""
			for _, part := range parts {
				if len(part) > len(longest) {
					longest = part
				}
			}
			out[k+" ("+s+")"] = englishPattern{re: regexp.MustCompile(pattern), literal: longest}
		}
	}
	return out
}

// userText is what a player reads of a page: its text and its attributes' words (titles, labels,
// placeholders, confirmations, the script's words), without the markup and the scripts' data. The
// changes the store keeps are read too: they are said in the page's language (only changes kept
// before the history kept sentences stay in English, and these tours have none).
func userText(body string) string {
	attrs := regexp.MustCompile(`(?:title|aria-label|placeholder|alt|data-confirm|data-[a-z-]*word|data-not-bib|data-no-such|data-retired|data-abandoned|data-here|data-twice|data-one|data-refused)="([^"]*)"`)
	var words []string
	for _, m := range attrs.FindAllStringSubmatch(body, -1) {
		words = append(words, m[1])
	}
	body = regexp.MustCompile(`(?s)<script.*?</script>`).ReplaceAllString(body, " ")
	body = regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(body, " ")
	return html.UnescapeString(body + " " + strings.Join(words, " "))
}

// pageIn is the page at path in a language (see getIn), which must answer 200 in that language.
func pageIn(t *testing.T, ta *testApp, path, lang string) string {
	t.Helper()
	rec := getIn(t, ta, lang, path)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s in %s = %d; body:\n%s", path, lang, rec.Code, clip(rec.Body.String()))
	}
	if got := rec.Header().Get("Content-Language"); got != lang {
		t.Errorf("GET %s in %s: Content-Language %q", path, lang, got)
	}
	return rec.Body.String()
}

// TestRacePagesInSpanishAndItalian reads every race-day page of a tour of each game in Spanish and
// Italian: the page speaks the language and shows none of the race pages' English words.
func TestRacePagesInSpanishAndItalian(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	// want are words each page must show, by language.
	type page struct {
		path   string
		es, it []string
	}
	common := func(game string) []page {
		pages := []page{
			{"/stages/2", []string{"Etapa 2", "Llegada", "Abandonos", "Terminar la etapa 2", "Cambios"}, []string{"Tappa 2", "Arrivo", "Ritiri", "Chiudi la tappa 2", "Modifiche"}},
			{"/stages/1", []string{"La etapa 1 está cerrada", "Reabrir la etapa 1", "Clasificación de la etapa"}, []string{"La tappa 1 è chiusa", "Riapri la tappa 1", "Ordine d'arrivo della tappa"}},
			{"/stages/2/history", []string{"Historial de la etapa 2", "Volver a la etapa 2"}, []string{"Cronologia della tappa 2", "Torna alla tappa 2"}},
			{"/stages/1/history", []string{"Historial de la etapa 1", "Cuándo", "Acción"}, []string{"Cronologia della tappa 1", "Quando", "Azione"}},
			{"/riders", []string{"Corredores", "en carrera", "Dorsal"}, []string{"Corridori", "in corsa", "Numero"}},
		}
		switch game { // each game's own word for its incidents' page (the ruleset's "incidents" term)
		case "ciclismo-a-fondo":
			pages = append(pages, page{"/stages/2/advantages", []string{"Esfuerzo, clima y eventos", "Volver a la etapa 2"}, []string{"Sforzo, meteo ed eventi", "Torna alla tappa 2"}})
		case "2ruote":
			pages = append(pages, page{"/stages/2/advantages", []string{"Puntos de fatiga", "Volver a la etapa 2"}, []string{"Punti fatica", "Torna alla tappa 2"}})
		case "cycling-party", "finished":
			pages = append(pages, page{"/stages/2/advantages", []string{"Ventajas", "Volver a la etapa 2"}, []string{"Vantaggi", "Torna alla tappa 2"}})
		}
		if game == "2ruote" {
			pages = append(pages, page{"/stages/2/volata?order=11+12&compute=1", []string{"Calculadora de volata", "Valor de sprint", "Orden"}, []string{"Calcolatore di volata", "Valore di volata", "Ordine"}})
		}
		if game == "uci-road" { // a real race's stage sheet lists its course, not a board
			pages = append(pages, page{"/stages/2/sheet", []string{"A lo largo del recorrido", "Etapa 2 de"}, []string{"Lungo il percorso", "Tappa 2 di"}})
		} else {
			pages = append(pages, page{"/stages/2/sheet", []string{"Qué colocar en el tablero", "Etapa 2 de"}, []string{"Cosa mettere sul tabellone", "Tappa 2 di"}})
		}
		if game == "uci-road" {
			pages = append(pages, page{"/stages/2", []string{"Jurado", "Sanciones", "Llegada como archivo CSV"}, []string{"Giuria", "Penalità", "Arrivo come file CSV"}})
		}
		return pages
	}
	english := map[string]map[string]englishPattern{"es": englishPatterns(t, "es"), "it": englishPatterns(t, "it")}
	for _, game := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote", "uci-road", "finished"} {
		r := tours[game]
		for _, p := range common(game) {
			for _, lang := range []string{"es", "it"} {
				body := pageIn(t, ta, r.pagePath("%s", p.path), lang)
				text := userText(body)
				want := p.es
				if lang == "it" {
					want = p.it
				}
				if game == "finished" && (p.path == "/stages/2" || p.path == "/stages/1") {
					want = want[:1] // the finished tour's stages are closed: no End stage, only the last reopens
				}
				for _, w := range want {
					if !strings.Contains(text, w) && !strings.Contains(text, views.Sentence(w)) { // a refusal starts a sentence
						t.Errorf("%s %s in %s: the page lacks %q", game, p.path, lang, w)
					}
				}
				for name, en := range english[lang] {
					if !strings.Contains(text, en.literal) {
						continue // its longest fixed part is not there: it cannot match
					}
					if m := en.re.FindString(text); m != "" {
						t.Errorf("%s %s in %s: English %s shows (%q)", game, p.path, lang, name, m)
					}
				}
			}
		}
	}
}

// TestRacePageFlashesInSpanish saves results from the stage screen in Spanish: the flash messages
// and a refused form's messages are in Spanish.
func TestRacePageFlashesInSpanish(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := raceTourOfEach(t, ta)["cycling-party"]
	ta.cookies["lang"] = &http.Cookie{Name: "lang", Value: "es"}
	flash := r.post(t, "/stages/2/sprints/1", url.Values{"_version": {r.version(t, 2)}, "_csrf": {ta.csrf(t)}, "order": {"21 11 31"}}, "/stages/2")
	if flash != "Meta volante 1 guardada: 21 11 31." {
		t.Errorf("sprint flash in Spanish = %q", flash)
	}
	body := r.refusedPage(t, "an unknown bib", "/stages/2/abandons", url.Values{"_version": {r.version(t, 2)}, "bib": {"99"}, "reason": {"caída"}}, http.StatusUnprocessableEntity)
	if text := userText(body); !strings.Contains(text, "Corrige los campos marcados") {
		t.Errorf("refused abandonment in Spanish lacks its message; text:\n%s", clip(text))
	}
}
