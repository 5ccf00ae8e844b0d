package app_test

// The pages speak to players: a crawl of every page of a raced tour of each ruleset and a walk of
// the wizard find no developer words (the rules file, section signs, snake_case ids, JSON keys, field
// paths); the home page continues the tour in progress; the Cycling Party page says where each
// manager's points come from, as the engine counts them, and presents the winner once the tour is
// over; the wizard's points step shows every error beside its field, its step markers jump back and
// forth, and its row buttons open the page again where the director was.

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"racedirector/app/race"
)

// developerWords are words a player should never read on a page.
var developerWords = regexp.MustCompile(`RULES\.md|§|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|"[a-z_]+"\s*:|\b[a-z]+\[\d+\]`)

// visibleText is what a page shows its reader: the text outside tags, scripts and styles.
func visibleText(body string) string {
	text := regexp.MustCompile(`(?is)<script\b.*?</script>|<style\b.*?</style>`).ReplaceAllString(body, " ")
	text = regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(text, " ")
	return strings.Join(strings.Fields(html.UnescapeString(text)), " ")
}

// checkPlayerWords fails for every developer word a page shows, with the words around it.
func checkPlayerWords(t testing.TB, where, body string) {
	t.Helper()
	text := visibleText(body)
	for _, loc := range developerWords.FindAllStringIndex(text, -1) {
		t.Errorf("%s shows the developer word %q: …%s…", where, text[loc[0]:loc[1]], text[max(0, loc[0]-60):min(len(text), loc[1]+60)])
	}
}

// crawl GETs the pages from start and every page they link or redirect to (not the API, not the
// assets), and checks the words of each; it returns how many pages it read.
func crawl(t *testing.T, ta *testApp, start ...string) int {
	t.Helper()
	link := regexp.MustCompile(`href="(/[^"#]*)`)
	seen := map[string]bool{}
	queue := append([]string(nil), start...)
	for len(queue) > 0 && len(seen) < 800 {
		p := html.UnescapeString(queue[0])
		queue = queue[1:]
		if seen[p] || strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/assets/") || strings.HasPrefix(p, "/lang/") {
			continue
		}
		seen[p] = true
		rec := ta.do(t, http.MethodGet, p, nil)
		if rec.Code == http.StatusSeeOther {
			queue = append(queue, rec.Header().Get("Location"))
			continue
		}
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s = %d, want 200", p, rec.Code)
			continue
		}
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			continue
		}
		body := rec.Body.String()
		checkPlayerWords(t, "GET "+p, body)
		for _, m := range link.FindAllStringSubmatch(body, -1) {
			queue = append(queue, m[1])
		}
	}
	return len(seen)
}

// raceTourOfEach creates a part-raced tour of each ruleset (stage 1 closed, stage 2 open) and a
// finished Cycling Party tour; it returns them by ruleset, the finished one as "finished".
func raceTourOfEach(t *testing.T, ta *testApp) map[string]raceRun {
	t.Helper()
	rojo, azul, verde := teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID, teamNamed(t, ta, "Verde").ID
	bibs := func(teams ...int) []int {
		var out []int
		for _, tm := range teams {
			for n := 1; n <= 5; n++ {
				out = append(out, tm*10+n)
			}
		}
		return out
	}
	all := bibs(1, 2, 3)
	out := map[string]raceRun{}

	cp := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo, azul, verde}, false)
	cp.finish(t, 1, cpGroup(3, 4, 5, all[:7]...), cpGroup(4, 2, 1, all[7:]...))
	cp.close(t, 1)
	cp.order(t, 2, "sprints", 1, 21, 11, 31)
	out["cycling-party"] = cp

	done := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo, azul, verde}, false)
	for n := 1; n <= 3; n++ {
		rot := append(append([]int(nil), all[n*4:]...), all[:n*4]...)
		done.order(t, n, "sprints", 1, rot[0], rot[1], rot[2])
		done.order(t, n, "climbs", 1, rot[3], rot[4], rot[5])
		done.finish(t, n, cpGroup(3, 4, 5, rot[:6]...), cpGroup(4, 2, 1, rot[6:]...))
		done.close(t, n)
	}
	out["finished"] = done

	caf := createRaceTour(t, ta, "ciclismo-a-fondo", 5, pageCAFStages(), cafRaceTeams(t, ta), false)
	caf.finish(t, 1, turnGroup(30, all[:8]...), turnGroup(31, all[8:]...))
	caf.close(t, 1)
	out["ciclismo-a-fondo"] = caf

	ruote := createRaceTour(t, ta, "2ruote", 5, ruoteRaceStages(), ruoteRaceTeams(t, ta), true)
	ruote.finish(t, 1, sectorGroup(1, 21, 11), sectorGroup(0, 12, 13, 14, 15, 22, 23, 24, 25, 31, 32, 33, 34, 35))
	ruote.close(t, 1)
	out["2ruote"] = ruote

	stages := []map[string]any{{"type": "flat", "length": 180, "climbs": []map[string]any{}, "sprints": sprintsAt(90)}, {"type": "flat", "length": 170, "climbs": []map[string]any{}, "sprints": sprintsAt(80)}}
	road := createRaceTour(t, ta, "uci-road", 6, stages, []uint{rojo, azul}, false)
	var results []map[string]any
	for i, bib := range []int{21, 11, 12, 13, 14, 15, 16, 22, 23, 24, 25, 26} {
		results = append(results, map[string]any{"bib": bib, "time": fmt.Sprintf("4:24:%02d", 44+i/2)})
	}
	road.ok(t, http.MethodPut, "/stages/1/finish", map[string]any{"results": results})
	road.close(t, 1)
	out["uci-road"] = road
	return out
}

// TestPagesSpeakThePlayersWords crawls every page of a raced tour of each ruleset, the teams pages
// and the home page, and walks the wizard of each ruleset (with row buttons and a refusal): no page
// shows a developer word.
func TestPagesSpeakThePlayersWords(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	start := []string{"/", "/tours", "/teams", "/tours/new", "/teams/import"}
	for _, r := range tours {
		start = append(start, fmt.Sprintf("/tours/%d", r.id), r.pagePath("/classifications?after=1"))
	}
	start = append(start, tours["2ruote"].pagePath("/stages/2/volata?target=finish&kind=finish&order=12+22+31&compute=1"))
	if n := crawl(t, ta, start...); n < 100 {
		t.Errorf("the crawl read %d pages, want the whole app (at least 100)", n)
	}

	for _, ruleset := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote", "uci-road"} {
		riders := map[string]string{"cycling-party": "5", "ciclismo-a-fondo": "5", "2ruote": "5", "uci-road": "5"}[ruleset]
		p := wizardCharacteristics(t, ta, map[string][]string{"ruleset": {ruleset}, "name": {"Words of " + ruleset}, "stages": {"3"}, "riders_per_team": {riders}, "seed": {"3"}})
		checkPlayerWords(t, ruleset+" wizard: "+p.title(), p.body)
		if p.title() == "New tour — points" {
			refused := wizardSubmit(t, ta, p, "next", map[string][]string{"points.individual[1]": {"40"}, "points.teams[0]": {"-1"}})
			checkPlayerWords(t, ruleset+" wizard: refused points", refused.body)
			p = wizardSubmit(t, ta, p, "next", nil)
		}
		wantStep(t, p, http.StatusOK, "New tour — stages")
		for _, action := range []string{"add_stage", "add_climb:0", "add_sprint:1", "add_section:0", "add_card:0", "remove_sprint:0:0", "down_stage:0", "propose"} {
			if !strings.Contains(p.body, `value="`+action+`"`) {
				continue
			}
			p = wizardSubmit(t, ta, p, action, nil)
			checkPlayerWords(t, ruleset+" wizard after "+action, p.body)
		}
		bad := map[string][]string{"stages[0].length": {"0"}, "stages[1].type": {"bogus"}}
		switch {
		case strings.Contains(p.body, `name="stages[0].cards[0]"`):
			bad = map[string][]string{"stages[0].cards[0]": {"bogus"}, "stages[1].type": {"bogus"}}
		case strings.Contains(p.body, `name="stages[0].sections[0].km"`):
			bad = map[string][]string{"stages[0].sections[0].km": {"0"}, "stages[1].feed_zones": {"40"}}
		}
		p = wizardSubmit(t, ta, p, "next", bad)
		wantStep(t, p, http.StatusUnprocessableEntity, "New tour — stages")
		checkPlayerWords(t, ruleset+" wizard: refused stages", p.body)
	}
}

// TestHomeContinuesTheTourInProgress checks the home page's link back into the tour in progress: none
// without one, else straight to the open stage of the tour that changed last; a finished tour is not
// in progress.
func TestHomeContinuesTheTourInProgress(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	continueLink := regexp.MustCompile(`<p class="continue"><a class="button primary" href="([^"]+)">Continue <strong>([^<]*)</strong>`)
	if m := continueLink.FindStringSubmatch(getPage(t, ta, "/")); m != nil {
		t.Fatalf("with no tour the home page offers to continue %q", m[2])
	}
	rojo, azul := teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID
	first := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo, azul}, false)
	all := []int{11, 12, 13, 14, 15, 21, 22, 23, 24, 25}
	first.finish(t, 1, cpGroup(3, 4, 5, all...))
	first.close(t, 1)
	want := func(r raceRun, stage int) {
		t.Helper()
		body := getPage(t, ta, "/")
		m := continueLink.FindStringSubmatch(body)
		if m == nil || m[1] != fmt.Sprintf("/tours/%d/stages/%d", r.id, stage) {
			t.Errorf("home page continue link = %v, want /tours/%d/stages/%d", m, r.id, stage)
		}
		checkPlayerWords(t, "the home page", body)
	}
	want(first, 2)

	second := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo, azul}, false)
	want(second, 1) // created after the first tour's last change
	first.order(t, 2, "sprints", 1, 21, 11)
	want(first, 2) // changed after the second was created

	for n := 1; n <= 3; n++ {
		second.finish(t, n, cpGroup(3, 4, 5, all...))
		second.close(t, n)
	}
	want(first, 2) // the second is over: it has no open stage
	for n := 2; n <= 3; n++ {
		first.finish(t, n, cpGroup(3, 4, 5, all...))
		first.close(t, n)
	}
	if m := continueLink.FindStringSubmatch(getPage(t, ta, "/")); m != nil {
		t.Errorf("every tour is over, yet the home page offers to continue %q", m[2])
	}
}

// TestCyclingPartyPageBreakdown checks the Cycling Party page against the engine: each manager's
// points by source add up to his total and are the engine's own (race.ManagerRow.Sources), every
// scoring place is listed, and the podium appears only when the tour is over (not before, nor when
// an earlier stage is shown).
func TestCyclingPartyPageBreakdown(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	podium := `class="podium"`
	for _, c := range []struct {
		name   string
		r      raceRun
		after  int
		podium bool
	}{{"part raced", tours["cycling-party"], 1, false}, {"finished", tours["finished"], 3, true}, {"finished, after stage 2", tours["finished"], 2, false}} {
		path := "/cycling-party"
		if c.name == "finished, after stage 2" {
			path += "?after=2"
		}
		page := c.r.getPage(t, path, http.StatusOK)
		st := c.r.standings(t, c.after)
		if got := strings.Contains(page, podium); got != c.podium {
			t.Errorf("%s: podium shown = %v, want %v", c.name, got, c.podium)
		}
		if c.podium {
			winner := st.CyclingParty[0]
			if !strings.Contains(page, fmt.Sprintf("%s wins the Cycling Party", winner.Team)) || !strings.Contains(page, fmt.Sprintf("<strong>%d points</strong>", winner.Points)) {
				t.Errorf("%s: the podium does not present %s with %d points", c.name, winner.Team, winner.Points)
			}
		}
		row := regexp.MustCompile(`(?s)<tr(?: class="first")?><td class="num">(\d+)</td><td>.*?</svg> (?:<a class="who-link" href="/teams/\d+/palmares">)?([^<]+)(?:</a>)?</td>(.*?)<td class="num"><b>(\d+)</b></td>`)
		rows := row.FindAllStringSubmatch(page, -1)
		if len(rows) != len(st.CyclingParty) {
			t.Fatalf("%s: the standing has %d rows, the engine %d", c.name, len(rows), len(st.CyclingParty))
		}
		cell := regexp.MustCompile(`<td class="num source">(\d*)</td>`)
		for i, m := range rows {
			want := st.CyclingParty[i]
			if m[2] != want.Team || m[4] != fmt.Sprint(want.Points) {
				t.Errorf("%s: row %d = %s %s points, want %s %d", c.name, i+1, m[2], m[4], want.Team, want.Points)
			}
			cells := cell.FindAllStringSubmatch(m[3], -1)
			classes := race.ManagerClasses()
			if len(cells) != len(classes) {
				t.Fatalf("%s: %s has %d source cells, want %d", c.name, want.Team, len(cells), len(classes))
			}
			sum := 0
			for k, class := range classes {
				n := 0
				if cells[k][1] != "" {
					fmt.Sscan(cells[k][1], &n)
				}
				if n != want.PointsFrom(class) {
					t.Errorf("%s: %s has %d points from %s on the page, the engine %d", c.name, want.Team, n, class, want.PointsFrom(class))
				}
				sum += n
			}
			if sum != want.Points {
				t.Errorf("%s: %s's sources add up to %d on the page, the total is %d", c.name, want.Team, sum, want.Points)
			}
			// Every source is a line of the manager's card, with its points.
			card := regexp.MustCompile(`(?s)aria-label="` + regexp.QuoteMeta(html.EscapeString(want.Team)) + `: where the points come from">(.*?)</section>`).FindStringSubmatch(page)
			if card == nil {
				t.Fatalf("%s: no card says where %s's points come from", c.name, want.Team)
			}
			lines := regexp.MustCompile(`<li>([^<]*)</li>`).FindAllStringSubmatch(card[1], -1)
			if len(lines) != len(want.Sources) {
				t.Errorf("%s: %s's card lists %d sources, the engine %d", c.name, want.Team, len(lines), len(want.Sources))
			}
			for k, src := range want.Sources {
				if k < len(lines) && !strings.HasSuffix(html.UnescapeString(lines[k][1]), fmt.Sprintf(", %d point", src.Points)) && !strings.HasSuffix(html.UnescapeString(lines[k][1]), fmt.Sprintf(", %d points", src.Points)) {
					t.Errorf("%s: %s's source %d reads %q, want %d points", c.name, want.Team, k+1, lines[k][1], src.Points)
				}
			}
		}
		checkPlayerWords(t, c.name+" Cycling Party page", page)
	}
}

// TestWizardPointsShowsEveryError submits a points table with five problems at once: each is shown
// beside its field, every bad place is marked, and nothing else is.
func TestWizardPointsShowsEveryError(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	points := wizardCharacteristics(t, ta, map[string][]string{"name": {"Many errors"}, "stages": {"2"}, "seed": {"7"}})
	wantStep(t, points, http.StatusOK, "New tour — points")
	p := wizardSubmit(t, ta, points, "next", map[string][]string{
		"points.stage_win":     {"five"},
		"points.individual[2]": {"-4"},
		"points.individual[4]": {"9"},
		"points.regularity[1]": {"20"},
		"points.mountain[1]":   {""},
		"points.sprints[0]":    {"x"},
		"points.teams[0]":      {"12"},
	})
	wantStep(t, p, http.StatusUnprocessableEntity, "New tour — points")
	wantBeside(t, p, "points.stage_win", "must be a whole number")
	wantBeside(t, p, "points.individual", "place 3 must not be negative")
	wantBeside(t, p, "points.individual", "place 5 (9) is more than place 4 (8)")
	wantBeside(t, p, "points.regularity", "place 2 (20) is more than place 1 (12)")
	wantBeside(t, p, "points.mountain", "place 2 is empty")
	wantBeside(t, p, "points.sprints", "place 1 must be a whole number")
	if strings.Contains(p.body, `id="err-points.teams"`) {
		t.Errorf("the teams row has a message, though it is right")
	}
	marked := regexp.MustCompile(`id="(points\.[a-z_]+\[\d\])"[^>]*aria-invalid="true"`).FindAllStringSubmatch(p.body, -1)
	var got []string
	for _, m := range marked {
		got = append(got, m[1])
	}
	sort.Strings(got)
	if want := "points.individual[2] points.individual[4] points.mountain[1] points.regularity[1] points.sprints[0]"; strings.Join(got, " ") != want {
		t.Errorf("places marked invalid: %v, want %s", got, want)
	}
	if p.get("points.individual[2]") != "-4" || p.get("points.stage_win") != "five" || p.get("points.sprints[0]") != "x" {
		t.Errorf("the refused points lost what was typed: %q %q %q", p.get("points.individual[2]"), p.get("points.stage_win"), p.get("points.sprints[0]"))
	}
	checkPlayerWords(t, "the refused points step", p.body)
}

// TestWizardStepMarkersAndPlaces checks, without a browser, that the done steps' markers are buttons
// that jump back (without checking the step left) and forward again to steps already reached, keeping
// the draft, and that every row button of the stage editor reopens the page at the block it changes.
func TestWizardStepMarkersAndPlaces(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	marker := func(p *wizardPage, step string) bool {
		return strings.Contains(p.body, `name="go" value="goto:`+step+`"`)
	}
	points := wizardCharacteristics(t, ta, map[string][]string{"name": {"Markers"}, "stages": {"3"}, "seed": {"5"}})
	if !marker(points, "tour") || marker(points, "stages") || marker(points, "teams") || marker(points, "summary") {
		t.Errorf("on the points step only the Characteristics marker should be a button")
	}
	if n := strings.Count(points.body, `class="wizard-steps"`); n != 1 {
		t.Errorf("the points step shows the step markers %d times, want once", n)
	}
	stages := wizardSubmit(t, ta, points, "next", map[string][]string{"points.stage_win": {"9"}})
	wantStep(t, stages, http.StatusOK, "New tour — stages")

	// Row buttons carry the block they change; the blocks exist.
	for _, re := range []string{`value="add_climb:1" formaction="/tours/new#stage-2-climbs"`, `value="add_sprint:2" formaction="/tours/new#stage-3-sprints"`,
		`value="down_stage:0" formaction="/tours/new#stage-2"`, `value="up_stage:2" formaction="/tours/new#stage-2"`, `value="add_stage" formaction="/tours/new#stage-4"`,
		`id="stage-2-climbs"`, `id="stage-3-sprints"`, `id="stage-2"`} {
		if !strings.Contains(stages.body, re) {
			t.Errorf("the stage editor lacks %s", re)
		}
	}
	added := wizardSubmit(t, ta, stages, "add_sprint:2", nil)
	if !regexp.MustCompile(`(?s)id="stage-3-sprints".*?<p class="flash row-note" role="status">Stage 3: sprint \d+ added at the end.</p>`).MatchString(added.body) {
		t.Errorf("the note of + Add a sprint is not in stage 3's sprints; %s", errorsOf(added.body))
	}

	// Back to the points with the marker: an invalid sprint typed on the stages step does not stop it,
	// and it is kept.
	firstSprint := added.get("stages[0].sprints[0].at")
	back := wizardSubmit(t, ta, added, "goto:points", map[string][]string{"stages[0].sprints[0].at": {"999"}})
	wantStep(t, back, http.StatusOK, "New tour — points")
	if back.get("points.stage_win") != "9" {
		t.Errorf("the jump back to the points lost the stage win: %q", back.get("points.stage_win"))
	}
	if !marker(back, "tour") || !marker(back, "stages") || marker(back, "teams") {
		t.Errorf("on the points step again: Characteristics and Stages should be buttons (done), Teams not (never reached)")
	}
	// Forward again to the stages, the sprint added is still there.
	again := wizardSubmit(t, ta, back, "goto:stages", nil)
	wantStep(t, again, http.StatusOK, "New tour — stages")
	if !strings.Contains(again.body, `id="stages[2].sprints[`+fmt.Sprint(strings.Count(stages.body, `name="stages[2].sprints[`))+`].at"`) {
		t.Errorf("forward again to the stages: the sprint added to stage 3 is gone")
	}
	if again.get("stages[0].sprints[0].at") != "999" {
		t.Errorf("forward again to the stages: the sprint square typed before the jump back is %q, want 999 kept", again.get("stages[0].sprints[0].at"))
	}
	// A marker to a step never reached is no jump: the stages are checked and the next step shown (once
	// the sprint added is taken away: a stage has its type's number of sprints, docs/rules.md §1.2).
	trimmed := wizardSubmit(t, ta, again, fmt.Sprintf("remove_sprint:2:%d", strings.Count(stages.body, `name="stages[2].sprints[`)),
		map[string][]string{"stages[0].sprints[0].at": {firstSprint}})
	teams := wizardSubmit(t, ta, trimmed, "goto:summary", nil)
	wantStep(t, teams, http.StatusOK, "New tour — teams")
	// Forward from the characteristics straight to the teams, once reached.
	tour := wizardSubmit(t, ta, teams, "goto:tour", nil)
	wantStep(t, tour, http.StatusOK, "New tour — characteristics")
	if !marker(tour, "teams") || marker(tour, "summary") {
		t.Errorf("on the characteristics after reaching the teams: Teams should be a button, Create not (no team chosen)")
	}
	wantStep(t, wizardSubmit(t, ta, tour, "goto:teams", nil), http.StatusOK, "New tour — teams")
}

// TestImportSaysOneTeam imports a roster of one new team with one rider: the message counts in words
// that fit ("1 team created", not "1 teams created").
func TestImportSaysOneTeam(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	file := csvFile(t, [][]string{problemFile[0], {"Nuevo", "NUE", "#123456", "1", "Uno", "leader", ""}})
	rec := ta.upload(t, "/teams/import", "uno.csv", file, nil, true)
	if rec.Code != http.StatusOK {
		t.Fatalf("POST /teams/import = %d, want the preview; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	rec = ta.form(t, "/teams/import/apply", formValues(rec.Body.String()))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("POST /teams/import/apply = %d, want 303; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	thenPage(t, ta, "/teams", "Imported uno.csv: 1 team created, 0 updated; 1 rider created, 0 updated.")
}
