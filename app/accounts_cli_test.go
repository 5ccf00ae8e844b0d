package app_test

// racedirector admin: directors' accounts at the command line.

import (
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"racedirector/app"
	"racedirector/app/store"
)

// invitationLink finds an invitation's link in what the command printed.
var invitationLink = regexp.MustCompile(`(https?://\S+)/invitations/([A-Za-z0-9_-]{43})`)

// TestAdminCreatesDirectorsAtTheCommandLine walks the command: its usage and refusals (nothing
// created), the first account (an administrator, owner of what was there) with a one-time link, a
// second with a password read from standard input, a new invitation that ends the earlier one, and
// the list. The links work on the app served on that database.
func TestAdminCreatesDirectorsAtTheCommandLine(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t) // a single director's database: the default teams
	path := ta.Path
	if err := ta.Close(); err != nil {
		t.Fatal(err)
	}
	ta.closed = true

	out, _ := adminCLI(t, path, "", 2)
	if !strings.Contains(out, "create-director NAME") {
		t.Errorf("racedirector admin without a command printed:\n%s\nwant the usage", out)
	}
	for _, c := range []struct {
		stdin string
		code  int
		args  []string
		says  string
	}{
		{"", 2, []string{"make-director", "X"}, `unknown command "make-director"`},
		{"", 2, []string{"create-director"}, "takes the director's name"},
		{"", 2, []string{"create-director", "Ana", "Maria"}, "quote a name with spaces"},
		{"", 2, []string{"list", "-admin"}, "-admin is for create-director"},
		{"", 2, []string{"create-director", "-nope", "X"}, "flag provided but not defined"},
		{"", 1, []string{"create-director", "   "}, "the name is required"},
		{"", 1, []string{"create-director", strings.Repeat("n", 41)}, "at most 40 characters"},
		{"", 1, []string{"create-director", "Tab\there"}, "letters, digits, spaces and punctuation"},
		{"short\n", 1, []string{"create-director", "Ana", "-password-stdin"}, "10 to 128 characters: this one has 5"},
		{"\n", 1, []string{"create-director", "Ana", "-password-stdin"}, "its first line is empty"},
		{"Ana Ana Ana\n", 1, []string{"create-director", "Ana Ana Ana", "-password-stdin"}, "not the director's name"},
		{"", 1, []string{"invite", "Nobody"}, `no director "Nobody" not found`},
	} {
		_, errs := adminCLI(t, path, c.stdin, c.code, c.args...)
		if !strings.Contains(errs, c.says) {
			t.Errorf("racedirector admin %s: stderr %q, want it to say %q", strings.Join(c.args, " "), errs, c.says)
		}
	}
	if out, _ := adminCLI(t, path, "", 0, "list"); !strings.Contains(out, "No director's account") {
		t.Errorf("admin list after the refusals printed %q, want no account", out)
	}

	out, _ = adminCLI(t, path, "", 0, "create-director", "Marta Rossi")
	m := invitationLink.FindStringSubmatch(out)
	if m == nil || m[1] != "http://127.0.0.1:8080" || !strings.Contains(out, "an administrator, owner of every tour and team") || !strings.Contains(out, "works once, until") {
		t.Fatalf("the first create-director printed:\n%s\nwant the first account, an administrator, and its one-time link", out)
	}
	first := m[2]
	_, errs := adminCLI(t, path, "", 1, "create-director", "marta rossi")
	if !strings.Contains(errs, `a director called "marta rossi" already exists`) {
		t.Errorf("a second Marta Rossi: stderr %q", errs)
	}
	out, _ = adminCLI(t, path, "pedro-pedals-fast\r\nignored\n", 0, "create-director", "--password-stdin", "Pedro")
	if !strings.Contains(out, `Director "Pedro" created, with a copy of the default teams`) || strings.Contains(out, "/invitations/") {
		t.Errorf("create-director Pedro with a password printed:\n%s", out)
	}
	out, _ = adminCLI(t, path, "", 0, "invite", "-url", "https://club.example/rd/", "MARTA ROSSI")
	m = invitationLink.FindStringSubmatch(out)
	if m == nil || m[1] != "https://club.example/rd" {
		t.Fatalf("admin invite -url printed:\n%s\nwant a link on https://club.example/rd", out)
	}
	second := m[2]
	out, _ = adminCLI(t, path, "", 0, "list")
	for _, want := range []string{"Marta Rossi", "administrator", "invited, no password yet, invitation until", "Pedro", "signs in", "6 teams"} {
		if !strings.Contains(out, want) {
			t.Errorf("admin list printed:\n%s\nwant %q in it", out, want)
		}
	}

	la := openLockedApp(t, path, &testClock{now: time.Now()}) // the command's invitations are on the real clock
	phone := la.newBrowser("")
	if rec := phone.get(t, "/invitations/"+first); rec.Code != http.StatusNotFound {
		t.Errorf("the first link, replaced by a new invitation: GET = %d, want 404", rec.Code)
	}
	rec := phone.get(t, "/invitations/"+second)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Welcome, Marta Rossi") {
		t.Fatalf("the new link = %d, want the welcome of Marta Rossi; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := phone.post(t, "/invitations/"+second, url.Values{"password": {"marta-runs-the-club"}, "confirm": {"marta-runs-the-club"}}); rec.Code != http.StatusSeeOther || phone.cookies["rd_director"] == nil {
		t.Fatalf("choosing Marta's password = %d, want 303 and signed in; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	// Marta, the first account, owns the default teams that were there; Pedro has his own copy, and
	// sees only it; Marta, the administrator, sees both.
	marta := decodeBody[[]store.Team](t, la.api(t, la.tokenFor(t, "Marta Rossi", "marta-runs-the-club"), http.MethodGet, "/api/v1/teams", nil))
	pedro := decodeBody[[]store.Team](t, la.api(t, la.tokenFor(t, "pedro", "pedro-pedals-fast"), http.MethodGet, "/api/v1/teams", nil))
	if len(marta) != 12 || len(pedro) != 6 || pedro[0].Name != "Azul" || pedro[0].ID <= 6 {
		t.Errorf("Marta sees %d teams, Pedro %d (first %+v), want 12 and Pedro's own 6, a new copy of the defaults", len(marta), len(pedro), pedro[0])
	}
	for _, d := range decodeBody[[]store.DirectorLine](t, la.api(t, la.tokenFor(t, "Marta Rossi", "marta-runs-the-club"), http.MethodGet, "/api/v1/directors", nil)) {
		if d.Teams != 6 || d.Active != true || d.Admin != (d.Name == "Marta Rossi") {
			t.Errorf("director %+v, want 6 teams each, both signing in, Marta the administrator", d)
		}
	}
}

// tokenFor signs in through the API with a name and password and returns the token.
func (la *lockedApp) tokenFor(t testing.TB, name, password string) string {
	t.Helper()
	return (&accountsApp{lockedApp: la}).signInAPI(t, name, password)
}

// TestAdminLinkHost makes the link of the listen address, and the app's sign-in works on a database
// made by the command before the app ever started.
func TestAdminLinkHost(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "new.db")
	env := map[string]string{"RACEDIRECTOR_DB": path, "RACEDIRECTOR_ADDR": ":9090"}
	var out strings.Builder
	var errs strings.Builder
	if code := adminWithEnv(env, "", &out, &errs, "create-director", "Zoe"); code != 0 {
		t.Fatalf("create-director on a new database = %d; stderr %s", code, errs.String())
	}
	if m := invitationLink.FindStringSubmatch(out.String()); m == nil || m[1] != "http://localhost:9090" {
		t.Errorf("the link for -addr :9090 is in %q, want http://localhost:9090", out.String())
	}
	la := openLockedApp(t, path, &testClock{now: time.Now()})
	if got := decodeBody[map[string]any](t, la.api(t, "", http.MethodGet, "/api/v1/session", nil)); got["mode"] != "accounts" || got["signed_in"] != false {
		t.Errorf("GET /api/v1/session = %v, want accounts mode, not signed in", got)
	}
	// The first account, made before the app ever started, owns the default teams the command loaded.
	if code := adminWithEnv(env, "zoe-zooms-downhill\n", &out, &errs, "invite", "zoe", "-password-stdin"); code != 0 {
		t.Fatalf("invite -password-stdin = %d; stderr %s", code, errs.String())
	}
	if teams := decodeBody[[]store.Team](t, la.api(t, la.tokenFor(t, "Zoe", "zoe-zooms-downhill"), http.MethodGet, "/api/v1/teams", nil)); len(teams) != 6 {
		t.Errorf("Zoe has %d teams, want the 6 default ones", len(teams))
	}
	// A public URL (the one the app is served at) makes the link, unless -url says otherwise.
	env["RACEDIRECTOR_PUBLIC_URL"] = "https://race.club.example"
	out.Reset()
	if code := adminWithEnv(env, "", &out, &errs, "create-director", "Yves"); code != 0 {
		t.Fatalf("create-director with a public URL = %d; stderr %s", code, errs.String())
	}
	if m := invitationLink.FindStringSubmatch(out.String()); m == nil || m[1] != "https://race.club.example" {
		t.Errorf("the link with RACEDIRECTOR_PUBLIC_URL is in %q, want https://race.club.example", out.String())
	}
}

// adminWithEnv runs racedirector admin with the environment env.
func adminWithEnv(env map[string]string, stdin string, stdout, stderr *strings.Builder, args ...string) int {
	return app.Admin(args, func(k string) string { return env[k] }, strings.NewReader(stdin), stdout, stderr)
}
