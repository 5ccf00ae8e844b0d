package store

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
)

// Things handed over and shared, the one way for tours and seasons: the thing's owner (or an
// administrator) gives it to another director, keeping its id, follow code and history, and names
// co-directors, who change it as the owner does. What differs between a tour and a season is in
// their sharedKind; who may ask is the lock's to decide (app/auth), these check what is asked.

// sharedKind is what is shared, a tour or a season: its table, its co-directors' table and the
// column naming it there, the words of its refusals, and how a change of it is written.
type sharedKind struct {
	// table is the thing's table ("tours"), links its co-directors' ("tour_codirectors") and key
	// the column of links naming the thing ("tour_id").
	table, links, key string
	// notFound is the format of the not-found error ("tour %d").
	notFound string
	// ownsAlready refuses the owner as a co-director ("is %s, who owns the tour already"); handed
	// is the audit record's words of a hand-over ("tour handed over to %s").
	ownsAlready, handed string
	// link is a row of links: the thing numbered id shared with director (with zeros: the model of
	// links, for deleting and counting).
	link func(id, director uint) any
	// write runs fn as the one transaction of a change of the thing numbered id (and tells of it).
	write func(id uint, fn func(tx *gorm.DB) error) error
	// bump counts a change of the thing inside its transaction.
	bump func(tx *gorm.DB, id uint) error
	// what names the thing in the audit record's actions ("tour": "tour.owner"); record writes the
	// line of a change of the thing numbered id in the audit record, in its transaction.
	what   string
	record func(tx *gorm.DB, id uint, action string, text i18n.Text) error
}

// sharing reads the owner and co-directors of the thing numbered id in db.
func (k sharedKind) sharing(db *gorm.DB, id uint) (TourShare, error) {
	var row struct{ OwnerID uint }
	err := db.Table(k.table).Select("owner_id").Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return TourShare{}, notFound(k.notFound, id)
	}
	if err != nil {
		return TourShare{}, fmt.Errorf("store: unable to read the owner of "+k.notFound+": %w", id, err)
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
		Joins("JOIN "+k.links+" ON "+k.links+".director_id = directors.id").
		Where(k.links+"."+k.key+" = ?", id).Order("directors.name_key").Scan(&out.Codirectors).Error
	if err != nil {
		return TourShare{}, fmt.Errorf("store: unable to read the co-directors of "+k.notFound+": %w", id, err)
	}
	return out, nil
}

// handOver gives the thing to the director numbered to; a co-director who receives it is a
// co-director no longer.
func (k sharedKind) handOver(id, to uint) (TourShare, error) {
	var out TourShare
	err := k.write(id, func(tx *gorm.DB) error {
		if _, err := k.sharing(tx, id); err != nil {
			return err
		}
		d, err := receiver(tx, "director", to)
		if err != nil {
			return err
		}
		if err := k.record(tx, id, k.what+".owner", i18n.Textf(k.handed, d.Name)); err != nil {
			return err
		}
		if err := tx.Table(k.table).Where("id = ?", id).Update("owner_id", to).Error; err != nil {
			return fmt.Errorf("store: unable to hand "+k.notFound+" over: %w", id, err)
		}
		if err := tx.Where(k.key+" = ? AND director_id = ?", id, to).Delete(k.link(0, 0)).Error; err != nil {
			return fmt.Errorf("store: unable to update the co-directors of "+k.notFound+": %w", id, err)
		}
		if err := k.bump(tx, id); err != nil {
			return err
		}
		out, err = k.sharing(tx, id)
		return err
	})
	return out, err
}

// setCodirectors makes ids the thing's co-directors (none for an empty list), in place of those it
// had: each a director who signs in, not an official, not the owner; the same one twice counts
// once. The refusals name the place in the list ("directors.1").
func (k sharedKind) setCodirectors(id uint, ids []uint) (TourShare, error) {
	if len(ids) > race.MaxCodirectors {
		return TourShare{}, refuse.Invalidf("directors", "must be at most %d directors: this list has %d", race.MaxCodirectors, len(ids))
	}
	var out TourShare
	err := k.write(id, func(tx *gorm.DB) error {
		now, err := k.sharing(tx, id)
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
				return refuse.Invalidf(field, k.ownsAlready, row.Name)
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
		if err := k.record(tx, id, k.what+".codirectors", said); err != nil {
			return err
		}
		if err := tx.Where(k.key+" = ?", id).Delete(k.link(0, 0)).Error; err != nil {
			return fmt.Errorf("store: unable to update the co-directors of "+k.notFound+": %w", id, err)
		}
		for _, d := range keep {
			if err := tx.Create(k.link(id, d)).Error; err != nil {
				return fmt.Errorf("store: unable to add a co-director to "+k.notFound+": %w", id, err)
			}
		}
		if err := k.bump(tx, id); err != nil {
			return err
		}
		out, err = k.sharing(tx, id)
		return err
	})
	return out, err
}

// codirected says whether director is one of the co-directors of the thing numbered id.
func (k sharedKind) codirected(db *gorm.DB, id, director uint) (bool, error) {
	var n int64
	if err := db.Table(k.links).Where(k.key+" = ? AND director_id = ?", id, director).Count(&n).Error; err != nil {
		return false, fmt.Errorf("store: unable to read the co-directors of "+k.notFound+": %w", id, err)
	}
	return n > 0, nil
}

// sharedWith lists the ids of the things director is a co-director of.
func (k sharedKind) sharedWith(db *gorm.DB, director uint) ([]uint, error) {
	var ids []uint
	if err := db.Table(k.links).Where("director_id = ?", director).Order(k.key).Pluck(k.key, &ids).Error; err != nil {
		return nil, fmt.Errorf("store: unable to list what is shared with director %d: %w", director, err)
	}
	return ids, nil
}

// owned says whether the scope may hand the thing over and choose its co-directors: its owner, an
// administrator, or a table of one director; a co-director is refused (codirector true). The scope
// is known to see the thing.
func (k sharedKind) owned(db *gorm.DB, sc Scope, id uint) (codirector bool, err error) {
	if sc.All() {
		return false, nil
	}
	var row struct{ OwnerID uint }
	if err := db.Table(k.table).Select("owner_id").Where("id = ?", id).Take(&row).Error; err != nil {
		return false, fmt.Errorf("store: unable to read the owner of "+k.notFound+": %w", id, err)
	}
	return row.OwnerID != sc.owner, nil
}

// removed forgets a removed director as a co-director, and the heir as co-director of the things
// they now own.
func (k sharedKind) removed(tx *gorm.DB, id, heir uint) error {
	if err := tx.Where("director_id = ?", id).Delete(k.link(0, 0)).Error; err != nil {
		return fmt.Errorf("store: unable to forget the director as a co-director: %w", err)
	}
	owned := tx.Session(&gorm.Session{NewDB: true}).Table(k.table).Select("id").Where("owner_id = ?", heir)
	if err := tx.Where("director_id = ? AND "+k.key+" IN (?)", heir, owned).Delete(k.link(0, 0)).Error; err != nil {
		return fmt.Errorf("store: unable to update the heir's shared things: %w", err)
	}
	return nil
}
