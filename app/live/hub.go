// Package live fans a tour's changes out to the players following it: the store tells the hub of
// every committed change, and each follower's event stream subscribes to its tour (a season's
// follower to the season and its tours).
package live

import (
	"sync"

	"racedirector/app/store"
)

// Hub keeps, per tour and per season, the subscriptions of its followers, and per tour the last
// change told.
type Hub struct {
	mu   sync.Mutex
	subs map[topic]map[*Subscription]struct{}
	last map[uint]store.TourChange
	// closed is closed when the hub is (Close): every follower's stream ends.
	closed    chan struct{}
	closeOnce sync.Once
}

// NewHub returns a hub with no followers.
func NewHub() *Hub {
	return &Hub{subs: map[topic]map[*Subscription]struct{}{}, last: map[uint]store.TourChange{}, closed: make(chan struct{})}
}

// topic is what a subscription follows: a tour, or a season's own changes.
type topic struct {
	season bool
	id     uint
}

// topicOf is the topic a change is told on.
func topicOf(ch store.TourChange) topic {
	if ch.Season != 0 {
		return topic{season: true, id: ch.Season}
	}
	return topic{id: ch.Tour}
}

// Close ends every follower's stream, now and to come: the server is stopping, and a stream would
// otherwise hold it up for as long as its follower stays. Closing again does nothing.
func (h *Hub) Close() { h.closeOnce.Do(func() { close(h.closed) }) }

// Subscription is one follower of one tour, or of one season and its tours. Its channel holds at
// most the latest change not yet read: a slow follower skips to the newest version, never blocks
// the others.
type Subscription struct {
	hub    *Hub
	topics []topic
	c      chan store.TourChange
}

// Subscribe starts following a tour; Close the subscription when the follower leaves.
func (h *Hub) Subscribe(tour uint) *Subscription { return h.subscribe(topic{id: tour}) }

// SubscribeSeason starts following a season: its own changes and those of its tours (as they are
// now: a change of the season's tours calls for a new subscription).
func (h *Hub) SubscribeSeason(season uint, tours []uint) *Subscription {
	topics := []topic{{season: true, id: season}}
	for _, t := range tours {
		topics = append(topics, topic{id: t})
	}
	return h.subscribe(topics...)
}

// subscribe starts following the topics.
func (h *Hub) subscribe(topics ...topic) *Subscription {
	s := &Subscription{hub: h, topics: topics, c: make(chan store.TourChange, 1)}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, t := range topics {
		if h.subs[t] == nil {
			h.subs[t] = map[*Subscription]struct{}{}
		}
		h.subs[t][s] = struct{}{}
	}
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
	for _, t := range s.topics {
		delete(h.subs[t], s)
		if len(h.subs[t]) == 0 {
			delete(h.subs, t)
		}
	}
}

// Publish tells every follower of the tour (or season) of a change. A tour's changes of an older
// version than one already told are dropped (two writers committing close together may tell out
// of order); a season's have no version, each is told.
func (h *Hub) Publish(ch store.TourChange) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if ch.Season == 0 {
		if last, ok := h.last[ch.Tour]; ok && ch.Version != 0 && ch.Version < last.Version {
			return
		}
		h.last[ch.Tour] = ch
		if ch.Version == 0 {
			delete(h.last, ch.Tour) // deleted: told once, then forgotten
		}
	}
	for s := range h.subs[topicOf(ch)] {
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

// Followers is how many subscriptions the tour has now (a season's followers follow its tours too).
func (h *Hub) Followers(tour uint) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[topic{id: tour}])
}

// Last returns the last change told of the tour, if any since the start.
func (h *Hub) Last(tour uint) (store.TourChange, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ch, ok := h.last[tour]
	return ch, ok
}
