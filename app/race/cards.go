package race

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// 2RUOTE terrains and special cards (docs/rules.md §3.2).
const (
	TerrainFlat     = "flat"
	TerrainMountain = "mountain"
	TerrainDescent  = "descent"
	TerrainHill     = "hill"
	// CardGPM is a mountain sprint (gran premio della montagna): it ends a climb.
	CardGPM = "GPM"
	// CardTV is an intermediate sprint (traguardo volante).
	CardTV = "TV"
	// CardR is the feed (rifornimento) that unlocks the "Energia" action.
	CardR = "R"
	// BasicTerrainCards is the number of terrain cards between start and finish in the basic game.
	BasicTerrainCards = 10
)

// cardTypes returns the ruleset's cards, or docs/rules.md §3.2's deck when it has none.
func cardTypes(rs Ruleset) []CardType {
	if len(rs.Cards) > 0 {
		return rs.Cards
	}
	return []CardType{
		{ID: "flat", Name: "Pianura", Terrain: TerrainFlat},
		{ID: "mountain", Name: "Montagna", Terrain: TerrainMountain},
		{ID: "descent", Name: "Discesa", Terrain: TerrainDescent},
		{ID: "hill", Name: "Collina", Terrain: TerrainHill},
		{ID: "gpm", Name: "GPM", Terrain: TerrainMountain, Special: CardGPM},
		{ID: "tv", Name: "Traguardo volante", Terrain: TerrainFlat, Special: CardTV},
		{ID: "r", Name: "Rifornimento", Terrain: TerrainFlat, Special: CardR},
	}
}

// lookupCard finds a card type by id.
func lookupCard(rs Ruleset, id string) (CardType, bool) {
	for _, c := range cardTypes(rs) {
		if c.ID == id {
			return c, true
		}
	}
	return CardType{}, false
}

// cardSpecial is a card's special code (GPM, TV, R, or "" for a terrain card), upper-cased.
func cardSpecial(c CardType) string {
	return strings.ToUpper(strings.TrimSpace(c.Special))
}

// terrainCardID is the id of the plain terrain card of a terrain, or "" if the deck has none.
func terrainCardID(rs Ruleset, terrain string) string {
	for _, c := range cardTypes(rs) {
		if cardSpecial(c) == "" && strings.EqualFold(c.Terrain, terrain) {
			return c.ID
		}
	}
	return ""
}

// specialCardID is the id of the special card with that code, or "".
func specialCardID(rs Ruleset, code string) string {
	for _, c := range cardTypes(rs) {
		if cardSpecial(c) == code {
			return c.ID
		}
	}
	return ""
}

// defaultGPMCategory is the climb category of a GPM card: the ruleset's first category, else "gpm".
func defaultGPMCategory(rs Ruleset, st StageType) string {
	switch {
	case len(st.MustInclude) > 0:
		return st.MustInclude[0]
	case len(st.ClimbCategories) > 0:
		return st.ClimbCategories[0]
	case len(rs.ClimbCategories) > 0:
		return rs.ClimbCategories[0].ID
	}
	return "gpm"
}

// proposeCardStage deals a 2RUOTE stage: 10 terrain cards (or the stage type's length range) with
// mountain blocks by difficulty; in the advanced game a GPM card ends each climb, TV cards follow flat
// cards and an R card sits near the middle. Climbs and sprints are derived from the cards.
func proposeCardStage(rs Ruleset, st StageType, advanced bool, rng *rand.Rand) Stage {
	level := stageLevel(rs, st.ID)
	terrains := BasicTerrainCards
	if st.MinLength >= 1 && st.MaxLength <= 30 && st.MaxLength >= st.MinLength {
		terrains = randBetween(rng, st.MinLength, st.MaxLength)
	}
	var cats []string
	blocks := [4]int{0, rng.IntN(2), 1, 2}[level]
	if advanced {
		cats = drawClimbCategories(st, randBetween(rng, st.MinClimbs, st.MaxClimbs), rng)
		rng.Shuffle(len(cats), func(i, j int) { cats[i], cats[j] = cats[j], cats[i] })
		blocks = len(cats)
	}
	// A stage that may finish on its last climb does so half the time: no descent, no card after it.
	summit := st.FinishOnClimb && blocks > 0 && rng.IntN(2) == 0
	runs := make([]int, blocks)
	for i := range runs {
		runs[i] = 1 + rng.IntN(max(level, 1))
	}
	tail := 1
	if summit {
		tail = 0
	}
	need := func() int { // mountain runs, their descents, one filler before each block and after the last
		n := blocks + tail + blocks - (1 - tail)
		for _, r := range runs {
			n += r
		}
		return max(n, 1)
	}
	for need() > terrains && blocks > 0 {
		shrunk := false
		for i := range runs {
			if runs[i] > 1 && need() > terrains {
				runs[i]--
				shrunk = true
			}
		}
		if !shrunk {
			blocks--
			runs = runs[:blocks]
			if len(cats) > blocks {
				cats = cats[:blocks]
			}
			if blocks == 0 {
				tail = 1
			}
		}
	}
	fill := splitSlack(terrains-need(), blocks+1, rng)
	if blocks > 0 && tail == 0 {
		// Summit finish: the slack of the last slot goes to the first one instead.
		fill[0] += fill[blocks]
		fill[blocks] = 0
	}
	flatPct := [4]int{80, 65, 50, 50}[level]
	flat, hill := terrainCardID(rs, TerrainFlat), terrainCardID(rs, TerrainHill)
	mountain, descent := terrainCardID(rs, TerrainMountain), terrainCardID(rs, TerrainDescent)
	gpm, tv, feed := specialCardID(rs, CardGPM), specialCardID(rs, CardTV), specialCardID(rs, CardR)
	var cards []string
	var hills []int // positions of hill filler cards
	addFiller := func(n int) {
		for range n {
			if (rng.IntN(100) < flatPct || hill == "") && flat != "" {
				cards = append(cards, flat)
			} else {
				cards = append(cards, hill)
				hills = append(hills, len(cards))
			}
		}
	}
	for b := range blocks {
		addFiller(1 + fill[b])
		for range runs[b] {
			if mountain != "" {
				cards = append(cards, mountain)
			}
		}
		if advanced && gpm != "" {
			cards = append(cards, gpm)
		}
		if descent != "" && (b < blocks-1 || tail == 1) {
			cards = append(cards, descent)
		}
	}
	addFiller(tail + fill[blocks])
	if advanced {
		// Each TV card follows a flat card (never the last one): turn hills flat if there are too few.
		var flatAfter []int
		for i, c := range cards {
			if c == flat && i+1 < len(cards) {
				flatAfter = append(flatAfter, i+1)
			}
		}
		rng.Shuffle(len(hills), func(i, j int) { hills[i], hills[j] = hills[j], hills[i] })
		for _, p := range hills {
			if len(flatAfter) >= st.Sprints || flat == "" {
				break
			}
			if p < len(cards) {
				cards[p-1] = flat
				flatAfter = append(flatAfter, p)
			}
		}
		slices.Sort(flatAfter)
		cards = insertSpecialCards(cards, flatAfter, tv, feed, mountain, st.Sprints, rng)
	}
	stage := Stage{Cards: cards}
	for i, c := range cats {
		stage.Climbs = append(stage.Climbs, Climb{Index: i + 1, Category: c})
	}
	return deriveCardCourse(rs, st, stage)
}

// insertSpecialCards puts n TV cards right after distinct flat cards (never after the last card) and
// an R card near the middle of the deck, never inside a climb (after a mountain card).
func insertSpecialCards(cards []string, flatAfter []int, tv, feed, mountain string, n int, rng *rand.Rand) []string {
	at := map[int][]string{}
	if tv != "" {
		var cands []int
		for _, p := range flatAfter {
			if p < len(cards) {
				cands = append(cands, p)
			}
		}
		rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		for _, p := range cands[:min(n, len(cands))] {
			at[p] = append(at[p], tv)
		}
	}
	if feed != "" && len(cards) > 1 {
		mid := len(cards) / 2
		for d := 0; d < len(cards); d++ {
			if p := mid + d; p >= 1 && p < len(cards) && cards[p-1] != mountain {
				at[p] = append(at[p], feed)
				break
			}
			if p := mid - d; d > 0 && p >= 1 && p < len(cards) && cards[p-1] != mountain {
				at[p] = append(at[p], feed)
				break
			}
		}
	}
	out := make([]string, 0, len(cards)+len(at))
	for i, c := range cards {
		out = append(out, c)
		out = append(out, at[i+1]...)
	}
	return out
}

// deriveCardCourse sets a 2RUOTE stage's Length to its number of cards, its climbs from GPM cards
// (from the first of the mountain cards before the GPM to the GPM; categories kept by position when
// the stage already had as many climbs) and its sprints from TV cards.
func deriveCardCourse(rs Ruleset, st StageType, stage Stage) Stage {
	out := stage
	out.Length = len(stage.Cards)
	out.Climbs, out.Sprints = nil, nil
	for i, id := range stage.Cards {
		c, _ := lookupCard(rs, id)
		pos := i + 1
		switch cardSpecial(c) {
		case CardGPM:
			start := pos
			for j := i - 1; j >= 0; j-- {
				prev, _ := lookupCard(rs, stage.Cards[j])
				if cardSpecial(prev) != "" || !strings.EqualFold(prev.Terrain, TerrainMountain) {
					break
				}
				start = j + 1
			}
			out.Climbs = append(out.Climbs, Climb{Index: len(out.Climbs) + 1, Start: start, End: pos})
		case CardTV:
			out.Sprints = append(out.Sprints, Sprint{Index: len(out.Sprints) + 1, At: pos})
		}
	}
	for i := range out.Climbs {
		out.Climbs[i].Category = defaultGPMCategory(rs, st)
		if len(stage.Climbs) == len(out.Climbs) {
			if _, ok := rs.ClimbCategory(stage.Climbs[i].Category); ok || len(rs.ClimbCategories) == 0 {
				out.Climbs[i].Category = stage.Climbs[i].Category
			}
			out.Climbs[i].Name = stage.Climbs[i].Name
		}
	}
	return out
}
