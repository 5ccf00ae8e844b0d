package race

import (
	"fmt"
	"slices"

	"racedirector/app/refuse"
)

// Fatigue bounds (docs/rules.md §3.6).
const (
	// MaxFatigue is the highest fatigue the director can record.
	MaxFatigue = 99
)

// FatigueLimit is the fatigue above which a 2RUOTE rider retires: 20, or 25 in the advanced game.
func FatigueLimit(t *Tour) int {
	limit, advanced := 20, 25
	if f := t.Ruleset.Fatigue; f != nil {
		if f.Limit > 0 {
			limit = f.Limit
		}
		if f.AdvancedLimit > 0 {
			advanced = f.AdvancedLimit
		}
	}
	if t.Advanced {
		return advanced
	}
	return limit
}

// FatigueRetired lists, in bib order, the riders whose recorded fatigue in the stage is above the
// limit (20, or 25 in the advanced game): they retire from the race.
func FatigueRetired(t *Tour, res StageResult) []int {
	limit := FatigueLimit(t)
	var out []int
	for bib, f := range res.Fatigue {
		if f > limit {
			out = append(out, bib)
		}
	}
	slices.Sort(out)
	return out
}

// retiredBy lists the riders whose fatigue recorded in res makes them retire after that stage: none
// for a ruleset without fatigue rules.
func retiredBy(t *Tour, res StageResult) []int {
	if t.Ruleset.Fatigue == nil || len(res.Fatigue) == 0 {
		return nil
	}
	return FatigueRetired(t, res)
}

// ValidateFatigue checks the fatigue recorded at the end of a stage: each bib is a rider of the tour
// who has not abandoned nor retired in an earlier stage, each value 0–99. Fields are "fatigue.<bib>".
func ValidateFatigue(t *Tour, prior []StageResult, cur StageResult, fatigue map[int]int) error {
	if riders := t.RiderCount(); len(fatigue) > riders {
		return refuse.Invalidf("fatigue", "lists %d riders: the tour has only %d, and each rider is listed once at most", len(fatigue), riders)
	}
	v := &refuse.ValidationError{}
	left := leftRace(t, priorOnly(prior, cur.Stage), StageResult{Stage: cur.Stage})
	for bib, f := range fatigue {
		field := fmt.Sprintf("fatigue.%d", bib)
		if _, ok := t.RiderByBib(bib); !ok {
			v.Addf(field, "unknown bib %d", bib)
			continue
		}
		if left(bib) {
			v.Addf(field, "bib %d has left the race in an earlier stage", bib)
			continue
		}
		if f < 0 || f > MaxFatigue {
			v.Addf(field, "must be between 0 and %d", MaxFatigue)
		}
	}
	return v.Err()
}

// RetiringAtEnd lists, in bib order, the riders of the current stage whose recorded fatigue retires
// them at its end (docs/rules.md §3.6) and who did not abandon during it: they are placed in the stage
// and out of the race after it, as the standings' out and field counts say.
func RetiringAtEnd(t *Tour, cur StageResult) []int {
	var out []int
	for _, bib := range retiredBy(t, cur) {
		if !BarredInStage(cur, EntryAbandon, bib) {
			out = append(out, bib)
		}
	}
	return out
}
