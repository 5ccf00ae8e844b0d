package store

import (
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/models"
)

// A tour copies the teams and riders it races (tour_teams, tour_riders); each copy keeps the database
// team or rider it came from (source_team_id, source_rider_id), so that a team's or rider's palmarès
// lists the tours they rode under the name they raced with, whatever they are called now.

// Appearance is one tour a database team or rider rode, as the tour copied them.
type Appearance struct {
	TourID  uint
	Tour    string
	Created time.Time
	// TeamNumber is the team's number in the tour (its bibs' tens); Team its name as raced.
	TeamNumber int
	Team       string
	// Bib and Rider are the rider's bib and name as raced (0 and "" for a team's appearance).
	Bib   int
	Rider string
}

// TeamAppearances lists the tours of the scope the database team rode, oldest first.
func (s *Store) TeamAppearances(sc Scope, teamID uint) ([]Appearance, error) {
	var out []Appearance
	q := s.reads.Table("tour_teams").
		Select("tours.id AS tour_id, tours.name AS tour, tours.created_at AS created, tour_teams.number AS team_number, tour_teams.name AS team").
		Joins("JOIN tours ON tours.id = tour_teams.tour_id").
		Where("tour_teams.source_team_id = ?", teamID)
	if err := sc.where(q, "tours").Order("tours.created_at, tours.id").Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read the tours of team %d: %w", teamID, err)
	}
	return out, nil
}

// RiderAppearances lists the tours of the scope the database rider rode, oldest first.
func (s *Store) RiderAppearances(sc Scope, riderID uint) ([]Appearance, error) {
	var out []Appearance
	q := s.reads.Table("tour_riders").
		Select("tours.id AS tour_id, tours.name AS tour, tours.created_at AS created, tour_teams.number AS team_number, tour_teams.name AS team, tour_riders.bib AS bib, tour_riders.name AS rider").
		Joins("JOIN tour_teams ON tour_teams.id = tour_riders.tour_team_id").
		Joins("JOIN tours ON tours.id = tour_riders.tour_id").
		Where("tour_riders.source_rider_id = ?", riderID)
	if err := sc.where(q, "tours").Order("tours.created_at, tours.id").Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read the tours of rider %d: %w", riderID, err)
	}
	return out, nil
}

// linkSources notes, in a tour just created from the database teams teamIDs (team i+1 of the tour
// is teamIDs[i]), which database team and rider each copy came from: a rider by his counter number
// in his team.
func linkSources(tx *gorm.DB, tourID uint, teamIDs []uint) error {
	for i, teamID := range teamIDs {
		var tt models.TourTeam
		if err := tx.Where("tour_id = ? AND number = ?", tourID, i+1).First(&tt).Error; err != nil {
			return fmt.Errorf("store: unable to find team %d of tour %d: %w", i+1, tourID, err)
		}
		if err := tx.Model(&tt).Update("source_team_id", teamID).Error; err != nil {
			return fmt.Errorf("store: unable to link team %d of tour %d: %w", i+1, tourID, err)
		}
		if err := tx.Exec(`UPDATE tour_riders SET source_rider_id = COALESCE((SELECT riders.id FROM riders WHERE riders.team_id = ? AND riders.number = tour_riders.number), 0) WHERE tour_team_id = ?`,
			teamID, tt.ID).Error; err != nil {
			return fmt.Errorf("store: unable to link the riders of team %d of tour %d: %w", i+1, tourID, err)
		}
	}
	return nil
}

// tourSources links the teams and riders of the tours made before the copies kept where they came
// from: a tour's team to the team of its owner's database with the same name, a rider to the rider
// of that team with the same name. A team renamed since, or deleted, stays unlinked.
func tourSources(tx *gorm.DB) error {
	m := tx.Migrator()
	if !m.HasColumn(&models.TourTeam{}, "source_team_id") {
		if err := m.AddColumn(&models.TourTeam{}, "SourceTeamID"); err != nil {
			return fmt.Errorf("adding tour_teams.source_team_id: %w", err)
		}
	}
	if !m.HasColumn(&models.TourRider{}, "source_rider_id") {
		if err := m.AddColumn(&models.TourRider{}, "SourceRiderID"); err != nil {
			return fmt.Errorf("adding tour_riders.source_rider_id: %w", err)
		}
	}
	if !m.HasIndex(&models.TourRider{}, "SourceRiderID") {
		if err := m.CreateIndex(&models.TourRider{}, "SourceRiderID"); err != nil {
			return fmt.Errorf("indexing tour_riders.source_rider_id: %w", err)
		}
	}
	return linkByName(tx, 0)
}

// linkByName links the unlinked teams and riders of a tour (of every tour with tourID 0) to the
// database's by name: a tour's team to the team of its owner's database with the same name, a rider
// to the rider of that team with the same name. It serves the tours made before the copies kept
// where they came from, and the tours restored from a backup.
func linkByName(tx *gorm.DB, tourID uint) error {
	teams, riders := "", ""
	var args []any
	if tourID != 0 {
		teams, riders, args = " AND tour_teams.tour_id = ?", " AND tour_riders.tour_id = ?", []any{tourID}
	}
	if err := tx.Exec(`UPDATE tour_teams SET source_team_id = COALESCE((SELECT teams.id FROM teams JOIN tours ON tours.id = tour_teams.tour_id
		WHERE teams.owner_id = tours.owner_id AND teams.name = tour_teams.name), 0) WHERE (source_team_id IS NULL OR source_team_id = 0)`+teams, args...).Error; err != nil {
		return fmt.Errorf("linking the tours' teams to the database's: %w", err)
	}
	if err := tx.Exec(`UPDATE tour_riders SET source_rider_id = COALESCE((SELECT riders.id FROM riders JOIN tour_teams ON tour_teams.id = tour_riders.tour_team_id
		WHERE riders.team_id = tour_teams.source_team_id AND riders.name = tour_riders.name), 0) WHERE (source_rider_id IS NULL OR source_rider_id = 0)`+riders, args...).Error; err != nil {
		return fmt.Errorf("linking the tours' riders to the database's: %w", err)
	}
	return nil
}
