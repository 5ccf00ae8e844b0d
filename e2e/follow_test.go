package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// liveGuard bounds the wait for a change to reach another tab: a hang guard, not a speed test.
const liveGuard = 60 * time.Second

// tourCode reads a tour's follow code through the API.
func tourCode(t *testing.T, srv *server, tourID string) string {
	t.Helper()
	return api[struct {
		FollowCode string `json:"follow_code"`
	}](t, srv, "GET", "/api/v1/tours/"+tourID, nil, 200).FollowCode
}

// waitFor waits until a JavaScript condition holds in the tab, at most liveGuard; it returns how
// long it took. The page itself watches the condition: at each change of its document, and every
// tenth of a second for what changes no node (a field's value), answering within 5 s either way; a
// page replaced meanwhile is asked again.
func (tb *tab) waitFor(what, js string) time.Duration {
	tb.t.Helper()
	watch := fmt.Sprintf(`new Promise((done) => {
	  const holds = () => { try { return !!(%s); } catch (err) { return false; } };
	  if (holds()) return done(true);
	  let changes, every, enough;
	  const stop = (ok) => { changes.disconnect(); clearInterval(every); clearTimeout(enough); done(ok); };
	  changes = new MutationObserver(() => { if (holds()) stop(true); });
	  changes.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
	  every = setInterval(() => { if (holds()) stop(true); }, 100);
	  enough = setTimeout(() => stop(false), 5000);
	})`, js)
	start := time.Now()
	for time.Since(start) < liveGuard {
		ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](watch, chromedp.EvalAwaitPromise))
		cancel()
		if err == nil && ok {
			return time.Since(start)
		}
		if err != nil {
			time.Sleep(20 * time.Millisecond) // the page is being replaced: ask the new one
		}
	}
	tb.fatalf("%s: not within %s", what, liveGuard)
	return 0
}

// markPage puts a marker in the page's window: it survives only as long as no new page loads.
func (tb *tab) markPage(name string) {
	tb.t.Helper()
	tb.run("marking the page", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.%s = true`, name)))
}

// samePage fails if the page was loaded again since markPage.
func (tb *tab) samePage(name, what string) {
	tb.t.Helper()
	if !eval[bool](tb, fmt.Sprintf(`window.%s === true`, name)) {
		tb.errorf("%s: the page was loaded again (at %s); it should have changed in place", what, tb.path())
	}
}

// TestFollowersSeeTheRaceLive is the table following a stage: the director's tab enters a sprint on
// the stage screen; a player's phone (another browser context, no cookie of the director's) shows it
// on the follow page without a reload, keeping the tab the player chose; the director's second
// tablet updates its stage screen in place, and says so instead when something is typed there.
func TestFollowersSeeTheRaceLive(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	teams := defaultTeams(t, srv, 3)
	tourID := createTour(t, srv, "cycling-party", "Tour of the Table", 6, cpStages(), teams, false)
	code := tourCode(t, srv, tourID)
	stagePath := "/tours/" + tourID + "/stages/1"
	b := newBrowser(t)

	// A player opens the follow page on his phone and chooses the Results tab.
	player := b.newTab(t, srv)
	player.setViewport(phone)
	player.visit("/follow/" + code)
	player.waitFor("the follow page connecting to the live stream", `document.querySelector("[data-live-state]").getAttribute("data-live-state") === "live"`)
	player.check("Tour of the Table")
	player.run("choosing the Results tab", chromedp.Click(chromedp.CSS(`.follow-tabs a[data-tab=results]`)))
	if !eval[bool](player, `!document.getElementById("results").hidden && document.getElementById("stage").hidden`) {
		player.fatalf("the Results tab does not show the results alone")
	}
	player.markPage("__followMark")

	// The director's second tablet shows the stage screen too.
	second := b.newTab(t, srv)
	second.visit(stagePath)
	second.waitFor("the second stage screen connecting to the live stream", `document.querySelector("[data-live-state]").getAttribute("data-live-state") === "live"`)
	second.markPage("__stageMark")

	// The director enters sprint 1 on his stage screen.
	director := b.newTab(t, srv)
	director.visit(stagePath)
	director.fill("#sprint-1", "21 11 31")
	director.navigates("saving sprint 1", chromedp.Click(chromedp.CSS(`#sprint-1-box button[type=submit]`)))
	saved := time.Now()
	if director.value("#sprint-1") != "21 11 31" {
		director.fatalf("sprint 1 was not saved: the field holds %q", director.value("#sprint-1"))
	}

	player.waitFor("the player's follow page showing sprint 1", `(() => { const e = document.querySelector('#results [data-key="result-sprint-1"]'); return !!e && e.innerText.includes("21"); })()`)
	t.Logf("the sprint reached the player's follow page %s after the director's page came back (not a timed assertion)", time.Since(saved).Round(time.Millisecond))
	player.samePage("__followMark", "the follow page after the sprint")
	player.wantText("#results", "Sprint 1", "21", "11", "31")
	if eval[string](player, `document.querySelector(".follow-tabs a[aria-selected=true]").getAttribute("data-tab")`) != "results" {
		player.errorf("the follow page did not keep the Results tab the player chose")
	}
	if !eval[bool](player, `document.querySelector('#stage [data-key="sprint-1"]').innerText.includes("First")`) {
		player.errorf("the stage's course does not show who crossed sprint 1 first")
	}
	player.check("Tour of the Table")

	second.waitFor("the second stage screen showing sprint 1", `document.getElementById("sprint-1").value === "21 11 31"`)
	t.Logf("the sprint reached the second stage screen %s after the director's page came back", time.Since(saved).Round(time.Millisecond))
	second.samePage("__stageMark", "the second stage screen after the sprint")
	second.check("Stage 1")

	// Something typed on the second tablet is never wiped: a change elsewhere is announced instead.
	second.fill("#sprint-2", "12")
	director.fill("#sprint-3", "13 23")
	director.navigates("saving sprint 3", chromedp.Click(chromedp.CSS(`#sprint-3-box button[type=submit]`)))
	second.waitFor("the second stage screen announcing the change", `!!document.querySelector(".live-notice")`)
	second.wantText(".live-notice", "changed on another device")
	if second.value("#sprint-2") != "12" {
		second.errorf("the second stage screen lost what was typed: sprint 2 holds %q, want 12", second.value("#sprint-2"))
	}
	second.samePage("__stageMark", "the second stage screen with something typed")
	second.check("Stage 1")

	// The player's page followed both changes without a reload.
	player.waitFor("the player's follow page showing sprint 3", `(() => { const e = document.querySelector('#results [data-key="result-sprint-3"]'); return !!e && e.innerText.includes("23"); })()`)
	player.samePage("__followMark", "the follow page after sprint 3")
	player.check("Tour of the Table")

	// The stage ends (from the API, another device): the whole page moves on to stage 2, in place.
	var all []int
	for team := 1; team <= 3; team++ {
		for n := 1; n <= 6; n++ {
			all = append(all, team*10+n)
		}
	}
	director.markPage("__directorMark")
	closeStage1(t, srv, tourID, cpGroup(0, 3, 4, all[:5]...), cpGroup(1, 6, 2, all[5:]...))
	player.waitFor("the player's follow page moving on to stage 2", `document.querySelector(".follow-head").innerText.includes("Stage 2 of 3")`)
	player.samePage("__followMark", "the follow page after the stage ended")
	if !eval[bool](player, `document.title.includes("stage 2 of 3")`) {
		player.errorf("the follow page's title did not move on to stage 2: %q", eval[string](player, `document.title`))
	}
	player.wantText("#classifications", "after stage 1", "Yellow jersey")
	player.check("Tour of the Table")

	// The director's own screen, with nothing typed, turned into the closed stage in place: its Reopen
	// button, put there by live.js, still asks before it acts.
	director.waitFor("the director's stage screen showing the stage closed", `!!document.querySelector("#reopen button[data-confirm]")`)
	director.samePage("__directorMark", "the director's stage screen after the stage ended elsewhere")
	director.takeDialogs()
	director.navigates("Reopen stage 1", chromedp.Click(chromedp.CSS(`#reopen button[data-confirm]`)))
	if d := director.takeDialogs(); len(d) != 1 {
		director.errorf("Reopen on a screen put in place by live.js asked %d questions, want 1: %q", len(d), d)
	}
	director.check("Stage 1")
}

// TestFollowPagesOnPhoneAndTablet opens the follow page of a part-raced tour of each ruleset, every
// tab of it, the follow-code form and the director's Share page, on a phone and a tablet, with the
// health audit: no sideways scrolling, labels, touch targets, no console error.
func TestFollowPagesOnPhoneAndTablet(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	cpTeams := defaultTeams(t, srv, 3)
	cp := createTour(t, srv, "cycling-party", "Tour of the Table with a long name for a phone", 6, cpStages(), cpTeams, false)
	var all []int
	for team := 1; team <= 3; team++ {
		for n := 1; n <= 6; n++ {
			all = append(all, team*10+n)
		}
	}
	s1 := "/api/v1/tours/" + cp + "/stages/1"
	api[obj](t, srv, "PUT", s1+"/sprints/1", obj{"order": []int{12, 22, 32}}, 200)
	api[obj](t, srv, "PUT", s1+"/climbs/2", obj{"order": []int{15, 25, 35, 16}}, 200)
	closeStage1(t, srv, cp, cpGroup(0, 3, 4, all[:5]...), cpGroup(1, 6, 2, all[5:]...))
	api[obj](t, srv, "PUT", "/api/v1/tours/"+cp+"/stages/2/sprints/1", obj{"order": []int{21, 11, 31}}, 200)
	api[obj](t, srv, "POST", "/api/v1/tours/"+cp+"/stages/2/abandons", obj{"bib": 36, "reason": "crash"}, 200)

	caf := createTour(t, srv, "ciclismo-a-fondo", "Vuelta de la mesa", 5, cafStages(), cafTeams(t, srv), false)
	closeStage1(t, srv, caf, turnGroup(20, 11, 21, 31), turnGroup(21, 12, 13, 14, 15, 22, 23, 24, 25, 32, 33, 34, 35))
	ruote := createTour(t, srv, "2ruote", "Giro del tavolo", 5, ruoteStages(), ruoteTeams(t, srv), true)
	closeStage1(t, srv, ruote, sectorGroup(1, 11, 21), sectorGroup(0, 12, 13, 14, 15, 22, 23, 24, 25, 31, 32, 33, 34, 35))
	road := createTour(t, srv, "uci-road", "Ronde van de tafel", 4, roadStages(), roadTeams(t, srv), false)
	var results []obj
	for i, bib := range []int{11, 21, 12, 22, 13, 23, 14, 24} {
		results = append(results, obj{"bib": bib, "time": fmt.Sprintf("4:2%d:44", i)})
	}
	api[obj](t, srv, "PUT", "/api/v1/tours/"+road+"/stages/1/finish", obj{"results": results}, 200)

	b := newBrowser(t)
	// Each tour's pages, and the follow-code form's, side by side in tabs of their own.
	for _, tour := range []struct{ ruleset, id string }{{"cycling-party", cp}, {"ciclismo-a-fondo", caf}, {"2ruote", ruote}, {"uci-road", road}} {
		t.Run(tour.ruleset, func(t *testing.T) {
			t.Parallel()
			tb := b.newTab(t, srv)
			code := tourCode(t, srv, tour.id)
			tb.visit("/follow/" + code)
			tabs := eval[[]string](tb, `[...document.querySelectorAll(".follow-tabs a")].map((a) => a.getAttribute("data-tab"))`)
			for _, tab := range tabs {
				tb.run("choosing the "+tab+" tab", chromedp.Click(chromedp.CSS(`.follow-tabs a[data-tab=`+tab+`]`)))
				tb.checkViewports("stage")
			}
			tb.visit("/tours/" + tour.id + "/share")
			tb.checkViewports("Share")
		})
	}
	t.Run("follow a tour", func(t *testing.T) {
		t.Parallel()
		tb := b.newTab(t, srv)
		tb.visit("/follow")
		tb.checkViewports("Follow a tour")
		tb.expectRefusal(404)
		tb.visit("/follow/ZZZZZZ")
		tb.checkViewports("No tour")
	})
}
