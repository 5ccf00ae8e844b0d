package race

import (
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// effortDefaults are docs/rules.md §2.5's effort numbers, used for whatever a ruleset leaves out.
func effortDefaults() EffortRules {
	return EffortRules{
		Allowance:         map[string]int{"JF": 18, "ES": 18, "TT": 16, "RO": 16, "SP": 12, "CR": 12, "RE": 17, "RS": 14},
		ReferenceStages:   21,
		Recovery:          map[string]int{"JF": 5, "ES": 5, "TT": 4, "RO": 4, "CR": 3, "SP": 3, "RE": 4, "RS": 3},
		RestDayFactor:     2,
		FeedZone:          1,
		NoRecoveryWeather: "cold",
		NoEffortWeather:   "rain",
	}
}

// effortRules returns the ruleset's effort rules with docs/rules.md's numbers for any left out.
func effortRules(rs Ruleset) EffortRules {
	d := effortDefaults()
	if rs.Effort == nil {
		return d
	}
	e := *rs.Effort
	if len(e.Allowance) == 0 {
		e.Allowance = d.Allowance
	}
	if e.ReferenceStages <= 0 {
		e.ReferenceStages = d.ReferenceStages
	}
	if len(e.Recovery) == 0 {
		e.Recovery = d.Recovery
	}
	if e.RestDayFactor <= 0 {
		e.RestDayFactor = d.RestDayFactor
	}
	if e.NoRecoveryWeather == "" {
		e.NoRecoveryWeather = d.NoRecoveryWeather
	}
	if e.NoEffortWeather == "" {
		e.NoEffortWeather = d.NoEffortWeather
	}
	return e
}

// EffortAllowance is a rider's effort points for a tour of that many stages: the role's allowance for
// the reference tour (21 stages) in proportion, rounded to the nearest point, at least 1 (docs/rules.md §2.5).
func EffortAllowance(rs Ruleset, role string, stages int) int {
	e := effortRules(rs)
	a, ok := e.Allowance[role]
	if !ok {
		a = effortDefaults().Allowance[role]
	}
	if a <= 0 {
		return 0
	}
	if stages <= 0 {
		stages = e.ReferenceStages
	}
	return max(1, (2*a*stages+e.ReferenceStages)/(2*e.ReferenceStages))
}

// effortRecovery is a role's recovery after a stage.
func effortRecovery(e EffortRules, role string) int {
	if r, ok := e.Recovery[role]; ok {
		return r
	}
	return effortDefaults().Recovery[role]
}

// EffortBalance is the effort points each rider still in the race has now, by bib: his allowance,
// less what he spent in earlier stages and so far in this one, plus each feed zone's point and his
// recovery after each earlier stage (doubled after a rest day, none after a cold stage), never above
// the allowance. It is empty for a ruleset without effort points.
func EffortBalance(t *Tour, prior []StageResult, cur StageResult) map[int]int {
	out := map[int]int{}
	if t.Ruleset.Effort == nil {
		return out
	}
	e := effortRules(t.Ruleset)
	results := map[int]StageResult{}
	for _, r := range priorOnly(prior, cur.Stage) {
		results[r.Stage] = r
	}
	curStage, _ := stageOf(t, cur.Stage)
	left := leftRace(t, prior, cur)
	for _, team := range t.Teams {
		for _, r := range team.Riders {
			if left(r.Bib) {
				continue
			}
			alloc := EffortAllowance(t.Ruleset, r.Role, len(t.Stages))
			b := alloc
			for s := 1; s < cur.Stage && s <= len(t.Stages); s++ {
				st, _ := stageOf(t, s)
				res := results[s]
				b = min(alloc, b-effortSpent(res, r.Bib)+st.FeedZones*e.FeedZone)
				if !weatherIncludes(res.Weather, e.NoRecoveryWeather) {
					rec := effortRecovery(e, r.Role)
					if next, ok := stageOf(t, s+1); ok && next.RestDayBefore {
						rec *= e.RestDayFactor
					}
					b = min(alloc, b+rec)
				}
				b = max(b, 0)
			}
			out[r.Bib] = max(0, min(alloc, b-effortSpent(cur, r.Bib)+curStage.FeedZones*e.FeedZone))
		}
	}
	return out
}

// effortSpent is the effort points a rider spent in a stage.
func effortSpent(res StageResult, bib int) int {
	n := 0
	for _, u := range res.Advantages {
		if u.Kind == AdvEffort && u.Bib == bib {
			n += u.Points
		}
	}
	return n
}

// weatherIncludes reports whether any of the stage's weather rolls is w.
func weatherIncludes(weather []string, w string) bool {
	for _, x := range weather {
		if strings.EqualFold(strings.TrimSpace(x), w) {
			return true
		}
	}
	return false
}

// checkEffort refuses spending effort points a rider does not have.
func checkEffort(t *Tour, prior []StageResult, cur StageResult, use AdvantageUse) error {
	if use.Points < 1 {
		return refuse.Invalid("points", "must be at least 1")
	}
	if err := checkEffortWeather(&t.Ruleset, cur); err != nil {
		return err
	}
	have := EffortBalance(t, prior, cur)[use.Bib]
	if use.Points > have {
		return refuse.Invalidf("points", "bib %d has %s left, cannot spend %d", use.Bib, countText(have, i18n.Textf("%d effort point", have), i18n.Textf("%d effort points", have)), use.Points)
	}
	return nil
}
