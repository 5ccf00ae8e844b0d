package store

import (
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"gorm.io/gorm"

	"racedirector/models"
)

// newTourVersion is the version a new tour starts at: the clock's nanoseconds, so that a tour that
// reuses the id of a deleted one never meets the deleted tour's versions in a cache or an ETag.
func newTourVersion() int64 { return time.Now().UnixNano() }

// bumpTour moves a tour to its next version inside the transaction that changes it, and notes when
// it changed (the home page's tour in progress is the one that changed last).
func bumpTour(tx *gorm.DB, tourID uint) error {
	err := tx.Model(&models.Tour{}).Where("id = ?", tourID).Updates(map[string]any{"version": gorm.Expr("version + 1"), "updated_at": time.Now()}).Error
	if err != nil {
		return fmt.Errorf("store: unable to count the change of tour %d: %w", tourID, err)
	}
	return nil
}

// TourVersion returns the tour's current version: what every cached reading of the tour is keyed by.
func (s *Store) TourVersion(id uint) (int64, error) { return tourVersion(s.db, id) }

func tourVersion(db *gorm.DB, id uint) (int64, error) {
	var row models.Tour
	err := db.Select("version").Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, notFound("tour %d", id)
	}
	if err != nil {
		return 0, fmt.Errorf("store: unable to read the version of tour %d: %w", id, err)
	}
	return row.Version, nil
}

// ToursVersion names the state of the whole list of tours: it changes when a tour is created,
// deleted or changed. It reads one short row per tour (its id and version), never their results.
func (s *Store) ToursVersion() (string, error) {
	var rows []struct {
		ID      uint
		Version int64
	}
	if err := s.db.Model(&models.Tour{}).Select("id, version").Order("id").Scan(&rows).Error; err != nil {
		return "", fmt.Errorf("store: unable to read the state of the tours: %w", err)
	}
	h := fnv.New64a()
	for _, r := range rows {
		fmt.Fprintf(h, "%d:%d;", r.ID, r.Version)
	}
	return fmt.Sprintf("tours %d %x", len(rows), h.Sum64()), nil
}
