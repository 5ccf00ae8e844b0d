package handlers

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/store"
)

const flashCookie = "rd_flash"

// setFlash keeps a one-line message for the next page in a short-lived cookie.
func setFlash(c echo.Context, msg string) {
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: url.QueryEscape(msg), Path: "/", MaxAge: 60, HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// takeFlash reads and clears the flash message.
func takeFlash(c echo.Context) string {
	ck, err := c.Cookie(flashCookie)
	if err != nil || ck.Value == "" {
		return ""
	}
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
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

// refusedCookie names the cookie that points the next GET at the refused page kept for it.
const refusedCookie = "rd_refused"

// Limits of the refused pages kept for their redirect: a page is kept a short while and only for
// the GET that follows; a page too large to keep is answered where it was posted.
const (
	refusedTTL      = 2 * time.Minute
	maxRefusedPages = 64
	maxRefusedPage  = 4 << 20
	maxRefusedBytes = 32 << 20
)

// refusedPages keeps each refused page form until the one GET its redirect leads to.
type refusedPages struct {
	mu    sync.Mutex
	pages map[string]refusedPage
	// order holds the tokens, oldest first.
	order []string
	bytes int
	// shared, when set, keeps the pages in the database instead, where every instance serving it
	// finds them: the GET a redirect leads to may reach another instance than the POST.
	shared pageKeeper
}

// pageKeeper keeps refused pages for every instance serving the database (the store).
type pageKeeper interface {
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

// newRefusedPages returns an empty keeper of refused pages.
func newRefusedPages() *refusedPages {
	return &refusedPages{pages: map[string]refusedPage{}}
}

// keep stores a refused page and returns its token; ok is false when it is too large to keep.
func (r *refusedPages) keep(p refusedPage) (string, bool) {
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
func (r *refusedPages) take(token, address string) (refusedPage, bool) {
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
func (r *refusedPages) drop(token string) {
	if p, ok := r.pages[token]; ok {
		r.bytes -= len(p.body)
		delete(r.pages, token)
	}
}

// refuseAt answers a refused page form with post/redirect/get: the rendered page is kept for the GET
// of address, the browser goes there (303). ok is false when the page cannot be kept, so it is
// answered where it was posted.
func (h *Handler) refuseAt(c echo.Context, address string, status int, body []byte) (bool, error) {
	token, ok := h.refused.keep(refusedPage{address: address, status: status, body: body, at: time.Now()})
	if !ok {
		return false, nil
	}
	c.SetCookie(&http.Cookie{Name: refusedCookie, Value: token, Path: "/", MaxAge: int(refusedTTL / time.Second), HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return true, c.Redirect(http.StatusSeeOther, address)
}

// RefusedPage is the middleware answering the GET a refusal redirected to with the refused page
// kept for it, once; every other request goes on.
func (h *Handler) RefusedPage(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Method != http.MethodGet {
			return next(c)
		}
		ck, err := c.Cookie(refusedCookie)
		if err != nil || ck.Value == "" {
			return next(c)
		}
		p, ok := h.refused.take(ck.Value, req.URL.RequestURI())
		if !ok {
			return next(c)
		}
		c.SetCookie(&http.Cookie{Name: refusedCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
		c.Response().Header().Set("Cache-Control", "no-store")
		return c.HTMLBlob(p.status, p.body)
	}
}

// refusedAddress is the address (answering GET) where a refused form rendered as page is shown again
// after post/redirect/get, or "" to answer it where it was posted: the wizard's steps and the roster
// preview (their addresses answer GET), error pages, and anything that is not a POST refusal.
func (h *Handler) refusedAddress(c echo.Context, page string, status int) string {
	if c.Request().Method != http.MethodPost || (status != http.StatusUnprocessableEntity && status != http.StatusConflict) {
		return ""
	}
	switch page {
	case "stage", "advantages":
		id, n, err := stageParams(c)
		if err != nil {
			return ""
		}
		if page == "advantages" {
			return advantagesURL(id, n)
		}
		return stageURL(id, n)
	case "team_form":
		if c.Param("id") == "" {
			return "/teams/new"
		}
		if id, err := idParam(c, "id", "team"); err == nil {
			return fmt.Sprintf("/teams/%d/edit", id)
		}
	case "rider_form":
		if c.Param("id") != "" {
			if id, err := idParam(c, "id", "rider"); err == nil {
				return fmt.Sprintf("/riders/%d/edit", id)
			}
			return ""
		}
		if team, ok := formInt(c.FormValue("team_id")); ok && team > 0 {
			if _, err := h.Store.GetTeam(h.scope(c), uint(team)); err == nil {
				return fmt.Sprintf("/teams/%d/riders/new", team)
			}
		}
		return "/teams"
	case "import", "import_preview":
		if c.Path() == "/teams/import/apply" {
			return "/teams/import"
		}
	case "tours":
		return "/tours"
	case "riders_tour":
		if id, err := idParam(c, "id", "tour"); err == nil {
			return fmt.Sprintf("/tours/%d/riders", id)
		}
	case "directors":
		return "/directors"
	case "account_password": // the first-run setup, an invitation: their addresses answer GET
		return c.Request().URL.Path
	}
	return ""
}
