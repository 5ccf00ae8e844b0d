package race

import (
	"cmp"
	"slices"
)

// ManagerClasses lists the sources of Cycling Party points in the order pages and sheets show them:
// stage wins (ClassStage), then the final individual, regularity, mountain, sprints and teams places.
func ManagerClasses() []string {
	return []string{ClassStage, ClassIndividual, ClassRegularity, ClassMountain, ClassSprints, ClassTeams}
}

// managers computes the Cycling Party manager standing as if the tour stopped after the last stage
// counted (docs/rules.md §1.5): StageWin for each stage won by a team's rider, plus the points of each
// position its riders (or the team) hold in the individual, regularity, mountain, sprints and
// teams classifications. Every team is listed, with where its points come from; equal points are
// broken by the best individual rank of the team's riders, then tour order.
func (c *count) managers(pd *PointsDefinition, ind, reg, mtn, spr, teams []int) []ManagerRow {
	points := make([]int, len(c.t.Teams))
	sources := make([][]ManagerPoints, len(c.t.Teams))
	score := func(team int, p ManagerPoints) {
		points[team] += p.Points
		sources[team] = append(sources[team], p)
	}
	if pd.StageWin != 0 {
		for s, w := range c.stageWinners {
			if w >= 0 {
				score(c.f.team[w], ManagerPoints{Class: ClassStage, Stage: s + 1, Place: 1, Bib: c.f.riders[w].Bib, Points: pd.StageWin})
			}
		}
	}
	byRider := func(class string, order []int, table []int) {
		for k, r := range order[:min(len(order), len(table))] {
			score(c.f.team[r], ManagerPoints{Class: class, Place: k + 1, Bib: c.f.riders[r].Bib, Points: table[k]})
		}
	}
	byRider(ClassIndividual, ind, pd.Individual)
	byRider(ClassRegularity, reg, pd.Regularity)
	byRider(ClassMountain, mtn, pd.Mountain)
	byRider(ClassSprints, spr, pd.Sprints)
	for k, ti := range teams[:min(len(teams), len(pd.Teams))] {
		score(ti, ManagerPoints{Class: ClassTeams, Place: k + 1, Points: pd.Teams[k]})
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
		rows[i] = ManagerRow{Rank: i + 1, TeamID: team.ID, Team: team.Name, TeamColor: team.Color, Manager: team.Manager, Points: points[ti], Sources: sources[ti]}
	}
	return rows
}

// PointsFrom sums the points a manager holds from one source (a ManagerClasses entry).
func (m ManagerRow) PointsFrom(class string) int {
	total := 0
	for _, p := range m.Sources {
		if p.Class == class {
			total += p.Points
		}
	}
	return total
}
