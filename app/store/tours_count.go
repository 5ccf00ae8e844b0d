package store

import (
	"fmt"

	"racedirector/models"
)

// CountTours returns how many tours are saved.
func (s *Store) CountTours() (int64, error) {
	var n int64
	if err := s.db.Model(&models.Tour{}).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("store: unable to count tours: %w", err)
	}
	return n, nil
}
