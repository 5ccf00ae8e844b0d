package story

import (
	"fmt"
	"slices"
	"testing"

	"racedirector/app/race"
)

// rs is a ruleset with every jersey the story knows.
func testRuleset() *race.Ruleset {
	return &race.Ruleset{
		TimeUnit:        race.UnitSeconds,
		Classifications: []string{race.ClassIndividual, race.ClassRegularity, race.ClassMountain, race.ClassTeams, race.ClassCyclingParty},
		Jerseys: map[string]race.Jersey{
			race.ClassIndividual: {Name: "Yellow jersey", Color: "#f5d000"},
			race.ClassRegularity: {Name: "Green jersey", Color: "#2e9e44"},
			race.ClassMountain:   {Name: "Polka-dot jersey", Color: "#d62828"},
		},
	}
}

// gc is standings whose general classification lists bibs in order, 10 s apart, led by the first.
func gc(bibs ...int) *race.Standings {
	st := &race.Standings{Leaders: map[string]int{}}
	for i, b := range bibs {
		st.Individual = append(st.Individual, race.TimeRow{Rank: i + 1, Bib: b, Name: fmt.Sprintf("R%d", b), TeamID: b / 10, Team: fmt.Sprintf("T%d", b/10), Time: 1000 + 10*i, Gap: 10 * i})
	}
	if len(bibs) > 0 {
		st.Leaders[race.ClassIndividual] = bibs[0]
		st.Stage = []race.TimeRow{st.Individual[0]}
	}
	return st
}

// tour tells the story of standings made by gc.
func tour(after ...*race.Standings) *Story {
	for i, st := range after {
		st.AfterStage = i + 1
	}
	return FromStandings(testRuleset(), after)
}

func TestRanksGapsAndDeltas(t *testing.T) {
	s := tour(gc(11, 12, 13), gc(12, 11, 13), gc(12, 13))
	cases := []struct {
		bib                 int
		ranks, gaps, deltas []int
		final               int
	}{
		{11, []int{1, 2, 0}, []int{0, 10, 0}, []int{0, 10, 0}, 0},
		{12, []int{2, 1, 1}, []int{10, 0, 0}, []int{10, -10, 0}, 1},
		{13, []int{3, 3, 2}, []int{20, 20, 10}, []int{20, 0, -10}, 2},
	}
	for _, c := range cases {
		r, ok := s.Rider(c.bib)
		if !ok {
			t.Fatalf("rider %d missing", c.bib)
		}
		if !slices.Equal(r.Ranks, c.ranks) || !slices.Equal(r.Gaps, c.gaps) || !slices.Equal(r.Deltas, c.deltas) || r.Final != c.final {
			t.Errorf("rider %d: ranks %v gaps %v deltas %v final %d; want %v %v %v %d", c.bib, r.Ranks, r.Gaps, r.Deltas, r.Final, c.ranks, c.gaps, c.deltas, c.final)
		}
	}
	// Final order first, then the riders who left by bib.
	var order []int
	for _, r := range s.Riders {
		order = append(order, r.Bib)
	}
	if !slices.Equal(order, []int{12, 13, 11}) {
		t.Errorf("riders order %v, want [12 13 11]", order)
	}
	if len(s.Top) != 2 || s.Top[0].Bib != 12 {
		t.Errorf("top %v, want the two classified riders", s.Top)
	}
}

func TestTopIsTheFirstTen(t *testing.T) {
	var bibs []int
	for b := 11; b <= 25; b++ {
		bibs = append(bibs, b)
	}
	s := tour(gc(bibs...))
	if len(s.Top) != TopSize || s.Top[9].Bib != 20 {
		t.Fatalf("top has %d riders, last %d; want 10, bib 20", len(s.Top), s.Top[len(s.Top)-1].Bib)
	}
}

func TestClimber(t *testing.T) {
	cases := []struct {
		name   string
		stages []*race.Standings
		want   int // bib, 0: no award
		gained int
	}{
		{"most places gained wins over a better final rank", []*race.Standings{gc(1, 2, 3, 4, 5), gc(2, 1, 5, 3, 4)}, 5, 2},
		{"equal gains: the better final rank", []*race.Standings{gc(1, 2, 3, 4, 5), gc(3, 4, 5, 1, 2)}, 3, 2},
		{"measured from stage 1, not the stages between", []*race.Standings{gc(1, 2, 3), gc(3, 2, 1), gc(2, 1, 3)}, 2, 1},
		{"nobody gained", []*race.Standings{gc(1, 2, 3), gc(1, 2, 3)}, 0, 0},
		{"a one-stage tour has no climber", []*race.Standings{gc(1, 2, 3)}, 0, 0},
		{"riders who left are not counted", []*race.Standings{gc(1, 2, 3, 4, 5), gc(3, 4, 5)}, 3, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := tour(c.stages...).Awards.Climber
			if c.want == 0 {
				if got != nil {
					t.Fatalf("climber %+v, want none", got)
				}
				return
			}
			if got == nil || got.Bib != c.want {
				t.Fatalf("climber %+v, want bib %d", got, c.want)
			}
			if c.gained != 0 && got.Gained != c.gained {
				t.Errorf("gained %d, want %d", got.Gained, c.gained)
			}
			if got.Gained != got.From-got.To {
				t.Errorf("gained %d is not %d − %d", got.Gained, got.From, got.To)
			}
		})
	}
}

func TestMostDaysInLeadAndJerseyWearers(t *testing.T) {
	cases := []struct {
		name   string
		stages []*race.Standings
		want   int
		days   int
	}{
		{"most stages", []*race.Standings{gc(1, 2, 3), gc(2, 1, 3), gc(2, 1, 3)}, 2, 2},
		{"equal days: the better final rank", []*race.Standings{gc(1, 2, 3), gc(1, 2, 3), gc(2, 3, 1), gc(2, 3, 1), gc(3, 2, 1)}, 2, 2},
		{"equal days: a rider who left ranks after the classified", []*race.Standings{gc(1, 5, 9), gc(1, 5, 9), gc(5, 1, 9), gc(5, 1, 9), gc(9, 5)}, 5, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := tour(c.stages...)
			got := s.Awards.MostDaysInLead
			if got == nil || got.Bib != c.want || got.Days != c.days {
				t.Fatalf("most days %+v, want bib %d with %d", got, c.want, c.days)
			}
			yellow, ok := s.Strip(race.ClassIndividual)
			if !ok || yellow.Wearers[0].Bib != c.want || yellow.Wearers[0].Days != c.days {
				t.Errorf("yellow wearers %+v, want bib %d first", yellow.Wearers, c.want)
			}
			for i, st := range s.After {
				if yellow.Holders[i].Bib != st.Leaders[race.ClassIndividual] {
					t.Errorf("after stage %d the holder is %d, the leader %d", i+1, yellow.Holders[i].Bib, st.Leaders[race.ClassIndividual])
				}
			}
		})
	}
}

func TestStripsFollowTheRulesetJerseys(t *testing.T) {
	a, b := gc(1, 2, 3), gc(2, 1, 3)
	a.Regularity = []race.PointsRow{{Rank: 1, Bib: 3, Name: "R3", Points: 20}}
	a.Leaders[race.ClassRegularity] = 3
	b.Regularity = []race.PointsRow{{Rank: 1, Bib: 1, Name: "R1", Points: 40}}
	b.Leaders[race.ClassRegularity] = 1
	s := tour(a, b)
	var classes []string
	for _, j := range s.Jerseys {
		classes = append(classes, j.Class)
	}
	// The ruleset has no sprints or youth classification; the mountain jersey has had no leader yet.
	if !slices.Equal(classes, []string{race.ClassIndividual, race.ClassRegularity, race.ClassMountain}) {
		t.Fatalf("strips %v", classes)
	}
	green, _ := s.Strip(race.ClassRegularity)
	if green.Holders[0].Bib != 3 || green.Holders[1].Bib != 1 || green.Holders[0].Name != "R3" {
		t.Errorf("green holders %+v", green.Holders)
	}
	mountain, _ := s.Strip(race.ClassMountain)
	if mountain.Holders[0].Bib != 0 || len(mountain.Wearers) != 0 {
		t.Errorf("mountain holders %+v, want nobody", mountain.Holders)
	}
}

func TestLanterneRouge(t *testing.T) {
	s := tour(gc(1, 2, 3, 4), gc(2, 1, 3))
	if l := s.Awards.LanterneRouge; l == nil || l.Bib != 3 || l.Rank != 3 || l.Gap != 20 {
		t.Fatalf("lanterne rouge %+v, want bib 3 (rider 4 left the race)", l)
	}
}

func TestMostCombative(t *testing.T) {
	cases := []struct {
		name  string
		rows  []race.CombativityRow
		named int
		want  int
		count int
	}{
		{"named by the director", []race.CombativityRow{{Stage: 1, Bib: 1}, {Stage: 2, Bib: 1}}, 3, 3, 0},
		{"most stages", []race.CombativityRow{{Stage: 1, Bib: 3}, {Stage: 2, Bib: 1}, {Stage: 3, Bib: 3}}, 0, 3, 2},
		{"equal stages: the better final rank", []race.CombativityRow{{Stage: 1, Bib: 3}, {Stage: 2, Bib: 2}}, 0, 2, 1},
		{"a game without combativity", nil, 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, b, fin := gc(1, 2, 3), gc(1, 2, 3), gc(1, 2, 3)
			fin.Combativity, fin.MostCombative = c.rows, c.named
			got := tour(a, b, fin).Awards.MostCombative
			if c.want == 0 {
				if got != nil {
					t.Fatalf("most combative %+v, want none", got)
				}
				return
			}
			if got == nil || got.Bib != c.want || got.Stages != c.count || got.Named != (c.named != 0) {
				t.Fatalf("most combative %+v, want bib %d with %d stages", got, c.want, c.count)
			}
			if got.Name == "" {
				t.Errorf("most combative has no name")
			}
		})
	}
}

func TestPodiumsStageWinnersAndBestTeam(t *testing.T) {
	a, b := gc(11, 21, 12, 22), gc(21, 11, 22, 12)
	b.Stage = []race.TimeRow{{Rank: 1, Bib: 22, Name: "R22", Time: 500}}
	a.Stage = nil // nobody finished stage 1
	b.Regularity = []race.PointsRow{{Rank: 1, Bib: 12, Points: 50}, {Rank: 2, Bib: 11, Points: 30}}
	b.Teams = []race.TeamRow{{Rank: 1, TeamID: 2, Team: "T2", Time: 100}, {Rank: 2, TeamID: 1, Team: "T1", Time: 110, Gap: 10}}
	b.CyclingParty = []race.ManagerRow{{Rank: 1, TeamID: 2, Team: "T2", Points: 30}, {Rank: 2, TeamID: 1, Team: "T1", Points: 20}}
	s := tour(a, b)
	var classes []string
	for _, p := range s.Awards.Podiums {
		classes = append(classes, p.Class)
	}
	if !slices.Equal(classes, []string{race.ClassIndividual, race.ClassRegularity, race.ClassTeams, race.ClassCyclingParty}) {
		t.Fatalf("podiums %v", classes)
	}
	ind := s.Awards.Podiums[0]
	if len(ind.Places) != PodiumSize || ind.Places[0].Bib != 21 || ind.Places[2].Bib != 22 || ind.Jersey == nil || ind.ByPoints {
		t.Errorf("individual podium %+v", ind)
	}
	if reg := s.Awards.Podiums[1]; len(reg.Places) != 2 || reg.Places[0].Value != 50 || !reg.ByPoints {
		t.Errorf("regularity podium %+v (two riders have points)", reg)
	}
	if len(s.Awards.StageWinners) != 1 || s.Awards.StageWinners[0].Stage != 2 || s.Awards.StageWinners[0].Bib != 22 {
		t.Errorf("stage winners %+v", s.Awards.StageWinners)
	}
	if bt := s.Awards.BestTeam; bt == nil || bt.TeamID != 2 || bt.Bib != 0 {
		t.Errorf("best team %+v", bt)
	}
}

func TestManagers(t *testing.T) {
	a, b := gc(11, 21), gc(21, 11)
	a.CyclingParty = []race.ManagerRow{{Rank: 1, TeamID: 1, Team: "T1", Points: 30}, {Rank: 2, TeamID: 2, Team: "T2", Points: 18}}
	b.CyclingParty = []race.ManagerRow{
		{Rank: 1, TeamID: 2, Team: "T2", Points: 35, Sources: []race.ManagerPoints{{Class: race.ClassStage, Stage: 2, Points: 5}, {Class: race.ClassIndividual, Place: 1, Points: 25}, {Class: race.ClassTeams, Place: 1, Points: 5}}},
		{Rank: 2, TeamID: 1, Team: "T1", Points: 18, Sources: []race.ManagerPoints{{Class: race.ClassIndividual, Place: 2, Points: 18}}},
	}
	s := tour(a, b)
	if len(s.Managers) != 2 || s.Managers[0].TeamID != 2 || !slices.Equal(s.Managers[0].Points, []int{18, 35}) || !slices.Equal(s.Managers[1].Points, []int{30, 18}) {
		t.Fatalf("managers %+v", s.Managers)
	}
	// From follows race.ManagerClasses: stage, individual, regularity, mountain, sprints, teams.
	if !slices.Equal(s.Managers[0].From, []int{5, 25, 0, 0, 0, 5}) {
		t.Errorf("T2's points come from %v", s.Managers[0].From)
	}
	if len(tour(gc(1, 2)).Managers) != 0 {
		t.Errorf("a tour without manager points has managers")
	}
}

// TestLeftIn: a rider left the race in the first stage after which he is out of the general
// classification for good; a rider still in it, or unknown, did not.
func TestLeftIn(t *testing.T) {
	s := &Story{Riders: []RiderGC{
		{Rider: Rider{Bib: 11}, Ranks: []int{1, 1, 0, 0}},
		{Rider: Rider{Bib: 12}, Ranks: []int{2, 2, 2, 1}},
		{Rider: Rider{Bib: 13}, Ranks: []int{0, 0, 0, 0}},
		{Rider: Rider{Bib: 14}, Ranks: []int{3, 3, 3, 0}},
	}}
	for _, c := range []struct{ bib, want int }{{11, 3}, {12, 0}, {13, 1}, {14, 4}, {99, 0}} {
		if got := s.LeftIn(c.bib); got != c.want {
			t.Errorf("bib %d left in stage %d, want %d", c.bib, got, c.want)
		}
	}
}
