package app_test

// Directors for years, through the API: an administrator disables, enables, renames and removes a
// director, and a reset link cuts a director off at once; only administrators may.

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"racedirector/app/store"
)

// directorPath is the API address of a director's account.
func directorPath(id uint, tail string) string {
	return fmt.Sprintf("/api/v1/directors/%d%s", id, tail)
}

// refusedField checks that an answer is a 422 naming field, and says so when it is not.
func refusedField(t *testing.T, what string, rec interface{ Result() *http.Response }, body, field string) {
	t.Helper()
	if rec.Result().StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, `"`+field+`"`) {
		t.Errorf("%s = %d, want 422 naming %q; body:\n%s", what, rec.Result().StatusCode, field, clip(body))
	}
}

// TestOnlyAdministratorsManageDirectors sends every administrator's change of an account as Bruno,
// a director: each is refused (403), and nothing is stored.
func TestOnlyAdministratorsManageDirectors(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	before := aa.snapshot(t)
	for _, c := range []struct{ method, target string }{
		{http.MethodPost, directorPath(aa.carlaID, "/disable")},
		{http.MethodPost, directorPath(aa.carlaID, "/enable")},
		{http.MethodPut, directorPath(aa.carlaID, "")},
		{http.MethodDelete, directorPath(aa.carlaID, "?heir="+itoa(aa.brunoID))},
		{http.MethodPost, directorPath(aa.carlaID, "/invitation")},
		{http.MethodPost, directorPath(aa.annaID, "/disable")},
	} {
		if rec := aa.api(t, aa.brunoToken, c.method, c.target, map[string]string{"name": "Mallory"}); rec.Code != http.StatusForbidden {
			t.Errorf("Bruno's %s %s = %d, want 403; body:\n%s", c.method, c.target, rec.Code, clip(rec.Body.String()))
		}
	}
	for _, target := range []string{"/name", "/disable", "/enable", "/remove", "/invitation"} {
		if rec := bruno.post(t, fmt.Sprintf("/directors/%d%s", aa.carlaID, target), map[string][]string{"name": {"Mallory"}, "heir": {itoa(aa.brunoID)}}); rec.Code != http.StatusForbidden {
			t.Errorf("Bruno's POST /directors/%d%s = %d, want 403", aa.carlaID, target, rec.Code)
		}
	}
	if rec := bruno.get(t, fmt.Sprintf("/directors/%d/remove", aa.carlaID)); rec.Code != http.StatusForbidden {
		t.Errorf("Bruno's GET of a removal's confirmation = %d, want 403", rec.Code)
	}
	if after := aa.snapshot(t); after != before {
		t.Fatalf("refused changes of accounts changed the database:\n%s", diffLines(before, after))
	}
}

// TestDisabledDirectorIsCutOff disables Bruno: his token and his page cookie are refused at the next
// request, his right password gets a clear 403 (a wrong one still the usual 401), his tour stays and
// is still followed with its code; Anna cannot disable herself; enabled again, Bruno signs in.
func TestDisabledDirectorIsCutOff(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	d := decodeBody[store.DirectorLine](t, aa.call(t, aa.annaToken, http.MethodPost, directorPath(aa.brunoID, "/disable"), nil, http.StatusOK))
	if !d.Disabled || d.DisabledAt == nil || d.Tours != 1 {
		t.Errorf("disabling Bruno answered %+v, want him disabled, with his tour", d)
	}
	if rec := aa.api(t, aa.brunoToken, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Bruno's old token after he was disabled = %d, want 401", rec.Code)
	}
	if rec := bruno.get(t, "/tours"); !toSignIn(rec) {
		t.Errorf("Bruno's page cookie after he was disabled = %d %s, want the sign-in page", rec.Code, rec.Header().Get("Location"))
	}
	rec := aa.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"name": "Bruno", "password": brunoPassword})
	if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "Bruno's account is disabled") {
		t.Errorf("Bruno signing in disabled = %d, want 403 saying so; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := aa.newBrowser("").signInAs(t, "Bruno", brunoPassword, ""); rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "account is disabled") {
		t.Errorf("Bruno signing in on the page disabled = %d, want 403 saying so; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := aa.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"name": "Bruno", "password": "not-his-password"}); rec.Code != http.StatusUnauthorized {
		t.Errorf("a wrong password for a disabled account = %d, want 401 as any wrong password", rec.Code)
	}
	for _, target := range []string{"/follow/" + aa.brunoTour.FollowCode, "/api/v1/follow/" + aa.brunoTour.FollowCode} {
		if rec := aa.newBrowser("").get(t, target); rec.Code != http.StatusOK {
			t.Errorf("following Bruno's tour while he is disabled: GET %s = %d, want 200", target, rec.Code)
		}
	}
	if rec := aa.api(t, aa.annaToken, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", aa.brunoTour.ID), nil); rec.Code != http.StatusOK {
		t.Errorf("Anna reading the disabled Bruno's tour = %d, want 200", rec.Code)
	}
	if rec := aa.api(t, aa.annaToken, http.MethodPost, directorPath(aa.annaID, "/disable"), nil); rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "your own account") {
		t.Errorf("Anna disabling herself = %d, want 409; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := aa.api(t, aa.annaToken, http.MethodPost, directorPath(aa.brunoID, "/invitation"), nil); rec.Code != http.StatusConflict {
		t.Errorf("inviting a disabled director = %d, want 409 (enable first)", rec.Code)
	}
	if rec := aa.api(t, aa.annaToken, http.MethodPost, directorPath(9999, "/disable"), nil); rec.Code != http.StatusNotFound {
		t.Errorf("disabling no one = %d, want 404", rec.Code)
	}
	d = decodeBody[store.DirectorLine](t, aa.call(t, aa.annaToken, http.MethodPost, directorPath(aa.brunoID, "/enable"), nil, http.StatusOK))
	if d.Disabled || !d.Active {
		t.Errorf("enabling Bruno answered %+v", d)
	}
	token := aa.signInAPI(t, "Bruno", brunoPassword)
	aa.call(t, token, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", aa.brunoTour.ID), nil, http.StatusOK)
}

// TestRenameDirector renames Carla: a name taken (any case), empty or too long is refused naming the
// field, nothing stored; then she signs in with her new name only.
func TestRenameDirector(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	before := aa.snapshot(t)
	for _, name := range []string{"bruno", "  ", strings.Repeat("n", 41), "Tab\there"} {
		rec := aa.api(t, aa.annaToken, http.MethodPut, directorPath(aa.carlaID, ""), map[string]string{"name": name})
		refusedField(t, fmt.Sprintf("renaming Carla %q", name), rec, rec.Body.String(), "name")
	}
	rec := aa.api(t, aa.annaToken, http.MethodPut, directorPath(aa.carlaID, ""), map[string]any{})
	refusedField(t, "renaming without a name", rec, rec.Body.String(), "name")
	if after := aa.snapshot(t); after != before {
		t.Fatalf("refused renamings changed the database:\n%s", diffLines(before, after))
	}
	d := decodeBody[store.DirectorLine](t, aa.call(t, aa.annaToken, http.MethodPut, directorPath(aa.carlaID, ""), map[string]string{"name": "  Carla Verdi "}, http.StatusOK))
	if d.Name != "Carla Verdi" {
		t.Errorf("renamed Carla is %q, want %q", d.Name, "Carla Verdi")
	}
	aa.call(t, aa.annaToken, http.MethodPut, directorPath(aa.carlaID, ""), map[string]string{"name": "carla verdi"}, http.StatusOK) // her own name in another case
	if rec := aa.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"name": "Carla", "password": carlaPassword}); rec.Code != http.StatusUnauthorized {
		t.Errorf("signing in with the old name = %d, want 401", rec.Code)
	}
	aa.signInAPI(t, "Carla Verdi", carlaPassword)
}

// TestRemoveDirectorGivesAnHeirTheTours removes Carla: without a valid heir, removing oneself or an
// unknown director it is refused and nothing changes; then Bruno receives her tour (its follow code
// unchanged) and teams (renamed where he has one of the name), and her token is refused.
func TestRemoveDirectorGivesAnHeirTheTours(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	aa.call(t, aa.annaToken, http.MethodPost, directorPath(aa.brunoID, "/disable"), nil, http.StatusOK)
	rec := aa.api(t, aa.annaToken, http.MethodDelete, directorPath(aa.carlaID, "?heir="+itoa(aa.brunoID)), nil)
	refusedField(t, "removing Carla for a disabled heir", rec, rec.Body.String(), "heir")
	aa.call(t, aa.annaToken, http.MethodPost, directorPath(aa.brunoID, "/enable"), nil, http.StatusOK)
	aa.brunoToken = aa.signInAPI(t, "Bruno", brunoPassword) // disabling him ended his sessions
	before := aa.snapshot(t)
	for _, heir := range []string{"", "abc", "0", itoa(aa.carlaID), "99999"} {
		rec := aa.api(t, aa.annaToken, http.MethodDelete, directorPath(aa.carlaID, "?heir="+heir), nil)
		refusedField(t, "removing Carla, heir "+heir, rec, rec.Body.String(), "heir")
	}
	if rec := aa.api(t, aa.annaToken, http.MethodDelete, directorPath(aa.annaID, "?heir="+itoa(aa.brunoID)), nil); rec.Code != http.StatusConflict {
		t.Errorf("Anna removing herself = %d, want 409", rec.Code)
	}
	if rec := aa.api(t, aa.annaToken, http.MethodDelete, directorPath(99999, "?heir="+itoa(aa.brunoID)), nil); rec.Code != http.StatusNotFound {
		t.Errorf("removing no one = %d, want 404", rec.Code)
	}
	carlaTeams := decodeBody[[]store.Team](t, aa.call(t, aa.carlaToken, http.MethodGet, "/api/v1/teams", nil, http.StatusOK))
	if after := aa.snapshot(t); after != before {
		t.Fatalf("refused removals changed the database:\n%s", diffLines(before, after))
	}

	got := decodeBody[store.Inheritance](t, aa.call(t, aa.annaToken, http.MethodDelete, directorPath(aa.carlaID, "?heir="+itoa(aa.brunoID)), nil, http.StatusOK))
	if got.Heir.ID != aa.brunoID || got.Tours != 1 || got.Teams != len(carlaTeams) || len(got.Renamed) != len(carlaTeams) {
		t.Errorf("Carla's removal answered %+v, want Bruno heir of her tour and %d teams, all renamed (he has the default teams too)", got, len(carlaTeams))
	}
	if rec := aa.api(t, aa.carlaToken, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Carla's token after her removal = %d, want 401", rec.Code)
	}
	tour := decodeBody[store.TourView](t, aa.call(t, aa.brunoToken, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", aa.carlaTour.ID), nil, http.StatusOK))
	if tour.FollowCode != aa.carlaTour.FollowCode {
		t.Errorf("Carla's tour's follow code became %q, want %q unchanged", tour.FollowCode, aa.carlaTour.FollowCode)
	}
	if rec := aa.newBrowser("").get(t, "/follow/"+aa.carlaTour.FollowCode); rec.Code != http.StatusOK {
		t.Errorf("following Carla's tour after her removal = %d, want 200", rec.Code)
	}
	teams := decodeBody[[]store.Team](t, aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/teams", nil, http.StatusOK))
	names := map[string]bool{}
	for _, tm := range teams {
		names[tm.Name] = true
	}
	if len(teams) != 2*len(carlaTeams) || !names[carlaTeams[0].Name+" (Carla)"] || !names[carlaTeams[0].Name] {
		t.Errorf("Bruno's teams after inheriting Carla's: %d (%v), want %d with %q", len(teams), names, 2*len(carlaTeams), carlaTeams[0].Name+" (Carla)")
	}
	list := decodeBody[[]store.DirectorLine](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/directors", nil, http.StatusOK))
	if len(list) != 2 {
		t.Errorf("the directors after Carla's removal: %+v, want Anna and Bruno", list)
	}
}

// invitedAnswer is the answer of an invitation made.
type invitedAnswer struct {
	Director   store.DirectorLine `json:"director"`
	Invitation struct {
		Token     string    `json:"token"`
		ExpiresAt time.Time `json:"expires_at"`
		Reset     bool      `json:"reset"`
	} `json:"invitation"`
}

// TestResetLinkCutsTheDirectorOff has Anna make Bruno a reset link: his token ends at once, his old
// password no longer signs in, the answer says until when the link works; the link chooses a new one.
func TestResetLinkCutsTheDirectorOff(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	answer := decodeBody[invitedAnswer](t, aa.call(t, aa.annaToken, http.MethodPost, directorPath(aa.brunoID, "/invitation"), nil, http.StatusCreated))
	if want := aa.clock.Now().Add(7 * 24 * time.Hour); !answer.Invitation.Reset || answer.Invitation.ExpiresAt.Sub(want).Abs() > time.Second || answer.Director.Active {
		t.Errorf("Bruno's reset answered %+v, want a reset ending %s and Bruno without a password", answer, want)
	}
	if rec := aa.api(t, aa.brunoToken, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Bruno's token after the reset = %d, want 401", rec.Code)
	}
	for _, d := range decodeBody[[]store.DirectorLine](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/directors", nil, http.StatusOK)) {
		if d.ID == aa.brunoID && (!d.InvitationReset || d.InvitationExpiresAt == nil || d.Active) {
			t.Errorf("Bruno in the directors' list after the reset: %+v, want a reset link waiting", d)
		}
	}
	if rec := aa.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"name": "Bruno", "password": brunoPassword}); rec.Code != http.StatusUnauthorized {
		t.Errorf("Bruno's old password after the reset = %d, want 401", rec.Code)
	}
	link := "/invitations/" + answer.Invitation.Token
	b := aa.newBrowser("")
	if rec := b.get(t, link); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "A new password, Bruno") || !strings.Contains(rec.Body.String(), "until") {
		t.Errorf("the reset link's page = %d, want the new password's form saying until when; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := b.post(t, link, map[string][]string{"password": {"bruno-again-2028"}, "confirm": {"bruno-again-2028"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("choosing the new password = %d", rec.Code)
	}
	aa.signInAPI(t, "Bruno", "bruno-again-2028")
}

// TestToursNameTheirDirectorForAdministrators reads GET /api/v1/tours as Anna, who sees every
// director's tours, each with its director's id and name; Bruno's own list names none.
func TestToursNameTheirDirectorForAdministrators(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	type line struct {
		ID       uint `json:"id"`
		Director *struct {
			ID   uint   `json:"id"`
			Name string `json:"name"`
		} `json:"director"`
	}
	want := map[uint]string{aa.tour.ID: "Anna", aa.brunoTour.ID: "Bruno", aa.carlaTour.ID: "Carla"}
	lines := decodeBody[[]line](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/tours", nil, http.StatusOK))
	if len(lines) != len(want) {
		t.Fatalf("Anna's tour list has %d tours, want %d", len(lines), len(want))
	}
	for _, l := range lines {
		if l.Director == nil || l.Director.Name != want[l.ID] || (l.Director.Name == "Bruno") != (l.Director.ID == aa.brunoID) {
			t.Errorf("tour %d's director is %+v, want %s", l.ID, l.Director, want[l.ID])
		}
	}
	for _, l := range decodeBody[[]line](t, aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/tours", nil, http.StatusOK)) {
		if l.Director != nil {
			t.Errorf("Bruno's own tour list names a director: %+v", l.Director)
		}
	}
}
