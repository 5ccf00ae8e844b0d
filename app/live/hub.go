// Package live fans a tour's changes out to the players following it: the store tells the hub of
// every committed change, and each follower's event stream subscribes to its tour.
package live

import (
	"sync"

	"racedirector/app/store"
)

// Hub keeps, per tour, the subscriptions of its followers and the last change told.
type Hub struct {
	mu   sync.Mutex
	subs map[uint]map[*Subscription]struct{}
	last map[uint]store.TourChange
	// closed is closed when the hub is (Close): every follower's stream ends.
	closed    chan struct{}
	closeOnce sync.Once
}

// NewHub returns a hub with no followers.
func NewHub() *Hub {
	return &Hub{subs: map[uint]map[*Subscription]struct{}{}, last: map[uint]store.TourChange{}, closed: make(chan struct{})}
}

// Close ends every follower's stream, now and to come: the server is stopping, and a stream would
// otherwise hold it up for as long as its follower stays. Closing again does nothing.
func (h *Hub) Close() { h.closeOnce.Do(func() { close(h.closed) }) }

// Subscription is one follower of one tour. Its channel holds at most the latest change not yet
// read: a slow follower skips to the newest version, never blocks the others.
type Subscription struct {
	hub  *Hub
	tour uint
	c    chan store.TourChange
}

// Subscribe starts following a tour; Close the subscription when the follower leaves.
func (h *Hub) Subscribe(tour uint) *Subscription {
	s := &Subscription{hub: h, tour: tour, c: make(chan store.TourChange, 1)}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs[tour] == nil {
		h.subs[tour] = map[*Subscription]struct{}{}
	}
	h.subs[tour][s] = struct{}{}
	return s
}

// Changes is where the tour's changes arrive, the latest first taken.
func (s *Subscription) Changes() <-chan store.TourChange { return s.c }

// Ended is closed when the hub closes: the follower's stream ends.
func (s *Subscription) Ended() <-chan struct{} { return s.hub.closed }

// Close stops following.
func (s *Subscription) Close() {
	h := s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.subs[s.tour], s)
	if len(h.subs[s.tour]) == 0 {
		delete(h.subs, s.tour)
	}
}

// Publish tells every follower of the tour of a change. Changes of an older version than one
// already told are dropped (two writers committing close together may tell out of order).
func (h *Hub) Publish(ch store.TourChange) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if last, ok := h.last[ch.Tour]; ok && ch.Version != 0 && ch.Version < last.Version {
		return
	}
	h.last[ch.Tour] = ch
	if ch.Version == 0 {
		delete(h.last, ch.Tour) // deleted: told once, then forgotten
	}
	for s := range h.subs[ch.Tour] {
		select {
		case s.c <- ch:
		default:
			// The follower has not read the previous change: replace it with this one.
			select {
			case <-s.c:
			default:
			}
			s.c <- ch
		}
	}
}

// Followers is how many subscriptions the tour has now.
func (h *Hub) Followers(tour uint) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[tour])
}

// Last returns the last change told of the tour, if any since the start.
func (h *Hub) Last(tour uint) (store.TourChange, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ch, ok := h.last[tour]
	return ch, ok
}
