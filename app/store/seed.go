package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"gorm.io/gorm"

	"racedirector/models"
)

// Settings keys: the default teams were loaded; the default teams' riders got their roles in every game.
const (
	seededKey      = "default_teams_loaded"
	seededGamesKey = "default_teams_games_loaded"
)

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
// A database whose default teams were loaded before riders had a role in each game gets, once,
// the default roles of the games those riders lack (see completeDefaultGames).
func (s *Store) SeedDefaults(teams []TeamInput) (bool, error) {
	loaded := false
	err := s.bookkeeping(func(tx *gorm.DB) error {
		loaded = false // run again when it lost to another instance starting at the same moment
		seeded, err := hasSetting(tx, seededKey)
		if err != nil {
			return err
		}
		if seeded {
			return s.completeDefaultGames(tx, teams)
		}
		var count int64
		if err := tx.Model(&models.Team{}).Count(&count).Error; err != nil {
			return fmt.Errorf("store: unable to count teams: %w", err)
		}
		if count == 0 {
			for i, in := range teams {
				in, v := s.checkTeam(normalizeTeam(in), nil)
				if v.Err() != nil {
					return fmt.Errorf("store: default team %d (%s): %w", i+1, in.Name, v)
				}
				if _, err := createTeamTx(tx, 0, in); err != nil {
					return err
				}
			}
			loaded = true
		}
		if err := tx.Create(&models.Setting{Key: seededKey, Value: "1"}).Error; err != nil {
			return err
		}
		return tx.Create(&models.Setting{Key: seededGamesKey, Value: "1"}).Error
	})
	return loaded, err
}

// hasSetting says whether the setting key is recorded.
func hasSetting(tx *gorm.DB, key string) (bool, error) {
	var flag models.Setting
	err := tx.First(&flag, "key = ?", key).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: unable to read settings: %w", err)
	}
	return true, nil
}

// completeDefaultGames gives, once, the riders of the default teams loaded by an earlier version
// (one role each) their default roles in the other games: a rider still in his default team, with
// his default number and name, gets each game he has no role in from the defaults. What the director
// set is never changed.
func (s *Store) completeDefaultGames(tx *gorm.DB, defaults []TeamInput) error {
	done, err := hasSetting(tx, seededGamesKey)
	if err != nil || done {
		return err
	}
	for _, in := range defaults {
		in, v := s.checkTeam(normalizeTeam(in), nil)
		if v.Err() != nil {
			return fmt.Errorf("store: default team %s: %w", in.Name, v)
		}
		var row models.Team
		err := tx.Preload("Riders").Where("name_key = ?", strings.ToLower(in.Name)).First(&row).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			continue
		}
		if err != nil {
			return fmt.Errorf("store: unable to read team %s: %w", in.Name, err)
		}
		for _, r := range row.Riders {
			for _, d := range in.Riders {
				if d.Number != r.Number || d.Name != r.Name {
					continue
				}
				games := gamesFromJSON(r.Games)
				changed := false
				for id, g := range d.Games {
					if _, has := games[id]; !has {
						games[id] = g
						changed = true
					}
				}
				if changed {
					if err := tx.Model(&r).Update("games", gamesJSON(games)).Error; err != nil {
						return fmt.Errorf("store: unable to complete rider %s: %w", r.Name, err)
					}
				}
			}
		}
	}
	return tx.Create(&models.Setting{Key: seededGamesKey, Value: "1"}).Error
}
