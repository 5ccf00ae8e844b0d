package app_test

// racedirector admin reset, disable, enable, rename and remove: directors for years at the command
// line, on the database an app serves.

import (
	"net/http"
	"strings"
	"testing"

	"racedirector/app/store"
)

// TestAdminManagesDirectorsAtTheCommandLine runs the commands on the accounts' database while the
// app serves it: their refusals (nothing changed), a reset that ends Bruno's token at once and says
// until when its link works, disabling and enabling him, renaming Carla, and removing her with
// Bruno as heir; the last administrator is neither disabled nor removed.
func TestAdminManagesDirectorsAtTheCommandLine(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	path := aa.Path
	before := aa.snapshot(t)
	for _, c := range []struct {
		code int
		args []string
		says string
	}{
		{2, []string{"remove", "Carla"}, "remove takes the heir: -heir NAME"},
		{2, []string{"disable"}, "takes the director's name"},
		{2, []string{"rename", "Carla"}, "takes the director's name and the new name"},
		{2, []string{"disable", "Carla", "-heir", "Bruno"}, "-heir is for remove"},
		{2, []string{"reset", "Carla", "-password-stdin"}, "-password-stdin is for create-director and invite"},
		{1, []string{"disable", "Nobody"}, `no director "Nobody" not found`},
		{1, []string{"remove", "Carla", "-heir", "Nobody"}, `no director "Nobody" not found`},
		{1, []string{"remove", "Carla", "-heir", "carla"}, "heir must be another director"},
		{1, []string{"remove", "Anna", "-heir", "Bruno"}, "the last administrator's account"},
		{1, []string{"disable", "Anna"}, "the last administrator's account"},
		{1, []string{"rename", "Carla", "bruno"}, `a director called "bruno" already exists`},
		{1, []string{"rename", "Carla", strings.Repeat("c", 41)}, "at most 40 characters"},
	} {
		_, errs := adminCLI(t, path, "", c.code, c.args...)
		if !strings.Contains(errs, c.says) {
			t.Errorf("racedirector admin %s: stderr %q, want it to say %q", strings.Join(c.args, " "), errs, c.says)
		}
	}
	if after := aa.snapshot(t); after != before {
		t.Fatalf("refused commands changed the database:\n%s", diffLines(before, after))
	}

	out, _ := adminCLI(t, path, "", 0, "reset", "bruno")
	if m := invitationLink.FindStringSubmatch(out); m == nil || !strings.Contains(out, "Reset link for Bruno (works once, until") || !strings.Contains(out, "password no longer works") {
		t.Errorf("admin reset printed:\n%s\nwant the link, until when it works, and that the password ended", out)
	}
	if rec := aa.api(t, aa.brunoToken, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Bruno's token after admin reset = %d, want 401", rec.Code)
	}
	if out, _ := adminCLI(t, path, "", 0, "list"); !strings.Contains(out, "password reset, no new one yet, invitation until") {
		t.Errorf("admin list after Bruno's reset printed:\n%s", out)
	}
	adminCLI(t, path, "bruno-again-2028\n", 0, "invite", "Bruno", "-password-stdin")
	token := aa.signInAPI(t, "Bruno", "bruno-again-2028")

	out, _ = adminCLI(t, path, "", 0, "disable", "Bruno")
	if !strings.Contains(out, "Bruno's account is disabled") || !strings.Contains(out, "1 tour") {
		t.Errorf("admin disable printed:\n%s", out)
	}
	if rec := aa.api(t, token, http.MethodGet, "/api/v1/tours", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("Bruno's token after admin disable = %d, want 401", rec.Code)
	}
	if out, _ := adminCLI(t, path, "", 0, "list"); !strings.Contains(out, "disabled since") {
		t.Errorf("admin list after disabling Bruno printed:\n%s", out)
	}
	if out, _ := adminCLI(t, path, "", 0, "enable", "Bruno"); !strings.Contains(out, "Bruno signs in again") {
		t.Errorf("admin enable printed:\n%s", out)
	}
	aa.signInAPI(t, "Bruno", "bruno-again-2028")

	if out, _ := adminCLI(t, path, "", 0, "rename", "Carla", "Carla Verdi"); !strings.Contains(out, `now called "Carla Verdi"`) {
		t.Errorf("admin rename printed:\n%s", out)
	}
	out, _ = adminCLI(t, path, "", 0, "remove", "carla verdi", "--heir", "Bruno")
	if !strings.Contains(out, "Carla Verdi's account is removed; Bruno received 1 tour and 6 teams") || !strings.Contains(out, "team renamed") {
		t.Errorf("admin remove printed:\n%s", out)
	}
	tour := decodeBody[store.TourView](t, aa.call(t, aa.signInAPI(t, "Bruno", "bruno-again-2028"), http.MethodGet, "/api/v1/tours/"+itoa(aa.carlaTour.ID), nil, http.StatusOK))
	if tour.FollowCode != aa.carlaTour.FollowCode {
		t.Errorf("Carla's tour, Bruno's now, has the follow code %q, want %q", tour.FollowCode, aa.carlaTour.FollowCode)
	}
	if out, _ := adminCLI(t, path, "", 0, "help"); !strings.Contains(out, "remove NAME -heir HEIR") || !strings.Contains(out, "reset NAME") {
		t.Errorf("admin help printed:\n%s", out)
	}
}
