package app_test

// The first-run setup: who may claim the first administrator's account, what it takes over, and
// what changes once it exists.

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/store"
)

// localAddr is a device on the machine Race Director runs on.
const localAddr = "127.0.0.1:50123"

// TestSetupOnAnOpenTable claims the first administrator's account on a table served open: only from
// this machine; refused forms are shown again beside their fields and store nothing; the account
// takes over the tour and teams that were there, signs this device in, and from then on the table
// has accounts: the setup is gone, anyone else is sent to sign in, and the follow code still works.
func TestSetupOnAnOpenTable(t *testing.T) {
	t.Parallel()
	base := newLockedApp(t) // a tour with a result, then closed and served again open:
	if err := base.Close(); err != nil {
		t.Fatal(err)
	}
	base.closed = true
	ta := openTestApp(t, base.Path)
	la := &lockedApp{testApp: ta, clock: newTestClock()}
	tour := base.tour

	remote := la.newBrowser("198.51.100.7:4000")
	if rec := remote.get(t, "/setup"); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `name="code"`) {
		t.Errorf("GET /setup from another machine of an open table = %d, want the form asking for the setup code; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	before := la.snapshot(t)
	if rec := remote.post(t, "/setup", url.Values{"name": {"Mallory"}, "password": {"mallory-owns-it"}, "confirm": {"mallory-owns-it"}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/setup" {
		t.Errorf("POST /setup from another machine without the setup code = %d %s, want 303 back to the form", rec.Code, rec.Header().Get("Location"))
	}
	if rec := remote.get(t, "/setup"); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="err-code"`) {
		t.Errorf("the setup refused for its code = %d, want 422 with a message beside the code", rec.Code)
	}
	if rec := la.api(t, "", http.MethodPost, "/api/v1/directors", map[string]string{"name": "Mallory"}); rec.Code != http.StatusForbidden {
		t.Errorf("POST /api/v1/directors from another machine of an open table = %d, want 403", rec.Code)
	}

	laptop := la.newBrowser(localAddr)
	if rec := laptop.get(t, "/setup"); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "First administrator") {
		t.Fatalf("GET /setup on this machine = %d, want the form; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	for _, c := range []struct {
		form   url.Values
		fields []string
	}{
		{url.Values{"name": {""}, "password": {"long enough pw"}, "confirm": {"long enough pw"}}, []string{"name"}},
		{url.Values{"name": {"Anna"}, "password": {"short"}, "confirm": {"short"}}, []string{"password"}},
		{url.Values{"name": {"Anna"}, "password": {"long enough pw"}, "confirm": {"long enough PW"}}, []string{"confirm"}},
		{url.Values{"name": {"Anna"}, "password": {"anna"}, "confirm": {"x"}}, []string{"password"}},
		{url.Values{"name": {strings.Repeat("A", 41)}, "password": {""}}, []string{"name", "password"}},
	} {
		rec := laptop.post(t, "/setup", c.form)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/setup" {
			t.Errorf("a refused setup %v = %d %s, want 303 back to /setup (post/redirect/get)", c.form, rec.Code, rec.Header().Get("Location"))
			continue
		}
		page := laptop.get(t, "/setup")
		if page.Code != http.StatusUnprocessableEntity {
			t.Errorf("the refused setup shown again = %d, want 422", page.Code)
		}
		for _, f := range c.fields {
			if !strings.Contains(page.Body.String(), `id="err-`+f+`"`) {
				t.Errorf("the refused setup %v has no message beside %s; body:\n%s", c.form, f, clip(page.Body.String()))
			}
		}
		if strings.Contains(page.Body.String(), "long enough") {
			t.Errorf("the refused setup shows the password typed again")
		}
	}
	if after := la.snapshot(t); after != before {
		t.Fatalf("refused setups changed the database:\n%s", diffLines(before, after))
	}

	rec := laptop.post(t, "/setup", url.Values{"name": {" Anna "}, "password": {annaPassword}, "confirm": {annaPassword}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/directors" || laptop.cookies["rd_director"] == nil {
		t.Fatalf("the setup = %d %s, want 303 to /directors, signed in; body:\n%s", rec.Code, rec.Header().Get("Location"), clip(rec.Body.String()))
	}
	page := laptop.get(t, "/directors")
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), "Welcome, Anna") || !strings.Contains(page.Body.String(), "administrator") {
		t.Errorf("the directors' page after the setup = %d; body:\n%s", page.Code, clip(page.Body.String()))
	}
	token := la.tokenFor(t, "anna", annaPassword)
	tours := decodeBody[[]store.TourSummary](t, la.api(t, token, http.MethodGet, "/api/v1/tours", nil))
	if len(tours) != 1 || tours[0].ID != tour.ID {
		t.Errorf("Anna's tours = %+v, want the tour that was there", tours)
	}
	if ds := decodeBody[[]store.DirectorLine](t, la.api(t, token, http.MethodGet, "/api/v1/directors", nil)); len(ds) != 1 || ds[0].Tours != 1 || ds[0].Teams != 6 || !ds[0].Admin {
		t.Errorf("the directors = %+v, want Anna, administrator, owner of the tour and the 6 teams", ds)
	}

	// Accounts now: the setup is gone, even from this machine; anyone else signs in first; the
	// follow code still opens the tour.
	if rec := laptop.get(t, "/setup"); rec.Code != http.StatusNotFound {
		t.Errorf("GET /setup once an account exists = %d, want 404", rec.Code)
	}
	other := la.newBrowser(localAddr)
	if rec := other.post(t, "/setup", url.Values{"name": {"Second"}, "password": {"second-admin-pw"}, "confirm": {"second-admin-pw"}}); rec.Code != http.StatusNotFound {
		t.Errorf("a second setup = %d, want 404", rec.Code)
	}
	if rec := other.get(t, "/tours"); !toSignIn(rec) {
		t.Errorf("anyone's GET /tours on a table with accounts = %d, want the sign-in page", rec.Code)
	}
	for _, p := range []string{"/follow/" + tour.FollowCode, "/follow/" + tour.FollowCode + "/tv", "/api/v1/follow/" + tour.FollowCode} {
		if rec := other.get(t, p); rec.Code != http.StatusOK {
			t.Errorf("anyone's GET %s = %d, want 200: followers need only the code", p, rec.Code)
		}
	}
}

// TestSetupWithThePIN claims the first administrator's account on a table served with the PIN: the
// PIN's director only. The PIN then signs no one in, and the PIN's sessions end.
func TestSetupWithThePIN(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	anyone := la.newBrowser(localAddr)
	if rec := anyone.get(t, "/setup"); !toSignIn(rec) {
		t.Errorf("GET /setup without the PIN (even on this machine) = %d, want the sign-in page", rec.Code)
	}
	if rec := anyone.post(t, "/setup", url.Values{"name": {"Mallory"}, "password": {"mallory-owns-it"}, "confirm": {"mallory-owns-it"}}); !toSignIn(rec) {
		t.Errorf("POST /setup without the PIN = %d, want the sign-in page", rec.Code)
	}
	pinToken := la.tokenOf(t, testPIN)
	if rec := la.api(t, pinToken, http.MethodPost, "/api/v1/directors", map[string]string{"name": "Anna"}); rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "/setup") {
		t.Errorf("POST /api/v1/directors on a table without accounts = %d, want 409 naming the setup; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	dir := la.director(t)
	if rec := dir.get(t, "/directors"); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/setup" {
		t.Errorf("the PIN director's GET /directors = %d %s, want 303 to /setup", rec.Code, rec.Header().Get("Location"))
	}
	// From another machine, the PIN is not enough: the setup code printed at start is asked too.
	if rec := dir.post(t, "/setup", url.Values{"name": {"Anna"}, "password": {annaPassword}, "confirm": {annaPassword}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/setup" {
		t.Fatalf("the PIN director's setup from elsewhere without the code = %d %s, want 303 back to the form", rec.Code, rec.Header().Get("Location"))
	}
	if page := dir.get(t, "/setup"); page.Code != http.StatusUnprocessableEntity || !strings.Contains(page.Body.String(), `id="err-code"`) {
		t.Errorf("the setup without its code shown again = %d, want 422 with a message beside the code", page.Code)
	}
	if rec := dir.post(t, "/setup", url.Values{"code": {la.Lock.SetupCode()}, "name": {"Anna"}, "password": {annaPassword}, "confirm": {annaPassword}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/directors" {
		t.Fatalf("the PIN director's setup with the code = %d %s, want 303 to the directors; body:\n%s", rec.Code, rec.Header().Get("Location"), clip(rec.Body.String()))
	}
	rec := la.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"pin": testPIN})
	if rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), "sign in with your name and password") {
		t.Errorf("signing in with the PIN once accounts exist = %d, want 401 saying how; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := la.api(t, pinToken, http.MethodDelete, "/api/v1/tours/"+itoa(la.tour.ID), nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("a PIN session's change once accounts exist = %d, want 401", rec.Code)
	}
	// The sign-in page now asks for a name and a password: the PIN typed there signs in no more.
	if rec := la.newBrowser("").signIn(t, testPIN, ""); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="err-name"`) {
		t.Errorf("the PIN typed on the sign-in page once accounts exist = %d, want 422 asking for the name; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
}
