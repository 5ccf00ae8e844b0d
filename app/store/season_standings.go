package store

import (
	"errors"
	"fmt"
	"sort"

	"racedirector/app/race"
	"racedirector/models"
)

// SeasonTours reads the season's tours for the engine, in the season's order: each one's standings
// after its last closed stage and the database riders and teams it copied. A tour deleted since is
// left out.
func (s *Store) SeasonTours(season Season) ([]race.SeasonTour, error) {
	out := make([]race.SeasonTour, 0, len(season.Tours))
	for _, id := range season.Tours {
		var n int64
		if err := s.reads.Model(&models.Tour{}).Where("id = ?", id).Count(&n).Error; err != nil {
			return nil, fmt.Errorf("store: unable to read tour %d: %w", id, err)
		}
		if n == 0 {
			continue
		}
		st, err := s.LoadRace(id)
		if err != nil {
			return nil, err
		}
		t := race.SeasonTour{ID: id, Name: st.Tour.Name, Game: st.Tour.Ruleset.ID, Closed: st.Closed, Stages: len(st.Tour.Stages),
			Final: st.Tour.FinalAfter(st.Closed)}
		if st.Closed > 0 {
			if t.Standings, err = st.Standings(st.Closed); err != nil {
				return nil, err
			}
		}
		if t.RiderSources, t.TeamSources, err = s.tourSources(id); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// tourSources maps a tour's bibs to the database riders it copied, and its team numbers to the
// database teams (only those known).
func (s *Store) tourSources(tourID uint) (map[int]uint, map[int]uint, error) {
	var riders []models.TourRider
	if err := s.reads.Select("bib, source_rider_id").Where("tour_id = ? AND source_rider_id <> 0", tourID).Find(&riders).Error; err != nil {
		return nil, nil, fmt.Errorf("store: unable to read where the riders of tour %d came from: %w", tourID, err)
	}
	var teams []models.TourTeam
	if err := s.reads.Select("number, source_team_id").Where("tour_id = ? AND source_team_id <> 0", tourID).Find(&teams).Error; err != nil {
		return nil, nil, fmt.Errorf("store: unable to read where the teams of tour %d came from: %w", tourID, err)
	}
	rs, ts := map[int]uint{}, map[int]uint{}
	for _, r := range riders {
		rs[r.Bib] = r.SourceRiderID
	}
	for _, t := range teams {
		ts[t.Number] = t.SourceTeamID
	}
	return rs, ts, nil
}

// SeasonStandings ranks a season: its tours as the engine read them, and its tables; kept by the
// season's state (seasonMemory), ranked anew when any of it changed.
func (s *Store) SeasonStandings(season Season) ([]race.SeasonTour, race.SeasonStandings, error) {
	key, err := s.seasonKey(season)
	if err != nil {
		return nil, race.SeasonStandings{}, err
	}
	if r, ok := s.seasons.get(season.ID, key); ok {
		return r.tours, r.standings, nil
	}
	tours, standings, err := s.rankSeason(season)
	if err != nil {
		return nil, race.SeasonStandings{}, err
	}
	s.seasons.put(season.ID, rankedSeason{key: key, tours: tours, standings: standings})
	return tours, standings, nil
}

// rankSeason ranks a season from its tours' stored results, keeping nothing.
func (s *Store) rankSeason(season Season) ([]race.SeasonTour, race.SeasonStandings, error) {
	tours, err := s.SeasonTours(season)
	if err != nil {
		return nil, race.SeasonStandings{}, err
	}
	return tours, race.Season(season.Rules(), tours), nil
}

// SeasonsOfTours lists the scope's seasons that group any of the tours, oldest first.
func (s *Store) SeasonsOfTours(sc Scope, tourIDs []uint) ([]Season, error) {
	if len(tourIDs) == 0 {
		return nil, nil
	}
	var ids []uint
	if err := s.reads.Model(&models.SeasonTour{}).Distinct("season_id").Where("tour_id IN ?", tourIDs).Pluck("season_id", &ids).Error; err != nil {
		return nil, fmt.Errorf("store: unable to find the seasons of the tours: %w", err)
	}
	var out []Season
	for _, id := range ids {
		season, err := s.GetSeason(sc, id)
		var nf *NotFoundError
		if errors.As(err, &nf) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, season)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}
