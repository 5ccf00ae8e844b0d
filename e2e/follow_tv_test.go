package e2e

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/animation"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// tv is the screen of the room: a 1080p TV.
var tv = viewport{"tv", 1920, 1080, false}

// tvAudit is what the TV page says about itself: the view shown and what is wrong with it.
type tvAudit struct {
	View     string   `json:"view"`
	Problems []string `json:"problems"`
}

// tvAuditJS checks the TV as the room sees it: the page never scrolls (its scroll size is the
// screen's), the cursor is hidden, exactly one view is shown, everything shown lies on the screen
// and inside its own part (header, views, footer), no word is cut (a box of text narrower or lower
// than its text, as an ellipsis or a clamp leaves it), and every word is at least 24 px high, the names
// and numbers of the lists at least 40 px (read from three metres).
const tvAuditJS = `(() => {
  const out = [];
  const W = window.innerWidth, H = window.innerHeight;
  const de = document.documentElement;
  if (de.scrollWidth > W || de.scrollHeight > H || document.body.scrollWidth > W || document.body.scrollHeight > H)
    out.push("the page scrolls: " + de.scrollWidth + "×" + de.scrollHeight + " on a " + W + "×" + H + " screen");
  if (getComputedStyle(document.body).cursor !== "none") out.push("the mouse cursor shows");
  const desc = (e) => e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? "." + String(e.className).trim().replace(/\s+/g, ".") : "") +
    " «" + (e.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40) + "»";
  const shown = (e) => {
    if (e.closest("[hidden]")) return false;
    const st = getComputedStyle(e);
    if (st.display === "none" || st.visibility === "hidden") return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const views = Array.from(document.querySelectorAll(".tv-view")).filter(shown);
  if (views.length !== 1) out.push(views.length + " views shown, want 1");
  const parts = [".tv-head", ".tv-views", ".tv-foot"].map((s) => document.querySelector(s));
  parts.forEach((part) => {
    if (!part) { out.push("a part of the screen is missing"); return; }
    const box = part.getBoundingClientRect();
    part.querySelectorAll("*").forEach((e) => {
      if (!shown(e) || e.closest(".tv-timer")) return;
      const r = e.getBoundingClientRect();
      if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) out.push("off-screen: " + desc(e) + " at " + Math.round(r.left) + "," + Math.round(r.top) + "–" + Math.round(r.right) + "," + Math.round(r.bottom));
      else if (r.bottom > box.bottom + 1 || r.right > box.right + 1) out.push("runs out of its part of the screen: " + desc(e) + " bottom " + Math.round(r.bottom) + " > " + Math.round(box.bottom));
      const own = Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
      if (!own) return;
      const cs = getComputedStyle(e);
      if (!(e instanceof SVGElement) && !e.classList.contains("sr-only") && (cs.overflowX !== "visible" || cs.overflowY !== "visible" || cs.textOverflow === "ellipsis") &&
          (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
        out.push("words cut: " + desc(e) + " needs " + e.scrollWidth + "×" + e.scrollHeight + " in " + e.clientWidth + "×" + e.clientHeight);
      // An SVG's words are scaled with its drawing: their size on the screen is the font's times the scale.
      const size = parseFloat(getComputedStyle(e).fontSize) * (e instanceof SVGElement && e.getScreenCTM() ? e.getScreenCTM().a : 1);
      if (size < 24) out.push("too small to read from across the room: " + desc(e) + " at " + size + " px");
      if (e.matches(".tv-table td .tv-name, .tv-table td.tv-num, .tv-crossing .tv-name") && size < 40) out.push("a name or number of a list under 40 px: " + desc(e) + " at " + size + " px");
    });
  });
  return {view: views.length ? views[0].dataset.view : "", problems: out};
})()`

// tvViewsJS runs in a TV page before its own scripts: from the moment the page is ready it notes each
// view the screen shows, in turn, in window.__tvViews, so that the view the TV opened on and the one
// it turned to are known however late the test looks (the TV turns every ten seconds, and a loaded
// machine may take longer than that between two steps).
const tvViewsJS = `addEventListener("DOMContentLoaded", () => {
  const shown = () => { const v = Array.from(document.querySelectorAll(".tv-view")).find((v) => !v.hidden); return v ? v.dataset.view : ""; };
  const seen = window.__tvViews = [shown()];
  new MutationObserver(() => { const v = shown(); if (v !== seen[seen.length - 1]) seen.push(v); })
    .observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"]});
});`

// tvViews are the views the TV has shown, in turn, since its page loaded.
func tvViews(tb *tab) []string {
	tb.t.Helper()
	return eval[[]string](tb, `window.__tvViews || []`)
}

// openedOn is the view the TV showed first.
func openedOn(tb *tab) string {
	tb.t.Helper()
	if v := tvViews(tb); len(v) > 0 {
		return v[0]
	}
	return ""
}

// openTV opens a tour's TV on a 1080p screen, without motion (so that a screenshot shows a view, not
// a fade, and the turn's bar still), noting the views it shows (tvViewsJS), and waits until it listens to the tour's changes.
func openTV(t *testing.T, b *browser, srv *server, code string) *tab {
	t.Helper()
	return openTVAt(t, b, srv, "/follow/"+strings.ToLower(code)+"/tv", "on the TV")
}

// withoutMotion asks the tab for reduced motion (the TV's views come in at once, not faded in) and holds
// still the bar that runs out a view's turn: drawn anew at 60 frames a second on a 1080p screen it cost
// a quarter of the TV tests' CPU, and no test looks at it. The views still turn, on their timers.
func withoutMotion() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		if err != nil {
			return err
		}
		_, err = cdp.Call(ctx, target, animation.SetPlaybackRate, animation.SetPlaybackRateParams{PlaybackRate: 0})
		return err
	})
}

// openTVAt is openTV at path (a language asked with ?lang=), whose title has title.
func openTVAt(t *testing.T, b *browser, srv *server, path, title string) *tab {
	t.Helper()
	tb := b.newTab(t, srv)
	tb.setViewport(tv)
	tb.run("the TV without motion", withoutMotion())
	tb.run("noting the views shown", chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: tvViewsJS})
		return err
	}))
	tb.visit(path)
	tb.check(title)
	tb.waitFor("the live indicator", `document.querySelector(".tv-live").dataset.live === "on"`)
	return tb
}

// lookAtTV audits the view the TV shows and, with E2E_SCREENSHOTS=all, saves a screenshot of it.
func lookAtTV(tb *tab, label string) string {
	tb.t.Helper()
	tb.run("settling the view", chromedp.Evaluate[chromedp.Void](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))`, chromedp.EvalAwaitPromise))
	a := eval[tvAudit](tb, tvAuditJS)
	if problems := tb.takeProblems(); len(problems) > 0 {
		a.Problems = append(a.Problems, problems...)
	}
	if len(a.Problems) > 0 {
		tb.errorf("%s: the TV's %q view is not right on a 1080p screen:\n  - %s", label, a.View, strings.Join(a.Problems, "\n  - "))
	}
	if os.Getenv("E2E_SCREENSHOTS") == "all" {
		tb.t.Logf("%s, view %s: %s", label, a.View, tb.screenshot())
	}
	return a.View
}

// followCode reads a tour's follow code.
func followCode(t *testing.T, srv *server, tourID string) string {
	t.Helper()
	return api[struct {
		Code string `json:"follow_code"`
	}](t, srv, "GET", "/api/v1/tours/"+tourID, nil, 200).Code
}

// TestTVInTheRoom puts a Cycling Party tour after stage 1 on a 1080p TV: every view fits the screen
// without scrolling, the views turn by themselves, and results entered through the API (a sprint, a
// climb, an abandonment, the finish, End stage) make the TV jump to the view of each, without a
// reload; when the tour is deleted the TV says so.
func TestTVInTheRoom(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	tourID := createTour(t, srv, "cycling-party", "Tour of the Room", 6, cpStages(), defaultTeams(t, srv, 3), false)
	var all []int
	for team := 1; team <= 3; team++ {
		for n := 1; n <= 6; n++ {
			all = append(all, team*10+n)
		}
	}
	closeStage1(t, srv, tourID, cpGroup(0, 3, 4, all[:5]...), cpGroup(1, 6, 2, all[5:]...))
	code := followCode(t, srv, tourID)
	tb := openTV(t, newBrowser(t), srv, code)

	lookAtTV(tb, "after stage 1")
	if first := openedOn(tb); first != "gc" {
		tb.errorf("the TV opens on %q, want the general classification", first)
	}
	turn := eval[[]string](tb, `Array.from(document.querySelectorAll(".tv-view[data-rotate]")).map((v) => v.dataset.view)`)
	if strings.Join(turn, " ") != "leaders stage gc party course" {
		tb.errorf("the TV turns %v, want leaders stage gc party course", turn)
	}
	// The views turn by themselves.
	tb.waitFor("the next view of the turn", `(window.__tvViews || []).length > 1`)
	if got := tvViews(tb)[1]; got != "party" {
		tb.errorf("after the general classification the TV turned to %q, want the Cycling Party managers", got)
	}
	// Every view of the turn fits the screen (the arrow keys turn them, as a remote would).
	for range turn {
		tb.run("→", chromedp.KeyEvent(kb.ArrowRight))
		lookAtTV(tb, "the turn")
	}

	// Results come in through the API: the TV jumps to each, without a reload.
	tb.run("marking the page", chromedp.Evaluate[chromedp.Void](`window.__tvPage = true`))
	s2 := "/api/v1/tours/" + tourID + "/stages/2"
	api[obj](t, srv, "PUT", s2+"/sprints/2", obj{"order": []int{22, 12, 32}}, 200)
	tb.waitFor("the card of sprint 2", `(() => { const v = document.querySelector('.tv-view[data-view="sprint-2-2"]'); return !!v && !v.hidden && v.hasAttribute("data-fresh"); })()`)
	tb.wantText(`.tv-view[data-view="sprint-2-2"]`, "SPRINT 2", "Intermediate sprint", "22", "12", "32", "points")
	lookAtTV(tb, "a sprint")
	api[obj](t, srv, "PUT", s2+"/climbs/1", obj{"order": []int{13, 23}}, 200)
	tb.waitFor("the card of climb 1", `(() => { const v = document.querySelector('.tv-view[data-view="climb-2-1"]'); return !!v && !v.hidden; })()`)
	tb.wantText(`.tv-view[data-view="climb-2-1"]`, "Second category", "13", "23")
	lookAtTV(tb, "a climb")
	api[obj](t, srv, "PUT", s2+"/sprints/1", obj{"order": []int{31, 21}}, 200)
	tb.waitFor("the card of sprint 1, not of sprint 2", `(() => { const v = document.querySelector('.tv-view[data-view="sprint-2-1"]'); return !!v && !v.hidden; })()`)
	api[obj](t, srv, "POST", s2+"/abandons", obj{"bib": 36, "reason": "crash in the descent"}, 200)
	tb.waitFor("the card of the abandonment", `(() => { const v = document.querySelector('.tv-view[data-view="abandons-2"]'); return !!v && !v.hidden; })()`)
	tb.wantText(`.tv-view[data-view="abandons-2"]`, "36", "crash in the descent")
	lookAtTV(tb, "an abandonment")
	api[obj](t, srv, "PUT", s2+"/finish", obj{"groups": []obj{cpGroup(0, 5, 2, all[6:17]...), cpGroup(1, 2, 3, all[:6]...)}}, 200)
	tb.waitFor("the stage's provisional top ten", `(() => { const v = document.querySelector('.tv-view[data-view="stage"]'); return !!v && !v.hidden && v.textContent.includes("provisional"); })()`)
	lookAtTV(tb, "a finish")
	tb.wantText(`.tv-view[data-view="virtual"]`, "Virtual leader", "provisional")
	api[obj](t, srv, "POST", s2+"/close", nil, 200)
	tb.waitFor("the stage-result card of stage 2", `(() => { const v = document.querySelector('.tv-view[data-view="moment-2"]'); return !!v && !v.hidden && v.hasAttribute("data-fresh"); })()`)
	tb.wantText(`.tv-view[data-view="moment-2"]`, "Stage 2 is over", "STAGE WINNER", "takes it from", "BIGGEST CLIMBER")
	lookAtTV(tb, "End stage")
	// The card is out of the turn: the turn goes on after it (the arrow, as a remote would, not the wait).
	tb.run("→", chromedp.KeyEvent(kb.ArrowRight))
	tb.waitFor("a view of the turn after the card", `(() => { const v = Array.from(document.querySelectorAll(".tv-view")).find((v) => !v.hidden); return !!v && v.hasAttribute("data-rotate"); })()`)
	if !eval[bool](tb, `document.querySelector('.tv-view[data-view="gc"]').textContent.includes("after stage 2")`) {
		tb.errorf("after End stage the general classification is not the one after stage 2")
	}
	if !eval[bool](tb, `window.__tvPage === true`) {
		tb.errorf("the TV reloaded the page to show the results; it should refresh in place")
	}
	tb.wantText(".tv-heading", "Stage 3 of 3")
	tb.check("on the TV")

	// The director deletes the tour: the TV says so.
	api[obj](t, srv, "DELETE", "/api/v1/tours/"+tourID, nil, 204)
	tb.waitFor("the word that the tour is gone", `(() => { const v = document.querySelector('.tv-view[data-view="gone"]'); return !!v && !v.hidden; })()`)
	lookAtTV(tb, "a deleted tour")
}

// tvRuleset is a ruleset whose tours TestTVOfEachRulesetFits puts on the TV.
type tvRuleset struct {
	name string
	// create makes a tour of the ruleset.
	create func(t *testing.T, name string) string
	// finish is stage n's finish.
	finish func(n int) obj
	// sprint2 says stage 2 has an intermediate sprint.
	sprint2 bool
}

// TestTVOfEachRulesetFits shows every view of a tour of each ruleset on a 1080p TV, before the start,
// after stage 1 (with a sprint of stage 2 entered) and after the last stage: each fits the screen.
// The finished tour's story is looked at too, on a tablet, a phone and a 1080p screen, with its podium.
// The four rulesets, on one server, go side by side.
func TestTVOfEachRulesetFits(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	b := newBrowser(t)
	cpIDs := defaultTeams(t, srv, 3) // the box's teams, before the other rulesets' are added
	bibs := func(teams, riders int) []int {
		var out []int
		for team := 1; team <= teams; team++ {
			for n := 1; n <= riders; n++ {
				out = append(out, team*10+n)
			}
		}
		return out
	}
	cafIDs, ruoteIDs, roadIDs := cafTeams(t, srv), ruoteTeams(t, srv), roadTeams(t, srv)
	rulesets := []tvRuleset{
		{"cycling-party", func(t *testing.T, name string) string {
			return createTour(t, srv, "cycling-party", name, 6, cpStages(), cpIDs, false)
		}, func(n int) obj {
			all := bibs(3, 6)
			return obj{"groups": []obj{cpGroup(0, 3, 4, all[n:n+4]...), cpGroup(1, 6, 2, append(append([]int{}, all[:n]...), all[n+4:]...)...)}}
		}, true},
		{"ciclismo-a-fondo", func(t *testing.T, name string) string {
			return createTour(t, srv, "ciclismo-a-fondo", name, 5, cafStages(), cafIDs, false)
		}, func(n int) obj {
			all := bibs(3, 5)
			return obj{"groups": []obj{turnGroup(20, all[n:n+3]...), turnGroup(21, append(append([]int{}, all[:n]...), all[n+3:]...)...)}}
		}, false},
		{"2ruote", func(t *testing.T, name string) string {
			return createTour(t, srv, "2ruote", name, 5, ruoteStages(), ruoteIDs, true)
		}, func(n int) obj {
			all := bibs(3, 5)
			return obj{"groups": []obj{sectorGroup(1, all[n:n+2]...), sectorGroup(0, append(append([]int{}, all[:n]...), all[n+2:]...)...)}}
		}, true},
		{"uci-road", func(t *testing.T, name string) string {
			return createTour(t, srv, "uci-road", name, 4, roadStages(), roadIDs, false)
		}, func(n int) obj {
			var results []obj
			for i, bib := range []int{11, 21, 12, 22, 13, 23, 14, 24} {
				results = append(results, obj{"bib": bib, "time": fmt.Sprintf("4:2%d:%02d", i, 10*n)})
			}
			return obj{"results": results}
		}, true},
	}
	for _, rs := range rulesets {
		t.Run(rs.name, func(t *testing.T) {
			t.Parallel()
			tvOfRuleset(t, b, srv, rs)
		})
	}
}

// tvOfRuleset shows every view of three tours of a ruleset on a 1080p TV — before the start, after
// stage 1, after the last stage — each TV closed once looked at, then the finished tour's story.
func tvOfRuleset(t *testing.T, b *browser, srv *server, rs tvRuleset) {
	t.Helper()
	start := rs.create(t, "Waiting room "+rs.name)
	mid := rs.create(t, "Middle of the "+rs.name)
	final := rs.create(t, "The end of the "+rs.name)
	stage := func(tourID string, n int) {
		base := fmt.Sprintf("/api/v1/tours/%s/stages/%d", tourID, n)
		if n == 1 {
			api[obj](t, srv, "PUT", base+"/sprints/1", obj{"order": []int{21, 11}}, 200)
		}
		api[obj](t, srv, "PUT", base+"/finish", rs.finish(n), 200)
		recordStage(t, srv, tourID, n)
		api[obj](t, srv, "POST", base+"/close", nil, 200)
	}
	stage(mid, 1)
	if rs.sprint2 {
		api[obj](t, srv, "PUT", "/api/v1/tours/"+mid+"/stages/2/sprints/1", obj{"order": []int{12, 22, 11}}, 200)
	}
	for n := 1; n <= 3; n++ {
		stage(final, n)
	}
	for _, c := range []struct{ when, tourID, first string }{{"before the start", start, "start"}, {"after stage 1", mid, "gc"}, {"after the last stage", final, "final"}} {
		tb := openTV(t, b, srv, followCode(t, srv, c.tourID))
		label := rs.name + " " + c.when
		lookAtTV(tb, label)
		if got := openedOn(tb); got != c.first {
			tb.errorf("%s: the TV opens on %q, want %q", label, got, c.first)
		}
		views := eval[[]string](tb, `Array.from(document.querySelectorAll(".tv-view[data-rotate], .tv-view[data-card]")).map((v) => v.dataset.view)`)
		if rs.sprint2 && c.tourID == mid && !strings.Contains(strings.Join(views, " "), "sprint-2-1") {
			tb.errorf("%s: the TV has no card of stage 2's sprint (views %v)", label, views)
		}
		for _, v := range views {
			tb.run("showing "+v, chromedp.Evaluate[chromedp.Void](`location.hash = "`+v+`"`))
			tb.waitFor("the view "+v, `(() => { const v = Array.from(document.querySelectorAll(".tv-view")).find((v) => !v.hidden); return !!v && v.dataset.view === "`+v+`"; })()`)
			lookAtTV(tb, label)
		}
		tb.close()
	}
	lookAtTheStory(t, b, srv, rs.name, final)
}
