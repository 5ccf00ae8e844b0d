package app_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// getWith GETs target with an Accept-Language header ("" for none), failing unless it answers 200.
func getWith(t *testing.T, ta *testApp, target, acceptLanguage string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	if acceptLanguage != "" {
		req.Header.Set("Accept-Language", acceptLanguage)
	}
	rec := ta.serve(t, req, true)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s (Accept-Language %q) = %d; body:\n%s", target, acceptLanguage, rec.Code, clip(rec.Body.String()))
	}
	return rec
}

// TestSheetsInTheLanguageAsked fetches the same sheets in English, Spanish and Italian — by ?lang= and
// by Accept-Language, in turns, so an answer kept for one language would show in another — and finds
// each in its language: the PDF's title and footer, the workbook's tab and column heads.
func TestSheetsInTheLanguageAsked(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	base := fmt.Sprintf("/api/v1/tours/%d/sheets/", tour.ID)
	type want struct{ title, page, tab, head string }
	words := map[string]want{
		"en": {"Stage sheet", "page 1 of", "S1 entry", "Rider"},
		"es": {"Hoja de etapa", "página 1 de", "E1 turnos", "Corredor"},
		"it": {"Foglio di tappa", "pagina 1 di", "T1 foglio di gara", "Corridore"},
	}
	asks := []struct{ lang, query, accept string }{
		{"en", "", ""}, {"es", "&lang=es", ""}, {"it", "&lang=it", ""}, {"en", "", ""},
		{"es", "", "es-ES,es;q=0.9"}, {"it", "", "it"}, {"en", "&lang=en", "it"}, {"it", "&lang=it", "es"}, {"es", "&lang=es", ""},
	}
	for i, a := range asks {
		w := words[a.lang]
		what := fmt.Sprintf("ask %d (%s%s, Accept-Language %q)", i+1, "?stage=1", a.query, a.accept)
		text := pdfToText(t, getWith(t, ta, base+"stage.pdf?stage=1"+a.query, a.accept).Body.Bytes())
		for _, s := range []string{w.title, w.page} {
			if !strings.Contains(text, s) {
				t.Errorf("%s: stage.pdf lacks %q: %s", what, s, clip(text))
			}
		}
		for lang, other := range words {
			if lang != a.lang && strings.Contains(text, other.title) {
				t.Errorf("%s: stage.pdf has the %s title %q", what, lang, other.title)
			}
		}
		rec := getWith(t, ta, base+"entry.xlsx?stage=1"+a.query, a.accept)
		f, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
		if err != nil {
			t.Fatalf("%s: entry.xlsx does not open: %v", what, err)
		}
		if got := f.GetSheetName(0); got != w.tab {
			t.Errorf("%s: entry.xlsx tab = %q, want %q", what, got, w.tab)
		}
		rows, _ := f.GetRows(f.GetSheetName(0)) // the first table's title, then its column heads
		if len(rows) < 2 || !strings.Contains(strings.Join(rows[1], "|"), w.head) {
			t.Errorf("%s: entry.xlsx heads = %v, want %q among them", what, rows[:min(2, len(rows))], w.head)
		}
	}
	list := getWith(t, ta, fmt.Sprintf("/api/v1/tours/%d/sheets?lang=it", tour.ID), "").Body.String()
	if !strings.Contains(list, `"title":"Foglio di tappa"`) || !strings.Contains(list, `"id":"stage"`) {
		t.Errorf("the sheet list in Italian = %s", clip(list))
	}
	rec := ta.serve(t, httptest.NewRequest(http.MethodGet, base+"effort.pdf?lang=es", nil), true)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "no tiene") {
		t.Errorf("a sheet the game lacks, in Spanish = %d %s", rec.Code, clip(rec.Body.String()))
	}
}

// TestSheetsPagePrintsInAnotherLanguage checks the sheets page's "Print the sheets in" choice: the
// screen stays in its language while the sheet links (their hidden lang field) and titles are in the
// language chosen, the screen's by default.
func TestSheetsPagePrintsInAnotherLanguage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	page := fmt.Sprintf("/tours/%d/sheets", tour.ID)
	cases := []struct {
		query, accept, screen, print, title string
	}{
		{"", "", "Print the sheets in", "en", "Stage sheet"},
		{"", "it", "Stampa i fogli in", "it", "Foglio di tappa"},
		{"?print=en", "it", "Stampa i fogli in", "en", "Stage sheet"},
		{"?print=es", "", "Print the sheets in", "es", "Hoja de etapa"},
		{"?print=xx", "es", "Imprimir las hojas en", "es", "Hoja de etapa"},
	}
	for _, c := range cases {
		body := getWith(t, ta, page+c.query, c.accept).Body.String()
		what := fmt.Sprintf("sheets page%s (Accept-Language %q)", c.query, c.accept)
		if !strings.Contains(body, c.screen) {
			t.Errorf("%s: no %q", what, c.screen)
		}
		if !strings.Contains(body, `<input type="hidden" name="lang" value="`+c.print+`">`) {
			t.Errorf("%s: the sheet forms do not print in %q", what, c.print)
		}
		if !strings.Contains(body, `<option value="`+c.print+`" lang="`+c.print+`" selected>`) {
			t.Errorf("%s: %q is not the language chosen", what, c.print)
		}
		if !strings.Contains(body, ">"+c.title+"<") {
			t.Errorf("%s: no sheet titled %q", what, c.title)
		}
		for _, name := range []string{"English", "Español", "Italiano"} {
			if !strings.Contains(body, ">"+name+"</option>") {
				t.Errorf("%s: no choice %q", what, name)
			}
		}
	}
}

// TestRosterRoundTripInSpanishAndItalian exports the teams in Spanish and in Italian (headers in that
// language) and imports each file into a fresh database, asked in English: nothing is lost.
func TestRosterRoundTripInSpanishAndItalian(t *testing.T) {
	t.Parallel()
	heads := map[string][]string{"es": {"equipo", "dorsal", "nombre"}, "it": {"squadra", "numero", "nome"}}
	for _, lang := range []string{"es", "it"} {
		for _, format := range []string{"xlsx", "csv"} {
			src := newTestApp(t)
			enrich(t, src)
			want := content(t, src)
			file := getWith(t, src, "/api/v1/teams/export."+format+"?lang="+lang, "").Body.Bytes()
			var header []string
			if format == "csv" {
				r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(file, []byte("\ufeff"))))
				header, _ = r.Read()
			} else if f, err := excelize.OpenReader(bytes.NewReader(file)); err == nil {
				rows, _ := f.GetRows(f.GetSheetName(0))
				if len(rows) > 0 {
					header = rows[0]
				}
			}
			for _, h := range heads[lang] {
				if !strings.Contains("|"+strings.Join(header, "|")+"|", "|"+h+"|") {
					t.Errorf("%s %s export header %v lacks %q", lang, format, header, h)
				}
			}
			dst := newTestApp(t)
			emptyDatabase(t, dst)
			rec := dst.upload(t, "/api/v1/teams/import", "roster."+format, file, nil, false)
			if rec.Code != http.StatusOK {
				t.Fatalf("importing the %s %s export = %d; body:\n%s", lang, format, rec.Code, clip(rec.Body.String()))
			}
			if ans := decode[importAnswer](t, rec); !ans.Stored || len(ans.Problems) != 0 {
				t.Errorf("%s %s import: stored=%v problems=%v", lang, format, ans.Stored, ans.Problems)
			}
			if got := content(t, dst); got != want {
				t.Errorf("after the %s %s round trip the database is\n%s\nwant\n%s", lang, format, got, want)
			}
		}
	}
}
