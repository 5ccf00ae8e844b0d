package e2e

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// toStageStep opens the wizard for a game and goes on to its stage step (through the points step
// where the game has one).
func toStageStep(tb *tab, ruleset string, points bool) {
	tb.t.Helper()
	tb.setViewport(tablet)
	tb.visit("/tours/new")
	tb.run("choosing "+ruleset, chromedp.Click(chromedp.CSS(`input[name=ruleset][value="`+ruleset+`"]`)))
	tb.fill("#name", "Stages of "+ruleset)
	tb.fill("#stages", "2")
	tb.fill("#seed", "7") // the same proposal on every run
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	if points {
		tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	}
	tb.check("stages")
}

// TestWizardStagesPreviewTheEngine types in the stage step: a Cycling Party climb's end square follows
// its category and start as typed (docs/rules.md §1.2), and a Ciclismo a fondo section's squares
// and band its km — an 18 km short time trial shows as the medium one of 54 squares (§2.2) — with
// the stage length their sum; wizard.js shows what the server answers.
func TestWizardStagesPreviewTheEngine(t *testing.T) {
	pagesOnly(t)
	srv := startServer(t)
	tb := newBrowser(t).newTab(t, srv)

	toStageStep(tb, "cycling-party", true)
	const cat, start, end = `select[name="stages[0].climbs[0].category"]`, `input[name="stages[0].climbs[0].start"]`, `output[id="stages[0].climbs[0].end"]`
	tb.choose(cat, "third")
	tb.fill(start, "20")
	tb.wantPreview(end, "27") // a third-category climb is 8 squares
	tb.choose(cat, "hors")
	tb.wantPreview(end, "51") // hors is 32
	tb.fill(start, "1")
	tb.wantPreview(end, "32")
	tb.keys(kb.Backspace) // the start erased: no end
	tb.wantPreview(end, "?")

	toStageStep(tb, "ciclismo-a-fondo", false)
	const typ, km, squares = `select[name="stages[0].sections[0].type"]`, `input[name="stages[0].sections[0].km"]`, `#stage-1 tr[data-section] [data-section-squares]`
	tb.choose(typ, "itt_short")
	tb.fill(km, "18")
	tb.wantPreview(squares, "54")
	if got := tb.value(typ); got != "itt_medium" {
		tb.errorf("an 18 km short time trial shows as %q, want itt_medium (the band its km falls in)", got)
	}
	tb.choose(typ, "flat")
	tb.fill(km, "119")
	tb.wantPreview(squares, "119")
	sum := eval[int](tb, `[...document.querySelectorAll("#stage-1 [data-section-squares]")].reduce((s, o) => s + parseInt(o.textContent, 10), 0)`)
	tb.wantPreview(`#stage-1 [data-stage-total]`, strconv.Itoa(sum))
	tb.fill(km, "0")
	tb.wantPreview(squares, "?")
	tb.wantPreview(`#stage-1 [data-stage-total]`, "?")
}
