package store

import (
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/models"
)

// Invite keeps a new invitation of the director (its token's hash), ending at expires, and says
// whether it is a reset (the director had a password, or an earlier reset was waiting). In the same
// transaction the director's earlier invitations not used yet stop working, and a reset ends the
// old password and every session at once: a director who left, or whose password is known to
// others, is cut off until the link is used. A disabled account is enabled first.
func (s *Store) Invite(director uint, tokenHash string, expires time.Time) (reset bool, err error) {
	err = s.write(func(tx *gorm.DB) error {
		d, err := directorIn(tx, director)
		if err != nil {
			return err
		}
		if d.DisabledAt != nil {
			return refuse.Conflictf("%s's account is disabled: enable it first", d.Name)
		}
		var waiting int64
		if err := tx.Model(&models.Invitation{}).Where("director_id = ? AND used_at IS NULL AND reset = ?", director, true).Count(&waiting).Error; err != nil {
			return fmt.Errorf("store: unable to read the earlier invitations: %w", err)
		}
		reset = d.PasswordHash != "" || waiting > 0
		if err := endInvitations(tx, director); err != nil {
			return err
		}
		inv := models.Invitation{DirectorID: director, TokenHash: tokenHash, ExpiresAt: expires.UTC(), Reset: reset}
		if err := tx.Create(&inv).Error; err != nil {
			return fmt.Errorf("store: unable to keep the invitation: %w", err)
		}
		if err := tx.Model(&models.Director{}).Where("id = ?", director).Update("password_hash", "").Error; err != nil {
			return fmt.Errorf("store: unable to end the old password: %w", err)
		}
		said, action := i18n.Textf("%s invited again", d.Name), "director.invite"
		if reset {
			said, action = i18n.Textf("reset link for %s: their password and sessions ended", d.Name), "director.reset"
		}
		if err := recordChange(tx, auditNote{action: action, owner: director, text: said}); err != nil {
			return err
		}
		return endSessions(tx, director)
	})
	return reset, err
}

// Invitation reads the invitation whose token hashes to tokenHash as it is at now: a NotFoundError
// for none, an *InvitationError for one used or expired.
func (s *Store) Invitation(tokenHash string, now time.Time) (InvitationView, error) {
	inv, d, err := invitationIn(s.reads, tokenHash, now)
	if err != nil {
		return InvitationView{}, err
	}
	return InvitationView{Director: d.Name, ExpiresAt: inv.ExpiresAt.UTC(), Reset: inv.Reset || d.PasswordHash != ""}, nil
}

// invitationIn reads a working invitation and its director.
func invitationIn(db *gorm.DB, tokenHash string, now time.Time) (models.Invitation, models.Director, error) {
	var inv models.Invitation
	var d models.Director
	err := db.Where("token_hash = ?", tokenHash).Take(&inv).Error
	if err == nil {
		err = db.Where("id = ?", inv.DirectorID).Take(&d).Error
	}
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return inv, d, notFound("invitation")
	case err != nil:
		return inv, d, fmt.Errorf("store: unable to read the invitation: %w", err)
	case inv.UsedAt != nil:
		return inv, d, &InvitationError{Used: true}
	case !now.Before(inv.ExpiresAt):
		return inv, d, &InvitationError{}
	}
	return inv, d, nil
}

// AcceptInvitation sets the invited director's password (its hash) with the invitation, once: the
// invitation is used up in the same transaction, and the director's sessions on other devices end
// (a new password signs out whoever knew the old one).
func (s *Store) AcceptInvitation(tokenHash, passwordHash string, now time.Time) (DirectorAccount, error) {
	var out DirectorAccount
	err := s.write(func(tx *gorm.DB) error {
		inv, d, err := invitationIn(tx, tokenHash, now)
		if err != nil {
			return err
		}
		if d.DisabledAt != nil {
			return refuse.Conflictf("%s's account is disabled: ask an administrator", d.Name)
		}
		used := now.UTC()
		res := tx.Model(&models.Invitation{}).Where("id = ? AND used_at IS NULL", inv.ID).Update("used_at", &used)
		if res.Error != nil {
			return fmt.Errorf("store: unable to use the invitation: %w", res.Error)
		}
		if res.RowsAffected != 1 {
			return &InvitationError{Used: true} // used by another request meanwhile
		}
		if err := setPassword(tx, d.ID, passwordHash); err != nil {
			return err
		}
		invited := Director(d.ID, d.Name)
		if err := recordChange(tx, auditNote{action: "director.accept", owner: d.ID, by: &invited, text: i18n.Textf("%s chose a password with their invitation", d.Name)}); err != nil {
			return err
		}
		out = DirectorAccount{ID: d.ID, Name: d.Name, Admin: d.Admin, Official: d.Official, PasswordHash: passwordHash}
		return nil
	})
	return out, err
}

// SetPassword sets a director's password (its hash) and ends their sessions.
func (s *Store) SetPassword(director uint, passwordHash string) error {
	return s.write(func(tx *gorm.DB) error {
		if err := setPassword(tx, director, passwordHash); err != nil {
			return err
		}
		return recordChange(tx, auditNote{action: "director.password", owner: director, text: i18n.Textf("password of %s set; their sessions ended", directorNameIn(tx, director))})
	})
}

// setPassword stores the hash and ends the director's sessions.
func setPassword(tx *gorm.DB, director uint, passwordHash string) error {
	res := tx.Model(&models.Director{}).Where("id = ?", director).Update("password_hash", passwordHash)
	if res.Error != nil {
		return fmt.Errorf("store: unable to set the password: %w", res.Error)
	}
	if res.RowsAffected != 1 {
		return notFound("director %d", director)
	}
	return endSessions(tx, director)
}
