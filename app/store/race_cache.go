package store

import (
	"container/list"
	"sync"

	"racedirector/app/race"
)

// raceMemory keeps the race state of the tours read last, each at the version it was read at, so
// that the burst of reads after every write is served from memory. It holds at most max tours: the
// tour read longest ago is forgotten first.
type raceMemory struct {
	mu    sync.Mutex
	max   int
	tours map[uint]*list.Element
	lru   *list.List // of *RaceState, most recently read first
}

// newRaceMemory keeps at most max tours.
func newRaceMemory(max int) *raceMemory {
	return &raceMemory{max: max, tours: map[uint]*list.Element{}, lru: list.New()}
}

// get returns the tour's state at version, or nil.
func (m *raceMemory) get(id uint, version int64) *RaceState {
	m.mu.Lock()
	defer m.mu.Unlock()
	el, ok := m.tours[id]
	if !ok {
		return nil
	}
	st := el.Value.(*RaceState)
	if st.Version != version {
		return nil
	}
	m.lru.MoveToFront(el)
	return st
}

// put keeps a state read at its version, unless a newer one is kept already.
func (m *raceMemory) put(st *RaceState) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.tours[st.TourID]; ok {
		if el.Value.(*RaceState).Version > st.Version {
			return
		}
		el.Value = st
		m.lru.MoveToFront(el)
		return
	}
	m.tours[st.TourID] = m.lru.PushFront(st)
	for m.lru.Len() > m.max {
		old := m.lru.Back()
		m.lru.Remove(old)
		delete(m.tours, old.Value.(*RaceState).TourID)
	}
}

// forget drops a tour (deleted).
func (m *raceMemory) forget(id uint) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.tours[id]; ok {
		m.lru.Remove(el)
		delete(m.tours, id)
	}
}

// standingsMemo keeps the standings computed from one race state, by stage: the state never changes,
// so neither do they.
type standingsMemo struct {
	mu      sync.Mutex
	byAfter map[int]*race.Standings
}

// standings returns the memoized standings after stage after, computing them once.
func (m *standingsMemo) standings(after int, compute func() (*race.Standings, error)) (*race.Standings, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if s, ok := m.byAfter[after]; ok {
		return s, nil
	}
	s, err := compute()
	if err != nil {
		return nil, err
	}
	if m.byAfter == nil {
		m.byAfter = map[int]*race.Standings{}
	}
	m.byAfter[after] = s
	return s, nil
}
