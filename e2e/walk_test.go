package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// notFitting lists what does not fit on the page as the director sees it: a riders table that scrolls
// sideways inside its team box, and a choice narrower than its longest option (its words cut).
const notFitting = `(() => {
  const out = [];
  document.querySelectorAll(".team .table-wrap").forEach((w) => {
    if (w.scrollWidth > w.clientWidth + 1) out.push("table scrolls sideways in " + w.closest(".team").id + " (" + w.scrollWidth + " > " + w.clientWidth + " px)");
  });
  const ctx = document.createElement("canvas").getContext("2d");
  document.querySelectorAll(".team select").forEach((s) => {
    ctx.font = getComputedStyle(s).font;
    const widest = Math.max(...[...s.options].map((o) => ctx.measureText(o.text).width));
    if (s.clientWidth < widest + 24) out.push("choice " + s.id + " cuts its words (" + s.clientWidth + " px for " + Math.round(widest) + ")");
  });
  return out;
})()`

// toTeamStep opens the wizard for a game and goes on to its team step.
func toTeamStep(tb *tab, ruleset string, riders string, points bool) {
	tb.t.Helper()
	tb.setViewport(tablet)
	tb.visit("/tours/new")
	tb.run("choosing "+ruleset, chromedp.Click(chromedp.CSS(fmt.Sprintf(`input[name=ruleset][value=%q]`, ruleset))))
	tb.fill("#name", "Walk of "+ruleset)
	tb.fill("#stages", "2")
	tb.fill("#seed", "7") // the same proposal on every run
	if riders != "" {
		tb.choose("#riders_per_team", riders)
	}
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	if points {
		tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	}
	tb.check("stages")
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("teams")
}

// TestTeamStepFitsTheScreen opens the wizard's team step of Ciclismo a fondo (a role choice per
// rider) and of 2RUOTE (seven card values per rider) on a tablet and a phone: no riders table scrolls
// sideways in its box and no role choice cuts its words ("Todoterreno (all-rounde"); on a phone
// every 2RUOTE value shows its name above it.
func TestTeamStepFitsTheScreen(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tb := newBrowser(t).newTab(t, srv)
	for _, game := range []struct{ ruleset, riders string }{{"ciclismo-a-fondo", "6"}, {"2ruote", ""}} {
		toTeamStep(tb, game.ruleset, game.riders, false)
		for _, vp := range []viewport{tablet, phone} {
			tb.setViewport(vp)
			tb.run("settling the layout", chromedp.Evaluate[chromedp.Void](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))`, chromedp.EvalAwaitPromise))
			tb.check("teams")
			if got := eval[[]string](tb, notFitting); len(got) > 0 {
				tb.errorf("%s team step on the %s: %v", game.ruleset, vp.name, got)
			}
		}
		if game.ruleset == "2ruote" {
			labels := eval[[]string](tb, `[...document.querySelectorAll(".team tbody tr:first-child td.card-cell")].slice(0, 7).map((td) => getComputedStyle(td, "::before").content)`)
			if fmt.Sprint(labels) != `["Costo" "Pianura" "Montagna" "Discesa" "Collina" "Volata" "Cronometro"]` {
				tb.errorf("on a phone a 2RUOTE rider's values are labelled %v, want Costo, Pianura, … Cronometro", labels)
			}
		}
	}
}

// TestWizardPointsSumsFollowTheBoxes refuses the points step with a negative place: the page that
// comes back sums what the boxes hold, not the points saved before.
func TestWizardPointsSumsFollowTheBoxes(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tb := newBrowser(t).newTab(t, srv)
	tb.visit("/tours/new")
	tb.fill("#name", "Sums")
	tb.fill("#stages", "3")
	tb.fill("#seed", "7") // the same proposal on every run
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("points")
	tb.fill(`input[name="points.individual[1]"]`, "-3")
	tb.expectRefusal(422)
	tb.navigates("Continue with a negative place", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("points")
	row := eval[[]int](tb, `[...document.querySelector('input[name="points.individual[0]"]').closest("tr").querySelectorAll("[data-points=table]")].map((i) => parseInt(i.value, 10) || 0)`)
	want := 0
	for _, p := range row {
		want += p
	}
	if row[1] != -3 {
		tb.fatalf("the refused step shows individual 2nd place %d, want the -3 typed", row[1])
	}
	if got := tb.text(`tr:has(input[name="points.individual[0]"]) [data-points-row-sum]`); got != fmt.Sprint(want) {
		tb.errorf("the individual row sums to %s beside boxes summing to %d", got, want)
	}
}
