// Package e2e tests Race Director as a person would: Debian's Chromium, headless and driven with
// chromedp, works the pages of the real server (app.New over a fresh SQLite file in t.TempDir(),
// served with httptest) on a tablet and a phone viewport.
//
// Every page a test visits is checked for health: no JavaScript exception or console error, no CSP
// violation or other browser log error, no failed request and no response of 400 or more except a
// refusal the test asked for, a label on every field, a <title> naming the screen, no sideways
// scrolling of the page, nothing interactive off-screen, and touch targets at least 40 px high.
// On a failure a PNG of the page is saved and its path printed.
//
// Without Chromium the tests skip and say how to install it; under CI=true they fail instead.
package e2e

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"racedirector/app"
)

// Viewports the pages must work on.
var (
	tablet = viewport{"tablet", 1024, 768, false}
	phone  = viewport{"phone", 390, 844, true}
)

// viewport is a screen size; mobile emulates a phone (the page's meta viewport applies, touch events).
type viewport struct {
	name          string
	width, height int64
	mobile        bool
}

// stepTimeout bounds one browser step (a navigation, a key press and the page it loads).
const stepTimeout = 20 * time.Second

// chromiumPath finds the browser, or skips the test saying how to install it (fails under CI=true).
func chromiumPath(t *testing.T) string {
	t.Helper()
	found := ""
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err == nil {
			found = p
		}
	} else {
		for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "/usr/bin/chromium"} {
			if p, err := exec.LookPath(name); err == nil {
				found = p
				break
			}
		}
	}
	if found != "" {
		return found
	}
	msg := "Chromium is not installed: the browser tests need it (Debian/Ubuntu: apt-get install -y chromium; or set CHROMIUM to a Chrome binary)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// server is the real app over a fresh database, served over HTTP.
type server struct {
	*app.App
	URL    string
	client *http.Client
}

// startServer starts app.New on a new SQLite file in t.TempDir() behind httptest.NewServer.
func startServer(t *testing.T) *server {
	t.Helper()
	a, err := app.New(filepath.Join(t.TempDir(), "racedirector.db"), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	ts := httptest.NewServer(a.Echo)
	t.Cleanup(func() {
		ts.Close()
		_ = a.Close()
	})
	jar, _ := cookiejar.New(nil)
	return &server{App: a, URL: ts.URL, client: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// browser is one Chromium process for a test; its tabs are isolated browser contexts.
type browser struct {
	ctx context.Context
}

// newBrowser starts Debian's Chromium, headless, with a fresh profile in t.TempDir(); cleanup ends it.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	path := chromiumPath(t)
	profile := t.TempDir() // registered before the browser's cleanup, so removed after the browser exits
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(profile),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(int(tablet.width), int(tablet.height)),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil {
		cancelBrowser()
		cancelAlloc()
		t.Fatalf("starting Chromium (%s): %v", path, err)
	}
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
	})
	return &browser{ctx: bctx}
}

// tab is one page of the browser, with its own cookies, for one server.
type tab struct {
	t    *testing.T
	ctx  context.Context
	base string
	vp   viewport

	mu       sync.Mutex
	problems []string                          // console errors, exceptions, log errors, failed requests
	bad      map[network.RequestID]badResponse // responses of 400 or more not yet judged
	expected map[int]int                       // status → how many refusals the test expects before the next check
	excused  map[network.RequestID]bool        // refusals the test asked for
	dialogs  []string                          // confirm() questions shown (and accepted)
	reported map[string]bool                   // audit problems already reported (digits blanked): each is said once
}

// badResponse is a response of 400 or more.
type badResponse struct {
	status int
	url    string
	kind   network.ResourceType
}

// newTab opens a tab in a new browser context (own cookies) on srv, at the tablet viewport.
func (b *browser) newTab(t *testing.T, srv *server) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	tb := &tab{t: t, ctx: ctx, base: srv.URL, bad: map[network.RequestID]badResponse{}, expected: map[int]int{}, excused: map[network.RequestID]bool{}, reported: map[string]bool{}}
	if err := chromedp.Listen(ctx, tb.onEvent); err != nil {
		t.Fatalf("listening to the tab: %v", err)
	}
	tb.setViewport(tablet)
	return tb
}

// onEvent records what the health check judges. It runs on the tab's reading goroutine: no commands.
func (tb *tab) onEvent(ev any) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		text := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			text += " " + d.Exception.Description
		}
		tb.problems = append(tb.problems, fmt.Sprintf("JavaScript exception at %s:%d: %s", d.URL, d.LineNumber+1, text))
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			var parts []string
			for _, a := range ev.Args {
				var str string
				switch {
				case a.Description != "":
					parts = append(parts, a.Description)
				case json.Unmarshal(a.Value, &str) == nil:
					parts = append(parts, str)
				default:
					parts = append(parts, string(a.Value))
				}
			}
			tb.problems = append(tb.problems, "console."+string(ev.Type)+": "+strings.Join(parts, " "))
		}
	case *cdplog.EventEntryAdded:
		e := ev.Entry
		if e.Level != cdplog.EntryLevelError {
			return
		}
		if e.NetworkRequestID != "" {
			// "Failed to load resource: 4xx" duplicates the response, judged on its own.
			if _, ok := tb.bad[e.NetworkRequestID]; ok || tb.excused[e.NetworkRequestID] {
				return
			}
		}
		tb.problems = append(tb.problems, fmt.Sprintf("browser log (%s): %s %s", e.Source, e.Text, e.URL))
	case *network.EventLoadingFailed:
		if ev.Canceled {
			return // a navigation replaced the page before this finished
		}
		tb.problems = append(tb.problems, fmt.Sprintf("request failed (%s): %s %s", ev.Type, ev.ErrorText, ev.BlockedReason))
	case *network.EventResponseReceived:
		if ev.Response.Status < 400 {
			return
		}
		st := int(ev.Response.Status)
		if ev.Type == network.ResourceTypeDocument && tb.expected[st] > 0 {
			tb.expected[st]--
			tb.excused[ev.RequestID] = true
			return
		}
		tb.bad[ev.RequestID] = badResponse{status: st, url: ev.Response.URL, kind: ev.Type}
	case *page.EventJavascriptDialogOpening:
		tb.dialogs = append(tb.dialogs, ev.Message)
		go func() { // a confirm() blocks the page: accept it as a director would
			_, _ = chromedp.Call(tb.ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
		}()
	}
}

// expectRefusal says the next page may answer status (a deliberate refusal re-rendering the form).
func (tb *tab) expectRefusal(status int) {
	tb.mu.Lock()
	tb.expected[status]++
	tb.mu.Unlock()
}

// takeDialogs returns the confirm() questions accepted since the last call.
func (tb *tab) takeDialogs() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	d := tb.dialogs
	tb.dialogs = nil
	return d
}

// forget drops the bad responses for url: the test judges them itself.
func (tb *tab) forget(url string) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for id, r := range tb.bad {
		if r.url == url {
			delete(tb.bad, id)
		}
	}
}

// takeProblems returns and clears what the event listener recorded.
func (tb *tab) takeProblems() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	out := tb.problems
	for _, r := range tb.bad {
		out = append(out, fmt.Sprintf("HTTP %d for %s (%s)", r.status, r.url, r.kind))
	}
	for st, n := range tb.expected {
		if n > 0 {
			out = append(out, fmt.Sprintf("expected a refusal with status %d, none came", st))
		}
	}
	tb.problems, tb.bad, tb.expected = nil, map[network.RequestID]badResponse{}, map[int]int{}
	return out
}

// run runs browser steps with a timeout; a failure is fatal, with a screenshot.
func (tb *tab) run(what string, steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		tb.fatalf("%s: %v", what, err)
	}
}

// eval evaluates JavaScript in the page and decodes the result into T.
func eval[T any](tb *tab, js string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		tb.fatalf("evaluating %.80q: %v", js, err)
	}
	return v
}

// setViewport emulates a screen size.
func (tb *tab) setViewport(vp viewport) {
	tb.t.Helper()
	var opts []chromedp.EmulateViewportOption
	if vp.mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	tb.vp = vp
	tb.run("viewport "+vp.name, chromedp.EmulateViewport(vp.width, vp.height, opts...))
}

// visit opens path and waits for the page to load.
func (tb *tab) visit(path string) {
	tb.t.Helper()
	tb.run("opening "+path, chromedp.Navigate(tb.base+path))
}

// path is the page's path and query.
func (tb *tab) path() string {
	tb.t.Helper()
	u := eval[string](tb, `location.pathname + location.search`)
	return u
}

// navigates runs steps that load a new page (a key press on a link or a submit button) and waits
// until the new page has loaded.
func (tb *tab) navigates(what string, steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	tb.run(what+" (marking the page)", chromedp.Evaluate[chromedp.Void](`window.__e2eOld = true`))
	tb.run(what, steps...)
	deadline := time.Now().Add(stepTimeout)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(tb.ctx, 2*time.Second)
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!window.__e2eOld && document.readyState === "complete"`))
		cancel()
		if err == nil && done {
			return
		}
		time.Sleep(30 * time.Millisecond)
	}
	tb.fatalf("%s: no new page loaded within %s (still at %s)", what, stepTimeout, tb.path())
}

// stays runs steps that must not load a new page (a form refused in the page itself).
func (tb *tab) stays(what string, steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	tb.run(what+" (marking the page)", chromedp.Evaluate[chromedp.Void](`window.__e2eOld = true`))
	tb.run(what, steps...)
	time.Sleep(300 * time.Millisecond)
	if !eval[bool](tb, `window.__e2eOld === true`) {
		tb.fatalf("%s: a new page loaded (%s), the page should have refused in place", what, tb.path())
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

// api calls the JSON API of srv with net/http (outside the browser) and decodes the answer.
func api[T any](t *testing.T, srv *server, method, path string, body any, want int) T {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = strings.NewReader(string(b))
	}
	req, err := http.NewRequest(method, srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := srv.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		t.Fatalf("%s %s = %d %s, want %d", method, path, resp.StatusCode, clip(string(raw), 400), want)
	}
	var v T
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("%s %s: decoding %s: %v", method, path, clip(string(raw), 200), err)
		}
	}
	return v
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
