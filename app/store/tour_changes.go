package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"gorm.io/gorm"
)

// TourChange tells that a tour changed: its id, the version it is at now (0 when it was deleted),
// and what changed: the stage and the kind of change ("sprint", "finish", "close", …); or that a
// season changed (Season).
type TourChange struct {
	Tour uint `json:"tour"`
	// Season is the season that changed, for a change of a season (Tour 0): its name, points,
	// tours or directors ("season"), or its deletion ("deleted").
	Season  uint   `json:"season,omitempty"`
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
	if err := s.tourWrite(tourID, fn); err != nil {
		return err
	}
	s.changed(tourID, stage, kind)
	return nil
}

// changed tells the listener that a tour changed (and was committed), and the other instances on
// the same database (ChangeFeed). It is told even when the client that made the change has left
// meanwhile: the change is stored, and the followers are owed it.
func (s *Store) changed(tourID uint, stage int, kind string) {
	s = s.For(context.WithoutCancel(s.context()))
	version, err := tourVersion(s.reads, tourID)
	if err != nil {
		var nf *NotFoundError
		if !errors.As(err, &nf) {
			return
		}
		version = 0 // deleted
	}
	ch := TourChange{Tour: tourID, Version: version, Stage: stage, Kind: kind}
	if s.onChange != nil {
		s.onChange(ch)
	}
	if b, err := json.Marshal(tourNotice{TourChange: ch, From: s.from}); err == nil {
		_ = s.notify(string(b)) // the other instances' followers catch up at their next change or reconnection
	}
}

// tourNotice is a committed change as announced to the other instances: the change and the mark
// of the instance that made it.
type tourNotice struct {
	TourChange
	From string `json:"from"`
}

// ChangeFeed says where the committed changes of the other instances serving the same database
// are announced.
type ChangeFeed struct {
	// DSN is the database to listen on; Channel its channel of notices (see DecodeNotice).
	DSN, Channel string
	// From is this instance's mark: its own notices are told to its followers already.
	From string
}

// ChangeFeed returns where other instances announce their committed changes; ok is false when
// there is no such place (a SQLite file is served by one instance).
func (s *Store) ChangeFeed() (feed ChangeFeed, ok bool) {
	if !s.pg {
		return ChangeFeed{}, false
	}
	return ChangeFeed{DSN: withoutPoolSettings(s.dsn), Channel: notifyChannel, From: s.from}, true
}

// DecodeNotice reads one notice of the change feed: the change, and whether it came from another
// instance than the feed's own.
func (f ChangeFeed) DecodeNotice(payload string) (ch TourChange, other bool, err error) {
	var n tourNotice
	if err := json.Unmarshal([]byte(payload), &n); err != nil {
		return TourChange{}, false, fmt.Errorf("store: a change notice that is not one: %w", err)
	}
	if n.Tour == 0 && n.Season == 0 {
		return TourChange{}, false, fmt.Errorf("store: a change notice without a tour or a season")
	}
	return n.TourChange, n.From != f.From, nil
}

// newInstanceMark is a random mark telling this instance's change notices from the others'.
func newInstanceMark() string {
	var raw [8]byte
	_, _ = rand.Read(raw[:])
	return hex.EncodeToString(raw[:])
}
