package race

import (
	"cmp"
	"slices"
)

// managers computes the Cycling Party manager standing as if the tour stopped after the last stage
// counted (RULES.md §1.5): StageWin for each stage won by a team's rider, plus the points of each
// position its riders (or the team) hold in the individual, regularity, mountain, sprints and
// teams classifications. Every team is listed; equal points are broken by the best individual rank
// of the team's riders, then tour order.
func (c *count) managers(pd *PointsDefinition, ind, reg, mtn, spr, teams []int) []ManagerRow {
	points := make([]int, len(c.t.Teams))
	for _, w := range c.stageWinners {
		if w >= 0 {
			points[c.f.team[w]] += pd.StageWin
		}
	}
	byRider := func(order []int, table []int) {
		for k, r := range order[:min(len(order), len(table))] {
			points[c.f.team[r]] += table[k]
		}
	}
	byRider(ind, pd.Individual)
	byRider(reg, pd.Regularity)
	byRider(mtn, pd.Mountain)
	byRider(spr, pd.Sprints)
	for k, ti := range teams[:min(len(teams), len(pd.Teams))] {
		points[ti] += pd.Teams[k]
	}
	best := c.bestIndividualRanks()
	order := make([]int, len(c.t.Teams))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(points[b], points[a]), cmp.Compare(best[a], best[b]), cmp.Compare(a, b))
	})
	rows := make([]ManagerRow, len(order))
	for i, ti := range order {
		team := &c.t.Teams[ti]
		rows[i] = ManagerRow{Rank: i + 1, TeamID: team.ID, Team: team.Name, TeamColor: team.Color, Points: points[ti]}
	}
	return rows
}
