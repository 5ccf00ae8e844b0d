package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/store"
)

// TestFatigueRetirementIsOutEverywhere checks docs/rules.md §3.6 and §4 through the router, in Italian: a
// 2RUOTE rider over his fatigue limit (26 of 25, advanced game) is listed among the stage screen's
// retirements, counted in the classifications' field, in the standings' out (API), on the result sheet and
// on the phones' stage, and no longer gets a time.
func TestFatigueRetirementIsOutEverywhere(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "2ruote", 5, ruoteRaceStages(), ruoteRaceTeams(t, ta), true)
	all := []int{12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34, 35}
	r.finish(t, 1, sectorGroup(1, 11), sectorGroup(0, all...))
	r.ok(t, http.MethodPut, "/stages/1/fatigue", obj{"fatigue": map[string]int{"14": 26, "15": 25}})
	it := func(path string) string { return r.getPage(t, path+"?lang=it", http.StatusOK) }
	if page := it("/stages/1"); !strings.Contains(page, "<b>14</b> Bianchi 4 — <b class=\"status out\">si ritira a fine tappa</b>: fatica 26, oltre 25 (") ||
		strings.Contains(page, "Nessun ritiro") {
		t.Errorf("the stage screen does not list bib 14 retiring for fatigue:\n%s", clip(page))
	}
	if follow := getPage(t, ta, fmt.Sprintf("/follow/%s?lang=it", r.followCode(t))); !strings.Contains(follow, "si ritira a fine tappa: fatica 26, oltre 25") {
		t.Errorf("the phones' stage does not say bib 14 retires for fatigue")
	}
	r.close(t, 1)

	st := r.standings(t, 1)
	if st.Field.Finishers != 15 || st.Field.Retired != 1 || len(st.Out) != 1 {
		t.Fatalf("standings after stage 1: field %+v, out %+v; want 15 finishers, 1 retired and bib 14 out", st.Field, st.Out)
	}
	if o := st.Out[0]; o.Bib != 14 || o.Stage != 1 || o.Status != race.StatusRetired || o.Fatigue != 26 || o.FatigueLimit != 25 {
		t.Errorf("out after stage 1 = %+v, want bib 14, stage 1, RET, fatigue 26 of 25", o)
	}
	if slices.ContainsFunc(st.Individual, func(row race.TimeRow) bool { return row.Bib == 14 }) {
		t.Errorf("bib 14 is still in the Maglia Rosa classification")
	}
	cls := it("/classifications")
	for _, want := range []string{"15 partenti", "15 arrivati", "1 ritirato per fatica a fine tappa", "ritirato per fatica", "fatica 26, oltre 25"} {
		if !strings.Contains(cls, want) {
			t.Errorf("the classifications page lacks %q", want)
		}
	}
	text := pdfToText(t, r.ok(t, http.MethodGet, "/sheets/result.pdf?stage=1&lang=it", nil).Body.Bytes())
	if !strings.Contains(text, "RET") || !strings.Contains(text, "fatica 26, oltre 25") {
		t.Errorf("the result sheet does not list bib 14 retired:\n%s", text)
	}
	// Stage 2: he is not a starter, and a result naming him is refused naming him.
	r.refused(t, "a finish naming the retired rider", http.MethodPut, "/stages/2/finish", obj{"groups": []any{sectorGroup(0, 14)}}, 422, "validation", "groups[0].riders[0]")
}

// TestTeamTimeTrialAfterAnAbandonment checks that a team time trial entered per team times only the
// team's riders still racing: a rider who abandoned in stage 1 has no time in stage 2's placings (API,
// phones), and a dropped rider naming him is a 422 naming him.
func TestTeamTimeTrialAfterAnAbandonment(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	a, b := youthTeams(t, ta)
	stages := []map[string]any{{"type": "flat", "length": 180}, {"type": "ttt", "length": 30}}
	r := createRaceTour(t, ta, "uci-road", 3, stages, []uint{a, b}, false)
	r.ok(t, http.MethodPost, "/stages/1/abandons", obj{"bib": 12, "reason": "crash"})
	r.ok(t, http.MethodPut, "/stages/1/finish", map[string]any{"results": []map[string]any{
		{"bib": 11, "time": "4:00:00"}, {"bib": 13, "time": "4:00:00"}, {"bib": 21, "time": "4:00:00"}, {"bib": 22, "time": "4:00:00"}, {"bib": 23, "time": "4:00:00"}}})
	r.close(t, 1)
	r.refused(t, "a dropped rider who abandoned in stage 1", http.MethodPut, "/stages/2/finish", map[string]any{"teams": []map[string]any{
		{"team": 1, "time": "21:40", "dropped": []map[string]any{{"bib": 12, "time": "23:00"}}}}}, 422, "validation", "teams[0].dropped[0].bib")
	r.ok(t, http.MethodPut, "/stages/2/finish", map[string]any{"teams": []map[string]any{{"team": 1, "time": "21:40"}, {"team": 2, "time": "21:30"}}})
	v := decode[store.StageView](t, r.ok(t, http.MethodGet, "/stages/2", nil))
	var bibs []int
	for _, st := range v.Times {
		bibs = append(bibs, st.Bib)
	}
	if want := []int{21, 22, 23, 11, 13}; !slices.Equal(bibs, want) {
		t.Errorf("stage 2 placings = %v, want %v (bib 12 abandoned in stage 1)", bibs, want)
	}
	follow := getPage(t, ta, fmt.Sprintf("/follow/%s", r.followCode(t)))
	if strings.Contains(follow, `<td class="num">12</td>`) {
		t.Errorf("the phones' stage places bib 12, who abandoned in stage 1")
	}
	r.close(t, 2)
	if st := r.standings(t, 2); slices.ContainsFunc(st.Stage, func(row race.TimeRow) bool { return row.Bib == 12 }) {
		t.Errorf("the stage 2 result places bib 12")
	}
}

// TestRainForbidsEffort checks docs/rules.md §2.6 in Spanish: effort points entered in a rain stage are
// refused on both the API (422 on points) and the page; rain set while effort is spent is refused on
// its roll, naming the rider; End stage names the missing weather rolls and combativity award; the stage
// screen sums up the incidents under the game's word and links them.
func TestRainForbidsEffort(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "ciclismo-a-fondo", 5, cafRaceStages(), cafRaceTeams(t, ta), false)
	r.ok(t, http.MethodPost, "/stages/1/advantages", obj{"kind": "effort", "bib": 11, "points": 1})
	r.refused(t, "rain after effort", http.MethodPut, "/stages/1/weather", obj{"weather": []string{"fair", "rain"}}, 422, "validation", "weather[1]")
	r.ok(t, http.MethodDelete, "/stages/1/advantages/1", nil)
	r.ok(t, http.MethodPut, "/stages/1/weather", obj{"weather": []string{"fair", "rain"}})
	r.refused(t, "effort in the rain", http.MethodPost, "/stages/1/advantages", obj{"kind": "effort", "bib": 11, "points": 1}, 422, "validation", "points")
	r.refusedPage(t, "effort in the rain (page)", "/stages/1/advantages?lang=es", url.Values{"kind": {"effort"}, "bib": {"11"}, "points": {"1"}, "_version": {r.version(t, 1)}}, 422,
		"en una etapa con lluvia no se pueden utilizar esfuerzos (⅓ de la etapa: lluvia)")
	adv := r.getPage(t, "/stages/1/advantages?lang=es", http.StatusOK)
	for _, want := range []string{"<h1>Esfuerzo, clima y eventos", "Con lluvia no se pueden utilizar esfuerzos en esta etapa."} {
		if !strings.Contains(adv, want) {
			t.Errorf("the Spanish incidents page lacks %q", want)
		}
	}

	r.finish(t, 1, turnGroup(40, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34, 35))
	rec := r.ta.do(t, http.MethodPost, fmt.Sprintf("/api/v1/tours/%d/stages/1/close", r.id), nil)
	body := rec.Body.String()
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(body, "the weather is not recorded: ½ of the stage, ¾ of the stage") ||
		!strings.Contains(body, "the most combative rider of the stage is not named") {
		t.Errorf("closing without weather and combativity = %d %s, want 422 naming both", rec.Code, body)
	}
	page := r.getPage(t, "/stages/1?lang=es", http.StatusOK)
	for _, want := range []string{`<h2 id="incidents-h">Esfuerzo, clima y eventos</h2>`, "Meteorología: buen tiempo y lluvia (2 de 4 tiradas)",
		"Con lluvia no se pueden utilizar esfuerzos en esta etapa.", "Premio a la combatividad: aún sin otorgar",
		fmt.Sprintf(`href="/tours/%d/stages/1/advantages">Abrir Esfuerzo, clima y eventos</a>`, r.id), ">Esfuerzo, clima y eventos</a>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the Spanish stage screen lacks %q", want)
		}
	}
	closed := r.refusedPage(t, "End stage without weather", "/stages/1/close?lang=es", url.Values{"_version": {r.version(t, 1)}}, 422,
		"falta la meteorología: ½ de la etapa, ¾ de la etapa", "falta el premio a la combatividad de la etapa")
	_ = closed
	r.ok(t, http.MethodPut, "/stages/1/weather", obj{"weather": []string{"fair", "rain", "cold", "fair"}})
	r.ok(t, http.MethodPut, "/stages/1/combativity", obj{"bib": 23})
	r.close(t, 1)
}

// TestTwoRuoteTVWords checks the 2RUOTE TV: the Maglia Rosa leader's lead over the second rather than a
// total of 0:00 (times are gaps to the leading sector), and the intermediate sprint marked TV on the profile.
func TestTwoRuoteTVWords(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "2ruote", 5, ruoteRaceStages(), ruoteRaceTeams(t, ta), true)
	r.finish(t, 1, sectorGroup(1, 11), sectorGroup(0, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34, 35))
	r.close(t, 1)
	tv := getPage(t, ta, fmt.Sprintf("/follow/%s/tv?lang=it", r.followCode(t)))
	if !strings.Contains(tv, "0:30 sul secondo") {
		t.Errorf("the TV does not give the Maglia Rosa's lead over the second")
	}
	if !strings.Contains(tv, ">TV1</text>") {
		t.Errorf("the TV's profile does not mark the intermediate sprint TV1")
	}
}

// recordStage enters what the tour's game records in every stage and stage n still lacks, so that End
// stage may close it: each weather roll not yet rolled (fair) and the most combative rider (the stage's
// first placed rider), where the ruleset has them (weathers, stage_combativity).
func recordStage(t testing.TB, ta *testApp, tourID uint, n int) {
	t.Helper()
	view := decode[store.TourView](t, ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", tourID), nil))
	rs := decode[race.Ruleset](t, ta.do(t, http.MethodGet, "/api/v1/rulesets/"+view.Ruleset, nil))
	if len(rs.Weathers) == 0 && !rs.StageCombativity {
		return
	}
	base := fmt.Sprintf("/api/v1/tours/%d/stages/%d", tourID, n)
	v := decode[store.StageView](t, ta.do(t, http.MethodGet, base, nil))
	if weather := v.Results.Weather; len(rs.Weathers) > 0 && len(weather) < len(rs.WeatherRolls) {
		for len(weather) < len(rs.WeatherRolls) {
			weather = append(weather, "fair")
		}
		if rec := ta.do(t, http.MethodPut, base+"/weather", obj{"weather": weather}); rec.Code != http.StatusOK {
			t.Fatalf("recording stage %d's weather %v = %d: %s", n, weather, rec.Code, rec.Body.String())
		}
	}
	if rs.StageCombativity && v.Results.Combativity == 0 && len(v.Times) > 0 {
		if rec := ta.do(t, http.MethodPut, base+"/combativity", obj{"bib": v.Times[0].Bib}); rec.Code != http.StatusOK {
			t.Fatalf("naming stage %d's most combative rider = %d: %s", n, rec.Code, rec.Body.String())
		}
	}
}
