package app_test

// What the crawl of issue 12 found, each page checked on its own: the course (the profile drawing
// and the board markers) on the follow page, its stage part and the TV; the games' descriptions on
// the home page; the import page's column heads.

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/data"
)

// TestCourseInTheFollowersLanguage follows a raced tour of each game in Spanish and Italian: the
// stage profile's caption, start and finish, climb marks and tooltips, and the board markers table
// are in the follower's words, none of them English.
func TestCourseInTheFollowersLanguage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	want := map[string][]*regexp.Regexp{
		"es": {regexp.MustCompile(`>Salida<`), regexp.MustCompile(`>Meta \d+<`), regexp.MustCompile(`(Línea|Carta) de salida`)},
		"it": {regexp.MustCompile(`>Partenza<`), regexp.MustCompile(`>Arrivo \d+<`), regexp.MustCompile(`(Linea|Carta) di partenza`)},
	}
	english := []string{">Start<", "Finish 1", "Climb start indicator", "Climb finish indicator", "the riders line up behind it",
		"before card 1", "Sprint on square", "on square", "Card 1:", "Third category", "Second category", " squares, ", " climbs, ",
		"1 sprint<", " sprints<", ">3rd<", ">hill<", "terrain cards"}
	for name, r := range tours {
		code := r.tourView(t).FollowCode
		for _, lang := range []string{"es", "it"} {
			for _, p := range []string{"/follow/" + code, "/follow/" + code + "/part/stage", "/follow/" + code + "/tv"} {
				body := html.UnescapeString(inLanguage(t, ta, p, lang, lang == "it", false, http.StatusOK))
				if !strings.Contains(body, "<svg class=\"profile") {
					continue // no profile drawn (a finished tour's TV)
				}
				for i, w := range want[lang] {
					if !w.MatchString(body) && (i < 2 || !strings.HasSuffix(p, "/tv")) { // the TV has no markers table
						t.Errorf("%s %s in %s lacks %q", name, p, lang, w)
					}
				}
				for _, w := range english {
					if strings.Contains(body, w) {
						t.Errorf("%s %s in %s still shows the English %q", name, p, lang, w)
					}
				}
			}
		}
	}
}

// TestHomeDescribesEachGameInItsLanguage reads the home page in English, Spanish and Italian: each
// game's description is the page's language's, never another's.
func TestHomeDescribesEachGameInItsLanguage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	all, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "es", "it"} {
		body := html.UnescapeString(getIn(t, ta, lang, "/?lang="+lang).Body.String())
		for _, rs := range all {
			if !strings.Contains(body, rs.DescriptionIn(lang)) {
				t.Errorf("home in %s lacks %s's description %q", lang, rs.ID, rs.DescriptionIn(lang))
			}
			for _, other := range []string{"en", "es", "it"} {
				if d := rs.DescriptionIn(other); other != lang && d != rs.DescriptionIn(lang) && strings.Contains(body, d) {
					t.Errorf("home in %s shows %s's description in %s", lang, rs.ID, other)
				}
			}
		}
	}
}

// TestImportPageNamesTheColumnsInItsLanguage reads the teams import page in each language: the file's
// column heads are the language's (as an export in it writes them) and the page says heads in any of
// the three languages are read.
func TestImportPageNamesTheColumnsInItsLanguage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	cases := map[string]struct{ heads, role, note, notHeads string }{
		"en": {"team, short, color, number, name, born", "<code>role</code>", "English, Spanish or Italian", ""},
		"es": {"equipo, abreviatura, color, dorsal, nombre, nacimiento", "<code>rol</code>", "en español, inglés o italiano", "team, short"},
		"it": {"squadra, sigla, colore, numero, nome, nascita", "<code>ruolo</code>", "in italiano, inglese o spagnolo", "team, short"},
	}
	for lang, c := range cases {
		body := html.UnescapeString(getIn(t, ta, lang, "/teams/import?lang="+lang).Body.String())
		for _, w := range []string{c.heads, c.role, c.note} {
			if !strings.Contains(body, w) {
				t.Errorf("import page in %s lacks %q", lang, w)
			}
		}
		if c.notHeads != "" && strings.Contains(body, c.notHeads) {
			t.Errorf("import page in %s still names the columns in English (%q)", lang, c.notHeads)
		}
	}
}
