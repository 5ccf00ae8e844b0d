package race

import (
	"fmt"
	"maps"
)

// Tally is the count of a tour's first stages (every rider's times, points and placings so far), from
// which the standings after a later stage are made by counting only the stages after it: after a
// result of the open stage is written, its provisional standings count that one stage, not the
// whole tour again. A tally never changes once made; it holds no pointer to the tour it counted, so
// a kept tally keeps no older copy of the tour alive.
type Tally struct {
	c      *count
	counts int
}

// CountStages counts stages 1..n of results in t (n = 0: nothing counted yet).
func CountStages(t *Tour, results []StageResult, n int) (*Tally, error) {
	if err := checkCounted(t, results, n); err != nil {
		return nil, err
	}
	c := newCount(t)
	if err := c.stages(results, 1, n); err != nil {
		return nil, err
	}
	return keptTally(c, n), nil
}

// Stages is how many stages the tally counted.
func (p *Tally) Stages() int { return p.counts }

// Then counts stages p.Stages()+1..n more and returns the new tally; p is left as it was. t and the
// results must be those p was counted from, their first p.Stages() stages unchanged.
func (p *Tally) Then(t *Tour, results []StageResult, n int) (*Tally, error) {
	if n < p.counts {
		return nil, fmt.Errorf("race: a tally of %d stages cannot count up to stage %d", p.counts, n)
	}
	if err := checkCounted(t, results, n); err != nil {
		return nil, err
	}
	c := p.c.cloneFor(t)
	if err := c.stages(results, p.counts+1, n); err != nil {
		return nil, err
	}
	return keptTally(c, n), nil
}

// Standings are the standings after stage after (≥ p.Stages()), counting only the stages after the
// tally's: equal to ComputeStandings(t, results, after), of which they are the faster way.
func (p *Tally) Standings(t *Tour, results []StageResult, after int) (*Standings, error) {
	if after < 1 || after < p.counts {
		return nil, fmt.Errorf("race: standings after stage %d from a tally of %d stages", after, p.counts)
	}
	if err := checkCounted(t, results, after); err != nil {
		return nil, err
	}
	c := p.c.cloneFor(t)
	if err := c.stages(results, p.counts+1, after); err != nil {
		return nil, err
	}
	return c.standingsWith(results, after), nil
}

// checkCounted refuses to count stages 1..n of results that do not hold them in order.
func checkCounted(t *Tour, results []StageResult, n int) error {
	if n < 0 || n > len(results) {
		return fmt.Errorf("race: standings after stage %d: results exist for stages 1–%d", n, len(results))
	}
	if n > len(t.Stages) {
		return fmt.Errorf("race: standings after stage %d: the tour has %d stages", n, len(t.Stages))
	}
	for i := range n {
		if results[i].Stage != i+1 {
			return fmt.Errorf("race: results[%d] is for stage %d, want stage %d", i, results[i].Stage, i+1)
		}
	}
	return nil
}

// keptTally wraps a count as a tally, its tour left out (cloneFor gives it the tour it is used with).
func keptTally(c *count, n int) *Tally {
	c.t, c.rs, c.w.tour = nil, nil, nil
	return &Tally{c: c, counts: n}
}

// cloneFor is a deep copy of the count, its own totals and buffers, counting in t from now on. The
// rider index (field) and the climb slots are only read, so they are shared.
func (c *count) cloneFor(t *Tour) *count {
	d := *c
	d.t, d.rs = t, &t.Ruleset
	d.gone = cloneKeep(c.gone)
	d.riders = cloneKeep(c.riders)
	d.firsts = cloneKeep(c.firsts)
	d.stageWinners = cloneKeep(c.stageWinners)
	d.before = cloneKeep(c.before)
	d.crossed = maps.Clone(c.crossed)
	d.cut = maps.Clone(c.cut)
	d.teams = c.teams.clone()
	w := *c.w
	w.tour = t
	w.fin = cloneKeep(c.w.fin)
	w.pos = cloneKeep(c.w.pos)
	w.teamCount = cloneKeep(c.w.teamCount)
	w.crossed = cloneKeep(c.w.crossed)
	w.perTeam = cloneKeep(c.w.perTeam)
	w.cut = cloneKeep(c.w.cut)
	d.w = &w
	return &d
}

// clone is a deep copy of the team counting.
func (tc teamCount) clone() teamCount {
	tc.total = cloneKeep(tc.total)
	tc.out = cloneKeep(tc.out)
	tc.places = cloneKeep(tc.places)
	tc.daily = cloneKeep(tc.daily)
	tc.work = cloneKeep(tc.work)
	tc.finishers = cloneKeep(tc.finishers)
	tc.chosen = cloneKeep(tc.chosen)
	return tc
}

// cloneKeep copies a slice with its capacity (buffers are resliced up to it); nil stays nil.
func cloneKeep[T any](s []T) []T {
	if s == nil {
		return nil
	}
	out := make([]T, len(s), cap(s))
	copy(out, s)
	return out
}
