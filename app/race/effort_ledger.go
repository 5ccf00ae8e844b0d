package race

// The effort ledger (docs/rules.md §2.5): what each rider spent, got back and had left in every stage,
// counted once here for the advantages page and the effort sheet.

// EffortStage is one rider's effort in one stage.
type EffortStage struct {
	// Spent are the points he spent in the stage.
	Spent int
	// Recovered are the points he got back in it: its feed zones and his recovery after it.
	Recovered int
	// Left is his balance carried out of the stage.
	Left int
	// InStage is his balance at the end of the stage, after its spending and feed zones and before the
	// recovery that follows it: what the stage's advantages page shows.
	InStage int
	// Racing says he was in the race during the stage (not out before it, not abandoned in it).
	Racing bool
}

// EffortLine is one rider's effort ledger.
type EffortLine struct {
	Bib       int
	Allowance int
	// Stages are his stages 1..after while he is in the race (fewer when he left it).
	Stages []EffortStage
	// Out says he left the race in one of those stages: he has no balance left.
	Out bool
}

// EffortSpent is the effort points a rider spent in a stage.
func EffortSpent(res StageResult, bib int) int { return effortSpent(res, bib) }

// EffortLedger is, in tour order, every rider's effort ledger for stages 1..after of results (results[k-1]
// is stage k). It is empty for a ruleset without effort points.
func EffortLedger(t *Tour, results []StageResult, after int) []EffortLine {
	if t.Ruleset.Effort == nil {
		return nil
	}
	after = min(max(after, 0), len(results), len(t.Stages))
	left := make([]map[int]int, after+1)
	inStage := make([]map[int]int, after+1)
	for k := 1; k <= after; k++ {
		left[k] = effortCarried(t, results, k)
		inStage[k] = EffortBalance(t, results[:k-1], results[k-1])
	}
	var out []EffortLine
	for _, team := range t.Teams {
		for _, r := range team.Riders {
			line := EffortLine{Bib: r.Bib, Allowance: EffortAllowance(t.Ruleset, r.Role, len(t.Stages))}
			prev := line.Allowance
			for k := 1; k <= after; k++ {
				spent := effortSpent(results[k-1], r.Bib)
				held, racing := inStage[k][r.Bib]
				now, ok := left[k][r.Bib]
				if !ok {
					line.Out = true
					line.Stages = append(line.Stages, EffortStage{Spent: spent, InStage: held, Racing: racing})
					break
				}
				line.Stages = append(line.Stages, EffortStage{Spent: spent, Recovered: now - prev + spent, Left: now, InStage: held, Racing: racing})
				prev = now
			}
			out = append(out, line)
		}
	}
	return out
}

// effortCarried is each rider's balance carried out of stage k: after its spending, its feed zones and
// the recovery that follows it (the next stage's feed zones not yet counted).
func effortCarried(t *Tour, results []StageResult, k int) map[int]int {
	if k >= len(t.Stages) {
		return EffortBalance(t, results[:k-1], results[k-1])
	}
	next := *t
	next.Stages = append([]Stage(nil), t.Stages...)
	next.Stages[k].FeedZones = 0
	return EffortBalance(&next, results[:k], StageResult{Stage: k + 1})
}
