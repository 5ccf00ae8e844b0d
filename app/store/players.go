package store

import (
	"fmt"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/models"
)

// The players: each team of a tour names the player who runs it (tour_teams.manager, "" for none),
// set when the tour is made or afterwards; a player's palmarès lists the tours where a team of the
// scope was his.

// managerColumn gives the tours' teams their player (column manager, "" for the teams kept before).
func managerColumn(tx *gorm.DB) error {
	if tx.Migrator().HasColumn(&models.TourTeam{}, "Manager") {
		return nil
	}
	if err := tx.Migrator().AddColumn(&models.TourTeam{}, "Manager"); err != nil {
		return fmt.Errorf("adding tour_teams.manager: %w", err)
	}
	return nil
}

// SetTeamManager names the player of team number team of a tour ("" for none): the tour's copy of the
// team only. A bad name is refused naming the field manager; a team the tour lacks is not found.
func (s *Store) SetTeamManager(tourID uint, team int, manager string) error {
	name, err := race.ValidateManager(manager)
	if err != nil {
		return err
	}
	err = s.tourWrite(tourID, func(tx *gorm.DB) error {
		if _, err := tourVersion(tx, tourID); err != nil {
			return err
		}
		res := tx.Model(&models.TourTeam{}).Where("tour_id = ? AND number = ?", tourID, team).Update("manager", name)
		if res.Error != nil {
			return fmt.Errorf("store: unable to name the player of team %d of tour %d: %w", team, tourID, res.Error)
		}
		if res.RowsAffected == 0 {
			var n int64
			if err := tx.Model(&models.TourTeam{}).Where("tour_id = ? AND number = ?", tourID, team).Count(&n).Error; err != nil {
				return fmt.Errorf("store: unable to find team %d of tour %d: %w", team, tourID, err)
			}
			if n == 0 {
				return notFound("team %d in tour %d", team, tourID)
			}
		}
		said := i18n.Textf("team %d is played by %s", team, name)
		if name == "" {
			said = i18n.Textf("team %d has no player any more", team)
		}
		if err := recordTourChange(tx, tourID, "tour.player", said); err != nil {
			return err
		}
		return bumpTour(tx, tourID)
	})
	if err == nil {
		s.changed(tourID, 0, "team")
	}
	return err
}

// ManagerAppearances lists the tours of the scope where a team was the player's (SameManager: the
// same name whatever the capitals), oldest first: the team as raced in each.
func (s *Store) ManagerAppearances(sc Scope, manager string) ([]Appearance, error) {
	name := race.CleanManager(manager)
	if name == "" {
		return []Appearance{}, nil
	}
	var rows []struct {
		Appearance
		Manager string
	}
	q := s.reads.Table("tour_teams").
		Select("tours.id AS tour_id, tours.name AS tour, tours.created_at AS created, tour_teams.number AS team_number, tour_teams.name AS team, tour_teams.manager AS manager").
		Joins("JOIN tours ON tours.id = tour_teams.tour_id").
		Where("tour_teams.manager <> ''") // compared here, not in SQL: SQLite's LOWER knows only ASCII
	if err := sc.where(q, "tours").Order("tours.created_at, tours.id, tour_teams.number").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read the tours of player %q: %w", name, err)
	}
	out := []Appearance{}
	for _, r := range rows {
		if race.SameManager(r.Manager, name) {
			out = append(out, r.Appearance)
		}
	}
	return out, nil
}
