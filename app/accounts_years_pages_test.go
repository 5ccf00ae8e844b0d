package app_test

// Directors for years on the administrators' page: rename, disable, enable, reset and remove, with
// refusals said on the page (after post/redirect/get) and nothing stored.

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestDirectorsPageManagesDirectors walks Anna's directors' page: each other director has a reset,
// a disable and a remove; disabling Bruno signs his device out and marks him; enabling him again;
// a refused name is said beside his rename form; removing Carla asks for the heir first, refuses
// none, and gives Bruno her tour; Anna cannot disable herself.
func TestDirectorsPageManagesDirectors(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	anna := aa.directorBrowser(t, "Anna", annaPassword)
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	page := anna.get(t, "/directors").Body.String()
	for _, want := range []string{
		fmt.Sprintf(`action="/directors/%d/disable"`, aa.brunoID), fmt.Sprintf(`href="/directors/%d/remove"`, aa.carlaID),
		fmt.Sprintf(`action="/directors/%d/name"`, aa.brunoID), "Reset password", "Rename",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("Anna's directors' page lacks %s", want)
		}
	}
	if strings.Contains(page, fmt.Sprintf(`action="/directors/%d/disable"`, aa.annaID)) {
		t.Errorf("Anna's directors' page offers to disable herself")
	}

	if rec := anna.post(t, fmt.Sprintf("/directors/%d/disable", aa.brunoID), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("disabling Bruno on the page = %d", rec.Code)
	}
	if page := anna.get(t, "/directors").Body.String(); !strings.Contains(page, "Bruno&#39;s account is disabled") || !strings.Contains(page, "Disabled since") {
		t.Errorf("the page after disabling Bruno does not say so")
	}
	if rec := bruno.get(t, "/tours"); !toSignIn(rec) {
		t.Errorf("Bruno's device after he was disabled on the page = %d, want the sign-in page", rec.Code)
	}
	if rec := anna.post(t, fmt.Sprintf("/directors/%d/enable", aa.brunoID), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("enabling Bruno on the page = %d", rec.Code)
	}
	aa.directorBrowser(t, "Bruno", brunoPassword)

	before := aa.snapshot(t)
	if rec := anna.post(t, fmt.Sprintf("/directors/%d/disable", aa.annaID), nil); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/directors" {
		t.Errorf("Anna disabling herself on the page = %d %s, want 303 back to /directors", rec.Code, rec.Header().Get("Location"))
	} else if page := anna.get(t, "/directors"); page.Code != http.StatusConflict || !strings.Contains(page.Body.String(), "You cannot disable your own account") {
		t.Errorf("Anna's refused disabling shown = %d; body:\n%s", page.Code, clip(page.Body.String()))
	}
	if rec := anna.post(t, fmt.Sprintf("/directors/%d/name", aa.brunoID), url.Values{"name": {"carla"}}); rec.Code != http.StatusSeeOther {
		t.Errorf("a refused name on the page = %d, want 303", rec.Code)
	} else if page := anna.get(t, "/directors"); page.Code != http.StatusUnprocessableEntity || !strings.Contains(page.Body.String(), `id="err-rename"`) || !strings.Contains(page.Body.String(), "already exists") {
		t.Errorf("the refused name shown = %d, want 422 beside the form; body:\n%s", page.Code, clip(page.Body.String()))
	}
	remove := fmt.Sprintf("/directors/%d/remove", aa.carlaID)
	confirm := anna.get(t, remove)
	if confirm.Code != http.StatusOK || !strings.Contains(confirm.Body.String(), `name="heir"`) || !strings.Contains(confirm.Body.String(), fmt.Sprintf(`value="%d"`, aa.brunoID)) || strings.Contains(confirm.Body.String(), fmt.Sprintf(`<option value="%d"`, aa.carlaID)) {
		t.Errorf("the removal's confirmation = %d, want the heirs to choose (not Carla); body:\n%s", confirm.Code, clip(confirm.Body.String()))
	}
	if rec := anna.post(t, remove, url.Values{"heir": {"0"}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != remove {
		t.Errorf("a removal without an heir = %d %s, want 303 back to its confirmation", rec.Code, rec.Header().Get("Location"))
	} else if page := anna.get(t, remove); page.Code != http.StatusUnprocessableEntity || !strings.Contains(page.Body.String(), `id="err-heir"`) {
		t.Errorf("the refused removal shown = %d; body:\n%s", page.Code, clip(page.Body.String()))
	}
	if after := aa.snapshot(t); after != before {
		t.Fatalf("refusals on the directors' page changed the database:\n%s", diffLines(before, after))
	}
	if rec := anna.post(t, remove, url.Values{"heir": {itoa(aa.brunoID)}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/directors" {
		t.Fatalf("removing Carla = %d %s", rec.Code, rec.Header().Get("Location"))
	}
	if page := anna.get(t, "/directors").Body.String(); !strings.Contains(page, "Carla&#39;s account is removed; Bruno received 1 tour and 6 teams") || strings.Contains(page, fmt.Sprintf(`id="director-%d"`, aa.carlaID)) {
		t.Errorf("the page after removing Carla does not say so, or still lists her; body:\n%s", clip(page))
	}
	if rec := anna.post(t, fmt.Sprintf("/directors/%d/name", aa.brunoID), url.Values{"name": {"Bruno Rossi"}}); rec.Code != http.StatusSeeOther {
		t.Errorf("renaming Bruno on the page = %d", rec.Code)
	}
	if rec := anna.post(t, fmt.Sprintf("/directors/%d/invitation", aa.brunoID), nil); rec.Code != http.StatusCreated || !strings.Contains(rec.Body.String(), "old password no longer works") || !linkOnPage.MatchString(rec.Body.String()) {
		t.Errorf("Bruno's reset on the page = %d, want the link and that his password ended; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := aa.api(t, "", http.MethodPost, "/api/v1/session", map[string]string{"name": "Bruno Rossi", "password": brunoPassword}); rec.Code != http.StatusUnauthorized {
		t.Errorf("Bruno's old password after the reset on the page = %d, want 401", rec.Code)
	}
}
