// Package keep holds what the app keeps in memory between requests for the pages: the post/redirect/get
// store (a refused form's page kept for the GET its redirect leads to, and the flash message for the
// next page) and the tour reads (answers made once for a tour's version, with their ETags).
package keep

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/store"
)

// FlashCookie names the cookie holding the one-line message for the next page.
const FlashCookie = "rd_flash"

// SetFlash keeps a one-line message for the next page in a short-lived cookie.
func SetFlash(c echo.Context, msg string) {
	c.SetCookie(&http.Cookie{Name: FlashCookie, Value: url.QueryEscape(msg), Path: "/", MaxAge: 60, HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// TakeFlash reads and clears the flash message.
func TakeFlash(c echo.Context) string {
	ck, err := c.Cookie(FlashCookie)
	if err != nil || ck.Value == "" {
		return ""
	}
	c.SetCookie(&http.Cookie{Name: FlashCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	msg, err := url.QueryUnescape(ck.Value)
	if err != nil {
		return ""
	}
	if len(msg) > 300 {
		msg = msg[:300]
	}
	return msg
}

// Post/redirect/get for refusals. A refused page form is rendered as before (the form again, the typed
// values, each message beside its field), but instead of answering at the POST-only address it is kept
// here, the browser is sent (303) to the page's own address, and that GET answers the kept page once,
// with the refusal's status. Reloading then shows the page afresh instead of sending the form again,
// and the address bar never holds an address that only takes POST.

// RefusedCookie names the cookie that points the next GET at the refused page kept for it.
const RefusedCookie = "rd_refused"

// Limits of the refused pages kept for their redirect: a page is kept a short while and only for
// the GET that follows; a page too large to keep is answered where it was posted.
const (
	refusedTTL      = 2 * time.Minute
	maxRefusedPages = 64
	maxRefusedPage  = 4 << 20
	maxRefusedBytes = 32 << 20
)

// RefusedPages keeps each refused page form until the one GET its redirect leads to.
type RefusedPages struct {
	mu    sync.Mutex
	pages map[string]refusedPage
	// order holds the tokens, oldest first.
	order []string
	bytes int
	// shared, when set, keeps the pages in the database instead, where every instance serving it
	// finds them: the GET a redirect leads to may reach another instance than the POST.
	shared PageKeeper
}

// PageKeeper keeps refused pages for every instance serving the database (the store).
type PageKeeper interface {
	KeepPage(token string, p store.KeptPage, ttl time.Duration) error
	TakePage(token, address string) (store.KeptPage, bool, error)
}

// refusedPage is one refused page form, rendered, waiting for the GET of its address.
type refusedPage struct {
	address string
	status  int
	body    []byte
	at      time.Time
}

// NewRefusedPages returns an empty keeper of refused pages; shared, when not nil, keeps them in the
// database for every instance serving it.
func NewRefusedPages(shared PageKeeper) *RefusedPages {
	return &RefusedPages{pages: map[string]refusedPage{}, shared: shared}
}

// keep stores a refused page and returns its token; ok is false when it is too large to keep.
func (r *RefusedPages) keep(p refusedPage) (string, bool) {
	if r == nil || len(p.body) > maxRefusedPage {
		return "", false
	}
	var raw [16]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", false
	}
	token := hex.EncodeToString(raw[:])
	if r.shared != nil {
		err := r.shared.KeepPage(token, store.KeptPage{Address: p.address, Status: p.status, Body: p.body, At: p.at}, refusedTTL)
		return token, err == nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pages[token] = p
	r.order = append(r.order, token)
	r.bytes += len(p.body)
	for len(r.order) > 0 {
		oldest, ok := r.pages[r.order[0]]
		if ok && len(r.order) <= maxRefusedPages && r.bytes <= maxRefusedBytes && time.Since(oldest.at) < refusedTTL {
			break
		}
		r.drop(r.order[0])
		r.order = r.order[1:]
	}
	if len(r.order) > 2*maxRefusedPages { // tokens already taken: forget them
		kept := r.order[:0]
		for _, tk := range r.order {
			if _, ok := r.pages[tk]; ok {
				kept = append(kept, tk)
			}
		}
		r.order = kept
	}
	return token, true
}

// take returns and forgets the page kept under token when it is for address and still fresh.
func (r *RefusedPages) take(token, address string) (refusedPage, bool) {
	if r == nil {
		return refusedPage{}, false
	}
	if r.shared != nil {
		kept, ok, err := r.shared.TakePage(token, address)
		if err != nil || !ok {
			return refusedPage{}, false
		}
		return refusedPage{address: kept.Address, status: kept.Status, body: kept.Body, at: kept.At}, time.Since(kept.At) < refusedTTL
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	p, ok := r.pages[token]
	if !ok || p.address != address {
		return refusedPage{}, false
	}
	r.drop(token)
	return p, time.Since(p.at) < refusedTTL
}

// drop forgets one page (its token stays in order until it comes first).
func (r *RefusedPages) drop(token string) {
	if p, ok := r.pages[token]; ok {
		r.bytes -= len(p.body)
		delete(r.pages, token)
	}
}

// RedirectTo answers a refused page form with post/redirect/get: the rendered page is kept for the GET
// of address, the browser goes there (303). ok is false when the page cannot be kept, so it is
// answered where it was posted.
func (r *RefusedPages) RedirectTo(c echo.Context, address string, status int, body []byte) (bool, error) {
	token, ok := r.keep(refusedPage{address: address, status: status, body: body, at: time.Now()})
	if !ok {
		return false, nil
	}
	c.SetCookie(&http.Cookie{Name: RefusedCookie, Value: token, Path: "/", MaxAge: int(refusedTTL / time.Second), HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return true, c.Redirect(http.StatusSeeOther, address)
}

// Middleware answers the GET a refusal redirected to with the refused page
// kept for it, once; every other request goes on.
func (r *RefusedPages) Middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Method != http.MethodGet {
			return next(c)
		}
		ck, err := c.Cookie(RefusedCookie)
		if err != nil || ck.Value == "" {
			return next(c)
		}
		p, ok := r.take(ck.Value, req.URL.RequestURI())
		if !ok {
			return next(c)
		}
		c.SetCookie(&http.Cookie{Name: RefusedCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
		c.Response().Header().Set("Cache-Control", "no-store")
		return c.HTMLBlob(p.status, p.body)
	}
}
