package store

import (
	"errors"
	"fmt"

	"gorm.io/gorm"

	"racedirector/app/race"
)

// TourInProgress is the tour a director most likely wants to go back to: the one with an open stage
// that changed last.
type TourInProgress struct {
	ID   uint
	Name string
	// Stage is its open stage; Stages how many it has.
	Stage, Stages int
}

// LatestTourInProgress returns the tour with an open stage whose last recorded change (or, without
// one, its creation) is the most recent; ok is false when no tour has an open stage. Times are
// compared as stored (local time to the nanosecond), the tour id breaking ties.
func (s *Store) LatestTourInProgress() (t TourInProgress, ok bool, err error) {
	var row struct {
		ID     uint
		Name   string
		Stage  int
		Stages int
	}
	q := s.db.Raw(`SELECT tours.id AS id, tours.name AS name, open.number AS stage,
			(SELECT COUNT(*) FROM stages all_stages WHERE all_stages.tour_id = tours.id) AS stages
		FROM tours JOIN stages open ON open.tour_id = tours.id AND open.state = ?
		LEFT JOIN (SELECT stages.tour_id AS tour_id, MAX(changes.at) AS last FROM changes
			JOIN stages ON stages.id = changes.stage_id GROUP BY stages.tour_id) activity ON activity.tour_id = tours.id
		ORDER BY COALESCE(activity.last, tours.created_at) DESC, tours.id DESC LIMIT 1`, race.StateOpen).Scan(&row)
	if q.Error != nil && !errors.Is(q.Error, gorm.ErrRecordNotFound) {
		return t, false, fmt.Errorf("store: unable to find the tour in progress: %w", q.Error)
	}
	if row.ID == 0 {
		return t, false, nil
	}
	return TourInProgress{ID: row.ID, Name: row.Name, Stage: row.Stage, Stages: row.Stages}, true, nil
}
