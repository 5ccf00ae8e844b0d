// Package storytest races made-up tours for the story's and the charts' tests: a tour of any
// ruleset with teams, riders and stages, and the results of every stage (finish groups or clock
// times, sprints, climbs, a few abandons and combativity awards), the same for the same seed.
package storytest

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"racedirector/app/race"
)

// Options shape a raced tour.
type Options struct {
	Teams, Riders, Stages int
	// Seed makes the race: the same seed gives the same results.
	Seed uint64
	// Abandons is the chance (0–1) that a rider abandons in a stage.
	Abandons float64
	// Combativity names a most combative rider of each stage and of the tour.
	Combativity bool
}

// teamNames, teamColors and surnames dress the made-up teams and riders.
func teamNames() []string {
	return []string{"Rojo Ciclismo", "Azzurri Veloce", "Verde Montaña", "Noir & Blanc", "Oro Sprint", "Plata Team", "Rosa Corse", "Gris Granit", "Lila Racing", "Arancia Bike"}
}

func teamColors() []string {
	return []string{"#c0392b", "#1f6fd1", "#2e8b57", "#222222", "#d4a017", "#8e9aa6", "#e754a6", "#5d6d7e", "#8e44ad", "#e67e22"}
}

func surnames() []string {
	return []string{"Pogačar", "Vingegaard", "Evenepoel", "Roglič", "Ayuso", "Almeida", "Carapaz", "Bernal", "Pidcock", "Mas", "Landa", "Ciccone", "Tiberi", "Yates", "Rodríguez", "Gall", "Lipowitz", "Onley", "Vauquelin", "Jorgenson", "Kuss", "Hindley", "O'Connor", "Martínez", "Bardet", "Pinot", "Nibali", "Valverde", "Quintana", "Urán", "Zubeldia", "Buitrago", "Sivakov", "Healy", "Storer", "Van Aert", "Philipsen", "Milan", "Merlier", "Girmay", "Pedersen", "Kooij", "Groves", "Démare", "Ewan", "Bennett", "Jakobsen", "Gaviria", "Viviani", "Nizzolo", "Ganna", "Küng", "Tarling", "Affini", "Cattaneo", "Dennis", "Bissegger", "Foss", "Campenaerts", "Wright"}
}

// Tour races a made-up tour of rs: it returns the tour and the results of every stage.
func Tour(rs race.Ruleset, o Options) (*race.Tour, []race.StageResult) {
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
	t := &race.Tour{Name: "Tour of the Table", Ruleset: rs, RidersPerTeam: o.Riders}
	if rs.Points != nil {
		p := *rs.Points
		t.Points = &p
	}
	var racing []int
	names, colors, surnames := teamNames(), teamColors(), surnames()
	for i := 1; i <= o.Teams; i++ {
		team := race.Team{ID: i, Name: pick(names, i-1), Short: fmt.Sprintf("T%d", i), Color: colors[(i-1)%len(colors)]}
		for k := 1; k <= o.Riders; k++ {
			bib := i*10 + k
			role := ""
			if ro, ok := rs.RoleForCounter(k); ok {
				role = ro.ID
			}
			name := surnames[((i-1)*o.Riders+k-1)%len(surnames)]
			team.Riders = append(team.Riders, race.Rider{Bib: bib, Name: name, TeamID: i, Number: k, Role: role})
			racing = append(racing, bib)
		}
		t.Teams = append(t.Teams, team)
	}
	var cats []string
	for _, c := range rs.ClimbCategories {
		if len(c.Points) > 0 {
			cats = append(cats, c.ID)
		}
	}
	// Each rider has a strength: the strong ones finish ahead more often, so the story has leaders.
	strength := map[int]float64{}
	for _, b := range racing {
		strength[b] = rng.Float64()
	}
	results := make([]race.StageResult, o.Stages)
	for s := range o.Stages {
		st := race.Stage{Number: s + 1, Type: rs.StageTypes[rng.IntN(len(rs.StageTypes))].ID, Length: 200, State: race.StateClosed}
		if tt, ok := rs.StageType(st.Type); ok && tt.TimeTrial != "" {
			st.Type = rs.StageTypes[0].ID // team and individual time trials need their own finishes: keep to road stages
		}
		res := race.StageResult{Stage: s + 1, Sprints: map[int][]int{}, Climbs: map[int][]int{}}
		order := func(n int) []int {
			p := slices.Clone(racing)
			rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
			return p[:min(n, len(p))]
		}
		for k := 1; k <= 2 && len(rs.SprintPoints)+len(rs.SprintRegularity) > 0; k++ {
			st.Sprints = append(st.Sprints, race.Sprint{Index: k, At: k * 50})
			res.Sprints[k] = order(3)
		}
		for k := 1; k <= 2 && len(cats) > 0; k++ {
			st.Climbs = append(st.Climbs, race.Climb{Index: k, Category: cats[rng.IntN(len(cats))], Start: 60 + k*40, End: 70 + k*40})
			res.Climbs[k] = order(4)
		}
		if len(racing) > 3 && rng.Float64() < o.Abandons {
			i := rng.IntN(len(racing))
			res.Abandons = append(res.Abandons, race.Abandon{Bib: racing[i], Reason: "crash"})
			racing = slices.Delete(slices.Clone(racing), i, i+1)
		}
		if o.Combativity {
			res.Combativity = racing[rng.IntN(len(racing))]
			if s == o.Stages-1 {
				res.MostCombative = racing[rng.IntN(len(racing))]
			}
		}
		res.Finish = finish(rs, rng, racing, strength)
		t.Stages = append(t.Stages, st)
		results[s] = res
	}
	return t, results
}

// pick is list[i], or a made-up name past its end.
func pick(list []string, i int) string {
	if i < len(list) {
		return list[i]
	}
	return fmt.Sprintf("Team %d", i+1)
}

// finish puts the racing riders in groups, the stronger ones ahead more often, with growing times
// in the ruleset's time model.
func finish(rs race.Ruleset, rng *rand.Rand, racing []int, strength map[int]float64) race.Finish {
	p := slices.Clone(racing)
	score := map[int]float64{}
	for _, b := range p {
		score[b] = strength[b] + rng.Float64()*0.9
	}
	slices.SortFunc(p, func(a, b int) int {
		if score[a] > score[b] {
			return -1
		}
		if score[a] < score[b] {
			return 1
		}
		return a - b
	})
	var f race.Finish
	secs, turn, sector := 0, 20+rng.IntN(3), 3
	for len(p) > 0 {
		n := min(len(p), 1+rng.IntN(6))
		bibs := p[:n:n]
		p = p[n:]
		switch rs.TimeModel {
		case race.TimeModelCyclingParty:
			r := secs % 60
			f.Groups = append(f.Groups, race.FinishGroup{Turn: secs / 60, Square: 12 - r/5, Die: 6 - r%5, Riders: bibs})
			secs += 5 + rng.IntN(50)
		case race.TimeModelTurns:
			f.Groups = append(f.Groups, race.FinishGroup{Turn: turn, Riders: bibs})
			turn += rng.IntN(2)
		case race.TimeModelSectors:
			f.Groups = append(f.Groups, race.FinishGroup{Sector: sector, Riders: bibs})
			sector = max(sector-rng.IntN(2), race.MinSector)
		case race.TimeModelClock:
			for _, b := range bibs {
				f.Results = append(f.Results, race.ClockResult{Bib: b, Hundredths: (4*3600 + secs) * 100})
			}
			secs += 5 + rng.IntN(50)
		}
	}
	return f
}
