package store

import (
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/models"
)

// KeptPage is a refused page form kept for the GET of its address (post/redirect/get).
type KeptPage struct {
	Address string
	Status  int
	Body    []byte
	At      time.Time
}

// SharesKeptPages says whether refused pages are to be kept in the database rather than in the
// instance's memory: other instances may serve the database, and the GET a refusal's redirect
// leads to may reach one of them.
func (s *Store) SharesKeptPages() bool { return s.pg }

// makeKeptPages makes the scratch table of kept pages where they are shared (see SharesKeptPages).
// It is outside the schema's versions: it holds nothing that outlives a redirect.
func (s *Store) makeKeptPages() error {
	if !s.SharesKeptPages() || s.db.Migrator().HasTable(&models.KeptPage{}) {
		return nil
	}
	if err := s.db.AutoMigrate(&models.KeptPage{}); err != nil {
		return fmt.Errorf("store: unable to make the table of kept pages: %w", err)
	}
	return nil
}

// KeepPage keeps a refused page under token, and forgets the pages kept longer than ttl ago.
func (s *Store) KeepPage(token string, p KeptPage, ttl time.Duration) error {
	return s.bookkeeping(func(tx *gorm.DB) error {
		if err := tx.Where("at < ?", p.At.Add(-ttl)).Delete(&models.KeptPage{}).Error; err != nil {
			return fmt.Errorf("store: unable to forget the stale kept pages: %w", err)
		}
		row := models.KeptPage{Token: token, Address: p.Address, Status: p.Status, Body: string(p.Body), At: p.At}
		if err := tx.Create(&row).Error; err != nil {
			return fmt.Errorf("store: unable to keep the page: %w", err)
		}
		return nil
	})
}

// TakePage returns and forgets the page kept under token for address; ok is false when there is
// none (taken already, by this instance or another, or kept for another address).
func (s *Store) TakePage(token, address string) (p KeptPage, ok bool, err error) {
	err = s.bookkeeping(func(tx *gorm.DB) error {
		var row models.KeptPage
		err := tx.Where("token = ? AND address = ?", token, address).Take(&row).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			ok = false
			return nil
		}
		if err != nil {
			return fmt.Errorf("store: unable to read the kept page: %w", err)
		}
		if err := tx.Delete(&row).Error; err != nil {
			return fmt.Errorf("store: unable to forget the kept page: %w", err)
		}
		p, ok = KeptPage{Address: row.Address, Status: row.Status, Body: []byte(row.Body), At: row.At}, true
		return nil
	})
	return p, ok, err
}

// keptPagesTable names the table of kept pages.
const keptPagesTable = "kept_pages"
