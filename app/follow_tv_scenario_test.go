package app_test

// The room's TV (/follow/{code}/tv) of a two-stage tour of each ruleset, read by a viewer without
// sign-in: before the first result, while stage 1 is raced, after it, and after the last stage.

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"racedirector/app/store"
)

// tvTour is a tour of one ruleset for the TV tests: how to enter stage n's finish for every rider
// and the jersey of its general classification.
type tvTour struct {
	r      raceRun
	code   string
	finish func(t *testing.T, n int)
	jersey string
	party  bool
}

// newTVTour creates a two-stage tour of the ruleset with three teams of five (two of six in uci-road).
func newTVTour(t *testing.T, ta *testApp, ruleset string) tvTour {
	t.Helper()
	rojo, azul, verde := teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID, teamNamed(t, ta, "Verde").ID
	all := []int{11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34, 35}
	var tt tvTour
	switch ruleset {
	case "cycling-party":
		tt.r = createRaceTour(t, ta, ruleset, 5, pageCPStages()[:2], []uint{rojo, azul, verde}, false)
		tt.finish = func(t *testing.T, n int) {
			tt.r.finish(t, n, cpGroup(3, 4, 5, all[:7]...), cpGroup(4, 2, 1, all[7:]...))
		}
		tt.jersey, tt.party = "Yellow jersey", true
	case "ciclismo-a-fondo":
		st := cafRaceStages()
		tt.r = createRaceTour(t, ta, ruleset, 5, []map[string]any{st[0], st[2]}, cafRaceTeams(t, ta), false)
		tt.finish = func(t *testing.T, n int) { tt.r.finish(t, n, turnGroup(30, all[:8]...), turnGroup(31, all[8:]...)) }
		tt.jersey = "Yellow jersey"
	case "2ruote":
		tt.r = createRaceTour(t, ta, ruleset, 5, ruoteRaceStages()[:2], ruoteRaceTeams(t, ta), true)
		tt.finish = func(t *testing.T, n int) {
			tt.r.finish(t, n, sectorGroup(1, 21, 11), sectorGroup(0, all[1:5]...), sectorGroup(0, all[6:]...))
		}
		tt.jersey = "Maglia Rosa"
	case "uci-road":
		stages := []map[string]any{{"type": "flat", "length": 180, "climbs": []map[string]any{}, "sprints": sprintsAt(90)},
			{"type": "flat", "length": 170, "climbs": []map[string]any{}, "sprints": sprintsAt(80)}}
		tt.r = createRaceTour(t, ta, ruleset, 6, stages, []uint{rojo, azul}, false)
		tt.finish = func(t *testing.T, n int) {
			var results []map[string]any
			for i, bib := range []int{21, 11, 12, 13, 14, 15, 16, 22, 23, 24, 25, 26} {
				results = append(results, map[string]any{"bib": bib, "time": fmt.Sprintf("4:24:%02d", 44+i/2)})
			}
			tt.r.ok(t, http.MethodPut, fmt.Sprintf("/stages/%d/finish", n), map[string]any{"results": results})
		}
		tt.jersey = "Yellow jersey"
	default:
		t.Fatalf("no TV tour for ruleset %q", ruleset)
	}
	tt.code = decode[store.TourView](t, tt.r.ok(t, http.MethodGet, "", nil)).FollowCode
	return tt
}

// tvPage reads the TV page at path without sign-in and checks what every TV page must be: a page of
// its own with nothing to edit or follow (no form, field, button or link), its script and styles from
// files (the CSP forbids inline ones), the event stream of its own tour, a refresh every 30 s without
// JavaScript, and the players' words.
func tvPage(t *testing.T, ta *testApp, path, code string) string {
	t.Helper()
	rec := ta.serve(t, httptest.NewRequest(http.MethodGet, path, nil), false)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("GET %s = %d %s, want 200 text/html; body:\n%s", path, rec.Code, rec.Header().Get("Content-Type"), clip(rec.Body.String()))
	}
	body := rec.Body.String()
	for _, bad := range []string{"<form", "<input", "<button", "<select", "<textarea", "<a ", " style=", "<style", "<script>", "main-nav", "tour-nav"} {
		if strings.Contains(body, bad) {
			t.Errorf("GET %s holds %q: the TV has nothing to edit or follow and no inline styles or scripts", path, bad)
		}
	}
	for _, want := range []string{`<noscript><meta http-equiv="refresh" content="30"></noscript>`, `/tv.js" defer></script>`, `/tv.css">`,
		`data-events="/api/v1/follow/` + code + `/events"`} {
		if !strings.Contains(body, want) {
			t.Errorf("GET %s lacks %s", path, want)
		}
	}
	checkPlayerWords(t, "GET "+path, body)
	return body
}

// tvSection is the <section> of a view ("" when the page has none).
func tvSection(body, view string) string {
	return regexp.MustCompile(`(?s)<section [^>]*data-view="` + regexp.QuoteMeta(view) + `"[^>]*>.*?</section>`).FindString(body)
}

// tvShown is the views the page shows without JavaScript (not hidden).
func tvShown(body string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`<section [^>]*data-view="([^"]+)"[^>]*>`).FindAllStringSubmatch(body, -1) {
		if !strings.Contains(m[0], " hidden") {
			out = append(out, m[1])
		}
	}
	return out
}

// wantViews checks which views the page has, in the turn and out of it.
func wantViews(t *testing.T, label, body string, turn []string, absent ...string) {
	t.Helper()
	got := regexp.MustCompile(`data-view="([^"]+)"[^>]* data-rotate`).FindAllStringSubmatch(body, -1)
	var ids []string
	for _, m := range got {
		ids = append(ids, m[1])
	}
	if strings.Join(ids, " ") != strings.Join(turn, " ") {
		t.Errorf("%s: the TV turns %v, want %v", label, ids, turn)
	}
	for _, v := range absent {
		if tvSection(body, v) != "" {
			t.Errorf("%s: the TV has a %q view, want none", label, v)
		}
	}
}

// TestTVOfEachRuleset follows a two-stage tour of each ruleset on the TV: the start list before any
// result; the sprint's card, the provisional stage result and the virtual general classification while
// stage 1 is raced; the jerseys' leaders, the stage's and the general classification's top ten (and the
// Cycling Party managers) after it, with the stage-result card out of the turn, the general
// classification shown without JavaScript; the podium after the last stage, nothing live any more.
func TestTVOfEachRuleset(t *testing.T) {
	t.Parallel()
	for _, ruleset := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote", "uci-road"} {
		t.Run(ruleset, func(t *testing.T) {
			t.Parallel()
			ta := newTestApp(t)
			tt := newTVTour(t, ta, ruleset)
			path := "/follow/" + strings.ToLower(tt.code) + "/tv" // the code in any case
			party := []string{}
			if tt.party {
				party = []string{"party"}
			}

			// Before the first result: the start list.
			body := tvPage(t, ta, path, tt.code)
			wantViews(t, "before the start", body, []string{"start", "course"}, "gc", "leaders", "stage", "final")
			if shown := tvShown(body); strings.Join(shown, " ") != "start" {
				t.Errorf("before the start the TV shows %v, want the start list", shown)
			}
			start := tvSection(body, "start")
			tour := decode[store.TourView](t, tt.r.ok(t, http.MethodGet, "", nil))
			for _, want := range []string{"Waiting for the start", "2 stages", tour.Teams[0].Name, tour.Teams[0].Riders[0].Name} {
				if !strings.Contains(start, want) {
					t.Errorf("the start list lacks %q:\n%s", want, clip(start))
				}
			}
			if !strings.Contains(body, "Stage 1 of 2") {
				t.Errorf("before the start the TV does not say stage 1 of 2 is next")
			}

			// Stage 1 raced: the sprint's card and the finish so far.
			tt.r.order(t, 1, "sprints", 1, 21, 11, 12)
			tt.finish(t, 1)
			body = tvPage(t, ta, path, tt.code)
			wantViews(t, "stage 1 raced", body, []string{"stage", "virtual", "course"}, "start", "gc", "final")
			if v := tvSection(body, "virtual"); !strings.Contains(v, "Virtual leader") || !strings.Contains(v, "provisional") {
				t.Errorf("the virtual general classification is not labelled provisional with its virtual leader:\n%s", clip(v))
			}
			if !strings.Contains(body, `data-live="off">`) || strings.Contains(body, "data-over") {
				t.Errorf("while stage 1 is raced the TV's LIVE badge is not there")
			}
			card := tvSection(body, "sprint-1-1")
			rider := tt.riderName(t, 21)
			if !strings.Contains(card, `data-card="sprint" data-stage="1" data-mark="21 11 12"`) || !strings.Contains(card, rider) || strings.Contains(card, "data-rotate") {
				t.Errorf("the card of sprint 1 (21 11 12) is not a card out of the turn naming %s:\n%s", rider, clip(card))
			}
			if stage := tvSection(body, "stage"); !strings.Contains(stage, "provisional") {
				t.Errorf("the stage view while stage 1 is raced is not its provisional result:\n%s", clip(stage))
			}

			// Stage 1 closed: the standings, the general classification first.
			tt.r.close(t, 1)
			s := tt.r.standings(t, 0)
			body = tvPage(t, ta, path, tt.code)
			wantViews(t, "after stage 1", body, append(append([]string{"leaders", "stage", "gc"}, party...), "course"), "start", "final", "sprint-1-1", "virtual")
			moment := tvSection(body, "moment-1")
			if !strings.Contains(moment, `data-card="moment" data-stage="1"`) || strings.Contains(moment, "data-rotate") || !strings.Contains(moment, s.Stage[0].Name) || !strings.Contains(moment, "Stage 1 is over") {
				t.Errorf("the stage-result card of stage 1 is not a card out of the turn naming its winner %s:\n%s", s.Stage[0].Name, clip(moment))
			}
			if shown := tvShown(body); strings.Join(shown, " ") != "gc" {
				t.Errorf("after stage 1 the TV shows %v without JavaScript, want the general classification", shown)
			}
			gc := tvSection(body, "gc")
			if !strings.Contains(gc, s.Individual[0].Name) || strings.Count(gc, `<td class="tv-place">`) != min(10, len(s.Individual)) || !strings.Contains(gc, "after stage 1 of 2") {
				t.Errorf("the general classification view lacks its leader %s or its top ten (%d lines):\n%s", s.Individual[0].Name, strings.Count(gc, `<td class="tv-place">`), clip(gc))
			}
			if leaders := tvSection(body, "leaders"); !strings.Contains(leaders, tt.jersey) || !strings.Contains(leaders, s.Individual[0].Name) {
				t.Errorf("the leaders view lacks the %s on %s:\n%s", tt.jersey, s.Individual[0].Name, clip(leaders))
			}
			if tt.party {
				if p := tvSection(body, "party"); !strings.Contains(p, s.CyclingParty[0].Team) || !strings.Contains(p, "Managers") {
					t.Errorf("the Cycling Party view lacks the leading manager %s:\n%s", s.CyclingParty[0].Team, clip(p))
				}
			}
			if !strings.Contains(body, "Stage 2 of 2") {
				t.Errorf("after stage 1 the TV does not say stage 2 of 2 is raced")
			}

			// The last stage closed: the final podium.
			tt.finish(t, 2)
			tt.r.close(t, 2)
			s = tt.r.standings(t, 0)
			body = tvPage(t, ta, path, tt.code)
			wantViews(t, "after the last stage", body, append([]string{"final", "leaders", "stage", "gc"}, party...), "start", "course")
			final := tvSection(body, "final")
			if !strings.Contains(final, "The podium") || !strings.Contains(final, s.Individual[0].Name) || !strings.Contains(final, "tv-step-3") {
				t.Errorf("the final view is not the podium of %s:\n%s", s.Individual[0].Name, clip(final))
			}
			if !strings.Contains(body, "Final result") || !strings.Contains(tvSection(body, "leaders"), "Winners") {
				t.Errorf("after the last stage the TV does not say it is the final result with the jerseys' winners")
			}
			if shown := tvShown(body); strings.Join(shown, " ") != "gc" {
				t.Errorf("after the last stage the TV shows %v without JavaScript, want the general classification", shown)
			}
			if !strings.Contains(body, `data-over`) || !strings.Contains(body, `data-live="off" hidden>`) {
				t.Errorf("after the last stage the TV's LIVE badge is still there")
			}
		})
	}
}

// riderName is the name of the tour's rider with the bib.
func (tt tvTour) riderName(t *testing.T, bib int) string {
	t.Helper()
	for _, tm := range decode[store.TourView](t, tt.r.ok(t, http.MethodGet, "", nil)).Teams {
		for _, r := range tm.Riders {
			if r.Bib == bib {
				return r.Name
			}
		}
	}
	t.Fatalf("the tour has no bib %d", bib)
	return ""
}

// TestTVOfUnknownTours answers 404 for a code no tour has, one that cannot be a code, and the code of
// a deleted tour.
func TestTVOfUnknownTours(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tt := newTVTour(t, ta, "cycling-party")
	tourCall(t, ta, http.MethodDelete, fmt.Sprintf("/api/v1/tours/%d", tt.r.id), nil, http.StatusNoContent)
	for _, code := range []string{"ZZZZZZ", "abc", "0OIL11", tt.code, "%3Cscript%3E"} {
		rec := ta.serve(t, httptest.NewRequest(http.MethodGet, "/follow/"+code+"/tv", nil), false)
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET /follow/%s/tv = %d, want 404", code, rec.Code)
		}
		if strings.Contains(rec.Body.String(), "<script>") {
			t.Errorf("GET /follow/%s/tv puts the code into the page unescaped", code)
		}
	}
}

// TestTVIsKeptPerVersion checks that a room of TVs costs one rendering per change: the page carries an
// ETag, a TV asking again with it gets 304, and after a result the page is new.
func TestTVIsKeptPerVersion(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tt := newTVTour(t, ta, "cycling-party")
	get := func(etag string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/follow/"+tt.code+"/tv", nil)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		return ta.serve(t, req, true) // a TV's browser keeps its cookies
	}
	first := get("")
	etag := first.Header().Get("ETag")
	if first.Code != http.StatusOK || etag == "" {
		t.Fatalf("GET the TV = %d with ETag %q, want 200 with an ETag (the page kept for the tour's version)", first.Code, etag)
	}
	for range 3 {
		if again := get(etag); again.Code != http.StatusNotModified {
			t.Errorf("GET the TV again with If-None-Match = %d, want 304", again.Code)
		}
	}
	tt.r.order(t, 1, "sprints", 1, 21, 11, 12)
	after := get(etag)
	if after.Code != http.StatusOK || after.Header().Get("ETag") == etag || !strings.Contains(after.Body.String(), `data-view="sprint-1-1"`) {
		t.Errorf("GET the TV after a sprint = %d with ETag %q (was %q), want 200, a new ETag and the sprint's card", after.Code, after.Header().Get("ETag"), etag)
	}
}

// TestTVCardsOfTheStage checks the cards of the stage being raced: one per sprint and climb crossed,
// with what each place gave, and one of the riders who left the race; none for a climb not crossed
// yet, and none of them in the turn of the views. The course names who crossed first.
func TestTVCardsOfTheStage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tt := newTVTour(t, ta, "cycling-party")
	tt.r.order(t, 1, "sprints", 1, 12, 22, 32)
	tt.r.order(t, 1, "climbs", 2, 13, 23, 33) // a third-category climb: 5, 3, 1 points
	tt.r.ok(t, http.MethodPost, "/stages/1/abandons", map[string]any{"bib": 35, "reason": "crash in the descent"})
	body := tvPage(t, ta, "/follow/"+tt.code+"/tv", tt.code)
	for _, c := range []struct {
		view string
		want []string
	}{
		{"sprint-1-1", []string{`data-card="sprint" data-stage="1" data-mark="12 22 32"`, "Sprint 1", "km 20", tt.riderName(t, 12), "5 points", "3 points", "1 point"}},
		{"climb-1-2", []string{`data-card="climb" data-stage="1" data-mark="13 23 33"`, "Climb 2", "Third category", "km 80–87", tt.riderName(t, 13), "5 points"}},
		{"abandons-1", []string{`data-card="abandons" data-stage="1" data-mark="35"`, "Out of the race", tt.riderName(t, 35), "crash in the descent"}},
	} {
		card := tvSection(body, c.view)
		for _, want := range c.want {
			if !strings.Contains(card, want) {
				t.Errorf("the card %s lacks %q:\n%s", c.view, want, clip(card))
			}
		}
		if strings.Contains(card, "data-rotate") || !strings.Contains(card, " hidden") {
			t.Errorf("the card %s is in the turn or shown without JavaScript; it is shown when its result comes in", c.view)
		}
	}
	for _, none := range []string{"climb-1-1", "climb-1-3", "sprint-1-2"} {
		if tvSection(body, none) != "" {
			t.Errorf("the TV has a card %s, which nobody has crossed", none)
		}
	}
	course := tvSection(body, "course")
	if !strings.Contains(course, "12 "+tt.riderName(t, 12)) || !strings.Contains(course, "13 "+tt.riderName(t, 13)) || !strings.Contains(course, "to come") {
		t.Errorf("the course does not name the first over sprint 1 and climb 2, and what is to come:\n%s", clip(course))
	}
}
