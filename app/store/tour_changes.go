package store

import (
	"errors"

	"gorm.io/gorm"
)

// TourChange tells that a tour changed: its id, the version it is at now (0 when it was deleted),
// and what changed: the stage and the kind of change ("sprint", "finish", "close", …).
type TourChange struct {
	Tour    uint   `json:"tour"`
	Version int64  `json:"version"`
	Stage   int    `json:"stage,omitempty"`
	Kind    string `json:"kind,omitempty"`
}

// OnTourChange sets who is told of every committed change of a tour (the live hub). Set it once,
// before serving.
func (s *Store) OnTourChange(fn func(TourChange)) { s.onChange = fn }

// tourChange runs fn in one transaction for a change of the tour and, once committed, tells the
// listener the tour's new version and what changed.
func (s *Store) tourChange(tourID uint, stage int, kind string, fn func(tx *gorm.DB) error) error {
	if err := s.db.Transaction(fn); err != nil {
		return err
	}
	s.changed(tourID, stage, kind)
	return nil
}

// changed tells the listener that a tour changed (and was committed).
func (s *Store) changed(tourID uint, stage int, kind string) {
	if s.onChange == nil {
		return
	}
	version, err := tourVersion(s.db, tourID)
	if err != nil {
		var nf *NotFoundError
		if !errors.As(err, &nf) {
			return
		}
		version = 0 // deleted
	}
	s.onChange(TourChange{Tour: tourID, Version: version, Stage: stage, Kind: kind})
}
