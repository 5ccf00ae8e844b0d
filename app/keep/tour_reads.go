package keep

import (
	"bytes"
	"cmp"
	"container/list"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/store"
)

// A tour's pages, JSON and sheets are answered from memory once made for the tour's version: the
// room of viewers reloading after every result costs one rendering, not one per viewer. Each answer
// carries an ETag made of the tour's version and of what else the answer depends on (the address,
// the language asked, the cookies, the day the sheets are dated), and If-None-Match answers 304.

// Limits of the answers kept: each at most maxReadSize as made, all together (what they hold,
// compressed where they are, and keys) at most maxReadBytes and maxReadCount answers; an address
// longer than maxReadAddress is never kept.
const (
	maxReadSize    = 2 << 20
	maxReadBytes   = 3 << 20
	maxReadCount   = 4096
	maxReadAddress = 1024
	// readOverhead is what one kept answer costs besides its body and key.
	readOverhead = 256
)

// csrfPlaceholder stands for the viewer's CSRF token while a page is made and in a kept page: the
// page is made once with it, and each viewer gets his own token put in. Letters only, so that the
// templates write it as it is.
const csrfPlaceholder = "RaceDirectorCsrfTokenPlaceholder"

// TourReads keeps the answers made for tours, least recently served forgotten first.
type TourReads struct {
	// boot is this process's own mark in every ETag: an answer of an older process (or an older
	// build) is never taken for a current one.
	boot    string
	mu      sync.Mutex
	bytes   int
	answers map[string]*list.Element
	lru     *list.List // of *tourRead, most recently served first
	// making holds the answers being made: a viewer asking for one meanwhile waits for it rather
	// than making it again (a room of followers told of a change all ask at once).
	making map[string]*making
	// compress packs the answers kept (packed.go).
	compress compressors
	// queued are the keys of the answers to pack, in the order they were first served again to a
	// browser; packing says the goroutine that packs them runs (kept_answer.go).
	queued  []string
	packing bool
}

// making is one answer being made.
type making struct {
	done chan struct{}
	// waiters counts the viewers waiting for it.
	waiters int
}

// makeOrWait says who makes the answer for key: the caller (true: call made when done), or another
// viewer already making it (false: wait for done, then look for the answer kept).
func (r *TourReads) makeOrWait(key string) (*making, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if m, ok := r.making[key]; ok {
		m.waiters++
		return m, false
	}
	m := &making{done: make(chan struct{})}
	r.making[key] = m
	return m, true
}

// made ends the making of the answer for key and wakes the viewers waiting for it.
func (r *TourReads) made(key string, m *making) {
	r.mu.Lock()
	delete(r.making, key)
	r.mu.Unlock()
	close(m.done)
}

// NewTourReads returns an empty keeper, with this process's own mark for its ETags.
func NewTourReads() *TourReads {
	return &TourReads{boot: newBoot(), answers: map[string]*list.Element{}, lru: list.New(), making: map[string]*making{}}
}

// get returns the answer kept for key; one served again to a browser (a client that takes gzip)
// is queued to be packed.
func (r *TourReads) get(key string, forGzip bool) (*tourRead, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	el, ok := r.answers[key]
	if !ok {
		return nil, false
	}
	r.lru.MoveToFront(el)
	a := el.Value.(*tourRead)
	if forGzip {
		r.queueLocked(a)
	}
	return a, true
}

// put keeps an answer, forgetting the least recently served ones past the limits.
func (r *TourReads) put(a *tourRead) {
	if a.size() > maxReadSize {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.answers[a.key]; ok {
		return
	}
	r.answers[a.key] = r.lru.PushFront(a)
	r.bytes += a.size()
	for r.bytes > maxReadBytes || r.lru.Len() > maxReadCount {
		old := r.lru.Back()
		r.lru.Remove(old)
		gone := old.Value.(*tourRead)
		delete(r.answers, gone.key)
		r.bytes -= gone.size()
	}
}

// buffered holds what a handler writes until the middleware has seen all of it.
type buffered struct {
	header http.Header
	status int
	body   bytes.Buffer
}

// Header is the response's header.
func (w *buffered) Header() http.Header { return w.header }

// WriteHeader notes the status.
func (w *buffered) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

// Write keeps the bytes.
func (w *buffered) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}

// Version says how to read the version a route's answer depends on (nil: the route's answers are
// not kept); the routes' groups choose it.
type Version func(c echo.Context) func() (string, error)

// Middleware answers a tour's GET pages, JSON and sheets (and the tour list
// and Load page) from memory once made for the version they depend on. A page is made with a
// placeholder for the CSRF token and each viewer gets his own put in, so nothing a viewer sends
// ends up in another's page. A 200 carries an ETag from the version, the address, the languages
// asked, the cookies, the day, the viewer's token and this process (a restart or an upgrade makes
// new ones); If-None-Match answers 304 when it names the ETag of an answer kept.
//
// It compresses the answers it makes itself (packed.go): the server's gzip middleware must skip
// its routes, and compress is that middleware, for the answers it lets through unkept.
func (r *TourReads) Middleware(versionFor Version, compress echo.MiddlewareFunc) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc { return r.answer(versionFor, next, compress(next)) }
}

// answer is the middleware's handler: next's answer, kept for the version versionFor reads;
// unkept, compressed's.
func (r *TourReads) answer(versionFor Version, next, compressed echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Method != http.MethodGet || len(req.URL.RequestURI()) > maxReadAddress {
			return compressed(c)
		}
		versionOf := versionFor(c)
		if versionOf == nil || hasCookie(req, FlashCookie) || hasCookie(req, RefusedCookie) {
			return compressed(c) // a page that shows a message once is made for that one request
		}
		token, _ := c.Get(auth.CSRFContextKey).(string)
		if !strings.HasPrefix(req.URL.Path, "/api/") && !plainToken(token) {
			return compressed(c) // no token to put in, or one that is not the middleware's own
		}
		version, err := versionOf()
		if err != nil {
			return compressed(c) // the handler says what is wrong
		}
		// Who asks is part of the key: a bearer token is no cookie, and where directors have accounts
		// two directors' lists of tours differ.
		key := digest(readKey(req, version) + "\x00" + auth.ViewerOf(c).Key())
		etag := `W/"` + digest(key+"\x00"+token+"\x00"+r.boot) + `"`
		head := c.Response().Header()
		head.Add("Vary", "Accept-Language")
		serve := func(kept *tourRead) error {
			head.Set("ETag", etag)
			head.Set("Cache-Control", "no-cache")
			if etagMatches(req.Header.Get("If-None-Match"), etag) {
				return c.NoContent(http.StatusNotModified)
			}
			if kept.disposition != "" {
				head.Set("Content-Disposition", kept.disposition)
			}
			head.Set(echo.HeaderContentType, kept.contentType)
			return r.write(kept, c.Response(), req, http.StatusOK, token)
		}
		if kept, ok := r.get(key, takesGzip(req)); ok {
			return serve(kept)
		}
		if m, mine := r.makeOrWait(key); mine {
			defer r.made(key, m)
		} else {
			select {
			case <-m.done:
			case <-req.Context().Done():
				return nil // the viewer left
			}
			if kept, ok := r.get(key, takesGzip(req)); ok {
				return serve(kept)
			}
			// Not kept (a refusal, or the tour changed meanwhile): this viewer's own answer is made.
		}
		out := c.Response().Writer
		w := &buffered{header: out.Header()}
		c.Response().Writer = w
		if token != "" {
			c.Set(auth.CSRFContextKey, csrfPlaceholder)
		}
		err = next(c)
		c.Response().Writer = out
		c.Set(auth.CSRFContextKey, token)
		if err != nil {
			return err
		}
		status := cmp.Or(w.status, http.StatusOK)
		made := newTourRead(key, head.Get(echo.HeaderContentType), head.Get("Content-Disposition"), w.body.Bytes())
		// Kept only when the tour did not change while the answer was made: then it is the version's.
		if after, verr := versionOf(); status == http.StatusOK && verr == nil && after == version && w.body.Len() <= maxReadSize {
			r.put(made)
			head.Set("ETag", etag)
			head.Set("Cache-Control", "no-cache")
		}
		return r.write(made, out, req, status, token)
	}
}

// writeWithToken writes body with the viewer's token where a page holds the placeholder, piece by
// piece: a kept page is not copied for each viewer.
func writeWithToken(w io.Writer, body []byte, token string) error {
	placeholder := []byte(csrfPlaceholder)
	for token != "" {
		i := bytes.Index(body, placeholder)
		if i < 0 {
			break
		}
		if _, err := w.Write(body[:i]); err != nil {
			return err
		}
		if _, err := io.WriteString(w, token); err != nil {
			return err
		}
		body = body[i+len(placeholder):]
	}
	_, err := w.Write(body)
	return err
}

// plainToken says whether a CSRF token is one the middleware makes (letters and digits): only such
// a token is put into a kept page.
func plainToken(token string) bool {
	if len(token) < 16 || len(token) > 64 {
		return false
	}
	for _, r := range token {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// ToursVersion is the version of the tour list and the Load page: the tours' (every tour's
// change).
func ToursVersion(st *store.Store) Version {
	return func(c echo.Context) func() (string, error) { return st.For(c.Request().Context()).ToursVersion }
}

// TourVersion is the version of a tour's pages, JSON and sheets: the tour's, named by its :id.
func TourVersion(st *store.Store) Version {
	return func(c echo.Context) func() (string, error) {
		id, err := strconv.ParseUint(c.Param("id"), 10, 32)
		if err != nil || id == 0 {
			return nil
		}
		return func() (string, error) {
			v, err := st.For(c.Request().Context()).TourVersion(uint(id))
			return "tour " + strconv.FormatUint(id, 10) + " at " + strconv.FormatInt(v, 10), err
		}
	}
}

// FollowVersion is the version of a follower's pages and JSON: the version of the tour of their
// :code, or none for a code no tour has (the handler answers it).
func FollowVersion(st *store.Store) Version {
	return func(c echo.Context) func() (string, error) {
		asked := st.For(c.Request().Context())
		id, err := asked.TourByFollowCode(c.Param("code"))
		if err != nil {
			return nil
		}
		return func() (string, error) {
			v, err := asked.TourVersion(id)
			return fmt.Sprintf("tour %d at %d", id, v), err
		}
	}
}

// newBoot is a random mark of this process.
func newBoot() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// readKey is what an answer depends on besides the version: the address and the host asked, the languages asked,
// every cookie but the CSRF one (a viewer's token is put in at the answer), the day.
func readKey(req *http.Request, version string) string {
	var b strings.Builder
	b.WriteString(version)
	b.WriteByte(' ')
	b.WriteString(req.Method)
	b.WriteByte(' ')
	b.WriteString(req.URL.RequestURI())
	b.WriteByte('\x00')
	// The host asked for: the links for others a page shows follow it (auth.Site.PublicFor).
	b.WriteString(req.Host)
	b.WriteByte('\x00')
	b.WriteString(req.Header.Get("Accept-Language"))
	b.WriteByte('\x00')
	var cookies []string
	for _, ck := range req.Cookies() {
		if ck.Name != "_csrf" {
			cookies = append(cookies, ck.Name+"="+ck.Value)
		}
	}
	sort.Strings(cookies)
	b.WriteString(strings.Join(cookies, ";"))
	b.WriteByte('\x00')
	b.WriteString(time.Now().Format(time.DateOnly))
	return b.String()
}

// digest is a short hash of s for an ETag.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// etagMatches says whether an If-None-Match header names the ETag (or is *).
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, part := range strings.Split(header, ",") {
		part = strings.TrimSpace(part)
		if part == "*" || strings.TrimPrefix(part, "W/") == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}

// hasCookie says whether the request carries the cookie.
func hasCookie(req *http.Request, name string) bool {
	_, err := req.Cookie(name)
	return err == nil
}
