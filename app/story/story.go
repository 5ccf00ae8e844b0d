// Package story tells a tour's story from its standings: each rider's place and gap after every
// closed stage, who wore each jersey, how the Cycling Party managers' points grew and where they came
// from, and the awards at the end. It is pure: give it a tour and its standings after each stage.
package story

import (
	"fmt"
	"slices"

	"racedirector/app/race"
)

// TopSize is how many riders of the final general classification the charts follow.
const TopSize = 10

// Story is a tour told through its closed stages. Its JSON (the API's story) leaves out the
// ruleset, the standings after each stage (the standings API answers them) and Top (the head of
// Riders); every list is there, empty when there is nothing to tell.
type Story struct {
	// Ruleset is the tour's own ruleset (its time unit, jerseys and classifications).
	Ruleset *race.Ruleset `json:"-"`
	// Stages is the number of closed stages told (After has one standings per stage).
	Stages int `json:"closed"`
	// Over says the stages told are all the tour's: its story is over ("led to the end", not "since").
	Over bool `json:"-"`
	// After holds the standings after each stage: After[0] is after stage 1.
	After []*race.Standings `json:"-"`
	// Riders are every rider who was in the general classification after some stage: those of the
	// final classification in its order, then the others by bib.
	Riders []RiderGC `json:"riders"`
	// Top are the first TopSize riders of the final general classification (the head of Riders).
	Top []RiderGC `json:"-"`
	// Jerseys holds a strip per leader's jersey of the ruleset: who held it after each stage.
	Jerseys []Strip `json:"jerseys"`
	// Managers are the Cycling Party managers in their final order (empty without manager points).
	Managers []Manager `json:"managers"`
	// Awards are the prizes at the end of the told stages.
	Awards Awards `json:"awards"`
}

// Rider names a rider as the standings do.
type Rider struct {
	// Bib and Name are left out of the JSON for a team (a team's place in a podium).
	Bib       int    `json:"bib,omitempty"`
	Name      string `json:"name,omitempty"`
	TeamID    int    `json:"team_id"`
	Team      string `json:"team"`
	TeamColor string `json:"team_color,omitempty"`
}

// RiderGC is one rider's general classification after every stage.
type RiderGC struct {
	Rider
	// Ranks, Gaps and Times are his rank, gap to the leader and time after each stage (index 0 is
	// stage 1); a rank of 0 means he was not in the classification then (he had left the race).
	Ranks []int `json:"ranks"`
	Gaps  []int `json:"gaps"`
	Times []int `json:"times"`
	// Deltas is the time each stage cost (positive) or gained him (negative) on the leader: the
	// change of his gap over the stage (stage 1: his gap). 0 when he was not classified after it.
	Deltas []int `json:"deltas"`
	// Final is his rank after the last stage told (0: out of the classification).
	Final int `json:"final"`
}

// Strip is the history of one leader's jersey: its holder after each stage.
type Strip struct {
	// Class is the classification the jersey leads (race.Class*).
	Class  string      `json:"class"`
	Jersey race.Jersey `json:"jersey"`
	// Holders has one entry per stage (a Bib of 0: nobody led it then).
	Holders []Rider `json:"holders"`
	// Wearers lists everyone who held it, most stages first (ties: better final general
	// classification rank, then bib).
	Wearers []Wearer `json:"wearers"`
}

// Wearer is a rider and the number of stages after which he held a jersey.
type Wearer struct {
	Rider
	Days int `json:"days"`
}

// Manager is one Cycling Party manager (team): his points after every stage and their sources.
type Manager struct {
	TeamID    int    `json:"team_id"`
	Team      string `json:"team"`
	TeamColor string `json:"team_color,omitempty"`
	// Manager is the team's player (left out when none is named).
	Manager string `json:"manager,omitempty"`
	// Rank is his final rank; Points his points after each stage (as if the tour stopped there).
	Rank   int   `json:"rank"`
	Points []int `json:"points"`
	// From is where his final points come from, by race.ManagerClasses order; it adds up to his
	// last points.
	From []int `json:"-"`
}

// LeftIn is the stage in which the rider of bib left the race (abandoned, out of the time limit,
// disqualified, did not start), told as the first stage after which he is out of the general
// classification for good; 0 when he is in it after the last stage told, or was never in the story.
func (s *Story) LeftIn(bib int) int {
	r, ok := s.Rider(bib)
	left := 0
	for i := len(r.Ranks) - 1; ok && i >= 0 && r.Ranks[i] == 0; i-- {
		left = i + 1
	}
	return left
}

// Build tells the story of a tour from its stored results: results[i] is stage i+1, closed is the
// number of closed stages to tell (1..len(results)).
func Build(t *race.Tour, results []race.StageResult, closed int) (*Story, error) {
	if closed < 1 || closed > len(results) {
		return nil, fmt.Errorf("story: %d closed stages, results for %d", closed, len(results))
	}
	return Tell(t, closed, func(n int) (*race.Standings, error) {
		return race.ComputeStandings(t, results[:closed], n)
	})
}

// Tell tells the story of a tour's first closed stages from the standings after each of them
// (standings(n) for n = 1..closed; a store's RaceState.Standings fits, and keeps them in memory).
func Tell(t *race.Tour, closed int, standings func(after int) (*race.Standings, error)) (*Story, error) {
	if closed < 1 {
		return nil, fmt.Errorf("story: no closed stage to tell")
	}
	after := make([]*race.Standings, closed)
	for n := 1; n <= closed; n++ {
		st, err := standings(n)
		if err != nil {
			return nil, err
		}
		after[n-1] = st
	}
	s := FromStandings(&t.Ruleset, after)
	s.Over = t.FinalAfter(closed)
	return s, nil
}

// FromStandings tells the story of the standings after stages 1..len(after), in order (none: an
// empty story).
func FromStandings(rs *race.Ruleset, after []*race.Standings) *Story {
	s := &Story{Ruleset: rs, Stages: len(after), After: after}
	if len(after) == 0 {
		s.After = []*race.Standings{{Leaders: map[string]int{}}}
		s.Stages = 0
		s.emptyLists()
		return s
	}
	s.Riders = riderLines(after)
	for _, r := range s.Riders {
		if r.Final == 0 || len(s.Top) == TopSize {
			break
		}
		s.Top = append(s.Top, r)
	}
	s.Jerseys = strips(rs, after, s.finalRanks())
	s.Managers = managers(after)
	s.Awards = s.awards()
	s.emptyLists()
	return s
}

// Final is the standings after the last stage told.
func (s *Story) Final() *race.Standings { return s.After[len(s.After)-1] }

// Rider returns the general-classification history of the rider with that bib.
func (s *Story) Rider(bib int) (RiderGC, bool) {
	for _, r := range s.Riders {
		if r.Bib == bib {
			return r, true
		}
	}
	return RiderGC{}, false
}

// Strip returns the jersey strip of a classification.
func (s *Story) Strip(class string) (Strip, bool) {
	for _, j := range s.Jerseys {
		if j.Class == class {
			return j, true
		}
	}
	return Strip{}, false
}

// finalRanks maps each bib to its final general classification rank.
func (s *Story) finalRanks() map[int]int {
	m := map[int]int{}
	for _, r := range s.Final().Individual {
		m[r.Bib] = r.Rank
	}
	return m
}

// riderLines follows every rider of the general classification through the stages.
func riderLines(after []*race.Standings) []RiderGC {
	n := len(after)
	byBib := map[int]*RiderGC{}
	var bibs []int
	for i, st := range after {
		for _, row := range st.Individual {
			r := byBib[row.Bib]
			if r == nil {
				r = &RiderGC{
					Rider: Rider{Bib: row.Bib, Name: row.Name, TeamID: row.TeamID, Team: row.Team, TeamColor: row.TeamColor},
					Ranks: make([]int, n), Gaps: make([]int, n), Times: make([]int, n), Deltas: make([]int, n),
				}
				byBib[row.Bib] = r
				bibs = append(bibs, row.Bib)
			}
			r.Ranks[i], r.Gaps[i], r.Times[i] = row.Rank, row.Gap, row.Time
			r.Deltas[i] = row.Gap
			if i > 0 && r.Ranks[i-1] > 0 {
				r.Deltas[i] = row.Gap - r.Gaps[i-1]
			}
		}
	}
	out := make([]RiderGC, 0, len(bibs))
	for _, row := range after[n-1].Individual {
		r := byBib[row.Bib]
		r.Final = row.Rank
		out = append(out, *r)
	}
	slices.Sort(bibs)
	for _, b := range bibs {
		if byBib[b].Final == 0 {
			out = append(out, *byBib[b])
		}
	}
	return out
}

// JerseyClasses lists the classifications that can have a leader's jersey, in the order strips and
// podiums show them.
func JerseyClasses() []string {
	var out []string
	for _, d := range awarded() {
		if d.Dressed {
			out = append(out, d.ID)
		}
	}
	return out
}

// awarded lists the classifications the awards show, in their order (race.Classification.Podium).
func awarded() []race.Classification {
	var out []race.Classification
	for _, d := range race.Classifications() {
		if d.Podium > 0 {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(a, b race.Classification) int { return a.Podium - b.Podium })
	return out
}

// strips builds the history of each jersey the ruleset has.
func strips(rs *race.Ruleset, after []*race.Standings, final map[int]int) []Strip {
	var out []Strip
	for _, class := range JerseyClasses() {
		j, ok := rs.Jerseys[class]
		if !ok || !rs.Has(class) {
			continue
		}
		strip := Strip{Class: class, Jersey: j, Holders: make([]Rider, len(after))}
		days := map[int]int{}
		for i, st := range after {
			bib := st.Leaders[class]
			if bib == 0 {
				continue
			}
			strip.Holders[i] = riderIn(st, bib)
			if days[bib] == 0 {
				strip.Wearers = append(strip.Wearers, Wearer{Rider: strip.Holders[i]})
			}
			days[bib]++
		}
		for k := range strip.Wearers {
			strip.Wearers[k].Days = days[strip.Wearers[k].Bib]
		}
		slices.SortStableFunc(strip.Wearers, func(a, b Wearer) int {
			if a.Days != b.Days {
				return b.Days - a.Days
			}
			return byFinalRank(final, a.Bib, b.Bib)
		})
		out = append(out, strip)
	}
	return out
}

// byFinalRank orders two bibs by final general classification rank (riders out of it last), then bib.
func byFinalRank(final map[int]int, a, b int) int {
	ra, rb := final[a], final[b]
	if ra == 0 {
		ra = 1 << 30
	}
	if rb == 0 {
		rb = 1 << 30
	}
	if ra != rb {
		return ra - rb
	}
	return a - b
}

// riderIn names a bib from the standings' rows (the stage, the general classification, the points
// classifications), bib alone when none lists him.
func riderIn(st *race.Standings, bib int) Rider {
	for _, d := range race.Classifications() {
		for _, r := range d.TimeRows(st) {
			if r.Bib == bib {
				return Rider{Bib: bib, Name: r.Name, TeamID: r.TeamID, Team: r.Team, TeamColor: r.TeamColor}
			}
		}
		for _, r := range d.PointsRows(st) {
			if r.Bib == bib {
				return Rider{Bib: bib, Name: r.Name, TeamID: r.TeamID, Team: r.Team, TeamColor: r.TeamColor}
			}
		}
	}
	return Rider{Bib: bib, Name: fmt.Sprintf("#%d", bib)}
}

// managers follows the Cycling Party managers through the stages, in their final order.
func managers(after []*race.Standings) []Manager {
	final := after[len(after)-1].CyclingParty
	if len(final) == 0 {
		return nil
	}
	out := make([]Manager, len(final))
	index := map[int]int{}
	for k, row := range final {
		m := Manager{TeamID: row.TeamID, Team: row.Team, TeamColor: row.TeamColor, Manager: row.Manager, Rank: row.Rank, Points: make([]int, len(after))}
		for _, class := range race.ManagerClasses() {
			m.From = append(m.From, row.PointsFrom(class))
		}
		out[k] = m
		index[row.TeamID] = k
	}
	for i, st := range after {
		for _, row := range st.CyclingParty {
			if k, ok := index[row.TeamID]; ok {
				out[k].Points[i] = row.Points
			}
		}
	}
	return out
}
