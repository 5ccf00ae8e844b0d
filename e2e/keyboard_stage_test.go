package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// focusStop is what the page says of the element the keyboard's focus is on.
type focusStop struct {
	Key   string `json:"key"`   // the element, as a person would name it
	Stop  string `json:"stop"`  // its number among the stage screen's controls (controlsJS)
	Ring  bool   `json:"ring"`  // a focus ring shows: an outline of 2 px or more, or a shadow
	Shown bool   `json:"shown"` // it is on the screen
}

// focusStopJS describes the focused element (focusStop).
const focusStopJS = `(() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {key: "body", stop: "", ring: true, shown: true};
  const st = getComputedStyle(e), r = e.getBoundingClientRect();
  const key = e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.getAttribute("name") ? "[name=" + e.getAttribute("name") + "]" : "") +
    " «" + (e.innerText || e.value || e.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ").slice(0, 30) + "»";
  return {key: key, stop: e.dataset.kbStop || "", ring: (st.outlineStyle !== "none" && parseFloat(st.outlineWidth) >= 2) || st.boxShadow !== "none",
    shown: r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth};
})()`

// controlsJS numbers the stage screen's own controls a person can reach with the keyboard
// (data-kb-stop) and counts them: not those folded in a closed <details> but its summary.
const controlsJS = `[...document.querySelectorAll("main a[href], main button, main input, main select, main textarea, main summary, main [tabindex]")]
  .filter((e) => e.type !== "hidden" && e.tabIndex >= 0 && !e.disabled && !e.closest("[hidden], [inert]") && e.getClientRects().length > 0 &&
    !(e.closest("details:not([open])") && !e.matches("details:not([open]) > summary, details:not([open]) > summary *")))
  .map((e, i) => { e.dataset.kbStop = i; return e; }).length`

// TestStageScreenByKeyboard works the open stage of a Cycling Party tour with the keyboard alone on a
// tablet: Tab goes through every control of the stage screen in turn, each one shows a focus ring
// and is brought on the screen; then a sprint's order typed and sent with Enter is saved.
func TestStageScreenByKeyboard(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tourID := createTour(t, srv, "cycling-party", "Tour of Keys", 6, cpStages(), defaultTeams(t, srv, 3), false)
	tb := newBrowser(t).newTab(t, srv)
	tb.visit("/tours/" + tourID + "/stages/1")
	tb.check("Stage 1")
	want := eval[int](tb, controlsJS)
	if want < 10 {
		tb.fatalf("the stage screen has %d controls: the test proves nothing", want)
	}
	reached := map[string]bool{}
	var noRing, offScreen []string
	for i := 0; i < 400 && len(reached) < want; i++ {
		tb.keys("\t")
		s := eval[focusStop](tb, focusStopJS)
		if !s.Ring {
			noRing = append(noRing, s.Key)
		}
		if !s.Shown {
			offScreen = append(offScreen, s.Key)
		}
		if s.Stop != "" {
			reached[s.Stop] = true
		}
	}
	if len(reached) < want {
		missed := eval[[]string](tb, `[...document.querySelectorAll("[data-kb-stop]")].map((e) => e.dataset.kbStop + " " + e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + " «" + (e.innerText || e.value || e.getAttribute("aria-label") || "").trim().slice(0, 30) + "»")`)
		var not []string
		for _, m := range missed {
			if stop, _, _ := strings.Cut(m, " "); !reached[stop] {
				not = append(not, m)
			}
		}
		tb.errorf("Tab reached %d of the stage screen's %d controls; not: %s", len(reached), want, strings.Join(not, "; "))
	}
	if len(noRing) > 0 {
		tb.errorf("no focus ring shows on: %s", strings.Join(noRing, "; "))
	}
	if len(offScreen) > 0 {
		tb.errorf("focused but off the screen: %s", strings.Join(offScreen, "; "))
	}

	// A sprint's order, typed and sent with Enter.
	tb.focus("#sprint-1")
	tb.keys("21 11 31")
	tb.navigates("Enter in sprint 1", chromedp.KeyEvent("\r"))
	tb.check("Stage 1")
	if got := tb.value("#sprint-1"); got != "21 11 31" {
		tb.errorf("sprint 1 after Enter holds %q, want the order typed (21 11 31)", got)
	}
}
