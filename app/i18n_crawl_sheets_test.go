package app_test

// Issue 27's words on paper: every control sheet of a raced tour of each game, printed in Spanish and
// in Italian (the PDF read back with pdftotext, the workbook's cells), holds no English word of the
// catalogues' vocabulary (i18ntest) and no id where a word belongs (a stage type's "ttt", "hilly").

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"racedirector/app/i18n/i18ntest"
	"racedirector/app/race"
	"racedirector/data"
)

// englishVocabulary is the catalogues' English words a Spanish or Italian text must not hold.
func englishVocabulary(t *testing.T) *i18ntest.Vocabulary {
	t.Helper()
	v, err := i18ntest.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// typeIDs are the stage types' ids of every ruleset that differ from their names: one of them in a
// sheet's stage line is an id printed instead of its word.
func typeIDs(t *testing.T) []string {
	t.Helper()
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, rs := range rulesets {
		for _, st := range rs.StageTypes {
			if strings.EqualFold(st.Name, st.ID) || strings.EqualFold(st.NameIn("en"), st.ID) {
				continue
			}
			ids = append(ids, st.ID)
		}
	}
	return ids
}

// sheetWords is what a sheet says: the PDF's text, or every cell of the workbook.
func sheetWords(t *testing.T, ta *testApp, target string) (string, bool) {
	t.Helper()
	rec := ta.serve(t, httptest.NewRequest(http.MethodGet, target, nil), false)
	if rec.Code != http.StatusOK {
		return "", false // a sheet the stage cannot have yet (its own tests read the refusal)
	}
	if strings.Contains(target, ".pdf") {
		return pdfToText(t, rec.Body.Bytes()), true
	}
	book, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatalf("%s does not open: %v", target, err)
	}
	cells := book.GetSheetList()
	for _, name := range book.GetSheetList() {
		rows, _ := book.GetRows(name)
		for _, row := range rows {
			cells = append(cells, row...)
		}
	}
	return strings.Join(cells, " | "), true
}

// crawlSheets prints every sheet of each raced tour of w in Spanish and Italian, after stage 1, and
// fails naming the sheet and the English words it holds (names typed by the players are theirs); and
// in every language, the stage types' ids printed where their names belong.
func crawlSheets(t *testing.T, ta *testApp, w *robustWorld, theirs []string) {
	t.Helper()
	vocabulary := englishVocabulary(t)
	ids := typeIDs(t)
	found := map[string][]string{}
	read := 0
	for _, tour := range w.tours {
		if !tour.Raced {
			continue
		}
		for _, sh := range tour.Sheets {
			for _, format := range []string{"pdf", "xlsx"} {
				for _, lang := range []string{"en", "es", "it"} {
					target := fmt.Sprintf("/api/v1/tours/%d/sheets/%s.%s?stage=1&lang=%s", tour.ID, sh, format, lang)
					text, ok := sheetWords(t, ta, target)
					if !ok {
						continue
					}
					read++
					for _, name := range theirs {
						text = strings.ReplaceAll(text, name, " ")
					}
					if lang != "en" {
						found[target] = append(found[target], vocabulary.EnglishIn(text, lang)...)
					}
					for _, id := range ids {
						if strings.Contains(text, "— "+id+",") { // the stage line: "Stage 3 of 7 — High mountains, 172 km"
							found[target] = append(found[target], "the stage type id "+id)
						}
					}
				}
			}
		}
	}
	if read < 40 {
		t.Errorf("the crawl read %d sheets, want every sheet of every game", read)
	}
	targets := make([]string, 0, len(found))
	for target := range found {
		targets = append(targets, target)
	}
	sort.Strings(targets)
	for _, target := range targets {
		if words := dedupe(found[target]); len(words) > 0 {
			if len(words) > 8 {
				words = append(words[:8], "…")
			}
			t.Errorf("sheet %s shows English: %s", target, strings.Join(words, ", "))
		}
	}
}
