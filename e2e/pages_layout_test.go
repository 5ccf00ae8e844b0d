package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// inView says whether the element's top edge is on the screen (between the top and the bottom of the
// viewport, give or take a fraction of a pixel), as a director would see it without scrolling.
const inView = `((sel) => { const e = document.querySelector(sel); if (!e) return false;
  const r = e.getBoundingClientRect(); return r.top > -2 && r.top < window.innerHeight && r.bottom > 0; })(%q)`

// TestWizardKeepsItsPlace works the stage editor on a tablet: a row button far down the page opens the
// page again at the list it changed, with its note there (not back at the top); the step markers of
// done steps jump back, and forward again, without losing an edit.
func TestWizardKeepsItsPlace(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tb := newBrowser(t).newTab(t, srv)
	tb.visit("/tours/new")
	tb.fill("#name", "Tour of Places")
	tb.fill("#stages", "5")
	tb.fill("#seed", "11")
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("points")
	if tb.count(`.wizard-steps button[value="goto:tour"]`) != 1 || tb.count(`.wizard-steps button[value="goto:teams"]`) != 0 {
		tb.errorf("on the points step the Characteristics marker should be a button and the Teams marker not (teams not chosen yet)")
	}
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("stages")

	// A row button of stage 4, far below the top: the page opens again at stage 4's climbs.
	climbs := tb.count(`#stage-4-climbs tr[data-climb]`)
	add := `#stage-4-climbs button[value="add_climb:3"]`
	tb.run("scrolling to stage 4", chromedp.ScrollIntoView(chromedp.CSS(add)))
	if eval[float64](tb, `window.scrollY`) < 200 {
		tb.fatalf("stage 4's climbs are not far down the page (scrollY %v): the test proves nothing", eval[float64](tb, `window.scrollY`))
	}
	tb.navigates("+ Add a climb to stage 4", chromedp.Click(chromedp.CSS(add)))
	tb.check("stages")
	if got := tb.count(`#stage-4-climbs tr[data-climb]`); got != climbs+1 {
		tb.errorf("stage 4 has %d climbs after + Add a climb, want %d", got, climbs+1)
	}
	if h := eval[string](tb, `location.hash`); h != "#stage-4-climbs" {
		tb.errorf("after + Add a climb the page is at %q, want #stage-4-climbs", h)
	}
	if !eval[bool](tb, fmt.Sprintf(inView, "#stage-4-climbs")) || eval[float64](tb, `window.scrollY`) < 200 {
		tb.errorf("after + Add a climb stage 4's climbs are not on the screen (scrollY %v): the page jumped to the top", eval[float64](tb, `window.scrollY`))
	}
	if !eval[bool](tb, fmt.Sprintf(inView, "#stage-4-climbs .row-note")) {
		tb.errorf("the note of + Add a climb is not shown beside stage 4's climbs")
	}
	tb.wantText("#stage-4-climbs .row-note", "Stage 4: climb", "added")

	// Removing a sprint of stage 5 keeps the place too.
	sprints := tb.count(`#stage-5-sprints .sprint-edit`)
	if sprints > 0 {
		tb.navigates("✕ sprint 1 of stage 5", chromedp.Click(chromedp.CSS(`#stage-5-sprints button[value="remove_sprint:4:0"]`)))
		if got := tb.count(`#stage-5-sprints .sprint-edit`); got != sprints-1 || !eval[bool](tb, fmt.Sprintf(inView, "#stage-5-sprints")) {
			tb.errorf("after removing a sprint of stage 5: %d sprints (want %d), the sprints on screen: %v", got, sprints-1, eval[bool](tb, fmt.Sprintf(inView, "#stage-5-sprints")))
		}
	}

	// The step markers: back to the characteristics, then straight forward to the stages.
	tb.navigates("marker 1, Characteristics", chromedp.Click(chromedp.CSS(`.wizard-steps button[value="goto:tour"]`)))
	tb.check("characteristics")
	if tb.value("#name") != "Tour of Places" || tb.value("#stages") != "5" {
		tb.errorf("the jump back lost the characteristics: name %q stages %q", tb.value("#name"), tb.value("#stages"))
	}
	if tb.count(`.wizard-steps button[value="goto:stages"]`) != 1 || tb.count(`.wizard-steps button[value="goto:teams"]`) != 0 {
		tb.fatalf("on the characteristics, the Stages marker should be a button (done) and the Teams marker not (never reached)")
	}
	// Enter in a field still means Continue, not the first marker button.
	tb.focus("#name")
	tb.navigates("Enter in the name field", chromedp.KeyEvent("\r"))
	tb.check("points")
	tb.navigates("marker 3, Stages", chromedp.Click(chromedp.CSS(`.wizard-steps button[value="goto:stages"]`)))
	tb.check("stages")
	if got := tb.count(`#stage-4-climbs tr[data-climb]`); got != climbs+1 {
		tb.errorf("back and forward with the markers: stage 4 has %d climbs, want the added one kept (%d)", got, climbs+1)
	}
}

// TestPhoneLayout checks a 390×844 phone: the team tables of Teams & riders fit without scrolling
// sideways, the navigation of a tour page takes at most 120 px and its folded menu works, and the
// message after creating a team is on the screen.
func TestPhoneLayout(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	teams := defaultTeams(t, srv, 3)
	tour := createTour(t, srv, "cycling-party", "A tour with a rather long name for a phone", 6, cpStages(), teams, false)
	tb := newBrowser(t).newTab(t, srv)
	tb.setViewport(phone)

	tb.visit("/teams")
	tb.check("Teams")
	if sw := eval[int](tb, `document.documentElement.scrollWidth`); sw > int(phone.width) {
		tb.errorf("Teams & riders scrolls sideways on a phone: %d px wide", sw)
	}
	clipped := eval[[]string](tb, `[...document.querySelectorAll(".team .table-wrap")].filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => w.closest(".team").querySelector("h2").innerText.trim())`)
	if len(clipped) > 0 {
		tb.errorf("team tables clipped on a phone (they scroll sideways): %s", strings.Join(clipped, ", "))
	}

	tb.visit("/tours/" + tour + "/stages/1")
	tb.check("Stage 1")
	if top := eval[float64](tb, `document.querySelector("main").getBoundingClientRect().top + window.scrollY`); top > 120 {
		tb.errorf("the navigation takes %v px of the phone's 844, want at most 120", top)
	}
	if tb.count(`.tour-menu-links a[href$="/classifications"]`) != 1 {
		tb.fatalf("the folded tour menu has no Classifications link")
	}
	tb.run("opening the tour menu", chromedp.Click(chromedp.CSS(`.tour-menu summary`)))
	tb.check("Stage 1")
	tb.navigates("tour menu: Classifications", chromedp.Click(chromedp.CSS(`.tour-menu-links a[href$="/classifications"]`)))
	tb.check("Classifications")
	tb.wantText(".tour-menu-here", "Classifications")

	// A new team: the message that it was created is on the screen, though the page opens at the team.
	tb.visit("/teams/new")
	tb.fill("#name", "Zeta Cycling Collective")
	tb.fill("#short", "ZET")
	tb.navigates("Save team", chromedp.Click(chromedp.CSS(`main button.primary`)))
	tb.check("Teams")
	tb.wantText(".flash", "Zeta Cycling Collective created")
	if !eval[bool](tb, fmt.Sprintf(inView, ".flash")) || !eval[bool](tb, `(() => { const r = document.querySelector(".flash").getBoundingClientRect(); return r.bottom <= window.innerHeight; })()`) {
		tb.errorf("the message \"Team … created\" is off the screen (scrollY %v)", eval[float64](tb, `window.scrollY`))
	}
	tb.run("dismissing the message", chromedp.Click(chromedp.CSS(`.flash .flash-close`)))
	if tb.count(".flash") != 0 {
		tb.errorf("the message's close button did not put it away")
	}
}

// TestRuoteCardLabelsShowWhole opens the 2RUOTE stage editor on a tablet and a phone: every terrain
// card's choice is wide enough for the longest card name ("TV (sprint)" was cut to "TV (traguardo
// volante").
func TestRuoteCardLabelsShowWhole(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tb := newBrowser(t).newTab(t, srv)
	tb.visit("/tours/new")
	tb.run("choosing 2RUOTE", chromedp.Click(chromedp.CSS(`input[name=ruleset][value="2ruote"]`)))
	tb.fill("#name", "Giro of labels")
	tb.fill("#stages", "2")
	tb.fill("#seed", "7") // the same proposal on every run
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("stages")
	const cut = `[...document.querySelectorAll("select[data-card]")].filter((s) => {
	  const ctx = document.createElement("canvas").getContext("2d"); ctx.font = getComputedStyle(s).font;
	  const widest = Math.max(...[...s.options].map((o) => ctx.measureText(o.text).width));
	  return s.clientWidth < widest + 24; }).map((s) => s.id)`
	for _, vp := range []viewport{tablet, phone} {
		tb.setViewport(vp)
		if n := tb.count("select[data-card]"); n == 0 {
			tb.fatalf("the 2RUOTE stage editor shows no card choices")
		}
		if got := eval[[]string](tb, cut); len(got) > 0 {
			tb.errorf("on the %s these card choices are too narrow for their names: %v", vp.name, got)
		}
	}
}
