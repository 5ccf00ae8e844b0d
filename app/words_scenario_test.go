package app_test

// Issue 27's words: a reason the app writes itself and stores (a second crash's abandonment) is kept
// as its stable English key and said in the reader's language on every page, the TV, the story and
// the sheets; the API keeps the key and says its notice in the asker's language.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestSecondCrashInTheReadersLanguage races a Ciclismo a fondo stage in which bib 34 crashes twice
// (docs/rules.md §2.6) and reads his abandonment's reason in Spanish and Italian everywhere it is shown.
func TestSecondCrashInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "ciclismo-a-fondo", 5, cafRaceStages(), cafRaceTeams(t, ta), false)
	r.ok(t, http.MethodPost, "/stages/1/lost_turns", obj{"bib": 34, "turns": 1, "reason": "crash"})
	second := r.ok(t, http.MethodPost, "/stages/1/lost_turns?lang=es", obj{"bib": 34, "turns": 2, "reason": "crash"})
	var ans struct {
		Notice string `json:"notice"`
	}
	if err := json.Unmarshal(second.Body.Bytes(), &ans); err != nil || ans.Notice != "segunda caída: el dorsal 34 abandona la carrera" {
		t.Errorf("the notice in Spanish = %q (%v)", ans.Notice, err)
	}
	r.finish(t, 1, turnGroup(40, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 35))
	if v, _ := r.stage(t, 1); len(v.Results.Abandons) != 1 || v.Results.Abandons[0].Reason != "second crash in the stage" {
		t.Fatalf("abandons kept = %+v, want bib 34's with the stable key", v.Results.Abandons)
	}
	words := map[string]string{"es": "segunda caída en la etapa", "it": "seconda caduta nella tappa"}
	says := func(pages ...string) {
		t.Helper()
		for lang, want := range words {
			for _, p := range pages {
				page := getWith(t, ta, p+"?lang="+lang, "").Body.String()
				if !strings.Contains(page, want) || strings.Contains(page, "second crash") {
					t.Errorf("%s %s does not say %q (or says it in English)", lang, p, want)
				}
			}
		}
	}
	code := r.followCode(t)
	says("/follow/"+code, "/follow/"+code+"/tv") // the stage being raced
	r.close(t, 1)
	says(r.pagePath("/stages/1"), r.pagePath("/classifications"), r.pagePath("/riders"), r.pagePath("/story"), "/follow/"+code+"/story")
	for lang, want := range words {
		sheet := r.url("/sheets/result.pdf?stage=1&lang=%s", lang)
		if text := pdfToText(t, getWith(t, ta, sheet, "").Body.Bytes()); !strings.Contains(text, want) || strings.Contains(text, "second crash") {
			t.Errorf("%s result sheet (PDF) does not say %q: %s", lang, want, clip(text))
		}
		book, err := excelize.OpenReader(bytes.NewReader(getWith(t, ta, r.url("/sheets/result.xlsx?stage=1&lang=%s", lang), "").Body.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		var cells []string
		for _, name := range book.GetSheetList() {
			rows, _ := book.GetRows(name)
			for _, row := range rows {
				cells = append(cells, row...)
			}
		}
		if all := strings.Join(cells, " | "); !strings.Contains(all, want) || strings.Contains(all, "second crash") {
			t.Errorf("%s result sheet (XLSX) does not say %q: %s", lang, want, clip(all))
		}
	}
}
