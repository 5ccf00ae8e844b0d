package e2e

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"racedirector/app/store/storetest"
	"strconv"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// chromiumPath finds the browser, or skips the test saying how to install it (fails under CI=true);
// -short skips it. Chromium's headless shell comes first when it is installed (Debian's
// chromium-headless-shell, Chrome for Testing's chrome-headless-shell): the same Blink without the
// browser's own windows, it spends about a third of the CPU the whole browser spends on a page.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the browser tests run in the full passes, not in the race detector's")
	}
	found := ""
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err == nil {
			found = p
		}
	} else {
		for _, name := range []string{"chromium-headless-shell", "chrome-headless-shell", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "/usr/bin/chromium"} {
			if p, err := exec.LookPath(name); err == nil {
				found = p
				break
			}
		}
	}
	if found != "" {
		return found
	}
	msg := "Chromium is not installed: the browser tests need it (Debian/Ubuntu: apt-get install -y chromium-headless-shell, or chromium; or set CHROMIUM to a Chrome binary)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// browser is the package's Chromium process; each tab is an isolated browser context.
type browser struct {
	ctx context.Context
}

// chromium is the one Chromium the package's tests share, started by the first test that asks
// for it and ended by TestMain after the last: starting one per test cost a second or more each.
var chromium sharedChromium

// sharedChromium starts Chromium once and ends it.
type sharedChromium struct {
	mu      sync.Mutex
	b       *browser
	profile string
	stop    func()
}

// pagesOnly marks a browser test of what no database engine changes — the pages' layout at each
// size, their words, their forms and scripts — which the SQLite pass runs and the PostgreSQL pass
// leaves to it. The PostgreSQL pass runs the browser tests that lean on the engine: the whole
// evening, the live updates (LISTEN/NOTIFY there), the directors' accounts and sessions; every
// endpoint on both engines is the scenario tests' business (app/).
func pagesOnly(t *testing.T) {
	t.Helper()
	if _, pg := storetest.Server(); pg {
		t.Skip("the pages' layout, words and scripts do not depend on the database engine: the SQLite pass runs this test")
	}
}

// tabsAtOnce is how many tests run side by side unless go test's -parallel is given: on two cores,
// three or four keep the CPU busy while the others wait on a page; more only queue for it.
const tabsAtOnce = 4

// TestMain runs the tests, tabsAtOnce at a time unless -parallel says otherwise, then ends the shared
// Chromium and removes its profile.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(tabsAtOnce))
	}
	code := m.Run()
	chromium.close()
	os.Exit(code)
}

// newBrowser returns the package's Chromium (Debian's, headless, with a fresh profile), starting it
// at the first call; each test's tabs are browser contexts of their own (newTab).
func newBrowser(t *testing.T) *browser {
	t.Helper()
	path := chromiumPath(t)
	chromium.mu.Lock()
	defer chromium.mu.Unlock()
	if chromium.b != nil {
		return chromium.b
	}
	profile, err := os.MkdirTemp("", "rd-e2e-chromium-")
	if err != nil {
		t.Fatalf("making Chromium's profile folder: %v", err)
	}
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
		// The tests' tabs work side by side: none is a background tab to slow down.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.WindowSize(int(tablet.width), int(tablet.height)),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil {
		cancelBrowser()
		cancelAlloc()
		_ = os.RemoveAll(profile)
		t.Fatalf("starting Chromium (%s): %v", path, err)
	}
	chromium.b, chromium.profile = &browser{ctx: bctx}, profile
	chromium.stop = func() {
		cancelBrowser()
		cancelAlloc() // waits for the browser to exit
	}
	return chromium.b
}

// close ends Chromium, if a test started it, and removes its profile.
func (c *sharedChromium) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.b == nil {
		return
	}
	c.stop()
	_ = os.RemoveAll(c.profile)
	c.b = nil
}
