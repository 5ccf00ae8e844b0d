package race

import (
	"cmp"
	"slices"
)

// teamCount accumulates the team classification stage by stage.
type teamCount struct {
	n int
	// total is each team's summed daily team time; out marks teams that had fewer than the
	// ruleset's best riders finish a stage and left the classification.
	total []int
	out   []bool
	// places counts daily team placings: places[team*n+k] is the number of (k+1)-th places.
	places []int
	// daily is the daily team ranking of the last stage counted.
	daily []dailyTeam
	// work, finishers and chosen are buffers for one stage: chosen[team*best+k] is the k-th best
	// (time, place) of a team's finishers so far.
	work      []dailyTeam
	finishers []int
	chosen    [][2]int
}

// dailyTeam is one team's line in a stage's team ranking.
type dailyTeam struct {
	team, time, placeSum, best int
}

// newTeamCount prepares the counting for n teams.
func newTeamCount(n int) teamCount {
	return teamCount{
		n: n, total: make([]int, n), out: make([]bool, n), places: make([]int, n*n),
		work: make([]dailyTeam, 0, n), finishers: make([]int, n),
	}
}

// stage counts one stage: a team's time is the sum of the best stage times of its riders (the
// best times, not the best placings: in a ruleset with OfficialResults a rider may be placed behind
// slower riders); teams with fewer finishers get no time and leave the classification. Equal
// times are broken by the sum of those riders' placings, then by the best of their placings.
func (tc *teamCount) stage(f *field, fin []finisher, best int) {
	day := tc.work[:tc.n]
	for ti := range day {
		day[ti] = dailyTeam{team: ti}
		tc.finishers[ti] = 0
	}
	if len(tc.chosen) < tc.n*best {
		tc.chosen = make([][2]int, tc.n*best)
	}
	for _, e := range fin {
		ti := f.team[e.rider]
		mine := tc.chosen[ti*best : ti*best+tc.finishers[ti]]
		cand := [2]int{e.time, e.place}
		if tc.finishers[ti] < best {
			tc.finishers[ti]++
			mine = mine[:len(mine)+1]
		} else if !lessTimePlace(cand, mine[best-1]) {
			continue
		}
		// Insert in (time, place) order; fin is in placing order, so usually at the end.
		k := len(mine) - 1
		for ; k > 0 && lessTimePlace(cand, mine[k-1]); k-- {
			mine[k] = mine[k-1]
		}
		mine[k] = cand
	}
	for ti := range day {
		d := &day[ti]
		for _, c := range tc.chosen[ti*best : ti*best+tc.finishers[ti]] {
			d.time += c[0]
			d.placeSum += c[1]
			if d.best == 0 || c[1] < d.best {
				d.best = c[1]
			}
		}
	}
	ranked := day[:0]
	for ti := range tc.n {
		if tc.finishers[ti] < best {
			tc.out[ti] = true
			continue
		}
		ranked = append(ranked, day[ti])
	}
	slices.SortFunc(ranked, func(a, b dailyTeam) int {
		return cmp.Or(
			cmp.Compare(a.time, b.time),
			cmp.Compare(a.placeSum, b.placeSum),
			cmp.Compare(a.best, b.best),
			cmp.Compare(a.team, b.team),
		)
	})
	for k, d := range ranked {
		tc.places[d.team*tc.n+k]++
		tc.total[d.team] += d.time
	}
	tc.daily = append(tc.daily[:0], ranked...)
}

// order ranks the teams still in the classification: total time, then more daily wins, then more
// daily 2nd places and so on, then the best individual rank of a team's riders, then tour order.
func (tc *teamCount) order(bestInd []int) []int {
	order := make([]int, 0, tc.n)
	for ti := range tc.n {
		if !tc.out[ti] {
			order = append(order, ti)
		}
	}
	n := tc.n
	slices.SortFunc(order, func(a, b int) int {
		if d := cmp.Compare(tc.total[a], tc.total[b]); d != 0 {
			return d
		}
		if d := slices.Compare(tc.places[b*n:(b+1)*n], tc.places[a*n:(a+1)*n]); d != 0 {
			return d
		}
		return cmp.Or(cmp.Compare(bestInd[a], bestInd[b]), cmp.Compare(a, b))
	})
	return order
}

// teamRows builds the team classification rows.
func (c *count) teamRows(order []int, total []int) []TeamRow {
	rows := make([]TeamRow, len(order))
	for i, ti := range order {
		rows[i] = c.teamRow(ti, i+1, total[ti], total[ti]-total[order[0]])
	}
	return rows
}

// dailyRows builds the team ranking of the last stage counted.
func (c *count) dailyRows() []TeamRow {
	daily := c.teams.daily
	rows := make([]TeamRow, len(daily))
	for i, d := range daily {
		rows[i] = c.teamRow(d.team, i+1, d.time, d.time-daily[0].time)
	}
	return rows
}

// teamRow fills one team's row.
func (c *count) teamRow(ti, rank, time, gap int) TeamRow {
	team := &c.t.Teams[ti]
	return TeamRow{Rank: rank, TeamID: team.ID, Team: team.Name, TeamColor: team.Color, Time: time, Gap: gap}
}

// lessTimePlace orders (time, place) pairs: the lower time, then the better placing.
func lessTimePlace(a, b [2]int) bool {
	return a[0] < b[0] || a[0] == b[0] && a[1] < b[1]
}
