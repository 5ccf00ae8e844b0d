// Package e2e tests Race Director as a person would: Debian's Chromium (its headless shell when
// installed), headless and driven with chromedp, works the pages of the real server (app.New over a fresh database, a copy of a migrated
// template, served with httptest) on a tablet and a phone viewport. The tests share one Chromium.
//
// Every page a test visits is checked for health: no JavaScript exception or console error, no CSP
// violation or other browser log error, no failed request and no response of 400 or more except a
// refusal the test asked for, a label on every field, a <title> naming the screen, no sideways
// scrolling of the page, nothing interactive off-screen, and touch targets at least 40 px high.
// On a failure a PNG of the page is saved and its path printed.
//
// The tests run side by side (t.Parallel), each with its own server and tabs: they spend most of
// their time waiting on the browser and the server, not computing, so the package runs
// tabsAtOnce of them at a time whatever the number of cores (go test's -parallel says otherwise).
// Every tab is told it has the focus (one would otherwise, the others not), and a tab is closed as
// soon as a test is done with it: an open page keeps drawing (the TV's turn bar) on the shared CPU.
//
// On PostgreSQL (RACEDIRECTOR_TEST_DB) the tests that lean on the engine run — the whole evening,
// live updates, accounts and sessions — and those of the pages alone leave it to the SQLite pass
// (pagesOnly).
//
// Without Chromium the tests skip and say how to install it; under CI=true they fail instead.
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"racedirector/app"
	"racedirector/app/store/storetest"
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
const stepTimeout = 60 * time.Second

// serverTemplate is the database the servers' databases copy: migrated, the default teams loaded,
// as a first start leaves it (made once per test process).
var serverTemplate = storetest.NewTemplate(func(dsn string) error {
	embedded, err := loadEmbedded()
	if err != nil {
		return err
	}
	a, err := app.New(dsn, slog.New(slog.NewTextHandler(io.Discard, nil)), app.WithEmbedded(embedded))
	if err != nil {
		return err
	}
	return a.Close()
})

// loadEmbedded loads what the servers read from the embedded files (rulesets, words, pages) once
// for all of them.
var loadEmbedded = sync.OnceValues(app.LoadEmbedded)

// withEmbedded is the option that gives a server what loadEmbedded loaded.
func withEmbedded(t testing.TB) app.Option {
	t.Helper()
	embedded, err := loadEmbedded()
	if err != nil {
		t.Fatalf("loading the embedded files: %v", err)
	}
	return app.WithEmbedded(embedded)
}

// server is the real app over a fresh database, served over HTTP.
type server struct {
	*app.App
	URL    string
	client *http.Client
	// axe says the server also serves axe-core at axePath (withAxe), for the accessibility tests.
	axe bool
}

// startServer starts app.New on a new database (a copy of serverTemplate) behind httptest.NewServer,
// with axe-core beside it for the accessibility tests (withAxe).
func startServer(t *testing.T) *server {
	t.Helper()
	a, err := app.New(serverTemplate.DSN(t, "racedirector.db"), slog.New(slog.NewTextHandler(io.Discard, nil)), withEmbedded(t))
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	ts := httptest.NewServer(withAxe(a.Echo))
	t.Cleanup(func() {
		ts.Close()
		_ = a.Close()
	})
	jar, _ := cookiejar.New(nil)
	return &server{App: a, URL: ts.URL, client: &http.Client{Jar: jar, Timeout: 30 * time.Second}, axe: true}
}

// tab is one page of the browser, with its own cookies, for one server.
type tab struct {
	t     *testing.T
	ctx   context.Context
	close context.CancelFunc // closes the page (and its browser context); the test's end does too
	base  string
	vp    viewport

	mu       sync.Mutex
	problems []string                          // console errors, exceptions, log errors, failed requests
	bad      map[network.RequestID]badResponse // responses of 400 or more not yet judged
	expected map[int]int                       // status → how many refusals the test expects before the next check
	excused  map[network.RequestID]bool        // refusals the test asked for
	dialogs  []string                          // confirm() questions shown (and accepted)
	reported map[string]bool                   // audit problems already reported (digits blanked): each is said once
	loads    int                               // load events of the tab's pages so far
	leaving  int                               // navigations the tab's page started or asked for so far
	loaded   chan struct{}                     // told (without waiting) at each load event
}

// badResponse is a response of 400 or more.
type badResponse struct {
	status int
	url    string
	kind   network.ResourceType
}

// newTab opens a tab in a new browser context (own cookies) on srv, at the tablet viewport, with
// the focus (as the one tab a person looks at has it, though other tests' tabs are open beside it).
func (b *browser) newTab(t *testing.T, srv *server) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	tb := &tab{t: t, ctx: ctx, close: cancel, base: srv.URL, bad: map[network.RequestID]badResponse{}, expected: map[int]int{}, excused: map[network.RequestID]bool{},
		reported: map[string]bool{}, loaded: make(chan struct{}, 1)}
	if err := chromedp.Listen(ctx, tb.onEvent); err != nil {
		t.Fatalf("listening to the tab: %v", err)
	}
	tb.run("giving the tab the focus", chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
		return err
	}))
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
	case *page.EventLoadEventFired:
		tb.loads++
		select {
		case tb.loaded <- struct{}{}:
		default: // already told, not yet heard
		}
	case *page.EventFrameRequestedNavigation:
		tb.leaving++
	case *page.EventFrameStartedLoading:
		tb.leaving++
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
