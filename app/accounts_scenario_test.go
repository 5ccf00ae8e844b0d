package app_test

// Invitations and signing in with a name and a password.

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"racedirector/app/auth"
	"racedirector/app/store"
)

// linkOnPage finds the invitation's link shown on the directors' page.
var linkOnPage = regexp.MustCompile(`value="https?://[^"]*/invitations/([A-Za-z0-9_-]{43})"`)

// TestInvitations has the administrator invite a director on the directors' page: the link is shown
// once; the invited director chooses a password with it (refusals beside the fields, nothing
// stored) and is signed in; the link then no longer works (410), nor does one past its week; a new
// invitation (a forgotten password) ends the earlier one and the director's sessions. A director who
// is not an administrator may not invite; a name taken is refused beside the field.
func TestInvitations(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	anna := aa.directorBrowser(t, "Anna", annaPassword)
	page := anna.get(t, "/directors")
	for _, want := range []string{"Anna", "Bruno", "Carla", "administrator", "(you)", "Invite a director"} {
		if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), want) {
			t.Errorf("the directors' page = %d, want %q on it", page.Code, want)
		}
	}
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	before := aa.snapshot(t)
	if rec := anna.post(t, "/directors", url.Values{"name": {"bruno"}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/directors" {
		t.Errorf("inviting a name taken = %d %s, want 303 back to /directors", rec.Code, rec.Header().Get("Location"))
	} else if again := anna.get(t, "/directors"); again.Code != http.StatusUnprocessableEntity || !strings.Contains(again.Body.String(), `A director called &#34;bruno&#34; already exists.`) {
		t.Errorf("the refused invitation shown again = %d; body:\n%s", again.Code, clip(again.Body.String()))
	}
	if rec := bruno.post(t, "/directors", url.Values{"name": {"Dario"}}); rec.Code != http.StatusForbidden {
		t.Errorf("Bruno (not an administrator) inviting = %d, want 403", rec.Code)
	}
	if rec := bruno.get(t, "/directors"); rec.Code != http.StatusForbidden {
		t.Errorf("Bruno's GET /directors = %d, want 403", rec.Code)
	}
	if rec := aa.api(t, aa.brunoToken, http.MethodPost, "/api/v1/directors", map[string]string{"name": "Dario"}); rec.Code != http.StatusForbidden {
		t.Errorf("Bruno's POST /api/v1/directors = %d, want 403", rec.Code)
	}
	if after := aa.snapshot(t); after != before {
		t.Fatalf("refused invitations changed the database:\n%s", diffLines(before, after))
	}

	rec := anna.post(t, "/directors", url.Values{"name": {"Dario"}})
	m := linkOnPage.FindStringSubmatch(rec.Body.String())
	if rec.Code != http.StatusCreated || m == nil || !strings.Contains(rec.Body.String(), "Dario is invited") {
		t.Fatalf("inviting Dario = %d, want 201 with the link; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	link := "/invitations/" + m[1]
	if again := anna.get(t, "/directors"); linkOnPage.MatchString(again.Body.String()) || !strings.Contains(again.Body.String(), "Invited, no password yet") {
		t.Errorf("the directors' page shows the link again, or not Dario invited")
	}
	if rec := aa.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"name": "Dario", "password": "anything-at-all"}); rec.Code != http.StatusUnauthorized {
		t.Errorf("Dario signing in before choosing a password = %d, want 401", rec.Code)
	}
	dario := aa.newBrowser("")
	if rec := dario.get(t, link); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Welcome, Dario") {
		t.Fatalf("Dario's link = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	before = aa.snapshot(t)
	for _, form := range []url.Values{{"password": {"dario"}, "confirm": {"dario"}}, {"password": {"dario-sprints"}, "confirm": {"dario-sprint"}}, {"password": {"Dario"}, "confirm": {"Dario"}}} {
		rec := dario.post(t, link, form)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != link {
			t.Errorf("a refused password %v = %d %s, want 303 back to the link", form, rec.Code, rec.Header().Get("Location"))
		} else if again := dario.get(t, link); again.Code != http.StatusUnprocessableEntity || !strings.Contains(again.Body.String(), "field-error") {
			t.Errorf("the refused password shown again = %d, want 422 with the message beside the field", again.Code)
		}
	}
	if after := aa.snapshot(t); after != before {
		t.Fatalf("refused passwords changed the database:\n%s", diffLines(before, after))
	}
	if rec := dario.post(t, link, url.Values{"password": {"dario-sprints"}, "confirm": {"dario-sprints"}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/" || dario.cookies["rd_director"] == nil {
		t.Fatalf("Dario choosing his password = %d %s, want 303 home, signed in", rec.Code, rec.Header().Get("Location"))
	}
	if home := dario.get(t, "/"); !strings.Contains(home.Body.String(), "Welcome, Dario") || !strings.Contains(home.Body.String(), ">Dario</a>") {
		t.Errorf("Dario's home page after the invitation does not welcome him or name him in the menu")
	}
	// Used: the link no longer works, for anyone.
	before = aa.snapshot(t)
	for _, b := range []*browser{dario, aa.newBrowser("")} {
		if rec := b.get(t, link); rec.Code != http.StatusGone || !strings.Contains(rec.Body.String(), "has been used already") {
			t.Errorf("the used link = %d, want 410 saying it was used; body:\n%s", rec.Code, clip(rec.Body.String()))
		}
		if rec := b.post(t, link, url.Values{"password": {"mallory-takes-it"}, "confirm": {"mallory-takes-it"}}); rec.Code != http.StatusGone {
			t.Errorf("posting the used link = %d, want 410", rec.Code)
		}
	}
	if after := aa.snapshot(t); after != before {
		t.Fatalf("a used link changed the database:\n%s", diffLines(before, after))
	}
	aa.signInAPI(t, "Dario", "dario-sprints")

	// Expired: an invitation is a week's.
	rec = anna.post(t, "/directors", url.Values{"name": {"Elena"}, "admin": {"1"}})
	elena := "/invitations/" + linkOnPage.FindStringSubmatch(rec.Body.String())[1]
	aa.clock.advance(auth.InvitationTTL - time.Second)
	if rec := aa.newBrowser("").get(t, elena); rec.Code != http.StatusOK {
		t.Errorf("Elena's link a second before its week ends = %d, want 200", rec.Code)
	}
	aa.clock.advance(time.Second)
	elenaBrowser := aa.newBrowser("")
	before = aa.snapshot(t)
	if rec := elenaBrowser.get(t, elena); rec.Code != http.StatusGone || !strings.Contains(rec.Body.String(), "has expired") {
		t.Errorf("Elena's link after its week = %d, want 410 saying it expired; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := elenaBrowser.post(t, elena, url.Values{"password": {"elena-too-late"}, "confirm": {"elena-too-late"}}); rec.Code != http.StatusGone {
		t.Errorf("posting the expired link = %d, want 410", rec.Code)
	}
	if after := aa.snapshot(t); after != before {
		t.Fatalf("an expired link changed the database:\n%s", diffLines(before, after))
	}

	// A forgotten password: a new invitation (through the API this time) chooses a new one and signs
	// the director's devices out. Anna's earlier session has ended meanwhile (12 hours): she signs in again.
	aa.annaToken = aa.signInAPI(t, "Anna", annaPassword)
	var darioID uint
	for _, d := range decodeBody[[]store.DirectorLine](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/directors", nil, http.StatusOK)) {
		if d.Name == "Dario" {
			darioID = d.ID
		}
		if d.Name == "Elena" && (!d.InvitationExpired || d.Active || !d.Admin) {
			t.Errorf("Elena's line = %+v, want an administrator invited, the invitation expired", d)
		}
	}
	darioToken := aa.signInAPI(t, "Dario", "dario-sprints")
	inv := decodeBody[struct {
		Director   store.DirectorLine `json:"director"`
		Invitation struct {
			URL   string `json:"url"`
			Token string `json:"token"`
		} `json:"invitation"`
	}](t, aa.call(t, aa.annaToken, http.MethodPost, "/api/v1/directors/"+itoa(darioID)+"/invitation", nil, http.StatusCreated))
	if !strings.HasSuffix(inv.Invitation.URL, "/invitations/"+inv.Invitation.Token) || inv.Director.InvitationExpiresAt == nil {
		t.Errorf("the new invitation = %+v", inv)
	}
	reset := aa.newBrowser("")
	if rec := reset.get(t, "/invitations/"+inv.Invitation.Token); !strings.Contains(rec.Body.String(), "A new password, Dario") {
		t.Errorf("the new invitation's page does not say it replaces the password; body:\n%s", clip(rec.Body.String()))
	}
	reset.post(t, "/invitations/"+inv.Invitation.Token, url.Values{"password": {"dario-new-legs"}, "confirm": {"dario-new-legs"}})
	if rec := aa.api(t, darioToken, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Dario's older session after the new password = %d, want 401 (signed out)", rec.Code)
	}
	if rec := aa.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"name": "Dario", "password": "dario-sprints"}); rec.Code != http.StatusUnauthorized {
		t.Errorf("Dario's old password = %d, want 401", rec.Code)
	}
	aa.signInAPI(t, "Dario", "dario-new-legs")
}

// TestSignInWithPasswords refuses wrong passwords and unknown names alike (nothing says which was
// wrong), counts them per address as wrong PINs are, and after MaxWrongPINs refuses even the right
// one for a minute (429, Retry-After). Sessions are kept in the database: another instance of the
// app on it knows them, and signing out ends them there too.
func TestSignInWithPasswords(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	wrongs := []map[string]string{{"name": "Bruno", "password": "not-brunos-password"}, {"name": "Nobody", "password": brunoPassword}}
	var messages []string
	for _, body := range wrongs {
		rec := aa.api(t, "", http.MethodPost, "/api/v1/session", body)
		if rec.Code != http.StatusUnauthorized {
			t.Errorf("signing in with %v = %d, want 401", body, rec.Code)
		}
		messages = append(messages, decode[apiError](t, rec).Error.Message)
	}
	if messages[0] != messages[1] || !strings.Contains(messages[0], "do not match a director's account") {
		t.Errorf("a wrong password says %q, an unknown name %q: want the same words", messages[0], messages[1])
	}
	for _, body := range []map[string]any{{"name": "Bruno"}, {"password": "x"}, {"name": " ", "password": "y"}} {
		if rec := aa.api(t, "", http.MethodPost, "/api/v1/session", body); rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("signing in with %v = %d, want 422", body, rec.Code)
		}
	}
	// The page: the message beside the password, the name kept; then too many from this network address.
	phone := aa.newBrowser("203.0.113.9:1000")
	rec := phone.signInAs(t, "Bruno", "still-not-it", "")
	if rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), `id="err-password"`) || !strings.Contains(rec.Body.String(), `value="Bruno"`) {
		t.Errorf("a wrong password on the page = %d, want 401 beside the password, the name kept; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	for range auth.MaxWrongPINs - 1 {
		phone.signInAs(t, "Bruno", "still-not-it", "")
	}
	rec = phone.signInAs(t, "Bruno", brunoPassword, "")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "60" || !strings.Contains(rec.Body.String(), "Too many wrong passwords from this network address") {
		t.Errorf("the right password after %d wrong = %d (Retry-After %q), want 429; body:\n%s", auth.MaxWrongPINs, rec.Code, rec.Header().Get("Retry-After"), clip(rec.Body.String()))
	}
	if other := aa.newBrowser("203.0.114.9:1000"); other.signInAs(t, "Bruno", brunoPassword, "").Code != http.StatusSeeOther {
		t.Errorf("another device is locked out too")
	}
	aa.clock.advance(auth.LockedOutFor)
	rec = phone.signInAs(t, "Bruno", brunoPassword, "/tours")
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/tours" {
		t.Fatalf("the right password after the lock-out = %d %s, want 303 to /tours", rec.Code, rec.Header().Get("Location"))
	}

	// Another instance on the same database knows the session; signing out on one ends it on both.
	token := aa.signInAPI(t, "Carla", carlaPassword)
	second := openLockedApp(t, aa.Path, aa.clock)
	if rec := second.api(t, token, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusOK || len(decodeBody[[]store.TourSummary](t, rec)) != 1 {
		t.Errorf("Carla's token on a second instance = %d, want her one tour; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := second.api(t, token, http.MethodDelete, "/api/v1/session", nil); rec.Code != http.StatusNoContent {
		t.Errorf("signing out on the second instance = %d, want 204", rec.Code)
	}
	if rec := aa.api(t, token, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Carla's token on the first instance after signing out = %d, want 401", rec.Code)
	}
	who := decodeBody[map[string]any](t, aa.api(t, aa.brunoToken, http.MethodGet, "/api/v1/session", nil))
	if who["mode"] != "accounts" || who["signed_in"] != true || who["name"] != "Bruno" || who["admin"] != nil {
		t.Errorf("GET /api/v1/session as Bruno = %v", who)
	}
	// A session ends after its 12 hours.
	aa.clock.advance(auth.SessionTTL)
	if rec := aa.api(t, aa.brunoToken, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Bruno's token after 12 hours = %d, want 401", rec.Code)
	}
	// Signing out on the page ends the page's session.
	carla := aa.directorBrowser(t, "Carla", carlaPassword)
	ck := *carla.cookies["rd_director"]
	if rec := carla.post(t, "/sign-out", nil); rec.Code != http.StatusSeeOther || carla.cookies["rd_director"] != nil {
		t.Errorf("signing out = %d, want 303 and the cookie gone", rec.Code)
	}
	req := newFormRequest(http.MethodGet, "/tours", nil)
	req.AddCookie(&ck)
	if rec := aa.newBrowser("").send(t, req); !toSignIn(rec) {
		t.Errorf("the signed-out cookie sent again = %d, want the sign-in page", rec.Code)
	}
}
