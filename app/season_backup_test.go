package app_test

// A season's backup (GET /api/v1/seasons/{id}/backup.json) restored (POST /api/v1/seasons/import,
// and the seasons page's file upload): new tours and a new season whose standings are the
// original's; a hostile or damaged file is refused naming the field, and stores nothing.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/store"
)

// seasonTables are a season's three tables as compared across a restore: every line but its key
// (a rider known to no database is keyed by his tour's id, which a restore changes).
func seasonTables(t testing.TB, ta *testApp, id uint) string {
	t.Helper()
	st := decode[seasonStandingsJSON](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/seasons/%d/standings", id), nil, http.StatusOK))
	var b strings.Builder
	for name, rows := range map[string][]race.SeasonRow{"riders": st.Riders, "teams": st.Teams, "managers": st.Managers} {
		for _, r := range rows {
			fmt.Fprintf(&b, "%s %d %s (%s) %d points, %d tours, %d wins, best %d\n", name, r.Rank, r.Name, r.Team, r.Points, r.Tours, r.Wins, r.Best)
		}
	}
	fmt.Fprintf(&b, "provisional %t, %d tours", st.Provisional, len(st.Tours))
	lines := strings.Split(b.String(), "\n")
	return strings.Join(sortedCopy(lines), "\n")
}

// sortedCopy is the lines sorted.
func sortedCopy(lines []string) []string {
	out := append([]string(nil), lines...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func TestSeasonBackupRoundTrip(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	s := decode[seasonJSON](t, tourCall(t, ta, http.MethodPost, "/api/v1/seasons", obj{"name": "Club 2027", "points": []int{25, 18, 15, 12, 10}, "classifications": true}, http.StatusCreated))
	ids := []uint{tours["finished"].id, tours["ciclismo-a-fondo"].id, tours["uci-road"].id}
	tourCall(t, ta, http.MethodPut, fmt.Sprintf("/api/v1/seasons/%d/tours", s.ID), obj{"tours": ids}, http.StatusOK)
	before := seasonTables(t, ta, s.ID)

	rec := tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/seasons/%d/backup.json", s.ID), nil, http.StatusOK)
	if cd := rec.Header().Get("Content-Disposition"); !strings.Contains(cd, "attachment") || !strings.Contains(cd, "season") {
		t.Errorf("Content-Disposition = %q, want the season's file", cd)
	}
	data := rec.Body.Bytes()
	var b store.SeasonBackup
	if err := json.Unmarshal(data, &b); err != nil || b.Format != store.SeasonBackupFormat || b.Name != "Club 2027" || len(b.Tours) != 3 || !b.Classifications {
		t.Fatalf("the backup = %+v (%v), want the season and its three tours", b, err)
	}
	restored := decode[seasonJSON](t, tourCall(t, ta, http.MethodPost, "/api/v1/seasons/import", data, http.StatusCreated))
	if restored.ID == s.ID || restored.FollowCode == s.FollowCode || len(restored.Tours) != 3 || restored.Name != s.Name {
		t.Fatalf("restored season = %+v, want a new season of three new tours", restored)
	}
	for i, id := range restored.Tours {
		if id == ids[i] {
			t.Errorf("tour %d of the restored season is the original's %d", i, id)
		}
	}
	if after := seasonTables(t, ta, restored.ID); after != before {
		t.Errorf("the restored season's standings differ:\n%s", diffLines(before, after))
	}
	// The seasons page takes the same file.
	rec = ta.upload(t, "/seasons/import", "club.racedirector.json", data, nil, true)
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/seasons/") {
		t.Fatalf("the page's import = %d %s, want 303 to the new season's page; body:\n%s", rec.Code, rec.Header().Get("Location"), clip(rec.Body.String()))
	}
	list := decode[[]seasonJSON](t, tourCall(t, ta, http.MethodGet, "/api/v1/seasons", nil, http.StatusOK))
	if len(list) != 3 || seasonTables(t, ta, list[0].ID) != before {
		t.Errorf("after the page's import: %d seasons, want 3 with the same standings", len(list))
	}
}

func TestSeasonBackupRefusals(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 2, 6), 1, 2))
	s := decode[seasonJSON](t, tourCall(t, ta, http.MethodPost, "/api/v1/seasons", obj{"name": "Liga", "points": []int{3, 1}}, http.StatusCreated))
	tourCall(t, ta, http.MethodPut, fmt.Sprintf("/api/v1/seasons/%d/tours", s.ID), obj{"tours": []uint{tour.ID}}, http.StatusOK)
	var good map[string]any
	if err := json.Unmarshal(tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/seasons/%d/backup.json", s.ID), nil, http.StatusOK).Body.Bytes(), &good); err != nil {
		t.Fatal(err)
	}
	with := func(change func(m map[string]any)) []byte {
		var m map[string]any
		raw, _ := json.Marshal(good)
		_ = json.Unmarshal(raw, &m)
		change(m)
		out, _ := json.Marshal(m)
		return out
	}
	firstTour := func(m map[string]any) map[string]any { return m["tours"].([]any)[0].(map[string]any) }
	many := make([]any, 101)
	for i := range many {
		many[i] = map[string]any{}
	}
	teams := make([]any, 31)
	for i := range teams {
		teams[i] = map[string]any{}
	}
	for _, c := range []struct {
		name  string
		body  []byte
		field string
	}{
		{"not JSON", []byte("{season"), "file"},
		{"another format", with(func(m map[string]any) { m["format"] = "racedirector-tour" }), "format"},
		{"a later version", with(func(m map[string]any) { m["version"] = 2 }), "version"},
		{"no name", with(func(m map[string]any) { m["name"] = " " }), "name"},
		{"a name too long", with(func(m map[string]any) { m["name"] = strings.Repeat("L", 500) }), "name"},
		{"no points", with(func(m map[string]any) { m["points"] = []int{} }), "points"},
		{"an unknown field", with(func(m map[string]any) { m["owner"] = 7 }), "file"},
		{"too many tours", with(func(m map[string]any) { m["tours"] = many }), "tours"},
		{"a tour that is not one", with(func(m map[string]any) { m["tours"] = []any{"Giro"} }), "tours[0]"},
		{"a tour of another format", with(func(m map[string]any) { firstTour(m)["format"] = "x" }), "tours[0].format"},
		{"a tour of 31 teams", with(func(m map[string]any) { firstTour(m)["teams"] = teams }), "tours[0].teams"},
		{"a tour without a name", with(func(m map[string]any) { firstTour(m)["name"] = "" }), "tours[0].name"},
	} {
		refusedUnchanged(t, ta, c.name, http.MethodPost, "/api/v1/seasons/import", c.body, http.StatusUnprocessableEntity, "validation", c.field)
	}
	// A tour's backup is no season's.
	tourBackup := tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/backup.json", tour.ID), nil, http.StatusOK).Body.Bytes()
	refusedUnchanged(t, ta, "a tour's backup", http.MethodPost, "/api/v1/seasons/import", tourBackup, http.StatusUnprocessableEntity, "validation", "file")
	// The page says why beside the file, in the page's language, and stores nothing.
	before := ta.snapshot(t)
	rec := ta.upload(t, "/seasons/import", "x.json", with(func(m map[string]any) { firstTour(m)["teams"] = teams }), nil, true)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="err-file"`) || !strings.Contains(rec.Body.String(), "tours[0].teams") {
		t.Errorf("a hostile file on the page = %d, want 422 naming tours[0].teams beside the file; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := ta.upload(t, "/seasons/import", "", nil, nil, true); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="err-file"`) {
		t.Errorf("no file on the page = %d, want 422 beside the file", rec.Code)
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("refused imports changed the database:\n%s", diffLines(before, after))
	}
	// Past the uploads' size limit: 413, nothing read.
	huge := append([]byte(`{"format":"racedirector-season","name":"`), []byte(strings.Repeat("x", 13<<20))...)
	if rec := ta.do(t, http.MethodPost, "/api/v1/seasons/import", huge); rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a 13 MB season backup = %d, want 413", rec.Code)
	}
}
