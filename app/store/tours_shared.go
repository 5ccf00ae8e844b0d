package store

import (
	"errors"
	"fmt"
	"strings"

	"gorm.io/gorm"

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

// TourShare is who a tour (or a season) is in the hands of: its owner (nil for no one's, a
// database of one director) and its co-directors, by name.
type TourShare struct {
	Owner       *DirectorRef  `json:"owner"`
	Codirectors []DirectorRef `json:"codirectors"`
}

// tourKind is a tour as sharedKind shares it, but for how its changes are written.
func tourKind() sharedKind {
	return sharedKind{table: "tours", links: "tour_codirectors", key: "tour_id", notFound: "tour %d",
		ownsAlready: "is %s, who owns the tour already", handed: "tour handed over to %s",
		link: func(id, director uint) any { return &models.TourCodirector{TourID: id, DirectorID: director} }}
}

// tourShared is a tour as sharedKind shares it, written as every change of a tour is.
func (s *Store) tourShared() sharedKind {
	k := tourKind()
	k.write, k.bump, k.what, k.record = s.tourWrite, bumpTour, "tour", recordTourChange
	return k
}

// TourSharing reads a tour's owner and co-directors.
func (s *Store) TourSharing(id uint) (TourShare, error) { return s.tourShared().sharing(s.reads, id) }

// ToursSharedWith lists the ids of the tours director is a co-director of.
func (s *Store) ToursSharedWith(director uint) ([]uint, error) {
	return s.tourShared().sharedWith(s.reads, director)
}

// receiver reads the director who is to receive a tour or season or change it, as field names
// them: an account that exists, signs in and is not an official's.
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
func (s *Store) HandOverTour(id, to uint) (TourShare, error) { return s.tourShared().handOver(id, to) }

// SetCodirectors makes ids the tour's co-directors (none for an empty list), in place of those it
// had: each a director who signs in, not an official, not the tour's owner; the same one twice
// counts once. The refusals name the place in the list ("directors.1").
func (s *Store) SetCodirectors(id uint, ids []uint) (TourShare, error) {
	return s.tourShared().setCodirectors(id, ids)
}

// TourOwned says whether the scope may hand the tour over and choose its co-directors: its owner,
// an administrator, or a table of one director. A co-director is refused (Codirector true); someone
// who does not see the tour gets the not-found error of a tour that does not exist.
func (s *Store) TourOwned(sc Scope, id uint) (codirector bool, err error) {
	if err := s.TourVisible(sc, id); err != nil {
		return false, err
	}
	return s.tourShared().owned(s.reads, sc, id)
}

// codirected says whether director is one of the tour's co-directors.
func (s *Store) codirected(tourID, director uint) (bool, error) {
	return s.tourShared().codirected(s.reads, tourID, director)
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

// codirectorRemoved gives the heir the seasons of a removed director (their tours are given
// already), forgets the director as a co-director of tours and seasons, and the heir as co-director
// of those they now own.
func codirectorRemoved(tx *gorm.DB, id, heir uint) error {
	if err := tx.Model(&models.Season{}).Where("owner_id = ?", id).Update("owner_id", heir).Error; err != nil {
		return fmt.Errorf("store: unable to give the seasons to the heir: %w", err)
	}
	for _, k := range []sharedKind{tourKind(), seasonKind()} {
		if err := k.removed(tx, id, heir); err != nil {
			return err
		}
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
