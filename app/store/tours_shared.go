package store

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// Tours handed over and shared: a tour's owner (or an administrator) gives the tour to another
// director, keeping its id, follow code and history, and names co-directors, who enter its results
// as the owner does. Who may ask is the lock's to decide (app/auth); these check what is asked.

// DirectorRef names a director: their account's id and name.
type DirectorRef struct {
	ID   uint   `json:"id"`
	Name string `json:"name"`
}

// TourShare is who a tour is in the hands of: its owner (nil for no one's, a database of one
// director) and its co-directors, by name.
type TourShare struct {
	Owner       *DirectorRef  `json:"owner"`
	Codirectors []DirectorRef `json:"codirectors"`
}

// TourSharing reads a tour's owner and co-directors.
func (s *Store) TourSharing(id uint) (TourShare, error) { return tourSharing(s.reads, id) }

// tourSharing reads a tour's owner and co-directors in db.
func tourSharing(db *gorm.DB, id uint) (TourShare, error) {
	var row models.Tour
	err := db.Select("id, owner_id").Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return TourShare{}, notFound("tour %d", id)
	}
	if err != nil {
		return TourShare{}, fmt.Errorf("store: unable to read the owner of tour %d: %w", id, err)
	}
	out := TourShare{Codirectors: []DirectorRef{}}
	if row.OwnerID != 0 {
		d, err := directorIn(db, row.OwnerID)
		if err != nil {
			return TourShare{}, err
		}
		out.Owner = &DirectorRef{ID: d.ID, Name: d.Name}
	}
	err = db.Table("directors").Select("directors.id AS id, directors.name AS name").
		Joins("JOIN tour_codirectors ON tour_codirectors.director_id = directors.id").
		Where("tour_codirectors.tour_id = ?", id).Order("directors.name_key").Scan(&out.Codirectors).Error
	if err != nil {
		return TourShare{}, fmt.Errorf("store: unable to read the co-directors of tour %d: %w", id, err)
	}
	return out, nil
}

// ToursSharedWith lists the ids of the tours director is a co-director of.
func (s *Store) ToursSharedWith(director uint) ([]uint, error) {
	var ids []uint
	if err := s.reads.Model(&models.TourCodirector{}).Where("director_id = ?", director).Order("tour_id").Pluck("tour_id", &ids).Error; err != nil {
		return nil, fmt.Errorf("store: unable to list the tours shared with director %d: %w", director, err)
	}
	return ids, nil
}

// receiver reads the director who is to receive a tour or enter its results, as field names them:
// an account that exists, signs in and is not an official's.
func receiver(tx *gorm.DB, field string, id uint) (models.Director, error) {
	if id == 0 {
		return models.Director{}, refuse.Invalid(field, "is required: a director's id")
	}
	d, err := directorIn(tx, id)
	var nf *NotFoundError
	switch {
	case errors.As(err, &nf):
		return d, refuse.Invalidf(field, "is director %d, who does not exist", id)
	case err != nil:
		return d, err
	case d.DisabledAt != nil:
		return d, refuse.Invalidf(field, "is %s, whose account is disabled: choose a director who signs in", d.Name)
	case d.Official:
		return d, refuse.Invalidf(field, "is %s, an official: officials see every tour and change none", d.Name)
	}
	return d, nil
}

// HandOverTour gives the tour to the director numbered to: its id, follow code, results and history
// stay, its players keep following it; a co-director who receives it is a co-director no longer.
func (s *Store) HandOverTour(id, to uint) (TourShare, error) {
	var out TourShare
	err := s.tourWrite(id, func(tx *gorm.DB) error {
		if _, err := tourSharing(tx, id); err != nil {
			return err
		}
		d, err := receiver(tx, "director", to)
		if err != nil {
			return err
		}
		if err := recordTourChange(tx, id, "tour.owner", i18n.Textf("tour handed over to %s", d.Name)); err != nil {
			return err
		}
		if err := tx.Model(&models.Tour{}).Where("id = ?", id).Update("owner_id", to).Error; err != nil {
			return fmt.Errorf("store: unable to hand tour %d over: %w", id, err)
		}
		if err := tx.Where("tour_id = ? AND director_id = ?", id, to).Delete(&models.TourCodirector{}).Error; err != nil {
			return fmt.Errorf("store: unable to update the co-directors of tour %d: %w", id, err)
		}
		if err := bumpTour(tx, id); err != nil {
			return err
		}
		out, err = tourSharing(tx, id)
		return err
	})
	return out, err
}

// SetCodirectors makes ids the tour's co-directors (none for an empty list), in place of those it
// had: each a director who signs in, not an official, not the tour's owner; the same one twice
// counts once. The refusals name the place in the list ("directors.1").
func (s *Store) SetCodirectors(id uint, ids []uint) (TourShare, error) {
	if len(ids) > race.MaxCodirectors {
		return TourShare{}, refuse.Invalidf("directors", "must be at most %d directors: this list has %d", race.MaxCodirectors, len(ids))
	}
	var out TourShare
	err := s.tourWrite(id, func(tx *gorm.DB) error {
		now, err := tourSharing(tx, id)
		if err != nil {
			return err
		}
		var keep []uint
		var names []any
		for i, d := range ids {
			field := "directors." + strconv.Itoa(i)
			row, err := receiver(tx, field, d)
			if err != nil {
				return err
			}
			if now.Owner != nil && now.Owner.ID == d {
				return refuse.Invalidf(field, "is %s, who owns the tour already", row.Name)
			}
			if !slices.Contains(keep, d) {
				keep = append(keep, d)
				names = append(names, row.Name)
			}
		}
		said := i18n.Textf("no co-directors any more")
		if len(names) > 0 {
			said = i18n.Textf("co-directors now: %s", joined(names))
		}
		if err := recordTourChange(tx, id, "tour.codirectors", said); err != nil {
			return err
		}
		if err := tx.Where("tour_id = ?", id).Delete(&models.TourCodirector{}).Error; err != nil {
			return fmt.Errorf("store: unable to update the co-directors of tour %d: %w", id, err)
		}
		for _, d := range keep {
			if err := tx.Create(&models.TourCodirector{TourID: id, DirectorID: d}).Error; err != nil {
				return fmt.Errorf("store: unable to add a co-director to tour %d: %w", id, err)
			}
		}
		if err := bumpTour(tx, id); err != nil {
			return err
		}
		out, err = tourSharing(tx, id)
		return err
	})
	return out, err
}

// TourOwned says whether the scope may hand the tour over and choose its co-directors: its owner,
// an administrator, or a table of one director. A co-director is refused (Codirector true); someone
// who does not see the tour gets the not-found error of a tour that does not exist.
func (s *Store) TourOwned(sc Scope, id uint) (codirector bool, err error) {
	if err := s.TourVisible(sc, id); err != nil {
		return false, err
	}
	if sc.All() {
		return false, nil
	}
	var row models.Tour
	if err := s.reads.Select("id, owner_id").Where("id = ?", id).Take(&row).Error; err != nil {
		return false, fmt.Errorf("store: unable to read the owner of tour %d: %w", id, err)
	}
	return row.OwnerID != sc.owner, nil
}

// codirected says whether director is one of the tour's co-directors.
func (s *Store) codirected(tourID, director uint) (bool, error) {
	var n int64
	if err := s.reads.Model(&models.TourCodirector{}).Where("tour_id = ? AND director_id = ?", tourID, director).Count(&n).Error; err != nil {
		return false, fmt.Errorf("store: unable to read the co-directors of tour %d: %w", tourID, err)
	}
	return n > 0, nil
}

// toursShared gives tours their co-directors (table tour_codirectors) and accounts their role of
// official (directors.official). A database created with them already has them.
func toursShared(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&models.TourCodirector{}); err != nil {
		return fmt.Errorf("creating the tours' co-directors: %w", err)
	}
	if m := tx.Migrator(); !m.HasColumn(&models.Director{}, "official") {
		if err := m.AddColumn(&models.Director{}, "Official"); err != nil {
			return fmt.Errorf("adding the column official: %w", err)
		}
	}
	return nil
}

// codirectorRemoved forgets a removed director as a co-director, and the heir as co-director of the
// tours they now own.
func codirectorRemoved(tx *gorm.DB, id, heir uint) error {
	if err := tx.Where("director_id = ?", id).Delete(&models.TourCodirector{}).Error; err != nil {
		return fmt.Errorf("store: unable to forget the director as a co-director: %w", err)
	}
	owned := tx.Session(&gorm.Session{NewDB: true}).Model(&models.Tour{}).Select("id").Where("owner_id = ?", heir)
	if err := tx.Where("director_id = ? AND tour_id IN (?)", heir, owned).Delete(&models.TourCodirector{}).Error; err != nil {
		return fmt.Errorf("store: unable to update the heir's shared tours: %w", err)
	}
	return nil
}

// The roles of an account, as the API and the command line name them.
const (
	// RoleDirector changes their own tours and teams, and the tours shared with them.
	RoleDirector = "director"
	// RoleAdministrator sees and changes every director's, and invites directors.
	RoleAdministrator = "administrator"
	// RoleOfficial sees every tour of the league and changes nothing.
	RoleOfficial = "official"
)

// RoleOf names an account's role: administrator, official or director.
func RoleOf(admin, official bool) string {
	switch {
	case admin:
		return RoleAdministrator
	case official:
		return RoleOfficial
	}
	return RoleDirector
}

// CheckRole reads an account's role as asked: role one of RoleOf's words, or "" for a director (an
// administrator when admin, the older way of asking); a role that contradicts admin is refused.
func CheckRole(role string, admin bool) (isAdmin, official bool, err error) {
	switch strings.TrimSpace(strings.ToLower(role)) {
	case "":
		return admin, false, nil
	case RoleDirector:
		if !admin {
			return false, false, nil
		}
	case RoleAdministrator:
		return true, false, nil
	case RoleOfficial:
		if !admin {
			return false, true, nil
		}
	}
	return false, false, refuse.Invalid("role", "must be one of director, administrator and official")
}
