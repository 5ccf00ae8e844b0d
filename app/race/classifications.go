package race

import (
	"cmp"
	"slices"
)

// notRanked is the individual rank given, for tie-breaks, to a rider outside the individual classification.
const notRanked = int(^uint(0) >> 1)

// stageRows is the result of the last stage counted: placing order, gap to the winner.
func (c *count) stageRows() []TimeRow {
	fin := c.w.fin
	rows := make([]TimeRow, len(fin))
	for i, e := range fin {
		rows[i] = c.timeRow(e.rider, e.place, e.time, e.time-fin[0].time, 0)
	}
	return rows
}

// individual orders the riders who have a time in every stage counted and have not abandoned
// (nor retired): by total time (stage times − bonuses + penalties), then the time-trial hundredths
// that whole-second times leave out (clock model), then the sum of stage placings, then the
// placing in the last stage, then bib. It records each rider's rank in tally.indRank.
func (c *count) individual() []int {
	order := c.individualOrder()
	for rank, i := range order {
		c.riders[i].indRank = rank + 1
	}
	return order
}

// individualOrder is the order of the individual classification of the stages counted so far (see
// individual), without recording the ranks.
func (c *count) individualOrder() []int {
	stages := len(c.stageWinners)
	order := make([]int, 0, len(c.riders))
	for i := range c.riders {
		if c.riders[i].timed == stages && c.gone[i] == 0 {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		ra, rb := &c.riders[a], &c.riders[b]
		return cmp.Or(
			cmp.Compare(ra.total(), rb.total()),
			cmp.Compare(ra.dropped, rb.dropped),
			cmp.Compare(ra.placeSum, rb.placeSum),
			cmp.Compare(ra.lastPlace, rb.lastPlace),
			cmp.Compare(c.f.riders[a].Bib, c.f.riders[b].Bib),
		)
	})
	return order
}

// individualRanks is each rider's rank in the individual classification of the stages counted so
// far, by rider index (0: not in it); nil when no stage is counted yet.
func (c *count) individualRanks() []int {
	if len(c.stageWinners) == 0 {
		return nil
	}
	ranks := make([]int, len(c.riders))
	for rank, i := range c.individualOrder() {
		ranks[i] = rank + 1
	}
	return ranks
}

// total is the rider's classification time.
func (r *tally) total() int { return r.time - r.bonus + r.penalty }

// rank is the rider's individual rank for tie-breaks (notRanked when outside the classification).
func (r *tally) rank() int {
	if r.indRank == 0 {
		return notRanked
	}
	return r.indRank
}

// timeRows builds the individual classification rows, each with the places it moved since the stage
// before the last counted (Moved).
func (c *count) timeRows(order []int) []TimeRow {
	rows := make([]TimeRow, len(order))
	var moved []int // one block for the rows' moves
	if c.before != nil {
		moved = make([]int, len(order))
	}
	for i, r := range order {
		tl := &c.riders[r]
		rows[i] = c.timeRow(r, i+1, tl.total(), tl.total()-c.riders[order[0]].total(), tl.bonus)
		if c.before != nil && c.before[r] > 0 {
			moved[i] = c.before[r] - (i + 1) // places gained: up is positive
			rows[i].Moved = &moved[i]
		}
	}
	return rows
}

// timeRow fills one rider's time row.
func (c *count) timeRow(r, rank, time, gap, bonus int) TimeRow {
	rider := c.f.riders[r]
	team := &c.t.Teams[c.f.team[r]]
	return TimeRow{Rank: rank, Bib: rider.Bib, Name: rider.Name, Team: team.Name, TeamID: team.ID, TeamColor: team.Color,
		Time: time, Gap: gap, Bonus: bonus}
}

// pointsCandidates lists the riders still in the race with points > 0.
func (c *count) pointsCandidates(points func(*tally) int) []int {
	var order []int
	for i := range c.riders {
		if c.gone[i] == 0 && points(&c.riders[i]) > 0 {
			order = append(order, i)
		}
	}
	return order
}

// regularityOrder orders the regularity classification: points, then more stage wins, then
// better individual rank, then bib.
func (c *count) regularityOrder() []int {
	order := c.pointsCandidates(func(r *tally) int { return r.regularity })
	slices.SortFunc(order, func(a, b int) int {
		ra, rb := &c.riders[a], &c.riders[b]
		return cmp.Or(
			cmp.Compare(rb.regularity, ra.regularity),
			cmp.Compare(rb.stageWins, ra.stageWins),
			cmp.Compare(ra.rank(), rb.rank()),
			cmp.Compare(c.f.riders[a].Bib, c.f.riders[b].Bib),
		)
	})
	return order
}

// mountainOrder orders the mountain classification: points, then more first places on the hardest
// category (hors), then on the next (first, second, third…), then better individual rank, then bib.
func (c *count) mountainOrder() []int {
	order := c.pointsCandidates(func(r *tally) int { return r.mountain })
	n := len(c.slots)
	slices.SortFunc(order, func(a, b int) int {
		ra, rb := &c.riders[a], &c.riders[b]
		if d := cmp.Compare(rb.mountain, ra.mountain); d != 0 {
			return d
		}
		if d := slices.Compare(c.firsts[b*n:(b+1)*n], c.firsts[a*n:(a+1)*n]); d != 0 {
			return d
		}
		return cmp.Or(
			cmp.Compare(ra.rank(), rb.rank()),
			cmp.Compare(c.f.riders[a].Bib, c.f.riders[b].Bib),
		)
	})
	return order
}

// sprintsOrder orders the intermediate-sprints classification: points, then more sprint wins,
// then better individual rank, then bib.
func (c *count) sprintsOrder() []int {
	order := c.pointsCandidates(func(r *tally) int { return r.sprints })
	slices.SortFunc(order, func(a, b int) int {
		ra, rb := &c.riders[a], &c.riders[b]
		return cmp.Or(
			cmp.Compare(rb.sprints, ra.sprints),
			cmp.Compare(rb.sprintWins, ra.sprintWins),
			cmp.Compare(ra.rank(), rb.rank()),
			cmp.Compare(c.f.riders[a].Bib, c.f.riders[b].Bib),
		)
	})
	return order
}

// pointsRows builds the rows of a points classification.
func (c *count) pointsRows(order []int, points func(rider int) int) []PointsRow {
	rows := make([]PointsRow, len(order))
	for i, r := range order {
		rider := c.f.riders[r]
		team := &c.t.Teams[c.f.team[r]]
		rows[i] = PointsRow{Rank: i + 1, Bib: rider.Bib, Name: rider.Name, Team: team.Name, TeamID: team.ID,
			TeamColor: team.Color, Points: points(r)}
	}
	return rows
}

// bestIndividualRanks is, per team, the best individual rank of its riders (notRanked: none).
func (c *count) bestIndividualRanks() []int {
	best := make([]int, len(c.t.Teams))
	for i := range best {
		best[i] = notRanked
	}
	for r := range c.riders {
		best[c.f.team[r]] = min(best[c.f.team[r]], c.riders[r].rank())
	}
	return best
}
