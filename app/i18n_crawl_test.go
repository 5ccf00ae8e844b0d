package app_test

// The crawl of issue 12: every page of a raced tour of each game, fetched in Spanish and in Italian,
// must hold no English: no sentence of the English catalogue, and none of the English words a page
// of ours would use. Words the players typed (team, rider and tour names, a jury's reason) are
// theirs and are left out first.

import (
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"racedirector/app/i18n"
	"racedirector/app/store/storetest"
	"racedirector/data"
)

// englishWords are words a page of ours might say in English that are not Spanish or Italian words
// (so "general", "control", "menu", "sprint", "bonus", "total" are not here).
var englishWords = strings.Fields(`
the and of to with for from this that these those is are was were be been has have had not you your
we our they their there here what which who when where how why all each every any some more most less
than then after before until while only also yet still just into out up down over under back next last
first second third new old open opened closed close save saved delete deleted remove removed edit add
added cancel undo enter entered print download upload export show hide stage stages rider riders team
teams points time times gap rank result results standings classification classifications mountain
climb climbs sprints finish start winner leader leaders jersey yellow green white young youth penalty
penalties jury sheet sheets board square squares turn turns weather attack attacks bottles sign signed
password follow followers share language home history missing nothing none yes day days step steps
profile ruleset game games name number short colour born date role should must cannot can will would
could please settings choose pick move apply preview file row rows column columns page pages screen
link help see view left right average best worst place places gained lost abandoned abandon reason
breaks rule rules already used entered found wrong invalid required between least most
`)

// followParts are the parts of the follow page live.js fetches alone (party: a Cycling Party tour's).
var followParts = []string{"head", "stage", "results", "classifications"}

// userTyped are texts the robustness world's director typed (reasons of an abandonment, a penalty,
// a reinstatement): the players' own words stay as they were typed.
var userTyped = []string{"held up by a crash", "feeding late", "crash"}

// TestEveryPageSpeaksSpanishAndItalian crawls every page of a raced tour of each game (and the pages
// of no tour) in Spanish and in Italian, then prints every sheet of them in both (crawlSheets): no
// English word of the list above nor of the catalogues' vocabulary (i18ntest).
func TestEveryPageSpeaksSpanishAndItalian(t *testing.T) {
	t.Parallel()
	if _, pg := storetest.Server(); pg {
		t.Skip("the words of a page do not depend on the database engine: the SQLite pass crawls them")
	}
	w := newRobustWorld(t)
	path := filepath.Join(t.TempDir(), "crawl.db")
	if err := os.WriteFile(path, w.file, 0o600); err != nil {
		t.Fatal(err)
	}
	ta := openRobustApp(t, path, &logSink{}, nil)
	theirs := namesTyped(t, ta)
	sentences := englishSentences(t)
	vocabulary := englishVocabulary(t)
	targets := crawlTargets(ta, w)
	if len(targets) < 40 {
		t.Fatalf("the crawl found %d pages, want every page of the app", len(targets))
	}
	for _, lang := range []string{"es", "it"} {
		found := map[string][]string{}
		for _, target := range targets {
			req := httptest.NewRequest(http.MethodGet, target, nil)
			req.Header.Set("Accept-Language", lang)
			rec := ta.serve(t, req, false)
			if rec.Code >= 500 {
				t.Errorf("%s GET %s = %d", lang, target, rec.Code)
				continue
			}
			if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
				continue
			}
			text := textIn(rec.Body.String(), lang)
			for _, name := range theirs {
				text = strings.ReplaceAll(text, name, " ")
			}
			if !strings.Contains(target, "/part/") && !strings.Contains(rec.Body.String(), `<html lang="`+lang+`"`) {
				found[target] = append(found[target], `<html lang="`+lang+`"> missing`)
			}
			for _, s := range sentences[lang] {
				if strings.Contains(text, s) {
					found[target] = append(found[target], strconv.Quote(s))
				}
			}
			if words := englishIn(text, lang); len(words) > 0 {
				found[target] = append(found[target], words...)
			}
			found[target] = append(found[target], vocabulary.EnglishIn(text, lang)...)
		}
		pages := make([]string, 0, len(found))
		for p := range found {
			pages = append(pages, p)
		}
		sort.Strings(pages)
		for _, p := range pages {
			words := dedupe(found[p])
			if len(words) > 8 {
				words = append(words[:8], "…")
			}
			if len(words) > 0 {
				t.Errorf("%s page %s shows English: %s", lang, p, strings.Join(words, ", "))
			}
		}
	}
	crawlSheets(t, ta, w, theirs)
}

// crawlTargets are the addresses of every page: each GET route that is a page (not the API, the
// assets, an event stream or the switcher's redirect), once per raced tour for a tour's page.
func crawlTargets(ta *testApp, w *robustWorld) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range ta.Echo.Routes() {
		if r.Method != http.MethodGet || seen[r.Path] || strings.HasPrefix(r.Path, "/api/") || strings.HasPrefix(r.Path, "/assets/") ||
			strings.HasSuffix(r.Path, "/events") || strings.HasPrefix(r.Path, "/lang/") || r.Path == "/healthz" || strings.Contains(r.Path, "*") {
			continue
		}
		seen[r.Path] = true
		for _, tour := range w.tours {
			if !tour.Raced {
				continue
			}
			target := strings.NewReplacer(":name", "classifications", ":id", strconv.Itoa(int(tour.ID)), ":n", strconv.Itoa(tour.Open), ":k", "1",
				":bib", strconv.Itoa(tour.Bibs[0]), ":pos", "1", ":code", tour.Code).Replace(r.Path)
			if strings.Contains(target, ":file") {
				continue // a sheet: the sheets' own tests read their words
			}
			if !strings.HasPrefix(r.Path, "/tours/:id") && !strings.HasPrefix(r.Path, "/follow/:code") {
				target = strings.NewReplacer(":id", strconv.Itoa(int(w.teams["cycling-party"][0])), ":player", "Marta").Replace(r.Path)
				if strings.HasPrefix(r.Path, "/riders/") {
					target = "/riders/1" + strings.TrimPrefix(r.Path, "/riders/:id")
				}
				out = append(out, target)
				break
			}
			out = append(out, target)
		}
	}
	// Each part of the follow page, as live.js fetches them.
	for _, tour := range w.tours {
		if tour.Raced {
			for _, part := range followParts {
				out = append(out, "/follow/"+tour.Code+"/part/"+part)
			}
		}
	}
	// Pages reached with a question: a stage that is not open yet, an unknown page (the error page).
	for _, tour := range w.tours {
		if tour.Raced {
			out = append(out, "/tours/"+strconv.Itoa(int(tour.ID))+"/stages/1", "/tours/"+strconv.Itoa(int(tour.ID))+"/classifications?after=1")
		}
	}
	return append(out, "/no-such-page", "/tours/99999", "/follow?code=ZZZZZZ")
}

// namesTyped lists what the players named: teams, riders, tours, sorted longest first (so that a
// name inside another goes after it).
func namesTyped(t *testing.T, ta *testApp) []string {
	t.Helper()
	var names []string
	for _, tm := range getTeams(t, ta) {
		names = append(names, tm.Name)
		for _, r := range tm.Riders {
			names = append(names, r.Name)
		}
	}
	var tours []struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(ta.do(t, http.MethodGet, "/api/v1/tours", nil).Body.Bytes(), &tours); err != nil {
		t.Fatal(err)
	}
	for _, tr := range tours {
		names = append(names, tr.Name)
	}
	names = append(names, userTyped...)
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	return names
}

// englishSentences are, by language, the English catalogue's texts of three words or more that the
// language says otherwise: one of them on a Spanish or Italian page is a message left untranslated.
func englishSentences(t *testing.T) map[string][]string {
	t.Helper()
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]map[string]string{}
	for _, lang := range i18n.Languages() {
		texts[lang] = cat.Texts(lang)
	}
	out := map[string][]string{}
	for key, en := range texts["en"] {
		if strings.Contains(en, "{{") || strings.Contains(en, "%") || len(strings.Fields(en)) < 3 {
			continue
		}
		for _, lang := range []string{"es", "it"} {
			if texts[lang][key] != en {
				out[lang] = append(out[lang], en)
			}
		}
	}
	return out
}

var (
	otherLanguage = regexp.MustCompile(`(?s)<(a|span|option)\b[^>]*\blang="(en|es|it)"[^>]*>.*?</(a|span|option)>`)
	// hiddenParts are what nobody reads as words, and code: a file's column names written as the
	// file must have them (bib,time,bonus,penalty) are the same in every language.
	hiddenParts   = regexp.MustCompile(`(?is)<script.*?</script>|<style.*?</style>|<!--.*?-->|<head>.*?</head>|<code>.*?</code>`)
	readAttribute = regexp.MustCompile(`(?is)\b(title|aria-label|placeholder|alt)="([^"]*)"`)
	anyTag        = regexp.MustCompile(`(?s)<[^>]*>`)
	// writtenAddress is an address written in a page's text: a link to share, a follow path.
	writtenAddress = regexp.MustCompile(`\b[a-z]+://\S+|\S*/follow/\S*`)
)

// textIn is what a reader of a page in lang sees or hears: the text, the tooltips and labels,
// without what is marked as another language (the switcher's "English").
func textIn(page, lang string) string {
	page = hiddenParts.ReplaceAllString(page, " ")
	page = otherLanguage.ReplaceAllStringFunc(page, func(m string) string {
		if strings.Contains(m, `lang="`+lang+`"`) {
			return m
		}
		return " "
	})
	var b strings.Builder
	for _, tag := range anyTag.FindAllString(page, -1) {
		for _, m := range readAttribute.FindAllStringSubmatch(tag, -1) {
			b.WriteString(" " + m[2] + " ")
		}
	}
	b.WriteString(anyTag.ReplaceAllString(page, " "))
	return html.UnescapeString(b.String())
}

// borrowed are English words a language has made its own: an Italian says "il leader", "un file", "la password".
var borrowed = map[string][]string{"it": {"leader", "leaders", "file", "link", "password"}}

// englishIn returns the English words of text read in lang, each with a few words around it.
// Addresses written out (http://…/follow/K7MQ2P) are the same in every language and are left out.
func englishIn(text, lang string) []string {
	english := map[string]bool{}
	for _, w := range englishWords {
		english[w] = true
	}
	for _, w := range borrowed[lang] {
		delete(english, w)
	}
	text = writtenAddress.ReplaceAllString(text, " ")
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	var out []string
	for i, w := range words {
		if english[strings.ToLower(w)] {
			lo, hi := max(0, i-3), min(len(words), i+4)
			out = append(out, w+" («"+strings.Join(words[lo:hi], " ")+"»)")
		}
	}
	return out
}

// dedupe keeps the first of each finding.
func dedupe(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
