package store

import (
	"errors"
	"fmt"

	"gorm.io/gorm"

	"racedirector/models"
)

// TourVisible says whether the scope sees the tour: nil when it does (or sees everything, the
// handlers then say whether the tour exists), else the same NotFoundError a tour that does not exist
// gives, so that another director's tour is not told apart from no tour at all.
func (s *Store) TourVisible(sc Scope, id uint) error {
	if sc.All() {
		return nil
	}
	var row models.Tour
	err := s.reads.Select("id, owner_id").Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return notFound("tour %d", id)
	}
	if err != nil {
		return fmt.Errorf("store: unable to read the owner of tour %d: %w", id, err)
	}
	if sc.Sees(row.OwnerID) {
		return nil
	}
	if shared, err := s.codirected(id, sc.owner); err != nil || !sc.some || !shared {
		return cmpErr(err, notFound("tour %d", id))
	}
	return nil
}

// cmpErr is err, else otherwise.
func cmpErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// TeamVisible says whether the scope sees the team, as TourVisible does for a tour.
func (s *Store) TeamVisible(sc Scope, id uint) error {
	if sc.All() {
		return nil
	}
	var row models.Team
	err := s.reads.Select("id, owner_id").Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && !sc.Sees(row.OwnerID) {
		return notFound("team %d", id)
	}
	if err != nil {
		return fmt.Errorf("store: unable to read the owner of team %d: %w", id, err)
	}
	return nil
}

// RiderVisible says whether the scope sees the rider (his team's owner), as TourVisible does for a tour.
func (s *Store) RiderVisible(sc Scope, id uint) error {
	if sc.All() {
		return nil
	}
	_, err := getRiderRow(s.reads, sc, id)
	return err
}
