package app_test

// Post/redirect/get for refusals (issue 17, part 4): every page POST route is sent a form it
// refuses. The refusal must store nothing and either answer at an address that also answers GET with
// the page, or redirect (303) to one; a redirect's GET shows the refused form once, with the refusal's
// status, and a reload of that address shows the page afresh instead of sending the form again.

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// pageRefusal is a form a page POST route refuses.
type pageRefusal struct {
	// path is the address posted to; form what is posted (the CSRF token is added).
	path string
	form url.Values
	// status is the refusal's status (0: the route refuses nothing a director can type, only a
	// record that does not exist; its address must answer GET).
	status int
	// to is the address the refusal must be shown at ("" when it answers where it was posted).
	to string
}

// TestEveryPageRefusalAnswersAtAPageAddress walks every page POST route of the router.
func TestEveryPageRefusalAnswersAtAPageAddress(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}, false)
	team := teamNamed(t, ta, "Rojo").ID
	rider := getTeams(t, ta)[0].Riders[0].ID
	stage := fmt.Sprintf("/tours/%d/stages/1", r.id)
	adv := stage + "/advantages"
	ver := r.version(t, 1)
	real := youthTour(t, ta, nil) // a real race: its riders page has the young riders' forms
	season := fmt.Sprintf("/seasons/%d", decode[seasonJSON](t, ta.do(t, http.MethodPost, "/api/v1/seasons", map[string]any{"name": "Liga", "points": []int{3, 1}})).ID)
	v := func(kv ...string) url.Values {
		out := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			out.Add(kv[i], kv[i+1])
		}
		return out
	}
	cases := map[string]pageRefusal{
		"/teams":                                      {"/teams", v("name", "", "short", "ABC", "color", "#000000"), 422, "/teams/new"},
		"/teams/import":                               {"/teams/import", v(), 422, ""},
		"/teams/import/apply":                         {"/teams/import/apply", v("filename", "teams.csv", "content", ""), 422, "/teams/import"},
		"/teams/:id":                                  {fmt.Sprintf("/teams/%d", team), v("name", "", "short", "ROJ", "color", "#d62828"), 422, fmt.Sprintf("/teams/%d/edit", team)},
		"/teams/:id/delete":                           {fmt.Sprintf("/teams/%d/delete", team), nil, 0, ""},
		"/riders":                                     {"/riders", v("team_id", fmt.Sprint(team), "name", "", "number", "", "role", "leader"), 422, fmt.Sprintf("/teams/%d/riders/new", team)},
		"/riders/:id":                                 {fmt.Sprintf("/riders/%d", rider), v("team_id", fmt.Sprint(team), "name", "", "number", "1", "role", "leader"), 422, fmt.Sprintf("/riders/%d/edit", rider)},
		"/riders/:id/delete":                          {fmt.Sprintf("/riders/%d/delete", rider), nil, 0, ""},
		"/tours/new":                                  {"/tours/new", v("step", "tour", "name", ""), 0, ""},
		"/tours/import":                               {"/tours/import", v(), 422, "/tours"},
		"/tours/:id/delete":                           {fmt.Sprintf("/tours/%d/delete", r.id), nil, 0, ""},
		"/tours/:id/stages/:n/finish.csv":             {stage + "/finish.csv", v("_version", ver), 422, stage},
		"/tours/:id/stages/:n/sprints/:k":             {stage + "/sprints/1", v("order", "99", "_version", ver), 422, stage},
		"/tours/:id/stages/:n/climbs/:k":              {stage + "/climbs/1", v("order", "11 11", "_version", ver), 422, stage},
		"/tours/:id/stages/:n/finish":                 {stage + "/finish", v("g_turn", "0", "g_square", "3", "g_die", "9", "g_riders", "11", "_version", ver), 422, stage},
		"/tours/:id/stages/:n/abandons":               {stage + "/abandons", v("bib", "11", "reason", "", "_version", ver), 422, stage},
		"/tours/:id/stages/:n/abandons/:bib/delete":   {stage + "/abandons/11/delete", v("_version", ver), 409, stage},
		"/tours/:id/stages/:n/close":                  {stage + "/close", v("_version", ver), 422, stage},
		"/tours/:id/stages/:n/reopen":                 {stage + "/reopen", v(), 409, stage},
		"/tours/:id/stages/:n/undo":                   {stage + "/undo", v("_version", ver), 409, stage},
		"/tours/:id/stages/:n/advantages":             {adv, v("kind", "attack", "bib", "99", "_version", ver), 422, adv},
		"/tours/:id/stages/:n/advantages/:pos/delete": {adv + "/1/delete", v("_version", ver), 409, adv},
		"/tours/:id/stages/:n/weather":                {stage + "/weather", v("weather", "fair", "_version", ver), 422, adv},
		"/tours/:id/stages/:n/combativity":            {stage + "/combativity", v("bib", "99", "_version", ver), 422, adv},
		"/tours/:id/stages/:n/lost-turns":             {stage + "/lost-turns", v("bib", "99", "turn", "1", "reason", "crash", "_version", ver), 422, adv},
		"/tours/:id/stages/:n/fatigue":                {stage + "/fatigue", v("fatigue_11", "3", "_version", ver), 422, adv},
		"/tours/:id/stages/:n/volata":                 {stage + "/volata", v("target", "finish", "order", "11 21", "_version", ver), 422, stage},
		"/tours/:id/settings":                         {fmt.Sprintf("/tours/%d/settings", real.ID), v("youth_born_from", "2001-02-30"), 422, fmt.Sprintf("/tours/%d/riders", real.ID)},
		"/tours/:id/settings/combined":                {fmt.Sprintf("/tours/%d/settings/combined", r.id), v("combined", "maybe"), 422, fmt.Sprintf("/tours/%d/classifications", r.id)},
		"/tours/:id/stages/:n/team-times":             {fmt.Sprintf("/tours/%d/stages/1/team-times", real.ID), v("t1_time", "25:0x", "_version", "0"), 422, fmt.Sprintf("/tours/%d/stages/1", real.ID)},
		"/tours/:id/stages/:n/jury/:form":             {fmt.Sprintf("/tours/%d/stages/1/jury/penalty", real.ID), v("bib", "11", "seconds", "x", "reason", "late", "_version", "0"), 422, fmt.Sprintf("/tours/%d/stages/1", real.ID)},
		"/tours/:id/stages/:n/jury/:form/:key/delete": {fmt.Sprintf("/tours/%d/stages/1/jury/penalty/1/delete", real.ID), v("_version", "0"), 409, fmt.Sprintf("/tours/%d/stages/1", real.ID)},
		"/tours/:id/stages/:n/published":              {fmt.Sprintf("/tours/%d/stages/1/published", real.ID), v("published", "1,99999,4:00:00", "_version", "0"), 422, fmt.Sprintf("/tours/%d/stages/1", real.ID)},
		"/tours/:id/start-list":                       {fmt.Sprintf("/tours/%d/start-list", real.ID), v("start_list", "Nobody's team,1,Nobody"), 422, fmt.Sprintf("/tours/%d/riders", real.ID)},
		"/tours/:id/riders/born":                      {fmt.Sprintf("/tours/%d/riders/born", real.ID), v("bib", "11", "born", "tomorrow"), 422, fmt.Sprintf("/tours/%d/riders", real.ID)},
		"/tours/:id/teams/:team_id/manager":           {fmt.Sprintf("/tours/%d/teams/1/manager", r.id), v("manager", strings.Repeat("m", 41)), 422, fmt.Sprintf("/tours/%d/riders", r.id)},
		"/seasons":                                    {"/seasons", v("name", "", "points", "3, 1"), 422, "/seasons"},
		"/seasons/:id":                                {season, v("name", "Liga", "points", "3, x"), 422, season},
		"/seasons/:id/tours":                          {season + "/tours", v("tour", "99999"), 422, season},
		"/seasons/:id/delete":                         {season + "/delete", nil, 0, ""},
		"/seasons/import":                             {"/seasons/import", v(), 422, "/seasons"},
		"/sign-in":                                    {"/sign-in", nil, 0, ""},
		"/sign-out":                                   {"/sign-out", nil, 0, ""},
	}
	seen := map[string]bool{}
	for _, rt := range ta.Echo.Routes() {
		if rt.Method != http.MethodPost || strings.HasPrefix(rt.Path, "/api/") || seen[rt.Path] {
			continue
		}
		seen[rt.Path] = true
		if accountsRoute(rt.Path) {
			continue // from this machine, or an administrator's: accounts_scenario_test.go refuses their forms
		}
		c, ok := cases[rt.Path]
		if !ok {
			t.Errorf("POST %s: no refusal case; add one to this test", rt.Path)
			continue
		}
		t.Run(rt.Path, func(t *testing.T) { checkPageRefusal(t, ta, c) })
	}
	for path := range cases {
		if !seen[path] {
			t.Errorf("case for POST %s, which is no longer a page route", path)
		}
	}
}

// checkPageRefusal posts a refused form and follows where it leads, like a browser.
func checkPageRefusal(t *testing.T, ta *testApp, c pageRefusal) {
	before := ta.snapshot(t)
	if c.form == nil {
		// Nothing a director types is refused here: the address itself must answer GET (the confirmation).
		if got := ta.do(t, http.MethodGet, c.path, nil); got.Code != http.StatusOK {
			t.Errorf("GET %s = %d, want 200 (the page a refusal of its POST would show)", c.path, got.Code)
		}
		return
	}
	form := url.Values{}
	for k, vs := range c.form {
		form[k] = vs
	}
	form.Set("_csrf", ta.csrf(t))
	req := httptest.NewRequest(http.MethodPost, c.path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := ta.serve(t, req, true)
	if after := ta.snapshot(t); after != before {
		t.Errorf("the refused POST %s changed the database:\n%s", c.path, diffLines(before, after))
	}
	if rec.Code != http.StatusSeeOther {
		if c.to != "" {
			t.Errorf("POST %s = %d, want 303 to %s (post/redirect/get)", c.path, rec.Code, c.to)
		}
		if c.status != 0 && rec.Code != c.status {
			t.Errorf("POST %s = %d, want the refusal %d", c.path, rec.Code, c.status)
		}
		if got := ta.do(t, http.MethodGet, c.path, nil); got.Code != http.StatusOK {
			t.Errorf("POST %s answered %d where it was posted, but GET %s = %d: the address does not answer GET", c.path, rec.Code, c.path, got.Code)
		}
		return
	}
	loc := rec.Header().Get("Location")
	if c.to != "" && loc != c.to {
		t.Errorf("POST %s led to %q, want %q", c.path, loc, c.to)
	}
	if !refusalKept(rec) {
		t.Errorf("POST %s answered 303 to %s without keeping the refusal for it", c.path, loc)
	}
	shown := ta.do(t, http.MethodGet, loc, nil)
	if c.status != 0 && shown.Code != c.status {
		t.Errorf("POST %s then GET %s = %d, want the refusal %d", c.path, loc, shown.Code, c.status)
	}
	if body := shown.Body.String(); !strings.Contains(body, `role="alert"`) || !strings.Contains(body, `name="_csrf"`) {
		t.Errorf("GET %s after the refused POST %s shows no refusal in a form page:\n%s", loc, c.path, clip(body))
	}
	again := ta.do(t, http.MethodGet, loc, nil)
	if again.Code != http.StatusOK || strings.Contains(again.Body.String(), `class="form-error"`) {
		t.Errorf("reloading %s after the refusal = %d (want 200, the page afresh without the old refusal)", loc, again.Code)
	}
}

// TestRefusedPageIsShownOnlyToItsAddress: a refusal kept for one page is not shown on another, nor to
// another browser, and a success redirect keeps none.
func TestRefusedPageIsShownOnlyToItsAddress(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}, false)
	stage := fmt.Sprintf("/tours/%d/stages/1", r.id)
	form := url.Values{"_version": {r.version(t, 1)}, "_csrf": {ta.csrf(t)}}
	req := httptest.NewRequest(http.MethodPost, stage+"/close", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := ta.serve(t, req, true)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != stage {
		t.Fatalf("a refused End stage = %d to %q, want 303 to %s", rec.Code, rec.Header().Get("Location"), stage)
	}
	// Another browser (no cookies) opening the stage sees the page, not the refusal.
	other := httptest.NewRecorder()
	ta.Echo.ServeHTTP(other, httptest.NewRequest(http.MethodGet, stage, nil))
	if other.Code != http.StatusOK || strings.Contains(other.Body.String(), "cannot end yet") {
		t.Errorf("another browser opening %s = %d with the refusal shown", stage, other.Code)
	}
	// The same browser on another page first: the refusal waits for its own page.
	if adv := ta.do(t, http.MethodGet, stage+"/advantages", nil); adv.Code != http.StatusOK || strings.Contains(adv.Body.String(), "cannot end yet") {
		t.Errorf("the advantages page shows the stage's refusal (%d)", adv.Code)
	}
	if got := ta.do(t, http.MethodGet, stage, nil); got.Code != http.StatusUnprocessableEntity || !strings.Contains(got.Body.String(), "Stage 1 cannot end yet") {
		t.Errorf("GET %s after the refusal = %d, want 422 with what is missing", stage, got.Code)
	}
	if got := ta.do(t, http.MethodGet, stage, nil); got.Code != http.StatusOK || strings.Contains(got.Body.String(), "cannot end yet") {
		t.Errorf("GET %s a second time = %d, want the page without the old refusal", stage, got.Code)
	}
	ok := ta.form(t, stage+"/sprints/1", url.Values{"order": {"11"}, "_version": {r.version(t, 1)}})
	if ok.Code != http.StatusSeeOther || refusalKept(ok) {
		t.Errorf("a saved sprint = %d (refusal kept: %v), want a plain 303", ok.Code, refusalKept(ok))
	}
}
