package app_test

// Advantages the director records while catching up (issue 17, part 3), through the API and the
// pages: a water bottle given before a rider's finish but recorded after it, a mountain attack never
// combined with a double throw on one climb, and Ciclismo a fondo's lost turns, combativity award and
// second crash. Every refusal names its field, says how to fix it and stores nothing.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// cpAllBibs are the riders of the three Cycling Party page teams (Rojo 11–15, Azul 21–25, Verde 31–35).
var cpAllBibs = []int{11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34, 35}

// fieldError is the message shown beside a page field (its id-error paragraph), or "".
func fieldError(page, id string) string {
	m := regexp.MustCompile(`id="` + regexp.QuoteMeta(id) + `-error">([^<]*)<`).FindStringSubmatch(page)
	if m == nil {
		return ""
	}
	return m[1]
}

// TestWaterBottleRecordedAfterTheFinish: once the finish is saved, a bottle for a rider in it is
// recorded when the director gives the turn it was taken, and refused without one, with the reason
// beside the turn field; through the API and the page.
func TestWaterBottleRecordedAfterTheFinish(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 5, cpRaceStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID, teamNamed(t, ta, "Verde").ID}, false)
	r.finish(t, 1, cpGroup(0, 3, 2, cpAllBibs...))

	e := r.refused(t, "a bottle without a turn for a rider who finished", http.MethodPost, "/stages/1/advantages", obj{"kind": "water_bottle", "bib": 15}, 422, "validation", "turn")
	if want := "bib 15 has finished the stage: to record a water bottle he took before his finish, give the turn it was taken"; e.Error.Fields["turn"] != want {
		t.Errorf("refusal = %q, want %q", e.Error.Fields["turn"], want)
	}
	r.ok(t, http.MethodPost, "/stages/1/advantages", obj{"kind": "water_bottle", "bib": 15, "turn": 30})
	if v, _ := r.stage(t, 1); len(v.Results.Advantages) != 1 || v.Results.Advantages[0].Turn != 30 {
		t.Errorf("uses after a bottle given in turn 30 = %+v", v.Results.Advantages)
	}

	page := r.refusedPage(t, "a bottle without a turn on the page", "/stages/1/advantages",
		url.Values{"kind": {"water_bottle"}, "bib": {"14"}, "turn": {""}, "_version": {r.version(t, 1)}}, 422, `id="adv-water_bottle-bib" name="bib" value="14"`)
	if got := fieldError(page, "adv-water_bottle-turn"); !strings.Contains(got, "Bib 14 has finished the stage") || !strings.Contains(got, "give the turn it was taken") {
		t.Errorf("the page says %q beside the turn, want why and how to fix it", got)
	}
	if !regexp.MustCompile(`<input id="adv-water_bottle-turn" name="turn" value=""[^>]*aria-invalid="true"[^>]*autofocus>`).MatchString(page) {
		t.Errorf("the refused turn field is not marked and focused")
	}
	if !strings.Contains(page, "Turn <small>(optional; needed once the rider has finished)</small>") {
		t.Errorf("the water bottle's turn field does not say when it is needed")
	}
	if flash := r.post(t, "/stages/1/advantages", url.Values{"kind": {"water_bottle"}, "bib": {"14"}, "turn": {"31"}, "_version": {r.version(t, 1)}}, "/stages/1/advantages"); !strings.HasPrefix(flash, "Water bottle for bib 14 (turn 31) recorded") {
		t.Errorf("flash after a late bottle = %q", flash)
	}
	hist := r.getPage(t, "/stages/1/history", http.StatusOK)
	if !regexp.MustCompile(`<td>Added</td><td>Water bottle for bib 14 [^<(]+\(turn 31\)</td>`).MatchString(hist) {
		t.Errorf("history does not say the bottle in words:\n%s", clip(hist))
	}
}

// TestMountainAttackIsNeverCombined: the leader's mountain attack and double throw on one climb are
// refused in either order (422, the reason beside the climb), on another climb or by another leader
// they are recorded; through the API, the advantages page and the stage screen's dice button.
func TestMountainAttackIsNeverCombined(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 5, cpRaceStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID, teamNamed(t, ta, "Verde").ID}, false)
	r.finish(t, 1, cpGroup(0, 3, 2, cpAllBibs...))
	r.close(t, 1)
	// Stage 2: climb 2 first category, climbs 3 and 4 hors.
	r.ok(t, http.MethodPost, "/stages/2/advantages", obj{"kind": "mountain_attack", "bib": 11, "climb": 3})
	e := r.refused(t, "a double throw on the climb of the mountain attack", http.MethodPost, "/stages/2/advantages", obj{"kind": "double_throw", "bib": 11, "climb": 3}, 422, "validation", "climb")
	if want := "bib 11 already has a mountain attack on climb 3: a mountain attack cannot be combined with any other advantage"; e.Error.Fields["climb"] != want {
		t.Errorf("refusal = %q, want %q", e.Error.Fields["climb"], want)
	}
	r.ok(t, http.MethodPost, "/stages/2/advantages", obj{"kind": "double_throw", "bib": 11, "climb": 4})
	r.refused(t, "a mountain attack on the climb of a double throw", http.MethodPost, "/stages/2/advantages", obj{"kind": "mountain_attack", "bib": 11, "climb": 4}, 422, "validation", "climb")
	r.ok(t, http.MethodPost, "/stages/2/advantages", obj{"kind": "double_throw", "bib": 21, "climb": 3})

	page := r.refusedPage(t, "the other leader's mountain attack after his double throw", "/stages/2/advantages",
		url.Values{"kind": {"mountain_attack"}, "bib": {"21"}, "climb": {"3"}, "_version": {r.version(t, 2)}}, 422)
	if got := fieldError(page, "adv-mountain_attack-climb"); got != "Bib 21 already has a double throw on climb 3: a mountain attack cannot be combined with any other advantage" {
		t.Errorf("the advantages page says %q beside the climb", got)
	}
	page = r.refusedPage(t, "the dice button after a mountain attack", "/stages/2/advantages",
		url.Values{"kind": {"double_throw"}, "bib": {"11"}, "climb": {"3"}, "from": {"stage"}, "_version": {r.version(t, 2)}}, 422)
	if got := fieldError(page, "climb-3-dice"); !strings.Contains(got, "cannot be combined with any other advantage") {
		t.Errorf("the stage screen says %q beside climb 3's dice", got)
	}
	if !strings.Contains(page, "<title>Stage 2 ") {
		t.Errorf("a refused dice button does not come back to the stage screen")
	}
}

// TestCiclismoAFondoLostTurnsAndAwards: lost turns and the combativity award are refused (422) for a
// rider who abandoned in an earlier stage; a second crash records the abandonment and says so, in the
// API's answer and in the page's flash.
func TestCiclismoAFondoLostTurnsAndAwards(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "ciclismo-a-fondo", 5, cafRaceStages(), cafRaceTeams(t, ta), false)
	r.ok(t, http.MethodPost, "/stages/1/abandons", obj{"bib": 35, "reason": "crash"})
	r.finish(t, 1, turnGroup(40, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34))
	r.close(t, 1)

	e := r.refused(t, "turns lost by a rider out since stage 1", http.MethodPost, "/stages/2/lost_turns", obj{"bib": 35, "turns": 1, "reason": "puncture"}, 422, "validation", "bib")
	if e.Error.Fields["bib"] != "bib 35 abandoned in stage 1" {
		t.Errorf("refusal = %q", e.Error.Fields["bib"])
	}
	r.refused(t, "the award to a rider out since stage 1", http.MethodPut, "/stages/2/combativity", obj{"bib": 35}, 422, "validation", "bib")
	page := r.refusedPage(t, "turns lost by a rider out, on the page", "/stages/2/lost-turns",
		url.Values{"bib": {"35"}, "turn": {"1"}, "reason": {"crash"}, "_version": {r.version(t, 2)}}, 422, `id="lost-bib" name="bib" value="35"`)
	if got := fieldError(page, "lost-bib"); got != "Bib 35 abandoned in stage 1" {
		t.Errorf("the page says %q beside the bib", got)
	}
	page = r.refusedPage(t, "the award to a rider out, on the page", "/stages/2/combativity",
		url.Values{"bib": {"35"}, "_version": {r.version(t, 2)}}, 422)
	if got := fieldError(page, "combativity-bib"); got != "Bib 35 abandoned in stage 1" {
		t.Errorf("the page says %q beside the combativity bib", got)
	}

	// A second crash in the stage: the rider leaves the race, and the answer says so.
	first := r.ok(t, http.MethodPost, "/stages/2/lost_turns", obj{"bib": 34, "turns": 1, "reason": "crash"})
	if strings.Contains(first.Body.String(), `"notice"`) {
		t.Errorf("a first crash answers a notice: %s", clip(first.Body.String()))
	}
	second := r.ok(t, http.MethodPost, "/stages/2/lost_turns", obj{"bib": 34, "turns": 2, "reason": "crash"})
	var ans struct {
		Notice  string `json:"notice"`
		Version int    `json:"version"`
		Results struct {
			Abandons []struct {
				Bib int `json:"bib"`
			} `json:"abandons"`
		} `json:"results"`
	}
	if err := json.Unmarshal(second.Body.Bytes(), &ans); err != nil || ans.Notice != "second crash: bib 34 leaves the race" || len(ans.Results.Abandons) != 1 || ans.Results.Abandons[0].Bib != 34 {
		t.Errorf("second crash answered %s, want the stage with bib 34 abandoned and the notice", clip(second.Body.String()))
	}
	if ans.Version == 0 {
		t.Errorf("the answer with a notice has no stage version")
	}
	r.post(t, "/stages/2/lost-turns", url.Values{"bib": {"33"}, "turn": {"1"}, "reason": {"crash"}, "_version": {r.version(t, 2)}}, "/stages/2/advantages")
	flash := r.post(t, "/stages/2/lost-turns", url.Values{"bib": {"33"}, "turn": {"1"}, "reason": {"crash"}, "_version": {r.version(t, 2)}}, "/stages/2/advantages")
	if want := "Bib 33 lost 1 turn (crash). Second crash: bib 33 leaves the race."; flash != want {
		t.Errorf("flash after a second crash = %q, want %q", flash, want)
	}
	adv := r.getPage(t, "/stages/2/advantages", http.StatusOK)
	if n := strings.Count(adv, "second crash: leaves the race"); n != 2 || !regexp.MustCompile(`<b>34</b> [^<]* — 2 turns, crash — <strong>second crash: leaves the race</strong>`).MatchString(adv) {
		t.Errorf("the turns lost list marks %d second crashes, want bib 34's and bib 33's", n)
	}
	if v, _ := r.stage(t, 2); fmt.Sprint(len(v.Results.Abandons)) != "2" {
		t.Errorf("abandons after two second crashes = %+v", v.Results.Abandons)
	}
}
