package store

import (
	"errors"
	"fmt"
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
func (s *Store) TourVersion(id uint) (int64, error) { return tourVersion(s.reads, id) }

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
// deleted or changed. One aggregate over the tours' rows: their count, the highest id and the sum of
// their versions modulo a large prime (every change adds one to a version, so the sum moves with
// each; a deleted tour and a new one would have to have versions equal modulo the prime to hide).
func (s *Store) ToursVersion() (string, error) {
	var row struct {
		Count int64
		MaxID uint
		Sum   int64
	}
	err := s.reads.Model(&models.Tour{}).Select("COUNT(*) AS count, COALESCE(MAX(id), 0) AS max_id, COALESCE(SUM(version % ?), 0) AS sum", versionPrime).Scan(&row).Error
	if err != nil {
		return "", fmt.Errorf("store: unable to read the state of the tours: %w", err)
	}
	return fmt.Sprintf("tours %d %d %d", row.Count, row.MaxID, row.Sum), nil
}

// versionPrime keeps the sum of the tours' versions small: thirty versions of the clock's
// nanoseconds would overflow a 64-bit sum.
const versionPrime = 1000000007
