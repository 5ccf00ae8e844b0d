package store

import (
	"container/list"
	"fmt"
	"maps"
	"slices"
	"sync"

	"gorm.io/gorm"

	"racedirector/app/race"
	"racedirector/models"
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

// raceIn returns the tour as the transaction sees it: from memory when kept at the version the
// transaction reads, as a copy whose stages' results the caller may change; else read in tx.
func (s *Store) raceIn(tx *gorm.DB, id uint) (*RaceState, error) {
	version, err := tourVersion(tx, id)
	if err != nil {
		return nil, err
	}
	kept := s.races.get(id, version)
	if kept == nil {
		return loadRace(tx, id, s.rulesets)
	}
	st := kept.copied()
	for i, r := range st.Results {
		st.Results[i] = cloneResult(r)
	}
	// A results action changes the open stage only: what the kept state counted of the closed
	// stages holds for the copy.
	kept.memo.carryInto(&st.memo, st.Closed+1)
	return st, nil
}

// copied is a new state of the same tour with its own lists of stages' results, versions and keys
// (their contents shared) and no standings computed yet: what a change starts from.
func (st *RaceState) copied() *RaceState {
	return &RaceState{TourID: st.TourID, Version: st.Version, Tour: st.Tour, Closed: st.Closed, Current: st.Current,
		HasEntries: st.HasEntries, Versions: slices.Clone(st.Versions), AdvantageKeys: slices.Clone(st.AdvantageKeys),
		LostTurnKeys: slices.Clone(st.LostTurnKeys), PenaltyKeys: slices.Clone(st.PenaltyKeys), Results: slices.Clone(st.Results),
		Profile: st.Profile, Seed: st.Seed, FollowCode: st.FollowCode, CreatedAt: st.CreatedAt, stageIDs: st.stageIDs}
}

// cloneResult is a deep copy of a stage's results.
func cloneResult(r race.StageResult) race.StageResult {
	orders := func(m map[int][]int) map[int][]int {
		if m == nil {
			return nil
		}
		out := make(map[int][]int, len(m))
		for k, v := range m {
			out[k] = slices.Clone(v)
		}
		return out
	}
	r.Sprints, r.Climbs = orders(r.Sprints), orders(r.Climbs)
	r.Finish.Groups = slices.Clone(r.Finish.Groups)
	for i := range r.Finish.Groups {
		r.Finish.Groups[i].Riders = slices.Clone(r.Finish.Groups[i].Riders)
	}
	r.Finish.Results = slices.Clone(r.Finish.Results)
	r.Finish.Teams = slices.Clone(r.Finish.Teams)
	for i := range r.Finish.Teams {
		r.Finish.Teams[i].Dropped = slices.Clone(r.Finish.Teams[i].Dropped)
	}
	r.Abandons = slices.Clone(r.Abandons)
	r.Reinstated = slices.Clone(r.Reinstated)
	r.Penalties = slices.Clone(r.Penalties)
	r.Advantages = slices.Clone(r.Advantages)
	r.Fatigue = maps.Clone(r.Fatigue)
	r.LostTurns = slices.Clone(r.LostTurns)
	r.Weather = slices.Clone(r.Weather)
	return r
}

// stateAfterWrite is the tour's state once a results action has written stage n, made inside the
// action's transaction from the state before it: only the stage's entries are read again. Kept in
// memory after the commit, it spares the answer and the readers that follow a whole load of the tour.
func stateAfterWrite(tx *gorm.DB, before *RaceState, n int) (*RaceState, error) {
	version, err := tourVersion(tx, before.TourID)
	if err != nil {
		return nil, err
	}
	stageID := before.stageIDs[n-1]
	var stage models.Stage
	if err := tx.Select("version").Where("id = ?", stageID).Take(&stage).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read the version of stage %d: %w", n, err)
	}
	var entries []models.Entry
	if err := tx.Where("stage_id = ?", stageID).Order("stage_id, kind, key, id").Find(&entries).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read the results of stage %d: %w", n, err)
	}
	var any int64
	if err := tx.Model(&models.Entry{}).Where("stage_id IN ?", before.stageIDs).Count(&any).Error; err != nil {
		return nil, fmt.Errorf("store: unable to count the results: %w", err)
	}
	st := before.copied()
	before.memo.carryInto(&st.memo, n) // the stages before n are as they were
	st.Version, st.HasEntries = version, any > 0
	st.Versions[n-1] = stage.Version
	st.Results[n-1] = race.StageResult{Stage: n}
	st.AdvantageKeys[n-1], st.LostTurnKeys[n-1], st.PenaltyKeys[n-1] = nil, nil, nil
	for _, e := range entries {
		if err := st.applyEntry(n-1, e); err != nil {
			return nil, err
		}
	}
	sortAbandons(&st.Results[n-1])
	return st, nil
}
