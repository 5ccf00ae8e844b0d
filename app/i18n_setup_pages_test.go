package app_test

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
)

// setupCatalogue reads the setup area's messages of lang: their plain (unplural) texts by key.
func setupCatalogue(t *testing.T, lang string) map[string]string {
	t.Helper()
	data, err := os.ReadFile("../data/i18n/setup." + lang + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for k, v := range raw {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}

// pageTexts are what a reader meets on a page: its text between tags and its words in attributes.
func pageTexts(body string) []string {
	if i := strings.Index(body, "<body"); i >= 0 {
		body = body[i:]
	}
	body = regexp.MustCompile(`(?s)<script\b.*?</script>`).ReplaceAllString(body, "")
	var out []string
	for _, m := range regexp.MustCompile(`>([^<]+)<`).FindAllStringSubmatch(body, -1) {
		if s := strings.TrimSpace(html.UnescapeString(m[1])); s != "" {
			out = append(out, s)
		}
	}
	for _, m := range regexp.MustCompile(`\s(?:aria-label|title|placeholder|alt|data-confirm|data-team-word)="([^"]*)"`).FindAllStringSubmatch(body, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

// setupEnglishLeft lists the setup area's English texts found on a page in lang: a fixed English message
// (longer than 3 letters, and not the same in lang) that is a whole text of the page, or, for a
// sentence, part of one.
func setupEnglishLeft(en, other map[string]string, body string) []string {
	// Words another area says: a ruleset's role and climb category (the rulesets' own words, in their
	// names) and the follow form's button.
	others := map[string]bool{"Leader": true, "hill": true, "Follow": true}
	var left []string
	texts := pageTexts(body)
	for k, e := range en {
		if len(e) <= 3 || other[k] == e || strings.Contains(e, "{{") || others[e] {
			continue
		}
		for _, s := range texts {
			if s == e || len(e) > 20 && strings.Contains(s, e) {
				left = append(left, fmt.Sprintf("%s %q", k, e))
				break
			}
		}
	}
	return left
}

// getIn GETs path in lang, by Accept-Language (es) or by ?lang= (it), with the app's cookies.
func getIn(t *testing.T, ta *testApp, lang, path string) *httptest.ResponseRecorder {
	t.Helper()
	target := path
	if lang == "it" {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		target = path + sep + "lang=it"
	}
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.RemoteAddr = "127.0.0.1:50000" // the first administrator is made from the machine itself
	if lang == "es" {
		req.Header.Set("Accept-Language", "es-ES,es;q=0.9,en;q=0.5")
	}
	return ta.serve(t, req, true)
}

// checkSetupPage checks one page in Spanish and Italian: it answers, says the words given in each
// language, and shows none of the setup area's English.
func checkSetupPage(t *testing.T, ta *testApp, path string, want map[string][]string) {
	t.Helper()
	en := setupCatalogue(t, "en")
	for _, lang := range []string{"es", "it"} {
		rec := getIn(t, ta, lang, path)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s in %s = %d, want 200", path, lang, rec.Code)
			continue
		}
		body := rec.Body.String()
		if !strings.Contains(body, `<html lang="`+lang+`">`) {
			t.Errorf("GET %s in %s: the page is not in %s", path, lang, lang)
		}
		for _, w := range want[lang] {
			if !strings.Contains(html.UnescapeString(body), w) {
				t.Errorf("GET %s in %s lacks %q", path, lang, w)
			}
		}
		if left := setupEnglishLeft(en, setupCatalogue(t, lang), body); len(left) > 0 {
			t.Errorf("GET %s in %s still shows English: %s", path, lang, strings.Join(left, "; "))
		}
	}
}

// TestSetupPagesInSpanishAndItalian fetches every page of setting up (home, tours, teams and riders,
// their forms, the import, sign-in and accounts) in Spanish and Italian.
func TestSetupPagesInSpanishAndItalian(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo := teamNamed(t, ta, "Rojo")
	rider := rojo.Riders[0]
	pages := map[string]map[string][]string{
		"/":                                      {"es": {"Empezar una vuelta nueva", "Seguir una vuelta"}, "it": {"Inizia un nuovo giro", "Segui un giro"}},
		"/tours":                                 {"es": {"Importar una copia de seguridad"}, "it": {"Importa una copia di sicurezza"}},
		"/teams":                                 {"es": {"Equipos y corredores", "Añadir corredor"}, "it": {"Squadre e corridori", "Aggiungi corridore"}},
		"/teams/new":                             {"es": {"Equipo nuevo", "Nombre corto", "Guardar el equipo"}, "it": {"Nuova squadra", "Sigla", "Salva la squadra"}},
		fmt.Sprintf("/teams/%d/edit", rojo.ID):   {"es": {"Editar el equipo Rojo"}, "it": {"Modifica la squadra Rojo"}},
		fmt.Sprintf("/teams/%d/delete", rojo.ID): {"es": {"Eliminar el equipo Rojo", "Cancelar"}, "it": {"Elimina la squadra Rojo", "Annulla"}},
		fmt.Sprintf("/teams/%d/riders/new", rojo.ID): {"es": {"Corredor nuevo para Rojo", "Papel en cada juego"}, "it": {"Nuovo corridore per Rojo", "Ruolo in ogni gioco"}},
		fmt.Sprintf("/riders/%d/edit", rider.ID):     {"es": {"Número en el equipo", "Guardar el corredor"}, "it": {"Numero nella squadra", "Salva il corridore"}},
		fmt.Sprintf("/riders/%d/delete", rider.ID):   {"es": {"Eliminar el corredor"}, "it": {"Elimina il corridore"}},
		"/teams/import": {"es": {"Importar equipos y corredores", "Vista previa"}, "it": {"Importa squadre e corridori", "Anteprima"}},
		"/sign-in":      {"es": {"No hace falta entrar"}, "it": {"Non serve accedere"}},
		"/setup":        {"es": {"Primer administrador", "Crear mi cuenta"}, "it": {"Primo amministratore", "Crea il mio account"}},
	}
	for path, want := range pages {
		checkSetupPage(t, ta, path, want)
	}
}

// TestWizardInSpanishAndItalian walks the new tour's wizard of every game in Spanish (the language
// cookie the switcher sets) and checks each step in Spanish and Italian; then the tours page and the
// erase page of the tour created.
func TestWizardInSpanishAndItalian(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	en := setupCatalogue(t, "en")
	es := setupCatalogue(t, "es")
	ta.cookies["lang"] = &http.Cookie{Name: "lang", Value: "es"}
	teams := teamIDs(t, ta)
	steps := map[string]string{
		"Vuelta nueva — características": "Número de etapas", "Vuelta nueva — puntos": "Cada victoria de etapa",
		"Vuelta nueva — etapas": "Proponer otra vez", "Vuelta nueva — equipos": "Corredor", "Vuelta nueva — resumen": "Equipos y dorsales",
	}
	for _, ruleset := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote", "uci-road"} {
		p := parseWizardPage(t, ta.do(t, http.MethodGet, "/tours/new", nil))
		seen := map[string]bool{}
		for i := 0; i < 6 && p.status == http.StatusOK; i++ {
			title := p.title()
			if _, ok := steps[title]; !ok {
				break
			}
			seen[title] = true
			if !strings.Contains(p.body, steps[title]) {
				t.Errorf("%s, %q lacks %q", ruleset, title, steps[title])
			}
			if left := setupEnglishLeft(en, es, p.body); len(left) > 0 {
				t.Errorf("%s, %q still shows English: %s", ruleset, title, strings.Join(left, "; "))
			}
			set := map[string][]string{}
			switch title {
			case "Vuelta nueva — características":
				set = map[string][]string{"ruleset": {ruleset}, "name": {"Vuelta " + ruleset}, "stages": {"2"}, "riders_per_team": {"5"}, "seed": {"3"}}
			case "Vuelta nueva — equipos":
				set = map[string][]string{"teams": ids(teams["Rojo"], teams["Azul"], teams["Verde"])}
			case "Vuelta nueva — resumen":
				if ruleset == "cycling-party" {
					tour := createdTour(t, ta, p)
					checkSetupPage(t, ta, "/tours", map[string][]string{"es": {"Vuelta " + ruleset, "Descargar copia", "sin empezar"}, "it": {"Scarica copia", "non ancora iniziato"}})
					checkSetupPage(t, ta, fmt.Sprintf("/tours/%d/delete", tour.ID), map[string][]string{"es": {"Borrar la vuelta"}, "it": {"Cancella il giro"}})
				}
				i = 6
				continue
			}
			p = wizardSubmit(t, ta, p, "next", set)
		}
		for _, title := range []string{"Vuelta nueva — características", "Vuelta nueva — etapas", "Vuelta nueva — equipos"} {
			if !seen[title] {
				t.Errorf("%s: the wizard never showed %q in Spanish (last page %d %q: %s)", ruleset, title, p.status, p.title(), clip(errorsOf(p.body)))
			}
		}
		// The same step in Italian, asked for by ?lang=.
		it := getIn(t, ta, "it", "/tours/new")
		if !strings.Contains(it.Body.String(), "Nuovo giro — caratteristiche") || !strings.Contains(it.Body.String(), "Numero di tappe") {
			t.Errorf("/tours/new?lang=it is not in Italian: %s", clip(it.Body.String()))
		}
		if left := setupEnglishLeft(en, setupCatalogue(t, "it"), it.Body.String()); len(left) > 0 {
			t.Errorf("/tours/new?lang=it still shows English: %s", strings.Join(left, "; "))
		}
	}
}
