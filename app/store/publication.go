package store

import (
	"encoding/json"
	"fmt"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// Publication is how the standings after a stage are published (race.Publication).
type Publication = race.Publication

// Publications returns the publication of the standings after each stage 1..upTo of the tour state st
// (the open stage: provisional; a stage never closed nor open: none).
func (s *Store) Publications(st *RaceState, upTo int) ([]Publication, error) {
	out := make([]Publication, 0, upTo)
	for n := 1; n <= upTo && n <= len(st.Tour.Stages); n++ {
		p, err := s.publication(st, n)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// publication is the publication of the standings after stage n of st, kept with st once read for a
// closed stage (its closings change only with the tour's version).
func (s *Store) publication(st *RaceState, n int) (Publication, error) {
	if st.Tour.Stages[n-1].State != race.StateClosed {
		return Publication{Stage: n, Communique: n, Status: race.PubProvisional}, nil
	}
	if p, ok := st.memo.publication(n); ok {
		return p, nil
	}
	p, err := s.readPublication(st, n)
	if err == nil {
		st.memo.keepPublication(p)
	}
	return p, err
}

// readPublication reads the publication of closed stage n of st: its closings and, when revised,
// what changed since the one before.
func (s *Store) readPublication(st *RaceState, n int) (Publication, error) {
	p := Publication{Stage: n, Communique: n, Status: race.PubProvisional}
	var closes []models.Change
	if err := s.reads.Where("stage_id = ? AND action = ?", st.stageIDs[n-1], "close").Order("id").Find(&closes).Error; err != nil {
		return p, fmt.Errorf("store: unable to read the publications of stage %d: %w", n, err)
	}
	p.Status, p.Edition = race.PubFinal, max(1, len(closes))
	if len(closes) == 0 {
		return p, nil // a restored or older tour: closed, its closing not kept
	}
	at := closes[len(closes)-1].At
	p.PublishedAt = &at
	if len(closes) < 2 {
		return p, nil
	}
	p.Status = race.PubRevised
	var before race.Snapshot
	if err := json.Unmarshal([]byte(closes[len(closes)-2].After), &before); err != nil {
		p.RevisionLost = true
		return p, nil
	}
	standings, err := st.Standings(n)
	if err != nil {
		return p, err
	}
	p.Revision = race.Changes(before, race.SnapshotOf(standings))
	return p, nil
}

// ProvisionalStandings computes the standings after the open stage from what is entered so far.
func (st *RaceState) ProvisionalStandings() (*race.Standings, error) {
	n := st.Current
	if n == 0 {
		return nil, refuse.Conflict("no stage is open: every stage is closed")
	}
	res := st.Results[n-1].Finish
	if len(res.Results) == 0 && len(res.Groups) == 0 && len(res.Teams) == 0 {
		return nil, refuse.Conflictf("stage %d has no finish entered yet: no provisional classification", n)
	}
	return st.memo.counted(&st.Tour, st.Results[:n], -n, n)
}
