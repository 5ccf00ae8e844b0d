package app_test

// A real race entered as its officials print it (issue 27, item 3): the UAE Tour 2026 of the pcs-2026
// oracle data, its riders given their own bibs by the official start list, every stage's result
// entered as published (the winner's time, then s.t. or gaps, DNF and DNS rows) through the API as
// text/csv, the stage page's paste box and its upload, and the standings after every stage compared
// with the official general classification and team standings.

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/store"
)

// csvCall sends a CSV body (Content-Type text/csv) in language lang ("" for none) and returns the answer.
func (ta *testApp) csvCall(t testing.TB, method, target, body, lang string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Header.Set("Content-Type", "text/csv")
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	return ta.serve(t, req, true)
}

// publishedRow is one rider's line of an official stage result.
type publishedRow struct {
	bib        int
	hundredths int
	bonus      string
}

// publishedText writes a stage's result as officials print it: rank, bib, then the winner's time,
// s.t. for a rider in the time of the one above, a gap to the winner (or, every seventh rider, his
// time written out), the bonus when there is one; then a status row for each rider in gone.
func publishedText(rows []publishedRow, gone map[int]string) string {
	var b strings.Builder
	for i, r := range rows {
		tm := race.FormatClockTime(r.hundredths)
		switch {
		case i == 0, i%7 == 3:
		case r.hundredths == rows[i-1].hundredths:
			tm = "s.t."
		default:
			tm = "+" + race.FormatClockTime(r.hundredths-rows[0].hundredths)
		}
		fmt.Fprintf(&b, "%d,%d,%s", i+1, r.bib, tm)
		if r.bonus != "" {
			b.WriteString("," + r.bonus)
		}
		b.WriteString("\n")
	}
	for _, bib := range slices.Sorted(maps.Keys(gone)) {
		fmt.Fprintf(&b, "%s,%d,\n", gone[bib], bib)
	}
	return b.String()
}

// reversedName writes "del Toro Isaac" as "Isaac del Toro": the teams database's way, which the start
// list's official way must still find.
func reversedName(name string) string {
	words := strings.Fields(name)
	return strings.Join(append(words[len(words)-1:], words[:len(words)-1]...), " ")
}

// TestUCIRoadAsPublished replays the UAE Tour 2026 from its start list and its published results.
func TestUCIRoadAsPublished(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	const uae = "uae-tour:2026"
	names := map[string]string{}
	for _, r := range roadRows(t, "teams.csv", "", "") {
		names[r["Pcs Id"]] = r["Name"]
	}
	// The teams database: each real team with its riders, named first name first, counters 1, 2…
	// in the order of the start list, and no board game's role.
	type startRider struct {
		team, name string
		bib        int
	}
	var start []startRider
	riders := map[string][]map[string]any{}
	var order []string
	for _, r := range roadRows(t, "raceRiders.csv", "Race UID", uae) {
		bib, _ := strconv.Atoi(r["Bib"])
		team := names[r["Team Pcs Id"]]
		if _, seen := riders[team]; !seen {
			order = append(order, team)
		}
		riders[team] = append(riders[team], map[string]any{"name": reversedName(r["Rider"]), "number": len(riders[team]) + 1})
		start = append(start, startRider{team: team, name: r["Rider"], bib: bib})
	}
	var teamIDs []uint
	for i, team := range order {
		teamIDs = append(teamIDs, addTeam(t, ta, team, fmt.Sprintf("U%c%c", 'A'+i/26, 'A'+i%26), riders[team]))
	}
	var stages []map[string]any
	for _, st := range roadRows(t, "raceStages.csv", "Race UID", uae) {
		typ := map[string]string{"p1": "flat", "p2": "hilly", "p3": "hilly"}[st["Parcours Type"]]
		switch {
		case st["Stage Type"] == "ITT":
			typ = "itt"
		case typ == "":
			typ = "mountain"
		}
		// The length as published, km with decimals (stage 2's time trial: 12.2 km).
		stages = append(stages, map[string]any{"type": typ, "km": json.RawMessage(st["Distance"]), "climbs": []any{}, "sprints": []any{}})
	}
	tour := createTour(t, ta, map[string]any{"ruleset": "uci-road", "name": "UAE Tour 2026", "profile": "medium", "riders_per_team": 7,
		"stages": stages, "teams": teamIDs})
	r := raceRun{ta: ta, id: tour.ID}

	// The start list, as the organiser prints it: team, bib, name (family name first). A line naming
	// nobody of the tour is refused by its line, nothing renumbered.
	var list strings.Builder
	for _, s := range start {
		fmt.Fprintf(&list, "%s,%d,%s\n", s.team, s.bib, s.name)
	}
	before := ta.snapshot(t)
	bad := strings.Replace(list.String(), start[2].name, "Nobody Atall", 1)
	if rec := ta.csvCall(t, http.MethodPut, r.url("/start-list"), bad, "es"); rec.Code != http.StatusUnprocessableEntity ||
		!strings.Contains(decode[apiError](t, rec).Error.Fields["rows[2].name"], "no tiene ningún corredor llamado") {
		t.Errorf("a start list naming nobody = %d %s, want 422 naming rows[2].name in Spanish", rec.Code, clip(rec.Body.String()))
	}
	if ta.snapshot(t) != before {
		t.Errorf("the refused start list changed the database")
	}
	if rec := ta.csvCall(t, http.MethodPut, r.url("/start-list"), list.String(), ""); rec.Code != http.StatusOK {
		t.Fatalf("the start list = %d %s, want 200", rec.Code, clip(rec.Body.String()))
	}
	bibOf := map[string]int{}
	for _, team := range r.tourView(t).Teams {
		for _, rider := range team.Riders {
			bibOf[rider.Name] = rider.Bib
		}
	}
	for _, s := range start {
		if got := bibOf[reversedName(s.name)]; got != s.bib {
			t.Errorf("%s wears bib %d after the start list, want %d", s.name, got, s.bib)
		}
	}
	// A rider renumbered alone: not onto a bib another rider keeps; to a free one and back.
	first, second := start[0], start[1]
	r.refused(t, "a bib another rider keeps", http.MethodPut, fmt.Sprintf("/riders/%d", first.bib), map[string]any{"bib": second.bib}, http.StatusUnprocessableEntity, "validation", "bib")
	r.ok(t, http.MethodPut, fmt.Sprintf("/riders/%d", first.bib), map[string]any{"bib": 999})
	r.ok(t, http.MethodPut, fmt.Sprintf("/riders/%d", 999), map[string]any{"bib": first.bib, "born": "2003-04-05"})

	results := roadRows(t, "raceStageResults.csv", "", "")
	gc := roadRows(t, "raceStageClassificationGeneral.csv", "", "")
	teamGC := roadRows(t, "raceStageClassificationTeams.csv", "", "")
	racing := map[int]bool{}
	for _, s := range start {
		racing[s.bib] = true
	}
	for n := 1; n <= len(stages); n++ {
		uid := fmt.Sprintf("%s:%d", uae, n)
		var rows []publishedRow
		var ranked []map[string]string
		for _, row := range results {
			if row["Stage UID"] == uid && row["Rank"] != "" {
				ranked = append(ranked, row)
			}
		}
		slices.SortStableFunc(ranked, func(x, y map[string]string) int {
			a, _ := strconv.Atoi(x["Rank"])
			b, _ := strconv.Atoi(y["Rank"])
			return cmp.Compare(a, b)
		})
		here := map[int]bool{}
		for _, row := range ranked {
			bib, _ := strconv.Atoi(row["Bib"])
			h, err := race.ParseClockTime(row["Time"])
			if err != nil {
				t.Fatal(err)
			}
			if n == 5 && slices.Contains([]int{14, 15, 55, 56}, bib) {
				h += 1000 // the data set's known flaw (testdata/oracle/README.md): the official GC counts their group's time
			}
			here[bib] = true
			rows = append(rows, publishedRow{bib: bib, hundredths: h, bonus: strings.TrimSuffix(row["Bonis"], "″")})
		}
		gone := map[int]string{}
		for bib, in := range racing {
			if in && !here[bib] {
				gone[bib] = "DNF"
				if n == 1 {
					gone[bib] = "DNS"
				}
			}
		}
		text := publishedText(rows, gone)
		finish := r.url("/stages/%d/finish", n)
		switch n {
		case 1:
			// The winner's time must come first: s.t. at the top is refused by line and column, in
			// the reader's language.
			wrong := strings.Replace(text, race.FormatClockTime(rows[0].hundredths), "s.t.", 1)
			rec := ta.csvCall(t, http.MethodPut, finish, wrong, "it")
			if got := decode[apiError](t, rec).Error.Fields["rows[0].time"]; rec.Code != http.StatusUnprocessableEntity || !strings.Contains(got, "il tempo del vincitore va prima") {
				t.Errorf("s.t. for the winner = %d %q, want 422 naming rows[0].time in Italian", rec.Code, got)
			}
			fallthrough
		default:
			if rec := ta.csvCall(t, http.MethodPut, finish, text, ""); rec.Code != http.StatusOK {
				t.Fatalf("stage %d as published = %d %s", n, rec.Code, clip(rec.Body.String()))
			}
		case 3:
			r.post(t, fmt.Sprintf("/stages/%d/published", n), url.Values{"published": {text}, "_version": {r.version(t, n)}}, fmt.Sprintf("/stages/%d", n))
		case 5:
			if rec := ta.upload(t, r.pagePath("/stages/%d/finish.csv", n), "stage-5.csv", []byte(text), url.Values{"_version": {r.version(t, n)}}, true); rec.Code != http.StatusSeeOther {
				t.Fatalf("stage 5 uploaded = %d %s", rec.Code, clip(rec.Body.String()))
			}
		}
		if n > 1 {
			// A rider who left the race earlier is refused with a time, by his row.
			for bib, in := range racing {
				if in {
					continue
				}
				again := text + fmt.Sprintf("%d,%d,+59:00\n", len(rows)+len(gone)+1, bib)
				rec := ta.csvCall(t, http.MethodPut, finish, again, "")
				if got := decode[apiError](t, rec).Error.Fields; rec.Code != http.StatusUnprocessableEntity || len(got) != 1 {
					t.Errorf("a time for bib %d, who left the race in stage %d = %d %v, want 422 naming his row", bib, n, rec.Code, got)
				}
				break
			}
		}
		for bib := range gone {
			racing[bib] = false
		}
		if n == 1 {
			r.refused(t, "a bib changed after its rider's first result", http.MethodPut, fmt.Sprintf("/riders/%d", rows[0].bib), map[string]any{"bib": 999},
				http.StatusUnprocessableEntity, "validation", "bib")
		}
		stage := decode[store.StageView](t, r.ok(t, http.MethodGet, fmt.Sprintf("/stages/%d", n), nil))
		if len(stage.Results.Abandons) != len(gone) {
			t.Errorf("stage %d has %d riders out, want the %d status rows", n, len(stage.Results.Abandons), len(gone))
		}
		r.close(t, n)
		publishedCompare(t, r, n, uid, gc, teamGC)
	}
	publishedLength(t, ta, r)
}

// publishedLength checks the UAE Tour's time trial, published as 12.2 km: kept so by the API (its
// course drawn on 13 whole km), printed so on its communiqué with its winner's average speed, in each
// language with its decimal mark.
func publishedLength(t *testing.T, ta *testApp, r raceRun) {
	t.Helper()
	stage := decode[map[string]any](t, r.ok(t, http.MethodGet, "/stages/2", nil))
	if stage["km"] != 12.2 || stage["length"] != 13.0 {
		t.Errorf("stage 2 = km %v, length %v; want 12.2 km on a course of 13", stage["km"], stage["length"])
	}
	winner := r.standings(t, 2).Stage[0]
	speed := 12.2 * 3600 / float64(winner.Time)
	for lang, want := range map[string][]string{
		"en": {"12.2 km", fmt.Sprintf("Winner's average speed: %.3f km/h", speed)},
		"es": {"12,2 km", strings.ReplaceAll(fmt.Sprintf("Velocidad media del ganador: %.3f km/h", speed), ".", ",")},
		"it": {"12,2 km", strings.ReplaceAll(fmt.Sprintf("Media oraria del vincitore: %.3f km/h", speed), ".", ",")},
	} {
		text := pdfToText(t, tourCall(t, ta, http.MethodGet, r.url("/sheets/communique.pdf?stage=2&lang=%s", lang), nil, http.StatusOK).Body.Bytes())
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("the stage 2 communiqué in %s lacks %q:\n%s", lang, w, text)
			}
		}
	}
}

// publishedCompare checks the standings after stage n against the official GC (time and rank of every
// rider, on their own bibs) and team standings.
func publishedCompare(t *testing.T, r raceRun, n int, uid string, gc, teamGC []map[string]string) {
	t.Helper()
	st := r.standings(t, n)
	official := map[int][2]int{}
	for _, row := range gc {
		if row["Stage UID"] == uid {
			bib, _ := strconv.Atoi(row["Bib"])
			rank, _ := strconv.Atoi(row["Rank"])
			official[bib] = [2]int{roadSeconds(t, row["Time"]), rank}
		}
	}
	if len(st.Individual) != len(official) {
		t.Errorf("after stage %d the GC has %d riders, want %d", n, len(st.Individual), len(official))
	}
	for _, row := range st.Individual {
		if o, ok := official[row.Bib]; !ok || row.Time != o[0] || row.Rank != o[1] {
			t.Errorf("after stage %d bib %d %s: rank %d in %s, want rank %d in %s (official: %v)", n, row.Bib, row.Name, row.Rank,
				race.FormatClockTime(100*row.Time), o[1], race.FormatClockTime(100*o[0]), ok)
		}
	}
	if n == 5 {
		return // the official team standings after stage 5 leave out the split of the bunch (app/race/oracle_pcs_test.go)
	}
	teams := map[string][2]int{}
	for _, row := range teamGC {
		if row["Stage UID"] == uid {
			rank, _ := strconv.Atoi(row["Rank"])
			teams[row["Team"]] = [2]int{roadSeconds(t, row["Time"]), rank}
		}
	}
	if len(st.Teams) != len(teams) {
		t.Errorf("after stage %d the team standings have %d teams, want %d", n, len(st.Teams), len(teams))
	}
	for _, row := range st.Teams {
		if o, ok := teams[row.Team]; !ok || row.Time != o[0] || row.Rank != o[1] {
			t.Errorf("after stage %d team %s: rank %d in %s, want rank %d in %s (official: %v)", n, row.Team, row.Rank,
				race.FormatClockTime(100*row.Time), o[1], race.FormatClockTime(100*o[0]), ok)
		}
	}
}

// TestUCIRoadStartListPage gives a real race its own bibs from the riders page's paste box (a line
// that names no team refused by its line, nothing stored), keeps them through a backup, refuses a
// pasted result by its line and column on the stage page, and leaves a board game's bibs alone.
func TestUCIRoadStartListPage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	a := addTeam(t, ta, "Équipe Un", "UNE", []map[string]any{{"name": "Anne Un", "number": 1}, {"name": "Bea Un", "number": 2}})
	b := addTeam(t, ta, "Équipe Deux", "DEU", []map[string]any{{"name": "Cleo Deux", "number": 1}, {"name": "Dora Deux", "number": 2}})
	tour := createTour(t, ta, createBody(propose(t, ta, proposalBody("uci-road", "medium", 2, 7)), a, b))
	r := raceRun{ta: ta, id: tour.ID}

	page := r.getPage(t, "/riders", http.StatusOK)
	if !strings.Contains(page, `action="/tours/`+strconv.Itoa(int(tour.ID))+`/start-list"`) {
		t.Fatalf("the riders page of a real race has no start list form")
	}
	r.refusedPage(t, "a start list naming no team of the tour", "/start-list",
		url.Values{"start_list": {"Équipe Un,1,UN Anne\nÉquipe Trois,2,TROIS Bea\n"}}, http.StatusUnprocessableEntity,
		"Start list not applied.", `line 2, team: no team of this tour is called &#34;Équipe Trois&#34;`)
	flash := r.post(t, "/start-list", url.Values{"start_list": {"team,bib,name\nUNE,1,UN Anne\nUNE,2,un bea\nÉquipe Deux,11,DEUX Cleo\nÉquipe Deux,12,Dora Deux\n"}}, "/riders")
	if flash != "Start list applied: 4 riders renumbered." {
		t.Errorf("the start list's flash = %q", flash)
	}
	bibs := map[string]int{}
	for _, team := range r.tourView(t).Teams {
		for _, rider := range team.Riders {
			bibs[rider.Name] = rider.Bib
		}
	}
	if want := map[string]int{"Anne Un": 1, "Bea Un": 2, "Cleo Deux": 11, "Dora Deux": 12}; !maps.Equal(bibs, want) {
		t.Errorf("bibs after the start list = %v, want %v", bibs, want)
	}

	// The form shows the list as it stands: sent back as it is, nobody changes; a file does the same.
	page = r.getPage(t, "/riders", http.StatusOK)
	if !strings.Contains(page, "Équipe Deux,12,Dora Deux") {
		t.Errorf("the start list box does not show the tour's list as it stands")
	}
	if flash := r.post(t, "/start-list", url.Values{"start_list": {"Équipe Un,1,Anne Un\nÉquipe Un,2,Bea Un\nÉquipe Deux,11,Cleo Deux\nÉquipe Deux,12,Dora Deux\n"}}, "/riders"); flash != "Start list applied: 0 riders renumbered." {
		t.Errorf("the start list as it stands: flash %q", flash)
	}
	if rec := ta.upload(t, r.pagePath("/start-list"), "start.csv", []byte("UNE,1,Anne Un\n"), nil, true); rec.Code != http.StatusSeeOther {
		t.Errorf("a start list file = %d, want 303", rec.Code)
	}

	// A pasted result refused by its line and column, the paste kept; then taken as it is.
	refused := r.refusedPage(t, "a gap that is none", "/stages/1/published",
		url.Values{"published": {"1,11,4:10:00\n2,1,s.t.\n3,2,+6s\nDNF,12\n"}, "_version": {r.version(t, 1)}}, http.StatusUnprocessableEntity,
		"Finish not saved.", `line 3, time: &#34;&#43;6s&#34; is not a gap like &#43;0:06 or &#43;1:02:03`, "3,2,&#43;6s")
	if !strings.Contains(refused, `id="published-text-1"`) {
		t.Errorf("the refused paste is not shown in its box")
	}
	r.post(t, "/stages/1/published", url.Values{"published": {"1,11,4:10:00\n2,1,s.t.\n3,2,+0:06\nDNF,12\n"}, "_version": {r.version(t, 1)}}, "/stages/1")
	stage := decode[store.StageView](t, r.ok(t, http.MethodGet, "/stages/1", nil))
	if len(stage.Results.Finish.Results) != 3 || stage.Results.Finish.Results[2].Hundredths != (4*3600+10*60+6)*100 ||
		len(stage.Results.Abandons) != 1 || stage.Results.Abandons[0].Bib != 12 || stage.Results.Abandons[0].Status != race.StatusDNF {
		t.Errorf("stage 1 after the paste = %+v, abandons %+v", stage.Results.Finish.Results, stage.Results.Abandons)
	}
	r.close(t, 1)

	// The backup keeps the race's own bibs.
	backup := r.ok(t, http.MethodGet, "/backup.json", nil).Body.Bytes()
	restored := decode[store.TourView](t, tourCall(t, ta, http.MethodPost, "/api/v1/tours/import", backup, http.StatusCreated))
	got := map[string]int{}
	for _, team := range restored.Teams {
		for _, rider := range team.Riders {
			got[rider.Name] = rider.Bib
		}
	}
	if !maps.Equal(got, bibs) {
		t.Errorf("the restored tour's bibs = %v, want %v", got, bibs)
	}

	// A board game keeps team × 10 + counter number.
	cp := createTour(t, ta, createBody(propose(t, ta, proposalBody("cycling-party", "medium", 2, 7)), teamByName(t, ta, "Rojo").ID, teamByName(t, ta, "Azul").ID))
	refusedUnchanged(t, ta, "a board game's rider renumbered", http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/riders/11", cp.ID), map[string]any{"bib": 1}, http.StatusConflict, "conflict")
}

// TestStageLengthWithDecimalsThroughTheAPI takes a real race's stage written "length": 18.6 (as a
// race publishes it), keeps it as 18.6 km on a course of 19, and refuses it in a board game, whose
// squares are whole, naming the field and storing nothing.
func TestStageLengthWithDecimalsThroughTheAPI(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := defaultTeamIDs(t, ta, 2)
	stage := func(length any) []map[string]any {
		return []map[string]any{{"type": "itt", "length": length, "climbs": []any{}, "sprints": []any{}}}
	}
	tour := createTour(t, ta, map[string]any{"ruleset": "uci-road", "name": "Prologue", "profile": "medium", "riders_per_team": 5, "stages": stage(18.6), "teams": teams})
	got := decode[map[string]any](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/stages/1", tour.ID), nil, http.StatusOK))
	if got["km"] != 18.6 || got["length"] != 19.0 {
		t.Errorf("a stage of \"length\": 18.6 = km %v, length %v; want 18.6 km on 19", got["km"], got["length"])
	}
	if tour.Stages[0].Length != 18.6 {
		t.Errorf("the tour lists its stage as %v km, want 18.6", tour.Stages[0].Length)
	}
	// Its backup keeps the length as published, and so does the tour restored from it.
	backup := tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/backup.json", tour.ID), nil, http.StatusOK).Body.Bytes()
	restored := decode[store.TourView](t, tourCall(t, ta, http.MethodPost, "/api/v1/tours/import", jsonRaw(backup), http.StatusCreated))
	again := decode[map[string]any](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/stages/1", restored.ID), nil, http.StatusOK))
	if again["km"] != 18.6 || again["length"] != 19.0 {
		t.Errorf("the restored stage = km %v, length %v; want 18.6 km on 19", again["km"], again["length"])
	}
	for _, tc := range []struct {
		name, ruleset string
		length        any
	}{
		{"a board game's 18.6 squares", "cycling-party", 18.6},
		{"a real race's 400.5 km", "uci-road", 400.5},
		{"a real race's -3.5 km", "uci-road", -3.5},
		{"a length of 1e300", "uci-road", 1e300},
	} {
		riders := 5
		if tc.ruleset == "cycling-party" {
			riders = 6
		}
		refusedUnchanged(t, ta, tc.name, http.MethodPost, "/api/v1/tours", map[string]any{"ruleset": tc.ruleset, "name": "Refused", "profile": "medium",
			"riders_per_team": riders, "stages": stage(tc.length), "teams": teams}, http.StatusUnprocessableEntity, "validation", "stages[0].length")
	}
}
