package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// waitUntil waits until js is true on the page: what race.js shows from the server's answers comes a
// moment after the keys. It fails after liveGuard, saying what.
func (tb *tab) waitUntil(what, js string) {
	tb.t.Helper()
	for start := time.Now(); time.Since(start) < liveGuard; time.Sleep(20 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		cancel()
		if err == nil && ok {
			return
		}
	}
	tb.errorf("on %s: %s never came", tb.path(), what)
}

// box is an element's place on the screen.
type box struct {
	Top    float64 `json:"top"`
	Bottom float64 `json:"bottom"`
	Left   float64 `json:"left"`
	Right  float64 `json:"right"`
}

// rect is where the first element matching sel is on the screen (zero when there is none).
func (tb *tab) rect(sel string) box {
	tb.t.Helper()
	return eval[box](tb, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return {}; const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })()`, sel))
}

// TestStageScreenOnATablet drives stage 1 of a Cycling Party tour (4 teams of 6) at 1024×768: the course
// beside the finish, the profile and its legend in view wherever the screen is scrolled, a bib added
// from the grid by a tap and from the keyboard, an advantage recorded on the stage screen, and a sprint
// and two finish groups entered from the keyboard alone — the groups typed out of their times' order,
// refused until the order is confirmed, the riders numbered on from group to group.
func TestStageScreenOnATablet(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tourID := createTour(t, srv, "cycling-party", "Tablet", 6, cpStages(), defaultTeams(t, srv, 4), true)
	tb := newBrowser(t).newTab(t, srv)
	stageURL := "/tours/" + tourID + "/stages/1"
	tb.visit(stageURL)
	tb.check("Stage 1")

	// Two columns: the sprints and climbs beside the finish and the abandonments.
	course, finish, abandons := tb.rect(".stage-col-course"), tb.rect(".stage-col-finish"), tb.rect("#abandons")
	if course.Right > finish.Left || finish.Top > course.Top+1 || abandons.Left < finish.Left {
		tb.errorf("the course %+v is not beside the finish %+v and the abandonments %+v", course, finish, abandons)
	}
	tb.wantText(".stage-profile .legend", "attack line", "sprint lines", "sprint flag")
	// The profile stays in view at the bottom of the screen.
	tb.run("scrolling to the end", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.documentElement.scrollHeight)`))
	if p, h := tb.rect("#stage-panel svg.profile"), eval[float64](tb, `window.innerHeight`); p.Top < 0 || p.Bottom > h || p.Bottom-p.Top < 40 {
		tb.errorf("scrolled to the end, the profile is at %+v of a %v px screen, want it in view", p, h)
	}
	if h := eval[float64](tb, `document.documentElement.scrollHeight`); h > 1800 {
		tb.errorf("the stage screen is %v px high at 1024×768, want it shorter than the 2,286 px of one column", h)
	}

	// A tap on the grid adds the bib to the entry last used, as typed: the rider shows.
	tb.run("tapping sprint 1", chromedp.Click(chromedp.CSS("#sprint-1")))
	tb.wantText("[data-grid-target]", "Sprint 1")
	tb.run("tapping bib 21", chromedp.Click(chromedp.CSS(`[data-add-bib="21"]`)))
	tb.run("tapping bib 12", chromedp.Click(chromedp.CSS(`[data-add-bib="12"]`)))
	if v := tb.value("#sprint-1"); v != "21 12" {
		tb.errorf("sprint 1 after tapping 21 and 12 = %q, want \"21 12\"", v)
	}
	if n := tb.count("#sprint-1-preview li"); n != 2 {
		tb.errorf("sprint 1 previews %d riders after two taps, want 2", n)
	}
	// From the keyboard: the grid is one stop of the tab order, the arrows move in it, Space adds.
	tb.focus("#climb-1")
	tb.run("clearing climb 1", chromedp.Evaluate[chromedp.Void](`document.querySelector("#climb-1").value = ""`))
	tb.backTabTo("[data-add-bib]", 12)
	tb.wantText("[data-grid-target]", "Sprint 1")
	if n := eval[int](tb, `document.querySelectorAll("[data-add-bib][tabindex='0']").length`); n != 1 {
		tb.errorf("%d keys of the grid are in the tab order, want 1", n)
	}
	if k := tb.attr(":focus", "data-add-bib"); k != "12" {
		tb.errorf("Shift+Tab into the grid reaches key %q, want the last tapped, 12", k)
	}
	tb.keys(kb.ArrowRight + kb.ArrowRight + " ")
	if v := tb.value("#sprint-1"); v != "21 12 14" {
		tb.errorf("sprint 1 after Space two keys right of 12 = %q, want \"21 12 14\"", v)
	}

	// An advantage recorded on the stage screen itself: back to it, with its flash.
	tb.run("opening the attack", chromedp.Click(chromedp.CSS("#adv-attack-fold > summary")))
	tb.focus("#adv-attack-bib")
	tb.keys("14")
	tb.navigates("Enter on the attack", chromedp.KeyEvent("\r"))
	tb.wantPath("^" + stageURL + "$")
	tb.check("Stage 1")
	tb.wantText(".flash", "14")

	// The keyboard alone: the page focuses sprint 1, typed and saved with Enter.
	if f := tb.focused(); f != "#sprint-1" {
		tb.errorf("the stage screen focuses %s, want #sprint-1", f)
	}
	tb.keys("11 12 13")
	tb.navigates("Enter in sprint 1", chromedp.KeyEvent("\r"))
	tb.check("Stage 1")
	tb.wantText(".flash", "Sprint 1 saved: 11 12 13.")

	// Two finish groups from the keyboard: group 1 on square 2 (0:51) with twelve riders, group 2 on
	// square 6 (0:33): the warning comes, the riders are numbered as the engine places them.
	tb.tabTo("#g1-turn", 60)
	twelve := "11 12 13 14 15 16 21 22 23 24 25 26"
	tb.keys("0\t2\t5\t" + twelve + "\t0\t6\t3\t31 32 33")
	tb.waitUntil("the warning of groups out of order", `!document.querySelector("[data-order-warning]").hidden`)
	tb.wantText("[data-order-warning]", "Group 2 (0:33) finishes ahead of group 1 (0:51), typed before it.")
	tb.waitUntil("group 1's riders numbered from 4", `document.querySelector("#g1-riders-preview .pos") && document.querySelector("#g1-riders-preview .pos").textContent === "4."`)
	tb.expectRefusal(422)
	tb.navigates("Enter in group 2's riders", chromedp.KeyEvent("\r"))
	tb.check("Stage 1")
	tb.wantText("#confirm-order-error", "Group 2 is typed after group 1")
	if f := tb.focused(); f != "#confirm-order" {
		tb.errorf("after the refusal the focus is on %s, want the order's box", f)
	}
	tb.keys(" ")
	tb.tabTo(".finish-form .actions button[type=submit]", 40)
	tb.navigates("Save finish", chromedp.KeyEvent("\r"))
	tb.check("Stage 1")
	tb.wantText(".flash", "2 groups", "15 riders")
	tb.wantText("#g1-riders-preview", "4.", "15.")
	tb.wantText("#g2-riders-preview", "1.", "3.")

	// Put in order, the 13th rider of the stage is 13.
	tb.focus("#g1-square")
	tb.keys(kb.End + "\b6")
	tb.focus("#g2-square")
	tb.keys(kb.End + "\b2")
	tb.waitUntil("group 2 numbered from 13", `document.querySelector("#g2-riders-preview .pos") && document.querySelector("#g2-riders-preview .pos").textContent === "13."`)
	tb.waitUntil("the warning gone", `document.querySelector("[data-order-warning]").hidden`)
	if strings.Contains(tb.text("#g1-riders-preview"), "13.") {
		tb.errorf("group 1 still numbers a rider 13: %q", tb.text("#g1-riders-preview"))
	}
}

// TestStageScreenOnAPhone: on a phone the stage screen is one column, nothing wider than the screen,
// and no bib grid (the numbers are typed).
func TestStageScreenOnAPhone(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tourID := createTour(t, srv, "cycling-party", "Phone", 6, cpStages(), defaultTeams(t, srv, 4), true)
	tb := newBrowser(t).newTab(t, srv)
	tb.setViewport(phone)
	tb.visit("/tours/" + tourID + "/stages/1")
	tb.check("Stage 1")
	course, finish := tb.rect(".stage-col-course"), tb.rect(".stage-col-finish")
	if finish.Top < course.Bottom-1 {
		tb.errorf("on a phone the finish %+v is beside the course %+v, want it below", finish, course)
	}
	if sw, w := eval[float64](tb, `document.documentElement.scrollWidth`), eval[float64](tb, `window.innerWidth`); sw > w {
		tb.errorf("the stage screen is %v px wide on a %v px phone", sw, w)
	}
	if n := eval[int](tb, `Array.from(document.querySelectorAll("[data-add-bib]")).filter((e) => e.getBoundingClientRect().width > 0).length`); n != 0 {
		tb.errorf("the phone shows %d keys of the bib grid, want none", n)
	}
	tb.wantText(".stage-profile .legend", "attack line")
}
