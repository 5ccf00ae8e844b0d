package app_test

// Stages by the book (docs/rules.md §1.2, §2.2, §3.2): POST /api/v1/tours and the wizard's stages step
// refuse a stage that breaks its type's rules, naming the field and the rule in the reader's language,
// and store nothing; a tour stored before keeps its stages and is raced as it was.

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"racedirector/app/store"
)

// bookSec is a Ciclismo a fondo section of the API.
func bookSec(typ string, km int) obj { return obj{"type": typ, "km": km} }

func TestStagesRefusedByTheBook(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	caf := cafRaceTeams(t, ta)
	cp := []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}
	ruote := ruoteRaceTeams(t, ta)
	body := func(ruleset string, riders int, teams []uint, advanced bool, stages ...obj) obj {
		return obj{"ruleset": ruleset, "name": "By the book", "profile": "medium", "seed": 7, "riders_per_team": riders,
			"stages": stages, "teams": teams, "advanced": advanced}
	}
	p, m := "pianura", "montagna"
	for _, tc := range []struct {
		what  string
		body  obj
		field string
		// es is the reason in Spanish (the request asks ?lang=es).
		es string
	}{
		{"a llano with a 4th-category climb", body("ciclismo-a-fondo", 5, caf, false,
			obj{"type": "flat", "sections": []obj{bookSec("flat", 60), bookSec("climb_fourth", 3), bookSec("flat", 100)}, "sprints": sprintsAt(30)}),
			"stages[0].sections[1].type", "Etapa de llano: no admite puertos; el puerto 1 es de cuarta categoría"},
		{"a baja montaña with a 2nd-category climb", body("ciclismo-a-fondo", 5, caf, false,
			obj{"type": "flat", "sections": []obj{bookSec("flat", 160)}, "sprints": sprintsAt(30)},
			obj{"type": "low", "sections": []obj{bookSec("flat", 60), bookSec("climb_second", 6), bookSec("descent_medium", 6), bookSec("flat", 90)}, "sprints": sprintsAt(30)}),
			"stages[1].sections[1].type", "Etapa de baja montaña: solo admite puertos de tercera categoría, cuarta categoría o repecho; el puerto 1 es de segunda categoría"},
		{"a 162 km contrarreloj with a climb and a sprint", body("ciclismo-a-fondo", 5, caf, false,
			obj{"type": "itt", "sections": []obj{bookSec("flat", 150), bookSec("climb_fourth", 4), bookSec("flat", 8)}, "sprints": sprintsAt(20)}),
			"stages[0].sprints[0].at", "Contrarreloj individual: sin metas volantes; esta tiene 1"},
		{"a cronoescalada up a 1st-category climb", body("ciclismo-a-fondo", 5, caf, false,
			obj{"type": "mountain_itt", "sections": []obj{bookSec("flat", 12), bookSec("climb_first", 9)}}),
			"stages[0].sections[1].type", "Cronoescalada: solo admite puertos de tercera categoría o cuarta categoría; el puerto 1 es de primera categoría"},
		{"a Cycling Party flat stage of four sprints", body("cycling-party", 5, cp, false,
			obj{"type": "flat", "length": 200, "climbs": []obj{climb("hill", 40, 42), climb("third", 80, 87), climb("hill", 120, 122)}, "sprints": sprintsAt(20, 60, 100, 140)}),
			"stages[0].sprints", "Llano: 5 metas volantes; esta tiene 4"},
		{"a Cycling Party high stage with a third", body("cycling-party", 5, cp, false,
			obj{"type": "high", "length": 180, "climbs": []obj{climb("third", 20, 27), climb("first", 50, 73), climb("hors", 90, 121), climb("hors", 149, 180)}, "sprints": sprintsAt(10, 80, 135)}),
			"stages[0].climbs[0].category", "Alta montaña: solo admite puertos de segunda categoría, primera categoría o categoría especial; el puerto 1 es de tercera categoría"},
		{"a TV card in the basic game", body("2ruote", 5, ruote, false,
			obj{"type": "flat", "cards": []string{p, p, "tv", p, p, p, p, p, p, p, p}}),
			"stages[0].cards[2]", "TV es una carta del juego avanzado"},
		{"a mountain card on a flat stage", body("2ruote", 5, ruote, true,
			obj{"type": "flat", "cards": []string{p, p, m, p, p, p, p, p, p, p}}),
			"stages[0].cards[2]", "Etapa de llano: solo cartas de Llano o Colina; la carta 3 es Montaña"},
	} {
		e := refusedUnchanged(t, ta, tc.what, http.MethodPost, "/api/v1/tours?lang=es", tc.body, http.StatusUnprocessableEntity, "validation", tc.field)
		if got := e.Error.Fields[tc.field]; got != tc.es {
			t.Errorf("%s: %s = %q, want %q", tc.what, tc.field, got, tc.es)
		}
	}
	// The same rule in Italian and in English.
	llano := body("ciclismo-a-fondo", 5, caf, false,
		obj{"type": "flat", "sections": []obj{bookSec("flat", 60), bookSec("climb_fourth", 3), bookSec("flat", 100)}, "sprints": sprintsAt(30)})
	for lang, want := range map[string]string{"it": "Tappa di pianura: nessuna salita; la salita 1 è quarta categoria",
		"en": "Flat stage: no climbs; climb 1 is fourth category"} {
		e := refusedUnchanged(t, ta, "a llano with a climb in "+lang, http.MethodPost, "/api/v1/tours?lang="+lang, llano, http.StatusUnprocessableEntity, "validation")
		if got := e.Error.Fields["stages[0].sections[1].type"]; got != want {
			t.Errorf("in %s the reason is %q, want %q", lang, got, want)
		}
	}
	// A 5 km section sent as a medium time trial is the short one its length makes it.
	tour := createTour(t, ta, body("ciclismo-a-fondo", 5, caf, false, obj{"type": "itt", "sections": []obj{bookSec("itt_medium", 5)}}))
	stage := decode[store.StageView](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/stages/1", tour.ID), nil, http.StatusOK))
	if len(stage.Sections) != 1 || stage.Sections[0].Type != "itt_short" || stage.Length != 20 {
		t.Errorf("a 5 km time trial sent as itt_medium = %+v, length %d; want itt_short, 20 squares", stage.Sections, stage.Length)
	}
}

// TestWizardRefusesAStageByTheBook shows the rule beside the stage in the wizard and keeps the director
// on the stages step until the stage keeps to it.
func TestWizardRefusesAStageByTheBook(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	points := wizardCharacteristics(t, ta, map[string][]string{"ruleset": {"cycling-party"}, "name": {"Vuelta"}, "stages": {"1"}, "profile": {"classic"}, "riders_per_team": {"5"}})
	wantStep(t, points, http.StatusOK, "New tour — points")
	stages := wizardSubmit(t, ta, points, "next", nil)
	wantStep(t, stages, http.StatusOK, "New tour — stages")
	typ := stages.get("stages[0].type")
	if typ != "low" && typ != "medium" {
		t.Fatalf("a classic proposal has a %q stage, want low or medium", typ)
	}
	// Made a flat stage, its second (low) or first (medium) category climb breaks the type's categories,
	// and its sprints the flat stage's five.
	hard := -1
	for j := 0; stages.get(fmt.Sprintf("stages[0].climbs[%d].category", j)) != "" && hard < 0; j++ {
		if c := stages.get(fmt.Sprintf("stages[0].climbs[%d].category", j)); c != "hill" && c != "third" {
			hard = j
		}
	}
	if hard < 0 {
		t.Fatalf("the %s stage has no climb harder than a third", typ)
	}
	refused := wizardSubmit(t, ta, stages, "next", map[string][]string{"stages[0].type": {"flat"}})
	wantStep(t, refused, http.StatusUnprocessableEntity, "New tour — stages")
	wantBeside(t, refused, fmt.Sprintf("stages[0].climbs[%d].category", hard), "Flat: only climbs of hill or third category; climb")
	if !strings.Contains(refused.body, "Flat: 5 intermediate sprints; this one has") {
		t.Errorf("the flat stage does not say it has five intermediate sprints; %s", errorsOf(refused.body))
	}
	// Back to its own type, the stage goes on to the teams.
	teams := wizardSubmit(t, ta, refused, "next", map[string][]string{"stages[0].type": {typ}})
	wantStep(t, teams, http.StatusOK, "New tour — teams")
}

// TestOldTourKeepsItsStages restores a tour stored before the stage review held stages to the book (a
// llano with a 4th-category climb) and races it: its stages are not reviewed again.
func TestOldTourKeepsItsStages(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "ciclismo-a-fondo", 5, cafRaceStages(), cafRaceTeams(t, ta), false)
	old := mutate(t, backupOf(t, r), func(b map[string]any) {
		path(b, "stages", 0, "stage").(map[string]any)["type"] = "flat" // stage 1 was a llano with its 4th-category climb
		delete(b["ruleset"].(map[string]any), "stages_by_the_book")
	})
	rec := importMultipart(t, ta, "old.racedirector.json", old)
	if rec.Code != http.StatusCreated {
		t.Fatalf("the old tour's import = %d, want 201; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	restored := raceRun{ta: ta, id: decode[store.TourView](t, rec).ID}
	stage, _ := restored.stage(t, 1)
	if stage.Type != "flat" || len(stage.Climbs) != 1 {
		t.Fatalf("the old tour's stage 1 = %s with %d climbs, want the llano with its climb", stage.Type, len(stage.Climbs))
	}
	restored.order(t, 1, "climbs", 1, 13, 23)
	restored.order(t, 1, "sprints", 1, 14, 24)
	restored.finish(t, 1, turnGroup(40, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34, 35))
	restored.close(t, 1)
	if s := restored.standings(t, 0); len(s.Mountain) == 0 || s.Mountain[0].Bib != 13 {
		t.Errorf("the old tour's mountain classification = %+v, want bib 13 first", s.Mountain)
	}
}
