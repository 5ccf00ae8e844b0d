package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"sync"
	"time"
)

// SessionTTL is how long the director stays signed in on a device (a page cookie or an API token):
// a long evening at the table.
const SessionTTL = 12 * time.Hour

// Limits of the sessions kept: a token is 32 random bytes; at most maxSessions are kept, the one
// ending soonest forgotten first.
const (
	tokenBytes  = 32
	maxSessions = 1024
)

// Session is the director signed in on one device: the token the device sends back and when it ends.
type Session struct {
	Token     string
	ExpiresAt time.Time
}

// sessions keeps the director's sessions by the SHA-256 of their token: the tokens themselves are
// never kept, and looking one up by its hash leaks nothing of it through timing.
type sessions struct {
	mu  sync.Mutex
	ttl time.Duration
	end map[[sha256.Size]byte]time.Time
}

// newSessions returns an empty keeper whose sessions last ttl.
func newSessions(ttl time.Duration) *sessions {
	return &sessions{ttl: ttl, end: map[[sha256.Size]byte]time.Time{}}
}

// start makes a new session at now.
func (s *sessions) start(now time.Time) (Session, error) {
	raw := make([]byte, tokenBytes)
	if _, err := rand.Read(raw); err != nil {
		return Session{}, fmt.Errorf("making a session token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	ends := now.Add(s.ttl)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.forgetEnded(now)
	for len(s.end) >= maxSessions {
		s.forgetSoonest()
	}
	s.end[sha256.Sum256([]byte(token))] = ends
	return Session{Token: token, ExpiresAt: ends}, nil
}

// valid says whether token is a session that has not ended at now.
func (s *sessions) valid(token string, now time.Time) bool {
	if token == "" || len(token) > 2*tokenBytes {
		return false
	}
	key := sha256.Sum256([]byte(token))
	s.mu.Lock()
	defer s.mu.Unlock()
	ends, ok := s.end[key]
	if ok && !now.Before(ends) {
		delete(s.end, key)
		return false
	}
	return ok
}

// stop ends the session of token (nothing when there is none).
func (s *sessions) stop(token string) {
	key := sha256.Sum256([]byte(token))
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.end, key)
}

// count is how many sessions are kept (ended ones included until they are forgotten).
func (s *sessions) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.end)
}

// forgetEnded drops the sessions ended at now. The caller holds the lock.
func (s *sessions) forgetEnded(now time.Time) {
	for k, ends := range s.end {
		if !now.Before(ends) {
			delete(s.end, k)
		}
	}
}

// forgetSoonest drops the session ending first. The caller holds the lock.
func (s *sessions) forgetSoonest() {
	var first [sha256.Size]byte
	var firstEnd time.Time
	found := false
	for k, ends := range s.end {
		if !found || ends.Before(firstEnd) {
			first, firstEnd, found = k, ends, true
		}
	}
	if found {
		delete(s.end, first)
	}
}
