package store

import (
	"errors"
	"fmt"

	"gorm.io/gorm"

	"racedirector/app/race"
	"racedirector/models"
)

// TourInProgress is the tour a director most likely wants to go back to: the one with an open stage
// that changed last.
type TourInProgress struct {
	ID   uint
	Name string
	// Stage is its open stage; Stages how many it has.
	Stage, Stages int
}

// LatestTourInProgress returns the tour of the scope with an open stage that changed last (its
// version moved last, or it was created last); ok is false when no tour has an open stage. It reads
// one line per tour, never their results.
func (s *Store) LatestTourInProgress(sc Scope) (t TourInProgress, ok bool, err error) {
	var row struct {
		ID    uint
		Name  string
		Stage int
	}
	q := sc.where(s.reads.Table("tours"), "tours").Select("tours.id AS id, tours.name AS name, stages.number AS stage").
		Joins("JOIN stages ON stages.tour_id = tours.id AND stages.state = ?", race.StateOpen).
		Order("tours.updated_at DESC, tours.id DESC").Limit(1).Scan(&row)
	if q.Error != nil && !errors.Is(q.Error, gorm.ErrRecordNotFound) {
		return t, false, fmt.Errorf("store: unable to find the tour in progress: %w", q.Error)
	}
	if row.ID == 0 {
		return t, false, nil
	}
	var stages int64
	if err := s.reads.Model(&models.Stage{}).Where("tour_id = ?", row.ID).Count(&stages).Error; err != nil {
		return t, false, fmt.Errorf("store: unable to count the stages of tour %d: %w", row.ID, err)
	}
	return TourInProgress{ID: row.ID, Name: row.Name, Stage: row.Stage, Stages: int(stages)}, true, nil
}
