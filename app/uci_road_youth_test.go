package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"racedirector/app/race"
	"racedirector/app/store"
)

// youthTeams are two real-race teams whose riders carry dates of birth: with the cut-off 2001-01-01,
// bibs 12 (2003) and 21 (born on the cut-off itself) are young, 13 (unknown) is not.
func youthTeams(t *testing.T, ta *testApp) (uint, uint) {
	t.Helper()
	a := addTeam(t, ta, "Jeunesse", "JEU", []map[string]any{
		{"name": "Old One", "number": 1, "role": "leader", "born": "1990-02-03"},
		{"name": "Young Two", "number": 2, "role": "sprinter", "born": "2003-04-05"},
		{"name": "Unknown Three", "number": 3, "role": "rouleur"},
	})
	b := addTeam(t, ta, "Vétérans", "VET", []map[string]any{
		{"name": "Cut-off Four", "number": 1, "role": "leader", "born": "2001-01-01"},
		{"name": "Old Five", "number": 2, "role": "sprinter", "born": "2000-12-31"},
		{"name": "Old Six", "number": 3, "role": "rouleur", "born": "1985-05-05"},
	})
	return a, b
}

// youthTour creates a two-stage uci-road tour of the youth teams with the given settings (nil: none).
func youthTour(t *testing.T, ta *testApp, settings map[string]any) store.TourView {
	t.Helper()
	a, b := youthTeams(t, ta)
	body := createBody(propose(t, ta, proposalBody("uci-road", "medium", 2, 7)), a, b)
	body["riders_per_team"] = 3
	if settings != nil {
		body["settings"] = settings
	}
	return createTour(t, ta, body)
}

// clockFinish is a finish of clock times in seconds, in the order of arrival.
func clockFinish(times ...[2]int) map[string]any {
	var rows []map[string]any
	for _, bt := range times {
		rows = append(rows, map[string]any{"bib": bt[0], "time": race.FormatClockTime(100 * bt[1])})
	}
	return map[string]any{"results": rows}
}

// TestUCIRoadYoungRiders checks the young riders' classification through the API and the pages: dates
// of birth on database riders (a bad one refused by field, nothing stored), copied into the tour; the
// cut-off per tour (default 1 January of this year minus 25, or given, or changed later); the standings'
// "youth" list like "individual"; a tour rider's date of birth corrected; the white jersey on the
// classifications page and the riders page's forms.
func TestUCIRoadYoungRiders(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	refusedUnchanged(t, ta, "a rider born on 31 February", http.MethodPost, "/api/v1/teams",
		map[string]any{"name": "Bad", "short": "BAD", "color": "#123456", "riders": []map[string]any{{"name": "X", "number": 1, "role": "rider", "born": "2003-02-31"}}},
		http.StatusUnprocessableEntity, "validation", "riders[0].born")
	refusedUnchanged(t, ta, "a rider born in 1850", http.MethodPost, "/api/v1/riders",
		map[string]any{"team_id": getTeams(t, ta)[0].ID, "name": "Old", "number": 9, "role": "rider", "born": "1850-01-01"},
		http.StatusUnprocessableEntity, "validation", "born")

	// The default cut-off.
	def := youthTour(t, ta, nil)
	if want := fmt.Sprintf("%d-01-01", time.Now().Year()-25); def.Settings.YouthBornFrom != want {
		t.Errorf("default cut-off = %q, want %s (1 January of this year minus 25)", def.Settings.YouthBornFrom, want)
	}
	// A bad cut-off is refused by field; a good one is kept.
	a, b := teamNamed(t, ta, "Jeunesse").ID, teamNamed(t, ta, "Vétérans").ID
	bad := createBody(propose(t, ta, proposalBody("uci-road", "medium", 2, 7)), a, b)
	bad["riders_per_team"], bad["settings"] = 3, map[string]any{"youth_born_from": "01/01/2001"}
	refusedUnchanged(t, ta, "a cut-off written day first", http.MethodPost, "/api/v1/tours", bad, http.StatusUnprocessableEntity, "validation", "settings.youth_born_from")
	good := bad
	good["settings"] = map[string]any{"youth_born_from": "2001-01-01"}
	tour := createTour(t, ta, good)
	r := raceRun{ta: ta, id: tour.ID}
	born := map[int]string{}
	for _, tm := range tour.Teams {
		for _, rd := range tm.Riders {
			born[rd.Bib] = rd.Born
		}
	}
	if born[12] != "2003-04-05" || born[21] != "2001-01-01" || born[13] != "" {
		t.Fatalf("tour riders' dates of birth = %v, want the database's copied", born)
	}

	// Stage 1: 21 wins, 12 third; the young riders' classification follows the GC among them.
	r.ok(t, http.MethodPut, "/stages/1/finish", clockFinish([2]int{21, 15000}, [2]int{11, 15000}, [2]int{12, 15010}, [2]int{22, 15030}, [2]int{13, 15100}, [2]int{23, 15100}))
	r.close(t, 1)
	st := r.standings(t, 1)
	checkTimeRows(t, "young riders after stage 1", st.Youth, []tw{{21, 15000 - 10, 0}, {12, 15010 - 4, 16}})
	if st.Leaders[race.ClassYouth] != 21 {
		t.Errorf("young riders' leader = %d, want 21", st.Leaders[race.ClassYouth])
	}
	if !strings.Contains(r.standingsJSON(t, 1), `"youth":[{"rank":1,"bib":21`) {
		t.Errorf("standings JSON lacks the \"youth\" list: %s", clip(r.standingsJSON(t, 1)))
	}

	// The cut-off changed: only bib 12 (2003) is young now; a bad one is refused, naming the field.
	r.refused(t, "a cut-off of 30 February", http.MethodPut, "/settings", map[string]any{"youth_born_from": "2002-02-30"}, http.StatusUnprocessableEntity, "validation", "youth_born_from")
	r.refused(t, "an unknown setting", http.MethodPut, "/settings", map[string]any{"youth_age": 25}, http.StatusBadRequest, "bad_request")
	r.ok(t, http.MethodPut, "/settings", map[string]any{"youth_born_from": "2002-01-01"})
	checkTimeRows(t, "young riders born from 2002", r.standings(t, 1).Youth, []tw{{12, 15006, 0}})

	// A tour rider's date of birth corrected (the tour's copy; the database keeps its own).
	r.refused(t, "a date of birth that is no date", http.MethodPut, "/riders/13", map[string]any{"born": "yesterday"}, http.StatusUnprocessableEntity, "validation", "born")
	r.refused(t, "an unknown bib", http.MethodPut, "/riders/99", map[string]any{"born": "2004-01-01"}, http.StatusNotFound, "not_found")
	r.ok(t, http.MethodPut, "/riders/13", map[string]any{"born": "2004-01-01"})
	checkTimeRows(t, "young riders with bib 13 born 2004", r.standings(t, 1).Youth, []tw{{12, 15006, 0}, {13, 15100, 94}})
	for _, rd := range teamNamed(t, ta, "Jeunesse").Riders {
		if rd.Number == 3 && rd.Born != "" {
			t.Errorf("the database rider's date of birth changed with the tour's copy: %q", rd.Born)
		}
	}

	// Pages: the white jersey among the leaders and its table; the riders page's forms.
	page := getPage(t, ta, fmt.Sprintf("/tours/%d/classifications", tour.ID))
	for _, want := range []string{`id="c-youth"`, "Young riders", "White jersey"} {
		if !strings.Contains(page, want) {
			t.Errorf("the classifications page lacks %q", want)
		}
	}
	riders := getPage(t, ta, fmt.Sprintf("/tours/%d/riders", tour.ID))
	for _, want := range []string{"Riders born on or after <b>1 January 2002</b>", "5 April 2003", `name="youth_born_from"`, `class="tag young"`} {
		if !strings.Contains(riders, want) {
			t.Errorf("the riders page lacks %q", want)
		}
	}
	before := ta.snapshot(t)
	rec := ta.form(t, fmt.Sprintf("/tours/%d/settings", tour.ID), url.Values{"youth_born_from": {"2002-13-01"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="err-youth_born_from"`) {
		t.Errorf("a bad cut-off through the page = %d, want 422 with the message beside the field; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	rec = ta.form(t, fmt.Sprintf("/tours/%d/riders/born", tour.ID), url.Values{"bib": {"77"}, "born": {"2004-01-01"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="err-bib"`) {
		t.Errorf("an unknown bib through the page = %d, want 422 with the message beside the field; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("refused page forms changed the database:\n%s", diffLines(before, after))
	}
	rec = ta.form(t, fmt.Sprintf("/tours/%d/settings", tour.ID), url.Values{"youth_born_from": {"2001-01-01"}})
	if rec.Code != http.StatusSeeOther {
		t.Errorf("saving the cut-off through the page = %d, want 303", rec.Code)
	}
	rec = ta.form(t, fmt.Sprintf("/tours/%d/riders/born", tour.ID), url.Values{"bib": {"13"}, "born": {""}})
	if rec.Code != http.StatusSeeOther {
		t.Errorf("clearing a date of birth through the page = %d, want 303", rec.Code)
	}
	checkTimeRows(t, "young riders born from 2001, bib 13 unknown", r.standings(t, 1).Youth, []tw{{21, 14990, 0}, {12, 15006, 16}})

	// Sheets: the young riders' control is in the list and prints.
	sheets := tourCall(t, ta, http.MethodGet, r.url("/sheets"), nil, http.StatusOK).Body.String()
	if !strings.Contains(sheets, `"youth"`) {
		t.Errorf("the sheets list lacks the young riders' control: %s", clip(sheets))
	}
	for _, f := range []string{"youth.pdf", "youth.xlsx"} {
		tourCall(t, ta, http.MethodGet, r.url("/sheets/%s", f), nil, http.StatusOK)
	}
}

// TestRosterDatesOfBirth checks the born column of the teams spreadsheet: exported in both formats,
// read back into an empty database, set by an import, kept by a file without the column, and a bad
// date refused by row and column with nothing stored.
func TestRosterDatesOfBirth(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"csv", "xlsx"} {
		t.Run(format, func(t *testing.T) {
			src := newTestApp(t)
			youthTeams(t, src)
			file := export(t, src, format)
			dst := newTestApp(t)
			emptyDatabase(t, dst)
			rec := dst.upload(t, "/api/v1/teams/import", "roster."+format, file, nil, false)
			if rec.Code != http.StatusOK {
				t.Fatalf("importing the export = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
			}
			got := map[string]string{}
			for _, rd := range teamNamed(t, dst, "Jeunesse").Riders {
				got[rd.Name] = rd.Born
			}
			if got["Young Two"] != "2003-04-05" || got["Old One"] != "1990-02-03" || got["Unknown Three"] != "" {
				t.Errorf("dates of birth after the %s round trip = %v", format, got)
			}
		})
	}
	ta := newTestApp(t)
	youthTeams(t, ta)
	set := "team,short,color,number,name,born\nJeunesse,JEU,#123456,3,Unknown Three,2005-06-07\n"
	if rec := ta.upload(t, "/api/v1/teams/import", "born.csv", []byte(set), nil, false); rec.Code != http.StatusOK {
		t.Fatalf("importing a date of birth = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	keep := "team,short,color,number,name,cycling-party role\nJeunesse,JEU,#123456,2,Young Two Renamed,sprinter\n"
	if rec := ta.upload(t, "/api/v1/teams/import", "keep.csv", []byte(keep), nil, false); rec.Code != http.StatusOK {
		t.Fatalf("importing without the born column = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	got := map[int]string{}
	for _, rd := range teamNamed(t, ta, "Jeunesse").Riders {
		got[rd.Number] = rd.Born
	}
	if got[3] != "2005-06-07" || got[2] != "2003-04-05" {
		t.Errorf("dates of birth after the imports = %v, want 3 set to 2005-06-07 and 2 kept", got)
	}
	before := ta.snapshot(t)
	bad := "team,short,color,number,name,born\nJeunesse,JEU,#123456,1,Old One,05/04/2003\n"
	rec := ta.upload(t, "/api/v1/teams/import", "bad.csv", []byte(bad), nil, false)
	e := decode[apiError](t, rec)
	if rec.Code != http.StatusUnprocessableEntity || len(e.Error.Problems) != 1 || e.Error.Problems[0].Row != 2 || e.Error.Problems[0].Column != "born" {
		t.Errorf("a bad date of birth = %d %+v, want 422 with one problem at row 2, column born", rec.Code, e.Error.Problems)
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("the refused import changed the database:\n%s", diffLines(before, after))
	}
}
