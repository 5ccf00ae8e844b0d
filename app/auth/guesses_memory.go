package auth

import (
	"sync"
	"time"
)

// maxCountsInMemory bounds the counts a Lock without a database keeps: past it, the one to be
// forgotten first goes.
const maxCountsInMemory = 10000

// memoryGuesses keeps the counts of guesses in memory: a Lock's without a database (one process).
type memoryGuesses struct {
	mu     sync.Mutex
	counts map[string]GuessCount
}

// newMemoryGuesses returns counts that have seen no guess.
func newMemoryGuesses() *memoryGuesses { return &memoryGuesses{counts: map[string]GuessCount{}} }

// Count runs step on the counts of keys under the lock, and keeps what it returns.
func (m *memoryGuesses) Count(keys []string, now time.Time, step func([]GuessCount) []GuessCount) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	in := make([]GuessCount, len(keys))
	for i, k := range keys {
		if g, ok := m.counts[k]; ok && g.ForgetAt.After(now) {
			in[i] = g
		}
		in[i].Key = k
	}
	for _, g := range step(in) {
		if !g.ForgetAt.After(now) {
			delete(m.counts, g.Key)
			continue
		}
		if _, kept := m.counts[g.Key]; !kept {
			m.makeRoom(now)
		}
		m.counts[g.Key] = g
	}
	return nil
}

// makeRoom makes room for one more count when maxCountsInMemory are kept: it forgets those ended
// at now, then those to be forgotten first. The caller holds the lock.
func (m *memoryGuesses) makeRoom(now time.Time) {
	if len(m.counts) < maxCountsInMemory {
		return
	}
	for k, g := range m.counts {
		if !g.ForgetAt.After(now) {
			delete(m.counts, k)
		}
	}
	for len(m.counts) >= maxCountsInMemory {
		first := ""
		for k, g := range m.counts {
			if first == "" || g.ForgetAt.Before(m.counts[first].ForgetAt) {
				first = k
			}
		}
		delete(m.counts, first)
	}
}

// kept is how many counts are kept, for tests.
func (m *memoryGuesses) kept() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.counts)
}
