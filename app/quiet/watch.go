// Package quiet notices when the server goes quiet after a burst of requests and gives the memory
// the burst took back to the system then: the Go runtime otherwise returns what it no longer uses
// slowly, and the C library (SQLite's caches) hardly ever.
package quiet

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"
)

// Watch calls its rest once after each burst of requests, when no request has begun or ended for
// a while. It costs a request an atomic store; its goroutine sleeps while the server is idle and
// wakes about once a quiet period while a burst lasts.
type Watch struct {
	after time.Duration
	rest  func()
	// origin is the watch's start: moments are counted from it (the monotonic clock).
	origin time.Time
	// last is when a request last began or ended, in nanoseconds from origin.
	last atomic.Int64
	// asleep says that no burst is being watched: the request that finds it so wakes the watch.
	asleep atomic.Bool
	// wake carries that request's call; only the one that turned asleep off sends, so it never
	// blocks.
	wake chan struct{}
}

// New returns a watch that calls rest once no request has begun or ended for after, once per
// burst.
func New(after time.Duration, rest func()) *Watch {
	w := &Watch{after: after, rest: rest, origin: time.Now(), wake: make(chan struct{}, 1)}
	w.asleep.Store(true)
	return w
}

// Wrap returns next with the requests it serves noted by the watch, as they begin and as they end.
func (w *Watch) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, req *http.Request) {
		w.stir()
		defer w.stir()
		next.ServeHTTP(rw, req)
	})
}

// stir notes a request beginning or ending, and wakes the watch if it sleeps.
func (w *Watch) stir() {
	w.last.Store(int64(time.Since(w.origin)))
	if w.asleep.Load() && w.asleep.CompareAndSwap(true, false) {
		w.wake <- struct{}{}
	}
}

// quietFor is how long no request has begun or ended.
func (w *Watch) quietFor() time.Duration {
	return time.Since(w.origin) - time.Duration(w.last.Load())
}

// Run watches until ctx is done: after each burst, once quiet, it calls rest. It returns when ctx
// is done, at once even during a burst.
func (w *Watch) Run(ctx context.Context) {
	timer := time.NewTimer(w.after)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		}
		for quiet := w.quietFor(); quiet < w.after; quiet = w.quietFor() {
			timer.Reset(w.after - quiet)
			select {
			case <-ctx.Done():
				return
			case <-timer.C:
			}
		}
		w.rest()
		w.asleep.Store(true)
		// A request that came between the quiet moment and now found the watch awake and woke
		// nobody: its burst is watched as any other.
		if w.quietFor() < w.after && w.asleep.CompareAndSwap(true, false) {
			w.wake <- struct{}{}
		}
	}
}
