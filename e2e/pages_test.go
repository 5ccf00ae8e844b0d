package e2e

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// screen is one page to check: its path and a word its <title> must hold.
type screen struct {
	path, title string
}

// TestEveryPageOnTabletAndPhone opens every page of the app, with one tour of each ruleset (Cycling
// Party, Ciclismo a fondo, 2RUOTE, uci-road) part raced (stage 1 closed, stage 2 open, stage 3
// planned), and checks each on a 1024×768
// tablet and a 390×844 phone: no sideways scrolling, nothing interactive off-screen, touch targets of
// 40 px, labels, a title naming the screen, and no console error or failed request. The wizard's
// steps are walked for each ruleset, and the import preview is reached by uploading a roster. The
// site's pages, each tour's and each wizard's are walked side by side, each in a tab of its own.
func TestEveryPageOnTabletAndPhone(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	cpTeams := defaultTeams(t, srv, 3)
	cp := createTour(t, srv, "cycling-party", "Tour of Pages", 6, cpStages(), cpTeams, false)
	var all []int
	for team := 1; team <= 3; team++ {
		for n := 1; n <= 6; n++ {
			all = append(all, team*10+n)
		}
	}
	closeStage1(t, srv, cp, cpGroup(0, 3, 4, all[:5]...), cpGroup(1, 6, 2, all[5:]...))
	s2 := "/api/v1/tours/" + cp + "/stages/2"
	api[obj](t, srv, "PUT", s2+"/sprints/1", obj{"order": []int{12, 22, 32}}, 200)
	api[obj](t, srv, "POST", s2+"/advantages", obj{"kind": "water_bottle", "bib": 13, "turn": 5}, 200)
	api[obj](t, srv, "POST", s2+"/abandons", obj{"bib": 36, "reason": "crash"}, 200)

	cafIDs, ruoteIDs := cafTeams(t, srv), ruoteTeams(t, srv)
	caf := createTour(t, srv, "ciclismo-a-fondo", "Vuelta de páginas", 5, cafStages(), cafIDs, false)
	closeStage1(t, srv, caf, turnGroup(20, 11, 21, 31), turnGroup(21, 12, 13, 14, 15, 22, 23, 24, 25, 32, 33, 34, 35))
	ruote := createTour(t, srv, "2ruote", "Giro delle pagine", 5, ruoteStages(), ruoteIDs, true)
	closeStage1(t, srv, ruote, sectorGroup(1, 11, 21), sectorGroup(0, 12, 13, 14, 15, 22, 23, 24, 25, 31, 32, 33, 34, 35))

	roadIDs := roadTeams(t, srv)
	road := createTour(t, srv, "uci-road", "Road of pages", 4, roadStages(), roadIDs, false)
	var results []obj
	for i, bib := range []int{11, 21, 12, 22, 13, 23, 14, 24} {
		results = append(results, obj{"bib": bib, "time": fmt.Sprintf("4:2%d:44", i)})
	}
	api[obj](t, srv, "PUT", "/api/v1/tours/"+road+"/stages/1/finish", obj{"results": results}, 200)
	api[obj](t, srv, "POST", "/api/v1/tours/"+road+"/stages/1/close", nil, 200)

	team := cpTeams[0]
	rider := api[struct {
		Riders []idOnly `json:"riders"`
	}](t, srv, "GET", fmt.Sprintf("/api/v1/teams/%d", team), nil, 200).Riders[0].ID
	site := []screen{
		{"/", "Race Director"}, {"/teams", "Teams"}, {"/teams/new", "New team"}, {"/teams/import", "Import"},
		{fmt.Sprintf("/teams/%d/edit", team), "Edit team"}, {fmt.Sprintf("/teams/%d/riders/new", team), "New rider"},
		{fmt.Sprintf("/riders/%d/edit", rider), "Edit rider"}, {fmt.Sprintf("/teams/%d/delete", team), "Delete team"},
		{fmt.Sprintf("/riders/%d/delete", rider), "Delete rider"},
		{"/tours", "Tours"}, {"/tours/new", "New tour"}, {"/tours/" + cp + "/delete", "Erase"},
	}
	// Each game names its incidents' page in its own words (the ruleset's "incidents" term).
	incidents := map[string]string{cp: "Advantages", caf: "Effort, weather and events", ruote: "Fatigue points", road: "Advantages"}
	tourPages := func(id string, more ...screen) []screen {
		s := "/tours/" + id + "/stages/"
		return append([]screen{
			{"/tours/" + id, "Stage 2"}, {s + "1", "Stage 1"}, {s + "2", "Stage 2"}, {s + "3", "Stage 3"},
			{s + "1/advantages", incidents[id]}, {s + "2/advantages", incidents[id]},
			{s + "1/history", "History"}, {s + "2/history", "History"},
			{s + "1/sheet", "Stage 1"}, {s + "2/sheet", "Stage 2"},
			{"/tours/" + id + "/riders", "Riders"}, {"/tours/" + id + "/classifications", "Classifications"},
			{"/tours/" + id + "/classifications?after=1", "Classifications"}, {"/tours/" + id + "/sheets", "Control sheets"},
		}, more...)
	}
	b := newBrowser(t)
	// Each part of the walk has a tab of its own, and the parts go side by side.
	t.Run("site", func(t *testing.T) {
		t.Parallel()
		tb := b.newTab(t, srv)
		for _, p := range site {
			tb.visit(p.path)
			tb.checkViewports(p.title)
		}
		// A page that is not there answers the error page, which must be healthy too.
		tb.expectRefusal(404)
		tb.visit("/tours/9999/stages/1")
		tb.checkViewports("")

		// The import preview (reached by uploading a file).
		tb.visit("/teams/import")
		roster := writeRoster(t, filepath.Join(t.TempDir(), "roster.xlsx"), [][]any{
			{"Rojo", "ROJ", "#d62828", 1, "Tadej Pogačar", "leader"},
			{"Gris", "GRI", "#6b7280", 1, "Gris Leader", "leader"},
			{"Gris", "GRI", "#6b7280", 11, "Gris Eleven", "sprinter"},
		})
		tb.run("choosing a roster", chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{roster}))
		tb.expectRefusal(422)
		tb.navigates("Preview", chromedp.Click(chromedp.CSS(`main button[type=submit]`)))
		tb.checkViewports("Import preview")
	})
	for _, tour := range []struct {
		ruleset string
		pages   []screen
	}{
		{"cycling-party", tourPages(cp, screen{"/tours/" + cp + "/cycling-party", "Cycling Party"})},
		{"ciclismo-a-fondo", tourPages(caf)},
		{"2ruote", tourPages(ruote, screen{"/tours/" + ruote + "/stages/2/volata", "Volata"},
			screen{"/tours/" + ruote + "/stages/2/volata?target=finish&kind=finish&order=11+21+31", "Volata"})},
		{"uci-road", tourPages(road)},
	} {
		t.Run("tour of "+tour.ruleset, func(t *testing.T) {
			t.Parallel()
			tb := b.newTab(t, srv)
			for _, p := range tour.pages {
				tb.visit(p.path)
				tb.checkViewports(p.title)
			}
		})
	}

	// Every step of the wizard, for each ruleset.
	for _, w := range []struct {
		ruleset, riders string
		teams           []uint
	}{{"cycling-party", "6", cpTeams}, {"ciclismo-a-fondo", "5", cafIDs}, {"2ruote", "5", ruoteIDs}, {"uci-road", "4", roadIDs}} {
		t.Run("wizard of "+w.ruleset, func(t *testing.T) {
			t.Parallel()
			tb := b.newTab(t, srv)
			tb.visit("/tours/new")
			tb.run("choosing "+w.ruleset, chromedp.Click(chromedp.CSS(`input[name=ruleset][value="`+w.ruleset+`"]`)))
			tb.fill("#name", "Pages of "+w.ruleset)
			tb.fill("#stages", "3")
			tb.fill("#seed", "7") // the same proposal on every run
			tb.choose("#riders_per_team", w.riders)
			tb.checkViewports("New tour")
			for step := 0; step < 4; step++ {
				if tb.count(`input[name=teams]`) > 0 {
					for _, id := range w.teams {
						tb.run("choosing a team", chromedp.Click(chromedp.CSS(fmt.Sprintf("#team-check-%d", id))))
					}
				}
				tb.navigates(w.ruleset+": Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
				tb.checkViewports("New tour")
				if tb.count(`.wizard-nav button[value=create]`) > 0 {
					break
				}
			}
			if tb.count(`.wizard-nav button[value=create]`) == 0 {
				tb.errorf("%s: the wizard did not reach its summary (at %s: %s)", w.ruleset, tb.path(), clip(tb.text("main"), 300))
			}
		})
	}
}
