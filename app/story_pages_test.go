package app_test

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"racedirector/app/store"
)

var (
	// chartTable finds a chart's data table on a story page by its kind.
	chartTable = regexp.MustCompile(`(?s)<table class="compact chart-table" data-chart="([a-z]+)">(.*?)</table>`)
	// tableRow and tableCell split a table into rows and cells.
	tableRow  = regexp.MustCompile(`(?s)<tr>(.*?)</tr>`)
	tableCell = regexp.MustCompile(`(?s)<t[hd][^>]*>(.*?)</t[hd]>`)
	// palmaresRow is one tour of a palmarès page.
	palmaresRow = regexp.MustCompile(`(?s)<tr data-tour="(\d+)">(.*?)</tr>`)
)

// storyTables reads the chart data tables of a story page: kind → rows of cells (head first).
func storyTables(body string) map[string][][]string {
	out := map[string][][]string{}
	for _, m := range chartTable.FindAllStringSubmatch(body, -1) {
		var rows [][]string
		for _, r := range tableRow.FindAllStringSubmatch(m[2], -1) {
			var cells []string
			for _, c := range tableCell.FindAllStringSubmatch(r[1], -1) {
				cells = append(cells, html.UnescapeString(strings.TrimSpace(c[1])))
			}
			rows = append(rows, cells)
		}
		out[m[1]] = rows
	}
	return out
}

// followCode is a tour's follow code.
func (r raceRun) followCode(t testing.TB) string {
	t.Helper()
	code := r.tourView(t).FollowCode
	if code == "" {
		t.Fatal("the tour has no follow code")
	}
	return code
}

// TestStoryPagesOfEachGame opens the story pages of a raced tour of each game (the director's page,
// the follower's, the TV podium) in English, Spanish and Italian: each answers 200 with every chart
// and the awards, in the language asked.
func TestStoryPagesOfEachGame(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	words := map[string][]string{
		"en": {"The story of the tour", "Show the data", "Awards"},
		"es": {"La historia de la vuelta", "Ver los datos", "Premios"},
		"it": {"La storia del giro", "Mostra i dati", "Premi"},
	}
	for game, run := range tours {
		code := run.followCode(t)
		wantCharts := []string{"gc", "gaps", "swings", "jerseys"}
		if game == "cycling-party" || game == "finished" {
			wantCharts = append(wantCharts, "managers", "sources")
		}
		for _, lang := range []string{"en", "es", "it"} {
			for _, path := range []string{fmt.Sprintf("/tours/%d/story", run.id), "/follow/" + code + "/story"} {
				body := pageIn(t, ta, path, lang)
				for _, w := range words[lang] {
					if lang != "en" && strings.Contains(body, words["en"][0]) {
						t.Errorf("%s %s in %s still says %q", game, path, lang, words["en"][0])
					}
					if !strings.Contains(html.UnescapeString(body), w) && !(w == "Awards" || w == "Premios" || w == "Premi") {
						t.Errorf("%s %s in %s lacks %q", game, path, lang, w)
					}
				}
				for _, kind := range wantCharts {
					if !strings.Contains(body, `id="chart-`+kind+`"`) || !strings.Contains(body, `class="chart chart-`+kind+`"`) {
						t.Errorf("%s %s in %s has no %s chart", game, path, lang, kind)
					}
				}
				if !strings.Contains(body, `id="awards"`) || !strings.Contains(body, `data-class="individual"`) {
					t.Errorf("%s %s in %s has no awards with the general classification's podium", game, path, lang)
				}
			}
			tv := pageIn(t, ta, "/follow/"+code+"/tv/podium", lang)
			if !strings.Contains(tv, `class="tv tvp"`) || !strings.Contains(tv, "tv-step-1") {
				t.Errorf("%s TV podium in %s has no podium", game, lang)
			}
		}
	}
}

// TestStoryChartsMatchTheStandings checks, on the story page of a finished Cycling Party tour, the
// data behind each chart against the standings the API answers after every stage: the general
// classification's top ten and their ranks, each jersey's holder, the managers' points; and that the
// bump chart draws a line for each of them.
func TestStoryChartsMatchTheStandings(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	run := raceTourOfEach(t, ta)["finished"]
	body := run.getPage(t, "/story", http.StatusOK)
	tables := storyTables(body)
	closed := 3
	final := run.standings(t, closed)
	gc := tables["gc"]
	if len(gc) != 1+min(10, len(final.Individual)) {
		t.Fatalf("the GC chart's data has %d rows, want the top %d and a head", len(gc), min(10, len(final.Individual)))
	}
	for i, row := range gc[1:] {
		want := final.Individual[i]
		if row[0] != want.Name {
			t.Errorf("GC data row %d is %q, the final classification's %d is %q", i+1, row[0], i+1, want.Name)
		}
		if !strings.Contains(body, fmt.Sprintf(`data-key="rider-%d"`, want.Bib)) {
			t.Errorf("the GC chart draws no line for rider %d", want.Bib)
		}
	}
	for n := 1; n <= closed; n++ {
		st := run.standings(t, n)
		rank := map[string]int{}
		for _, r := range st.Individual {
			rank[r.Name] = r.Rank
		}
		for _, row := range gc[1:] {
			if got := row[n]; got != fmt.Sprint(rank[row[0]]) {
				t.Errorf("after stage %d the GC chart has %s at %s, the standings at %d", n, row[0], got, rank[row[0]])
			}
		}
		names := map[int]string{}
		for _, r := range st.Individual {
			names[r.Bib] = r.Name
		}
		for _, row := range tables["jerseys"][1:] {
			found := row[n] == "—" && len(st.Leaders) < len(tables["jerseys"])-1
			for class, bib := range st.Leaders {
				if names[bib] == row[n] && class != "" {
					found = true
				}
			}
			if !found {
				t.Errorf("after stage %d the jersey %s is on %q, who leads nothing in the standings %v", n, row[0], row[n], st.Leaders)
			}
		}
		points := map[string]int{}
		for _, m := range st.CyclingParty {
			points[m.Team] = m.Points
		}
		for _, row := range tables["managers"][1:] {
			if row[n] != fmt.Sprint(points[row[0]]) && !strings.HasPrefix(row[n], fmt.Sprint(points[row[0]])+" ") {
				t.Errorf("after stage %d manager %s has %q points in the chart's data, %d in the standings", n, row[0], row[n], points[row[0]])
			}
		}
	}
	if len(tables["jerseys"]) < 2 || len(tables["managers"]) < 2 || len(tables["sources"]) < 2 {
		t.Errorf("the jerseys, managers and sources charts have no data: %d, %d, %d rows", len(tables["jerseys"]), len(tables["managers"]), len(tables["sources"]))
	}
	winner := final.Individual[0]
	if !strings.Contains(body, `data-award="most_days"`) || !strings.Contains(body, html.EscapeString(winner.Name)) {
		t.Errorf("the awards lack the most days in the lead or the winner %s", winner.Name)
	}
}

// TestStoryPagesBeforeAnyStageAndNotFound: a tour with no closed stage has a story page that says the
// story begins later, a podium that says so too, and no summary yet (409); unknown tours, codes,
// teams and riders are not found.
func TestStoryPagesBeforeAnyStageAndNotFound(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	run := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}, false)
	code := run.followCode(t)
	for _, lang := range []string{"en", "es", "it"} {
		body := pageIn(t, ta, fmt.Sprintf("/tours/%d/story", run.id), lang)
		if strings.Contains(body, "chart-table") || !strings.Contains(body, `class="note"`) {
			t.Errorf("the story of a tour not started in %s shows charts or no note", lang)
		}
		if tv := pageIn(t, ta, "/follow/"+code+"/tv/podium", lang); !strings.Contains(tv, "tv-gone") {
			t.Errorf("the podium of a tour not started in %s does not say it comes later", lang)
		}
	}
	if rec := getIn(t, ta, "en", fmt.Sprintf("/tours/%d/sheets/summary.pdf", run.id)); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != fmt.Sprintf("/tours/%d/story", run.id) {
		t.Errorf("the summary page of a tour not started = %d %s, want 303 to the story", rec.Code, rec.Header().Get("Location"))
	}
	if rec := getIn(t, ta, "en", "/follow/"+code+"/summary.pdf"); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/follow/"+code+"/story" {
		t.Errorf("a player's summary of a tour not started = %d %s, want 303 to the story", rec.Code, rec.Header().Get("Location"))
	}
	for lang, want := range map[string]string{"es": "ninguna etapa", "it": "nessuna tappa"} {
		rec, e := ta.inLanguage(t, lang, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/sheets/summary.pdf", run.id), "")
		if rec.Code != http.StatusConflict || !strings.Contains(strings.ToLower(e.Error.Message), want) {
			t.Errorf("the API's summary of a tour not started in %s = %d %q, want 409 in the language", lang, rec.Code, e.Error.Message)
		}
	}
	for _, path := range []string{"/tours/9999/story", "/tours/9999/sheets/summary.pdf", "/follow/ZZZZZZ/story", "/follow/ZZZZZZ/tv/podium", "/follow/ZZZZZZ/summary.pdf",
		"/teams/9999/palmares", "/riders/9999/palmares", "/tours/abc/story"} {
		if rec := getIn(t, ta, "en", path); rec.Code != http.StatusNotFound && rec.Code != http.StatusBadRequest {
			t.Errorf("GET %s = %d, want 404", path, rec.Code)
		} else if path != "/tours/abc/story" && rec.Code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, rec.Code)
		}
	}
}

// TestTourSummaryPDF reads the one-page tour summary back with pdftotext in each language: its title,
// the charts' titles, the classifications' names, the awards and the winner are there, on one page;
// the sheets list it.
func TestTourSummaryPDF(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	run := raceTourOfEach(t, ta)["finished"]
	winner := run.standings(t, 3).Individual[0]
	want := map[string][]string{
		"en": {"Tour summary", "General classification", "Stage winners", "Most days in the leader's jersey", "Who wore each jersey", "Gap to the leader", "Cycling Party managers' points"},
		"es": {"Resumen de la vuelta", "General individual", "Ganadores de etapa", "Quién vistió cada maillot", "Diferencia con el líder", "Puntos de los directores de Cycling Party"},
		"it": {"Riepilogo del giro", "Classifica generale", "Vincitori di tappa", "Chi ha indossato ogni maglia", "Distacco dal leader", "Punti dei direttori sportivi di Cycling Party"},
	}
	for lang, words := range want {
		rec := getIn(t, ta, lang, fmt.Sprintf("/tours/%d/sheets/summary.pdf", run.id))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" {
			t.Fatalf("summary in %s = %d %s; body:\n%s", lang, rec.Code, rec.Header().Get("Content-Type"), clip(rec.Body.String()))
		}
		if n := strings.Count(rec.Body.String(), "/Type /Page\n"); n != 1 && strings.Count(rec.Body.String(), "/Type /Page") != 2 {
			t.Errorf("the summary in %s has %d pages, want one", lang, n)
		}
		text := pdfToText(t, rec.Body.Bytes())
		for _, w := range append(words, winner.Name) {
			if !strings.Contains(text, w) {
				t.Errorf("the summary in %s lacks %q:\n%s", lang, w, text)
			}
		}
		api := getIn(t, ta, lang, fmt.Sprintf("/api/v1/tours/%d/sheets/summary.pdf", run.id))
		if api.Code != http.StatusOK {
			t.Errorf("the API's summary in %s = %d", lang, api.Code)
		}
		code := run.followCode(t)
		if follow := getIn(t, ta, lang, "/follow/"+code+"/summary.pdf"); follow.Code != http.StatusOK || !strings.Contains(pdfToText(t, follow.Body.Bytes()), words[0]) {
			t.Errorf("a player's summary in %s = %d", lang, follow.Code)
		}
		if page := pageIn(t, ta, "/follow/"+code+"/story", lang); !strings.Contains(page, "/follow/"+code+"/summary.pdf") {
			t.Errorf("the player's story in %s has no way to the summary", lang)
		}
	}
	list := getIn(t, ta, "es", fmt.Sprintf("/api/v1/tours/%d/sheets", run.id)).Body.String()
	if !strings.Contains(list, `"id":"summary"`) || !strings.Contains(list, "Resumen de la vuelta") {
		t.Errorf("the sheets list has no summary in Spanish: %s", list)
	}
	if page := pageIn(t, ta, fmt.Sprintf("/tours/%d/sheets", run.id), "it"); !strings.Contains(page, "/sheets/summary.pdf") {
		t.Error("the sheets page has no tour summary")
	}
	if xlsx := getIn(t, ta, "en", fmt.Sprintf("/api/v1/tours/%d/sheets/summary.xlsx", run.id)); xlsx.Code != http.StatusOK {
		t.Errorf("the summary workbook = %d", xlsx.Code)
	}
}

// TestPalmaresKeepsTheNameAsRaced races two tours with a team renamed between them: the team's and
// its rider's palmarès list both tours, each under the name raced, with the ranks of the standings,
// in every language; the teams page links to them.
func TestPalmaresKeepsTheNameAsRaced(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	race1 := func() raceRun {
		r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID}, false)
		bibs := []int{11, 12, 13, 14, 15, 21, 22, 23, 24, 25}
		r.finish(t, 1, cpGroup(3, 4, 5, bibs[:5]...), cpGroup(4, 2, 1, bibs[5:]...))
		r.close(t, 1)
		return r
	}
	first := race1()
	put := ta.do(t, http.MethodPut, fmt.Sprintf("/api/v1/teams/%d", rojo.ID), map[string]any{"name": "Rojo Renacido", "short": rojo.Short, "color": rojo.Color})
	if put.Code != http.StatusOK {
		t.Fatalf("renaming Rojo = %d; body:\n%s", put.Code, put.Body.String())
	}
	second := race1()
	rider := rojo.Riders[0]
	for _, lang := range []string{"en", "es", "it"} {
		team := pageIn(t, ta, fmt.Sprintf("/teams/%d/palmares", rojo.ID), lang)
		rows := palmaresRow.FindAllStringSubmatch(team, -1)
		if len(rows) != 2 || rows[0][1] != fmt.Sprint(first.id) || rows[1][1] != fmt.Sprint(second.id) {
			t.Fatalf("Rojo's palmarès in %s lists %d tours, want tours %d and %d:\n%s", lang, len(rows), first.id, second.id, clip(team))
		}
		if !strings.Contains(rows[0][2], `">Rojo</td>`) || !strings.Contains(rows[1][2], "Rojo Renacido") {
			t.Errorf("Rojo's palmarès in %s does not keep the names raced: %q / %q", lang, rows[0][2], rows[1][2])
		}
		page := pageIn(t, ta, fmt.Sprintf("/riders/%d/palmares", rider.ID), lang)
		rrows := palmaresRow.FindAllStringSubmatch(page, -1)
		if len(rrows) != 2 {
			t.Fatalf("rider %s's palmarès in %s lists %d tours, want 2", rider.Name, lang, len(rrows))
		}
		for i, run := range []raceRun{first, second} {
			st := run.standings(t, 1)
			bib := 10 + rider.Number
			for _, r := range st.Individual {
				if r.Bib == bib && !strings.Contains(rrows[i][2], fmt.Sprintf(">%d", r.Rank)) {
					t.Errorf("rider %d's palmarès in %s does not show his GC rank %d in tour %d: %s", bib, lang, r.Rank, run.id, rrows[i][2])
				}
			}
			if !strings.Contains(rrows[i][2], html.EscapeString(rider.Name)) {
				t.Errorf("rider's palmarès in %s lacks his name as raced in tour %d", lang, run.id)
			}
		}
		if lang != "en" && strings.Contains(team, "The tours this team rode") {
			t.Errorf("Rojo's palmarès in %s speaks English", lang)
		}
	}
	if azulPage := pageIn(t, ta, fmt.Sprintf("/teams/%d/palmares", azul.ID), "en"); len(palmaresRow.FindAllString(azulPage, -1)) != 2 {
		t.Error("Azul's palmarès does not list its two tours")
	}
	teams := pageIn(t, ta, "/teams", "en")
	if !strings.Contains(teams, fmt.Sprintf(`href="/teams/%d/palmares"`, rojo.ID)) || !strings.Contains(teams, fmt.Sprintf(`href="/riders/%d/palmares"`, rider.ID)) {
		t.Error("the teams page does not link to the palmarès")
	}
}

// TestPalmaresOfARestoredTour restores a tour from its backup (after deleting it): the restored tour
// is in the palmarès of its teams and riders again, linked by their names.
func TestPalmaresOfARestoredTour(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	run := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID}, false)
	bibs := []int{11, 12, 13, 14, 15, 21, 22, 23, 24, 25}
	run.finish(t, 1, cpGroup(3, 4, 5, bibs[:5]...), cpGroup(4, 2, 1, bibs[5:]...))
	run.close(t, 1)
	backup := backupOf(t, run)
	tourCall(t, ta, http.MethodDelete, fmt.Sprintf("/api/v1/tours/%d", run.id), nil, http.StatusNoContent)
	if page := pageIn(t, ta, fmt.Sprintf("/teams/%d/palmares", rojo.ID), "en"); len(palmaresRow.FindAllString(page, -1)) != 0 {
		t.Fatal("a deleted tour is still in Rojo's palmarès")
	}
	restored := decode[store.TourView](t, tourCall(t, ta, http.MethodPost, "/api/v1/tours/import", backup, http.StatusCreated))
	for _, path := range []string{fmt.Sprintf("/teams/%d/palmares", rojo.ID), fmt.Sprintf("/riders/%d/palmares", azul.Riders[0].ID)} {
		rows := palmaresRow.FindAllStringSubmatch(pageIn(t, ta, path, "en"), -1)
		if len(rows) != 1 || rows[0][1] != fmt.Sprint(restored.ID) {
			t.Errorf("%s lists %d tours, want the restored tour %d", path, len(rows), restored.ID)
		}
	}
}

// TestPodiumTiesSayTheSameTime: on the general classification's podium, a rider on the first's time
// (placed behind him by the tie-break) is "same time", not the first's whole time again, on the story
// page and on the TV.
func TestPodiumTiesSayTheSameTime(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	ties := 0
	for game, run := range raceTourOfEach(t, ta) {
		var s struct {
			Awards struct {
				Podiums []struct {
					Class  string `json:"class"`
					Places []struct {
						Rank int `json:"rank"`
						Gap  int `json:"gap"`
					} `json:"places"`
				} `json:"podiums"`
			} `json:"awards"`
		}
		if err := json.Unmarshal(getIn(t, ta, "en", fmt.Sprintf("/api/v1/tours/%d/story", run.id)).Body.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		for _, p := range s.Awards.Podiums {
			if p.Class != "individual" || len(p.Places) < 2 || p.Places[1].Gap != 0 {
				continue
			}
			ties++
			for lang, word := range map[string]string{"en": "same time", "es": "mismo tiempo", "it": "stesso tempo"} {
				for _, path := range []string{fmt.Sprintf("/tours/%d/story", run.id), "/follow/" + run.followCode(t) + "/tv/podium"} {
					if !strings.Contains(pageIn(t, ta, path, lang), word) {
						t.Errorf("%s %s in %s: the second on the first's time is not %q", game, path, lang, word)
					}
				}
			}
		}
	}
	if ties == 0 {
		t.Fatal("no tour of the test has a tie on the podium to look at")
	}
}

// TestStageWinnersTimeOnlyWhereItMeansSomething: the stage winners' time column is there for a real
// race's clock times and Ciclismo a fondo's turns, not for the seconds a game's time model gives the
// first group (Cycling Party, 2RUOTE).
func TestStageWinnersTimeOnlyWhereItMeansSomething(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	want := map[string]bool{"cycling-party": false, "finished": false, "2ruote": false, "ciclismo-a-fondo": true, "uci-road": true}
	seen := 0
	for game, run := range raceTourOfEach(t, ta) {
		w, ok := want[game]
		if !ok {
			continue
		}
		seen++
		if got := strings.Contains(pageIn(t, ta, fmt.Sprintf("/tours/%d/story", run.id), "en"), `class="num win-time"`); got != w {
			t.Errorf("%s: the stage winners' time column shown %v, want %v", game, got, w)
		}
	}
	if seen < 3 {
		t.Fatalf("only %d games raced", seen)
	}
}

// TestStoryTellsWhoLeftTheRace: a rider who abandons is in the story's "out of the race" list with
// his stage, how he left in the page's language and the director's reason.
func TestStoryTellsWhoLeftTheRace(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	run := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID}, false)
	run.finish(t, 1, cpGroup(3, 4, 5, 11, 12, 13, 14, 15), cpGroup(4, 2, 1, 21, 22, 23, 24, 25))
	run.close(t, 1)
	run.ok(t, http.MethodPost, "/stages/2/abandons", map[string]any{"bib": 12, "reason": "crash on the descent"})
	run.finish(t, 2, cpGroup(3, 4, 5, 21, 22, 23, 24, 25), cpGroup(4, 2, 1, 11, 13, 14, 15))
	run.close(t, 2)
	for lang, how := range map[string]string{"en": "did not finish", "es": "abandono", "it": "ritirato"} {
		page := pageIn(t, ta, fmt.Sprintf("/tours/%d/story", run.id), lang)
		i := strings.Index(page, `class="compact story-out"`)
		if i < 0 {
			t.Fatalf("the story in %s has no riders out of the race", lang)
		}
		list := page[i:]
		list = list[:strings.Index(list, "</table>")]
		if !strings.Contains(list, "<b>12</b>") || !strings.Contains(list, how) || !strings.Contains(list, "crash on the descent") || !strings.Contains(list, `<td class="num">2</td>`) {
			t.Errorf("the story in %s does not say bib 12 left in stage 2 (%s):\n%s", lang, how, list)
		}
	}
}
