package keep

import (
	"bytes"
	"net/http"

	"github.com/labstack/echo/v4"
)

// An answer is kept as it was made, and packed (packed.go) once it is served again to a browser (a
// client that takes gzip): the request that makes it pays for no compression (the first standings
// after a write stay quick), an answer read once is never compressed, and one read by scripts
// taking no gzip stays as it is for them. One goroutine packs the answers queued, one at a time (a
// compressor is some 600 KB), and ends when there are none left.

// tourRead is one kept answer: its body as it was made, or packed. It does not change once kept
// (a viewer may be sending it): packing it keeps a packed copy in its place.
type tourRead struct {
	key         string
	contentType string
	disposition string
	body        []byte
	packed      *packed
	// compresses says that the body is one to send gzip-encoded, and to pack (packs).
	compresses bool
	// queued says it waits to be packed (read and written under the keeper's lock).
	queued bool
}

// size is what the kept answer costs in memory.
func (a *tourRead) size() int {
	n := len(a.key) + len(a.body) + readOverhead
	if a.packed != nil {
		n += a.packed.size()
	}
	return n
}

// newTourRead is the answer made for key, as it is.
func newTourRead(key, contentType, disposition string, body []byte) *tourRead {
	return &tourRead{key: key, contentType: contentType, disposition: disposition, body: bytes.Clone(body), compresses: packs(contentType, body)}
}

// write sends the answer with the viewer's token put in, gzip-encoded to a client that takes gzip
// (packed: as kept; as made: compressed now, as the gzip middleware would), as it is to another.
func (r *TourReads) write(a *tourRead, w http.ResponseWriter, req *http.Request, status int, token string) error {
	if !a.compresses {
		w.WriteHeader(status)
		return writeWithToken(w, a.body, token)
	}
	head := w.Header()
	head.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	if !takesGzip(req) {
		if a.packed == nil {
			w.WriteHeader(status)
			return writeWithToken(w, a.body, token)
		}
		head.Del(echo.HeaderContentLength)
		w.WriteHeader(status)
		return a.packed.writePlain(w, token)
	}
	head.Del(echo.HeaderContentLength)
	head.Set(echo.HeaderContentEncoding, "gzip")
	w.WriteHeader(status)
	if a.packed != nil {
		return a.packed.writeGzip(w, token)
	}
	return r.compress.gzipNow(w, a.body, token)
}

// queueLocked queues a kept answer served again to be packed, and starts the packing goroutine if
// it is not running; r.mu is held.
func (r *TourReads) queueLocked(a *tourRead) {
	if a.packed != nil || a.queued || !a.compresses {
		return
	}
	a.queued = true
	r.queued = append(r.queued, a.key)
	if !r.packing {
		r.packing = true
		go r.packQueued()
	}
}

// packQueued packs the answers queued, one at a time, until none is left.
func (r *TourReads) packQueued() {
	for {
		r.mu.Lock()
		if len(r.queued) == 0 {
			r.packing = false
			r.queued = nil
			r.mu.Unlock()
			return
		}
		key := r.queued[0]
		r.queued = r.queued[1:]
		el, ok := r.answers[key]
		var made *tourRead
		if ok {
			made = el.Value.(*tourRead)
		}
		r.mu.Unlock()
		if !ok || made.packed != nil {
			continue // forgotten meanwhile
		}
		packed := *made
		packed.body, packed.packed = nil, r.compress.pack(made.body)
		r.mu.Lock()
		if now, ok := r.answers[key]; ok && now == el {
			el.Value = &packed
			r.bytes += packed.size() - made.size()
		}
		r.mu.Unlock()
	}
}
