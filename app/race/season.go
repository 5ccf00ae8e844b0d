package race

import (
	"fmt"
	"sort"
	"strings"

	"racedirector/app/refuse"
)

// A season groups tours (of any game) and ranks riders, teams and managers across them: each tour's
// final places (a running tour's current places, provisional) earn the season's points for the
// place, from its general classification and, when the season says so, its points and mountain
// classifications; teams earn them from the team classification, managers from the Cycling Party
// standing (a manager is the player a tour's team names, or the team when it names none). Riders and teams are matched across tours through the
// teams database's rider or team each tour copied; one the tour did not copy from the database
// counts for that tour alone.
//
// House rule (docs/rules.md): riders, teams or managers level on points are ranked by more wins
// (first places in the counted classifications), then by the better best place, then by name; those
// level on all three share the rank.

// Season limits.
const (
	// MinSeasonPlaces and MaxSeasonPlaces bound the places a season's points list scores.
	MinSeasonPlaces = 1
	MaxSeasonPlaces = 50
	// MaxSeasonPlacePoints is the most points a season gives for one place.
	MaxSeasonPlacePoints = 1000
	// MaxSeasonTours is the most tours a season groups.
	MaxSeasonTours = 100
)

// SeasonRules are a season's scoring: Points[i] for place i+1 of each counted classification.
type SeasonRules struct {
	Points []int `json:"points"`
	// Classifications counts the points and mountain classifications too (else the general only).
	Classifications bool `json:"classifications"`
}

// CheckSeasonRules adds to v what is wrong with a season's points list (1–50 places, 0–1000 points
// each).
func CheckSeasonRules(v *refuse.ValidationError, r SeasonRules) {
	if n := len(r.Points); n < MinSeasonPlaces || n > MaxSeasonPlaces {
		v.Addf("points", "must list %d to %d places (it lists %d)", MinSeasonPlaces, MaxSeasonPlaces, n)
		return
	}
	for i, p := range r.Points {
		if p < 0 || p > MaxSeasonPlacePoints {
			v.Addf(fmt.Sprintf("points[%d]", i), "must be between %d and %d", 0, MaxSeasonPlacePoints)
		}
	}
}

// SeasonTour is one tour of a season as the engine reads it: its standings after its last closed
// stage and where its riders and teams came from.
type SeasonTour struct {
	ID   uint   `json:"id"`
	Name string `json:"name"`
	// Game is the tour's ruleset id.
	Game string `json:"game"`
	// Closed is the last closed stage (0: none), Stages the tour's stages; Final says it is over.
	Closed int  `json:"closed"`
	Stages int  `json:"stages"`
	Final  bool `json:"final"`
	// Standings are after stage Closed (nil: no stage closed yet).
	Standings *Standings `json:"-"`
	// RiderSources maps a bib to the database rider the tour copied (absent or 0: none known);
	// TeamSources a team's number to the database team.
	RiderSources map[int]uint `json:"-"`
	TeamSources  map[int]uint `json:"-"`
}

// SeasonScore is what one rider, team or manager earned in one tour of the season.
type SeasonScore struct {
	TourID uint `json:"tour_id"`
	// Class is the classification (individual, regularity, mountain, teams, cycling_party); Place the place held.
	Class  string `json:"class"`
	Place  int    `json:"place"`
	Points int    `json:"points"`
	// Provisional says the tour is still running: the place is its current one.
	Provisional bool `json:"provisional,omitempty"`
}

// SeasonRow is one rider's, team's or manager's line of a season's standings.
type SeasonRow struct {
	Rank int `json:"rank"`
	// Key identifies them across tours: "rider:7", "team:3" (database ids), or "tour:5:bib:21",
	// "tour:5:team:2" for one no database rider or team is known for.
	Key  string `json:"key"`
	Name string `json:"name"`
	// Team is a rider's team in his latest tour of the season.
	Team string `json:"team,omitempty"`
	// DatabaseID is the teams database's rider or team (0: none known).
	DatabaseID uint `json:"database_id,omitempty"`
	Points     int  `json:"points"`
	// Tours counts the season's tours they were ranked in; Wins their first places; Best their best place.
	Tours int `json:"tours"`
	Wins  int `json:"wins"`
	Best  int `json:"best"`
	// Provisional says some of their points come from a tour still running.
	Provisional bool          `json:"provisional"`
	Scores      []SeasonScore `json:"scores"`
}

// SeasonStandings are a season's three tables.
type SeasonStandings struct {
	Riders   []SeasonRow `json:"riders"`
	Teams    []SeasonRow `json:"teams"`
	Managers []SeasonRow `json:"managers"`
	// Provisional says some tour of the season is still running.
	Provisional bool `json:"provisional"`
}

// seasonPlace is one place of one tour's counted classification.
type seasonPlace struct {
	key, name, team string
	id              uint
	class           string
	place           int
}

// Season ranks the season's tours (in the order given: a name is the one of the latest tour).
func Season(r SeasonRules, tours []SeasonTour) SeasonStandings {
	riders, teams, managers := newSeasonTally(), newSeasonTally(), newSeasonTally()
	out := SeasonStandings{}
	for _, t := range tours {
		provisional := !t.Final
		if provisional {
			out.Provisional = true
		}
		if t.Standings == nil {
			continue
		}
		for _, p := range seasonRiderPlaces(r, t) {
			riders.add(r, t.ID, provisional, p)
		}
		for _, row := range t.Standings.Teams {
			teams.add(r, t.ID, provisional, seasonTeamPlace(t, row.TeamID, row.Team, ClassTeams, row.Rank))
		}
		for _, row := range t.Standings.CyclingParty {
			managers.add(r, t.ID, provisional, seasonManagerPlace(t, row))
		}
	}
	out.Riders, out.Teams, out.Managers = riders.ranked(), teams.ranked(), managers.ranked()
	return out
}

// seasonRiderPlaces are a tour's riders' places in its counted classifications: the general (riders
// who left the race are not ranked in it), and the points and mountain ones when the season counts them.
func seasonRiderPlaces(r SeasonRules, t SeasonTour) []seasonPlace {
	st := t.Standings
	out := map[int]bool{}
	for _, o := range st.Out {
		out[o.Bib] = true
	}
	var places []seasonPlace
	for _, row := range st.Individual {
		if !out[row.Bib] {
			places = append(places, seasonRiderPlace(t, row.Bib, row.Name, row.Team, ClassIndividual, row.Rank))
		}
	}
	if !r.Classifications {
		return places
	}
	for _, c := range []struct {
		class string
		rows  []PointsRow
	}{{ClassRegularity, st.Regularity}, {ClassMountain, st.Mountain}} {
		for _, row := range c.rows {
			if !out[row.Bib] {
				places = append(places, seasonRiderPlace(t, row.Bib, row.Name, row.Team, c.class, row.Rank))
			}
		}
	}
	return places
}

// seasonRiderPlace is a rider's place, keyed by his database rider.
func seasonRiderPlace(t SeasonTour, bib int, name, team, class string, place int) seasonPlace {
	p := seasonPlace{name: name, team: team, class: class, place: place, id: t.RiderSources[bib]}
	if p.id != 0 {
		p.key = fmt.Sprintf("rider:%d", p.id)
	} else {
		p.key = fmt.Sprintf("tour:%d:bib:%d", t.ID, bib)
	}
	return p
}

// seasonManagerPlace is a manager's place in a tour's Cycling Party standing: the player's when the
// team names one (the same player across tours, whatever team he ran), else the team's.
func seasonManagerPlace(t SeasonTour, row ManagerRow) seasonPlace {
	if k := ManagerKey(row.Manager); k != "" {
		return seasonPlace{key: "player:" + k, name: CleanManager(row.Manager), team: row.Team, class: ClassCyclingParty, place: row.Rank}
	}
	return seasonTeamPlace(t, row.TeamID, row.Team, ClassCyclingParty, row.Rank)
}

// seasonTeamPlace is a team's (or its manager's, when he has no name) place, keyed by its database team.
func seasonTeamPlace(t SeasonTour, number int, name, class string, place int) seasonPlace {
	p := seasonPlace{name: name, class: class, place: place, id: t.TeamSources[number]}
	if p.id != 0 {
		p.key = fmt.Sprintf("team:%d", p.id)
	} else {
		p.key = fmt.Sprintf("tour:%d:team:%d", t.ID, number)
	}
	return p
}

// seasonTally adds up the places of one table.
type seasonTally struct {
	rows  map[string]*SeasonRow
	tours map[string]map[uint]bool
}

func newSeasonTally() *seasonTally {
	return &seasonTally{rows: map[string]*SeasonRow{}, tours: map[string]map[uint]bool{}}
}

// add counts one place of tour tourID.
func (s *seasonTally) add(r SeasonRules, tourID uint, provisional bool, p seasonPlace) {
	if p.place <= 0 {
		return
	}
	row, ok := s.rows[p.key]
	if !ok {
		row = &SeasonRow{Key: p.key, DatabaseID: p.id, Scores: []SeasonScore{}}
		s.rows[p.key] = row
		s.tours[p.key] = map[uint]bool{}
	}
	row.Name, row.Team = p.name, p.team
	points := 0
	if p.place <= len(r.Points) {
		points = r.Points[p.place-1]
	}
	row.Points += points
	if p.place == 1 {
		row.Wins++
	}
	if row.Best == 0 || p.place < row.Best {
		row.Best = p.place
	}
	row.Provisional = row.Provisional || provisional && points > 0
	row.Scores = append(row.Scores, SeasonScore{TourID: tourID, Class: p.class, Place: p.place, Points: points, Provisional: provisional})
	if !s.tours[p.key][tourID] {
		s.tours[p.key][tourID] = true
		row.Tours++
	}
}

// ranked is the table in order (SeasonBefore) with its ranks: those level on points, wins, best
// place and name share one.
func (s *seasonTally) ranked() []SeasonRow {
	out := make([]SeasonRow, 0, len(s.rows))
	for _, row := range s.rows {
		out = append(out, *row)
	}
	sort.Slice(out, func(i, j int) bool {
		if SeasonBefore(out[i], out[j]) || SeasonBefore(out[j], out[i]) {
			return SeasonBefore(out[i], out[j])
		}
		return out[i].Key < out[j].Key
	})
	for i := range out {
		if i > 0 && !SeasonBefore(out[i-1], out[i]) {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

// SeasonBefore says whether a ranks before b in a season's table: more points, then more wins, then
// the better best place, then the name (alphabetical, ignoring case).
func SeasonBefore(a, b SeasonRow) bool {
	switch {
	case a.Points != b.Points:
		return a.Points > b.Points
	case a.Wins != b.Wins:
		return a.Wins > b.Wins
	case a.Best != b.Best:
		return a.Best != 0 && (b.Best == 0 || a.Best < b.Best)
	}
	return strings.ToLower(a.Name) < strings.ToLower(b.Name)
}
