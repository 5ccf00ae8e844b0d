package store

import (
	"fmt"

	"gorm.io/gorm"

	"racedirector/models"
)

// directorAccounts creates the tables of directors' accounts: the accounts, their invitations and
// their sessions (a database created with them already has them).
func directorAccounts(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&models.Director{}, &models.Invitation{}, &models.DirectorSession{}); err != nil {
		return fmt.Errorf("creating the directors' accounts: %w", err)
	}
	return nil
}

// owners gives tours and teams an owner (column owner_id, 0 for the tours and teams of an older
// database: no one's, as a single director's database is), and makes team names unique within
// each director's database instead of across the whole database.
func owners(tx *gorm.DB) error {
	m := tx.Migrator()
	for _, c := range []struct {
		model any
		table string
	}{{&models.Tour{}, "tours"}, {&models.Team{}, "teams"}} {
		if !m.HasColumn(c.model, "owner_id") {
			if err := m.AddColumn(c.model, "OwnerID"); err != nil {
				return fmt.Errorf("adding %s.owner_id: %w", c.table, err)
			}
		}
	}
	for _, old := range []string{"idx_team_name", "idx_team_name_key"} {
		if m.HasIndex(&models.Team{}, old) {
			if err := m.DropIndex(&models.Team{}, old); err != nil {
				return fmt.Errorf("dropping the index %s: %w", old, err)
			}
		}
	}
	for _, idx := range []struct {
		model any
		name  string
	}{{&models.Team{}, "idx_team_owner_name"}, {&models.Team{}, "idx_team_owner_name_key"}, {&models.Tour{}, "idx_tour_owner"}} {
		if !m.HasIndex(idx.model, idx.name) {
			if err := m.CreateIndex(idx.model, idx.name); err != nil {
				return fmt.Errorf("creating the index %s: %w", idx.name, err)
			}
		}
	}
	return nil
}

// directorsForYears gives accounts their switch (directors.disabled_at), invitations their mark of
// a reset (invitations.reset) and sessions what their director sees of them (last_seen_at,
// user_agent, address). A database created with them already has them.
func directorsForYears(tx *gorm.DB) error {
	m := tx.Migrator()
	for _, c := range []struct {
		model        any
		column, name string
	}{
		{&models.Director{}, "disabled_at", "DisabledAt"},
		{&models.Invitation{}, "reset", "Reset"},
		{&models.DirectorSession{}, "last_seen_at", "LastSeenAt"},
		{&models.DirectorSession{}, "user_agent", "UserAgent"},
		{&models.DirectorSession{}, "address", "Address"},
	} {
		if m.HasColumn(c.model, c.column) {
			continue
		}
		if err := m.AddColumn(c.model, c.name); err != nil {
			return fmt.Errorf("adding the column %s: %w", c.column, err)
		}
	}
	return nil
}
