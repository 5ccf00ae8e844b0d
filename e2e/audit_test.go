package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestAuditPage reads who changed what on a table of two tours, in one tab: the record of both, then
// only the second tour's through the page's filter, on a 1024×768 tablet and a 360×740 phone, where
// every line reads without scrolling sideways.
func TestAuditPage(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	teams := defaultTeams(t, srv, 3)
	createTour(t, srv, "cycling-party", "Tour of the Table", 5, cpStages(), teams, false)
	second := createTour(t, srv, "cycling-party", "Giro della tavola con un nome molto lungo per un telefono", 5, cpStages(), teams, false)
	var all []int
	for team := 1; team <= 3; team++ {
		for n := 1; n <= 5; n++ {
			all = append(all, team*10+n)
		}
	}
	closeStage1(t, srv, second, cpGroup(0, 3, 4, all[:5]...), cpGroup(1, 6, 2, all[5:]...))

	tb := newBrowser(t).newTab(t, srv)
	tb.visit("/audit")
	tb.checkViewports("Who changed what")
	if n := tb.count(".audit-line"); n < 4 || eval[int](tb, `[...document.querySelectorAll(".audit-what")].filter((p) => p.textContent.startsWith("Tour of the Table")).length`) == 0 {
		tb.errorf("the record of the table shows %d lines, want both tours' (the first's creation among them)", n)
	}
	tb.choose("#audit-tour", second)
	tb.navigates("showing the second tour's changes", chromedp.Click(chromedp.CSS(`.audit-filters button[type=submit]`)))
	tb.wantPath(`^/audit\?tour=` + second + `$`)
	if tb.value("#audit-tour") != second {
		tb.errorf("the tour filter does not keep the tour chosen")
	}
	lines := tb.count(".audit-line")
	if lines < 3 || eval[int](tb, `[...document.querySelectorAll(".audit-what")].filter((p) => p.textContent.startsWith("Tour of the Table")).length`) != 0 {
		tb.errorf("the second tour's record shows %d lines, or lines of the first tour", lines)
	}
	tb.wantText(".audit-line:first-child .audit-action", "Stage ended")
	tb.wantText(".audit-line:first-child .audit-who", "open table")
	tb.setViewport(smallPhone)
	tb.check("Who changed what")
	if w := eval[int64](tb, `document.documentElement.scrollWidth`); w > smallPhone.width {
		tb.errorf("the audit page is %d px wide on a %d px phone", w, smallPhone.width)
	}
}
