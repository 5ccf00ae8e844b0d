package race

import (
	"fmt"
	"slices"
)

// ComputeStandings computes every classification of the tour after stage after (docs/rules.md §1.9),
// from the stored results of stages 1..k (results[i] is stage i+1; k may be less than the number of
// stages). after must be between 1 and len(results). Results of stages after it are not read, so
// the standings after a stage never change when later stages are entered.
//
// Choices where docs/rules.md leaves room: every classification ends with the bib (or team id) as last
// tie-break, so ranks run 1..n without holes; a rider or team not in the individual classification
// ranks after every rider in it for "better individual rank"; Cycling Party managers tied on points
// are ordered by the best individual rank of their riders; Leaders names the riders leading the
// individual, regularity, mountain and sprints classifications (the teams classification has no
// rider to dress, so it has no entry).
func ComputeStandings(t *Tour, results []StageResult, after int) (*Standings, error) {
	if after < 1 || after > len(results) {
		return nil, fmt.Errorf("race: standings after stage %d: results exist for stages 1–%d", after, len(results))
	}
	if after > len(t.Stages) {
		return nil, fmt.Errorf("race: standings after stage %d: the tour has %d stages", after, len(t.Stages))
	}
	for i := range after {
		if results[i].Stage != i+1 {
			return nil, fmt.Errorf("race: results[%d] is for stage %d, want stage %d", i, results[i].Stage, i+1)
		}
	}
	c := newCount(t)
	if err := c.stages(results, 1, after); err != nil {
		return nil, err
	}
	return c.standingsWith(results, after), nil
}

// stages counts stages from..to of results. Before the last of them it notes each rider's rank in the
// individual classification (before), from which the standings after it say who moved.
func (c *count) stages(results []StageResult, from, to int) error {
	for s := from; s <= to; s++ {
		if s == to {
			c.before = c.individualRanks()
		}
		if err := c.stage(s, &results[s-1]); err != nil {
			return err
		}
	}
	return nil
}

// standingsWith builds the standings after stage after, the last stage counted, with the lists read
// from the results themselves (field, riders out, penalties, combativity).
func (c *count) standingsWith(results []StageResult, after int) *Standings {
	st := c.standings(after)
	st.Field = fieldCount(c.t, results[:after], len(st.Stage), len(c.w.cut))
	st.Out = c.outRows(results[:after])
	st.Penalties, st.Combativity = c.penaltyRows(results[:after]), combativityRows(results[:after])
	st.MostCombative = results[after-1].MostCombative
	return st
}

// tally is one rider's running totals through the stages counted.
type tally struct {
	time, bonus, penalty int
	// dropped sums the hundredths that whole-second time-trial times leave out (clock model):
	// they are added back only to break ties.
	dropped  int
	placeSum int
	// timed counts stages with a time; lastPlace is the placing in the last stage counted.
	timed, lastPlace int
	regularity       int
	mountain         int
	sprints          int
	stageWins        int
	sprintWins       int
	// indRank is the rank in the individual classification (0: not in it).
	indRank int
}

// count accumulates a tour's results stage by stage.
type count struct {
	t  *Tour
	rs *Ruleset
	f  *field
	w  *stageWork
	// gone is the stage in which each rider abandoned, or the one after the stage at the end of
	// which his fatigue made him retire (0: still racing).
	gone   []int
	riders []tally
	// firsts counts first places on climbs per rider and category slot (hardest category first).
	firsts []int
	// slots maps a climb category id to its slot; categories without points have none.
	slots map[string]int
	// has says which classifications the ruleset has.
	hasRegularity, hasMountain, hasSprints, hasTeams bool
	teams                                            teamCount
	// stageWinners is the rider index of each stage's winner (-1: nobody finished).
	stageWinners []int
	// crossed is the time of each rider who left the race with a time in the stage he left it in
	// (outside the time limit, disqualified), by rider index.
	crossed map[int]int
	// cut is the time limit each rider the time limit put out of the race finished over, by rider index.
	cut map[int]int
	// before is each rider's rank in the individual classification before the last stage counted, by
	// rider index (0: not in it; nil before the first stage).
	before []int
}

// newCount prepares the counting of a tour.
func newCount(t *Tour) *count {
	f := newField(t)
	rs := &t.Ruleset
	c := &count{
		t: t, rs: rs, f: f, w: newStageWork(f).forTour(t),
		gone:          make([]int, f.size()),
		riders:        make([]tally, f.size()),
		hasRegularity: rs.Has(ClassRegularity),
		hasMountain:   rs.Has(ClassMountain),
		hasSprints:    rs.Has(ClassSprints),
		hasTeams:      rs.Has(ClassTeams) && rs.TeamBest > 0,
		stageWinners:  make([]int, 0, len(t.Stages)),
	}
	if c.hasMountain {
		cats := slices.Clone(rs.ClimbCategories)
		slices.SortStableFunc(cats, func(a, b ClimbCategory) int { return a.Rank - b.Rank })
		c.slots = map[string]int{}
		for _, cat := range cats {
			if len(cat.Points) > 0 {
				c.slots[cat.ID] = len(c.slots)
			}
		}
		c.firsts = make([]int, f.size()*len(c.slots))
	}
	if c.hasTeams {
		c.teams = newTeamCount(len(t.Teams))
	}
	return c
}

// stage counts stage number s. What is kept of the last stage counted (each rider's placing in it,
// the daily team ranking, the stage's finishers) is the stage the standings are computed after.
func (c *count) stage(s int, res *StageResult) error {
	for _, a := range res.Abandons {
		i := c.f.index(a.Bib)
		if i < 0 {
			return fmt.Errorf("race: stage %d abandons: no rider with bib %d in this tour", s, a.Bib)
		}
		if c.gone[i] == 0 {
			c.gone[i] = s
		}
	}
	stage := &c.t.Stages[s-1]
	if err := c.w.compute(c.rs, stage, s, res, c.gone); err != nil {
		return err
	}
	st, _ := c.rs.StageType(stage.Type)
	official := c.rs.OfficialResults && c.rs.TimeModel == TimeModelClock
	// The hundredths whole seconds leave out break ties, those of individual time trials only (UCI);
	// a team time trial's placings do not count in the sum of placings of an official race.
	dropped := st.TimeTrial == TimeTrialIndividual && c.rs.TimeModel == TimeModelClock && c.rs.TimeUnit == UnitSeconds
	placed := !(official && st.TimeTrial == TimeTrialTeam)
	fin := c.w.fin
	winner := -1
	for i := range c.riders {
		c.riders[i].lastPlace = 0
	}
	for _, e := range fin {
		r := &c.riders[e.rider]
		if dropped {
			r.dropped += e.fine - 100*e.time
		}
		r.time += e.time
		r.bonus += e.bonus
		r.penalty += e.penalty
		if placed {
			r.placeSum += e.place
		}
		r.timed++
		r.lastPlace = e.place
		if e.place == 1 {
			r.stageWins++
			winner = e.rider
		}
	}
	c.stageWinners = append(c.stageWinners, winner)
	for _, e := range c.w.crossed {
		if c.crossed == nil {
			c.crossed = map[int]int{}
		}
		c.crossed[e.rider] = e.time
	}
	for _, i := range c.w.cut {
		if c.gone[i] == 0 {
			c.gone[i] = s
		}
		if c.cut == nil {
			c.cut = map[int]int{}
		}
		c.cut[i] = c.w.limit
	}
	if err := c.juryDecisions(s, res); err != nil {
		return err
	}
	for _, bib := range retiredBy(c.t, *res) {
		if i := c.f.index(bib); i >= 0 && c.gone[i] == 0 {
			c.gone[i] = s + 1
		}
	}
	if c.hasRegularity {
		c.finishPoints(st)
		if err := c.orderPoints(s, res.Sprints, c.rs.SprintRegularity, func(r *tally, p int) { r.regularity += p }); err != nil {
			return err
		}
	}
	if c.hasSprints {
		err := c.orderPoints(s, res.Sprints, c.rs.SprintPoints, func(r *tally, p int) { r.sprints += p })
		if err != nil {
			return err
		}
		for _, order := range res.Sprints {
			if len(order) > 0 && len(c.rs.SprintPoints) > 0 {
				c.riders[c.f.index(order[0])].sprintWins++
			}
		}
	}
	if c.hasMountain {
		if err := c.climbPoints(s, stage, res); err != nil {
			return err
		}
	}
	if c.hasTeams {
		c.teams.stage(c.f, fin, c.rs.TeamBest)
		for _, p := range res.Penalties {
			if ti := c.f.teamIndex(p.Team); p.Team != 0 && ti >= 0 {
				c.teams.total[ti] += p.Seconds * clockScale(c.rs)
			}
		}
	}
	return nil
}

// finishPoints gives the stage type's regularity points by placing; in a team time trial every
// rider of a team gets the points of the team's placing.
func (c *count) finishPoints(st StageType) {
	table := st.Regularity
	if len(table) == 0 {
		return
	}
	if st.TimeTrial != TimeTrialTeam {
		for _, e := range c.w.fin[:min(len(c.w.fin), len(table))] {
			c.riders[e.rider].regularity += table[e.place-1]
		}
		return
	}
	place := make([]int, len(c.t.Teams))
	next := 0
	for _, e := range c.w.fin {
		ti := c.f.team[e.rider]
		if place[ti] == 0 {
			next++
			place[ti] = next
		}
		if place[ti] <= len(table) {
			c.riders[e.rider].regularity += table[place[ti]-1]
		}
	}
}

// orderPoints gives table[k] to the k-th rider of each order; unknown bibs are an error.
func (c *count) orderPoints(s int, orders map[int][]int, table []int, give func(*tally, int)) error {
	for k, order := range orders {
		for i, bib := range order {
			r := c.f.index(bib)
			if r < 0 {
				return fmt.Errorf("race: stage %d sprint %d: no rider with bib %d in this tour", s, k, bib)
			}
			if i < len(table) {
				give(&c.riders[r], table[i])
			}
		}
	}
	return nil
}

// climbPoints gives the mountain points of each climb and counts first places per category.
func (c *count) climbPoints(s int, stage *Stage, res *StageResult) error {
	for k, order := range res.Climbs {
		cat, err := climbCategoryOf(c.rs, stage, s, k)
		if err != nil {
			return err
		}
		for i, bib := range order {
			r := c.f.index(bib)
			if r < 0 {
				return fmt.Errorf("race: stage %d climb %d: no rider with bib %d in this tour", s, k, bib)
			}
			c.riders[r].mountain += ClimbAward(c.rs, cat, i).Points
		}
		if slot, ok := c.slots[cat.ID]; ok && len(order) > 0 {
			c.firsts[c.f.index(order[0])*len(c.slots)+slot]++
		}
	}
	return nil
}

// standings builds every classification from the counted stages: the individual one, then each
// declared points or places classification the tour has (Classifications order, each ranked from
// those before it), the young riders, the teams and the Cycling Party managers; Leaders names the
// first rider of each dressed classification.
func (c *count) standings(after int) *Standings {
	st := &Standings{AfterStage: after, Leaders: map[string]int{}}
	st.Stage = c.stageRows()
	ind := c.individual()
	st.Individual = c.timeRows(ind)
	orders := map[string][]int{ClassIndividual: ind}
	if c.t.Has(ClassYouth) {
		st.Youth = c.youth(ind)
	}
	for _, d := range Classifications() {
		if d.rank == nil || !c.t.Has(d.ID) {
			continue
		}
		order, value := d.rank(c, orders)
		orders[d.ID] = order
		*d.points(st) = c.pointsRows(order, value)
	}
	var teams []int
	if c.hasTeams {
		teams = c.teams.order(c.bestIndividualRanks())
		st.Teams = c.teamRows(teams, c.teams.total)
		st.DailyTeams = c.dailyRows()
	}
	if c.rs.Has(ClassCyclingParty) {
		pd := c.rs.Points
		if c.t.Points != nil {
			pd = c.t.Points
		}
		if pd != nil {
			st.CyclingParty = c.managers(pd, ind, orders[ClassRegularity], orders[ClassMountain], orders[ClassSprints], teams)
		}
	}
	for _, d := range Classifications() {
		if !d.Dressed {
			continue
		}
		if rows := d.TimeRows(st); len(rows) > 0 {
			st.Leaders[d.ID] = rows[0].Bib
		}
		if rows := d.PointsRows(st); len(rows) > 0 {
			st.Leaders[d.ID] = rows[0].Bib
		}
	}
	return st
}
