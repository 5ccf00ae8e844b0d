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

// readPublication reads the publication of closed stage n of st from its closings, each of which
// kept what the standings said then: a closing that changed nothing (reopened and closed again as it
// was) publishes nothing new; each that did is a new edition, revised, with what changed since the
// edition before.
func (s *Store) readPublication(st *RaceState, n int) (Publication, error) {
	p := Publication{Stage: n, Communique: n, Status: race.PubProvisional}
	var closes []models.Change
	if err := s.reads.Where("stage_id = ? AND action = ?", st.stageIDs[n-1], "close").Order("id").Find(&closes).Error; err != nil {
		return p, fmt.Errorf("store: unable to read the publications of stage %d: %w", n, err)
	}
	p.Status, p.Edition = race.PubFinal, 1
	if len(closes) == 0 {
		return p, nil // a restored or older tour: closed, its closing not kept
	}
	at := closes[0].At
	p.PublishedAt = &at
	published, known := keptSnapshot(closes[0])
	var before race.Snapshot
	beforeKnown := false
	for _, c := range closes[1:] {
		snap, ok := keptSnapshot(c)
		if ok && known && len(race.Changes(published, snap)) == 0 {
			continue // closed again as it was: the same publication
		}
		before, beforeKnown, published, known = published, known, snap, ok
		p.Edition++
		at := c.At
		p.PublishedAt = &at
	}
	if p.Edition > 1 {
		p.Status = race.PubRevised
		if beforeKnown && known {
			p.Revision = race.Changes(before, published)
		} else {
			p.RevisionLost = true
		}
	}
	return p, nil
}

// keptSnapshot is what the standings said when a stage was closed (ok false: not kept).
func keptSnapshot(c models.Change) (race.Snapshot, bool) {
	var snap race.Snapshot
	if c.After == "" || json.Unmarshal([]byte(c.After), &snap) != nil {
		return nil, false
	}
	return snap, true
}

// ProvisionalStandings computes the standings after the open stage from what is entered so far.
func (st *RaceState) ProvisionalStandings() (*race.Standings, error) {
	n := st.Current
	if n == 0 {
		return nil, refuse.Conflict("no stage is open: every stage is closed")
	}
	if !st.HasProvisional() {
		return nil, refuse.Conflictf("stage %d has no finish entered yet: no provisional classification", n)
	}
	return st.memo.counted(&st.Tour, st.Results[:n], -n, n)
}
