package store

import (
	"fmt"

	"gorm.io/gorm"

	"racedirector/app/race"
	"racedirector/models"
)

// settingsJSON is the JSON kept in a tour's settings column: every choice but the combined
// classification, which has its own column (tours.combined).
func settingsJSON(s race.TourSettings) string {
	s.Combined = false
	return mustJSON(s)
}

// combinedColumn gives tours the combined classification's switch (column combined, off for the
// tours kept before).
func combinedColumn(tx *gorm.DB) error {
	if tx.Migrator().HasColumn(&models.Tour{}, "Combined") {
		return nil
	}
	if err := tx.Migrator().AddColumn(&models.Tour{}, "Combined"); err != nil {
		return fmt.Errorf("adding tours.combined: %w", err)
	}
	return nil
}
