package e2e

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// badPage breaks every rule the health check enforces.
const badPage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Race Director</title>
<link rel="stylesheet" href="/bad.css">
<script src="/boom.js"></script>
</head><body><nav class="tour-nav narrow"><a href="/y">A menu entry far too long for its menu</a></nav><main>
<p style="color: red">an inline style the CSP refuses</p>
<input id="nolabel" name="nolabel">
<button class="tiny">x</button>
<div class="wide">wide</div>
<button class="far">far</button>
<img src="/missing.png" alt="">
<p>A sentence with an <a href="/x">inline link</a> in the middle of its words, exempt from the size rule.</p>
</main></body></html>`

// TestHealthCheckCatchesProblems serves a page that breaks every rule and checks that the health
// check reports each: a JavaScript exception, console.error, a CSP violation, a missing image (404),
// a field without a label, a touch target under 40 px, sideways scrolling, a control off-screen, a title that does not name
// the screen, a menu entry whose label wraps. It keeps the browser tests honest: a check that cannot fail proves nothing.
func TestHealthCheckCatchesProblems(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/missing.png", http.NotFound)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self'; script-src 'self'")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(badPage))
	})
	mux.HandleFunc("/boom.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		_, _ = w.Write([]byte(`console.error("director, something broke"); null.boom;`))
	})
	mux.HandleFunc("/bad.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		_, _ = w.Write([]byte(`.tiny { height: 20px; padding: 0 } .wide { width: 2000px } .far { position: absolute; left: 1100px } .narrow { width: 90px }`))
	})
	ts := httptest.NewServer(mux)
	defer ts.Close()
	tb := newBrowser(t).newTab(t, &server{URL: ts.URL})
	tb.visit("/")
	problems := strings.Join(tb.takeProblems(), "\n")
	a := eval[audit](tb, strings.Replace(auditJS, "%d", "1024", 1))
	all := problems + "\n" + strings.Join(a.Problems, "\n")
	for _, want := range []string{
		"JavaScript exception", "console.error: director, something broke", "Content Security Policy",
		"HTTP 404 for " + ts.URL + "/missing.png", "field without a label: input#nolabel",
		"touch target 20 px high: button «x»", "page scrolls sideways", "off-screen: button «far»", "does not name the screen",
		"menu entry on 3 lines: a «A menu entry far too long for its menu»",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the health check did not report %q; it reported:\n%s", want, all)
		}
	}
	if strings.Contains(all, "inline link") {
		t.Errorf("the health check reported the inline link in a sentence, which is exempt:\n%s", all)
	}
}
