package store

import (
	"encoding/json"
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
func (s *Store) migrations() []migration {
	return []migration{
		{name: "initial schema", up: func(tx *gorm.DB) error { return tx.AutoMigrate(models.All()...) }},
		{name: "a rider has a role in each game", up: s.ridersPerGame},
		{name: "a tour has a version", up: tourVersions},
		{name: "a tour has a follow code", up: followCodes},
		{name: "riders have a date of birth, tours have settings", up: bornAndSettings},
		{name: "directors' accounts", up: directorAccounts},
		{name: "tours and teams have an owner", up: owners},
		{name: "a change keeps its summary in every language", up: summaryTexts},
		{name: "a tour's teams and riders keep the database's they came from", up: tourSources},
		{name: "sign-in guesses are counted in the database", up: signInGuesses},
		{name: "a tour may have the combined classification", up: combinedColumn},
		{name: "a tour's teams name their player", up: managerColumn},
		{name: "directors may be disabled, sessions say where they are used", up: directorsForYears},
		{name: "tours are handed over and shared; officials", up: toursShared},
		{name: "seasons group tours", up: seasonsTables},
		{name: "who changed what: the audit record, the history's authors", up: auditRecord},
		{name: "seasons are handed over and shared", up: seasonsShared},
	}
}

// ridersPerGame moves each database rider's single role and values (columns role and attributes)
// under the game they belong to (column games), then drops the old columns. A database created
// with the games column already has nothing to move.
func (s *Store) ridersPerGame(tx *gorm.DB) error {
	m := tx.Migrator()
	if !m.HasColumn(&models.Rider{}, "games") {
		if err := m.AddColumn(&models.Rider{}, "Games"); err != nil {
			return fmt.Errorf("adding riders.games: %w", err)
		}
	}
	if !m.HasColumn("riders", "role") {
		return nil
	}
	var rows []struct {
		ID         uint
		Role       string
		Attributes string
	}
	if err := tx.Table("riders").Select("id, role, attributes").Scan(&rows).Error; err != nil {
		return fmt.Errorf("reading the riders' roles: %w", err)
	}
	for _, r := range rows {
		attrs := map[string]int{}
		_ = json.Unmarshal([]byte(r.Attributes), &attrs)
		games := gamesJSON(s.legacyGames(r.Role, attrs))
		if err := tx.Table("riders").Where("id = ?", r.ID).Update("games", games).Error; err != nil {
			return fmt.Errorf("moving the role of rider %d: %w", r.ID, err)
		}
	}
	for _, col := range []string{"role", "attributes"} {
		if err := tx.Exec("ALTER TABLE riders DROP COLUMN " + col).Error; err != nil {
			return fmt.Errorf("dropping riders.%s: %w", col, err)
		}
	}
	return nil
}

// tourVersions gives every tour a version (column version), new in a database that had tours
// before the in-memory race state.
func tourVersions(tx *gorm.DB) error {
	m := tx.Migrator()
	if !m.HasColumn(&models.Tour{}, "version") {
		if err := m.AddColumn(&models.Tour{}, "Version"); err != nil {
			return fmt.Errorf("adding tours.version: %w", err)
		}
	}
	if err := tx.Model(&models.Tour{}).Where("version = 0").Update("version", newTourVersion()).Error; err != nil {
		return fmt.Errorf("giving the tours a version: %w", err)
	}
	// A tour's updated_at now says when its results last changed (the home page's tour in
	// progress): take it from its history.
	var last []struct {
		TourID uint
		At     time.Time
	}
	if err := tx.Table("changes").Select("stages.tour_id AS tour_id, MAX(changes.at) AS at").
		Joins("JOIN stages ON stages.id = changes.stage_id").Group("stages.tour_id").Scan(&last).Error; err != nil {
		return fmt.Errorf("reading when the tours last changed: %w", err)
	}
	for _, l := range last {
		if err := tx.Model(&models.Tour{}).Where("id = ?", l.TourID).UpdateColumn("updated_at", l.At).Error; err != nil {
			return fmt.Errorf("noting when tour %d last changed: %w", l.TourID, err)
		}
	}
	return nil
}

func (s *Store) migrate() error {
	if !s.db.Migrator().HasTable(&schemaVersion{}) {
		if err := s.db.AutoMigrate(&schemaVersion{}); err != nil {
			return fmt.Errorf("store: unable to create the schema version table: %w", err)
		}
	}
	var done int64
	if err := s.db.Model(&schemaVersion{}).Count(&done).Error; err != nil {
		return fmt.Errorf("store: unable to read the schema version: %w", err)
	}
	for i, m := range s.migrations() {
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

// bornAndSettings gives database and tour riders a date of birth (column born, "" when not known) and
// tours their settings (column settings, "{}" for none): new with the young riders' classification.
func bornAndSettings(tx *gorm.DB) error {
	m := tx.Migrator()
	for _, c := range []struct {
		model       any
		field, name string
	}{{&models.Rider{}, "Born", "riders.born"}, {&models.TourRider{}, "Born", "tour_riders.born"}, {&models.Tour{}, "Settings", "tours.settings"}} {
		if m.HasColumn(c.model, c.field) {
			continue
		}
		if err := m.AddColumn(c.model, c.field); err != nil {
			return fmt.Errorf("adding %s: %w", c.name, err)
		}
	}
	return nil
}

// summaryTexts gives the history's changes their summary as a sentence (column summary_text, ""
// for the changes kept before, which keep their English summary).
func summaryTexts(tx *gorm.DB) error {
	if tx.Migrator().HasColumn(&models.Change{}, "SummaryText") {
		return nil
	}
	if err := tx.Migrator().AddColumn(&models.Change{}, "SummaryText"); err != nil {
		return fmt.Errorf("adding changes.summary_text: %w", err)
	}
	return nil
}
