package race

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// newTestTour builds a tour of rs with teams × riders: team i (1-based) is "Rojo", "Azul"…,
// its riders have bibs i*10+1.. and names "Rider 11"…; stages get the given types, no climbs.
func newTestTour(rs Ruleset, teams, riders int, stageTypes ...string) *Tour {
	t := &Tour{Name: "Test tour", Ruleset: rs, RidersPerTeam: riders}
	for i := 1; i <= teams; i++ {
		team := Team{ID: i, Name: testTeamName(i), Short: fmt.Sprintf("T%02d", i), Color: fmt.Sprintf("#%02x%02x%02x", i*7, i*13, i*29)}
		for k := 1; k <= riders; k++ {
			role := ""
			if ro, ok := rs.RoleForCounter(k); ok {
				role = ro.ID
			}
			team.Riders = append(team.Riders, Rider{Bib: i*10 + k, Name: fmt.Sprintf("Rider %d", i*10+k), TeamID: i, Number: k, Role: role})
		}
		t.Teams = append(t.Teams, team)
	}
	for n, st := range stageTypes {
		t.Stages = append(t.Stages, Stage{Number: n + 1, Type: st, Length: 200, State: StateOpen})
	}
	return t
}

// testTeamName names generated team i (1-based).
func testTeamName(i int) string {
	names := [...]string{"Rojo", "Azul", "Verde", "Negro", "Blanco", "Oro", "Plata", "Rosa", "Gris", "Lila"}
	if i <= len(names) {
		return names[i-1]
	}
	return fmt.Sprintf("Team %d", i)
}

// at is a Cycling Party finish group whose time is secs seconds (turn, square and die worked out).
func at(secs int, bibs ...int) FinishGroup {
	r := secs % 60
	return FinishGroup{Turn: secs / 60, Square: 12 - r/5, Die: 6 - r%5, Riders: bibs}
}

// turn is a Ciclismo a fondo finish group.
func turn(n int, bibs ...int) FinishGroup { return FinishGroup{Turn: n, Riders: bibs} }

// sector is a 2RUOTE finish group.
func sector(s int, bibs ...int) FinishGroup { return FinishGroup{Sector: s, Riders: bibs} }

// result is a stage result with a finish of groups.
func result(stage int, groups ...FinishGroup) StageResult {
	return StageResult{Stage: stage, Finish: Finish{Groups: groups}}
}

// genOptions shape a generated tour.
type genOptions struct {
	stages, teams, riders, sprints, climbs int
	// abandons is the chance (0–1) that one rider abandons in a stage.
	abandons float64
}

// genTour generates a deterministic tour of rs and the results of every stage, for properties and
// benchmarks: random groups in the ruleset's time model, sprint and climb orders, some abandons.
func genTour(rs Ruleset, seed uint64, o genOptions) (*Tour, []StageResult) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	types := make([]string, o.stages)
	for i := range types {
		types[i] = rs.StageTypes[rng.IntN(len(rs.StageTypes))].ID
	}
	t := newTestTour(rs, o.teams, o.riders, types...)
	var cats []string
	for _, c := range rs.ClimbCategories {
		cats = append(cats, c.ID)
	}
	var racing []int
	for _, team := range t.Teams {
		for _, r := range team.Riders {
			racing = append(racing, r.Bib)
		}
	}
	results := make([]StageResult, o.stages)
	for s := range t.Stages {
		stage := &t.Stages[s]
		for k := 1; k <= o.climbs; k++ {
			stage.Climbs = append(stage.Climbs, Climb{Index: k, Category: cats[rng.IntN(len(cats))], Start: k * 30, End: k*30 + 10})
		}
		for k := 1; k <= o.sprints; k++ {
			stage.Sprints = append(stage.Sprints, Sprint{Index: k, At: k*30 + 15})
		}
		res := StageResult{Stage: s + 1, Sprints: map[int][]int{}, Climbs: map[int][]int{}}
		order := func(n int) []int {
			p := slices.Clone(racing)
			rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
			return p[:min(n, len(p))]
		}
		for k := 1; k <= o.sprints; k++ {
			res.Sprints[k] = order(3 + rng.IntN(3))
		}
		for k := 1; k <= o.climbs; k++ {
			res.Climbs[k] = order(3 + rng.IntN(4))
		}
		if len(racing) > 1 && rng.Float64() < o.abandons {
			i := rng.IntN(len(racing))
			res.Abandons = append(res.Abandons, Abandon{Bib: racing[i], Reason: "crash"})
			racing = slices.Delete(slices.Clone(racing), i, i+1)
		}
		res.Finish = genFinish(rs, rng, racing)
		results[s] = res
	}
	return t, results
}

// genFinish puts the riders in random groups with growing times in the ruleset's time model.
func genFinish(rs Ruleset, rng *rand.Rand, racing []int) Finish {
	p := slices.Clone(racing)
	rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	var f Finish
	secs, turnNo, sec := 0, 20+rng.IntN(5), 4
	for len(p) > 0 {
		n := min(len(p), 1+rng.IntN(30))
		bibs := p[:n:n]
		p = p[n:]
		switch rs.TimeModel {
		case TimeModelCyclingParty:
			f.Groups = append(f.Groups, at(secs, bibs...))
			secs += rng.IntN(40)
		case TimeModelTurns:
			f.Groups = append(f.Groups, turn(turnNo, bibs...))
			turnNo += rng.IntN(2)
		case TimeModelSectors:
			f.Groups = append(f.Groups, sector(sec, bibs...))
			sec = max(sec-rng.IntN(2), MinSector)
		case TimeModelClock:
			for _, b := range bibs {
				f.Results = append(f.Results, ClockResult{Bib: b, Hundredths: secs * 100, Bonus: rng.IntN(2) * 4})
			}
			secs += rng.IntN(40)
		}
	}
	return f
}
