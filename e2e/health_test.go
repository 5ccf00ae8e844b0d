package e2e

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// audit is what the page itself says about its health on the current viewport.
type audit struct {
	Title    string   `json:"title"`
	Problems []string `json:"problems"`
}

// auditJS checks the page in the browser: title, labels, sideways scrolling, off-screen controls,
// touch targets, measured against the screen's width (a phone widens its layout viewport when the
// page is too wide, so window.innerWidth alone would hide the overflow). Inline links inside a paragraph of text are exempt from the 40 px rule (they are
// words in a sentence, not buttons); checkboxes and radios are measured by their label.
const auditJS = `((vw) => {
  const out = [];
  if (window.innerWidth > vw) out.push("the page is wider than the screen: the browser widened the layout to " + window.innerWidth + " px for a " + vw + " px screen");
  const desc = (e) => {
    let s = e.tagName.toLowerCase();
    if (e.id) s += "#" + e.id;
    if (e.getAttribute("name")) s += "[name=" + e.getAttribute("name") + "]";
    const txt = (e.innerText || e.value || e.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ").slice(0, 40);
    if (txt) s += " «" + txt + "»";
    return s;
  };
  const shown = (e) => {
    if (e.closest("[hidden], [aria-hidden=true]")) return false;
    const st = getComputedStyle(e);
    if (st.display === "none" || st.visibility === "hidden") return false;
    const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };
  // Sideways scrolling of the page itself.
  const sw = document.documentElement.scrollWidth;
  if (sw > vw) {
    const wide = [];
    document.querySelectorAll("body *").forEach((e) => {
      const r = e.getBoundingClientRect();
      if (r.right > vw + 1 && shown(e) && wide.length < 4 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > vw + 1)) wide.push(desc(e) + " right=" + Math.round(r.right));
    });
    out.push("page scrolls sideways: scrollWidth " + sw + " > innerWidth " + vw + " (widest: " + wide.join("; ") + ")");
  }
  // Title names the screen.
  const title = document.title.trim();
  const screen = title.replace(/\s*·\s*Race Director$/, "").trim();
  if (!screen || screen === "Race Director") out.push("title " + JSON.stringify(title) + " does not name the screen");
  // Every field has a label.
  document.querySelectorAll("input, select, textarea").forEach((e) => {
    const type = (e.getAttribute("type") || "").toLowerCase();
    if (["hidden", "submit", "button", "reset", "image"].includes(type)) return;
    if (e.closest("label")) return;
    if (e.id && document.querySelector('label[for="' + CSS.escape(e.id) + '"]')) return;
    if ((e.getAttribute("aria-label") || "").trim()) return;
    const lb = (e.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
    if (lb.length && lb.every((id) => document.getElementById(id))) return;
    out.push("field without a label: " + desc(e));
  });
  // A scroll container the element can be scrolled into view in.
  const scroller = (e) => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if ((ox === "auto" || ox === "scroll") && p.scrollWidth > p.clientWidth) return p;
    }
    return null;
  };
  // A menu entry's label on one line: a wrapped one reads as two entries.
  document.querySelectorAll(".main-nav a, .tour-nav a").forEach((e) => {
    if (!shown(e)) return;
    const range = document.createRange();
    range.selectNodeContents(e);
    const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    if (lines > 1) out.push("menu entry on " + lines + " lines: " + desc(e));
  });
  const controls = "a[href], button, input, select, textarea, summary, [role=button]";
  document.querySelectorAll(controls).forEach((e) => {
    if (!shown(e) || e.matches("a.skip, input[type=hidden]")) return;
    const r = e.getBoundingClientRect();
    // Nothing essential off-screen: a control is inside the viewport's width, or inside a
    // scrolling box that is.
    if (r.left < -1 || r.right > vw + 1) {
      const sc = scroller(e);
      const sr = sc && sc.getBoundingClientRect();
      if (!sc || sr.left < -1 || sr.right > vw + 1) out.push("off-screen: " + desc(e) + " spans x " + Math.round(r.left) + "–" + Math.round(r.right) + " of " + vw);
    }
    // Touch targets in the main content.
    if (!e.closest("main")) return;
    let h = r.height;
    const type = (e.getAttribute("type") || "").toLowerCase();
    if ((type === "checkbox" || type === "radio") && e.labels) {
      e.labels.forEach((l) => { h = Math.max(h, l.getBoundingClientRect().height); });
    }
    if (h >= 40) return;
    if (e.tagName === "A" && getComputedStyle(e).display === "inline") {
      const block = e.parentElement.closest("p, li, dd, td, figcaption");
      if (block && block.tagName === "P" && block.innerText.trim().length > e.innerText.trim().length + 10) return;
    }
    out.push("touch target " + Math.round(h) + " px high: " + desc(e));
  });
  return {title: title, problems: out};
})(%d)`

// check judges the page the tab shows: the events since the last check and the audit on the
// current viewport. title must appear in the page's <title>.
func (tb *tab) check(title string) {
	tb.t.Helper()
	a := eval[audit](tb, fmt.Sprintf(auditJS, tb.vp.width))
	problems := tb.takeProblems()
	for _, p := range a.Problems {
		key := tb.vp.name + " " + regexp.MustCompile(`[0-9]+`).ReplaceAllString(p, "#")
		if !tb.reported[key] {
			tb.reported[key] = true
			problems = append(problems, p)
		}
	}
	if title != "" && !strings.Contains(a.Title, title) {
		problems = append(problems, fmt.Sprintf("title %q does not contain %q", a.Title, title))
	}
	if len(problems) > 0 {
		tb.errorf("page %s (%s %dx%d) is not healthy:\n  - %s", tb.path(), tb.vp.name, tb.vp.width, tb.vp.height, strings.Join(problems, "\n  - "))
	}
}

// checkViewports checks the page on the tablet and the phone, then returns to the tablet. With
// E2E_SCREENSHOTS=all in the environment it saves a screenshot of each page on each viewport.
func (tb *tab) checkViewports(title string) {
	tb.t.Helper()
	for _, vp := range []viewport{phone, tablet} {
		tb.setViewport(vp)
		tb.run("settling the layout", chromedp.Evaluate[chromedp.Void](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))`, chromedp.EvalAwaitPromise))
		tb.check(title)
		if os.Getenv("E2E_SCREENSHOTS") == "all" {
			tb.t.Logf("%s on the %s: %s", tb.path(), vp.name, tb.screenshot())
		}
	}
}

// errorf reports a failure with a screenshot of the page.
func (tb *tab) errorf(format string, args ...any) {
	tb.t.Helper()
	tb.t.Errorf("%s\n  screenshot: %s", fmt.Sprintf(format, args...), tb.screenshot())
}

// fatalf reports a failure with a screenshot of the page and stops the test.
func (tb *tab) fatalf(format string, args ...any) {
	tb.t.Helper()
	tb.t.Fatalf("%s\n  screenshot: %s", fmt.Sprintf(format, args...), tb.screenshot())
}

var shotN struct {
	sync.Mutex
	n int
}

// screenshot saves a PNG of the whole page and returns its path. With go test -artifacts it goes to
// the test's artifact directory; otherwise to a directory under the system's temp directory that
// is kept after the run (t.TempDir() would be removed before anyone could look at it).
func (tb *tab) screenshot() string {
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		return "(no screenshot: " + err.Error() + ")"
	}
	dir, err := shotDir(tb.t)
	if err != nil {
		return "(no screenshot: " + err.Error() + ")"
	}
	shotN.Lock()
	shotN.n++
	n := shotN.n
	shotN.Unlock()
	name := fmt.Sprintf("%02d-%s-%s.png", n, strings.Trim(regexp.MustCompile(`[^A-Za-z0-9]+`).ReplaceAllString(tb.safePath(), "-"), "-"), tb.vp.name)
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, png, 0o644); err != nil {
		return "(no screenshot: " + err.Error() + ")"
	}
	return p
}

// safePath is the page's path without failing the test when the page cannot answer.
func (tb *tab) safePath() string {
	ctx, cancel := context.WithTimeout(tb.ctx, 3*time.Second)
	defer cancel()
	p, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname`))
	if err != nil || p == "" {
		return "page"
	}
	return p
}

var shotDirs sync.Map // test name → directory

// shotDir is where the test's screenshots go.
func shotDir(t *testing.T) (string, error) {
	if f := flag.Lookup("test.artifacts"); f != nil && f.Value.String() == "true" {
		return t.ArtifactDir(), nil
	}
	name := regexp.MustCompile(`[^A-Za-z0-9]+`).ReplaceAllString(t.Name(), "-")
	if d, ok := shotDirs.Load(name); ok {
		return d.(string), nil
	}
	d, err := os.MkdirTemp("", "racedirector-e2e-"+name+"-")
	if err != nil {
		return "", err
	}
	shotDirs.Store(name, d)
	return d, nil
}
