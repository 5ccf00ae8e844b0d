package quiet

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// hangGuard is how long a test waits for what must happen before it fails (a stuck watch), never
// a measure of speed.
const hangGuard = 60 * time.Second

// restings counts a watch's rests and tells each on a channel.
type restings struct {
	count atomic.Int32
	told  chan struct{}
}

func newRestings() *restings { return &restings{told: make(chan struct{}, 16)} }

func (r *restings) rest() {
	r.count.Add(1)
	r.told <- struct{}{}
}

// waitRest waits for the next rest.
func (r *restings) waitRest(t *testing.T) {
	t.Helper()
	select {
	case <-r.told:
	case <-time.After(hangGuard):
		t.Fatal("the watch never rested after the burst")
	}
}

// burst sends n requests through the watched handler.
func burst(h http.Handler, n int) {
	for range n {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil))
	}
}

// running starts the watch's goroutine and returns what stops it and waits for its end.
func running(t *testing.T, w *Watch) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	return func() {
		cancel()
		select {
		case <-done:
		case <-time.After(hangGuard):
			t.Fatal("the watch's goroutine did not end with its context")
		}
	}
}

func TestWatchRestsOnceAfterEachBurst(t *testing.T) {
	r := newRestings()
	w := New(20*time.Millisecond, r.rest)
	served := 0
	h := w.Wrap(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { served++ }))
	stop := running(t, w)
	burst(h, 50)
	r.waitRest(t)
	burst(h, 3)
	r.waitRest(t)
	burst(h, 1)
	r.waitRest(t)
	stop()
	if got := r.count.Load(); got != 3 {
		t.Errorf("rests after three bursts = %d, want 3 (one a burst)", got)
	}
	if served != 54 {
		t.Errorf("requests served = %d, want 54", served)
	}
}

func TestWatchSleepsWithoutRequests(t *testing.T) {
	r := newRestings()
	w := New(time.Millisecond, r.rest)
	stop := running(t, w)
	burst(w.Wrap(http.NotFoundHandler()), 1)
	r.waitRest(t)
	stop() // nothing came since: no second rest
	if got := r.count.Load(); got != 1 {
		t.Errorf("rests = %d, want 1: an idle server is not rested again", got)
	}
}

func TestWatchRestsAfterALongRequestEnds(t *testing.T) {
	r := newRestings()
	w := New(time.Millisecond, r.rest)
	inside, leave := make(chan struct{}), make(chan struct{})
	h := w.Wrap(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		close(inside)
		<-leave
	}))
	stop := running(t, w)
	served := make(chan struct{})
	go func() { burst(h, 1); close(served) }()
	<-inside
	// The request's beginning wakes the watch, which rests once the request has lasted the quiet
	// period; its end is noted as well, and followed by a rest of its own.
	r.waitRest(t)
	close(leave)
	<-served
	r.waitRest(t)
	stop()
	if got := r.count.Load(); got != 2 {
		t.Errorf("rests = %d, want 2: one while the long request lasted, one after its end", got)
	}
}

func TestWatchEndsWithItsContextDuringABurst(t *testing.T) {
	r := newRestings()
	w := New(hangGuard, r.rest) // a quiet period longer than the test: the burst never ends
	stop := running(t, w)
	burst(w.Wrap(http.NotFoundHandler()), 5)
	stop()
	if got := r.count.Load(); got != 0 {
		t.Errorf("rests = %d, want 0: the burst had not gone quiet", got)
	}
}

func TestReturnMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ReturnMemory() // a collection, then every free page given back; nothing to fail without glibc
	runtime.ReadMemStats(&after)
	if after.NumGC == before.NumGC {
		t.Error("ReturnMemory collected nothing")
	}
}

func TestReturnMemoryEmptiesThePools(t *testing.T) {
	var pool sync.Pool
	freed := make(chan struct{})
	big := &[1 << 20]byte{}
	runtime.AddCleanup(big, func(ch chan struct{}) { close(ch) }, freed)
	pool.Put(big)
	big = nil
	ReturnMemory()
	select {
	case <-freed:
	case <-time.After(hangGuard):
		t.Fatal("what a pool held was not freed by ReturnMemory")
	}
}
