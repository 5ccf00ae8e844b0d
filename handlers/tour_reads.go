package handlers

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// A tour's pages, JSON and sheets are answered from memory once made for the tour's version: the
// room of viewers reloading after every result costs one rendering, not one per viewer. Each answer
// carries an ETag made of the tour's version and of what else the answer depends on (the address,
// the language asked, the cookies, the day the sheets are dated), and If-None-Match answers 304.

// Limits of the answers kept: each at most maxReadSize, all together at most maxReadBytes.
const (
	maxReadSize  = 2 << 20
	maxReadBytes = 24 << 20
)

// csrfPlaceholder stands for the viewer's CSRF token in a kept page: each viewer gets his own.
const csrfPlaceholder = "\x00csrf\x00"

// tourReads keeps the answers made for tours, least recently served forgotten first.
type tourReads struct {
	mu      sync.Mutex
	bytes   int
	answers map[string]*list.Element
	lru     *list.List // of *tourRead, most recently served first
}

// tourRead is one kept answer.
type tourRead struct {
	key         string
	contentType string
	disposition string
	body        []byte
}

// newTourReads returns an empty keeper.
func newTourReads() *tourReads {
	return &tourReads{answers: map[string]*list.Element{}, lru: list.New()}
}

// get returns the answer kept for key.
func (r *tourReads) get(key string) (*tourRead, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	el, ok := r.answers[key]
	if !ok {
		return nil, false
	}
	r.lru.MoveToFront(el)
	return el.Value.(*tourRead), true
}

// put keeps an answer, forgetting the least recently served ones past the limit.
func (r *tourReads) put(a *tourRead) {
	if len(a.body) > maxReadSize {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.answers[a.key]; ok {
		return
	}
	r.answers[a.key] = r.lru.PushFront(a)
	r.bytes += len(a.body)
	for r.bytes > maxReadBytes {
		old := r.lru.Back()
		r.lru.Remove(old)
		gone := old.Value.(*tourRead)
		delete(r.answers, gone.key)
		r.bytes -= len(gone.body)
	}
}

// capture keeps a copy of what a handler writes.
type capture struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

// WriteHeader notes the status.
func (w *capture) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

// Write copies and writes.
func (w *capture) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

// Flush passes a flush on.
func (w *capture) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap gives the writer underneath to http.ResponseController.
func (w *capture) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// TourReads is the middleware that answers a tour's GET pages, JSON and sheets from memory for the
// tour's version, with an ETag, and 304 to a matching If-None-Match.
func (h *Handler) TourReads(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Method != http.MethodGet && req.Method != http.MethodHead {
			return next(c)
		}
		versionOf := h.readVersion(c)
		if versionOf == nil || hasCookie(req, flashCookie) || hasCookie(req, refusedCookie) {
			return next(c) // a page that shows a message once is made for that one request
		}
		version, err := versionOf()
		if err != nil {
			return next(c) // the handler says what is wrong
		}
		key := readKey(req, version)
		token := csrfToken(c)
		etag := `W/"` + digest(key+"\x00"+token) + `"`
		head := c.Response().Header()
		head.Set("ETag", etag)
		head.Set("Cache-Control", "no-cache")
		head.Add("Vary", "Accept-Language")
		if etagMatches(req.Header.Get("If-None-Match"), etag) {
			return c.NoContent(http.StatusNotModified)
		}
		if kept, ok := h.reads.get(key); ok {
			body := kept.body
			if token != "" && bytes.Contains(body, []byte(csrfPlaceholder)) {
				body = bytes.ReplaceAll(body, []byte(csrfPlaceholder), []byte(token))
			}
			if kept.disposition != "" {
				head.Set("Content-Disposition", kept.disposition)
			}
			return c.Blob(http.StatusOK, kept.contentType, body)
		}
		w := &capture{ResponseWriter: c.Response().Writer}
		c.Response().Writer = w
		err = next(c)
		c.Response().Writer = w.ResponseWriter
		if err != nil || w.status != http.StatusOK || req.Method != http.MethodGet {
			return err
		}
		// Kept only when the tour did not change while the answer was made: then it is the version's.
		if after, verr := versionOf(); verr != nil || after != version {
			return nil
		}
		body := w.body.Bytes()
		if token != "" {
			body = bytes.ReplaceAll(body, []byte(token), []byte(csrfPlaceholder))
		} else {
			body = bytes.Clone(body)
		}
		h.reads.put(&tourRead{key: key, contentType: head.Get(echo.HeaderContentType), disposition: head.Get("Content-Disposition"), body: body})
		return nil
	}
}

// readVersion returns how to read the version a route's answer depends on, or nil for a route that
// is not kept: a tour's pages, JSON and sheets depend on the tour's version, the tour list and the
// Load page on the tours' (ToursVersion). The stage JSON is not kept: its ETag is the stage's own
// version (the If-Match of result writes).
func (h *Handler) readVersion(c echo.Context) func() (string, error) {
	p := c.Path()
	switch {
	case p == "/tours" || p == "/api/v1/tours":
		return h.Store.ToursVersion
	case p == "/api/v1/tours/:id/stages/:n":
		return nil
	case strings.HasPrefix(p, "/tours/:id") || strings.HasPrefix(p, "/api/v1/tours/:id"):
		id, err := strconv.ParseUint(c.Param("id"), 10, 32)
		if err != nil || id == 0 {
			return nil
		}
		return func() (string, error) {
			v, err := h.Store.TourVersion(uint(id))
			return "tour " + strconv.FormatUint(id, 10) + " at " + strconv.FormatInt(v, 10), err
		}
	}
	return nil
}

// readKey is what an answer depends on besides the version: the address, the languages asked,
// every cookie but the CSRF one (a viewer's token is put in at the answer), the day.
func readKey(req *http.Request, version string) string {
	var b strings.Builder
	b.WriteString(version)
	b.WriteByte(' ')
	b.WriteString(req.Method)
	b.WriteByte(' ')
	b.WriteString(req.URL.RequestURI())
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
