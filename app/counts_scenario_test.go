package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestCountsInWordsOnThePages checks that the messages a director reads after saving count in
// words that fit the number ("1 rider", never "1 riders"), and that a stale or tampered finish upload
// says what to do in players' words, not the form's field name.
func TestCountsInWordsOnThePages(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	ruote := createRaceTour(t, ta, "2ruote", 5, ruoteRaceStages(), ruoteRaceTeams(t, ta), true)
	if got := ruote.post(t, "/stages/1/fatigue", url.Values{"fatigue_11": {"3"}, "_version": {ruote.version(t, 1)}}, "/stages/1/advantages"); got != "Fatigue of 1 rider saved." {
		t.Errorf("fatigue of one rider: flash %q, want \"Fatigue of 1 rider saved.\"", got)
	}
	if got := ruote.post(t, "/stages/1/finish", url.Values{"g_sector": {"0"}, "g_riders": {"21"}, "_version": {ruote.version(t, 1)}}, "/stages/1"); got != "Finish saved: 1 group, 1 rider." {
		t.Errorf("finish of one rider: flash %q, want \"Finish saved: 1 group, 1 rider.\"", got)
	}
	history := ruote.getPage(t, "/stages/1/history", http.StatusOK)
	if !strings.Contains(history, "Finish: 1 group, 1 rider") || !strings.Contains(history, "Fatigue of 1 rider") {
		t.Errorf("history does not count in words (want \"Finish: 1 group, 1 rider\" and \"Fatigue of 1 rider\"):\n%s", clip(history))
	}

	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	stages := []map[string]any{{"type": "flat", "length": 180, "climbs": []map[string]any{}, "sprints": sprintsAt(90)}}
	road := createRaceTour(t, ta, "uci-road", 6, stages, []uint{rojo.ID, azul.ID}, false)
	csv := []byte("bib,time\n21,4:24:44\n")
	rec := ta.upload(t, road.pagePath("/stages/1/finish.csv"), "stage1.csv", csv, url.Values{"_version": {"0"}}, true)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("finish upload = %d, want 303; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	page := ta.do(t, http.MethodGet, road.pagePath("/stages/1"), nil).Body.String()
	if want := "Finish saved from stage1.csv: 1 rider."; !strings.Contains(page, want) {
		t.Errorf("stage screen after a one-rider upload lacks %q", want)
	}
	rec = ta.upload(t, road.pagePath("/stages/1/finish.csv"), "stage1.csv", csv, url.Values{"_version": {"seven"}}, true)
	body := rec.Body.String()
	if rec.Code != http.StatusBadRequest || strings.Contains(body, "_version") || !strings.Contains(body, "reload the page") {
		t.Errorf("upload with a tampered version = %d, want 400 saying to reload the page without naming _version; body:\n%s", rec.Code, clip(body))
	}
}

// TestImportCountsMoreProblemsInWords checks the one-line summary of a refused roster import: a
// second problem is "(and 1 more problem)".
func TestImportCountsMoreProblemsInWords(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	csv := "team,short,color,number,name,role\nNuevo,NUE,#123456,1,Uno,captain\nNuevo,NUE,#123456,2,Dos,boss\n"
	rec := ta.upload(t, "/api/v1/teams/import", "teams.csv", []byte(csv), nil, false)
	body := rec.Body.String()
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(body, "(and 1 more problem)") {
		t.Errorf("import of two bad rows = %d, want 422 with \"(and 1 more problem)\"; body:\n%s", rec.Code, clip(body))
	}
}

// TestOneOtherRiderWithoutARoleInWords checks the tour refusal for two riders without a role in the
// tour's game: the second is "1 other rider … has", never "1 other riders … have".
func TestOneOtherRiderWithoutARoleInWords(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	var ids []uint
	for _, name := range []string{"Uno", "Dos"} {
		riders := cafRiders(name, "JF", "TT", "ES", "RO", "SP", "CR")
		if name == "Dos" {
			riders[4]["role"], riders[5]["role"] = "mountain_domestique", "lanterne_rouge"
		}
		ids = append(ids, addTeam(t, ta, name, strings.ToUpper(name[:3]), riders))
	}
	caf := propose(t, ta, map[string]any{"ruleset": "ciclismo-a-fondo", "name": "Vuelta", "stages": 2, "profile": "medium", "riders_per_team": 6, "seed": 3})
	e := refusedUnchanged(t, ta, "2 riders without a Ciclismo a fondo role", http.MethodPost, "/api/v1/tours", createBody(caf, ids...),
		http.StatusUnprocessableEntity, "validation", "teams[1].riders[4].role")
	msg := e.Error.Fields["teams[1].riders[4].role"]
	if want := "; 1 other rider (of Dos) has no Ciclismo a fondo role either: give each one"; !strings.Contains(msg, want) {
		t.Errorf("refusal %q does not say %q", msg, want)
	}
}

// TestCloseRefusalCountsInWords checks the API's refusal to close a stage with one thing missing:
// "1 thing is missing", never "1 things are missing".
func TestCloseRefusalCountsInWords(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	stages := []map[string]any{{"type": "flat", "length": 180, "climbs": []map[string]any{}, "sprints": sprintsAt(90)}}
	road := createRaceTour(t, ta, "uci-road", 1, stages, []uint{rojo.ID, azul.ID}, false)
	road.ok(t, http.MethodPut, "/stages/1/finish", map[string]any{"results": []map[string]any{{"bib": 11, "time": "4:00:00"}}})
	rec := ta.do(t, http.MethodPost, road.url("/stages/%d/close", 1), nil)
	if body := rec.Body.String(); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(body, "1 thing is missing") {
		t.Errorf("closing with one rider missing = %d %s, want 422 saying \"1 thing is missing\"", rec.Code, clip(body))
	}
}
