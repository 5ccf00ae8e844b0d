package e2e

import (
	"os"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestZZNav(t *testing.T) {
	srv := startServer(t)
	tourID := createTour(t, srv, "cycling-party", "Tour of the Room", 6, cpStages(), defaultTeams(t, srv, 3), false)
	tb := newBrowser(t).newTab(t, srv)
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	path := os.Getenv("ZZP")
	if path == "stage" {
		path = "/tours/" + tourID + "/stages/1"
	}
	for i := 0; i < n; i++ {
		switch os.Getenv("ZZK") {
		case "visit":
			tb.visit(path)
		case "keys":
			tb.visit(path)
			tb.focus("#sprint-1")
			tb.keys("21 11 31 12 22")
		case "navigates":
			tb.visit(path)
			tb.navigates("x", chromedp.Click(chromedp.CSS(`nav.main-nav a[href="/tours"]`)))
		}
	}
}
