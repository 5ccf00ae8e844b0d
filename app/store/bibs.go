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

// bibPlan works out, from a tour and the bibs its results and history name, the bibs its riders change to.
type bibPlan func(t *race.Tour, raced map[int]bool) (race.Renumbering, error)

// RenumberRiders gives a real race's riders their own bibs (docs/rules.md §5.2), in one transaction:
// plan decides them from the tour as stored and the bibs its results name (RacedBibs, and the bibs of
// every line of its stages' history, which an undo could bring back); nothing is stored when it
// refuses. It returns the changes made.
func (s *Store) RenumberRiders(tourID uint, plan bibPlan) (race.Renumbering, error) {
	var changes race.Renumbering
	err := s.tourWrite(tourID, func(tx *gorm.DB) error {
		var err error
		if changes, err = s.renumberIn(tx, tourID, plan); err != nil {
			return err
		}
		if len(changes) == 0 {
			unchanged(tx)
			return nil
		}
		if err := recordTourChange(tx, tourID, "tour.bibs", i18n.Textf("riders renumbered: %s", ridersText(len(changes)))); err != nil {
			return err
		}
		return bumpTour(tx, tourID)
	})
	if err == nil && len(changes) > 0 {
		s.changed(tourID, 0, "rider")
	}
	return changes, err
}

// TourRiderChange is what PUT …/riders/{bib} changes of a tour's rider: his date of birth, his bib
// (nil: unchanged).
type TourRiderChange struct {
	Born *string
	Bib  *int
}

// SetTourRider changes a tour's rider, the tour's copy only, in one transaction: his bib (a real race
// before his first result, race.RenumberRider) and his date of birth ("" when not known).
func (s *Store) SetTourRider(tourID uint, bib int, c TourRiderChange) error {
	if c.Born == nil && c.Bib == nil {
		return refuse.Invalid("born", "give the rider's born or bib")
	}
	born := ""
	if c.Born != nil {
		born = strings.TrimSpace(*c.Born)
		if err := checkBorn(born); err != nil {
			return err
		}
	}
	err := s.tourWrite(tourID, func(tx *gorm.DB) error {
		if _, err := tourVersion(tx, tourID); err != nil {
			return err
		}
		var riders int64
		if err := tx.Model(&models.TourRider{}).Where("tour_id = ? AND bib = ?", tourID, bib).Count(&riders).Error; err != nil {
			return fmt.Errorf("store: unable to find bib %d: %w", bib, err)
		}
		if riders == 0 {
			return notFound("bib %d in tour %d", bib, tourID)
		}
		now := bib
		if c.Bib != nil {
			if _, err := s.renumberIn(tx, tourID, func(t *race.Tour, raced map[int]bool) (race.Renumbering, error) {
				return race.RenumberRider(t, raced, bib, *c.Bib)
			}); err != nil {
				return err
			}
			now = *c.Bib
		}
		if c.Born != nil {
			if err := setBorn(tx, tourID, now, born); err != nil {
				return err
			}
		}
		if err := recordTourChange(tx, tourID, "tour.rider", tourRiderText(bib, now, c.Born != nil, born)); err != nil {
			return err
		}
		return bumpTour(tx, tourID)
	})
	if err == nil {
		s.changed(tourID, 0, "rider")
	}
	return err
}

// renumberIn works out the bibs plan gives a tour's riders and stores them inside tx.
func (s *Store) renumberIn(tx *gorm.DB, tourID uint, plan bibPlan) (race.Renumbering, error) {
	st, err := s.raceIn(tx, tourID)
	if err != nil {
		return nil, err
	}
	raced, err := historyBibs(tx, &st.Tour, st.stageIDs)
	if err != nil {
		return nil, err
	}
	for bib := range race.RacedBibs(&st.Tour, st.Results) {
		raced[bib] = true
	}
	changes, err := plan(&st.Tour, raced)
	if err != nil || len(changes) == 0 {
		return changes, err
	}
	// Two steps, so that riders exchanging bibs never meet on the unique bib of the tour: each
	// changed rider first wears his new bib negated, then every negated bib turns positive.
	for old, bib := range changes {
		if err := tx.Model(&models.TourRider{}).Where("tour_id = ? AND bib = ?", tourID, old).Update("bib", -bib).Error; err != nil {
			return nil, fmt.Errorf("store: unable to renumber bib %d: %w", old, err)
		}
	}
	if err := tx.Model(&models.TourRider{}).Where("tour_id = ? AND bib < 0", tourID).Update("bib", gorm.Expr("-bib")).Error; err != nil {
		return nil, fmt.Errorf("store: unable to renumber the riders of tour %d: %w", tourID, err)
	}
	return changes, nil
}

// historyBibs are the bibs named by the lines of history of a tour's stages (before and after each change).
func historyBibs(tx *gorm.DB, t *race.Tour, stageIDs []uint) (map[int]bool, error) {
	var changes []models.Change
	if err := tx.Select("kind", "key", "before", "after").Where("stage_id IN ?", stageIDs).Find(&changes).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read the history: %w", err)
	}
	var seen []race.StageResult
	for _, ch := range changes {
		for _, data := range []string{ch.Before, ch.After} {
			var r race.StageResult
			if data != "" && applyEntry(&r, models.Entry{Kind: ch.Kind, Key: ch.Key, Data: data}) == nil {
				seen = append(seen, r)
			}
		}
	}
	return race.RacedBibs(t, seen), nil
}
