package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestNamesLeadToTheRidersPages: on a phone, a player taps a rider's name in the follow page's
// classifications and lands on the rider's page with his stages and his palmarès; on a tablet, the
// director's page of a rider lists his stages one by one, the one he left the race in marked, and
// leads on to his whole palmarès.
func TestNamesLeadToTheRidersPages(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	teams := defaultTeams(t, srv, 2)
	tourID := createTour(t, srv, "cycling-party", "Tour of Names", 6, cpStages(), teams, false)
	closeStage1(t, srv, tourID, cpGroup(0, 3, 4, 11, 12, 13, 14, 15, 16), cpGroup(1, 6, 2, 21, 22, 23, 24, 25, 26))
	s2 := "/api/v1/tours/" + tourID + "/stages/2"
	api[obj](t, srv, "POST", s2+"/abandons", obj{"bib": 13, "reason": "crash"}, 200)
	api[obj](t, srv, "PUT", s2+"/finish", obj{"groups": []obj{cpGroup(0, 5, 2, 21, 11, 12), cpGroup(1, 2, 3, 14, 15, 16, 22, 23, 24, 25, 26)}}, 200)
	api[obj](t, srv, "POST", s2+"/close", nil, 200)
	code := followCode(t, srv, tourID)

	tb := newBrowser(t).newTab(t, srv)
	tb.setViewport(phone)
	tb.visit("/follow/" + code + "#classifications")
	link := `#classifications table tbody a.who-link[href="/follow/` + code + `/riders/11"]`
	tb.run("scrolling to bib 11's name", chromedp.ScrollIntoView(chromedp.CSS(link)))
	tb.navigates("tapping bib 11's name", chromedp.Click(chromedp.CSS(link)))
	tb.wantPath(`^/follow/` + code + `/riders/11$`)
	tb.wantText("h1", "Miguel Induráin")
	tb.wantText("#palmares-h", "Palmarès")
	tb.wantText("table.palmares", "Tour of Names")
	if n := tb.count("table.rider-stages tbody tr"); n != 2 {
		tb.errorf("the players' page of bib 11 lists %d stages, want 2", n)
	}
	tb.check("Miguel Induráin")

	tb.setViewport(tablet)
	tb.visit("/tours/" + tourID + "/riders/13")
	if n := tb.count("table.rider-stages tbody tr"); n != 2 {
		tb.errorf("the page of bib 13 lists %d stages, want 2", n)
	}
	tb.wantText(`table.rider-stages tr[data-stage="1"]`, "Finished")
	tb.wantText(`table.rider-stages tr.out[data-stage="2"]`, "Did not finish (DNF), stage 2")
	if !eval[bool](tb, `(() => { const t = document.querySelector("table.rider-stages"); return t.getBoundingClientRect().right <= innerWidth && t.querySelectorAll("thead th").length === 8; })()`) {
		tb.errorf("the stages of bib 13 do not show their 8 columns within the tablet's width")
	}
	tb.check("Michał Kwiatkowski")
	tb.navigates("opening the whole palmarès", chromedp.Click(chromedp.CSS(`a[href$="/palmares"].button`)))
	tb.wantPath(`^/riders/\d+/palmares$`)
	tb.wantText("table.palmares", "Tour of Names")
}
