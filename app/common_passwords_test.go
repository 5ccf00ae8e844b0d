package app_test

// Common and trivially weak passwords are refused wherever a password is chosen: the first-run
// setup, an invitation's page and the admin command's -password-stdin (no API call chooses one).

import (
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app"
)

// TestCommonPasswordsAreRefused chooses weak passwords on the setup page (beside the password, in
// the page's language, storing nothing), at the command line (exit 1, saying why) and on an
// invitation's page; a passphrase PIN on the list stops the app from starting. Good ones are taken.
func TestCommonPasswordsAreRefused(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	la := &lockedApp{testApp: ta, clock: newTestClock()}
	laptop := la.newBrowser(localAddr)
	before := la.snapshot(t)
	for _, c := range []struct{ password, says string }{
		{"password123", "one of the most common passwords"},
		{"QWERTYUIOP", "one of the most common passwords"},
		{"aaaaaaaaaaaa", "one character or a few repeated"},
		{"ytrewq654321", "keyboard row or a sequence"},
		{"Anna Anna Anna", "made from the director&#39;s name"},
	} {
		if rec := laptop.post(t, "/setup", url.Values{"name": {"Anna"}, "password": {c.password}, "confirm": {c.password}}); rec.Code != http.StatusSeeOther {
			t.Errorf("setup with %q = %d, want 303 back to the form", c.password, rec.Code)
		}
		page := laptop.get(t, "/setup")
		if body := page.Body.String(); page.Code != http.StatusUnprocessableEntity || !strings.Contains(body, `id="err-password">The password `) || !strings.Contains(body, c.says) {
			t.Errorf("setup with %q shown again = %d, want 422 saying beside the password %q; body:\n%s", c.password, page.Code, c.says, clip(body))
		}
	}
	req := newFormRequest(http.MethodPost, "/setup", url.Values{"name": {"Anna"}, "password": {"iloveyou123"}, "confirm": {"iloveyou123"}, "_csrf": {laptop.token(t)}})
	req.Header.Set("Accept-Language", "es")
	laptop.send(t, req)
	req = newFormRequest(http.MethodGet, "/setup", nil)
	req.Header.Set("Accept-Language", "es")
	if body := laptop.send(t, req).Body.String(); !strings.Contains(body, "La contraseña es una de las más comunes") {
		t.Errorf("the refusal in Spanish is not beside the password; body:\n%s", clip(body))
	}
	if after := la.snapshot(t); after != before {
		t.Fatalf("refused setups changed the database:\n%s", diffLines(before, after))
	}
	if rec := laptop.post(t, "/setup", url.Values{"name": {"Anna"}, "password": {annaPassword}, "confirm": {annaPassword}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/directors" {
		t.Fatalf("setup with a good password = %d %s, want 303 to /directors", rec.Code, rec.Header().Get("Location"))
	}

	for stdin, says := range map[string]string{"football123\n": "one of the most common passwords", "brunobruno1\n": "made from the director's name", "0987654321\n": "keyboard row or a sequence"} {
		if _, errs := adminCLI(t, la.Path, stdin, 1, "create-director", "Bruno", "-password-stdin"); !strings.Contains(errs, "-password-stdin: the password ") || !strings.Contains(errs, says) {
			t.Errorf("admin create-director with %q said %q, want %q", strings.TrimSpace(stdin), errs, says)
		}
	}
	out, _ := adminCLI(t, la.Path, "", 0, "create-director", "Dora")
	m := invitationLink.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no invitation link in:\n%s", out)
	}
	link := "/invitations/" + m[2]
	dora := la.newBrowser("")
	for password, says := range map[string]string{"dora-dora-dora": "made from the director&#39;s name", "1q2w3e4r5t6y": "one of the most common passwords"} {
		dora.post(t, link, url.Values{"password": {password}, "confirm": {password}})
		if page := dora.get(t, link); page.Code != http.StatusUnprocessableEntity || !strings.Contains(page.Body.String(), says) {
			t.Errorf("the invitation with %q shown again = %d, want 422 saying %q; body:\n%s", password, page.Code, says, clip(page.Body.String()))
		}
	}
	if rec := dora.post(t, link, url.Values{"password": {"dora descends fast"}, "confirm": {"dora descends fast"}}); rec.Code != http.StatusSeeOther || dora.cookies["rd_director"] == nil {
		t.Errorf("the invitation with a good password = %d, want 303 and signed in", rec.Code)
	}

	if _, err := app.New(la.Path, slog.New(slog.NewTextHandler(io.Discard, nil)), app.WithPIN("Sunshine1")); err == nil || !strings.Contains(err.Error(), "most common passwords") {
		t.Errorf("starting with the PIN Sunshine1: %v, want it refused as a common password", err)
	}
}
