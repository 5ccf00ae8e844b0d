package app_test

// The standings pages and the players' follow and TV pages in Spanish and Italian (issue 12): a tour
// of each game, each page fetched with Accept-Language: es and with ?lang=it shows the language's
// words and none of the standings catalogue's English ones; the follow pages kept per tour version
// answer each follower in his own language, and so do the live parts and the TV.

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"racedirector/data"
)

// catalogueWords reads the standings catalogue of lang: each key's plain text (plural forms and
// templated texts give their literal fragments of two words or more).
func catalogueWords(t *testing.T, lang string) map[string][]string {
	t.Helper()
	b, err := fs.ReadFile(data.I18n(), "standings."+lang+".json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	placeholder := regexp.MustCompile(`\{\{[^}]*\}\}|\{time\}|%[a-z]`)
	out := map[string][]string{}
	for k, v := range raw {
		var texts []string
		var s string
		if json.Unmarshal(v, &s) == nil {
			texts = []string{s}
		} else {
			var forms map[string]string
			if err := json.Unmarshal(v, &forms); err != nil {
				t.Fatalf("%s: %v", k, err)
			}
			for _, f := range forms {
				texts = append(texts, f)
			}
		}
		for _, s := range texts {
			if !placeholder.MatchString(s) {
				out[k] = append(out[k], s)
				continue
			}
			for _, frag := range placeholder.Split(s, -1) {
				frag = strings.Trim(frag, " :,.;—()«»“”")
				if len(strings.Fields(frag)) >= 2 && len(frag) > 8 {
					out[k] = append(out[k], frag)
				}
			}
		}
	}
	return out
}

// englishLeft lists the standings catalogue's English texts (longer than 3 characters, differing
// from the language's own) that a page in lang still shows, in its text or its title, aria-label,
// alt, placeholder and data-words-* attributes.
func englishLeft(t *testing.T, body, lang string) []string {
	t.Helper()
	en, own := catalogueWords(t, "en"), catalogueWords(t, lang)
	body = notMine.ReplaceAllString(body, " ")
	if i := strings.Index(body, `<main id="main">`); i >= 0 && strings.Contains(body, `class="tour-nav"`) {
		body = body[i:] // the director's menus are the tour pages' words
	}
	shown := visibleText(body)
	for _, m := range regexp.MustCompile(`(?:title|aria-label|alt|placeholder|data-words-[a-z]+)="([^"]*)"`).FindAllStringSubmatch(body, -1) {
		shown += " | " + htmlText(m[1])
	}
	var left []string
	for k, texts := range en {
		mine := strings.Join(own[k], "\x00")
		for _, s := range texts {
			if len(s) <= 3 || strings.Contains(mine, s) || !strings.Contains(shown, s) {
				continue // (the plain text first: compiling and running the expression is much slower)
			}
			if regexp.MustCompile(`(^|[^\pL])` + regexp.QuoteMeta(s) + `($|[^\pL])`).MatchString(shown) {
				left = append(left, k+": "+s)
			}
		}
	}
	return left
}

// notMine are the parts of the follow and TV pages drawn by the stage sheet's code (the course
// profile and the list of the board's markers), whose words are the sheets' catalogue's.
var notMine = regexp.MustCompile(`(?s)<svg class="profile.*?</svg>|<details class="board-markers".*?</details>`)

// htmlText is an attribute's text unescaped.
func htmlText(s string) string { return visibleText("<p>" + s + "</p>") }

// inLanguage GETs target in a language (Accept-Language: es, or ?lang=it added to it), as the director
// (jar) or a follower; it must answer status.
func inLanguage(t *testing.T, ta *testApp, target, lang string, query, jar bool, status int) string {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	if query {
		sep := "?"
		if strings.Contains(target, "?") {
			sep = "&"
		}
		req = httptest.NewRequest(http.MethodGet, target+sep+"lang="+lang, nil)
	} else {
		req.Header.Set("Accept-Language", lang)
	}
	rec := ta.serve(t, req, jar)
	if rec.Code != status {
		t.Fatalf("GET %s in %s = %d, want %d; body:\n%s", req.URL, lang, rec.Code, status, clip(rec.Body.String()))
	}
	return rec.Body.String()
}

// TestStandingsAndFollowPagesInSpanishAndItalian races a tour of each game and reads every standings,
// follow and TV page in Spanish (Accept-Language) and Italian (?lang=it): their words are the
// language's, none of the catalogue's English is left.
func TestStandingsAndFollowPagesInSpanishAndItalian(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	words := map[string][]string{
		"es": {"Clasificaciones", "Etapa", "Corredor", "Diferencia"},
		"it": {"Classifiche", "Tappa", "Corridore", "Distacco"},
	}
	for name, r := range tours {
		code := r.tourView(t).FollowCode
		follow := "/follow/" + code
		director := []string{r.pagePath("/classifications"), r.pagePath("/share")}
		if name == "cycling-party" || name == "finished" {
			director = append(director, r.pagePath("/cycling-party"))
		}
		if name == "uci-road" { // the finish of stage 2 in: its provisional classifications
			var results []map[string]any
			for i, bib := range []int{11, 21, 12, 13, 14, 15, 16, 22, 23, 24, 25, 26} {
				results = append(results, map[string]any{"bib": bib, "time": fmt.Sprintf("4:10:%02d", 10+i)})
			}
			r.ok(t, http.MethodPut, "/stages/2/finish", map[string]any{"results": results})
			director = append(director, r.pagePath("/classifications?provisional=1"))
		}
		followers := []string{follow, follow + "/part/head", follow + "/part/stage", follow + "/part/results", follow + "/part/classifications", follow + "/tv"}
		for _, lang := range []string{"es", "it"} {
			query := lang == "it"
			check := func(page, body string, want ...string) {
				t.Helper()
				for _, w := range want {
					if !strings.Contains(body, w) {
						t.Errorf("%s %s in %s lacks %q", name, page, lang, w)
					}
				}
				for _, left := range englishLeft(t, body, lang) {
					t.Errorf("%s %s in %s still shows the English %q", name, page, lang, left)
				}
			}
			for _, p := range director {
				body := inLanguage(t, ta, p, lang, query, true, http.StatusOK)
				check(p, body, `<html lang="`+lang+`">`)
			}
			for _, p := range followers {
				body := inLanguage(t, ta, p, lang, query, false, http.StatusOK)
				check(p, body)
			}
			check(follow, inLanguage(t, ta, follow, lang, query, false, http.StatusOK), words[lang]...)
			check(follow+"/tv", inLanguage(t, ta, follow+"/tv", lang, query, false, http.StatusOK), `<html lang="`+lang+`" class="tv-page">`)
		}
	}
	for _, lang := range []string{"es", "it"} {
		query := lang == "it"
		for _, p := range []string{"/follow", "/follow?code=", "/follow/ZZZZZZ", "/follow?code=no!"} {
			status := http.StatusOK
			switch p {
			case "/follow?code=":
				status = http.StatusUnprocessableEntity
			case "/follow/ZZZZZZ", "/follow?code=no!":
				status = http.StatusNotFound
			}
			body := inLanguage(t, ta, p, lang, query, false, status)
			for _, left := range englishLeft(t, body, lang) {
				t.Errorf("%s in %s still shows the English %q", p, lang, left)
			}
		}
	}
	// The error page's button.
	es := inLanguage(t, ta, "/tours/99999/classifications", "es", false, true, http.StatusNotFound)
	if !strings.Contains(es, "Volver al inicio") {
		t.Errorf("the error page in Spanish lacks its button back")
	}
}

// TestFollowPagesKeptPerLanguage follows the same tour from a Spanish phone, an Italian one and an
// English one, in turns: the pages kept per tour version answer each in his own language, so do the
// live page's parts (with the page's ?lang too) and the TV; the Share page's TV button carries the
// director's language.
func TestFollowPagesKeptPerLanguage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := raceTourOfEach(t, ta)["cycling-party"]
	code := r.tourView(t).FollowCode
	said := map[string]string{"es": "Clasificaciones", "it": "Classifiche", "en": "Classifications"}
	for round := 0; round < 2; round++ {
		for _, lang := range []string{"es", "it", "en"} {
			for _, p := range []string{"/follow/" + code, "/follow/" + code + "/part/classifications", "/follow/" + code + "/tv"} {
				want := said[lang]
				if strings.HasSuffix(p, "/tv") {
					want = map[string]string{"es": "Clasificación general", "it": "Classifica generale", "en": "General classification"}[lang]
				}
				for _, query := range []bool{false, true} {
					body := inLanguage(t, ta, p, lang, query, false, http.StatusOK)
					if !strings.Contains(body, want) {
						t.Errorf("round %d: %s for a %s follower (?lang %v) lacks %q", round, p, lang, query, want)
					}
					for other, w := range said {
						if other != lang && other != "en" && strings.Contains(body, w) {
							t.Errorf("round %d: %s for a %s follower shows %s words (%q)", round, p, lang, other, w)
						}
					}
				}
			}
		}
	}
	// A language chosen with the switcher's cookie is kept apart too.
	req := httptest.NewRequest(http.MethodGet, "/follow/"+code, nil)
	req.AddCookie(&http.Cookie{Name: "lang", Value: "it"})
	req.Header.Set("Accept-Language", "es")
	if body := ta.serve(t, req, false).Body.String(); !strings.Contains(body, "Classifiche") {
		t.Errorf("a follower who chose Italian with the switcher gets the page in another language")
	}
	for lang, want := range map[string]string{"es": "/tv?lang=es", "it": "/tv?lang=it"} {
		if body := inLanguage(t, ta, r.pagePath("/share"), lang, false, true, http.StatusOK); !strings.Contains(body, want) {
			t.Errorf("the Share page in %s: its TV button does not carry the language (%s)", lang, want)
		}
	}
}
