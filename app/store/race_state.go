package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"gorm.io/gorm"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// Entry kinds: what one stored result of a stage is.
const (
	KindSprint      = "sprint"
	KindClimb       = "climb"
	KindFinish      = "finish"
	KindAbandon     = "abandon"
	KindAdvantage   = "advantage"
	KindFatigue     = "fatigue"
	KindLostTurn    = "lost_turn"
	KindWeather     = "weather"
	KindCombativity = "combativity"
	// KindReinstate is a rider kept in the race after the time limit, by bib.
	KindReinstate = "reinstate"
	// KindPenalty is one of the jury's penalties, keyed in order.
	KindPenalty = "penalty"
	// KindMostCombative is the tour's most combative rider, named with the last stage.
	KindMostCombative = "most_combative"
)

// RaceState is a tour as stored, turned into race values: the engine's input. A state from LoadRace is
// shared by every reader of the tour at its version: read it, never change it.
type RaceState struct {
	TourID uint
	// Version is the tour's version the state was read at.
	Version int64
	Tour    race.Tour
	// Results holds one StageResult per stage, in order (empty for planned stages).
	Results []race.StageResult
	// Closed is the number of the last closed stage (0: none); Current the open stage (0: none).
	Closed, Current int
	// HasEntries says whether any stage has any result.
	HasEntries bool
	// Versions holds each stage's change counter, by stage index.
	Versions []int
	// Advantages holds, per stage index, the stored keys of the advantage uses in order.
	AdvantageKeys [][]string
	// LostTurnKeys holds, per stage index, the stored keys of the lost-turn entries in order.
	LostTurnKeys [][]string
	// PenaltyKeys holds, per stage index, the stored keys of the penalties in order.
	PenaltyKeys [][]string
	Profile     string
	Seed        int64
	// FollowCode is the code players follow the tour with.
	FollowCode string
	CreatedAt  time.Time
	stageIDs   []uint
	memo       standingsMemo
}

// LoadRace returns a tour, its stages and all entries, as race values, at the tour's current version:
// from memory when the tour was read at that version before, else from the database. The state is
// shared: read it, never change it.
func (s *Store) LoadRace(id uint) (*RaceState, error) {
	version, err := tourVersion(s.reads, id)
	if err != nil {
		return nil, err
	}
	if st := s.races.get(id, version); st != nil {
		return st, nil
	}
	st, err := s.readRace(id)
	if err != nil {
		return nil, err
	}
	s.races.put(st)
	return st, nil
}

// readRace reads a tour from the database at one version, without keeping it: one transaction
// that only reads (on SQLite on the readers' pool, without waiting for a writer).
func (s *Store) readRace(id uint) (*RaceState, error) {
	var st *RaceState
	err := s.read(func(tx *gorm.DB) error {
		var err error
		st, err = loadRace(tx, id, s.rulesets)
		return err
	})
	return st, err
}

// loadRace reads tour id; its ruleset copy gets what a copy stored before lacks from the shipped
// ruleset of its game (race.Ruleset.FillFromShipped).
func loadRace(db *gorm.DB, id uint, shipped []race.Ruleset) (*RaceState, error) {
	var row models.Tour
	if err := db.First(&row, id).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, notFound("tour %d", id)
		}
		return nil, fmt.Errorf("store: unable to fetch tour %d: %w", id, err)
	}
	st := &RaceState{TourID: id, Version: row.Version, FollowCode: row.FollowCode, Profile: row.Profile, Seed: row.Seed, CreatedAt: row.CreatedAt}
	if err := json.Unmarshal([]byte(row.Ruleset), &st.Tour.Ruleset); err != nil {
		return nil, fmt.Errorf("store: tour %d ruleset copy is damaged: %w", id, err)
	}
	st.Tour.Ruleset.FillFromShipped(shipped)
	st.Tour.Name, st.Tour.RidersPerTeam, st.Tour.Advanced = row.Name, row.RidersPerTeam, row.Advanced
	if row.Settings != "" {
		if err := json.Unmarshal([]byte(row.Settings), &st.Tour.Settings); err != nil {
			return nil, fmt.Errorf("store: tour %d settings are damaged: %w", id, err)
		}
	}
	st.Tour.Settings.Combined = row.Combined
	st.Tour.Ruleset = race.WithSettings(st.Tour.Ruleset, st.Tour.Settings)
	if st.Tour.Ruleset.Has(race.ClassCyclingParty) {
		var p race.PointsDefinition
		if err := json.Unmarshal([]byte(row.Points), &p); err != nil {
			return nil, fmt.Errorf("store: tour %d points are damaged: %w", id, err)
		}
		st.Tour.Points = &p
	}
	var teams []models.TourTeam
	if err := db.Where("tour_id = ?", id).Order("number").Find(&teams).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read tour teams: %w", err)
	}
	var riders []models.TourRider
	if err := db.Where("tour_id = ?", id).Order("bib").Find(&riders).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read tour riders: %w", err)
	}
	byTeam := map[uint][]race.Rider{}
	for _, r := range riders {
		attrs := map[string]int{}
		_ = json.Unmarshal([]byte(r.Attributes), &attrs)
		if len(attrs) == 0 {
			attrs = nil
		}
		byTeam[r.TourTeamID] = append(byTeam[r.TourTeamID], race.Rider{Bib: r.Bib, Name: r.Name, Number: r.Number, Role: r.Role, Attributes: attrs, Born: r.Born})
	}
	for _, t := range teams {
		rt := race.Team{ID: t.Number, Name: t.Name, Short: t.Short, Color: t.Color, Manager: t.Manager, Riders: byTeam[t.ID]}
		for i := range rt.Riders {
			rt.Riders[i].TeamID = t.Number
		}
		st.Tour.Teams = append(st.Tour.Teams, rt)
	}
	var stages []models.Stage
	if err := db.Where("tour_id = ?", id).Order("number").Find(&stages).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read stages: %w", err)
	}
	ids := make([]uint, len(stages))
	for i, srow := range stages {
		rs, err := stageFromRow(srow)
		if err != nil {
			return nil, err
		}
		st.Tour.Stages = append(st.Tour.Stages, rs)
		st.Versions = append(st.Versions, srow.Version)
		ids[i] = srow.ID
		switch srow.State {
		case race.StateClosed:
			st.Closed = srow.Number
		case race.StateOpen:
			st.Current = srow.Number
		}
	}
	st.stageIDs = ids
	var entries []models.Entry
	if len(ids) > 0 {
		// Advantage uses and lost turns keep the order of their keys (creation order): an undone
		// removal comes back in its place, not at the end.
		if err := db.Where("stage_id IN ?", ids).Order("stage_id, kind, key, id").Find(&entries).Error; err != nil {
			return nil, fmt.Errorf("store: unable to read results: %w", err)
		}
	}
	index := map[uint]int{}
	for i, sid := range ids {
		index[sid] = i
	}
	st.Results = make([]race.StageResult, len(stages))
	st.AdvantageKeys = make([][]string, len(stages))
	st.LostTurnKeys = make([][]string, len(stages))
	st.PenaltyKeys = make([][]string, len(stages))
	for i := range st.Results {
		st.Results[i].Stage = i + 1
	}
	for _, e := range entries {
		if err := st.applyEntry(index[e.StageID], e); err != nil {
			return nil, err
		}
		st.HasEntries = true
	}
	for i := range st.Results {
		sortAbandons(&st.Results[i])
	}
	return st, nil
}

// applyEntry adds one stored entry to the results of stage index i, noting the keys of advantage uses
// and lost turns in their order.
func (st *RaceState) applyEntry(i int, e models.Entry) error {
	if err := applyEntry(&st.Results[i], e); err != nil {
		return fmt.Errorf("store: stage %d %s %s is damaged: %w", i+1, e.Kind, e.Key, err)
	}
	switch e.Kind {
	case KindAdvantage:
		st.AdvantageKeys[i] = append(st.AdvantageKeys[i], e.Key)
	case KindLostTurn:
		st.LostTurnKeys[i] = append(st.LostTurnKeys[i], e.Key)
	case KindPenalty:
		st.PenaltyKeys[i] = append(st.PenaltyKeys[i], e.Key)
	}
	return nil
}

func sortAbandons(r *race.StageResult) {
	sort.SliceStable(r.Abandons, func(i, j int) bool { return r.Abandons[i].Bib < r.Abandons[j].Bib })
}

// applyEntry adds one stored entry to a stage result.
func applyEntry(r *race.StageResult, e models.Entry) error {
	data := []byte(e.Data)
	switch e.Kind {
	case KindSprint, KindClimb:
		k, err := strconv.Atoi(e.Key)
		if err != nil {
			return err
		}
		var order []int
		if err := json.Unmarshal(data, &order); err != nil {
			return err
		}
		if e.Kind == KindSprint {
			if r.Sprints == nil {
				r.Sprints = map[int][]int{}
			}
			r.Sprints[k] = order
		} else {
			if r.Climbs == nil {
				r.Climbs = map[int][]int{}
			}
			r.Climbs[k] = order
		}
	case KindFinish:
		return json.Unmarshal(data, &r.Finish)
	case KindAbandon:
		var a race.Abandon
		if err := json.Unmarshal(data, &a); err != nil {
			return err
		}
		r.Abandons = append(r.Abandons, a)
	case KindAdvantage:
		var u race.AdvantageUse
		if err := json.Unmarshal(data, &u); err != nil {
			return err
		}
		r.Advantages = append(r.Advantages, u)
	case KindFatigue:
		return json.Unmarshal(data, &r.Fatigue)
	case KindLostTurn:
		var l race.LostTurn
		if err := json.Unmarshal(data, &l); err != nil {
			return err
		}
		r.LostTurns = append(r.LostTurns, l)
	case KindWeather:
		return json.Unmarshal(data, &r.Weather)
	case KindCombativity:
		return json.Unmarshal(data, &r.Combativity)
	case KindMostCombative:
		return json.Unmarshal(data, &r.MostCombative)
	case KindReinstate:
		var k race.Reinstatement
		if err := json.Unmarshal(data, &k); err != nil {
			return err
		}
		r.Reinstated = append(r.Reinstated, k)
	case KindPenalty:
		var p race.Penalty
		if err := json.Unmarshal(data, &p); err != nil {
			return err
		}
		r.Penalties = append(r.Penalties, p)
	default:
		return fmt.Errorf("unknown kind %q", e.Kind)
	}
	return nil
}

// Prior returns the results of the stages before stage n.
func (st *RaceState) Prior(n int) []race.StageResult { return st.Results[:n-1] }

// Standings computes the standings after stage n from the stored results (n ≤ last closed stage).
func (st *RaceState) Standings(after int) (*race.Standings, error) {
	if st.Closed == 0 {
		return nil, refuse.Conflict("no stage is closed yet: standings come after End stage")
	}
	if after == 0 {
		after = st.Closed
	}
	if after < 1 || after > st.Closed {
		return nil, refuse.Invalidf("after", "must be a closed stage, 1 to %d", st.Closed)
	}
	return st.memo.counted(&st.Tour, st.Results[:st.Closed], after, after)
}

// Standings computes the standings of a tour after stage n (0: the last closed stage).
func (s *Store) Standings(tourID uint, after int) (*race.Standings, *RaceState, error) {
	st, err := s.LoadRace(tourID)
	if err != nil {
		return nil, nil, err
	}
	res, err := st.Standings(after)
	return res, st, err
}
