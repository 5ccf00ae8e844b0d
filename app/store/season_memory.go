package store

import (
	"fmt"
	"sync"

	"racedirector/app/race"
)

// seasonMemory keeps the standings of the seasons ranked last, each by its state (SeasonVersion,
// with the tours and rules it was ranked with): a season of a hundred tours takes a fifth of a
// second to rank, and its followers all read the same standings after every change.
type seasonMemory struct {
	mu    sync.Mutex
	kept  map[uint]rankedSeason
	order []uint // oldest first
}

// rankedSeason is a season's standings and the state they were ranked at.
type rankedSeason struct {
	key       string
	tours     []race.SeasonTour
	standings race.SeasonStandings
}

// seasonsInMemory is how many seasons' standings are kept.
const seasonsInMemory = 20

// get returns the season's standings kept at key.
func (m *seasonMemory) get(id uint, key string) (rankedSeason, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.kept[id]
	return r, ok && r.key == key
}

// put keeps the season's standings, forgetting the oldest season past seasonsInMemory.
func (m *seasonMemory) put(id uint, r rankedSeason) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.kept == nil {
		m.kept = map[uint]rankedSeason{}
	}
	if _, ok := m.kept[id]; !ok {
		m.order = append(m.order, id)
		if len(m.order) > seasonsInMemory {
			delete(m.kept, m.order[0])
			m.order = m.order[1:]
		}
	}
	m.kept[id] = r
}

// seasonKey names what a season's standings are ranked from: its state in the database, and the
// tours and rules the caller ranks it with.
func (s *Store) seasonKey(season Season) (string, error) {
	v, err := s.SeasonVersion(season.ID)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s|%v|%+v", v, season.Tours, season.Rules()), nil
}
