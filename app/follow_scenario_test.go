package app_test

// Following a tour (issue 11, items 2 and 3, the pages): the follow page of each ruleset before and
// after results, read-only and without the director's menus, its parts alone, unknown and
// small-letter codes, the follow-code form, the follow JSON, and the follow pages kept per tour
// version. The Share page and the QR code are in follow_share_scenario_test.go.

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"racedirector/app/store"
)

// follower GETs a page as a player's phone would: no cookie of the director's, on host (example.com
// when empty).
func follower(t testing.TB, ta *testApp, target, host string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	if host != "" {
		req.Host = host
	}
	return ta.serve(t, req, false)
}

// followPage GETs a follow page that must answer 200 and keep to the page rules; it returns the body.
func followPage(t testing.TB, ta *testApp, target string) string {
	t.Helper()
	rec := follower(t, ta, target, "")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s = %d, want 200; body:\n%s", target, rec.Code, clip(rec.Body.String()))
	}
	body := rec.Body.String()
	checkPageRules(t, target, body)
	checkPlayerWords(t, "GET "+target, body)
	return body
}

// tourView reads a tour through the API.
func (r raceRun) tourView(t testing.TB) store.TourView {
	t.Helper()
	return decode[store.TourView](t, r.ok(t, http.MethodGet, "", nil))
}

// editing finds what a follower must never see: a form that changes something, a field, a button,
// a CSRF token, a link to the director's pages.
var editing = regexp.MustCompile(`(?i)<form[^>]*method="?post|<input|<select|<textarea|<button|name="_csrf"|href="/(tours|teams|riders|api)\b|action="/(tours|teams|riders)`)

// checkReadOnly fails for every edit control or director's link on a follower's page.
func checkReadOnly(t testing.TB, where, body string) {
	t.Helper()
	for _, m := range editing.FindAllString(body, -1) {
		t.Errorf("%s shows %q: a follower's page has no edit control and no link to the director's pages", where, m)
	}
	for _, nav := range []string{`class="main-nav"`, `class="tour-nav"`, "tour-bar"} {
		if strings.Contains(body, nav) {
			t.Errorf("%s has the director's menu %s", where, nav)
		}
	}
}

// TestFollowPageOfEachRuleset follows a part-raced tour of each ruleset and a finished one: the
// current stage with its course and what comes next, its results as they are entered, the
// classifications with jerseys and gaps, the Cycling Party standing where the game has one; nothing
// to edit and no link to the director's pages.
func TestFollowPageOfEachRuleset(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	for name, r := range tours {
		t.Run(name, func(t *testing.T) {
			tv := r.tourView(t)
			path := "/follow/" + tv.FollowCode
			body := followPage(t, ta, path)
			checkReadOnly(t, path, body)
			finished := name == "finished"
			stage := 2
			if finished {
				stage = 3
			}
			wants := []string{
				`<title>` + tv.Name + fmt.Sprintf(" — stage %d of %d · Race Director</title>", stage, len(tv.Stages)),
				`<noscript><meta http-equiv="refresh" content="30"></noscript>`,
				`data-events="/api/v1/follow/` + tv.FollowCode + `/events"`,
				`href="#stage"`, `href="#results"`, `href="#classifications"`,
				`id="stage" data-part="stage"`, `id="results" data-part="results"`, `id="classifications" data-part="classifications"`,
				`On the course`, `class="profile`,
				`Classifications <small>after stage`,
				`class="leader"`, `class="jersey"`,
				`<th scope="col" class="num">Gap</th>`,
			}
			if finished {
				wants = append(wants, "The tour is over", "wins the Cycling Party", "after stage 3 — final")
			} else {
				wants = append(wants, "Racing now", fmt.Sprintf("Stage %d of %d", stage, len(tv.Stages)), "after stage 1")
				if stage < len(tv.Stages) {
					wants = append(wants, "Next stage")
				}
			}
			if name == "cycling-party" || finished {
				wants = append(wants, `href="#party"`, `id="party" data-part="party"`, "Manager (team)")
			}
			for _, want := range wants {
				if !strings.Contains(body, want) {
					t.Errorf("the follow page lacks %s", want)
				}
			}
			if name != "cycling-party" && !finished && strings.Contains(body, `data-part="party"`) {
				t.Errorf("the follow page of %s shows a Cycling Party standing, which the game does not have", name)
			}
			if finished {
				return
			}
			// Before results of stage 2 (Cycling Party has its first sprint in), then after: the
			// version moves, the page shows the abandonment and a new ETag.
			results := section(t, body, "results")
			if name == "cycling-party" {
				for _, want := range []string{"Sprint 1", "Miguel"} {
					if !strings.Contains(results, want) {
						t.Errorf("the results of stage 2 lack the sprint entered: %s", want)
					}
				}
			} else if !strings.Contains(results, "Nothing entered yet") {
				t.Errorf("the results of stage 2 before any entry do not say nothing is entered:\n%s", results)
			}
			before := follower(t, ta, path, "")
			last := tv.Teams[len(tv.Teams)-1].Riders
			bib, rider := last[len(last)-1].Bib, last[len(last)-1].Name
			r.ok(t, http.MethodPost, "/stages/2/abandons", map[string]any{"bib": bib, "reason": "crash in the feed zone"})
			after := followPage(t, ta, path)
			results = section(t, after, "results")
			if !strings.Contains(results, "crash in the feed zone") || !strings.Contains(results, rider) {
				t.Errorf("after an abandonment the results of stage 2 do not show it (bib %d %s):\n%s", bib, rider, results)
			}
			if dataVersion(t, after) <= dataVersion(t, before.Body.String()) {
				t.Errorf("the follow page's version did not move with the change")
			}
			if follower(t, ta, path, "").Header().Get("ETag") == before.Header().Get("ETag") && before.Header().Get("ETag") != "" {
				t.Errorf("the follow page kept its ETag after a change")
			}
		})
	}
}

// section is the follow page's part named name (from its tag to the next part).
func section(t testing.TB, body, name string) string {
	t.Helper()
	start := strings.Index(body, `data-part="`+name+`"`)
	if start < 0 {
		t.Fatalf("the follow page has no part %q", name)
	}
	rest := body[start+len(name):]
	if end := strings.Index(rest, `data-part="`); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

// dataVersion is the tour version a follow page was made at.
func dataVersion(t testing.TB, body string) int64 {
	t.Helper()
	m := regexp.MustCompile(`data-live="follow"[^>]*data-version="(\d+)"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("the follow page has no data-version")
	}
	var v int64
	fmt.Sscan(m[1], &v)
	return v
}

// TestFollowCodes takes a code in small letters or with a dash to the tour's page, answers an unknown
// or malformed one with a friendly 404 and the form again, and leads the follow-code form of the home
// page to the tour.
func TestFollowCodes(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}, false)
	code := r.tourView(t).FollowCode
	lower := strings.ToLower(code)

	for from, to := range map[string]string{
		"/follow/" + lower:                          "/follow/" + code,
		"/follow/" + lower[:3] + "-" + lower[3:]:    "/follow/" + code,
		"/follow/" + lower + "/part/results":        "/follow/" + code + "/part/results",
		"/follow?code=" + lower:                     "/follow/" + code,
		"/follow?code=" + code[:3] + "+" + code[3:]: "/follow/" + code,
	} {
		rec := follower(t, ta, from, "")
		if rec.Code != http.StatusFound && rec.Code != http.StatusSeeOther {
			t.Errorf("GET %s = %d, want a redirect to %s", from, rec.Code, to)
			continue
		}
		if loc := rec.Header().Get("Location"); loc != to {
			t.Errorf("GET %s leads to %q, want %q", from, loc, to)
		}
	}

	for _, c := range []struct{ path, want string }{
		{"/follow/ZZZZZZ", "No tour has the follow code ZZZZZZ"},
		{"/follow/abc", "“abc” is not a follow code"},
		{"/follow/ZZZZZZ/part/stage", "No tour has the follow code ZZZZZZ"},
		{"/follow?code=zzzzzz", "No tour has the follow code ZZZZZZ"},
		{"/follow?code=%3Cb%3E", "“&lt;b&gt;” is not a follow code"},
	} {
		rec := follower(t, ta, c.path, "")
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", c.path, rec.Code)
			continue
		}
		body := rec.Body.String()
		checkPageRules(t, c.path, body)
		if !strings.Contains(body, c.want) {
			t.Errorf("GET %s does not say %q:\n%s", c.path, c.want, clip(body))
		}
		if !strings.Contains(body, `<form method="get" action="/follow"`) || !strings.Contains(body, `<label for="follow-code">`) {
			t.Errorf("GET %s does not offer the form to type the code again", c.path)
		}
		checkReadOnly(t, c.path, strings.ReplaceAll(strings.ReplaceAll(body, "<input", ""), "<button", ""))
	}
	if rec := follower(t, ta, "/follow?code=", ""); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "Type the follow code") {
		t.Errorf("GET /follow?code= = %d, want 422 asking for the code", rec.Code)
	}
	if body := followPage(t, ta, "/follow"); !strings.Contains(body, "<title>Follow a tour · Race Director</title>") {
		t.Errorf("GET /follow is not the Follow a tour form")
	}

	home := getPage(t, ta, "/")
	for _, want := range []string{`<form method="get" action="/follow"`, `<label for="home-follow-code">Follow code</label>`, `name="code"`} {
		if !strings.Contains(home, want) {
			t.Errorf("the home page's Follow a tour form lacks %s", want)
		}
	}
}

// TestFollowParts serves each part of the follow page alone (what the live page puts in place): a
// fragment with its version, no document around it; an unknown part and the Cycling Party of a
// game without one are 404.
func TestFollowParts(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	cp, caf := tours["cycling-party"].tourView(t), tours["ciclismo-a-fondo"].tourView(t)
	for _, part := range []string{"head", "stage", "results", "classifications", "party"} {
		path := "/follow/" + cp.FollowCode + "/part/" + part
		rec := follower(t, ta, path, "")
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s = %d, want 200", path, rec.Code)
			continue
		}
		body := rec.Body.String()
		if strings.Contains(body, "<html") || strings.Contains(body, "<main") {
			t.Errorf("GET %s is a whole page, want the part alone", path)
		}
		if !regexp.MustCompile(`data-part="` + part + `" data-version="\d+"`).MatchString(body) {
			t.Errorf("GET %s has no data-part %q with its version:\n%s", path, part, clip(body))
		}
		checkReadOnly(t, path, body)
	}
	for _, path := range []string{"/follow/" + cp.FollowCode + "/part/nothing", "/follow/" + caf.FollowCode + "/part/party"} {
		if rec := follower(t, ta, path, ""); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, rec.Code)
		}
	}
}

// followAnswer is the part of GET /api/v1/follow/{code} a test reads.
type followAnswer struct {
	Tour       string `json:"tour"`
	FollowCode string `json:"follow_code"`
	Ruleset    string `json:"ruleset"`
	Version    int64  `json:"version"`
	Stages     int    `json:"stages"`
	Closed     int    `json:"closed"`
	Stage      struct {
		Number  int    `json:"number"`
		State   string `json:"state"`
		Results struct {
			Sprints map[string][]int `json:"sprints"`
		} `json:"results"`
	} `json:"stage"`
	Classifications struct {
		AfterStage int              `json:"after_stage"`
		Individual []map[string]any `json:"individual"`
		Leaders    map[string]int   `json:"leaders"`
	} `json:"classifications"`
}

// TestFollowJSON answers what a follower sees as JSON: the tour, the current stage with its results,
// the classifications' first lines.
func TestFollowJSON(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	tv := tours["cycling-party"].tourView(t)
	rec := follower(t, ta, "/api/v1/follow/"+strings.ToLower(tv.FollowCode), "")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /api/v1/follow/{code} = %d, want 200; body:\n%s", rec.Code, rec.Body)
	}
	got := decode[followAnswer](t, rec)
	if got.Tour != tv.Name || got.FollowCode != tv.FollowCode || got.Ruleset != "cycling-party" || got.Stages != 3 || got.Closed != 1 || got.Version == 0 {
		t.Errorf("follow JSON head = %+v", got)
	}
	if got.Stage.Number != 2 || got.Stage.State != "open" || fmt.Sprint(got.Stage.Results.Sprints["1"]) != "[21 11 31]" {
		t.Errorf("follow JSON stage = %+v, want stage 2 open with sprint 1 = 21 11 31", got.Stage)
	}
	c := got.Classifications
	if c.AfterStage != 1 || len(c.Individual) == 0 || len(c.Individual) > 10 || c.Leaders["individual"] == 0 {
		t.Errorf("follow JSON classifications = %+v, want the first lines after stage 1", c)
	}
	rec = follower(t, ta, "/api/v1/follow/ZZZZZZ", "")
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `"not_found"`) {
		t.Errorf("GET /api/v1/follow/ZZZZZZ = %d %s, want a 404 JSON error", rec.Code, rec.Body)
	}
}

// TestFollowPagesKeptPerVersion answers a room of followers from one rendering per tour version:
// the same page again carries an ETag and If-None-Match answers 304, until the tour changes; the
// stage screen tells live.js the tour's follow code and version.
func TestFollowPagesKeptPerVersion(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}, false)
	tv := r.tourView(t)
	for _, path := range []string{"/follow/" + tv.FollowCode, "/follow/" + tv.FollowCode + "/part/results", "/api/v1/follow/" + tv.FollowCode} {
		first := follower(t, ta, path, "")
		second := follower(t, ta, path, "")
		etag := second.Header().Get("ETag")
		if etag == "" || first.Body.String() != second.Body.String() {
			t.Errorf("GET %s again: ETag %q, same body %v; want the kept answer", path, etag, first.Body.String() == second.Body.String())
			continue
		}
		if strings.HasPrefix(path, "/follow/") {
			continue // a page's ETag is the viewer's own (his CSRF cookie): this follower has none kept
		}
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("If-None-Match", etag)
		if rec := ta.serve(t, req, false); rec.Code != http.StatusNotModified {
			t.Errorf("GET %s If-None-Match its ETag = %d, want 304", path, rec.Code)
		}
	}
	before := follower(t, ta, "/follow/"+tv.FollowCode, "").Body.String()
	r.order(t, 1, "sprints", 1, 11, 21)
	after := follower(t, ta, "/follow/"+tv.FollowCode, "").Body.String()
	if before == after {
		t.Errorf("the follow page did not change after a sprint was entered")
	}
	stage := r.getPage(t, "/stages/1", http.StatusOK)
	want := fmt.Sprintf(`data-live="stage" data-events="/api/v1/follow/%s/events" data-version="%d"`, tv.FollowCode, dataVersion(t, after))
	if !strings.Contains(stage, want) {
		t.Errorf("the stage screen lacks %s", want)
	}
}
