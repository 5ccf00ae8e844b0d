package e2e

import (
	"fmt"
	"strings"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// readTheStandings opens every classification, the Cycling Party screen and the riders after stage 1,
// through the tour menu. Stage 1's winner is bib 22 (group 1: turn 0, square 7, die 3 = 28 s).
func (r *partyRun) readTheStandings(tourID string) {
	tb := r.tb
	tb.navigates("tour menu: Classifications", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/classifications"]`)))
	r.page(r.T("standings.title.classifications_after", "N", 1, "Tour", r.tour))
	tb.wantText("h1", r.T("standings.classifications"), r.T("standings.after_stage", "N", 1))
	tb.wantText(".leaders", "22")
	jumps := eval[[]string](tb, `[...document.querySelectorAll("nav.jump a")].map((a) => a.getAttribute("href"))`)
	if len(jumps) < 6 {
		tb.errorf("the classifications page links %d classifications %v, want at least 6 (stage, individual, regularity, mountain, sprints, teams)", len(jumps), jumps)
	}
	for _, href := range jumps {
		link := `nav.jump a[href="` + href + `"]`
		if id := strings.TrimPrefix(href, "#c-"); id == "regularity" || id == "mountain" || id == "sprints" {
			if got, want := strings.TrimSpace(tb.text(link)), r.T("standings.class."+id); got != want {
				tb.errorf("the link to the %s classification says %q, want %q", id, got, want)
			}
		}
		tb.run("jumping to "+href, chromedp.Click(chromedp.CSS(link)))
		shown := eval[bool](tb, fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s) return false; const r = s.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; })()`, href))
		if !shown {
			tb.errorf("the classification %s is not on screen after its link", href)
		}
		if rows := tb.count(href + " tbody tr"); rows == 0 {
			tb.errorf("the classification %s has no row after stage 1: %q", href, clip(tb.text(href), 200))
		}
	}
	first := eval[string](tb, `(() => { const r = document.querySelector("section.classification tbody tr"); return r ? r.innerText : ""; })()`)
	if !strings.Contains(first, "22") {
		tb.errorf("the first classification's first row is %q, want stage 1's winner, bib 22", first)
	}
	if n := tb.count(`section.classification:has(table) tbody tr`); n < 23 {
		tb.errorf("the classifications list %d rows in all, want at least the 23 finishers", n)
	}

	tb.navigates("tour menu: Cycling Party", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/cycling-party"]`)))
	r.page(r.T("standings.title.party_after", "N", 1, "Tour", r.tour))
	if n := tb.count("table.managers tbody tr"); n != 4 {
		tb.errorf("the Cycling Party standing has %d managers, want 4", n)
	}

	tb.navigates("tour menu: Riders", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/riders"]`)))
	r.page(r.T("race.riders.page_title", "Tour", r.tour))
	out := eval[string](tb, `(() => { const r = [...document.querySelectorAll("main tr.out")].map((tr) => tr.innerText); return r.join(" | "); })()`)
	if !strings.Contains(out, "16") {
		tb.errorf("the riders page does not show bib 16 out of the race (rows out: %q)", out)
	}
}

// reopenAndUndo reopens stage 1 from its screen, changes sprint 1, undoes the change, and ends the
// stage again.
func (r *partyRun) reopenAndUndo(tourID string) {
	tb := r.tb
	stageURL := "/tours/" + tourID + "/stages/1"
	stageTitle := r.T("race.stage.page_title", "N", 1, "Tour", r.tour)
	tb.navigates("main menu: Tours", chromedp.Click(chromedp.CSS(`nav.main-nav a[href="/tours"]`)))
	tb.navigates("Open the tour", chromedp.Click(chromedp.CSS(`#tour-`+tourID+` a.primary`)))
	tb.wantPath("^/tours/" + tourID + "/stages/2$")
	tb.navigates("stage picker: 1", chromedp.Click(chromedp.CSS(`nav.stage-picker a[href="`+stageURL+`"]`)))
	r.page(stageTitle)
	tb.wantText("#reopen", r.T("race.stage.closed_note", "N", 1))
	if v := tb.count("#sprint-1"); v != 0 {
		tb.errorf("a closed stage shows an entry field for sprint 1")
	}
	tb.takeDialogs()
	tb.navigates("Reopen stage 1", chromedp.Click(chromedp.CSS(`#reopen button[type=submit]`)))
	if d := tb.takeDialogs(); len(d) != 1 || d[0] != r.T("race.stage.reopen_confirm", "N", 1) {
		tb.errorf("Reopen asked %q, want one confirmation %q", d, r.T("race.stage.reopen_confirm", "N", 1))
	}
	r.page(stageTitle)
	r.flash(r.T("race.flash.reopened", "N", 1))
	if v := tb.value("#sprint-1"); v != "21 11 31" {
		tb.errorf("reopened sprint 1 shows %q, want 21 11 31", v)
	}

	tb.focus("#sprint-1")
	tb.keys(kb.End + strings.Repeat("\b", 12) + "31 21 11")
	tb.navigates("Enter in sprint 1", chromedp.KeyEvent("\r"))
	r.flash(r.T("race.flash.sprint_saved", "N", 1, "Bibs", "31 21 11"))
	tb.wantText("#history", "31 21 11")
	r.reach(`form[action$="/undo"] button`, 150)
	tb.navigates("Undo last change", chromedp.KeyEvent("\r"))
	r.page(stageTitle)
	if v := tb.value("#sprint-1"); v != "21 11 31" {
		tb.errorf("after Undo sprint 1 shows %q, want 21 11 31 again", v)
	}
	tb.wantText("#history", r.T("race.history.undone"))

	if tb.count(`#history a[href$="/history"]`) > 0 {
		tb.navigates("Whole history", chromedp.Click(chromedp.CSS(`#history a[href$="/history"]`)))
		r.page(r.T("race.history.page_title", "N", 1, "Tour", r.tour))
		tb.wantText("main", r.T("race.history.undone"))
		tb.navigates("Back to stage 1", chromedp.Click(chromedp.CSS(`main a[href="`+stageURL+`"]`)))
	}
	r.reach("#end-stage", 150)
	tb.navigates("End stage again", chromedp.KeyEvent("\r"))
	tb.wantPath("^/tours/" + tourID + "/stages/2$")
	r.page(r.T("race.stage.page_title", "N", 2, "Tour", r.tour))
	r.flash(r.T("race.flash.closed", "N", 1, "Next", 2))

	tb.navigates("main menu: Tours", chromedp.Click(chromedp.CSS(`nav.main-nav a[href="/tours"]`)))
	r.page(r.T("setup.tours.title"))
	tb.wantText("#tour-"+tourID, r.tour, "22")
}
