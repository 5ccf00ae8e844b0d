package app_test

// Seasons through the real router: a season of three tours of different games ranked (riders matched
// across tours through the database rider each tour copied, a running tour provisional), every route
// and its refusals in the user's language, and the sheets (the workbook's numbers as numbers).

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"racedirector/app/race"
)

// seasonJSON is a season as the API answers it.
type seasonJSON struct {
	ID         uint   `json:"id"`
	Name       string `json:"name"`
	Points     []int  `json:"points"`
	FollowCode string `json:"follow_code"`
	Tours      []uint `json:"tours"`
}

// seasonStandingsJSON is GET /api/v1/seasons/{id}/standings.
type seasonStandingsJSON struct {
	Season seasonJSON        `json:"season"`
	Tours  []race.SeasonTour `json:"tours"`
	race.SeasonStandings
}

func TestSeasonOfThreeGames(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	done, caf, road := tours["finished"], tours["ciclismo-a-fondo"], tours["uci-road"]

	rec := ta.do(t, http.MethodPost, "/api/v1/seasons", map[string]any{"name": "Club 2027", "points": []int{25, 18, 15, 12, 10, 8, 6, 4, 2, 1}})
	if rec.Code != http.StatusCreated || rec.Header().Get("Location") == "" {
		t.Fatalf("POST /api/v1/seasons = %d %q; body:\n%s", rec.Code, rec.Header().Get("Location"), rec.Body)
	}
	s := decode[seasonJSON](t, rec)
	if s.Name != "Club 2027" || len(s.Points) != 10 || len(s.FollowCode) != 6 || len(s.Tours) != 0 {
		t.Fatalf("created season = %+v", s)
	}
	base := fmt.Sprintf("/api/v1/seasons/%d", s.ID)
	rec = ta.do(t, http.MethodPut, base+"/tours", map[string]any{"tours": []uint{done.id, caf.id, road.id}})
	if rec.Code != http.StatusOK {
		t.Fatalf("PUT tours = %d; body:\n%s", rec.Code, rec.Body)
	}
	if got := decode[seasonJSON](t, rec).Tours; fmt.Sprint(got) != fmt.Sprint([]uint{done.id, caf.id, road.id}) {
		t.Errorf("the season's tours = %v", got)
	}
	rec = ta.do(t, http.MethodGet, base+"/standings", nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET standings = %d; body:\n%s", rec.Code, rec.Body)
	}
	st := decode[seasonStandingsJSON](t, rec)
	if len(st.Tours) != 3 || !st.Tours[0].Final || st.Tours[1].Final || st.Tours[2].Game != "uci-road" || !st.Provisional {
		t.Errorf("tours = %+v, provisional %v", st.Tours, st.Provisional)
	}
	if len(st.Riders) == 0 || len(st.Teams) == 0 || len(st.Managers) == 0 {
		t.Fatalf("tables: %d riders, %d teams, %d managers", len(st.Riders), len(st.Teams), len(st.Managers))
	}
	// Each tour's own general classification, as the tour's API gives it, is what the season scores.
	want := map[string]int{}
	for _, r := range []raceRun{done, caf, road} {
		gc := decode[struct {
			Individual []race.TimeRow `json:"individual"`
		}](t, ta.do(t, http.MethodGet, r.url("/standings"), nil))
		for _, row := range gc.Individual {
			if row.Rank <= 10 {
				want[row.Name] += s.Points[row.Rank-1]
			}
		}
	}
	across := 0
	for i, r := range st.Riders {
		if r.Key == "" || !strings.HasPrefix(r.Key, "rider:") {
			t.Errorf("rider %s has key %q: every rider of these tours came from the database", r.Name, r.Key)
		}
		if r.Points != want[r.Name] {
			t.Errorf("%s has %d points, the tours' places give %d", r.Name, r.Points, want[r.Name])
		}
		if r.Tours > 1 {
			across++
		}
		if i > 0 && race.SeasonBefore(r, st.Riders[i-1]) {
			t.Errorf("%s ranks after %s yet comes first by the house rule", r.Name, st.Riders[i-1].Name)
		}
	}
	if across == 0 {
		t.Errorf("no rider is matched across tours: %+v", st.Riders)
	}
	if st.Managers[0].Scores[0].Class != race.ClassCyclingParty {
		t.Errorf("managers are ranked by %q", st.Managers[0].Scores[0].Class)
	}
	// A team that names its player: the managers' table ranks the player, by his name.
	if rec := ta.do(t, http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/teams/1", done.id), map[string]any{"manager": "Marta"}); rec.Code != http.StatusOK {
		t.Fatalf("naming team 1's player = %d; body:\n%s", rec.Code, rec.Body)
	}
	named := decode[seasonStandingsJSON](t, ta.do(t, http.MethodGet, base+"/standings", nil))
	player := false
	for _, m := range named.Managers {
		if m.Key == "player:marta" {
			player = m.Name == "Marta" && m.Team != "" && m.Tours == 1
		}
	}
	if !player || len(named.Managers) != len(st.Managers) {
		t.Errorf("after naming team 1's player the managers are %+v (before: %+v)", named.Managers, st.Managers)
	}

	// The follow code reads the same standings, for anyone.
	rec = ta.do(t, http.MethodGet, "/api/v1/follow/season/"+strings.ToLower(s.FollowCode), nil)
	if rec.Code != http.StatusOK || len(decode[seasonStandingsJSON](t, rec).Riders) != len(st.Riders) {
		t.Errorf("GET the season by its follow code = %d", rec.Code)
	}

	// The sheets: a PDF, and a workbook whose points are numbers.
	rec = ta.do(t, http.MethodGet, fmt.Sprintf("/seasons/%d/standings.pdf", s.ID), nil)
	if rec.Code != http.StatusOK || !bytes.HasPrefix(rec.Body.Bytes(), []byte("%PDF")) || !strings.Contains(rec.Header().Get("Content-Disposition"), "club-2027-season-standings.pdf") {
		t.Errorf("the PDF = %d %q", rec.Code, rec.Header().Get("Content-Disposition"))
	}
	rec = ta.do(t, http.MethodGet, fmt.Sprintf("/seasons/%d/standings.xlsx", s.ID), nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("the workbook = %d", rec.Code)
	}
	f, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for i, row := range rows {
		if len(row) > 2 && strings.HasPrefix(row[1], st.Riders[0].Name) && row[2] == fmt.Sprint(st.Riders[0].Points) {
			cell, _ := excelize.CoordinatesToCellName(3, i+1)
			if typ, _ := f.GetCellType(f.GetSheetName(0), cell); typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
				t.Errorf("the points of %s are text in the workbook", row[1])
			}
			found = true
			break
		}
	}
	if !found {
		t.Errorf("the workbook has no line for the leader %s with %d points: %v", st.Riders[0].Name, st.Riders[0].Points, rows)
	}

	// The pages: the list, the season with its three tables, its tours to pick.
	page := ta.do(t, http.MethodGet, fmt.Sprintf("/seasons/%d", s.ID), nil).Body.String()
	for _, want := range []string{`data-table="riders"`, `data-table="teams"`, `data-table="managers"`, "provisional", st.Riders[0].Name, `name="tour"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the season's page lacks %q", want)
		}
	}
	checkPlayerWords(t, "the season's page", page)
	// The leader's palmarès says his place and points in the season.
	palmares := ta.do(t, http.MethodGet, fmt.Sprintf("/riders/%d/palmares", st.Riders[0].DatabaseID), nil).Body.String()
	if want := fmt.Sprintf("rank 1, %d points", st.Riders[0].Points); !strings.Contains(palmares, "Club 2027") || !strings.Contains(palmares, want) {
		t.Errorf("the leader's palmarès lacks the season or %q", want)
	}
	if list := ta.do(t, http.MethodGet, "/seasons", nil).Body.String(); !strings.Contains(list, "Club 2027") {
		t.Errorf("the seasons list lacks the season")
	}
}

// seasonCall is one call of the seasons' API and what it must answer.
type seasonCall struct {
	name, method, path string
	body               any
	status             int
	contains           []string
}

func TestSeasonRoutesAndRefusals(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2)).ID
	rec := ta.do(t, http.MethodPost, "/api/v1/seasons", map[string]any{"name": "Liga", "points": []int{3, 2, 1}, "classifications": true})
	s := decode[seasonJSON](t, rec)
	one := fmt.Sprintf("/api/v1/seasons/%d", s.ID)
	long := strings.Repeat("é", race.MaxSeasonNameLength+1)
	for _, sc := range []seasonCall{
		{name: "list", method: http.MethodGet, path: "/api/v1/seasons", status: http.StatusOK, contains: []string{`"name":"Liga"`}},
		{name: "get", method: http.MethodGet, path: one, status: http.StatusOK, contains: []string{`"classifications":true`}},
		{name: "no name", method: http.MethodPost, path: "/api/v1/seasons", body: map[string]any{"name": " ", "points": []int{1}}, status: http.StatusUnprocessableEntity, contains: []string{`"name":"is required"`}},
		{name: "a name too long", method: http.MethodPost, path: "/api/v1/seasons", body: map[string]any{"name": long, "points": []int{1}}, status: http.StatusUnprocessableEntity, contains: []string{`"name":"must be at most 80 characters (it has 81)"`}},
		{name: "no points", method: http.MethodPost, path: "/api/v1/seasons", body: map[string]any{"name": "X", "points": []int{}}, status: http.StatusUnprocessableEntity, contains: []string{`"points":"must list 1 to 50 places (it lists 0)"`}},
		{name: "too many places", method: http.MethodPut, path: one, body: map[string]any{"name": "X", "points": make([]int, 51)}, status: http.StatusUnprocessableEntity, contains: []string{`"points":"must list 1 to 50 places (it lists 51)"`}},
		{name: "points out of range", method: http.MethodPut, path: one, body: map[string]any{"name": "X", "points": []int{1001, -1}}, status: http.StatusUnprocessableEntity, contains: []string{`"points[0]":"must be between 0 and 1000"`, `"points[1]"`}},
		{name: "points not numbers", method: http.MethodPost, path: "/api/v1/seasons", body: `{"name":"X","points":["a"]}`, status: http.StatusBadRequest, contains: []string{"points"}},
		{name: "an unknown tour", method: http.MethodPut, path: one + "/tours", body: map[string]any{"tours": []uint{tour, 999}}, status: http.StatusUnprocessableEntity, contains: []string{`"tours[1]":"there is no tour 999"`}},
		{name: "a tour twice", method: http.MethodPut, path: one + "/tours", body: map[string]any{"tours": []uint{tour, tour}}, status: http.StatusUnprocessableEntity, contains: []string{`"tours[1]":"tour ` + fmt.Sprint(tour) + ` is listed twice"`}},
		{name: "too many tours", method: http.MethodPut, path: one + "/tours", body: map[string]any{"tours": make([]uint, race.MaxSeasonTours+1)}, status: http.StatusUnprocessableEntity, contains: []string{`"tours"`}},
		{name: "an unknown season", method: http.MethodGet, path: "/api/v1/seasons/999", status: http.StatusNotFound},
		{name: "a season that is not a number", method: http.MethodGet, path: "/api/v1/seasons/x/standings", status: http.StatusNotFound},
		{name: "an unknown follow code", method: http.MethodGet, path: "/api/v1/follow/season/ZZZZZZ", status: http.StatusNotFound},
		{name: "rename", method: http.MethodPut, path: one, body: map[string]any{"name": "Liga 2", "points": []int{5}}, status: http.StatusOK, contains: []string{`"name":"Liga 2"`, `"points":[5]`}},
		{name: "its tour", method: http.MethodPut, path: one + "/tours", body: map[string]any{"tours": []uint{tour}}, status: http.StatusOK, contains: []string{fmt.Sprintf(`"tours":[%d]`, tour)}},
		{name: "standings of a tour not started", method: http.MethodGet, path: one + "/standings", status: http.StatusOK, contains: []string{`"riders":[]`, `"provisional":true`}},
	} {
		rec := ta.do(t, sc.method, sc.path, sc.body)
		if rec.Code != sc.status {
			t.Errorf("%s: %s %s = %d, want %d; body:\n%s", sc.name, sc.method, sc.path, rec.Code, sc.status, clip(rec.Body.String()))
		}
		for _, want := range sc.contains {
			if !strings.Contains(rec.Body.String(), want) {
				t.Errorf("%s: the answer lacks %s; body:\n%s", sc.name, want, clip(rec.Body.String()))
			}
		}
	}
	// Refused, nothing was kept: the season is as the last good change left it.
	if got := decode[seasonJSON](t, ta.do(t, http.MethodGet, one, nil)); got.Name != "Liga 2" || len(got.Tours) != 1 {
		t.Errorf("after the refusals the season is %+v", got)
	}
	// The refusal in the user's language, on the page beside its field.
	ta.do(t, http.MethodGet, "/lang/es", nil)
	rec = ta.form(t, "/seasons", url.Values{"name": {"Liga"}, "points": {"25, x"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "Deben ser números enteros separados por comas") {
		t.Errorf("a points list with a word = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	rec = ta.form(t, "/seasons", url.Values{"name": {""}, "points": {"25, 18"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="err-name"`) {
		t.Errorf("a season without a name = %d", rec.Code)
	}
	rec = ta.do(t, http.MethodPost, "/api/v1/seasons", map[string]any{"name": "", "points": []int{}})
	if !strings.Contains(rec.Body.String(), "es obligatorio") || !strings.Contains(rec.Body.String(), "debe tener de 1 a 50 puestos") {
		t.Errorf("the API's refusal in Spanish: %s", rec.Body)
	}
	// The pages' forms: create, pick the tours, rename, delete.
	rec = ta.form(t, "/seasons", url.Values{"name": {"Copa"}, "points": {"10 5 1"}, "classifications": {"1"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("POST /seasons = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	at := rec.Header().Get("Location")
	if rec = ta.form(t, at+"/tours", url.Values{"tour": {fmt.Sprint(tour)}}); rec.Code != http.StatusSeeOther {
		t.Errorf("POST tours = %d", rec.Code)
	}
	if rec = ta.form(t, at+"/tours", url.Values{"tour": {"abc"}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("POST a tour that is not a number = %d", rec.Code)
	}
	if rec = ta.form(t, at, url.Values{"name": {"Copa 2"}, "points": {"10, 5"}}); rec.Code != http.StatusSeeOther {
		t.Errorf("POST the season = %d", rec.Code)
	}
	if rec = ta.form(t, at, url.Values{"name": {"Copa 2"}, "points": {""}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("POST the season without points = %d", rec.Code)
	}
	if page := ta.do(t, http.MethodGet, at, nil).Body.String(); !strings.Contains(page, "Copa 2") || !strings.Contains(page, "checked") {
		t.Errorf("the season's page after the forms lacks its name or its tour")
	}
	if rec = ta.form(t, at+"/delete", url.Values{}); rec.Code != http.StatusSeeOther {
		t.Errorf("POST delete = %d", rec.Code)
	}
	if rec = ta.do(t, http.MethodGet, at, nil); rec.Code != http.StatusNotFound {
		t.Errorf("the deleted season's page = %d", rec.Code)
	}
	// Deleting a season keeps its tours; deleting a tour takes it out of the seasons.
	ta.do(t, http.MethodDelete, fmt.Sprintf("/api/v1/tours/%d", tour), nil)
	if got := decode[seasonJSON](t, ta.do(t, http.MethodGet, one, nil)); len(got.Tours) != 0 {
		t.Errorf("a deleted tour is still in the season: %v", got.Tours)
	}
	if rec = ta.do(t, http.MethodDelete, one, nil); rec.Code != http.StatusNoContent {
		t.Errorf("DELETE = %d", rec.Code)
	}
	if rec = ta.do(t, http.MethodDelete, one, nil); rec.Code != http.StatusNotFound {
		t.Errorf("DELETE again = %d", rec.Code)
	}
}
