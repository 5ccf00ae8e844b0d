package app_test

// Ownership: each director sees and changes only their own tours and teams database; the
// administrator sees them all; followers need only a tour's follow code.

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"racedirector/app/store"
)

// apiUpload posts a file to an API route with the bearer token.
func (aa *accountsApp) apiUpload(t testing.TB, token, target, filename string, content []byte) *httptest.ResponseRecorder {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", filename)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(content)
	_ = mw.Close()
	req := httptest.NewRequest(http.MethodPost, target, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	return aa.serve(t, req, false)
}

// tourIDs are the ids of a list of tours.
func tourIDs(tours []store.TourSummary) []uint {
	var out []uint
	for _, t := range tours {
		out = append(out, t.ID)
	}
	return out
}

// TestDirectorsSeeOnlyTheirOwn lists and reads as each director: Bruno and Carla each see their one
// tour and their own six teams (lists, pages, home, exports, even answers kept in memory); Anna, the
// administrator, sees every tour and team, each named with its director.
func TestDirectorsSeeOnlyTheirOwn(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	for _, c := range []struct {
		token string
		tours []uint
		teams int
	}{
		{aa.brunoToken, []uint{aa.brunoTour.ID}, 6}, {aa.carlaToken, []uint{aa.carlaTour.ID}, 6},
		{aa.annaToken, []uint{aa.carlaTour.ID, aa.brunoTour.ID, aa.tour.ID}, 18},
		{aa.brunoToken, []uint{aa.brunoTour.ID}, 6}, // again: the list kept in memory is Bruno's, not the last one made
	} {
		tours := decodeBody[[]store.TourSummary](t, aa.call(t, c.token, http.MethodGet, "/api/v1/tours", nil, http.StatusOK))
		if fmt.Sprint(tourIDs(tours)) != fmt.Sprint(c.tours) {
			t.Errorf("tours seen = %v, want %v", tourIDs(tours), c.tours)
		}
		if teams := decodeBody[[]store.Team](t, aa.call(t, c.token, http.MethodGet, "/api/v1/teams", nil, http.StatusOK)); len(teams) != c.teams {
			t.Errorf("teams seen = %d, want %d", len(teams), c.teams)
		}
	}
	riders := decodeBody[[]store.Rider](t, aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/riders", nil, http.StatusOK))
	for _, r := range riders {
		if decodeBody[store.Team](t, aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/teams/"+itoa(r.TeamID), nil, http.StatusOK)).ID != r.TeamID {
			t.Fatalf("Bruno's riders list has a rider of a team he cannot read")
		}
	}
	if len(riders) != 36 {
		t.Errorf("Bruno's riders = %d, want the 36 of his teams", len(riders))
	}
	if rec := aa.api(t, aa.brunoToken, http.MethodGet, "/api/v1/riders?team_id="+itoa(aa.team), nil); rec.Code != http.StatusNotFound {
		t.Errorf("Bruno's riders of Anna's team = %d, want 404", rec.Code)
	}

	// Pages: the lists, the home page, Anna's view naming the directors.
	bruno, anna := aa.directorBrowser(t, "Bruno", brunoPassword), aa.directorBrowser(t, "Anna", annaPassword)
	tours := bruno.get(t, "/tours").Body.String()
	if !strings.Contains(tours, "Bruno&#39;s Giro") || strings.Contains(tours, "Carla&#39;s Vuelta") || strings.Contains(tours, aa.tour.Name) {
		t.Errorf("Bruno's tours page shows another's tour or not his own")
	}
	if home := bruno.get(t, "/").Body.String(); !strings.Contains(home, "Your database") || !strings.Contains(home, "6 teams and 36 riders. 1 tour saved.") {
		t.Errorf("Bruno's home page does not count his own teams and tour")
	}
	all := anna.get(t, "/tours").Body.String()
	for _, want := range []string{"Bruno&#39;s Giro", "<dd>Bruno</dd>", "Carla&#39;s Vuelta", "<dd>Carla</dd>", aa.tour.Name} {
		if !strings.Contains(all, want) {
			t.Errorf("Anna's tours page lacks %q", want)
		}
	}
	if teams := anna.get(t, "/teams").Body.String(); strings.Count(teams, `class="owner">· Bruno`) != 6 || strings.Count(teams, `class="owner">· Carla`) != 6 {
		t.Errorf("Anna's teams page does not name Bruno's and Carla's six teams each")
	}
	if anon := aa.newBrowser("").get(t, "/").Body.String(); strings.Contains(anon, "In the database") || strings.Contains(anon, "Your database") || !strings.Contains(anon, "Director sign-in") {
		t.Errorf("the home page of someone not signed in counts a database, or does not offer to sign in")
	}

	// Exports are the director's own database; Anna's too (her own, not everyone's).
	aa.call(t, aa.annaToken, http.MethodPost, "/api/v1/teams", map[string]any{"name": "Anna Only", "short": "ANN", "color": "#112233"}, http.StatusCreated)
	aa.call(t, aa.brunoToken, http.MethodPost, "/api/v1/teams", map[string]any{"name": "Bruno Only", "short": "BRU", "color": "#112233"}, http.StatusCreated)
	brunoCSV := aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/teams/export.csv", nil, http.StatusOK).Body.String()
	annaCSV := aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/teams/export.csv", nil, http.StatusOK).Body.String()
	if !strings.Contains(brunoCSV, "Bruno Only") || strings.Contains(brunoCSV, "Anna Only") || !strings.Contains(annaCSV, "Anna Only") || strings.Contains(annaCSV, "Bruno Only") {
		t.Errorf("an export holds another director's team")
	}
}

// TestDirectorsCannotTouchAnothersOwn has Bruno try Anna's tour, team and rider through the API and
// the pages, and through the ids a body names (a rider's team, a tour's teams): not found or refused
// as for ones that do not exist, and nothing stored. His own database is his: a team named as one of
// Anna's is his to create. Anna, the administrator, changes his. A follow code opens any tour.
func TestDirectorsCannotTouchAnothersOwn(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	borrowed := aa.proposal(t, aa.brunoToken, "Borrowed")
	brunoTeams := decodeBody[[]store.Team](t, aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/teams", nil, http.StatusOK))
	borrowed["teams"] = []uint{brunoTeams[0].ID, aa.team, brunoTeams[1].ID}
	before := aa.snapshot(t)
	missing := decode[apiError](t, aa.api(t, aa.brunoToken, http.MethodGet, "/api/v1/tours/999999", nil))
	another := decode[apiError](t, aa.api(t, aa.brunoToken, http.MethodGet, "/api/v1/tours/"+itoa(aa.tour.ID), nil))
	if another.Error.Code != missing.Error.Code || another.Error.Message != strings.Replace(missing.Error.Message, "999999", itoa(aa.tour.ID), 1) {
		t.Errorf("another's tour answers %+v, a missing one %+v: want the same", another.Error, missing.Error)
	}
	for _, c := range []struct {
		method, target string
		body           any
		status         int
		field          string
	}{
		{http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/stages/1/sprints/1", aa.tour.ID), map[string]any{"order": []int{21, 31, 11}}, 404, ""},
		{http.MethodDelete, fmt.Sprintf("/api/v1/tours/%d", aa.tour.ID), nil, 404, ""},
		{http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/backup.json", aa.tour.ID), nil, 404, ""},
		{http.MethodGet, fmt.Sprintf("/api/v1/teams/%d", aa.team), nil, 404, ""},
		{http.MethodPut, fmt.Sprintf("/api/v1/teams/%d", aa.team), map[string]any{"name": "Mine now", "short": "MIN", "color": "#000000"}, 404, ""},
		{http.MethodDelete, fmt.Sprintf("/api/v1/teams/%d", aa.team), nil, 404, ""},
		{http.MethodGet, fmt.Sprintf("/api/v1/riders/%d", aa.rider), nil, 404, ""},
		{http.MethodPut, fmt.Sprintf("/api/v1/riders/%d", aa.rider), map[string]any{"name": "Stolen", "number": 1, "role": "leader"}, 404, ""},
		{http.MethodDelete, fmt.Sprintf("/api/v1/riders/%d", aa.rider), nil, 404, ""},
		// Ids in the body: a rider into Anna's team, Bruno's rider moved there, a tour of her teams.
		{http.MethodPost, "/api/v1/riders", map[string]any{"team_id": aa.team, "name": "Mole", "number": 8, "games": map[string]any{"cycling-party": map[string]string{"role": "leader"}}}, 422, "team_id"},
		{http.MethodPut, fmt.Sprintf("/api/v1/riders/%d", aa.brunoRider), map[string]any{"team_id": aa.team, "name": "Mole", "number": 8}, 422, "team_id"},
		{http.MethodPost, "/api/v1/tours", borrowed, 422, "teams[1]"},
	} {
		rec := aa.api(t, aa.brunoToken, c.method, c.target, c.body)
		if rec.Code != c.status {
			t.Errorf("Bruno's %s %s = %d, want %d; body:\n%s", c.method, c.target, rec.Code, c.status, clip(rec.Body.String()))
		} else if c.field != "" {
			if e := decode[apiError](t, rec); e.Error.Fields[c.field] == "" || !strings.Contains(e.Error.Fields[c.field], "no team with id") {
				t.Errorf("Bruno's %s %s refused %v, want %s: no team with that id", c.method, c.target, e.Error.Fields, c.field)
			}
		}
	}
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	for _, p := range []string{fmt.Sprintf("/tours/%d/classifications", aa.tour.ID), fmt.Sprintf("/tours/%d/share", aa.tour.ID), fmt.Sprintf("/teams/%d/edit", aa.team), fmt.Sprintf("/riders/%d/edit", aa.rider)} {
		if rec := bruno.get(t, p); rec.Code != http.StatusNotFound {
			t.Errorf("Bruno's GET %s (Anna's) = %d, want 404", p, rec.Code)
		}
	}
	// The snapshot taken after Bruno signed in on the page: his session is the one change.
	mid := aa.snapshot(t)
	if rec := bruno.post(t, fmt.Sprintf("/tours/%d/delete", aa.tour.ID), nil); rec.Code != http.StatusNotFound {
		t.Errorf("Bruno erasing Anna's tour on the page = %d, want 404", rec.Code)
	}
	if after := aa.snapshot(t); after != mid || strings.Count(diffLines(before, after), "\n") > 2 {
		t.Errorf("Bruno's refused requests changed the database:\n%s", diffLines(before, after))
	}

	// His own database: a team named as one of Anna's is his to create; a second of his own is refused.
	aa.call(t, aa.brunoToken, http.MethodPost, "/api/v1/teams", map[string]any{"name": "Anna Only", "short": "ANO", "color": "#123456"}, http.StatusCreated)
	aa.call(t, aa.annaToken, http.MethodPost, "/api/v1/teams", map[string]any{"name": "Anna Only", "short": "ANO", "color": "#123456"}, http.StatusCreated)
	if rec := aa.api(t, aa.brunoToken, http.MethodPost, "/api/v1/teams", map[string]any{"name": "anna only", "short": "ANO", "color": "#123456"}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("a second team of the same name in Bruno's database = %d, want 422", rec.Code)
	}
	// A tour restored from a backup is the restorer's.
	backup := aa.call(t, aa.brunoToken, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/backup.json", aa.brunoTour.ID), nil, http.StatusOK).Body.Bytes()
	req := httptest.NewRequest(http.MethodPost, "/api/v1/tours/import", bytes.NewReader(backup))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+aa.carlaToken)
	rec := aa.serve(t, req, false)
	if rec.Code != http.StatusCreated {
		t.Fatalf("Carla restoring Bruno's backup = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	restored := decodeBody[store.TourView](t, rec)
	if mine := decodeBody[[]store.TourSummary](t, aa.call(t, aa.carlaToken, http.MethodGet, "/api/v1/tours", nil, http.StatusOK)); len(mine) != 2 {
		t.Errorf("Carla's tours after restoring one = %v, want 2", tourIDs(mine))
	}
	if rec := aa.api(t, aa.brunoToken, http.MethodGet, "/api/v1/tours/"+itoa(restored.ID), nil); rec.Code != http.StatusNotFound {
		t.Errorf("Carla's restored tour read by Bruno = %d, want 404", rec.Code)
	}
	// A teams file is imported into the importer's own database: Bruno's Rojo, not Anna's.
	csv := aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/teams/export.csv", nil, http.StatusOK).Body.String()
	annaRojo := decodeBody[store.Team](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/teams/"+itoa(aa.team), nil, http.StatusOK))
	first := annaRojo.Riders[0].Name
	if !strings.Contains(csv, first) {
		t.Fatalf("Bruno's export lacks the default rider %q", first)
	}
	aa.call(t, aa.brunoToken, http.MethodPost, "/api/v1/teams/import", nil, http.StatusUnprocessableEntity)
	rec = aa.apiUpload(t, aa.brunoToken, "/api/v1/teams/import", "teams.csv", []byte(strings.Replace(csv, first, "Bruno's Own Rider", 1)))
	if rec.Code != http.StatusOK {
		t.Fatalf("Bruno's import = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if again := decodeBody[store.Team](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/teams/"+itoa(aa.team), nil, http.StatusOK)); again.Riders[0].Name != first {
		t.Errorf("Bruno's import changed Anna's team: its first rider is %q", again.Riders[0].Name)
	}
	if !strings.Contains(aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/teams/export.csv", nil, http.StatusOK).Body.String(), "Bruno's Own Rider") {
		t.Errorf("Bruno's import did not change his own team")
	}

	// Anna, the administrator, changes Bruno's tour and team.
	aa.call(t, aa.annaToken, http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/stages/1/sprints/1", aa.brunoTour.ID), map[string]any{"order": []int{11, 21, 31}}, http.StatusOK)
	aa.call(t, aa.annaToken, http.MethodPut, fmt.Sprintf("/api/v1/teams/%d", aa.brunoTeam), map[string]any{"name": "Renamed by Anna", "short": "REN", "color": "#000000"}, http.StatusOK)
	if got := decodeBody[store.Team](t, aa.call(t, aa.brunoToken, http.MethodGet, fmt.Sprintf("/api/v1/teams/%d", aa.brunoTeam), nil, http.StatusOK)); got.Name != "Renamed by Anna" {
		t.Errorf("Bruno's team after Anna's change = %q", got.Name)
	}
	// Followers: the follow code opens Bruno's tour for anyone, signed in or not, on any device.
	for _, b := range []*browser{aa.newBrowser(""), aa.directorBrowser(t, "Carla", carlaPassword)} {
		for _, p := range []string{"/follow/" + aa.brunoTour.FollowCode, "/follow/" + strings.ToLower(aa.brunoTour.FollowCode) + "/tv", "/api/v1/follow/" + aa.brunoTour.FollowCode, "/follow?code=" + aa.brunoTour.FollowCode} {
			if rec := b.get(t, p); rec.Code != http.StatusOK && rec.Code != http.StatusSeeOther {
				t.Errorf("GET %s = %d, want the followed tour", p, rec.Code)
			}
		}
	}
}
