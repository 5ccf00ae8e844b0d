package store

import (
	"fmt"
	"strings"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// SetTourSettings replaces the director's choices for a tour (the young riders' cut-off…): the
// standings follow at once, for every stage. Bad settings are refused, naming the field.
func (s *Store) SetTourSettings(tourID uint, in race.TourSettings) error {
	in.YouthBornFrom = strings.TrimSpace(in.YouthBornFrom)
	if err := race.ValidateSettings(in); err != nil {
		return err
	}
	err := s.tourWrite(tourID, func(tx *gorm.DB) error {
		if _, err := tourVersion(tx, tourID); err != nil {
			return err
		}
		cols := map[string]any{"settings": settingsJSON(in), "combined": in.Combined}
		if err := tx.Model(&models.Tour{}).Where("id = ?", tourID).Updates(cols).Error; err != nil {
			return fmt.Errorf("store: unable to save the settings of tour %d: %w", tourID, err)
		}
		if err := recordTourChange(tx, tourID, "tour.settings", i18n.Textf("settings changed")); err != nil {
			return err
		}
		return bumpTour(tx, tourID)
	})
	if err == nil {
		s.changed(tourID, 0, "settings")
	}
	return err
}

// SetTourRiderBorn corrects the date of birth of a tour's rider (born "" when not known): the
// tour's copy only, the database rider is not changed.
func (s *Store) SetTourRiderBorn(tourID uint, bib int, born string) error {
	return s.SetTourRider(tourID, bib, TourRiderChange{Born: &born})
}

// checkBorn refuses a date of birth that is not one ("" is none known).
func checkBorn(born string) error {
	if born != "" {
		if _, err := race.ParseDate(born); err != nil {
			return refuse.InvalidText("born", refuse.ReasonOf(err))
		}
	}
	return nil
}

// setBorn stores the date of birth of the tour's rider wearing bib, inside tx (404 when none does).
func setBorn(tx *gorm.DB, tourID uint, bib int, born string) error {
	res := tx.Model(&models.TourRider{}).Where("tour_id = ? AND bib = ?", tourID, bib).Update("born", born)
	if res.Error != nil {
		return fmt.Errorf("store: unable to save the date of birth of bib %d: %w", bib, res.Error)
	}
	if res.RowsAffected == 0 {
		var n int64
		if err := tx.Model(&models.TourRider{}).Where("tour_id = ? AND bib = ?", tourID, bib).Count(&n).Error; err != nil {
			return fmt.Errorf("store: unable to find bib %d: %w", bib, err)
		}
		if n == 0 {
			return notFound("bib %d in tour %d", bib, tourID)
		}
	}
	return nil
}
