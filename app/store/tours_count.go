package store

import (
	"fmt"

	"racedirector/models"
)

// CountTours returns how many tours of the scope are saved.
func (s *Store) CountTours(sc Scope) (int64, error) {
	var n int64
	if err := sc.where(s.reads.Model(&models.Tour{}), "tours").Count(&n).Error; err != nil {
		return 0, fmt.Errorf("store: unable to count tours: %w", err)
	}
	return n, nil
}
