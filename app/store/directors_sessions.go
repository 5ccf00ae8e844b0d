package store

import (
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/models"
)

// maxSessionsPerDirector bounds one director's devices signed in: past it, the oldest session ends.
const maxSessionsPerDirector = 50

// StartSession keeps a director's session (its token's hash) until expires, forgetting the sessions
// ended at now and the director's oldest past maxSessionsPerDirector.
func (s *Store) StartSession(director uint, tokenHash string, expires, now time.Time) error {
	return s.write(func(tx *gorm.DB) error {
		if err := tx.Where("expires_at <= ?", now.UTC()).Delete(&models.DirectorSession{}).Error; err != nil {
			return fmt.Errorf("store: unable to forget the ended sessions: %w", err)
		}
		var old []string
		if err := tx.Model(&models.DirectorSession{}).Where("director_id = ?", director).Order("expires_at DESC").
			Offset(maxSessionsPerDirector-1).Pluck("token_hash", &old).Error; err != nil {
			return fmt.Errorf("store: unable to count the director's sessions: %w", err)
		}
		if len(old) > 0 {
			if err := tx.Where("token_hash IN ?", old).Delete(&models.DirectorSession{}).Error; err != nil {
				return fmt.Errorf("store: unable to end the oldest sessions: %w", err)
			}
		}
		row := models.DirectorSession{TokenHash: tokenHash, DirectorID: director, ExpiresAt: expires.UTC(), CreatedAt: now.UTC()}
		if err := tx.Create(&row).Error; err != nil {
			return fmt.Errorf("store: unable to keep the session: %w", err)
		}
		return nil
	})
}

// SessionDirector returns the account of the session whose token hashes to tokenHash, when it has
// not ended at now (ok false otherwise).
func (s *Store) SessionDirector(tokenHash string, now time.Time) (DirectorAccount, bool, error) {
	var ses models.DirectorSession
	err := s.reads.Where("token_hash = ?", tokenHash).Take(&ses).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return DirectorAccount{}, false, nil
	}
	if err != nil {
		return DirectorAccount{}, false, fmt.Errorf("store: unable to read the session: %w", err)
	}
	if !now.Before(ses.ExpiresAt) {
		return DirectorAccount{}, false, nil
	}
	var d models.Director
	err = s.reads.Where("id = ?", ses.DirectorID).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return DirectorAccount{}, false, nil
	}
	if err != nil {
		return DirectorAccount{}, false, fmt.Errorf("store: unable to read the session's director: %w", err)
	}
	return DirectorAccount{ID: d.ID, Name: d.Name, Admin: d.Admin}, true, nil
}

// EndSession forgets the session whose token hashes to tokenHash.
func (s *Store) EndSession(tokenHash string) error {
	if err := s.db.Where("token_hash = ?", tokenHash).Delete(&models.DirectorSession{}).Error; err != nil {
		return fmt.Errorf("store: unable to end the session: %w", err)
	}
	return nil
}
