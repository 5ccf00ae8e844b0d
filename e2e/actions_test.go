package e2e

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// navigates runs steps that load a new page (a key press on a link or a submit button) and waits
// until the new page has loaded: woken by the tab's load events, it asks the page whether it is the
// new one (the old page was marked), and asks again now and then should an event go unheard.
func (tb *tab) navigates(what string, steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	tb.run(what+" (marking the page)", chromedp.Evaluate[chromedp.Void](`window.__e2eOld = true`))
	tb.run(what, steps...)
	guard := time.NewTimer(stepTimeout)
	defer guard.Stop()
	for {
		ctx, cancel := context.WithTimeout(tb.ctx, 2*time.Second)
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!window.__e2eOld && document.readyState === "complete"`))
		cancel()
		if err == nil && done {
			return
		}
		select {
		case <-tb.loaded:
		case <-time.After(250 * time.Millisecond): // a poll interval, not a limit: the guard below is the 60-second hang guard
		case <-guard.C:
			tb.fatalf("%s: no new page loaded within %s (still at %s)", what, stepTimeout, tb.path())
		}
	}
}

// stays runs steps that must not load a new page (a form refused in the page itself): once the page
// has drawn two frames after them, so that it has handled them, the browser must have seen no
// navigation start or be asked for, and the page must be the one marked before.
func (tb *tab) stays(what string, steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	tb.run(what+" (marking the page)", chromedp.Evaluate[chromedp.Void](`window.__e2eOld = true`))
	tb.mu.Lock()
	leaving := tb.leaving
	tb.mu.Unlock()
	tb.run(what, steps...)
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	// An error here is a page replaced while drawing: said below.
	_, _ = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))`, chromedp.EvalAwaitPromise))
	cancel()
	tb.mu.Lock()
	left := tb.leaving != leaving
	tb.mu.Unlock()
	if left || !eval[bool](tb, `window.__e2eOld === true`) {
		tb.fatalf("%s: a new page loaded or was asked for (%s), the page should have refused in place", what, tb.path())
	}
}

// focus puts the keyboard focus on the element.
func (tb *tab) focus(sel string) {
	tb.t.Helper()
	tb.run("focusing "+sel, chromedp.Focus(chromedp.CSS(sel)))
}

// keys types on the focused element: text, "\t" (Tab), "\r" (Enter), kb keys.
func (tb *tab) keys(keys string) {
	tb.t.Helper()
	tb.run(fmt.Sprintf("typing %q", keys), chromedp.KeyEvent(keys))
}

// backTab presses Shift+Tab.
func (tb *tab) backTab() {
	tb.t.Helper()
	tb.run("Shift+Tab", chromedp.KeyEvent("\t", chromedp.KeyModifiers(chromedp.ModifierShift)))
}

// focused describes the focused element: its id, or its tag and text.
func (tb *tab) focused() string {
	tb.t.Helper()
	return eval[string](tb, `(() => { const e = document.activeElement; if (!e) return ""; if (e === document.body) return "body"; return e.id ? "#" + e.id : e.tagName.toLowerCase() + ":" + (e.textContent || e.value || "").trim().replace(/\s+/g, " ").slice(0, 40); })()`)
}

// tabTo presses Tab until the focused element matches sel (at most limit presses), as a keyboard
// user moves through a form.
func (tb *tab) tabTo(sel string, limit int) {
	tb.t.Helper()
	js := fmt.Sprintf(`document.activeElement && document.activeElement.matches(%q)`, sel)
	for i := 0; i < limit; i++ {
		if eval[bool](tb, js) {
			return
		}
		tb.keys("\t")
	}
	if !eval[bool](tb, js) {
		tb.fatalf("Tab %d times did not reach %s (focus on %s)", limit, sel, tb.focused())
	}
}

// text is the text of the first element matching sel ("" when there is none).
func (tb *tab) text(sel string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e ? e.innerText : ""; })()`, sel))
}

// count is the number of elements matching sel.
func (tb *tab) count(sel string) int {
	tb.t.Helper()
	return eval[int](tb, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel))
}

// value is the value of the first field matching sel.
func (tb *tab) value(sel string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e ? e.value : "<no field>"; })()`, sel))
}

// attr is an attribute of the first element matching sel.
func (tb *tab) attr(sel, name string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e ? (e.getAttribute(%q) || "") : "<no element>"; })()`, sel, name))
}

// wantText fails unless the element's text contains every want.
func (tb *tab) wantText(sel string, want ...string) {
	tb.t.Helper()
	got := tb.text(sel)
	for _, w := range want {
		if !strings.Contains(got, w) {
			tb.errorf("%s on %s: text %q does not contain %q", sel, tb.path(), clip(got, 600), w)
		}
	}
}

// wantPath fails unless the page's path matches the regular expression.
func (tb *tab) wantPath(re string) {
	tb.t.Helper()
	if p := tb.path(); !regexp.MustCompile(re).MatchString(p) {
		tb.fatalf("at %s, want a page matching %s", p, re)
	}
}

// clip shortens s for a message.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// download fetches href from the browser's page (with its cookies) and returns the status, the
// content type and the first bytes.
func (tb *tab) download(href string) (status int, ctype string, head []byte) {
	tb.t.Helper()
	type got struct {
		Status int    `json:"status"`
		Type   string `json:"type"`
		Head   []int  `json:"head"`
		Size   int    `json:"size"`
	}
	js := fmt.Sprintf(`fetch(%q, {credentials: "same-origin"}).then(async (r) => {
	  const b = new Uint8Array(await r.arrayBuffer());
	  return {status: r.status, type: r.headers.get("content-type") || "", head: Array.from(b.slice(0, 8)), size: b.length};
	})`, href)
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	g, err := chromedp.Run(ctx, chromedp.Evaluate[got](js, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.fatalf("fetching %s: %v", href, err)
	}
	for _, b := range g.Head {
		head = append(head, byte(b))
	}
	tb.forget(href) // judged here, by the caller
	return g.Status, g.Type, head
}

// fill replaces a field's value by typing, as a person would after selecting it.
func (tb *tab) fill(sel, text string) {
	tb.t.Helper()
	tb.run("clearing "+sel, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).value = ""`, sel)))
	tb.run(fmt.Sprintf("typing %q in %s", text, sel), chromedp.SendKeys(chromedp.CSS(sel), text))
}

// choose selects an option of a select by value and fires change, as picking it would.
func (tb *tab) choose(sel, value string) {
	tb.t.Helper()
	ok := eval[bool](tb, fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s || ![...s.options].some((o) => o.value === %q)) return false;
	  s.value = %q; s.dispatchEvent(new Event("input", {bubbles: true})); s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, sel, value, value))
	if !ok {
		tb.fatalf("%s has no option %q", sel, value)
	}
}

// backTabTo presses Shift+Tab until the focused element matches sel.
func (tb *tab) backTabTo(sel string, limit int) {
	tb.t.Helper()
	js := fmt.Sprintf(`document.activeElement && document.activeElement.matches(%q)`, sel)
	for i := 0; i < limit && !eval[bool](tb, js); i++ {
		tb.backTab()
	}
	if !eval[bool](tb, js) {
		tb.fatalf("Shift+Tab %d times did not reach %s (focus on %s)", limit, sel, tb.focused())
	}
}
