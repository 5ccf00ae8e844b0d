package follow

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/live"
	"racedirector/app/store"
)

// HeartbeatEvery is how often an idle event stream sends a comment, so that proxies and phones keep
// the connection open and a dead one is noticed.
const HeartbeatEvery = 15 * time.Second

// reconnectAfter is how long a browser waits before it reconnects a broken stream (the retry field).
const reconnectAfter = 2 * time.Second

// APIFollowEvents is GET /api/v1/follow/{code}/events: a server-sent-events stream of the tour's
// changes. It opens with an "update" event of the tour's current version (unless Last-Event-ID
// already names it: a reconnect that missed nothing), then sends one "update" after every change,
// a heartbeat comment every 15 s, and a "deleted" event if the tour is deleted. Each event's id is
// the tour's version, so a reconnect resumes from what the follower saw. One client address holds at
// most streamsPerClient streams (429 beyond).
func (h *Handler) APIFollowEvents(c echo.Context) error {
	id, err := h.StoreFor(c).TourByFollowCode(c.Param("code"))
	if err != nil {
		return err
	}
	release, err := h.streamSlot(c)
	if err != nil {
		return err
	}
	defer release()
	// Subscribe before reading the version: a change between the two is then both read and told,
	// never lost.
	sub := h.Live.Subscribe(id)
	defer sub.Close()
	version, err := h.StoreFor(c).TourVersion(id)
	if err != nil {
		return err
	}
	w := startEvents(c)
	seen := lastEventID(c.Request())
	if seen != version {
		last, ok := h.Live.Last(id)
		if !ok || last.Version != version {
			last = store.TourChange{Tour: id, Version: version}
		}
		if err := writeChange(w, last); err != nil {
			return nil
		}
	}
	w.Flush()
	return h.relay(c, w, func() *live.Subscription { return sub }, func(ch store.TourChange) bool {
		if ch.Version == 0 {
			fmt.Fprint(w, "event: deleted\ndata: {}\n\n")
			return true
		}
		if ch.Version <= seen {
			return false
		}
		seen = ch.Version
		return writeChange(w, ch) != nil
	})
}

// relay tells a stream's follower of the changes of its subscription (sub: the one it has now) as
// tell writes them, and sends a heartbeat comment when idle, until the follower leaves, the server
// stops (the browser reconnects to whichever answers) or tell says the stream is over.
func (h *Handler) relay(c echo.Context, w *echo.Response, sub func() *live.Subscription, tell func(store.TourChange) (over bool)) error {
	beat := time.NewTicker(h.heartbeat)
	defer beat.Stop()
	ctx := c.Request().Context()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-sub().Ended():
			return nil
		case <-beat.C:
			if _, err := fmt.Fprint(w, ": heartbeat\n\n"); err != nil {
				return nil
			}
		case ch := <-sub().Changes():
			if tell(ch) {
				w.Flush()
				return nil
			}
		}
		w.Flush()
	}
}

// startEvents answers the request with an event stream (a tour's, a season's): its headers, then how
// long a browser waits before it reconnects.
func startEvents(c echo.Context) *echo.Response {
	w := c.Response()
	head := w.Header()
	head.Set(echo.HeaderContentType, "text/event-stream")
	head.Set("Cache-Control", "no-store")
	head.Set("X-Accel-Buffering", "no") // a proxy in front must not hold the events back
	// The server's write timeout is for pages; a stream lives as long as its follower.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: %d\n\n", reconnectAfter.Milliseconds())
	return w
}

// writeChange writes one "update" event: the change as JSON, its id the tour's version.
func writeChange(w *echo.Response, ch store.TourChange) error {
	data, err := json.Marshal(ch)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "id: %d\nevent: update\ndata: %s\n\n", ch.Version, data)
	return err
}

// lastEventID is the version a reconnecting follower saw last (0 for none).
func lastEventID(req *http.Request) int64 {
	v := req.Header.Get("Last-Event-ID")
	if v == "" {
		v = req.URL.Query().Get("last_event_id")
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}
