package app_test

// The directors' accounts harness: a database prepared on an open app (a tour with a result, as a
// single director left it), then given accounts at the command line, then served with the PIN still
// configured (it no longer signs in) and a test clock. Anna, the first account, is the administrator
// and owns the tour and teams that were there; Bruno and Carla are directors with their own copy of
// the default teams, and each a tour of their own.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"racedirector/app"
	"racedirector/app/store"
)

// The directors of the accounts harness and their passwords.
const (
	annaPassword  = "anna-the-admin-2027"
	brunoPassword = "bruno rides on"
	carlaPassword = "carla-climbs-alpe"
)

// accountsApp is a table with directors' accounts.
type accountsApp struct {
	*lockedApp
	// brunoTour, carlaTour are Bruno's and Carla's tours; brunoTeam and brunoRider one of his teams and riders.
	brunoTour, carlaTour     store.TourView
	brunoTeam, brunoRider    uint
	annaID, brunoID, carlaID uint
	annaToken, brunoToken    string
	carlaToken               string
}

// adminCLI runs `racedirector admin args…` on the database at path with stdin; it fails the test
// unless the exit code is want, and returns what it printed.
func adminCLI(t testing.TB, path, stdin string, want int, args ...string) (stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	env := func(k string) string {
		if k == "RACEDIRECTOR_DB" {
			return path
		}
		return ""
	}
	if code := app.Admin(args, env, strings.NewReader(stdin), &out, &errs, cheapHashes); code != want {
		t.Fatalf("racedirector admin %s = exit %d, want %d; stdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, want, out.String(), errs.String())
	}
	return out.String(), errs.String()
}

// newAccountsApp prepares the table: the open app's tour, then the three accounts, then the app
// served again with accounts (and the PIN, which no longer signs in).
func newAccountsApp(t testing.TB) *accountsApp {
	t.Helper()
	base := newLockedApp(t) // the tour, served with the PIN
	path := base.Path
	if err := base.Close(); err != nil {
		t.Fatal(err)
	}
	base.closed = true
	adminCLI(t, path, annaPassword+"\n", 0, "create-director", "Anna", "--password-stdin")
	adminCLI(t, path, brunoPassword+"\n", 0, "create-director", "--password-stdin", "Bruno")
	adminCLI(t, path, carlaPassword+"\n", 0, "create-director", "Carla", "-password-stdin")
	la := openLockedApp(t, path, newTestClock())
	la.tour, la.team, la.rider = base.tour, base.team, base.rider
	aa := &accountsApp{lockedApp: la}
	aa.annaToken = aa.signInAPI(t, "Anna", annaPassword)
	aa.brunoToken = aa.signInAPI(t, "Bruno", brunoPassword)
	aa.carlaToken = aa.signInAPI(t, "Carla", carlaPassword)
	for _, d := range decodeBody[[]store.DirectorLine](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/directors", nil, http.StatusOK)) {
		switch d.Name {
		case "Anna":
			aa.annaID = d.ID
		case "Bruno":
			aa.brunoID = d.ID
		case "Carla":
			aa.carlaID = d.ID
		}
	}
	aa.brunoTour, aa.brunoTeam, aa.brunoRider = aa.tourOf(t, aa.brunoToken, "Bruno's Giro")
	aa.carlaTour, _, _ = aa.tourOf(t, aa.carlaToken, "Carla's Vuelta")
	return aa
}

// tourOf creates a tour of three teams of the director of token's own database, and returns it with
// the first of those teams and one of its riders.
func (aa *accountsApp) tourOf(t testing.TB, token, name string) (store.TourView, uint, uint) {
	t.Helper()
	teams := decodeBody[[]store.Team](t, aa.call(t, token, http.MethodGet, "/api/v1/teams", nil, http.StatusOK))
	if len(teams) < 3 {
		t.Fatalf("the director has %d teams, want the default ones", len(teams))
	}
	p := aa.proposal(t, token, name)
	p["teams"] = []uint{teams[0].ID, teams[1].ID, teams[2].ID}
	tour := decodeBody[store.TourView](t, aa.call(t, token, http.MethodPost, "/api/v1/tours", p, http.StatusCreated))
	return tour, teams[0].ID, teams[0].Riders[0].ID
}

// proposal is a Cycling Party tour of three stages proposed to the director of token, as the body
// of POST /api/v1/tours without its teams.
func (aa *accountsApp) proposal(t testing.TB, token, name string) map[string]any {
	t.Helper()
	body := map[string]any{"ruleset": "cycling-party", "name": name, "stages": 3, "profile": "medium", "seed": 2027, "riders_per_team": 5}
	var p map[string]any
	if err := json.Unmarshal(aa.call(t, token, http.MethodPost, "/api/v1/tours/proposal", body, http.StatusOK).Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// signInAPI signs in with a name and password through the API and returns the token.
func (aa *accountsApp) signInAPI(t testing.TB, name, password string) string {
	t.Helper()
	rec := aa.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"name": name, "password": password})
	if rec.Code != http.StatusCreated {
		t.Fatalf("signing in as %s = %d, want 201; body:\n%s", name, rec.Code, clip(rec.Body.String()))
	}
	var s struct {
		Token string `json:"token"`
		Name  string `json:"name"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &s); err != nil || s.Token == "" || !strings.EqualFold(s.Name, name) {
		t.Fatalf("POST /api/v1/session answered %s, want a token for %s", rec.Body, name)
	}
	return s.Token
}

// call sends an API request with token and fails unless the answer has status want.
func (aa *accountsApp) call(t testing.TB, token, method, target string, body any, want int) *httptest.ResponseRecorder {
	t.Helper()
	rec := aa.api(t, token, method, target, body)
	if rec.Code != want {
		t.Fatalf("%s %s = %d, want %d; body:\n%s", method, target, rec.Code, want, clip(rec.Body.String()))
	}
	return rec
}

// decodeBody decodes a JSON answer.
func decodeBody[T any](t testing.TB, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("decoding %s: %v", clip(rec.Body.String()), err)
	}
	return v
}

// signInAs signs a device in through the sign-in page with a name and password, coming back to next.
func (b *browser) signInAs(t testing.TB, name, password, next string) *httptest.ResponseRecorder {
	t.Helper()
	v := url.Values{"name": {name}, "password": {password}}
	if next != "" {
		v.Set("next", next)
	}
	return b.post(t, "/sign-in", v)
}

// directorBrowser is a device signed in through the sign-in page as name.
func (aa *accountsApp) directorBrowser(t testing.TB, name, password string) *browser {
	t.Helper()
	b := aa.newBrowser("")
	if rec := b.signInAs(t, name, password, ""); rec.Code != http.StatusSeeOther || b.cookies["rd_director"] == nil {
		t.Fatalf("signing in as %s = %d (cookies %v), want 303 and the session cookie; body:\n%s", name, rec.Code, b.cookies, clip(rec.Body.String()))
	}
	return b
}

// accountsRoute says whether a page route is the directors' accounts': the first-run setup (from
// this machine or with the PIN), invitations (with a token), the administrators' pages and a
// director's own account, and a tour's hand-over and co-directors. The generic page walks leave them to the accounts' tests.
func accountsRoute(path string) bool {
	return path == "/setup" || strings.HasPrefix(path, "/invitations/") || strings.HasPrefix(path, "/directors") || strings.HasPrefix(path, "/account") ||
		path == "/tours/:id/owner" || path == "/tours/:id/codirectors" || // a tour's hand-over and co-directors: with accounts only
		path == "/seasons/:id/owner" || path == "/seasons/:id/codirectors" // a season's, the same
}
