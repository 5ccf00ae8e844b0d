package store

import "fmt"

// TourSources say where a tour's copies came from: whose tour it is, and the database rider and team
// each of its riders (by bib) and teams (by number) was copied from, as long as they are still in
// the database. A rider of a start list typed for the tour, or one deleted since, has none.
type TourSources struct {
	// Owner is the scope of the tour's director's database (everything, for a database of one
	// director): the tours a rider's palmarès lists.
	Owner  Scope
	Riders map[int]uint
	Teams  map[int]uint
}

// TourSources reads where the tour's riders and teams came from.
func (s *Store) TourSources(tourID uint) (TourSources, error) {
	src := TourSources{Riders: map[int]uint{}, Teams: map[int]uint{}}
	var owners []uint
	if err := s.reads.Table("tours").Where("id = ?", tourID).Pluck("owner_id", &owners).Error; err != nil {
		return src, fmt.Errorf("store: unable to read the owner of tour %d: %w", tourID, err)
	}
	if len(owners) == 0 {
		return src, notFound("tour %d", tourID)
	}
	src.Owner = Everything()
	if owners[0] != 0 {
		src.Owner = DirectorScope(owners[0])
	}
	var riders []struct {
		Bib int
		ID  uint
	}
	if err := s.reads.Table("tour_riders").Select("tour_riders.bib AS bib, riders.id AS id").
		Joins("JOIN riders ON riders.id = tour_riders.source_rider_id").
		Where("tour_riders.tour_id = ?", tourID).Scan(&riders).Error; err != nil {
		return src, fmt.Errorf("store: unable to read where the riders of tour %d came from: %w", tourID, err)
	}
	for _, r := range riders {
		src.Riders[r.Bib] = r.ID
	}
	var teams []struct {
		Number int
		ID     uint
	}
	if err := s.reads.Table("tour_teams").Select("tour_teams.number AS number, teams.id AS id").
		Joins("JOIN teams ON teams.id = tour_teams.source_team_id").
		Where("tour_teams.tour_id = ?", tourID).Scan(&teams).Error; err != nil {
		return src, fmt.Errorf("store: unable to read where the teams of tour %d came from: %w", tourID, err)
	}
	for _, t := range teams {
		src.Teams[t.Number] = t.ID
	}
	return src, nil
}
