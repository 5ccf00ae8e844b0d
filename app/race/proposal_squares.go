package race

import (
	"math/rand/v2"
	"slices"
)

// stageTypeWithDefaults fills a Cycling Party stage type's missing proposal numbers from
// docs/rules.md §1.2 and §1.4 (lengths, climb counts and categories, sprints; 3 or 4 climbs, the book's).
func stageTypeWithDefaults(rs Ruleset, st StageType) StageType {
	if rs.TimeModel != TimeModelCyclingParty {
		return st
	}
	type def struct {
		minLen, maxLen, minC, maxC, sprints int
		cats                                []string
		must                                []string
	}
	defs := map[string]def{
		"flat":   {180, 220, 3, 4, 5, []string{"hill", "third"}, nil},
		"low":    {170, 210, 3, 4, 4, []string{"hill", "third", "second"}, []string{"second"}},
		"medium": {160, 200, 3, 4, 3, []string{"third", "second", "first"}, []string{"first"}},
		"high":   {150, 190, 3, 4, 3, []string{"second", "first", "hors"}, []string{"hors"}},
	}
	d, ok := defs[st.ID]
	if !ok {
		return st
	}
	if st.MinLength == 0 && st.MaxLength == 0 {
		st.MinLength, st.MaxLength = d.minLen, d.maxLen
	}
	if st.MinClimbs == 0 && st.MaxClimbs == 0 && len(st.ClimbCategories) == 0 {
		st.MinClimbs, st.MaxClimbs = d.minC, d.maxC
		st.ClimbCategories, st.MustInclude = d.cats, d.must
	}
	if st.Sprints == 0 {
		st.Sprints = d.sprints
	}
	return st
}

// proposeSquareStage lays out a Cycling Party stage: length, climbs and intermediate sprints in squares.
func proposeSquareStage(rs Ruleset, pr ProposalRules, st StageType, rng *rand.Rand) Stage {
	st = stageTypeWithDefaults(rs, st)
	gap := max(pr.MinGap, 0)
	var climbs []Climb
	var length int
	placed := false
	for attempt := 0; attempt < 40 && !placed; attempt++ {
		length = randBetween(rng, st.MinLength, st.MaxLength)
		cats := drawClimbCategories(st, randBetween(rng, st.MinClimbs, st.MaxClimbs), rng)
		summit := st.FinishOnClimb && rng.IntN(2) == 0
		climbs, placed = placeClimbs(rs, cats, length, gap, summit, rng)
	}
	// Fallback: the longest stage with the shortest climbs the type allows, finishing on top if it may.
	for n := max(st.MinClimbs, len(st.MustInclude)); !placed && n >= 0; n-- {
		length = max(st.MaxLength, st.MinLength)
		climbs, placed = placeClimbs(rs, shortestClimbCategories(rs, st, n), length, gap, st.FinishOnClimb, rng)
	}
	if length < 1 {
		length = 1
	}
	stage := Stage{Length: length, Climbs: climbs}
	stage.Sprints = placeSprints(pr, stage, st.Sprints, rng, nil)
	return stage
}

// drawClimbCategories draws n climb categories for a stage: the must-include ones, then random ones.
func drawClimbCategories(st StageType, n int, rng *rand.Rand) []string {
	cats := append([]string(nil), st.MustInclude...)
	for len(cats) < n && len(st.ClimbCategories) > 0 {
		cats = append(cats, st.ClimbCategories[rng.IntN(len(st.ClimbCategories))])
	}
	return cats
}

// shortestClimbCategories returns the must-include categories plus the shortest drawable ones, n in all.
func shortestClimbCategories(rs Ruleset, st StageType, n int) []string {
	cats := append([]string(nil), st.MustInclude...)
	shortest, best := "", 0
	for _, id := range st.ClimbCategories {
		if c, ok := rs.ClimbCategory(id); ok && (shortest == "" || c.Squares < best) {
			shortest, best = id, c.Squares
		}
	}
	for len(cats) < n && shortest != "" {
		cats = append(cats, shortest)
	}
	if len(cats) > n {
		cats = cats[:n]
	}
	return cats
}

// climbSquares is a climb's length on the board: its category's, or a drawn one for free-length categories.
func climbSquares(rs Ruleset, category string, rng *rand.Rand) int {
	c, ok := rs.ClimbCategory(category)
	if ok && c.Squares > 0 {
		return c.Squares
	}
	rank := c.Rank
	if rank < 1 {
		rank = 3
	}
	lo := max(3, 14-3*rank)
	return randBetween(rng, lo, lo+8)
}

// climbHardness orders categories: lower is harder (rank, else longer).
func climbHardness(rs Ruleset, category string) int {
	c, ok := rs.ClimbCategory(category)
	if !ok {
		return 1 << 20
	}
	if c.Rank > 0 {
		return c.Rank
	}
	return 1000 - c.Squares
}

// placeClimbs places climbs of the given categories on a stage of length squares in random order, with
// at least gap flat squares after the start, between climbs and before the finish (none when summit:
// the hardest climb is last and ends on the finish line). It reports false when they do not fit.
func placeClimbs(rs Ruleset, cats []string, length, gap int, summit bool, rng *rand.Rand) ([]Climb, bool) {
	if len(cats) == 0 {
		return nil, length >= 1
	}
	order := append([]string(nil), cats...)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	if summit {
		hardest := 0
		for i, id := range order {
			if climbHardness(rs, id) < climbHardness(rs, order[hardest]) {
				hardest = i
			}
		}
		order[hardest], order[len(order)-1] = order[len(order)-1], order[hardest]
	}
	lens := make([]int, len(order))
	need := 0
	for i, id := range order {
		lens[i] = climbSquares(rs, id, rng)
		need += lens[i] + gap
	}
	segments := len(order)
	if !summit {
		need += gap
		segments++
	}
	slack := length - need
	if slack < 0 {
		return nil, false
	}
	extra := splitSlack(slack, segments, rng)
	climbs := make([]Climb, len(order))
	pos := 0
	for i, id := range order {
		pos += gap + extra[i]
		climbs[i] = Climb{Index: i + 1, Category: id, Start: pos + 1, End: pos + lens[i]}
		pos += lens[i]
	}
	return climbs, true
}

// splitSlack splits slack squares into parts random non-negative parts.
func splitSlack(slack, parts int, rng *rand.Rand) []int {
	cuts := make([]int, parts-1)
	for i := range cuts {
		cuts[i] = rng.IntN(slack + 1)
	}
	slices.Sort(cuts)
	out := make([]int, parts)
	prev := 0
	for i, c := range cuts {
		out[i] = c - prev
		prev = c
	}
	out[parts-1] = slack - prev
	return out
}

// placeSprints places n intermediate sprints on flat squares (never inside a climb), not in the last
// pr.NoSprintLast squares, spread along the stage and, where possible, away from other markers.
// allowed, when not nil, further restricts the squares (Ciclismo a fondo: flat sections only).
func placeSprints(pr ProposalRules, stage Stage, n int, rng *rand.Rand, allowed func(int) bool) []Sprint {
	if n <= 0 {
		return nil
	}
	busy := markerSquares(pr, stage)
	var free, quiet []int
	for s := 1; s <= stage.Length-max(pr.NoSprintLast, 0); s++ {
		if climbAt(stage.Climbs, s) >= 0 || allowed != nil && !allowed(s) {
			continue
		}
		free = append(free, s)
		if !busy[s] && !busy[s-1] && !busy[s+1] {
			quiet = append(quiet, s)
		}
	}
	cands := quiet
	if len(cands) < n {
		cands = free
	}
	n = min(n, len(cands))
	sprints := make([]Sprint, 0, n)
	for k := range n {
		zone := cands[k*len(cands)/n : (k+1)*len(cands)/n]
		sprints = append(sprints, Sprint{Index: k + 1, At: zone[rng.IntN(len(zone))]})
	}
	return sprints
}

// markerSquares are the squares that already hold a board marker other than a sprint.
func markerSquares(pr ProposalRules, stage Stage) map[int]bool {
	busy := map[int]bool{0: true, stage.Length: true}
	if pr.KmMarkerEvery > 0 {
		for s := pr.KmMarkerEvery; s < stage.Length; s += pr.KmMarkerEvery {
			busy[s] = true
		}
	}
	if pr.AttackLine > 0 {
		busy[stage.Length-pr.AttackLine] = true
	}
	for _, l := range pr.SprintLines {
		busy[stage.Length-l] = true
	}
	for _, c := range stage.Climbs {
		busy[c.Start], busy[c.End] = true, true
	}
	return busy
}

// climbAt returns the position in climbs of the climb covering square s, or -1.
func climbAt(climbs []Climb, s int) int {
	for i, c := range climbs {
		if s >= c.Start && s <= c.End {
			return i
		}
	}
	return -1
}
