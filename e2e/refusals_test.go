package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRefusedEndStageThenReload: a refused End stage leaves the browser at the stage's own address
// (post/redirect/get), with what is missing; reloading shows the stage afresh, sending nothing again,
// and opening the address again is the stage, not "Method Not Allowed".
func TestRefusedEndStageThenReload(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tourID := createTour(t, srv, "cycling-party", "Refusals", 5, cpStages(), defaultTeams(t, srv, 2), false)
	tb := newBrowser(t).newTab(t, srv)
	stageURL := "/tours/" + tourID + "/stages/1"
	tb.visit(stageURL)
	tb.check("Stage 1")

	tb.expectRefusal(422)
	tb.navigates("End stage without a finish", chromedp.Click(chromedp.CSS(`#end-stage`)))
	tb.wantPath("^" + stageURL + "$")
	tb.check("Stage 1")
	tb.wantText("#end .field-error", "Stage 1 cannot end yet: the finish is missing")

	// A reload is a GET of the stage: no refusal comes back (a resubmitted End stage would answer a
	// second, unexpected 422, which check reports), and the old refusal is gone.
	tb.navigates("reloading the page", chromedp.Reload())
	tb.wantPath("^" + stageURL + "$")
	tb.check("Stage 1")
	if n := tb.count(".missing, .form-error, #end .field-error"); n != 0 {
		tb.errorf("after a reload the page still shows %d refusal blocks", n)
	}
	if d := tb.takeDialogs(); len(d) != 0 {
		tb.errorf("reloading asked %q", d)
	}
	tb.visit(stageURL)
	tb.check("Stage 1")
}

// TestOneRefusalAtATime: a refusal replaces the one shown before, whether the new one comes from the
// server or from the page's own check of the bibs.
func TestOneRefusalAtATime(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tourID := createTour(t, srv, "cycling-party", "One at a time", 5, cpStages(), defaultTeams(t, srv, 2), false)
	tb := newBrowser(t).newTab(t, srv)
	stageURL := "/tours/" + tourID + "/stages/1"
	tb.visit(stageURL)
	tb.check("Stage 1")

	// The server refuses an abandonment without a reason: the message beside the reason.
	tb.focus("#abandon-bib")
	tb.keys("11")
	tb.expectRefusal(422)
	tb.navigates("Record abandonment without a reason", chromedp.Click(chromedp.CSS(`.abandon-form button[type=submit]`)))
	tb.wantPath("^" + stageURL + "$")
	tb.check("Stage 1")
	tb.wantText("#abandon-reason-error", "Is required")

	// Then End stage, refused too: only its refusal is on the page.
	tb.expectRefusal(422)
	tb.navigates("End stage", chromedp.Click(chromedp.CSS(`#end-stage`)))
	tb.check("Stage 1")
	tb.wantText("#end .field-error", "the finish is missing")
	if n := tb.count("#abandon-reason-error"); n != 0 {
		tb.errorf("the abandonment's old refusal is still on the page next to End stage's")
	}

	// Then a bib the page itself refuses in sprint 1: the End stage refusal goes, only this one stays.
	tb.focus("#sprint-1")
	tb.keys("99")
	tb.stays("Save sprint 1 with bib 99", chromedp.KeyEvent("\r"))
	tb.wantText("#sprint-1-box .js-refusal", "Not saved: fix the flagged bibs first")
	if n := tb.count(".missing, .form-error, #end .field-error"); n != 0 {
		tb.errorf("End stage's old refusal (%d blocks) is still on the page next to sprint 1's", n)
	}
	if n := tb.count(".field-error"); n != 1 {
		tb.errorf("%d messages on the page, want only sprint 1's", n)
	}
	tb.check("Stage 1")
}
