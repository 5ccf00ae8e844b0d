package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// axeDir is the folder of the pinned axe-core package: its package.json and package-lock.json name
// the exact version and its integrity; npm ci installs it into axeDir/node_modules.
const axeDir = "axe"

// axeSource is axe.min.js of the version package-lock.json pins, installed once per test process.
var axeSource = sync.OnceValues(loadAxe)

// errNoNpm says npm is missing: the accessibility test skips (fails under CI=true) saying how to get it.
var errNoNpm = errors.New("npm is not installed: the accessibility test installs axe-core with it (Debian/Ubuntu: apt-get install -y npm)")

// loadAxe returns axe.min.js of the axe-core version package-lock.json pins, running npm ci into
// axeDir/node_modules first when that version is not there (npm ci checks the package against the
// lock's integrity).
func loadAxe() (string, error) {
	var lock struct {
		Packages map[string]struct {
			Version string `json:"version"`
		} `json:"packages"`
	}
	raw, err := os.ReadFile(filepath.Join(axeDir, "package-lock.json"))
	if err != nil {
		return "", fmt.Errorf("reading axe-core's lock: %w", err)
	}
	if err := json.Unmarshal(raw, &lock); err != nil {
		return "", fmt.Errorf("reading axe-core's lock: %w", err)
	}
	want := lock.Packages["node_modules/axe-core"].Version
	if want == "" {
		return "", errors.New("package-lock.json pins no axe-core")
	}
	installed := func() string {
		var p struct {
			Version string `json:"version"`
		}
		raw, err := os.ReadFile(filepath.Join(axeDir, "node_modules", "axe-core", "package.json"))
		if err != nil || json.Unmarshal(raw, &p) != nil {
			return ""
		}
		return p.Version
	}
	if installed() != want {
		npm, err := exec.LookPath("npm")
		if err != nil {
			return "", errNoNpm
		}
		cmd := exec.Command(npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts")
		cmd.Dir = axeDir
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("npm ci in e2e/%s: %v\n%s", axeDir, err, out)
		}
		if got := installed(); got != want {
			return "", fmt.Errorf("npm ci installed axe-core %q, the lock pins %q", got, want)
		}
	}
	js, err := os.ReadFile(filepath.Join(axeDir, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		return "", fmt.Errorf("reading axe.min.js: %w", err)
	}
	return string(js), nil
}

// axeOf returns axe.min.js for t, or skips it when npm is missing (fails under CI=true).
func axeOf(t *testing.T) string {
	t.Helper()
	js, err := axeSource()
	switch {
	case errors.Is(err, errNoNpm) && os.Getenv("CI") != "true":
		t.Skip(err.Error())
	case err != nil:
		t.Fatal(err)
	}
	return js
}

// axePath is where withAxe serves axe.min.js, beside the app's pages: no route of the app starts with /e2e/.
const axePath = "/e2e/axe.min.js"

// withAxe serves the app (h) and, at axePath, axe.min.js of the pinned version (read only when asked
// for), which a browser keeps: a tab puts axe into each page as a <script src> of the page's own
// origin (the pages' Content-Security-Policy allows scripts of 'self'), downloads it once and its
// renderer compiles it once for all its pages; evaluating its 650 KB anew in every page cost a
// tenth of the accessibility walk's CPU.
func withAxe(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != axePath {
			h.ServeHTTP(w, r)
			return
		}
		js, err := axeSource()
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "max-age=86400, immutable")
		_, _ = io.WriteString(w, js)
	})
}

// axeLoadJS puts axe into the page, when it is not there yet, from the page's server (axePath), and
// tells it to keep no copy of each element's HTML in its results: the test reports the element's
// selector, and copying the markup of every element a rule looks at (a whole table, the whole
// page for the page's rules) was a twentieth of each run. axeConfigJS alone does the latter for axe
// put in by evaluating its source.
const axeLoadJS = `typeof axe !== "undefined" ? undefined : new Promise((ok, fail) => {
  const s = document.createElement("script");
  s.src = "` + axePath + `";
  s.onload = () => { ` + axeConfigJS + ` ok(); };
  s.onerror = () => fail(new Error("axe did not load from ` + axePath + `"));
  document.head.appendChild(s);
})`

// axeConfigJS configures axe as the tests run it: no HTML of the elements in its results.
const axeConfigJS = `axe.configure({noHtml: true});`

// axeRulesJS chooses the rules axe runs: those that can find a serious or critical problem (a rule's
// own impact, or one of its checks'), of the rules axe runs by default (no experimental or
// deprecated one). The others can only find moderate or minor ones, which the test does not judge.
const axeRulesJS = `(() => {
  const a = axe._audit, high = (i) => i === "serious" || i === "critical";
  return a.rules.filter((r) => r.enabled !== false && !r.tags.includes("experimental") && !r.tags.includes("deprecated"))
    .filter((r) => high(r.impact) || [...r.any, ...r.all, ...r.none].some((c) => high((a.data.checks[c.id || c] || {}).impact)))
    .map((r) => r.id);
})()`

// axeSameJS takes out of the page, in every list of like things (the rows of a table, the items of a
// list, the teams' cards, the marks of a chart), each that looks like one before it: the same
// elements with the same attributes, and the same values of those that change a look or a meaning
// (class, role, colours, state), only their words and numbers differ. Axe then looks at one of each
// look — what it finds in one it finds in all — and a page of long tables costs it no more than one
// of short ones (each of its rules goes over every element of the page). A row that looks apart (a
// leader's, an abandoned rider's) stays.
const axeSameJS = `(() => {
  const aside = window.__axeAside = [];
  const kept = ["class", "role", "fill", "stroke", "color", "type", "lang", "hidden", "disabled", "open", "tabindex",
    "aria-hidden", "aria-current", "aria-selected", "aria-expanded", "aria-invalid", "aria-disabled", "aria-checked"];
  const look = (e) => [e, ...e.querySelectorAll("*")].map((n) => n.tagName + "[" +
    n.getAttributeNames().sort().map((a) => kept.includes(a) ? a + "=" + n.getAttribute(a) : a).join(" ") + "]").join(";");
  document.querySelectorAll("tbody, ul, ol, .team-grid, .cards, svg, svg g").forEach((list) => {
    const seen = new Set();
    for (const c of [...list.children]) {
      const l = look(c);
      if (!seen.has(l)) { seen.add(l); continue; }
      aside.push([c, c.parentNode, c.nextSibling]);
      c.remove();
    }
  });
})()`

// axeBackJS puts back what axeSameJS took out, in its place: a form is sent whole.
const axeBackJS = `(window.__axeAside || []).reverse().forEach(([c, parent, next]) => parent.insertBefore(c, next)); window.__axeAside = [];`

// axeWordsRules are the rules whose findings can change with the language: the page's language and
// title, the names of fields, buttons, links, images and widgets, a label's words in its name, and a
// box that longer words make scroll. The others judge the markup and the colours, which are the same
// in every language.
var axeWordsRules = []string{"document-title", "html-has-lang", "html-lang-valid", "valid-lang", "label", "label-title-only",
	"label-content-name-mismatch", "button-name", "input-button-name", "link-name", "select-name", "summary-name", "image-alt",
	"input-image-alt", "role-img-alt", "svg-img-alt", "object-alt", "area-alt", "aria-command-name", "aria-dialog-name",
	"aria-input-field-name", "aria-meter-name", "aria-progressbar-name", "aria-toggle-field-name", "aria-tooltip-name",
	"aria-treeitem-name", "aria-tab-name", "aria-text", "empty-heading", "frame-title", "scrollable-region-focusable"}

// axeRunJS runs axe on the part of the page the first %q selects (the document when ""), with the
// rules axeRulesJS chooses, only those the second %s lists when it is not null, and lists its
// serious and critical findings, with the page's language.
const axeRunJS = `(async (within, only) => {
  window.__axeRules = window.__axeRules || %[3]s;
  const rules = only ? window.__axeRules.filter((r) => only.includes(r)) : window.__axeRules;
  const unknown = (only || []).filter((r) => !axe.getRules().some((x) => x.ruleId === r));
  const r = await axe.run(within ? document.querySelector(within) : document, {runOnly: {type: "rule", values: rules}, resultTypes: ["violations"]});
  const found = [];
  r.violations.forEach((v) => v.nodes.forEach((n) => {
    if (n.impact !== "serious" && n.impact !== "critical") return;
    found.push({rule: v.id, impact: n.impact, target: n.target.join(" "),
      why: (n.failureSummary || "").replace(/\s+/g, " ").slice(0, 300)});
  }));
  unknown.forEach((r) => found.push({rule: r, impact: "serious", target: "-", why: "axe has no such rule: the test's list of rules is wrong"}));
  return {lang: document.documentElement.lang, found: found};
})(%[1]q, %[2]s)`

// axeFinding is one element axe finds a serious or critical problem in.
type axeFinding struct {
	Rule   string `json:"rule"`
	Impact string `json:"impact"`
	Target string `json:"target"`
	Why    string `json:"why"`
}

// axeReport is what one run of axe says of a page.
type axeReport struct {
	Lang  string       `json:"lang"`
	Found []axeFinding `json:"found"`
}

// axeTab is a tab that runs axe in its pages, in one language, and keeps what it finds.
type axeTab struct {
	*tab
	lang string
	js   string // axe's source, evaluated in each page when the server does not serve it (server.axe)
	// served says the tab's server serves axe (withAxe): the pages load it as a script of their own.
	served bool
	sizes  []viewport // the sizes each page is audited at (the TV's pages at the TV's)
	// every says every rule runs, else those whose findings can change with the language
	// (axeWordsRules): the reference language judges all, the others what their words change. The TV
	// is judged whole in every language.
	every bool
	found map[string]*axeProblem // by "page: rule (impact): why"
	order []string
}

// axeProblem is one problem axe finds in a page: the elements it is found in and the sizes.
type axeProblem struct {
	targets, sizes []string
}

// newAxeTab opens a tab in lang (the language cookie, as a person's choice sets it) that audits each
// page at sizes, at the first of them to begin with.
func newAxeTab(t *testing.T, b *browser, srv *server, lang, js string, every bool, sizes ...viewport) *axeTab {
	t.Helper()
	tb := b.newTab(t, srv)
	if tb.vp != sizes[0] {
		tb.setViewport(sizes[0])
	}
	tb.visit("/lang/" + lang)
	return &axeTab{tab: tb, lang: lang, js: js, served: srv.axe, every: every, sizes: sizes, found: map[string]*axeProblem{}}
}

// settle waits two frames: the layout of a new size is done.
func (at *axeTab) settle() {
	at.t.Helper()
	at.run("settling the layout", chromedp.Evaluate[chromedp.Void](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))`, chromedp.EvalAwaitPromise))
}

// prepare puts axe into the page loaded last, opens what a tap opens (revealJS) and marks the
// things that look like others (axeSameJS).
func (at *axeTab) prepare() {
	at.t.Helper()
	if at.served {
		at.run("putting axe in the page", chromedp.Evaluate[chromedp.Void](axeLoadJS, chromedp.EvalAwaitPromise))
	} else if !eval[bool](at.tab, `typeof axe !== "undefined"`) {
		at.run("putting axe in the page", chromedp.Evaluate[chromedp.Void](at.js+"\n;"+axeConfigJS+"undefined"))
	}
	at.run("opening what a tap opens", chromedp.Evaluate[chromedp.Void](revealJS+axeSameJS))
	at.settle()
}

// audit runs axe on the page (on the part within selects, when not "") at the tab's size and keeps
// what it finds under the page's name, with the language the page says it is in when that is not
// the tab's.
func (at *axeTab) audit(page, within string) {
	at.t.Helper()
	ctx, cancel := context.WithTimeout(at.ctx, stepTimeout)
	defer cancel()
	only := "null"
	if !at.every && at.vp != tv {
		b, _ := json.Marshal(axeWordsRules)
		only = string(b)
	}
	r, err := chromedp.Run(ctx, chromedp.Evaluate[axeReport](fmt.Sprintf(axeRunJS, within, only, axeRulesJS), chromedp.EvalAwaitPromise))
	if err != nil {
		at.fatalf("running axe in %s: %v", page, err)
	}
	if r.Lang != at.lang {
		r.Found = append(r.Found, axeFinding{Rule: "the page's language", Impact: "serious", Target: "html", Why: fmt.Sprintf("<html lang=%q> in a page shown in %q", r.Lang, at.lang)})
	}
	size := fmt.Sprintf("%s %d×%d", at.vp.name, at.vp.width, at.vp.height)
	for _, f := range r.Found {
		key := fmt.Sprintf("%s: %s (%s): %s", page, f.Rule, f.Impact, f.Why)
		p := at.found[key]
		if p == nil {
			p = &axeProblem{}
			at.found[key] = p
			at.order = append(at.order, key)
		}
		if !slices.Contains(p.targets, f.Target) {
			p.targets = append(p.targets, f.Target)
		}
		if !slices.Contains(p.sizes, size) {
			p.sizes = append(p.sizes, size)
		}
	}
}

// auditPage prepares the page loaded last and runs axe in it at each of the tab's sizes, without
// loading it again: first at the size the tab has, so that the next page loads at the size this
// one ends on (a switch between a phone and a tablet costs about as much as a page).
func (at *axeTab) auditPage(page string) {
	at.t.Helper()
	at.prepare()
	sizes := slices.Clone(at.sizes)
	if i := slices.Index(sizes, at.vp); i > 0 {
		sizes[0], sizes[i] = sizes[i], sizes[0]
	}
	for _, vp := range sizes {
		if vp != at.vp {
			at.setViewport(vp)
			at.settle()
		}
		at.audit(page, "")
	}
	at.run("putting back what was taken out", chromedp.Evaluate[chromedp.Void](axeBackJS))
}

// report fails the test with every finding, each with the sizes it was found at.
func (at *axeTab) report() {
	at.t.Helper()
	if len(at.order) == 0 {
		return
	}
	var out []string
	for _, key := range at.order {
		p := at.found[key]
		targets := p.targets
		if len(targets) > 3 {
			targets = append(targets[:3:3], fmt.Sprintf("%d more", len(p.targets)-3))
		}
		out = append(out, fmt.Sprintf("%s\n      in %s [%s]", key, strings.Join(targets, "; "), strings.Join(p.sizes, ", ")))
	}
	at.t.Errorf("axe finds %d serious or critical problems in %q:\n  - %s", len(out), at.lang, strings.Join(out, "\n  - "))
}
