package race

import (
	"fmt"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// 2RUOTE sector bounds the API accepts (docs/rules.md §3.3: +1…+6 ahead, −1…−3 behind, more may be added).
const (
	MinSector = -9
	MaxSector = 9
)

// ValidateOrder checks the crossing order of an intermediate sprint or a climb (docs/rules.md §1.7):
// every bib is a rider of the tour, given once, who has not abandoned in an earlier stage (nor
// retired for fatigue after one); an order longer than the tour's riders is refused as a whole.
// A rider who abandons later in the current stage may still have crossed, one who did not start it
// may not. Fields are "order[i]".
func ValidateOrder(t *Tour, prior []StageResult, cur StageResult, order []int) error {
	if long := orderTooLong(t, order); long != nil {
		return long
	}
	v := &refuse.ValidationError{}
	out := OutBefore(t, prior, cur.Stage)
	seen := make(map[int]int, len(order))
	for i, bib := range order {
		field := fmt.Sprintf("order[%d]", i)
		if reason := EntryProblem(t, out, bib); reason.Format != "" {
			v.AddText(field, reason)
			continue
		}
		if BarredInStage(cur, EntryCrossing, bib) {
			v.Addf(field, "bib %d did not start this stage", bib)
			continue
		}
		if j, dup := seen[bib]; dup {
			v.Addf(field, "bib %d is already at order[%d]", bib, j)
			continue
		}
		seen[bib] = i
	}
	return v.Err()
}

// ValidateFinish checks a whole stage finish in the tour's time model (docs/rules.md §1.8, §2.4, §3.3,
// §4): every bib is a rider of the tour, given once, still in the race (not abandoned in an earlier
// stage nor earlier in this one), and a finish listing more riders than the tour has is refused as a
// whole before its bibs are checked one by one; Cycling Party groups have a turn of 0 or more, a
// square 1–12 and a die 1–6; Ciclismo a fondo groups a turn of 1 or more; 2RUOTE groups a sector −9…+9; clock
// results a time, bonus and penalty that are not negative. Fields are JSON paths such as
// "groups[1].die" and "groups[0].riders[3]".
func ValidateFinish(t *Tour, prior []StageResult, cur StageResult, f Finish) error {
	if long := finishTooLong(t, f); long != nil {
		return long
	}
	v := &refuse.ValidationError{}
	out := OutBefore(t, prior, cur.Stage)
	here := map[int]bool{}
	for _, a := range cur.Abandons {
		here[a.Bib] = BarredInStage(cur, EntryFinish, a.Bib) // outside the time limit or disqualified: he crossed the line
	}
	seen := map[int]string{}
	rider := func(field string, bib int, where string) {
		if reason := EntryProblem(t, out, bib); reason.Format != "" {
			v.AddText(field, reason)
			return
		}
		if here[bib] {
			v.Addf(field, "bib %d abandoned in this stage", bib)
			return
		}
		if prev, dup := seen[bib]; dup {
			v.Addf(field, "bib %d is already in %s", bib, prev)
			return
		}
		seen[bib] = where
	}
	model := t.Ruleset.TimeModel
	if model == TimeModelClock {
		if len(f.Groups) > 0 {
			v.Add("groups", "are not used by the clock time model: enter results")
		}
		validateTeamTimes(t, out, here, cur, f, seen, v)
		for i, r := range f.Results {
			p := fmt.Sprintf("results[%d]", i)
			rider(p+".bib", r.Bib, p)
			for name, n := range map[string]int{"hundredths": r.Hundredths, "bonus": r.Bonus, "penalty": r.Penalty} {
				if n < 0 {
					v.Add(p+"."+name, "must not be negative")
				}
			}
		}
		return v.Err()
	}
	if len(f.Results) > 0 {
		v.Addf("results", "are not used by the %s time model: enter groups", model)
	}
	if len(f.Teams) > 0 {
		v.Addf("teams", "are not used by the %s time model: enter groups", model)
	}
	for i, g := range f.Groups {
		p := fmt.Sprintf("groups[%d]", i)
		switch model {
		case TimeModelCyclingParty:
			if g.Turn < 0 {
				v.Add(p+".turn", "must not be negative (0 is the turn in which the first rider crossed)")
			} else if g.Turn > MaxFinishTurn {
				v.Addf(p+".turn", "must be between %d and %d", 0, MaxFinishTurn)
			}
			if g.Square < 1 || g.Square > TimeSquares {
				v.Addf(p+".square", "must be between 1 and %d (a rider beyond the %dth square counts as %d)", TimeSquares, TimeSquares, TimeSquares)
			}
			if g.Die < 1 || g.Die > DieFaces {
				v.Addf(p+".die", "must be between 1 and %d", DieFaces)
			}
		case TimeModelTurns:
			if g.Turn < 1 {
				v.Add(p+".turn", "must be at least 1 (the first turn of the stage is turn 1)")
			} else if g.Turn > MaxFinishTurn {
				v.Addf(p+".turn", "must be between %d and %d", 1, MaxFinishTurn)
			}
		case TimeModelSectors:
			if g.Sector < MinSector || g.Sector > MaxSector {
				v.Addf(p+".sector", "must be between %d and %d", MinSector, MaxSector)
			}
		}
		if len(g.Riders) == 0 {
			v.Add(p+".riders", "must name at least one rider")
		}
		for j, bib := range g.Riders {
			rider(fmt.Sprintf("%s.riders[%d]", p, j), bib, fmt.Sprintf("group %d", i+1))
		}
	}
	return v.Err()
}

// ValidateAbandon checks an abandonment: the rider is in the tour, still in the race, not already
// in this stage's finish (unless he is outside the time limit or disqualified: he crossed the line),
// a known status and a reason are given (the reason may be left out when the status is given, as a
// published result's status rows do). Fields are "bib", "status" and "reason".
func ValidateAbandon(t *Tour, prior []StageResult, cur StageResult, a Abandon) error {
	v := &refuse.ValidationError{}
	if reason := EntryProblem(t, OutBefore(t, prior, cur.Stage), a.Bib); reason.Format != "" {
		v.AddText("bib", reason)
	}
	if BarredInStage(cur, EntryAbandon, a.Bib) {
		v.Addf("bib", "bib %d has already abandoned in this stage", a.Bib)
	}
	if err := validStatus(a.Status); err != nil {
		v.AddText("status", refuse.ReasonOf(err))
	} else if finishes(cur.Finish, a.Bib) && !a.Crossed() {
		v.Addf("bib", "bib %d has a finish in this stage: take the rider out of the finish first (or mark him OTL or DSQ)", a.Bib)
	}
	if strings.TrimSpace(a.Reason) == "" && a.Status == "" { // a status given says how: a published DNS row has no reason
		v.Add("reason", "is required")
	} else {
		CheckText(v, "reason", ReasonText, a.Reason)
	}
	return v.Err()
}

// MissingAtClose lists, in tour order, what keeps the current stage from being closed: each starting
// rider (not abandoned earlier nor retired for fatigue after an earlier stage) who has no finish and
// has not abandoned — or, while no finish at all is entered, one sentence saying so
// (FinishMissingAtClose) — then what the game records in every stage and the stage lacks (its
// weather, its most combative rider: StageRecordsMissing). It is empty when the stage is complete.
func MissingAtClose(t *Tour, prior []StageResult, cur StageResult) []i18n.Text {
	var missing []i18n.Text
	if whole, ok := FinishMissingAtClose(t, prior, cur); ok {
		missing = append(missing, whole)
	} else {
		for _, r := range withoutFinish(t, prior, cur) {
			missing = append(missing, i18n.Textf("bib %d %s (%s) has no finish and has not abandoned", r.rider.Bib, r.rider.Name, r.team))
		}
	}
	return append(missing, StageRecordsMissing(t, cur)...)
}

// teamRider is a rider with his team's name.
type teamRider struct {
	rider Rider
	team  string
}

// withoutFinish lists, in tour order, the starting riders of the current stage who have no finish
// (in a group, a timed result or a team's entry) and have not abandoned, each with his team's name.
func withoutFinish(t *Tour, prior []StageResult, cur StageResult) []teamRider {
	done := map[int]bool{}
	for _, g := range cur.Finish.Groups {
		for _, bib := range g.Riders {
			done[bib] = true
		}
	}
	for _, r := range cur.Finish.Results {
		done[r.Bib] = true
	}
	for _, a := range cur.Abandons {
		done[a.Bib] = true
	}
	out := OutBefore(t, prior, cur.Stage)
	var riders []teamRider
	for _, team := range t.Teams {
		for _, r := range team.Riders {
			if _, gone := out[r.Bib]; !gone && !done[r.Bib] && !teamEntered(t, cur.Finish, r.Bib) {
				riders = append(riders, teamRider{rider: r, team: team.Name})
			}
		}
	}
	return riders
}

// StartingRiders returns, in tour order, the riders who start the stage that follows prior: not
// abandoned in it, nor retired for fatigue (2RUOTE) at the end of one of its stages.
func StartingRiders(t *Tour, prior []StageResult) []Rider {
	out := OutBefore(t, prior, 0)
	var riders []Rider
	for _, team := range t.Teams {
		for _, r := range team.Riders {
			if _, gone := out[r.Bib]; !gone {
				riders = append(riders, r)
			}
		}
	}
	return riders
}

// Exit is how a rider left the race (docs/rules.md §3.6, §4): in which stage, and the fatigue that
// made him retire at the end of it (0: he abandoned during it, or the time limit put him out).
type Exit struct {
	// Stage is the stage (1-based) the rider left the race in, or at the end of.
	Stage int
	// Fatigue is the fatigue above the limit that retired him after Stage (2RUOTE), else 0.
	Fatigue int
	// OTL marks a rider put out by the stage's time limit.
	OTL bool
}

// OutBefore maps each bib that left the race in prior (the stages before stage, or all of prior when
// stage is 0) to how it left, the first way that counts in each stage: abandoned during it, retired
// for fatigue at the end of it (docs/rules.md §3.6: such a rider does not start the next stage), or put
// out by its time limit. These riders may not be entered in a later stage's results.
func OutBefore(t *Tour, prior []StageResult, stage int) map[int]Exit {
	out := map[int]Exit{}
	for i, p := range prior {
		n := p.Stage
		if n == 0 {
			n = i + 1
		}
		if stage != 0 && n >= stage {
			continue
		}
		for _, a := range p.Abandons {
			if _, ok := out[a.Bib]; !ok {
				out[a.Bib] = Exit{Stage: n}
			}
		}
		for _, bib := range retiredBy(t, p) {
			if _, ok := out[bib]; !ok {
				out[bib] = Exit{Stage: n, Fatigue: p.Fatigue[bib]}
			}
		}
		for _, bib := range TimeCutOut(t, n, p) {
			if _, ok := out[bib]; !ok {
				out[bib] = Exit{Stage: n, OTL: true}
			}
		}
	}
	return out
}

// EntryProblem says why bib cannot be in a result of a stage whose earlier exits are out (OutBefore),
// or "" when it may be entered.
func EntryProblem(t *Tour, out map[int]Exit, bib int) i18n.Text {
	if _, ok := t.RiderByBib(bib); !ok {
		return i18n.Textf("no rider with bib %d in this tour", bib)
	}
	if e, gone := out[bib]; gone {
		if e.Fatigue > 0 {
			return i18n.Textf("bib %d retired after stage %d (fatigue %d, above %d)", bib, e.Stage, e.Fatigue, FatigueLimit(t))
		}
		if e.OTL {
			return i18n.Textf("bib %d finished stage %d outside the time limit", bib, e.Stage)
		}
		return i18n.Textf("bib %d abandoned in stage %d", bib, e.Stage)
	}
	return i18n.Text{}
}

// finishes reports whether bib is in a finish.
func finishes(f Finish, bib int) bool {
	for _, g := range f.Groups {
		for _, b := range g.Riders {
			if b == bib {
				return true
			}
		}
	}
	for _, r := range f.Results {
		if r.Bib == bib {
			return true
		}
	}
	for _, tt := range f.Teams {
		for _, d := range tt.Dropped {
			if d.Bib == bib {
				return true
			}
		}
	}
	return false
}

// ValidateLostTurn checks turns a Ciclismo a fondo rider lost in the current stage (docs/rules.md §2.6):
// the rider is in the tour and has not left the race in an earlier stage (he may still lose turns
// in the stage he abandons), 1 to MaxLostTurns turns (the reason's own number if the rules fix it), for
// one of the ruleset's lost-turn reasons. Fields are "bib", "turns" and "reason".
func ValidateLostTurn(t *Tour, prior []StageResult, cur StageResult, l LostTurn) error {
	v := &refuse.ValidationError{}
	if reason := EntryProblem(t, OutBefore(t, prior, cur.Stage), l.Bib); reason.Format != "" {
		v.AddText("bib", reason)
	}
	reason, ok := t.Ruleset.LostTurnReason(l.Reason)
	switch {
	case l.Turns < 1 || l.Turns > MaxLostTurns:
		v.Add("turns", "must be between 1 and 20")
	case ok && reason.Turns > 0 && l.Turns != reason.Turns:
		v.Addf("turns", "must be %d for this reason", reason.Turns)
	}
	if !ok {
		ids := make([]string, len(t.Ruleset.LostTurnReasons))
		for i, lr := range t.Ruleset.LostTurnReasons {
			ids[i] = lr.ID
		}
		v.Addf("reason", "must be one of: %s", strings.Join(ids, ", "))
	}
	return v.Err()
}

// SecondCrash reports whether a lost turn is the rider's second of a reason that takes him out on the
// second (a crash) in the stage: he leaves the stage and the tour (docs/rules.md §2.6).
func SecondCrash(rs *Ruleset, cur StageResult, l LostTurn) bool {
	if reason, ok := rs.LostTurnReason(l.Reason); !ok || !reason.OutOnSecond {
		return false
	}
	for _, prev := range cur.LostTurns {
		if prev.Bib == l.Bib && prev.Reason == l.Reason {
			return true
		}
	}
	return false
}

// ValidateCombativity checks the current stage's most combative rider (0 clears the award): a rider of
// the tour who has not left the race in an earlier stage. The field is "bib".
func ValidateCombativity(t *Tour, prior []StageResult, cur StageResult, bib int) error {
	if bib == 0 {
		return nil
	}
	if reason := EntryProblem(t, OutBefore(t, prior, cur.Stage), bib); reason.Format != "" {
		return refuse.InvalidText("bib", reason)
	}
	return nil
}
