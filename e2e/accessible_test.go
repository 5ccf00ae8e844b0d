package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"racedirector/app"
)

// smallPhone is a small phone's screen, for the accessibility test: 360×740.
var smallPhone = viewport{"phone", 360, 740, true}

// revealJS shows what a tap shows, so that axe looks at it too: the follow page's tab panels and
// every folded part (<details>).
const revealJS = `document.querySelectorAll("[role=tabpanel][hidden]").forEach((p) => { p.hidden = false; });
document.querySelectorAll("details:not([open])").forEach((d) => { d.open = true; });`

// a11yTours are the tours the accessibility test walks: one of each ruleset, part raced.
type a11yTours struct {
	cp, caf, ruote, road string
	code                 string // the Cycling Party tour's follow code
	team, rider          uint   // a team of the database and one of its riders
	wizard               map[string][]uint
	season, seasonCode   string // a season of the Cycling Party and real-race tours, and its follow code
}

// raceA11yTours makes, through the API, a tour of each ruleset with stage 1 closed; the Cycling
// Party tour's stage 2 has a sprint, an advantage and an abandonment entered.
func raceA11yTours(t *testing.T, srv *server) a11yTours {
	t.Helper()
	var tt a11yTours
	cpTeams := defaultTeams(t, srv, 3)
	tt.cp = createTour(t, srv, "cycling-party", "Tour of Colours", 6, cpStages(), cpTeams, false)
	var all []int
	for team := 1; team <= 3; team++ {
		for n := 1; n <= 6; n++ {
			all = append(all, team*10+n)
		}
	}
	closeStage1(t, srv, tt.cp, cpGroup(0, 3, 4, all[:5]...), cpGroup(1, 6, 2, all[5:]...))
	s2 := "/api/v1/tours/" + tt.cp + "/stages/2"
	api[obj](t, srv, "PUT", s2+"/sprints/1", obj{"order": []int{12, 22, 32}}, 200)
	api[obj](t, srv, "POST", s2+"/advantages", obj{"kind": "water_bottle", "bib": 13, "turn": 5}, 200)
	api[obj](t, srv, "POST", s2+"/abandons", obj{"bib": 36, "reason": "crash"}, 200)
	tt.code = strings.ToLower(followCode(t, srv, tt.cp))

	cafIDs, ruoteIDs, roadIDs := cafTeams(t, srv), ruoteTeams(t, srv), roadTeams(t, srv)
	tt.caf = createTour(t, srv, "ciclismo-a-fondo", "Vuelta de colores", 5, cafStages(), cafIDs, false)
	closeStage1(t, srv, tt.caf, turnGroup(20, 11, 21, 31), turnGroup(21, 12, 13, 14, 15, 22, 23, 24, 25, 32, 33, 34, 35))
	tt.ruote = createTour(t, srv, "2ruote", "Giro dei colori", 5, ruoteStages(), ruoteIDs, true)
	closeStage1(t, srv, tt.ruote, sectorGroup(1, 11, 21), sectorGroup(0, 12, 13, 14, 15, 22, 23, 24, 25, 31, 32, 33, 34, 35))
	tt.road = createTour(t, srv, "uci-road", "Road of colours", 4, roadStages(), roadIDs, false)
	var results []obj
	for i, bib := range []int{11, 21, 12, 22, 13, 23, 14, 24} {
		results = append(results, obj{"bib": bib, "time": fmt.Sprintf("4:2%d:44", i)})
	}
	api[obj](t, srv, "PUT", "/api/v1/tours/"+tt.road+"/stages/1/finish", obj{"results": results}, 200)
	api[obj](t, srv, "POST", "/api/v1/tours/"+tt.road+"/stages/1/close", nil, 200)

	tt.team = cpTeams[0]
	tt.rider = api[struct {
		Riders []idOnly `json:"riders"`
	}](t, srv, "GET", fmt.Sprintf("/api/v1/teams/%d", tt.team), nil, 200).Riders[0].ID
	tt.wizard = map[string][]uint{"cycling-party": cpTeams, "ciclismo-a-fondo": cafIDs, "2ruote": ruoteIDs, "uci-road": roadIDs}

	// Team 1's player, and a season of two of the tours.
	api[obj](t, srv, "PUT", "/api/v1/tours/"+tt.cp+"/teams/1", obj{"manager": "Marta"}, 200)
	season := api[struct {
		ID         uint   `json:"id"`
		FollowCode string `json:"follow_code"`
	}](t, srv, "POST", "/api/v1/seasons", obj{"name": "Club of colours", "points": []int{10, 6, 3}}, 201)
	tt.season, tt.seasonCode = fmt.Sprint(season.ID), strings.ToLower(season.FollowCode)
	api[obj](t, srv, "PUT", "/api/v1/seasons/"+tt.season+"/tours", obj{"tours": []json.Number{json.Number(tt.cp), json.Number(tt.road)}}, 200)
	return tt
}

// pagesOf lists the pages a director or a player reaches (app/routes*.go), each drawing of a page
// once: the site's (one of the forms that create and edit the same thing, one of the pages that ask
// "are you sure?"), every page of the Cycling Party tour (a stage closed, open and to come), and the
// pages each other game draws its own way (its stage screen and incidents, the real race's start
// list, 2RUOTE's volata). The wizard's steps, the import preview, the error page and the TV are
// walked apart.
func (tt a11yTours) pagesOf() []string {
	cp := "/tours/" + tt.cp
	pages := []string{
		"/", "/teams", "/teams/import", fmt.Sprintf("/teams/%d/edit", tt.team), fmt.Sprintf("/riders/%d/edit", tt.rider),
		fmt.Sprintf("/teams/%d/delete", tt.team), fmt.Sprintf("/teams/%d/palmares", tt.team), fmt.Sprintf("/riders/%d/palmares", tt.rider),
		"/tours", "/sign-in", "/setup",
		cp, cp + "/stages/1", cp + "/stages/2", cp + "/stages/3", cp + "/stages/2/advantages", cp + "/stages/2/history",
		cp + "/stages/1/sheet", cp + "/riders", cp + "/classifications", cp + "/cycling-party", cp + "/sheets", cp + "/story", cp + "/share",
		"/follow", "/follow/" + tt.code, "/follow/" + tt.code + "/story",
		cp + "/riders/11", "/follow/" + tt.code + "/riders/11", "/follow/" + tt.code + "/teams/1", "/players/Marta/palmares",
		"/seasons", "/seasons/" + tt.season, "/seasons/" + tt.season + "/delete", "/follow/season/" + tt.seasonCode,
		"/audit", "/audit?tour=" + tt.cp,
	}
	for _, id := range []string{tt.caf, tt.ruote, tt.road} {
		pages = append(pages, "/tours/"+id+"/stages/2", "/tours/"+id+"/stages/2/advantages")
	}
	return append(pages, "/tours/"+tt.road+"/riders", "/tours/"+tt.ruote+"/stages/2/volata?target=finish&kind=finish&order=11+21+31")
}

// TestAccessibleInEveryLanguage runs axe-core (e2e/axe, the version package-lock.json pins) in every
// page a director or a player reaches, in English, Spanish and Italian, and fails on any serious or
// critical problem it finds (contrast, names of fields, buttons and links, ARIA, the page's
// language…), naming the rule, the element, the page, the size and the language. In English every
// rule that can find such a problem runs on a 1024×768 tablet and a 360×740 phone (each page loaded
// once, the second size by resizing it); in Spanish and Italian, at the phone's size, the rules whose
// findings the words can change (axeWordsRules: colours and markup are the same in every language,
// and the words the same at every size).
// The pages: the site's, every page of a tour (one of each game), the wizard's steps of each game,
// the error page, the import preview, the directors' accounts, and, in every language with every
// rule, the room's TV (each of its views), its podium and a season's TV on a 1080p screen. The
// follow page's tabs and every folded part are opened first. Each language's walk is in four tabs,
// all side by side.
func TestAccessibleInEveryLanguage(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	b := newBrowser(t)
	js := axeOf(t)
	srv := startServer(t)
	tt := raceA11yTours(t, srv)
	pages := tt.pagesOf()
	accounts := startOneDirectorServer(t)
	for _, lang := range []string{"en", "es", "it"} {
		// English is checked with every rule at both sizes; Spanish and Italian with the rules of words
		// (names, labels, languages), which the markup carries the same at every size, at the phone's,
		// where the longer words are most squeezed.
		sizes := []viewport{tablet, smallPhone}
		every := lang == "en"
		if !every {
			sizes = []viewport{smallPhone}
		}
		// Each language's walk in four parts, each in its tab, side by side with the others.
		half := len(pages) / 2
		for part, list := range [][]string{pages[:half], pages[half:]} {
			t.Run(fmt.Sprintf("%s/pages-%d", lang, part+1), func(t *testing.T) {
				t.Parallel()
				at := newAxeTab(t, b, srv, lang, js, every, sizes...)
				defer at.report()
				for _, p := range list {
					at.visit(p)
					at.auditPage(p)
				}
				if part == 0 {
					at.expectRefusal(404)
					at.visit("/tours/9999/stages/1")
					at.auditPage("the error page (404)")
					at.importPreview()
				}
				at.noOtherProblems()
			})
		}
		t.Run(lang+"/wizards-and-tv", func(t *testing.T) {
			t.Parallel()
			at := newAxeTab(t, b, srv, lang, js, every, sizes...)
			defer at.report()
			for _, ruleset := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote", "uci-road"} {
				at.wizard(ruleset, tt.wizard[ruleset], ruleset == "cycling-party")
			}
			at.tv(tt.code, tt.seasonCode)
			at.noOtherProblems()
		})
		t.Run(lang+"/accounts", func(t *testing.T) {
			t.Parallel()
			// The directors' accounts: signing in, the directors' page, an invitation, one's own account.
			acc := newAxeTab(t, b, accounts, lang, js, every, sizes...)
			defer acc.report()
			acc.visit("/sign-in")
			acc.auditPage("the accounts' sign-in")
			acc.fill("#name", "Anna")
			acc.fill("#password", annaPW)
			acc.navigates("signing in as Anna", chromedp.Evaluate[chromedp.Void](`document.querySelector(".sign-in-card button[type=submit]").click()`))
			acc.visit("/directors")
			acc.auditPage("the directors' page")
			invited := map[string]string{"en": "Dario", "es": "Elena", "it": "Fabio"}[lang] // a director is invited once
			acc.fill("#name", invited)
			acc.navigates("inviting "+invited, chromedp.Evaluate[chromedp.Void](`document.querySelector(".invite button[type=submit]").click()`))
			acc.auditPage("the directors' page with an invitation")
			link := acc.value("#invite-link")
			if !strings.Contains(link, "/invitations/") {
				acc.fatalf("the directors' page in %q gives no invitation's link (at %s: %s)", lang, acc.path(), clip(acc.text("main"), 300))
			}
			acc.visit("/account")
			acc.auditPage("one's own account")
			// A season of Anna's, and its directors' page (its hand-over and co-directors).
			acc.visit("/seasons")
			acc.fill("#name", "Liga "+lang)
			acc.navigates("creating a season", chromedp.Evaluate[chromedp.Void](`document.querySelector("main form[action='/seasons'] button[type=submit]").click()`))
			acc.visit(acc.path() + "/directors")
			acc.auditPage("a season's directors")
			acc.visit(link[strings.Index(link, "/invitations/"):])
			acc.auditPage("an invitation")
			acc.noOtherProblems()
		})
	}
}

// noOtherProblems fails on what the walk met besides axe's findings (a page that did not load, a
// script error).
func (at *axeTab) noOtherProblems() {
	at.t.Helper()
	if problems := at.takeProblems(); len(problems) > 0 {
		at.errorf("the pages walked in %q had problems besides axe's:\n  - %s", at.lang, strings.Join(problems, "\n  - "))
	}
}

// startOneDirectorServer serves a database with the directors' accounts on: one director, Anna, the
// administrator, made at the command line.
func startOneDirectorServer(t *testing.T) *server {
	t.Helper()
	path := serverTemplate.DSN(t, "racedirector.db")
	var out, errs bytes.Buffer
	env := func(k string) string { return map[string]string{"RACEDIRECTOR_DB": path}[k] }
	if code := app.Admin([]string{"create-director", "Anna", "-password-stdin"}, env, strings.NewReader(annaPW+"\n"), &out, &errs); code != 0 {
		t.Fatalf("racedirector admin create-director Anna = %d: %s", code, errs.String())
	}
	a, err := app.New(path, slog.New(slog.NewTextHandler(io.Discard, nil)), withEmbedded(t))
	if err != nil {
		t.Fatalf("app.New with accounts: %v", err)
	}
	ts := httptest.NewServer(withAxe(a.Echo))
	t.Cleanup(func() {
		ts.Close()
		_ = a.Close()
	})
	return &server{App: a, URL: ts.URL, client: &http.Client{Timeout: 30 * time.Second}, axe: true}
}

// importPreview uploads a roster with a problem and audits the preview that refuses it.
func (at *axeTab) importPreview() {
	at.t.Helper()
	at.visit("/teams/import")
	roster := writeRoster(at.t, filepath.Join(at.t.TempDir(), "roster.xlsx"), [][]any{
		{"Rojo", "ROJ", "#d62828", 1, "Tadej Pogačar", "leader"},
		{"Gris", "GRI", "#6b7280", 1, "Gris Leader", "leader"},
		{"Gris", "GRI", "#6b7280", 11, "Gris Eleven", "sprinter"},
	})
	at.run("choosing a roster", chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{roster}))
	at.expectRefusal(422)
	at.navigates("Preview", chromedp.Click(chromedp.CSS(`main button[type=submit]`)))
	at.auditPage("the import preview")
}

// wizard walks the "New tour" wizard of a game to its summary, auditing every step, or with every
// false those that each game draws its own way (its stages and its teams).
func (at *axeTab) wizard(ruleset string, teams []uint, every bool) {
	at.t.Helper()
	at.visit("/tours/new")
	at.run("choosing "+ruleset, chromedp.Click(chromedp.CSS(`input[name=ruleset][value="`+ruleset+`"]`)))
	at.fill("#name", "Colours of "+ruleset)
	at.fill("#stages", "2")
	at.fill("#seed", "7") // the same proposal on every run
	if every {
		at.auditPage("wizard of " + ruleset + ", step 1")
	}
	for step := 2; step <= 6 && at.count(`.wizard-nav button[value=create]`) == 0; step++ {
		if at.count(`input[name=teams]`) > 0 {
			for _, id := range teams {
				at.run("choosing a team", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector("#team-check-%d").click()`, id)))
			}
		}
		at.navigates(ruleset+": Continue", chromedp.Evaluate[chromedp.Void](`document.querySelector(".wizard-nav button.primary").click()`))
		if every || at.count(`.wizard-nav button[value=create]`) == 0 {
			at.auditPage(fmt.Sprintf("wizard of %s, step %d", ruleset, step))
		}
	}
	if at.count(`.wizard-nav button[value=create]`) == 0 {
		at.errorf("%s: the wizard did not reach its summary (at %s: %s)", ruleset, at.path(), clip(at.text("main"), 300))
	}
}

// tv audits the room's TV on a 1080p screen, each of its views in turn (an arrow key turns the view,
// as a remote would, and starts its ten seconds again), and the podium.
func (at *axeTab) tv(code, seasonCode string) {
	at.t.Helper()
	at.setViewport(tv)
	at.run("the TV without motion", withoutMotion()) // axe judges no view half faded in
	at.visit("/follow/" + code + "/tv")
	at.prepare()
	at.audit("the TV", "")
	views := eval[[]string](at.tab, `Array.from(document.querySelectorAll(".tv-view")).map((v) => v.dataset.view)`)
	for _, v := range views {
		at.run("→", chromedp.KeyEvent(kb.ArrowRight))
		sel := fmt.Sprintf(`.tv-view[data-view=%q]`, v)
		at.run("showing the view "+v, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll(".tv-view").forEach((v) => { v.hidden = !v.matches(%q); })`, sel)))
		at.audit("the TV's view "+v, sel)
	}
	at.visit("/follow/" + code + "/tv/podium")
	at.prepare()
	at.audit("the podium on the TV", "")
	if seasonCode != "" {
		at.visit("/follow/season/" + seasonCode + "/tv")
		at.prepare()
		at.audit("the season on the TV", "")
	}
	at.setViewport(at.sizes[0])
}
