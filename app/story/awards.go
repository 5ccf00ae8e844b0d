package story

import (
	"slices"

	"racedirector/app/race"
)

// PodiumSize is how many places a classification's podium has.
const PodiumSize = 3

// Awards are the prizes of a tour after its last told stage.
type Awards struct {
	// Podiums has the first three of each classification the tour has, in PodiumClasses order.
	Podiums []Podium `json:"podiums"`
	// StageWinners names each stage's winner (stages nobody finished are left out).
	StageWinners []StageWin `json:"stage_winners"`
	// MostDaysInLead is who held the leader's jersey of the general classification after the most
	// stages (ties: better final rank, then bib); nil before any leader.
	MostDaysInLead *Wearer `json:"most_days_in_lead,omitempty"`
	// Climber is the biggest climber of the general classification; nil when nobody gained a place.
	Climber *Climber `json:"climber,omitempty"`
	// LanterneRouge is the last rider of the final general classification.
	LanterneRouge *Place `json:"lanterne_rouge,omitempty"`
	// MostCombative is the tour's most combative rider, where the game names them; nil otherwise.
	MostCombative *Combative `json:"most_combative,omitempty"`
	// BestTeam is the first team of the teams classification, where the game has one.
	BestTeam *Place `json:"best_team,omitempty"`
}

// Podium is the head of one classification.
type Podium struct {
	// Class is the classification (race.Class*); Jersey its leader's jersey, when it has one.
	Class  string       `json:"class"`
	Jersey *race.Jersey `json:"jersey,omitempty"`
	Places []Place      `json:"places"`
	// ByPoints says the classification counts points (Value is points), not time (Value is a time).
	ByPoints bool `json:"by_points"`
	// ByPlaces says Value is a sum of places (the combined), fewer is better.
	ByPlaces bool `json:"by_places,omitempty"`
}

// Place is one place in a classification: a rider, or a team (Bib 0).
type Place struct {
	Rank int `json:"rank"`
	Rider
	// Value is the time (in the ruleset's unit) or the points; Gap the time behind the first.
	Value int `json:"value"`
	Gap   int `json:"gap"`
}

// StageWin is a stage's winner and his time.
type StageWin struct {
	Stage int `json:"stage"`
	Rider
	Time int `json:"time"`
}

// Climber is the rider who gained the most places in the general classification from the first
// stage to the last.
type Climber struct {
	Rider
	// From is his rank after stage 1, To his final rank; Gained is From − To.
	From   int `json:"from"`
	To     int `json:"to"`
	Gained int `json:"gained"`
}

// Combative is the tour's most combative rider.
type Combative struct {
	Rider
	// Named says the director named him the tour's most combative; otherwise he is the rider named
	// most combative of the most stages (ties: better final rank, then bib).
	Named bool `json:"named"`
	// Stages counts the stages he was named most combative of.
	Stages int `json:"stages"`
}

// PodiumClasses lists the classifications that have a podium, in the order the awards show them.
func PodiumClasses() []string {
	var out []string
	for _, d := range awarded() {
		out = append(out, d.ID)
	}
	return out
}

// awards hands out the prizes from the told standings.
func (s *Story) awards() Awards {
	fin := s.Final()
	a := Awards{Podiums: s.podiums(fin)}
	for i, st := range s.After {
		if len(st.Stage) > 0 && st.Stage[0].Rank == 1 {
			r := st.Stage[0]
			a.StageWinners = append(a.StageWinners, StageWin{Stage: i + 1, Time: r.Time,
				Rider: Rider{Bib: r.Bib, Name: r.Name, TeamID: r.TeamID, Team: r.Team, TeamColor: r.TeamColor}})
		}
	}
	a.MostDaysInLead = s.mostDaysLeading()
	a.Climber = s.climber()
	if n := len(fin.Individual); n > 0 {
		r := fin.Individual[n-1]
		a.LanterneRouge = &Place{Rank: r.Rank, Value: r.Time, Gap: r.Gap,
			Rider: Rider{Bib: r.Bib, Name: r.Name, TeamID: r.TeamID, Team: r.Team, TeamColor: r.TeamColor}}
	}
	a.MostCombative = s.mostCombative()
	if len(fin.Teams) > 0 {
		t := fin.Teams[0]
		a.BestTeam = &Place{Rank: t.Rank, Value: t.Time, Gap: t.Gap, Rider: Rider{TeamID: t.TeamID, Team: t.Team, TeamColor: t.TeamColor}}
	}
	return a
}

// podiums takes the first three of each classification of the final standings.
func (s *Story) podiums(fin *race.Standings) []Podium {
	var out []Podium
	for _, d := range awarded() {
		p := Podium{Class: d.ID}
		if j, ok := s.Ruleset.Jerseys[d.ID]; ok {
			p.Jersey = &j
		}
		switch d.Rows {
		case race.RowsTime:
			rows := d.TimeRows(fin)
			for _, r := range rows[:min(len(rows), PodiumSize)] {
				p.Places = append(p.Places, Place{Rank: r.Rank, Value: r.Time, Gap: r.Gap,
					Rider: Rider{Bib: r.Bib, Name: r.Name, TeamID: r.TeamID, Team: r.Team, TeamColor: r.TeamColor}})
			}
		case race.RowsPoints, race.RowsPlaces:
			p.ByPoints, p.ByPlaces = d.Rows == race.RowsPoints, d.Rows == race.RowsPlaces
			rows := d.PointsRows(fin)
			for _, r := range rows[:min(len(rows), PodiumSize)] {
				p.Places = append(p.Places, Place{Rank: r.Rank, Value: r.Points,
					Rider: Rider{Bib: r.Bib, Name: r.Name, TeamID: r.TeamID, Team: r.Team, TeamColor: r.TeamColor}})
			}
		case race.RowsTeam:
			for _, r := range fin.Teams[:min(len(fin.Teams), PodiumSize)] {
				p.Places = append(p.Places, Place{Rank: r.Rank, Value: r.Time, Gap: r.Gap,
					Rider: Rider{TeamID: r.TeamID, Team: r.Team, TeamColor: r.TeamColor}})
			}
		case race.RowsManager:
			p.ByPoints = true
			for _, r := range fin.CyclingParty[:min(len(fin.CyclingParty), PodiumSize)] {
				p.Places = append(p.Places, Place{Rank: r.Rank, Value: r.Points,
					Rider: Rider{TeamID: r.TeamID, Team: r.Team, TeamColor: r.TeamColor}})
			}
		}
		if len(p.Places) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// mostDaysLeading finds who led the general classification after the most stages (ties: better
// final rank, then bib).
func (s *Story) mostDaysLeading() *Wearer {
	var best *Wearer
	final := s.finalRanks()
	days := map[int]int{}
	for _, r := range s.Riders {
		for _, rank := range r.Ranks {
			if rank == 1 {
				days[r.Bib]++
			}
		}
		if d := days[r.Bib]; d > 0 && (best == nil || d > best.Days || d == best.Days && byFinalRank(final, r.Bib, best.Bib) < 0) {
			best = &Wearer{Rider: r.Rider, Days: d}
		}
	}
	return best
}

// climber finds the rider of the final general classification who gained the most places since
// the classification after stage 1; equal gains go to the better final rank. Nobody climbs in a
// one-stage tour, and riders who were not classified after stage 1 are not counted.
func (s *Story) climber() *Climber {
	if s.Stages < 2 {
		return nil
	}
	var best *Climber
	for _, r := range s.Riders {
		if r.Final == 0 || r.Ranks[0] == 0 {
			continue
		}
		gained := r.Ranks[0] - r.Final
		if gained > 0 && (best == nil || gained > best.Gained) { // Riders is in final order: the first of equals wins
			best = &Climber{Rider: r.Rider, From: r.Ranks[0], To: r.Final, Gained: gained}
		}
	}
	return best
}

// mostCombative is the rider the director named the tour's most combative, else the rider named
// most combative of the most stages (ties: better final rank, then bib); nil when the game names none.
func (s *Story) mostCombative() *Combative {
	fin := s.Final()
	count := map[int]int{}
	var bibs []int
	for _, c := range fin.Combativity {
		if count[c.Bib] == 0 {
			bibs = append(bibs, c.Bib)
		}
		count[c.Bib]++
	}
	if fin.MostCombative != 0 {
		return &Combative{Rider: s.anyRider(fin.MostCombative), Named: true, Stages: count[fin.MostCombative]}
	}
	if len(bibs) == 0 {
		return nil
	}
	final := s.finalRanks()
	slices.SortFunc(bibs, func(a, b int) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return byFinalRank(final, a, b)
	})
	return &Combative{Rider: s.anyRider(bibs[0]), Stages: count[bibs[0]]}
}

// anyRider names a bib from the last standings that list him.
func (s *Story) anyRider(bib int) Rider {
	for _, r := range s.Riders {
		if r.Bib == bib {
			return r.Rider
		}
	}
	for i := len(s.After) - 1; i >= 0; i-- {
		if r := riderIn(s.After[i], bib); r.TeamID != 0 {
			return r
		}
	}
	return riderIn(s.Final(), bib)
}
