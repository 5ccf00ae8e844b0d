package store

import (
	"crypto/rand"
	"errors"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"racedirector/models"
)

// followAlphabet is what a follow code is written with: capital letters and digits without the
// ones read one for another (0 and O, 1 and I, and L).
const followAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// followCodeLength is how long a follow code is.
const followCodeLength = 6

// newFollowCode draws a random follow code.
func newFollowCode() string {
	b := make([]byte, followCodeLength)
	_, _ = rand.Read(b) // crypto/rand never fails
	for i := range b {
		b[i] = followAlphabet[int(b[i])%len(followAlphabet)]
	}
	return string(b)
}

// freeFollowCode draws follow codes until one that no tour has.
func freeFollowCode(tx *gorm.DB) (string, error) {
	for range 20 {
		code := newFollowCode()
		var n int64
		if err := tx.Model(&models.Tour{}).Where("follow_code = ?", code).Count(&n).Error; err != nil {
			return "", fmt.Errorf("store: unable to check a follow code: %w", err)
		}
		if n == 0 {
			return code, nil
		}
	}
	return "", errors.New("store: no free follow code found")
}

// NormalizeFollowCode is a follow code as typed by a player, in capitals and without spaces or dashes;
// "" when it cannot be a follow code.
func NormalizeFollowCode(code string) string {
	code = strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(code)))
	if len(code) != followCodeLength {
		return ""
	}
	for _, r := range code {
		if !strings.ContainsRune(followAlphabet, r) {
			return ""
		}
	}
	return code
}

// TourByFollowCode returns the id of the tour with the follow code (any case); a NotFoundError for
// none.
func (s *Store) TourByFollowCode(code string) (uint, error) {
	norm := NormalizeFollowCode(code)
	if norm == "" {
		return 0, notFound("tour to follow with code %q", code)
	}
	var row models.Tour
	err := s.reads.Select("id").Where("follow_code = ?", norm).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, notFound("tour to follow with code %q", code)
	}
	if err != nil {
		return 0, fmt.Errorf("store: unable to find the tour to follow: %w", err)
	}
	return row.ID, nil
}

// followCodes gives every tour of an older database a follow code.
func followCodes(tx *gorm.DB) error {
	m := tx.Migrator()
	if !m.HasColumn(&models.Tour{}, "follow_code") {
		if err := m.AddColumn(&models.Tour{}, "FollowCode"); err != nil {
			return fmt.Errorf("adding the follow code: %w", err)
		}
	}
	var ids []uint
	if err := tx.Model(&models.Tour{}).Where("follow_code IS NULL OR follow_code = ''").Pluck("id", &ids).Error; err != nil {
		return fmt.Errorf("listing tours without a follow code: %w", err)
	}
	for _, id := range ids {
		code, err := freeFollowCode(tx)
		if err != nil {
			return err
		}
		if err := tx.Model(&models.Tour{}).Where("id = ?", id).Update("follow_code", code).Error; err != nil {
			return fmt.Errorf("giving tour %d a follow code: %w", id, err)
		}
	}
	if !m.HasIndex(&models.Tour{}, "idx_tour_follow_code") {
		if err := m.CreateIndex(&models.Tour{}, "idx_tour_follow_code"); err != nil {
			return fmt.Errorf("indexing the follow codes: %w", err)
		}
	}
	return nil
}

// FollowedRace returns the race state of the tour with the follow code (any case), as LoadRace does;
// a NotFoundError for none.
func (s *Store) FollowedRace(code string) (*RaceState, error) {
	id, err := s.TourByFollowCode(code)
	if err != nil {
		return nil, err
	}
	return s.LoadRace(id)
}
