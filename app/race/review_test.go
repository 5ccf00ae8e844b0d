package race

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// This file is the rule-by-rule review of the engine against docs/rules.md: an independent, literal
// reading of docs/rules.md §1.8–§1.9, §2.3–§2.4 and §3.3–§3.5 (literalStandings, with the numbers copied
// from docs/rules.md rather than read from the ruleset files) is compared with ComputeStandings on
// thousands of generated tours full of ties and abandons.

// literalRules are the docs/rules.md numbers the literal reading scores with.
type literalRules struct {
	// teamBest is how many best stage times make a team's stage time (§1.9: 3; §2.4: 4; §3.5: 3).
	teamBest int
	// regularity is the finish table by stage type (§1.9, §2.3, §3.5).
	regularity map[string][]int
	// climbs are mountain points by category, hardest category first in climbOrder (§1.2, §2.3, §3.5).
	climbs     map[string][]int
	climbOrder []string
	// sprintPoints feed the intermediate-sprints classification (§1.2); sprintRegularity the
	// regularity (§2.3, §3.5); sprintBonus and climbBonus are bonus turns (§2.3).
	sprintPoints, sprintRegularity, sprintBonus, climbBonus []int
	// managers is the default Cycling Party points definition (§1.5), nil without one.
	managers *PointsDefinition
}

// rulesFromRulesMD returns docs/rules.md's numbers for a shipped ruleset.
func rulesFromRulesMD(id string) literalRules {
	switch id {
	case "cycling-party":
		return literalRules{
			teamBest: 3,
			regularity: map[string][]int{
				"flat": {100, 80, 60, 40, 30, 25, 20, 15, 10, 5}, "low": {70, 50, 40, 30, 20, 15, 10, 5},
				"medium": {30, 20, 15, 10, 5}, "high": {30, 20, 15, 10, 5},
			},
			climbs: map[string][]int{
				"hors": {35, 25, 15, 10, 5}, "first": {25, 20, 10, 5}, "second": {15, 10, 5}, "third": {5, 3, 1}, "hill": nil,
			},
			climbOrder:   []string{"hors", "first", "second", "third"},
			sprintPoints: []int{5, 3, 1},
			managers: &PointsDefinition{StageWin: 5, Individual: []int{25, 18, 12, 8, 5}, Regularity: []int{12, 7, 3},
				Mountain: []int{12, 7, 3}, Sprints: []int{8, 4, 2}, Teams: []int{12, 7, 3}},
		}
	case "ciclismo-a-fondo":
		high := []int{50, 45, 40, 35, 30, 25, 20, 15, 10, 5, 3, 1}
		return literalRules{
			teamBest: 4,
			regularity: map[string][]int{
				"flat": {25, 20, 15, 10, 5, 3, 1}, "low": {30, 25, 20, 15, 10, 5, 3, 1},
				"medium": {40, 35, 30, 25, 20, 15, 10, 5, 3, 1}, "high": high, "queen": high,
				"itt": {15, 10, 5, 3, 1, 1}, "ttt": {15, 10, 5, 3, 1, 1}, "mountain_itt": {20, 15, 10, 5, 3, 1},
			},
			climbs: map[string][]int{
				"special": {20, 15, 10, 5, 3, 1}, "first": {15, 10, 5, 3, 1}, "second": {10, 5, 3, 1},
				"third": {5, 3, 1}, "fourth": {3, 1}, "repecho": nil,
			},
			climbOrder:       []string{"special", "first", "second", "third", "fourth"},
			sprintRegularity: []int{5, 3, 1},
			sprintBonus:      []int{3, 2, 1},
			climbBonus:       []int{3, 2, 1},
		}
	case "2ruote":
		finish := []int{15, 12, 10, 8, 6, 5, 4, 3, 2, 1}
		return literalRules{
			teamBest:         3,
			regularity:       map[string][]int{"flat": finish, "hill": finish, "mountain": finish, "itt": finish},
			climbs:           map[string][]int{"gpm": {5, 3, 1}},
			climbOrder:       []string{"gpm"},
			sprintRegularity: []int{5, 3, 1},
		}
	}
	panic("no docs/rules.md numbers for ruleset " + id)
}

// literalResult is the literal reading's standings: bibs (team ids) in classification order.
type literalResult struct {
	stage, ind, reg, mtn, spr, teams []int
	// total is each ranked rider's classification time; managers each team's Cycling Party points.
	total    map[int]int
	managers map[int]int
}

// literalStandings scores a tour the way docs/rules.md reads, one stage after another, with maps and
// sorts only: times from the time model (§1.8, §2.4, §3.3; a team time trial gives every rider his
// team's 4th time), placings by time then entry order, bonuses to riders with a time, abandoned
// riders out of every individual classification, teams short of riders out from then on.
func literalStandings(t *Tour, results []StageResult, after int, lr literalRules) literalResult {
	rs := &t.Ruleset
	teamOf := func(bib int) int { return bib / 10 }
	gone := map[int]bool{}
	total, placeSum, lastPlace, timed := map[int]int{}, map[int]int{}, map[int]int{}, map[int]int{}
	reg, mtn, spr, stageWins, sprintWins := map[int]int{}, map[int]int{}, map[int]int{}, map[int]int{}, map[int]int{}
	firsts := map[int][]int{}
	teamOut, teamTotal, teamPlaces := map[int]bool{}, map[int]int{}, map[int][]int{}
	nTeams := len(t.Teams)
	var winners []int
	var out literalResult
	for s := 1; s <= after; s++ {
		res := results[s-1]
		stage := t.Stages[s-1]
		st, _ := rs.StageType(stage.Type)
		for _, a := range res.Abandons {
			gone[a.Bib] = true
		}
		type finisher struct{ bib, time, entry int }
		var fin []finisher
		lead := -1 << 30
		for _, g := range res.Finish.Groups {
			lead = max(lead, g.Sector)
		}
		for _, g := range res.Finish.Groups {
			for _, bib := range g.Riders {
				if gone[bib] {
					continue
				}
				var time int
				switch rs.TimeModel {
				case TimeModelCyclingParty:
					time = 60*g.Turn + 55 - 5*(g.Square-1) + (6 - g.Die)
				case TimeModelTurns:
					time = g.Turn
				case TimeModelSectors:
					time = (lead - g.Sector) * 30
				}
				fin = append(fin, finisher{bib, time, len(fin)})
			}
		}
		byTime := func(a, b finisher) int { return cmp.Or(a.time-b.time, a.entry-b.entry) }
		slices.SortFunc(fin, byTime)
		if st.TimeTrial == TimeTrialTeam {
			count, teamTime := map[int]int{}, map[int]int{}
			for _, f := range fin {
				if ti := teamOf(f.bib); count[ti] < lr.teamBest {
					count[ti]++
					teamTime[ti] = f.time
				}
			}
			for i := range fin {
				fin[i].time = teamTime[teamOf(fin[i].bib)]
			}
			slices.SortFunc(fin, byTime)
		}
		place := map[int]int{}
		for i, f := range fin {
			place[f.bib] = i + 1
			total[f.bib] += f.time
			placeSum[f.bib] += i + 1
			timed[f.bib]++
			if s == after {
				lastPlace[f.bib] = i + 1
			}
		}
		if len(fin) > 0 {
			stageWins[fin[0].bib]++
			winners = append(winners, fin[0].bib)
		}
		// Finish regularity points; in a team time trial by the team's placing, to each rider.
		table := lr.regularity[stage.Type]
		teamPlace, next := map[int]int{}, 0
		for i, f := range fin {
			k := i
			if st.TimeTrial == TimeTrialTeam {
				if teamPlace[teamOf(f.bib)] == 0 {
					next++
					teamPlace[teamOf(f.bib)] = next
				}
				k = teamPlace[teamOf(f.bib)] - 1
			}
			if k < len(table) {
				reg[f.bib] += table[k]
			}
		}
		// Intermediate sprints and climbs.
		for _, order := range res.Sprints {
			for i, bib := range order {
				if i < len(lr.sprintPoints) {
					spr[bib] += lr.sprintPoints[i]
				}
				if i < len(lr.sprintRegularity) {
					reg[bib] += lr.sprintRegularity[i]
				}
				if i < len(lr.sprintBonus) && place[bib] > 0 {
					total[bib] -= lr.sprintBonus[i]
				}
			}
			if len(order) > 0 && len(lr.sprintPoints) > 0 {
				sprintWins[order[0]]++
			}
		}
		for k, order := range res.Climbs {
			category := ""
			for _, c := range stage.Climbs {
				if c.Index == k {
					category = c.Category
				}
			}
			points := lr.climbs[category]
			for i, bib := range order {
				if i < len(points) {
					mtn[bib] += points[i]
				}
				if len(points) > 0 && i < len(lr.climbBonus) && place[bib] > 0 {
					total[bib] -= lr.climbBonus[i]
				}
			}
			if slot := slices.Index(lr.climbOrder, category); slot >= 0 && len(order) > 0 {
				if firsts[order[0]] == nil {
					firsts[order[0]] = make([]int, len(lr.climbOrder))
				}
				firsts[order[0]][slot]++
			}
		}
		// The daily team ranking.
		type daily struct{ team, time, placeSum, best int }
		var day []daily
		for ti := 1; ti <= nTeams; ti++ {
			var mine []finisher
			for _, f := range fin {
				if teamOf(f.bib) == ti {
					mine = append(mine, f)
				}
			}
			if len(mine) < lr.teamBest {
				teamOut[ti] = true
				continue
			}
			d := daily{team: ti, best: 1 << 30}
			for _, f := range mine[:lr.teamBest] {
				d.time += f.time
				d.placeSum += place[f.bib]
				d.best = min(d.best, place[f.bib])
			}
			day = append(day, d)
		}
		slices.SortFunc(day, func(a, b daily) int {
			return cmp.Or(a.time-b.time, a.placeSum-b.placeSum, a.best-b.best, a.team-b.team)
		})
		for k, d := range day {
			teamTotal[d.team] += d.time
			if teamPlaces[d.team] == nil {
				teamPlaces[d.team] = make([]int, nTeams)
			}
			teamPlaces[d.team][k]++
		}
		if s == after {
			out.stage = nil
			for _, f := range fin {
				out.stage = append(out.stage, f.bib)
			}
		}
	}
	var all []int
	for _, team := range t.Teams {
		for _, r := range team.Riders {
			all = append(all, r.Bib)
		}
	}
	for _, bib := range all {
		if !gone[bib] && timed[bib] == after {
			out.ind = append(out.ind, bib)
		}
	}
	slices.SortFunc(out.ind, func(a, b int) int {
		return cmp.Or(total[a]-total[b], placeSum[a]-placeSum[b], lastPlace[a]-lastPlace[b], a-b)
	})
	rank := map[int]int{}
	for i, bib := range out.ind {
		rank[bib] = i + 1
	}
	indRank := func(bib int) int {
		if r, ok := rank[bib]; ok {
			return r
		}
		return 1 << 30
	}
	points := func(p map[int]int, tie func(a, b int) int) []int {
		var order []int
		for _, bib := range all {
			if !gone[bib] && p[bib] > 0 {
				order = append(order, bib)
			}
		}
		slices.SortFunc(order, func(a, b int) int { return cmp.Or(p[b]-p[a], tie(a, b), indRank(a)-indRank(b), a-b) })
		return order
	}
	out.reg = points(reg, func(a, b int) int { return stageWins[b] - stageWins[a] })
	out.spr = points(spr, func(a, b int) int { return sprintWins[b] - sprintWins[a] })
	out.mtn = points(mtn, func(a, b int) int {
		fa, fb := firsts[a], firsts[b]
		for k := range lr.climbOrder {
			if d := cmp.Compare(slotOf(fb, k), slotOf(fa, k)); d != 0 {
				return d
			}
		}
		return 0
	})
	for ti := 1; ti <= nTeams; ti++ {
		if !teamOut[ti] {
			out.teams = append(out.teams, ti)
		}
	}
	bestRank := func(ti int) int {
		best := 1 << 30
		for _, r := range t.Teams[ti-1].Riders {
			best = min(best, indRank(r.Bib))
		}
		return best
	}
	morePlaces := func(a, b int) int { // more daily wins, then more 2nd places…
		for k := range nTeams {
			if d := cmp.Compare(slotOf(teamPlaces[b], k), slotOf(teamPlaces[a], k)); d != 0 {
				return d
			}
		}
		return 0
	}
	slices.SortFunc(out.teams, func(a, b int) int {
		return cmp.Or(teamTotal[a]-teamTotal[b], morePlaces(a, b), bestRank(a)-bestRank(b), a-b)
	})
	out.total = total
	if pd := lr.managers; pd != nil {
		out.managers = map[int]int{}
		for _, w := range winners {
			out.managers[teamOf(w)] += pd.StageWin
		}
		give := func(order, table []int, team func(int) int) {
			for i, x := range order {
				if i < len(table) {
					out.managers[team(x)] += table[i]
				}
			}
		}
		give(out.ind, pd.Individual, teamOf)
		give(out.reg, pd.Regularity, teamOf)
		give(out.mtn, pd.Mountain, teamOf)
		give(out.spr, pd.Sprints, teamOf)
		give(out.teams, pd.Teams, func(ti int) int { return ti })
	}
	return out
}

// slotOf is counts[k], or 0 for a nil slice.
func slotOf(counts []int, k int) int {
	if k < len(counts) {
		return counts[k]
	}
	return 0
}

// reviewTour generates a tour of a shipped ruleset with random stage types, climbs, sprint and
// climb orders, abandons and finishes with many equal times.
func reviewTour(rs Ruleset, seed uint64) (*Tour, []StageResult) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var cats []string
	for _, c := range rs.ClimbCategories {
		cats = append(cats, c.ID)
	}
	types := make([]string, 1+rng.IntN(5))
	for i := range types {
		types[i] = rs.StageTypes[rng.IntN(len(rs.StageTypes))].ID
	}
	riders := rs.Team.MinRiders + rng.IntN(rs.Team.MaxRiders-rs.Team.MinRiders+1)
	tour := newTestTour(rs, 2+rng.IntN(4), riders, types...)
	var racing []int
	for _, team := range tour.Teams {
		for _, r := range team.Riders {
			racing = append(racing, r.Bib)
		}
	}
	results := make([]StageResult, len(types))
	for s := range tour.Stages {
		for k := 1; k <= 3; k++ {
			tour.Stages[s].Climbs = append(tour.Stages[s].Climbs, Climb{Index: k, Category: cats[rng.IntN(len(cats))], Start: 40 * k, End: 40*k + 2})
		}
		res := StageResult{Stage: s + 1, Sprints: map[int][]int{}, Climbs: map[int][]int{}}
		order := func() []int {
			p := slices.Clone(racing)
			rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
			return p[:1+rng.IntN(min(7, len(p)))]
		}
		for k := 1; k <= 2; k++ {
			res.Sprints[k] = order()
		}
		for k := 1; k <= 3; k++ {
			res.Climbs[k] = order()
		}
		for len(racing) > 1 && rng.IntN(3) == 0 {
			i := rng.IntN(len(racing))
			res.Abandons = append(res.Abandons, Abandon{Bib: racing[i], Reason: "crash"})
			racing = slices.Delete(slices.Clone(racing), i, i+1)
		}
		p := slices.Clone(racing)
		rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		turnNo, sec := 10, 2
		for len(p) > 0 {
			n := 1 + rng.IntN(len(p))
			g := FinishGroup{Riders: p[:n:n]}
			switch rs.TimeModel {
			case TimeModelCyclingParty:
				g.Turn, g.Square, g.Die = rng.IntN(2), 1+rng.IntN(3), 1+rng.IntN(2)
			case TimeModelTurns:
				g.Turn = turnNo
				turnNo += rng.IntN(2)
			case TimeModelSectors:
				g.Sector = sec
				sec -= rng.IntN(2)
			}
			res.Finish.Groups = append(res.Finish.Groups, g)
			p = p[n:]
		}
		results[s] = res
	}
	return tour, results
}

func TestReviewStandingsMatchLiteralRules(t *testing.T) {
	for _, id := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote"} {
		rs := shippedRuleset(t, id)
		lr := rulesFromRulesMD(id)
		t.Run(id, func(t *testing.T) {
			seeds := uint64(1500)
			if testing.Short() {
				seeds = 150 // the race detector's pass: the engine runs on one goroutine
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				tour, results := reviewTour(rs, seed)
				for k := 1; k <= len(results); k++ {
					got := standingsAfter(t, tour, results, k)
					want := literalStandings(tour, results, k, lr)
					where := fmt.Sprintf("seed %d after stage %d", seed, k)
					for _, c := range []struct {
						what      string
						got, want []int
					}{
						{"stage", timeBibs(got.Stage), want.stage},
						{"individual", timeBibs(got.Individual), want.ind},
						{"regularity", pointsBibs(got.Regularity), want.reg},
						{"mountain", pointsBibs(got.Mountain), want.mtn},
						{"sprints", pointsBibs(got.Sprints), want.spr},
						{"teams", teamIDs(got.Teams), want.teams},
					} {
						if !slices.Equal(c.got, c.want) {
							t.Fatalf("%s: %s = %v, docs/rules.md reads %v", where, c.what, c.got, c.want)
						}
					}
					for _, r := range got.Individual {
						if r.Time != want.total[r.Bib] {
							t.Fatalf("%s: individual time of bib %d = %d, docs/rules.md reads %d", where, r.Bib, r.Time, want.total[r.Bib])
						}
					}
					for _, m := range got.CyclingParty {
						if m.Points != want.managers[m.TeamID] {
							t.Fatalf("%s: Cycling Party points of team %d = %d, docs/rules.md reads %d", where, m.TeamID, m.Points, want.managers[m.TeamID])
						}
					}
					if (want.managers != nil) != (len(got.CyclingParty) == len(tour.Teams)) {
						t.Fatalf("%s: %d Cycling Party rows, want every team (%d) exactly when the ruleset has them", where, len(got.CyclingParty), len(tour.Teams))
					}
					for class, order := range map[string][]int{ClassIndividual: want.ind, ClassRegularity: want.reg, ClassMountain: want.mtn, ClassSprints: want.spr} {
						lead, ok := got.Leaders[class]
						if len(order) > 0 && (!ok || lead != order[0]) || len(order) == 0 && ok {
							t.Fatalf("%s: %s leader = %d (%v), docs/rules.md reads %v", where, class, lead, ok, order)
						}
					}
				}
			}
		})
	}
}
