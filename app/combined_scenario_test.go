package app_test

// The combined classification (a tour setting, every game): off by default; turned on and off by the
// API and the classifications page; a bad value refused; its rows in the standings JSON, its sheet
// (PDF and XLSX read back), its TV view and leader, its page table in three languages.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"racedirector/app/race"
	"racedirector/app/store"
)

// wantCombinedSums checks that the combined rows are the riders ranked in the general, points and
// mountain classifications, ordered by their sum of places, ties by the general place.
func wantCombinedSums(t *testing.T, s race.Standings) {
	t.Helper()
	place := map[string]map[int]int{"gc": {}, "points": {}, "mountain": {}}
	for _, r := range s.Individual {
		place["gc"][r.Bib] = r.Rank
	}
	for _, r := range s.Regularity {
		place["points"][r.Bib] = r.Rank
	}
	for _, r := range s.Mountain {
		place["mountain"][r.Bib] = r.Rank
	}
	var want []race.PointsRow
	for _, r := range s.Individual {
		p, m := place["points"][r.Bib], place["mountain"][r.Bib]
		if p > 0 && m > 0 {
			want = append(want, race.PointsRow{Bib: r.Bib, Points: r.Rank + p + m})
		}
	}
	slices.SortStableFunc(want, func(a, b race.PointsRow) int {
		if a.Points != b.Points {
			return a.Points - b.Points
		}
		return place["gc"][a.Bib] - place["gc"][b.Bib]
	})
	if len(want) == 0 || len(s.Combined) != len(want) {
		t.Fatalf("combined = %+v, want %d rows %+v", s.Combined, len(want), want)
	}
	for i, w := range want {
		if g := s.Combined[i]; g.Rank != i+1 || g.Bib != w.Bib || g.Points != w.Points || g.Name == "" || g.Team == "" {
			t.Errorf("combined row %d = %+v, want rank %d bib %d with %d places, a name and a team", i, g, i+1, w.Bib, w.Points)
		}
	}
	if s.Leaders[race.ClassCombined] != want[0].Bib {
		t.Errorf("combined leader = %d, want %d", s.Leaders[race.ClassCombined], want[0].Bib)
	}
}

func TestCombinedClassification(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tt := newTVTour(t, ta, "cycling-party")
	r := tt.r
	r.order(t, 1, "climbs", 2, 21, 12, 22)
	tt.finish(t, 1)
	r.close(t, 1)

	// Off by default: no "combined" in the standings, no sheet.
	if body := r.standingsJSON(t, 0); strings.Contains(body, `"combined"`) {
		t.Errorf("a tour without the setting has a combined classification: %s", clip(body))
	}
	r.refused(t, "the combined sheet of a tour without it", http.MethodGet, "/sheets/combined.pdf", nil, http.StatusNotFound, "not_found")

	// A bad value is refused, naming what is wrong; nothing changes.
	for _, bad := range []any{"yes", 1, map[string]any{}} {
		e := r.refused(t, "combined: a value that is not true or false", http.MethodPut, "/settings", map[string]any{"combined": bad}, http.StatusBadRequest, "bad_request")
		if !strings.Contains(e.Error.Message, "combined") {
			t.Errorf("the refusal of combined=%v does not name the setting: %q", bad, e.Error.Message)
		}
	}

	// On through the API.
	tour := decode[store.TourView](t, r.ok(t, http.MethodPut, "/settings", map[string]any{"combined": true}))
	if !tour.Settings.Combined {
		t.Fatalf("PUT settings {combined: true} answered settings %+v", tour.Settings)
	}
	s := r.standings(t, 0)
	wantCombinedSums(t, s)
	if s.Combined[0].Bib != 12 || s.Combined[0].Points != 6 {
		t.Errorf("combined leader = %+v, want bib 12 with 2+2+2 = 6 places", s.Combined[0])
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(r.standingsJSON(t, 0)), &raw); err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal(raw["combined"], &rows); err != nil || len(rows) == 0 {
		t.Fatalf("standings JSON combined = %s (%v)", raw["combined"], err)
	}
	for _, k := range []string{"rank", "bib", "points", "name", "team"} {
		if _, ok := rows[0][k]; !ok {
			t.Errorf("a combined row lacks %q: %v", k, rows[0])
		}
	}

	// Its sheet, PDF and XLSX.
	name := tt.riderName(t, 12)
	pdf := pdfToText(t, r.ok(t, http.MethodGet, "/sheets/combined.pdf", nil).Body.Bytes())
	for _, want := range []string{"Combined control", "White jersey", name, "Places"} {
		if !strings.Contains(pdf, want) {
			t.Errorf("the combined sheet (PDF) lacks %q:\n%s", want, clip(pdf))
		}
	}
	book, err := excelize.OpenReader(bytes.NewReader(r.ok(t, http.MethodGet, "/sheets/combined.xlsx", nil).Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	cells, err := book.GetRows(book.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, row := range cells {
		if len(row) >= 3 && row[0] == "1" && row[1] == "12" && row[len(row)-1] == "6" {
			found = true
		}
	}
	if !found {
		t.Errorf("the combined sheet (XLSX) has no line 1 · bib 12 · … · 6 places: %v", cells)
	}

	// The TV: its view and its leader in the white jersey.
	body := tvPage(t, ta, "/follow/"+tt.code+"/tv", tt.code)
	if v := tvSection(body, "combined"); !strings.Contains(v, name) || !strings.Contains(v, "Places") || !strings.Contains(v, "data-rotate") {
		t.Errorf("the TV's combined view lacks its leader %s:\n%s", name, clip(v))
	}
	if l := tvSection(body, "leaders"); !strings.Contains(l, "White jersey") || !strings.Contains(l, "Combined") {
		t.Errorf("the TV's leaders lack the combined's white jersey:\n%s", clip(l))
	}

	// The classifications page, in three languages.
	for lang, words := range map[string][]string{"en": {"Combined", "White jersey"}, "es": {"Combinada", "Maillot blanco", "Puestos"}, "it": {"Combinata", "Maglia bianca", "Posti"}} {
		page := r.getPage(t, "/classifications?lang="+lang, http.StatusOK)
		for _, w := range append(words, `id="c-combined"`, name) {
			if !strings.Contains(page, w) {
				t.Errorf("the classifications page (%s) lacks %q", lang, w)
			}
		}
	}

	// Off from the page; a bad value from the page is refused.
	r.refusedPage(t, "combined=maybe on the page", "/settings/combined", url.Values{"combined": {"maybe"}}, http.StatusUnprocessableEntity, "is neither on nor off")
	if flash := r.post(t, "/settings/combined", url.Values{}, "/classifications"); !strings.Contains(flash, "no longer counted") {
		t.Errorf("turning the combined off says %q", flash)
	}
	if s := r.standings(t, 0); len(s.Combined) != 0 || s.Leaders[race.ClassCombined] != 0 {
		t.Errorf("after turning it off the standings keep a combined classification: %+v", s.Combined)
	}
	r.refused(t, "the combined sheet once it is off", http.MethodGet, "/sheets/combined.xlsx", nil, http.StatusNotFound, "not_found")
	if flash := r.post(t, "/settings/combined", url.Values{"combined": {"on"}}, "/classifications"); !strings.Contains(flash, "is counted") {
		t.Errorf("turning the combined on says %q", flash)
	}
	if !r.tourView(t).Settings.Combined {
		t.Error("the page's switch did not turn the combined on")
	}
	if tour := r.tourView(t); tour.Settings.YouthBornFrom != "" {
		t.Errorf("the page's switch changed another setting: %+v", tour.Settings)
	}
}
