package store

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// Directors for years: an administrator disables and enables a director's account, renames it, or
// removes it and gives its tours and teams to an heir. Each change is one transaction; disabling
// and removing end the director's sessions in it, so that the next request of any of their devices
// is refused.

// directorIn reads the account numbered id in tx, a NotFoundError for none.
func directorIn(tx *gorm.DB, id uint) (models.Director, error) {
	var d models.Director
	err := tx.Where("id = ?", id).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return d, notFound("director %d", id)
	}
	if err != nil {
		return d, fmt.Errorf("store: unable to read director %d: %w", id, err)
	}
	return d, nil
}

// otherAdmins counts the administrators other than id whose accounts are not disabled.
func otherAdmins(tx *gorm.DB, id uint) (int64, error) {
	var n int64
	if err := tx.Model(&models.Director{}).Where("admin = ? AND disabled_at IS NULL AND id <> ?", true, id).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("store: unable to count the administrators: %w", err)
	}
	return n, nil
}

// endSessions ends every session of the director.
func endSessions(tx *gorm.DB, director uint) error {
	if err := tx.Where("director_id = ?", director).Delete(&models.DirectorSession{}).Error; err != nil {
		return fmt.Errorf("store: unable to end the director's sessions: %w", err)
	}
	return nil
}

// endInvitations forgets the director's invitations not used yet.
func endInvitations(tx *gorm.DB, director uint) error {
	if err := tx.Where("director_id = ? AND used_at IS NULL", director).Delete(&models.Invitation{}).Error; err != nil {
		return fmt.Errorf("store: unable to end the director's invitations: %w", err)
	}
	return nil
}

// DisableDirector disables the account of id, by the administrator by, at now: it no longer signs
// in, its sessions and invitations end at once; its tours and teams stay, and its tours stay
// followable. An administrator does not disable their own account, nor the last administrator's.
func (s *Store) DisableDirector(id, by uint, now time.Time) (DirectorLine, error) {
	err := s.write(func(tx *gorm.DB) error {
		d, err := directorIn(tx, id)
		if err != nil {
			return err
		}
		if id == by {
			return refuse.Conflict("you cannot disable your own account: another administrator may")
		}
		if d.DisabledAt != nil {
			unchanged(tx)
			return nil // disabled already
		}
		if d.Admin {
			if n, err := otherAdmins(tx, id); err != nil {
				return err
			} else if n == 0 {
				return refuse.Conflict("this is the last administrator's account: make another administrator first")
			}
		}
		at := now.UTC()
		if err := tx.Model(&models.Director{}).Where("id = ?", id).Update("disabled_at", &at).Error; err != nil {
			return fmt.Errorf("store: unable to disable the director: %w", err)
		}
		if err := endSessions(tx, id); err != nil {
			return err
		}
		if err := recordChange(tx, auditNote{action: "director.disable", owner: id, text: i18n.Textf("account of %s disabled: its sessions ended", d.Name)}); err != nil {
			return err
		}
		return endInvitations(tx, id)
	})
	if err != nil {
		return DirectorLine{}, err
	}
	return s.Director(id, now)
}

// EnableDirector enables a disabled account again: the director signs in with their password (or,
// when it has none, with a new invitation).
func (s *Store) EnableDirector(id uint, now time.Time) (DirectorLine, error) {
	err := s.write(func(tx *gorm.DB) error {
		d, err := directorIn(tx, id)
		if err != nil {
			return err
		}
		if d.DisabledAt == nil {
			unchanged(tx)
			return nil // enabled already
		}
		if err := tx.Model(&models.Director{}).Where("id = ?", id).Update("disabled_at", nil).Error; err != nil {
			return fmt.Errorf("store: unable to enable the director: %w", err)
		}
		return recordChange(tx, auditNote{action: "director.enable", owner: id, text: i18n.Textf("account of %s enabled", d.Name)})
	})
	if err != nil {
		return DirectorLine{}, err
	}
	return s.Director(id, now)
}

// RenameDirector gives the account of id a new name (checked as a new account's, and unique
// whatever its case): the director signs in with it from then on.
func (s *Store) RenameDirector(id uint, name string, now time.Time) (DirectorLine, error) {
	name, err := CheckDirectorName(name)
	if err != nil {
		return DirectorLine{}, err
	}
	err = s.write(func(tx *gorm.DB) error {
		d, err := directorIn(tx, id)
		if err != nil {
			return err
		}
		if d.NameKey != strings.ToLower(name) {
			if err := directorNameFree(tx, name); err != nil {
				return err
			}
		}
		err = tx.Model(&models.Director{}).Where("id = ?", id).Updates(map[string]any{"name": name, "name_key": strings.ToLower(name)}).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return refuse.Invalidf("name", "a director called %q already exists", name) // taken at the same moment
		}
		if err != nil {
			return fmt.Errorf("store: unable to rename the director: %w", err)
		}
		if d.Name == name {
			unchanged(tx)
			return nil
		}
		return recordChange(tx, auditNote{action: "director.rename", owner: id, text: i18n.Textf("%s renamed %s", d.Name, name)})
	})
	if err != nil {
		return DirectorLine{}, err
	}
	return s.Director(id, now)
}

// Inheritance is what an heir received of a director removed.
type Inheritance struct {
	Heir  DirectorLine `json:"heir"`
	Tours int          `json:"tours"`
	Teams int          `json:"teams"`
	// Renamed lists the teams renamed because the heir had a team of the same name: "old → new".
	Renamed []string `json:"renamed,omitempty"`
}

// RemoveDirector removes the account of id, by the administrator by: its tours and teams go to the
// heir (another account, not disabled), their ids and follow codes unchanged; a team whose name the
// heir has already gets the removed director's name after it. Its sessions and invitations end.
// An administrator does not remove their own account, nor the last administrator's.
func (s *Store) RemoveDirector(id, heir, by uint, now time.Time) (Inheritance, error) {
	var out Inheritance
	err := s.write(func(tx *gorm.DB) error {
		out = Inheritance{}
		d, err := directorIn(tx, id)
		if err != nil {
			return err
		}
		if id == by {
			return refuse.Conflict("you cannot remove your own account: another administrator may")
		}
		if d.Admin {
			if n, err := otherAdmins(tx, id); err != nil {
				return err
			} else if n == 0 {
				return refuse.Conflict("this is the last administrator's account: make another administrator first")
			}
		}
		switch {
		case heir == 0:
			return refuse.Invalid("heir", "is required: the director who receives the tours and teams of the one removed")
		case heir == id:
			return refuse.Invalid("heir", "must be another director than the one removed")
		}
		h, err := directorIn(tx, heir)
		var nf *NotFoundError
		if errors.As(err, &nf) {
			return refuse.Invalidf("heir", "is director %d, who does not exist", heir)
		}
		if err != nil {
			return err
		}
		if h.DisabledAt != nil {
			return refuse.Invalidf("heir", "is %s, whose account is disabled: choose a director who signs in", h.Name)
		}
		if h.Official {
			return refuse.Invalidf("heir", "is %s, an official: officials see every tour and change none", h.Name)
		}
		res := tx.Model(&models.Tour{}).Where("owner_id = ?", id).Update("owner_id", heir)
		if res.Error != nil {
			return fmt.Errorf("store: unable to give the tours to the heir: %w", res.Error)
		}
		out.Tours = int(res.RowsAffected)
		if err := codirectorRemoved(tx, id, heir); err != nil {
			return err
		}
		if out.Renamed, out.Teams, err = bequeathTeams(tx, d, heir); err != nil {
			return err
		}
		if err := endSessions(tx, id); err != nil {
			return err
		}
		if err := tx.Where("director_id = ?", id).Delete(&models.Invitation{}).Error; err != nil {
			return fmt.Errorf("store: unable to forget the director's invitations: %w", err)
		}
		if err := tx.Where("id = ?", id).Delete(&models.Director{}).Error; err != nil {
			return fmt.Errorf("store: unable to remove the director: %w", err)
		}
		return recordChange(tx, auditNote{action: "director.remove", owner: id, text: i18n.Textf("account of %s removed: %s received %s and %s", d.Name, h.Name, toursText(out.Tours), teamsText(out.Teams))})
	})
	if err != nil {
		return Inheritance{}, err
	}
	out.Heir, err = s.Director(heir, now)
	return out, err
}

// bequeathTeams gives the teams of d to heir, renaming those whose name the heir has already
// ("Rojo" becomes "Rojo (Bruno)", cut to the longest team name, then numbered if need be).
func bequeathTeams(tx *gorm.DB, d models.Director, heir uint) (renamed []string, n int, err error) {
	var teams []models.Team
	if err := tx.Where("owner_id = ?", d.ID).Order("id").Find(&teams).Error; err != nil {
		return nil, 0, fmt.Errorf("store: unable to read the director's teams: %w", err)
	}
	var keys []string
	if err := tx.Model(&models.Team{}).Where("owner_id = ?", heir).Pluck("name_key", &keys).Error; err != nil {
		return nil, 0, fmt.Errorf("store: unable to read the heir's teams: %w", err)
	}
	taken := map[string]bool{}
	for _, k := range keys {
		taken[k] = true
	}
	for _, t := range teams {
		name := t.Name
		for i := 1; taken[strings.ToLower(name)]; i++ {
			name = heirName(t.Name, d.Name, i)
		}
		taken[strings.ToLower(name)] = true
		if name != t.Name {
			renamed = append(renamed, t.Name+" → "+name)
		}
		if err := tx.Model(&models.Team{}).Where("id = ?", t.ID).Updates(map[string]any{"owner_id": heir, "name": name, "name_key": strings.ToLower(name)}).Error; err != nil {
			return nil, 0, fmt.Errorf("store: unable to give the team %s to the heir: %w", t.Name, err)
		}
	}
	return renamed, len(teams), nil
}

// heirName is the name of a team inherited whose name the heir has: the team's, then the director's
// in brackets (and i past the first try), within the longest team name.
func heirName(team, director string, i int) string {
	tail := " (" + director + ")"
	if i > 1 {
		tail = fmt.Sprintf(" (%s %d)", director, i)
	}
	if n := utf8.RuneCountInString(tail); n > race.MaxTeamNameLength/2 {
		tail = fmt.Sprintf(" (%d)", i+1)
	}
	keep := race.MaxTeamNameLength - utf8.RuneCountInString(tail)
	if r := []rune(team); len(r) > keep {
		team = strings.TrimSpace(string(r[:keep]))
	}
	return team + tail
}

// DirectorByID returns the account numbered id (its password hash too), a NotFoundError for none.
func (s *Store) DirectorByID(id uint) (DirectorAccount, error) {
	d, err := directorIn(s.reads, id)
	if err != nil {
		return DirectorAccount{}, err
	}
	return DirectorAccount{ID: d.ID, Name: d.Name, Admin: d.Admin, Official: d.Official, PasswordHash: d.PasswordHash, Disabled: d.DisabledAt != nil}, nil
}
