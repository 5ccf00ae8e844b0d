package follow

import (
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/i18n"
)

// StreamsPerClient is how many event streams one client address may hold open at once by default:
// a table's phones, tablets and TV each have their own address on the network, and a club's room
// behind one public address has fewer than this; one address holding more is a page gone wrong or
// someone taking the server's connections (each stream costs some 50 KB).
const StreamsPerClient = 256

// clientStreams counts the open event streams of each client address.
type clientStreams struct {
	mu   sync.Mutex
	max  int
	open map[string]int
}

// newClientStreams counts no stream yet, allowing max a client (StreamsPerClient when not positive).
func newClientStreams(max int) *clientStreams {
	if max <= 0 {
		max = StreamsPerClient
	}
	return &clientStreams{max: max, open: map[string]int{}}
}

// take counts one more stream for client; false when the client holds its most already.
func (s *clientStreams) take(client string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[client] >= s.max {
		return false
	}
	s.open[client]++
	return true
}

// give counts one stream of client fewer.
func (s *clientStreams) give(client string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[client]--; s.open[client] <= 0 {
		delete(s.open, client)
	}
}

// LimitStreams sets how many event streams one client address may hold open at once.
func (h *Handler) LimitStreams(max int) { h.streams = newClientStreams(max) }

// BeatEvery sets how often an idle event stream sends its heartbeat comment (0 keeps HeartbeatEvery).
func (h *Handler) BeatEvery(d time.Duration) {
	if d > 0 {
		h.heartbeat = d
	}
}

// streamSlot takes a stream for the request's client (its address as the app believes it: behind a
// trusted proxy, the one forwarded), refusing a client over the cap with 429; release gives it back.
func (h *Handler) streamSlot(c echo.Context) (release func(), err error) {
	client := auth.ClientOf(c)
	if !h.streams.take(client) {
		c.Response().Header().Set("Retry-After", "30")
		return nil, echo.NewHTTPError(http.StatusTooManyRequests, i18n.Textf("too many live connections from this address: close a follow page or the TV elsewhere and try again"))
	}
	return func() { h.streams.give(client) }, nil
}
