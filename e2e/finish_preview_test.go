package e2e

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// wantPreview waits until the finish form shows want beside a group (sel, its output): race.js asks
// the server once the director pauses typing, so the answer comes a moment after the keys. It fails
// after liveGuard, saying what the page shows.
func (tb *tab) wantPreview(sel, want string) {
	tb.t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e ? e.textContent : "<no element>"; })()`, sel)
	got := ""
	for start := time.Now(); time.Since(start) < liveGuard; time.Sleep(20 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
		text, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		cancel()
		if err == nil {
			if got = text; got == want {
				return
			}
		}
	}
	tb.errorf("%s on %s shows %q, want %q (the server's preview of the group as typed)", sel, tb.path(), got, want)
}
