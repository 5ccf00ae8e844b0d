package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCiclismoAFondoStage enters stage 1 of a Ciclismo a fondo tour (created through the API) through
// the pages: the sprint and the climb, effort points on the Advantages page, an abandonment, a finish
// by turns, End stage, then the classifications and the riders.
func TestCiclismoAFondoStage(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tourID := createTour(t, srv, "ciclismo-a-fondo", "Vuelta de mesa", 5, cafStages(), cafTeams(t, srv), false)
	tb := newBrowser(t).newTab(t, srv)
	stageURL := "/tours/" + tourID + "/stages/1"

	openFromTours(tb, tourID, "Vuelta de mesa")
	tb.wantPath("^" + stageURL + "$")
	tb.check("Stage 1")
	tb.wantText("main", "Sprint 1", "Climb 1")
	for _, e := range []struct{ id, order string }{{"sprint-1", "21 11 31"}, {"climb-1", "13 23 33"}} {
		if f := tb.focused(); f != "#"+e.id {
			tb.errorf("the focus is on %s, want the first empty entry #%s", f, e.id)
			tb.focus("#" + e.id)
		}
		tb.keys(e.order)
		tb.navigates("Enter in #"+e.id, chromedp.KeyEvent("\r"))
		tb.wantText(".flash", "saved: "+e.order+".")
	}

	// Effort points: bib 12 spends 2, on the game's incidents page (its own word), reached from the tour
	// menu; then the four weather rolls and the most combative rider, which End stage asks for.
	const incidents = "Effort, weather and events"
	tb.navigates("tour menu: "+incidents, chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/stages/1/advantages"]`)))
	tb.check(incidents)
	tb.focus("#adv-effort-bib")
	tb.keys("12\t2")
	tb.navigates("Spend", chromedp.KeyEvent("\r"))
	tb.check(incidents)
	tb.wantText("#effort", "12")
	tb.wantText("#uses", "12")
	for i, w := range []string{"fair", "crosswind", "fair", "cold"} {
		tb.choose(fmt.Sprintf("#weather-%d", i), w)
	}
	tb.navigates("Save weather", chromedp.Click(chromedp.CSS(`#weather button[type=submit]`)))
	tb.check(incidents)
	tb.focus("#combativity-bib")
	tb.keys("21")
	tb.navigates("Save the most combative", chromedp.KeyEvent("\r"))
	tb.check(incidents)
	tb.navigates("Back to stage 1", chromedp.Click(chromedp.CSS(`main a[href="`+stageURL+`"]`)))
	tb.wantText("#incidents", "Weather: fair, crosswind, fair and cold (4 of 4 rolls)", "Most combative: 21")

	// An abandonment, then the finish in turns (riders of a turn in placing order).
	tb.focus("#abandon-bib")
	tb.keys("35\tillness")
	tb.navigates("Record abandonment", chromedp.KeyEvent("\r"))
	tb.wantText(".flash", "Abandonment of bib 35 recorded")
	tb.focus("#g1-turn")
	tb.keys("23\t11 21\t24\t12 22 31 13 23 33\t25\t14 24 34 15 25 32")
	tb.wantPreview("#g1-time", "turn 23")
	tb.wantPreview("#g3-time", "turn 25")
	tb.navigates("Save finish", chromedp.KeyEvent("\r"))
	tb.wantText(".flash", "Finish saved: 3 groups, 14 riders.")
	tb.check("Stage 1")

	tb.tabTo("#end-stage", 150)
	tb.navigates("End stage", chromedp.KeyEvent("\r"))
	tb.wantPath("^/tours/" + tourID + "/stages/2$")
	tb.check("Stage 2")

	tb.navigates("tour menu: Classifications", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/classifications"]`)))
	tb.check("Classifications")
	tb.wantText(".leaders", "11")
	if n := tb.count("section.classification"); n < 4 {
		tb.errorf("Ciclismo a fondo shows %d classifications after stage 1, want at least 4", n)
	}
	if tb.count(`nav.tour-nav a[href$="/cycling-party"]`) != 0 {
		tb.errorf("a Ciclismo a fondo tour offers the Cycling Party screen")
	}
	tb.navigates("tour menu: Riders", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/riders"]`)))
	tb.check("Riders")
	tb.wantText("main tr.out", "35")
}

// Test2RuoteStage enters stage 1 of a 2RUOTE advanced tour (created through the API) through the
// pages: the TV sprint, the finish's leading group from the volata calculator, the rest by sector,
// a rider's fatigue, End stage, then the classifications.
func Test2RuoteStage(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tourID := createTour(t, srv, "2ruote", "Giro del tavolo", 5, ruoteStages(), ruoteTeams(t, srv), true)
	tb := newBrowser(t).newTab(t, srv)
	stageURL := "/tours/" + tourID + "/stages/1"

	openFromTours(tb, tourID, "Giro del tavolo")
	tb.check("Stage 1")
	if f := tb.focused(); f != "#sprint-1" {
		tb.errorf("the focus is on %s, want the TV sprint (#sprint-1)", f)
		tb.focus("#sprint-1")
	}
	tb.keys("12 22 32")
	tb.navigates("Enter in the TV sprint", chromedp.KeyEvent("\r"))
	tb.wantText(".flash", "saved: 12 22 32.")

	// The volata calculator orders the leading group.
	tb.navigates("Volata calculator for the finish", chromedp.Click(chromedp.CSS(`#finish a[href*="/volata"]`)))
	tb.check("Volata")
	tb.focus("#volata-order")
	tb.keys("11 21 31 12")
	tb.navigates("Next", chromedp.KeyEvent("\r"))
	tb.check("Volata")
	for _, bib := range []string{"11", "21", "31", "12"} {
		if tb.count("#s_"+bib) != 1 {
			tb.fatalf("the volata calculator has no sprint value field for bib %s", bib)
		}
	}
	tb.fill("#s_21", "9")
	tb.navigates("Compute the order", chromedp.Click(chromedp.CSS(`button[name=compute]`)))
	tb.check("Volata")
	order := clip(tb.text(".volata-result"), 400)
	if !strings.HasPrefix(order, "1 21 ") {
		tb.errorf("the volata result %q does not put bib 21 (sprint value 9) first", clip(order, 200))
	}
	// "Use this order" saves the order at once as the finish's leading group.
	tb.navigates("Use this order", chromedp.Click(chromedp.CSS(`.volata-result ~ form button[type=submit], section form.inline button[type=submit]`)))
	tb.wantPath("^" + stageURL + "$")
	tb.check("Stage 1")
	tb.wantText(".flash", "Volata order saved in the finish, leading sector (the group): 21 ")
	lead := tb.value("#g1-riders")
	if !strings.HasPrefix(lead, "21") || len(strings.Fields(lead)) != 4 {
		tb.errorf("the finish's leading group holds %q after the volata, want the four sprinters, 21 first", lead)
	}
	if f := tb.focused(); f != "#g2-sector" {
		tb.errorf("after the volata the focus is on %s, want the next group's sector (#g2-sector)", f)
		tb.focus("#g2-sector")
	}
	tb.keys("-1\t13 14 15 22 23 24 25 32 33 34 35")
	tb.wantPreview("#g1-time", "leading sector")
	tb.wantPreview("#g2-time", "+0:30") // one sector behind
	tb.navigates("Save finish", chromedp.KeyEvent("\r"))
	tb.wantText(".flash", "Finish saved: 2 groups, 15 riders.")

	// Fatigue at the end of the stage.
	tb.navigates("tour menu: Fatigue points", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/stages/1/advantages"]`)))
	tb.check("Fatigue points")
	tb.focus("#fatigue-11")
	tb.keys("3")
	tb.navigates("Save fatigue", chromedp.KeyEvent("\r"))
	tb.check("Fatigue points")
	if v := tb.value("#fatigue-11"); v != "3" {
		tb.errorf("bib 11's fatigue shows %q after saving, want 3", v)
	}
	tb.navigates("Back to stage 1", chromedp.Click(chromedp.CSS(`main a[href="`+stageURL+`"]`)))
	tb.tabTo("#end-stage", 150)
	tb.navigates("End stage", chromedp.KeyEvent("\r"))
	tb.wantPath("^/tours/" + tourID + "/stages/2$")
	tb.check("Stage 2")

	tb.navigates("tour menu: Classifications", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/classifications"]`)))
	tb.check("Classifications")
	tb.wantText(".leaders", "21")
}

// TestRoadStageUpload enters stage 1 of a real race (uci-road, created through the API) through the
// pages: the intermediate sprint by keyboard, the finish as a CSV file (a bad file refused row by
// row, then the good one), End stage, then the classifications.
func TestRoadStageUpload(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tourID := createTour(t, srv, "uci-road", "Ronde van de tafel", 4, roadStages(), roadTeams(t, srv), false)
	tb := newBrowser(t).newTab(t, srv)
	stageURL := "/tours/" + tourID + "/stages/1"
	dir := t.TempDir()
	csv := func(name string, rows ...string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("bib,time,bonus,penalty\n"+strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}

	openFromTours(tb, tourID, "Ronde van de tafel")
	tb.check("Stage 1")
	if f := tb.focused(); f != "#sprint-1" {
		tb.errorf("the focus is on %s, want the intermediate sprint (#sprint-1)", f)
		tb.focus("#sprint-1")
	}
	tb.keys("21 11 12")
	tb.navigates("Enter in the sprint", chromedp.KeyEvent("\r"))
	tb.wantText(".flash", "saved: 21 11 12.")

	bad := csv("bad.csv", "11,4:24:44,10,", "21,4:2x:44,,", "12,4:24:50,,", "99,4:25:00,,")
	tb.run("choosing bad.csv", chromedp.SetUploadFiles(chromedp.CSS(`form.clock-upload input[type=file]`), []string{bad}))
	tb.expectRefusal(422)
	tb.navigates("Upload the finish (bad)", chromedp.Click(chromedp.CSS(`form.clock-upload button[type=submit]`)))
	// Refused, the stage screen (at its own address) lists the problems beside the file field.
	tb.wantPath("^" + stageURL + "$")
	tb.check("Stage 1")
	tb.wantText("form.clock-upload .clock-error", "Finish not saved", "Line 3", "4:2x:44")

	good := csv("finish.csv", "11,4:24:44,10,", "21,4:24:44,6,", "12,4:24:50,,", "22,4:25:03,,", "13,4:26:00,,", "23,4:26:00,,", "14,4:30:12,,20", "24,4:31:00,,")
	tb.run("choosing finish.csv", chromedp.SetUploadFiles(chromedp.CSS(`form.clock-upload input[type=file]`), []string{good}))
	tb.navigates("Upload the finish", chromedp.Click(chromedp.CSS(`form.clock-upload button[type=submit]`)))
	tb.wantPath("^" + stageURL + "$")
	tb.check("Stage 1")
	tb.wantText(".flash", "Finish saved from finish.csv: 8 riders.")

	tb.tabTo("#end-stage", 150)
	tb.navigates("End stage", chromedp.KeyEvent("\r"))
	tb.wantPath("^/tours/" + tourID + "/stages/2$")
	tb.check("Stage 2")
	tb.navigates("tour menu: Classifications", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/classifications"]`)))
	tb.check("Classifications")
	tb.wantText(".leaders", "11")
}

// openFromTours opens a tour from the Tours page, as a director loading it would.
func openFromTours(tb *tab, tourID, name string) {
	tb.t.Helper()
	tb.visit("/")
	tb.navigates("main menu: Tours", chromedp.Click(chromedp.CSS(`nav.main-nav a[href="/tours"]`)))
	tb.check("Tours")
	tb.wantText("#tour-"+tourID, name)
	tb.navigates("Open "+name, chromedp.Click(chromedp.CSS(`#tour-`+tourID+` a.primary`)))
}
