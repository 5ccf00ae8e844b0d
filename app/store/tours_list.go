package store

import (
	"fmt"
	"sync"
	"time"

	"racedirector/models"
)

// tourSummaries keeps each tour's line of the tour list at the version it was made for, so that the
// list reads one row per tour and computes standings only for a tour that changed since.
type tourSummaries struct {
	mu    sync.Mutex
	lines map[uint]TourSummary
	at    map[uint]int64
}

// maxSummaries bounds the tour lines kept: past it they are all forgotten and made again.
const maxSummaries = 10000

// ListTours returns every tour of the scope with its progress and current leader, newest first.
func (s *Store) ListTours(sc Scope) ([]TourSummary, error) {
	var rows []struct {
		ID        uint
		Name      string
		RulesetID string
		Version   int64
		OwnerID   uint
		CreatedAt time.Time
	}
	if err := sc.where(s.reads.Model(&models.Tour{}), "tours").Select("id, name, ruleset_id, version, owner_id, created_at").Order("id desc").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: unable to list tours: %w", err)
	}
	out := make([]TourSummary, 0, len(rows))
	for _, row := range rows {
		if sum, ok := s.summaries.get(row.ID, row.Version); ok {
			sum.OwnerID, sum.Shared = row.OwnerID, sc.shared(row.OwnerID)
			out = append(out, sum)
			continue
		}
		// Read for the line only, not kept: listing thirty tours must not push the tour being
		// followed out of memory.
		rt, err := s.readRace(row.ID)
		if err != nil {
			return nil, err
		}
		sum := rt.summary()
		s.summaries.put(sum, rt.Version)
		sum.OwnerID, sum.Shared = row.OwnerID, sc.shared(row.OwnerID)
		out = append(out, sum)
	}
	return out, nil
}

// summary is the tour's line of the tour list.
func (rt *RaceState) summary() TourSummary {
	sum := TourSummary{ID: rt.TourID, Name: rt.Tour.Name, Ruleset: rt.Tour.Ruleset.ID, RulesetName: rt.Tour.Ruleset.Name,
		Stages: len(rt.Tour.Stages), Closed: rt.Closed, Current: rt.Current, Teams: len(rt.Tour.Teams), CreatedAt: rt.CreatedAt}
	sum.State = "not started"
	switch {
	case rt.Closed == len(rt.Tour.Stages):
		sum.State = "finished"
	case rt.Current > 0 && (rt.Closed > 0 || rt.HasEntries):
		sum.State = fmt.Sprintf("stage %d of %d", rt.Current, len(rt.Tour.Stages))
	}
	if rt.Closed > 0 {
		if st, err := rt.Standings(rt.Closed); err == nil && len(st.Individual) > 0 {
			l := st.Individual[0]
			sum.Leader = &LeaderOf{Bib: l.Bib, Name: l.Name, Team: l.Team}
		}
	}
	return sum
}

// get returns the tour's line made at version.
func (t *tourSummaries) get(id uint, version int64) (TourSummary, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.at[id] != version {
		return TourSummary{}, false
	}
	sum, ok := t.lines[id]
	return sum, ok
}

// put keeps a tour's line made at version.
func (t *tourSummaries) put(sum TourSummary, version int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.lines == nil || len(t.lines) >= maxSummaries {
		t.lines, t.at = map[uint]TourSummary{}, map[uint]int64{}
	}
	t.lines[sum.ID], t.at[sum.ID] = sum, version
}

// GetTour returns a whole tour.
func (s *Store) GetTour(id uint) (TourView, error) {
	rt, err := s.LoadRace(id)
	if err != nil {
		return TourView{}, err
	}
	v := TourView{ID: rt.TourID, Name: rt.Tour.Name, Ruleset: rt.Tour.Ruleset.ID, RulesetName: rt.Tour.Ruleset.Name, Profile: rt.Profile, Seed: rt.Seed,
		RidersPerTeam: rt.Tour.RidersPerTeam, Advanced: rt.Tour.Advanced, Teams: rt.Tour.Teams, Current: rt.Current, Closed: rt.Closed, CreatedAt: rt.CreatedAt, FollowCode: rt.FollowCode, Settings: rt.Tour.Settings}
	v.Points = rt.Tour.Points
	for _, st := range rt.Tour.Stages {
		v.Stages = append(v.Stages, StageSummary{Number: st.Number, Type: st.Type, Length: st.Km(), State: st.State, Climbs: len(st.Climbs), Sprints: len(st.Sprints)})
	}
	return v, nil
}
