package e2e

import (
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTourDirectorsForm shares Anna's tour and hands it over on its Directors page: on a tablet she
// opens it from the tour's card, ticks Bruno as co-director and saves; on a phone a hand-over without
// its box ticked is refused beside the box, then one confirmed names Carla its owner. The
// page passes the health audit on both screens.
func TestTourDirectorsForm(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	srv, tours := startAccountsServer(t)
	tb := b.newTab(t, srv)
	tb.setViewport(tablet)
	tb.visit("/sign-in?next=%2Ftours")
	tb.fill("#name", "Anna")
	tb.fill("#password", annaPW)
	tb.navigates("signing in as Anna", chromedp.Click(chromedp.CSS(`.sign-in-card button[type=submit]`)))
	tb.wantPath(`^/tours$`)
	tb.navigates("opening the tour's Directors", chromedp.Click(chromedp.CSS(`#tour-`+tours["Anna"]+` a[href$="/directors"]`)))
	tb.wantPath(`^/tours/[0-9]+/directors$`)
	tb.wantText("main h1", "Directors of Anna's Tour de France")
	tb.checkViewports("Directors of Anna's Tour de France")
	tb.setViewport(tablet)
	bruno := eval[string](tb, `[...document.querySelectorAll("input[name=directors]")].find((i) => i.parentElement.textContent.trim() === "Bruno").value`)
	tb.run("ticking Bruno", chromedp.Click(chromedp.CSS(`input[name=directors][value="`+bruno+`"]`)))
	tb.navigates("saving the co-directors", chromedp.Click(chromedp.CSS(`form[action$="/codirectors"] button[type=submit]`)))
	tb.wantText(".flash", "Co-directors saved.")
	tb.wantText(".facts", "Bruno")

	tb.setViewport(phone)
	carla := eval[string](tb, `[...document.querySelectorAll("#director option")].find((o) => o.textContent.trim() === "Carla").value`)
	tb.choose("#director", carla)
	tb.expectRefusal(http.StatusUnprocessableEntity)
	tb.navigates("handing over without the box", chromedp.Click(chromedp.CSS(`form[action$="/owner"] button[type=submit]`)))
	tb.wantText("#err-confirm", "Must be ticked")
	tb.checkViewports("Directors of Anna's Tour de France")
	tb.setViewport(phone)
	tb.choose("#director", carla)
	tb.run("ticking the box", chromedp.Click(chromedp.CSS(`input[name=confirm]`)))
	tb.navigates("handing the tour over", chromedp.Click(chromedp.CSS(`form[action$="/owner"] button[type=submit]`)))
	tb.wantText(".flash", "Tour handed over to Carla.")
	// Anna, an administrator, stays on the page, which names Carla its owner now.
	tb.wantPath(`^/tours/[0-9]+/directors$`)
	tb.wantText(".facts", "Carla")
}
