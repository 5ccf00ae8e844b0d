package app_test

// A director's own account: their password and their sessions, through the API and the page; only
// their own.

import (
	"net/http"
	"strings"
	"testing"

	"racedirector/app/store"
)

// sessionsOf lists the sessions of the director of token.
func (aa *accountsApp) sessionsOf(t *testing.T, token string) []store.SessionLine {
	t.Helper()
	return decodeBody[[]store.SessionLine](t, aa.call(t, token, http.MethodGet, "/api/v1/account/sessions", nil, http.StatusOK))
}

// TestOwnSessions has Bruno list his sessions (where each was used, this one marked) and end his
// tablet's: its cookie is refused at once. Another director's session, or none, is not found, and
// nothing ends.
func TestOwnSessions(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	tablet := aa.directorBrowser(t, "Bruno", brunoPassword)
	req := jsonRequest(http.MethodGet, "/tours", nil)
	req.Header.Set("User-Agent", "Bruno's tablet")
	tablet.send(t, req)
	list := aa.sessionsOf(t, aa.brunoToken)
	var this, other *store.SessionLine
	for i := range list {
		if list[i].This {
			this = &list[i]
		} else if list[i].UserAgent == "Bruno's tablet" {
			other = &list[i]
		}
	}
	if len(list) != 2 || this == nil || other == nil || other.LastSeenAt == nil || other.Address == "" {
		t.Fatalf("Bruno's sessions: %+v, want this one and the tablet's, seen, with its address", list)
	}
	annas := aa.sessionsOf(t, aa.annaToken)
	before := aa.snapshot(t)
	for _, id := range []string{annas[0].ID, "nothing", strings.Repeat("0", 16), strings.Repeat("z", 300)} {
		if rec := aa.api(t, aa.brunoToken, http.MethodDelete, "/api/v1/account/sessions/"+id, nil); rec.Code != http.StatusNotFound {
			t.Errorf("Bruno ending session %q (not his) = %d, want 404", id, rec.Code)
		}
	}
	if after := aa.snapshot(t); after != before {
		t.Fatalf("refused ends of sessions changed the database:\n%s", diffLines(before, after))
	}
	aa.call(t, aa.brunoToken, http.MethodDelete, "/api/v1/account/sessions/"+other.ID, nil, http.StatusNoContent)
	if rec := tablet.get(t, "/tours"); !toSignIn(rec) {
		t.Errorf("the tablet whose session Bruno ended = %d %s, want the sign-in page", rec.Code, rec.Header().Get("Location"))
	}
	if list := aa.sessionsOf(t, aa.brunoToken); len(list) != 1 || !list[0].This {
		t.Errorf("Bruno's sessions after ending the tablet's: %+v", list)
	}
	if rec := aa.api(t, "", http.MethodGet, "/api/v1/account/sessions", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("anyone's list of sessions = %d, want 401", rec.Code)
	}

	// The page: Bruno's phone sees its own session marked, and signs out another device.
	phone := aa.directorBrowser(t, "Bruno", brunoPassword)
	page := phone.get(t, "/account")
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), "this device") || strings.Count(page.Body.String(), `class="card session`) != 2 {
		t.Fatalf("Bruno's account page = %d, want his two sessions, this one marked; body:\n%s", page.Code, clip(page.Body.String()))
	}
	if rec := phone.post(t, "/account/sessions/"+this.ID+"/end", nil); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/account" {
		t.Errorf("ending the API's session on the page = %d %s, want 303 back to /account", rec.Code, rec.Header().Get("Location"))
	}
	if rec := aa.api(t, aa.brunoToken, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Bruno's token ended on the page = %d, want 401", rec.Code)
	}
	if rec := phone.post(t, "/account/sessions/"+this.ID+"/end", nil); rec.Code != http.StatusSeeOther {
		t.Errorf("ending a session ended already = %d, want 303 back to the page saying so", rec.Code)
	} else if page := phone.get(t, "/account"); !strings.Contains(page.Body.String(), "signed out already") {
		t.Errorf("the page after ending a session ended already does not say so")
	}
}

// TestOwnPassword has Bruno change his password: his password now is required and checked, the new
// one checked as any; his other sessions end, the one asking stays, and only the new one signs in.
func TestOwnPassword(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	other := aa.signInAPI(t, "Bruno", brunoPassword)
	before := aa.snapshot(t)
	for _, c := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"password": "bruno-new-2028"}, "current"},
		{map[string]any{"current": brunoPassword}, "password"},
		{map[string]any{"current": "not-his-password", "password": "bruno-new-2028"}, "current"},
		{map[string]any{"current": brunoPassword, "password": "short"}, "password"},
		{map[string]any{"current": brunoPassword, "password": "aaaaaaaaaaaa"}, "password"},
		{map[string]any{"current": brunoPassword, "password": brunoPassword}, "password"},
	} {
		rec := aa.api(t, aa.brunoToken, http.MethodPut, "/api/v1/account/password", c.body)
		refusedField(t, "changing the password", rec, rec.Body.String(), c.field)
	}
	if rec := aa.api(t, "", http.MethodPut, "/api/v1/account/password", map[string]any{"current": brunoPassword, "password": "bruno-new-2028"}); rec.Code != http.StatusUnauthorized {
		t.Errorf("anyone's password change = %d, want 401", rec.Code)
	}
	if after := aa.snapshot(t); after != before {
		t.Fatalf("refused password changes changed the database:\n%s", diffLines(before, after))
	}
	left := decodeBody[[]store.SessionLine](t, aa.call(t, aa.brunoToken, http.MethodPut, "/api/v1/account/password", map[string]any{"current": brunoPassword, "password": "bruno-new-2028"}, http.StatusOK))
	if len(left) != 1 || !left[0].This {
		t.Errorf("the sessions left after the change: %+v, want this one only", left)
	}
	if rec := aa.api(t, other, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Bruno's other session after the change = %d, want 401", rec.Code)
	}
	aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/tours", nil, http.StatusOK)
	if rec := aa.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"name": "Bruno", "password": brunoPassword}); rec.Code != http.StatusUnauthorized {
		t.Errorf("the old password after the change = %d, want 401", rec.Code)
	}
	aa.signInAPI(t, "Bruno", "bruno-new-2028")
	// Anna's password is hers: Bruno's change left it.
	aa.signInAPI(t, "Anna", annaPassword)

	// The page: a confirmation that differs, then a wrong password now, are said beside their fields.
	phone := aa.directorBrowser(t, "Carla", carlaPassword)
	for _, c := range []struct {
		form map[string][]string
		says string
	}{
		{map[string][]string{"current": {carlaPassword}, "password": {"carla-new-2028"}, "confirm": {"carla-new-2029"}}, "Type the same password twice."},
		{map[string][]string{"current": {"wrong-one-here"}, "password": {"carla-new-2028"}, "confirm": {"carla-new-2028"}}, "Is not your password"},
	} {
		if rec := phone.post(t, "/account/password", c.form); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/account" {
			t.Errorf("a refused change on the page = %d %s, want 303 to /account", rec.Code, rec.Header().Get("Location"))
		} else if page := phone.get(t, "/account"); page.Code != http.StatusUnprocessableEntity || !strings.Contains(page.Body.String(), c.says) {
			t.Errorf("the refused change shown = %d, want 422 saying %q; body:\n%s", page.Code, c.says, clip(page.Body.String()))
		}
	}
	if rec := phone.post(t, "/account/password", map[string][]string{"current": {carlaPassword}, "password": {"carla-new-2028"}, "confirm": {"carla-new-2028"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Carla's change on the page = %d", rec.Code)
	}
	if page := phone.get(t, "/account"); page.Code != http.StatusOK || !strings.Contains(page.Body.String(), "Your password is changed") {
		t.Errorf("the page after the change = %d, want it said", page.Code)
	}
	if rec := aa.api(t, aa.carlaToken, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Carla's API token after her change on the page = %d, want 401", rec.Code)
	}
}

// TestOwnAccountWithoutAccounts asks for a director's own account on a table guarded by the PIN: it
// has none, and says so (409), nothing stored.
func TestOwnAccountWithoutAccounts(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	token := la.tokenOf(t, testPIN)
	for _, c := range []struct{ method, target string }{{http.MethodGet, "/api/v1/account/sessions"}, {http.MethodPut, "/api/v1/account/password"}, {http.MethodDelete, "/api/v1/account/sessions/abc"}} {
		rec := la.api(t, token, c.method, c.target, map[string]string{"current": "x", "password": "y"})
		if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "no directors' accounts") {
			t.Errorf("%s %s on a PIN's table = %d, want 409; body:\n%s", c.method, c.target, rec.Code, clip(rec.Body.String()))
		}
	}
}
