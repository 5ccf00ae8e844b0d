package race

import (
	"cmp"
	"slices"
)

// combinedRank orders the combined classification (docs/rules.md §4, the Vuelta's combinada of
// 2002–2018): each rider's value is the sum of his places in the general classification and in
// the points (regularity) and mountain classifications the game has; the lowest sum leads, a tie
// goes to the better place in the general classification, then the bib. As the Vuelta did, only
// riders ranked in every one of those classifications are ranked: a rider without a point in the
// mountain classification, or out of the race (he leaves every classification), is not in it.
func (c *count) combinedRank(orders map[string][]int) ([]int, func(int) int) {
	sum := make([]int, len(c.riders))
	in := make([]int, len(c.riders))
	parts := 0
	for _, id := range []string{ClassIndividual, ClassRegularity, ClassMountain} {
		order, ok := orders[id]
		if !ok {
			continue
		}
		parts++
		for place, r := range order {
			sum[r] += place + 1
			in[r]++
		}
	}
	var order []int
	for _, r := range orders[ClassIndividual] {
		if in[r] == parts {
			order = append(order, r)
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(
			cmp.Compare(sum[a], sum[b]),
			cmp.Compare(c.riders[a].rank(), c.riders[b].rank()),
			cmp.Compare(c.f.riders[a].Bib, c.f.riders[b].Bib),
		)
	})
	return order, func(r int) int { return sum[r] }
}
