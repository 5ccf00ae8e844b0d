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
	// work and finishers are buffers for one stage.
	work      []dailyTeam
	finishers []int
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

// stage counts one stage: a team's time is the sum of its best stage times (fin is in placing
// order, so its first best finishers); teams with fewer finishers get no time and leave the
// classification. Equal times are broken by the sum of those riders' placings, then by the best of
// their placings.
func (tc *teamCount) stage(f *field, fin []finisher, best int, last bool) {
	day := tc.work[:tc.n]
	for ti := range day {
		day[ti] = dailyTeam{team: ti}
		tc.finishers[ti] = 0
	}
	for _, e := range fin {
		ti := f.team[e.rider]
		if tc.finishers[ti] == best {
			continue
		}
		tc.finishers[ti]++
		d := &day[ti]
		d.time += e.time
		d.placeSum += e.place
		if d.best == 0 {
			d.best = e.place
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
	if last {
		tc.daily = append(tc.daily[:0], ranked...)
	}
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
