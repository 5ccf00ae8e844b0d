package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"

	"gorm.io/gorm"

	"racedirector/models"
)

const seededKey = "default_teams_loaded"

// DefaultTeams reads the default teams and riders (teams.json) from the embedded data.
func DefaultTeams(fsys fs.FS) ([]TeamInput, error) {
	b, err := fs.ReadFile(fsys, "teams.json")
	if err != nil {
		return nil, fmt.Errorf("store: unable to read the default teams: %w", err)
	}
	var teams []TeamInput
	if err := json.Unmarshal(b, &teams); err != nil {
		return nil, fmt.Errorf("store: teams.json: %w", err)
	}
	return teams, nil
}

// SeedDefaults loads the default teams on the first start of an empty database, once:
// a director who later deletes them does not get them back. It says whether it loaded them.
func (s *Store) SeedDefaults(teams []TeamInput) (bool, error) {
	loaded := false
	err := s.db.Transaction(func(tx *gorm.DB) error {
		var flag models.Setting
		err := tx.First(&flag, "key = ?", seededKey).Error
		if err == nil {
			return nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return fmt.Errorf("store: unable to read settings: %w", err)
		}
		var count int64
		if err := tx.Model(&models.Team{}).Count(&count).Error; err != nil {
			return fmt.Errorf("store: unable to count teams: %w", err)
		}
		if count == 0 {
			for i, in := range teams {
				in = normalizeTeam(in)
				if v := s.validateTeam(in); v.Err() != nil {
					return fmt.Errorf("store: default team %d (%s): %w", i+1, in.Name, v)
				}
				if _, err := createTeamTx(tx, in); err != nil {
					return err
				}
			}
			loaded = true
		}
		return tx.Create(&models.Setting{Key: seededKey, Value: "1"}).Error
	})
	return loaded, err
}
