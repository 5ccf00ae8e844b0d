package handlers

import (
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/i18n"
)

// streamsPerClient is how many event streams one client address may hold open at once: a table's
// phones, tablets and TV each have their own address; one address holding more is a page gone wrong
// or someone taking the server's connections.
const streamsPerClient = 32

// clientStreams counts the open event streams of each client address.
type clientStreams struct {
	mu   sync.Mutex
	open map[string]int
}

// newClientStreams counts no stream yet.
func newClientStreams() *clientStreams { return &clientStreams{open: map[string]int{}} }

// take counts one more stream for client; false when the client holds streamsPerClient already.
func (s *clientStreams) take(client string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[client] >= streamsPerClient {
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
