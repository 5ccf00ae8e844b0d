package app_test

// The pages as a follower and as the director see them on a locked table, and an open table.

import (
	"net/http"
	"strings"
	"testing"
)

// TestCachedPagesKeepTheDirectorsControlsToHimself opens the same kept pages (the tour's
// classifications, its stage sheet, the tours list) as the director and as a follower, in both
// orders: the page cache must never hand one the other's page. The follower's has no sign-out, no
// edit control, no link to the stage screen; the director's has them.
func TestCachedPagesKeepTheDirectorsControlsToHimself(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	id := itoa(la.tour.ID)
	stageScreen := `href="/tours/` + id + `/stages/1"`
	for _, p := range []string{"/tours/" + id + "/classifications", "/tours/" + id + "/stages/2/sheet", "/tours"} {
		for _, directorFirst := range []bool{true, false} {
			dir, anyone := la.director(t), la.newBrowser("")
			order := []*browser{anyone, dir}
			if directorFirst {
				order = []*browser{dir, anyone}
			}
			pages := map[*browser]string{}
			for _, b := range append(order, order...) { // twice: the second answers come from the cache
				rec := b.get(t, p)
				if rec.Code != http.StatusOK {
					t.Fatalf("GET %s = %d", p, rec.Code)
				}
				pages[b] = rec.Body.String()
			}
			if d := pages[dir]; !strings.Contains(d, `action="/sign-out"`) || !strings.Contains(d, stageScreen) {
				t.Errorf("the director's %s (director first: %v) lacks the sign-out button or the stage screen link:\n%s", p, directorFirst, clip(d))
			}
			f := pages[anyone]
			for _, no := range []string{`action="/sign-out"`, stageScreen, "/delete", "/advantages", `action="/tours/import"`, "/tours/new"} {
				if strings.Contains(f, no) {
					t.Errorf("a follower's %s (director first: %v) shows %s:\n%s", p, directorFirst, no, clip(f))
				}
			}
			if !strings.Contains(f, "Director sign-in") {
				t.Errorf("a follower's %s offers no sign-in", p)
			}
		}
	}
}

// TestFollowersSeeNoEditControls opens the home page, the teams and a tour as a follower: no edit
// button, the tour's own address leads to the stage's sheet (the director's to the stage screen).
func TestFollowersSeeNoEditControls(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	anyone, dir := la.newBrowser(""), la.director(t)
	id := itoa(la.tour.ID)
	home := anyone.get(t, "/").Body.String()
	if strings.Contains(home, "/tours/new") || strings.Contains(home, `href="/tours/`+id+`/stages/1"`) || !strings.Contains(home, `href="/tours/`+id+`/stages/1/sheet"`) {
		t.Errorf("a follower's home page offers to start a tour or the stage screen, or no way to see the race:\n%s", clip(home))
	}
	if d := dir.get(t, "/").Body.String(); !strings.Contains(d, "/tours/new") || !strings.Contains(d, `href="/tours/`+id+`/stages/1"`) {
		t.Errorf("the director's home page lacks the new tour or the stage screen:\n%s", clip(d))
	}
	teams := anyone.get(t, "/teams").Body.String()
	for _, no := range []string{"/edit", "/delete", "/teams/new", "/teams/import", "/riders/new"} {
		if strings.Contains(teams, no) {
			t.Errorf("a follower's teams page shows %s", no)
		}
	}
	if !strings.Contains(teams, "/api/v1/teams/export.xlsx") {
		t.Errorf("a follower's teams page lost the exports")
	}
	if d := dir.get(t, "/teams").Body.String(); !strings.Contains(d, "/teams/new") || !strings.Contains(d, "/edit") {
		t.Errorf("the director's teams page lacks its edit controls")
	}
	if rec := anyone.get(t, "/tours/"+id); rec.Header().Get("Location") != "/tours/"+id+"/stages/1/sheet" {
		t.Errorf("a follower's GET /tours/%s goes to %q, want the stage's sheet", id, rec.Header().Get("Location"))
	}
	if rec := dir.get(t, "/tours/"+id); rec.Header().Get("Location") != "/tours/"+id+"/stages/1" {
		t.Errorf("the director's GET /tours/%s goes to %q, want the stage screen", id, rec.Header().Get("Location"))
	}
}

// TestWithoutAPINTheTableIsOpen serves an app without a PIN, as on the director's own laptop:
// every page is open, the menu offers neither sign-in nor sign-out, the sign-in page says none is
// needed, and the API's sign-in answers a token all the same (a script works on both kinds of table).
func TestWithoutAPINTheTableIsOpen(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	home := ta.do(t, http.MethodGet, "/", nil).Body.String()
	if strings.Contains(home, "Sign out") || strings.Contains(home, "Director sign-in") || !strings.Contains(home, "/tours/new") {
		t.Errorf("the home page of an open table shows sign-in or sign-out, or no new tour:\n%s", clip(home))
	}
	if rec := ta.do(t, http.MethodGet, "/teams/new", nil); rec.Code != http.StatusOK {
		t.Errorf("GET /teams/new on an open table = %d, want 200", rec.Code)
	}
	if rec := ta.do(t, http.MethodGet, "/sign-in", nil); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "No sign-in needed") {
		t.Errorf("GET /sign-in on an open table = %d, want a page saying none is needed", rec.Code)
	}
	if rec := ta.do(t, http.MethodPost, "/api/v1/session", map[string]string{"pin": "1234"}); rec.Code != http.StatusCreated || !strings.Contains(rec.Body.String(), `"token":"`) {
		t.Errorf("POST /api/v1/session on an open table = %d %s, want 201 and a token", rec.Code, rec.Body)
	}
	if rec := ta.do(t, http.MethodPost, "/api/v1/session", map[string]string{}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("POST /api/v1/session without a PIN on an open table = %d, want 422", rec.Code)
	}
}
