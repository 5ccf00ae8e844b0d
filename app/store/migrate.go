package store

import (
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/models"
)

// schemaVersion records which migrations have run.
type schemaVersion struct {
	Version   int `gorm:"primaryKey"`
	AppliedAt time.Time
}

// migration is one step of the schema, run once in its own transaction.
type migration struct {
	name string
	up   func(tx *gorm.DB) error
}

// migrations is the ordered list of schema steps; append only.
func migrations() []migration {
	return []migration{
		{name: "initial schema", up: func(tx *gorm.DB) error { return tx.AutoMigrate(models.All()...) }},
	}
}

func (s *Store) migrate() error {
	if err := s.db.AutoMigrate(&schemaVersion{}); err != nil {
		return fmt.Errorf("store: unable to create the schema version table: %w", err)
	}
	var done int64
	if err := s.db.Model(&schemaVersion{}).Count(&done).Error; err != nil {
		return fmt.Errorf("store: unable to read the schema version: %w", err)
	}
	for i, m := range migrations() {
		version := i + 1
		if int64(version) <= done {
			continue
		}
		err := s.db.Transaction(func(tx *gorm.DB) error {
			if err := m.up(tx); err != nil {
				return err
			}
			return tx.Create(&schemaVersion{Version: version, AppliedAt: time.Now()}).Error
		})
		if err != nil {
			return fmt.Errorf("store: migration %d (%s) failed: %w", version, m.name, err)
		}
	}
	return nil
}
