package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// finishPreviewAnswer is the JSON of GET /tours/{id}/stages/{n}/finish/preview.
type finishPreviewAnswer struct {
	Model  string `json:"model"`
	Groups []struct {
		Group   int    `json:"group"`
		Kind    string `json:"kind"`
		Text    string `json:"text"`
		Seconds *int   `json:"seconds"`
		Turn    *int   `json:"turn"`
	} `json:"groups"`
}

// previewRows is a finish form's rows as the page sends them: each field repeated once a row.
func previewRows(fields map[string][]string) string {
	v := url.Values{}
	for name, values := range fields {
		v["g_"+name] = values
	}
	return v.Encode()
}

// askPreview sends the finish preview of stage n with query q in lang; it returns the answer.
func askPreview(t *testing.T, r raceRun, n int, q, lang string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, r.pagePath("/stages/%d/finish/preview?%s", n, q), nil)
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	return r.ta.serve(t, req, true)
}

// previewed reads a preview that must be answered, as "kind text seconds|turn" per row.
func previewed(t *testing.T, rec *httptest.ResponseRecorder, model string) []string {
	t.Helper()
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("preview = %d %s, want 200 JSON; body:\n%s", rec.Code, rec.Header().Get("Content-Type"), clip(rec.Body.String()))
	}
	var a finishPreviewAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
		t.Fatalf("preview answer: %v\n%s", err, clip(rec.Body.String()))
	}
	if a.Model != model {
		t.Errorf("preview model = %q, want %q", a.Model, model)
	}
	out := make([]string, len(a.Groups))
	for i, g := range a.Groups {
		if g.Group != i+1 {
			t.Errorf("preview row %d is numbered %d", i+1, g.Group)
		}
		out[i] = g.Kind + " " + g.Text
		if g.Seconds != nil {
			out[i] += fmt.Sprintf(" %ds", *g.Seconds)
		}
		if g.Turn != nil {
			out[i] += fmt.Sprintf(" t%d", *g.Turn)
		}
	}
	return out
}

// refusedPreview checks a preview refused with status, its error naming field (when given), as JSON.
func refusedPreview(t *testing.T, what string, rec *httptest.ResponseRecorder, status int, field string) {
	t.Helper()
	var e apiError
	if rec.Code != status || json.Unmarshal(rec.Body.Bytes(), &e) != nil || e.Error.Message == "" {
		t.Errorf("%s: preview = %d, want %d with a JSON error; body:\n%s", what, rec.Code, status, clip(rec.Body.String()))
		return
	}
	if field != "" && e.Error.Fields[field] == "" {
		t.Errorf("%s: preview refusal names %v, want %s", what, e.Error.Fields, field)
	}
}

// TestFinishPreview asks the stage screen's finish preview in each time model: each row's time as
// typed (the engine's, in the viewer's language), the leading sector, nothing for a number missing or
// refused; and the refusals of a hostile question — too many rows, a number too large, a form that
// cannot be read, a stage that does not exist, groups for the clock model — as JSON naming the field,
// with nothing stored.
func TestFinishPreview(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul, verde := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul"), teamNamed(t, ta, "Verde")
	cp := createRaceTour(t, ta, "cycling-party", 5, cpRaceStages(), []uint{rojo.ID, azul.ID, verde.ID}, false)
	caf := createRaceTour(t, ta, "ciclismo-a-fondo", 5, cafRaceStages(), cafRaceTeams(t, ta), false)
	ruote := createRaceTour(t, ta, "2ruote", 5, ruoteRaceStages(), ruoteRaceTeams(t, ta), true)
	road := createRaceTour(t, ta, "uci-road", 6, []map[string]any{{"type": "flat", "length": 180, "climbs": []map[string]any{}, "sprints": sprintsAt(90)}}, []uint{rojo.ID, azul.ID}, false)
	before := ta.snapshot(t)

	check := func(what string, got, want []string) {
		t.Helper()
		if strings.Join(got, " | ") != strings.Join(want, " | ") {
			t.Errorf("%s:\n got %q\nwant %q", what, got, want)
		}
	}
	// docs/rules.md §1.8: square 7 with a 3 is 28 s; one turn behind on square 1 with a 3, 118 s; a
	// square of 13 (refused by the save) and an empty row preview nothing.
	cpRows := previewRows(map[string][]string{"turn": {"0", "0", "1", "", "x"}, "square": {"7", "13", "1", "", "1"}, "die": {"3", "3", "3", "", "3"}, "riders": {"22 12", "11", "", "", ""}})
	check("Cycling Party", previewed(t, askPreview(t, cp, 1, cpRows, ""), "cycling-party"), []string{"time 0:28 28s", "none ", "time 1:58 118s", "none ", "none "})
	check("Cycling Party, no rows", previewed(t, askPreview(t, cp, 1, "", ""), "cycling-party"), nil)
	check("Cycling Party, a later stage", previewed(t, askPreview(t, cp, 3, cpRows, ""), "cycling-party"), []string{"time 0:28 28s", "none ", "time 1:58 118s", "none ", "none "})

	// docs/rules.md §2.4: the turn, from 1, in the viewer's language.
	cafRows := previewRows(map[string][]string{"turn": {"23", "0", "-", "24"}, "riders": {"11 21", "12", "13", ""}})
	check("Ciclismo a fondo", previewed(t, askPreview(t, caf, 1, cafRows, ""), "turns"), []string{"turn turn 23 t23", "none ", "none ", "turn turn 24 t24"})
	check("Ciclismo a fondo in Spanish", previewed(t, askPreview(t, caf, 1, cafRows, "es"), "turns"), []string{"turn turno 23 t23", "none ", "none ", "turn turno 24 t24"})

	// docs/rules.md §3.3: the highest sector with riders leads; 30 s a sector behind it; a sector
	// without riders, or out of −9…+9, leads nothing.
	ruoteRows := previewRows(map[string][]string{"sector": {"2", "0", "-1", "5", "12", "-"}, "riders": {"11", "12", "13", "", "14", "15"}})
	check("2RUOTE", previewed(t, askPreview(t, ruote, 1, ruoteRows, ""), "sectors"), []string{"leading leading sector 0s", "behind +1:00 60s", "behind +1:30 90s", "none ", "none ", "none "})
	check("2RUOTE in Italian", previewed(t, askPreview(t, ruote, 1, ruoteRows, "it"), "sectors")[:1], []string{"leading settore di testa 0s"})

	// uci-road enters its finish as a file of times: no group to preview, and a group typed is the
	// save's refusal.
	check("uci-road, no rows", previewed(t, askPreview(t, road, 1, previewRows(map[string][]string{"turn": {""}, "riders": {""}}), ""), "clock"), []string{"none "})
	refusedPreview(t, "a group for the clock model", askPreview(t, road, 1, previewRows(map[string][]string{"turn": {"1"}, "riders": {"11"}}), ""), http.StatusUnprocessableEntity, "groups")

	// Hostile questions.
	many := make([]string, 10000)
	for i := range many {
		many[i] = "1"
	}
	refusedPreview(t, "10,000 rows", askPreview(t, cp, 1, previewRows(map[string][]string{"turn": many}), ""), http.StatusUnprocessableEntity, "groups")
	huge := previewRows(map[string][]string{"turn": {"", "99999999999999999999999"}, "square": {"", "1"}, "die": {"", "1"}, "riders": {"", "11"}})
	refusedPreview(t, "a turn too large to be a number", askPreview(t, cp, 1, huge, ""), http.StatusUnprocessableEntity, "groups[0].turn")
	rec := askPreview(t, cp, 1, huge, "es")
	if !strings.Contains(rec.Body.String(), "demasiado grande") {
		t.Errorf("a number too large, in Spanish: %s", clip(rec.Body.String()))
	}
	check("a turn large but a number", previewed(t, askPreview(t, cp, 1, previewRows(map[string][]string{"turn": {"9223372036854775807"}, "square": {"1"}, "die": {"1"}}), ""), "cycling-party"), []string{"none "})
	refusedPreview(t, "a sector too large", askPreview(t, ruote, 1, previewRows(map[string][]string{"sector": {"-" + strings.Repeat("9", 5000)}, "riders": {"11"}}), ""), http.StatusUnprocessableEntity, "groups[0].sector")
	refusedPreview(t, "a query that cannot be read", askPreview(t, cp, 1, "g_turn=%zz", ""), http.StatusBadRequest, "")
	refusedPreview(t, "stage 4 of 3", askPreview(t, cp, 4, cpRows, ""), http.StatusNotFound, "")
	refusedPreview(t, "stage abc", r0Preview(t, cp, "abc"), http.StatusNotFound, "")
	refusedPreview(t, "a tour that does not exist", r0Preview(t, raceRun{ta: ta, id: 99999}, "1"), http.StatusNotFound, "")
	check("100,000 bibs in a row", previewed(t, askPreview(t, cp, 1, previewRows(map[string][]string{"turn": {"0"}, "square": {"1"}, "die": {"6"}, "riders": {strings.Repeat("11 ", 100000)}}), ""), "cycling-party"), []string{"time 0:55 55s"})

	if after := ta.snapshot(t); after != before {
		t.Errorf("the previews changed the database:\n%s", diffLines(before, after))
	}

	// Without JavaScript a refused finish shows the times the engine previews beside its groups.
	page := cp.refusedPage(t, "a die of 7", "/stages/1/finish", url.Values{"g_turn": {"0", "0"}, "g_square": {"7", "3"}, "g_die": {"3", "7"}, "g_riders": {"22 12", "11"}, "_version": {cp.version(t, 1)}},
		http.StatusUnprocessableEntity, ">0:28</output>")
	if strings.Count(page, `data-part="time"`) < 2 {
		t.Errorf("the refused finish page has no time outputs")
	}
}

// r0Preview asks the preview of the stage named n (as typed in the address) with no rows.
func r0Preview(t *testing.T, r raceRun, n string) *httptest.ResponseRecorder {
	t.Helper()
	return r.ta.serve(t, httptest.NewRequest(http.MethodGet, fmt.Sprintf("/tours/%d/stages/%s/finish/preview", r.id, n), nil), true)
}
