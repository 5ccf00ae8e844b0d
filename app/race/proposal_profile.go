package race

import (
	"math/rand/v2"
	"slices"
)

// Difficulty levels a profile mixes (docs/rules.md §1.4): the Cycling Party stage types.
const (
	levelFlat = iota
	levelLow
	levelMedium
	levelHigh
)

// Stage type ids with a special place in a proposal (Ciclismo a fondo, docs/rules.md §2.2).
const (
	stageQueen       = "queen"
	stageITT         = "itt"
	stageTTT         = "ttt"
	stageMountainITT = "mountain_itt"
)

// canonicalLevelIDs are the Cycling Party stage type ids of levels flat, low, medium, high.
func canonicalLevelIDs() [4]string {
	return [4]string{"flat", "low", "medium", "high"}
}

// roadStageTypes returns the ruleset's stage types that are not time trials, in ruleset order.
func roadStageTypes(rs Ruleset) []StageType {
	var out []StageType
	for _, st := range rs.StageTypes {
		if st.TimeTrial == "" && st.ID != stageITT && st.ID != stageTTT && st.ID != stageMountainITT {
			out = append(out, st)
		}
	}
	return out
}

// stageLevel is the difficulty level of a stage type: flat 0 … high 3. Time trials on the flat are 0,
// a mountain time trial 2, a queen stage 3; other ids are spread by their order among road types.
func stageLevel(rs Ruleset, id string) int {
	switch id {
	case "flat", stageITT, stageTTT:
		return levelFlat
	case "low":
		return levelLow
	case "medium", stageMountainITT:
		return levelMedium
	case "high", stageQueen:
		return levelHigh
	}
	road := roadStageTypes(rs)
	for i, st := range road {
		if st.ID == id {
			if len(road) == 1 {
				return levelFlat
			}
			return i * levelHigh / (len(road) - 1)
		}
	}
	return levelFlat
}

// levelStageType picks the road stage type a proposal uses for a level: the Cycling Party id when the
// ruleset has it, else the first road type of that level, else the nearest easier (then harder) one.
func levelStageType(rs Ruleset, level int) string {
	if _, ok := rs.StageType(canonicalLevelIDs()[level]); ok {
		return canonicalLevelIDs()[level]
	}
	road := roadStageTypes(rs)
	for d := 0; d <= levelHigh; d++ {
		for _, l := range []int{level - d, level + d} {
			for _, st := range road {
				if st.ID != stageQueen && stageLevel(rs, st.ID) == l {
					return st.ID
				}
			}
		}
	}
	if len(road) > 0 {
		return road[0].ID
	}
	return ""
}

// proposeStageTypes chooses the stage type of every stage for a profile.
func proposeStageTypes(rs Ruleset, profile string, n int, rng *rand.Rand) []string {
	levels := proposeLevels(profile, n, rng)
	ids := make([]string, n)
	for i, l := range levels {
		ids[i] = levelStageType(rs, l)
	}
	addSpecialStages(rs, profile, levels, ids, rng)
	return ids
}

// proposeLevels draws the difficulty level of every stage for a profile (docs/rules.md §1.4, house rule).
func proposeLevels(profile string, n int, rng *rand.Rand) []int {
	levels := make([]int, 0, n)
	switch profile {
	case ProfileFlat:
		// Mostly flat (more than half), some low, a few medium, no high.
		medium := rng.IntN(n/6 + 1)
		low := n/5 + rng.IntN(n/8+1)
		for 2*(n-low-medium) <= n && low+medium > 0 {
			if low > 0 {
				low--
			} else {
				medium--
			}
		}
		levels = appendLevels(levels, levelMedium, medium)
		levels = appendLevels(levels, levelLow, low)
		levels = appendLevels(levels, levelFlat, n-low-medium)
		shuffleLevels(levels, rng)
	case ProfileMedium:
		// Flat, low and medium in thirds; one high in each full block of 7 stages.
		highs := n / 7
		rest := n - highs
		counts := [3]int{rest / 3, rest / 3, rest / 3}
		for _, l := range rng.Perm(3)[:rest%3] {
			counts[l]++
		}
		others := make([]int, 0, rest)
		for l, c := range counts {
			others = appendLevels(others, l, c)
		}
		shuffleLevels(others, rng)
		levels = levels[:n]
		highAt := make([]bool, n)
		for b := range highs {
			highAt[7*b+rng.IntN(7)] = true
		}
		k := 0
		for i := range levels {
			if highAt[i] {
				levels[i] = levelHigh
				continue
			}
			levels[i] = others[k]
			k++
		}
	case ProfileHigh:
		// At least 40 % high, the rest mixed.
		highs := min(n, (4*n+9)/10+rng.IntN(n/5+1))
		levels = appendLevels(levels, levelHigh, highs)
		for range n - highs {
			levels = append(levels, rng.IntN(levelHigh))
		}
		shuffleLevels(levels, rng)
	case ProfileClassic:
		// Low or medium.
		for range n {
			levels = append(levels, levelLow+rng.IntN(2))
		}
	default: // ProfileLong
		// Grand-tour arc: flat and low first, medium and high second, a high among the last three.
		first := n / 2
		for i := range n {
			if i < first {
				l := levelFlat
				if rng.IntN(100) < 35 {
					l = levelLow
				}
				levels = append(levels, l)
				continue
			}
			levels = append(levels, levelMedium+rng.IntN(2))
		}
		// The last three stages that are also in the second half.
		from := max(n-3, first)
		if !slices.Contains(levels[from:], levelHigh) {
			levels[from+rng.IntN(n-from)] = levelHigh
		}
	}
	return levels
}

// addSpecialStages turns some stages into the ruleset's time trials and queen stage, keeping each
// stage's level class (a time trial is flat, a mountain time trial medium, a queen stage high).
func addSpecialStages(rs Ruleset, profile string, levels []int, ids []string, rng *rand.Rand) {
	n := len(ids)
	has := func(id string) bool { _, ok := rs.StageType(id); return ok }
	pick := func(from, to, level int) int {
		var cands []int
		for i := from; i < to; i++ {
			if levels[i] == level && ids[i] == levelStageType(rs, level) {
				cands = append(cands, i)
			}
		}
		if len(cands) == 0 {
			return -1
		}
		return cands[rng.IntN(len(cands))]
	}
	switch profile {
	case ProfileLong:
		if has(stageITT) && n >= 5 {
			// A prologue-like opening time trial.
			ids[0], levels[0] = stageITT, levelFlat
		}
		if has(stageTTT) && n >= 9 {
			if i := pick(1, n/2, levelFlat); i >= 0 {
				ids[i] = stageTTT
			}
		}
		if has(stageMountainITT) && n >= 12 {
			if i := pick(n/2, n-3, levelMedium); i >= 0 {
				ids[i] = stageMountainITT
			}
		}
		if has(stageQueen) && n >= 3 {
			for i := n - 1; i >= n/2; i-- {
				if levels[i] == levelHigh {
					ids[i] = stageQueen
					break
				}
			}
		}
	case ProfileFlat, ProfileMedium, ProfileHigh:
		if has(stageITT) && n >= 7 {
			if i := pick(0, n, levelFlat); i >= 0 {
				ids[i] = stageITT
			}
		}
		if profile == ProfileHigh && has(stageQueen) && n >= 3 {
			if i := pick(0, n, levelHigh); i >= 0 {
				ids[i] = stageQueen
			}
		}
	}
}

// appendLevels appends count copies of level.
func appendLevels(levels []int, level, count int) []int {
	for range count {
		levels = append(levels, level)
	}
	return levels
}

// shuffleLevels shuffles levels in place with rng.
func shuffleLevels(levels []int, rng *rand.Rand) {
	rng.Shuffle(len(levels), func(i, j int) { levels[i], levels[j] = levels[j], levels[i] })
}
