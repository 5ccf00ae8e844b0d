package app_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestWaterBottleTurnZeroSaysTurnsStartAtOne checks a water bottle typed with turn 0 for a rider who
// has finished: the page says turns count from 1 (an empty box is "not given"), instead of asking
// for the turn the director just gave.
func TestWaterBottleTurnZeroSaysTurnsStartAtOne(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul, verde := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul"), teamNamed(t, ta, "Verde")
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID, verde.ID}, false)
	r.post(t, "/stages/1/finish", url.Values{"g_turn": {"0"}, "g_square": {"3"}, "g_die": {"4"}, "g_riders": {"12 22 32"}, "_version": {r.version(t, 1)}}, "/stages/1")
	page := r.refusedPage(t, "a bottle in turn 0", "/stages/1/advantages", url.Values{"kind": {"water_bottle"}, "bib": {"12"}, "turn": {"0"}, "_version": {r.version(t, 1)}},
		http.StatusUnprocessableEntity, "must be 1 or more: the stage&#39;s first turn is turn 1")
	if strings.Contains(page, "give the turn it was taken") {
		t.Errorf("a bottle with turn 0 is answered by asking for the turn")
	}
	r.post(t, "/stages/1/advantages", url.Values{"kind": {"water_bottle"}, "bib": {"12"}, "turn": {"1"}, "_version": {r.version(t, 1)}}, "/stages/1/advantages")
}

// TestWizardSummaryAndCreationInWords walks a Ciclismo a fondo tour through the wizard: the summary
// counts its length in squares (never "544 square in all"), and the message after Create names the
// tour once ("Vuelta created", not "Tour Vuelta created").
func TestWizardSummaryAndCreationInWords(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := teamIDs(t, ta)
	stages := wizardCharacteristics(t, ta, map[string][]string{"ruleset": {"ciclismo-a-fondo"}, "name": {"Vuelta de la mesa"}, "stages": {"2"}, "profile": {"medium"}, "riders_per_team": {"6"}, "seed": {"5"}})
	wantStep(t, stages, http.StatusOK, "New tour — stages")
	teamStep := wizardSubmit(t, ta, stages, "next", nil)
	wantStep(t, teamStep, http.StatusOK, "New tour — teams")
	summary := wizardSubmit(t, ta, teamStep, "next", map[string][]string{"teams": ids(teams["Rojo"], teams["Azul"])})
	wantStep(t, summary, http.StatusOK, "New tour — summary")
	if !regexp.MustCompile(`\(\d+ squares in all\)`).MatchString(summary.body) || !strings.Contains(summary.body, "Length <small>(squares)</small>") {
		t.Errorf("summary does not count the length in squares: %q", regexp.MustCompile(`\(\d+ [a-z ]+ in all\)`).FindString(summary.body))
	}
	v := url.Values{}
	for _, n := range summary.names {
		v[n] = summary.values[n]
	}
	v.Set("go", "create")
	rec := ta.form(t, "/tours/new", v)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("Create tour = %d, want 303", rec.Code)
	}
	page := ta.do(t, http.MethodGet, rec.Header().Get("Location"), nil).Body.String()
	if !strings.Contains(page, "Vuelta de la mesa is created: stage 1 is open.") || strings.Contains(page, "Tour Vuelta") {
		t.Errorf("the first stage does not say \"Vuelta de la mesa is created: stage 1 is open.\": %s", clip(page))
	}
}

// TestFatigueRefusalSaidOnce checks that a refused fatigue value is said beside the rider only, not a
// second time above the grid without saying whose it is.
func TestFatigueRefusalSaidOnce(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	ruote := createRaceTour(t, ta, "2ruote", 5, ruoteRaceStages(), ruoteRaceTeams(t, ta), true)
	page := ruote.refusedPage(t, "fatigue not a number", "/stages/1/fatigue", url.Values{"fatigue_13": {"abc"}, "fatigue_12": {"5"}, "_version": {ruote.version(t, 1)}},
		http.StatusUnprocessableEntity, `id="fatigue-13-error"`)
	if n := strings.Count(page, "&#34;abc&#34; is not a whole number"); n != 1 {
		t.Errorf("the refusal of bib 13's fatigue is said %d times, want once, beside him", n)
	}
}

// TestTourRidersShowTheCardNotOneRole checks the 2RUOTE riders page: no Role column repeating the
// game's only role ("Corridore (rider)") on every line, and each rider's card values in words.
func TestTourRidersShowTheCardNotOneRole(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	ruote := createRaceTour(t, ta, "2ruote", 5, ruoteRaceStages(), ruoteRaceTeams(t, ta), true)
	page := ruote.getPage(t, "/riders", http.StatusOK)
	if strings.Contains(page, "Corridore") || strings.Contains(page, `<th scope="col">Role</th>`) {
		t.Errorf("2RUOTE riders page shows the one role of the game on every line")
	}
	if !strings.Contains(page, "Costo 2 · Pianura 5 · Montagna 4 · Discesa 5 · Collina 5 · Volata 3 · Cronometro 5") {
		t.Errorf("2RUOTE riders page does not show bib 11's card in words")
	}
	caf := createRaceTour(t, ta, "ciclismo-a-fondo", 5, pageCAFStages(), cafRaceTeams(t, ta), false)
	if page := caf.getPage(t, "/riders", http.StatusOK); !strings.Contains(page, `<th scope="col">Role</th>`) {
		t.Errorf("Ciclismo a fondo riders page lost its Role column")
	}
}

// TestWizardStagesInKilometres checks the stage step of a game measured in km (Cycling Party, real
// races): climbs start and end "at km" and sprints are "at km", as the stage screen and the sheets
// say, not "on square".
func TestWizardStagesInKilometres(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	for _, rs := range []string{"cycling-party", "uci-road"} {
		set := map[string][]string{"ruleset": {rs}, "name": {"Km " + rs}, "stages": {"2"}, "profile": {"medium"}, "riders_per_team": {"6"}, "seed": {"3"}}
		page := wizardCharacteristics(t, ta, set)
		if rs == "cycling-party" {
			page = wizardSubmit(t, ta, page, "next", nil) // the points step
		}
		wantStep(t, page, http.StatusOK, "New tour — stages")
		for _, want := range []string{"<th scope=\"col\">Starts at km</th>", ">Sprint 1 at km</label>"} {
			if !strings.Contains(page.body, want) {
				t.Errorf("%s stage step lacks %q", rs, want)
			}
		}
		if strings.Contains(page.body, "on square") || strings.Contains(page.body, "Start square") {
			i := strings.Index(page.body, "on square") + strings.Index(page.body, "Start square") + 1
			t.Errorf("%s stage step speaks of squares for a stage measured in km: %q", rs, page.body[max(i-200, 0):min(i+100, len(page.body))])
		}
	}
}

// TestStageScreenScoresInWords checks the scores beside a climb of one place: "1 point", never
// "1 points".
func TestStageScreenScoresInWords(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	stages := []map[string]any{{"type": "hilly", "length": 140, "climbs": []map[string]any{climb("4", 121, 123)}, "sprints": sprintsAt(112)}}
	r := createRaceTour(t, ta, "uci-road", 6, stages, []uint{rojo.ID, azul.ID}, false)
	page := r.getPage(t, "/stages/1", http.StatusOK)
	if !strings.Contains(page, "km 121–123 · 1 point<") || strings.Contains(page, " 1 points") {
		t.Errorf("a climb giving 1 point is not said in words: %q", regexp.MustCompile(`km 121–123[^<]*`).FindString(page))
	}
}

// TestRealRaceMenuHasNoEmptyAdvantages checks the tour menu of a real race: no "Advantages" entry
// leading to a page with nothing to record; the games with advantages keep it.
func TestRealRaceMenuHasNoEmptyAdvantages(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul, verde := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul"), teamNamed(t, ta, "Verde")
	stages := []map[string]any{{"type": "flat", "length": 180, "climbs": []map[string]any{}, "sprints": sprintsAt(90)}}
	road := createRaceTour(t, ta, "uci-road", 6, stages, []uint{rojo.ID, azul.ID}, false)
	if page := road.getPage(t, "/stages/1", http.StatusOK); strings.Contains(page, "/stages/1/advantages") {
		t.Errorf("the real race's stage screen links to an Advantages page with nothing to record")
	}
	cp := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID, verde.ID}, false)
	if page := cp.getPage(t, "/stages/1", http.StatusOK); !strings.Contains(page, "/stages/1/advantages") {
		t.Errorf("the Cycling Party stage screen lost its Advantages link")
	}
}

// TestAdvantagesLeaveOutWhatNobodyHas checks the per-team table of the advantages page in a tour
// without an hors category climb: no "Mountain attack 0 / 0" row; a tour with one keeps it.
func TestAdvantagesLeaveOutWhatNobodyHas(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul, verde := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul"), teamNamed(t, ta, "Verde")
	teams := []uint{rojo.ID, azul.ID, verde.ID}
	flat := pageCPStages()[:1] // a flat stage of hill and third category climbs
	noHors := createRaceTour(t, ta, "cycling-party", 5, flat, teams, false)
	if page := noHors.getPage(t, "/stages/1/advantages", http.StatusOK); strings.Contains(page, "<td>Mountain attack</td>") {
		t.Errorf("a tour without an hors category climb lists Mountain attack 0 / 0 for every team")
	}
	withHors := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), teams, false)
	if page := withHors.getPage(t, "/stages/1/advantages", http.StatusOK); !strings.Contains(page, "<td>Mountain attack</td>") {
		t.Errorf("a tour with hors category climbs lost the Mountain attack row")
	}
}
