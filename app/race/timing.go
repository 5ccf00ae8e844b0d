package race

import (
	"fmt"
	"slices"
)

// Cycling Party time-indicator bounds (docs/rules.md §1.8).
const (
	// TimeSquares is the number of time-indicator squares after the finish line.
	TimeSquares = 12
	// DieFaces is the number of faces of the last die rolled for the seconds.
	DieFaces = 6
	// MaxFinishTurn is the latest turn a group may cross the line in: a stage of MaxStageLength
	// squares is ridden in far fewer, and a larger turn would only overflow a time.
	MaxFinishTurn = 999
)

// CyclingPartySeconds is the Cycling Party finish time of a group (docs/rules.md §1.8):
// 60·turn + 55 − 5·(square − 1) + (6 − die) seconds. A square beyond the 12th counts as 12
// (and one before the 1st as 1); a die outside 1–6 counts as the nearest face.
func CyclingPartySeconds(turn, square, die int) int {
	square = min(max(square, 1), TimeSquares)
	die = min(max(die, 1), DieFaces)
	return 60*turn + 55 - 5*(square-1) + (DieFaces - die)
}

// StageTime is one rider's result in a stage: the stage time in the ruleset's unit, the placing,
// and the bonus (subtracted) and penalty (added) that count in the individual classification.
type StageTime struct {
	Bib     int `json:"bib"`
	Time    int `json:"time"`
	Place   int `json:"place"`
	Bonus   int `json:"bonus,omitempty"`
	Penalty int `json:"penalty,omitempty"`
}

// StageTimes turns the finish of stage stageNumber (1-based) into placings, in placing order:
// by time, then by entry order (the order of the groups as entered, then of the riders within a
// group); a road stage of a ruleset with OfficialResults is placed in entry order. Bonuses come
// from intermediate sprints, categorised climbs that have points and the finish (never in a time
// trial); in the clock model a rider's bonus entered with his finish is his whole bonus of the
// stage and replaces what those tables would give him. A rider who abandoned in this stage has no time,
// nor has one who left the race in prior, the stages before it (docs/rules.md §4): a team time trial
// entered per team times only the team's riders still racing.
func StageTimes(t *Tour, stageNumber int, prior []StageResult, res StageResult) ([]StageTime, error) {
	w, err := stageTimes(t, stageNumber, prior, res)
	if err != nil {
		return nil, err
	}
	out := make([]StageTime, len(w.fin))
	for i, e := range w.fin {
		out[i] = StageTime{Bib: w.f.riders[e.rider].Bib, Time: e.time, Place: e.place, Bonus: e.bonus, Penalty: e.penalty}
	}
	return out, nil
}

// StageOutTimes are the times, in entry order and without a place, of the riders who left the race in
// stage stageNumber after crossing the line (outside the time limit, disqualified); prior are the stages
// before it.
func StageOutTimes(t *Tour, stageNumber int, prior []StageResult, res StageResult) ([]StageTime, error) {
	w, err := stageTimes(t, stageNumber, prior, res)
	if err != nil {
		return nil, err
	}
	out := make([]StageTime, len(w.crossed))
	for i, e := range w.crossed {
		out[i] = StageTime{Bib: w.f.riders[e.rider].Bib, Time: e.time}
	}
	return out, nil
}

// stageTimes computes one stage alone: every rider of the tour starts it but those who left the race in
// prior (race.OutBefore) and those who abandon in it.
func stageTimes(t *Tour, stageNumber int, prior []StageResult, res StageResult) (*stageWork, error) {
	if stageNumber < 1 || stageNumber > len(t.Stages) {
		return nil, fmt.Errorf("race: stage %d is not a stage of this tour (1–%d)", stageNumber, len(t.Stages))
	}
	if res.Stage != 0 && res.Stage != stageNumber {
		return nil, fmt.Errorf("race: result of stage %d given for stage %d", res.Stage, stageNumber)
	}
	f := newField(t)
	gone := make([]int, f.size())
	for bib, e := range OutBefore(t, prior, stageNumber) {
		if i := f.index(bib); i >= 0 {
			gone[i] = e.Stage
		}
	}
	for _, a := range res.Abandons {
		if i := f.index(a.Bib); i >= 0 && gone[i] == 0 {
			gone[i] = stageNumber
		}
	}
	w := newStageWork(f).forTour(t)
	stage := &t.Stages[stageNumber-1]
	if err := w.compute(&t.Ruleset, stage, stageNumber, &res, gone); err != nil {
		return nil, err
	}
	return w, nil
}

// field is a tour's riders indexed 0..n-1 in tour order, with a bib lookup.
type field struct {
	riders []*Rider
	// team is the index in Tour.Teams of each rider's team.
	team []int
	// byBib maps a small bib to rider index + 1 (0: no rider); bibMap is used when bibs are large.
	byBib  []int32
	bibMap map[int]int
	// teams are the ids of the tour's teams, in tour order.
	teams []int
}

// maxSliceBib is the largest bib looked up through a slice rather than a map.
const maxSliceBib = 1 << 14

// newField indexes the riders of t.
func newField(t *Tour) *field {
	n, maxBib := 0, 0
	for _, team := range t.Teams {
		n += len(team.Riders)
		for _, r := range team.Riders {
			maxBib = max(maxBib, r.Bib)
		}
	}
	f := &field{riders: make([]*Rider, 0, n), team: make([]int, 0, n)}
	if maxBib <= maxSliceBib {
		f.byBib = make([]int32, maxBib+1)
	} else {
		f.bibMap = make(map[int]int, n)
	}
	for ti := range t.Teams {
		f.teams = append(f.teams, t.Teams[ti].ID)
		for ri := range t.Teams[ti].Riders {
			r := &t.Teams[ti].Riders[ri]
			idx := len(f.riders)
			f.riders = append(f.riders, r)
			f.team = append(f.team, ti)
			switch {
			case f.bibMap != nil:
				if _, dup := f.bibMap[r.Bib]; !dup {
					f.bibMap[r.Bib] = idx
				}
			case r.Bib >= 0 && f.byBib[r.Bib] == 0:
				f.byBib[r.Bib] = int32(idx + 1)
			}
		}
	}
	return f
}

// size is the number of riders.
func (f *field) size() int { return len(f.riders) }

// index returns the rider index of a bib, or -1.
func (f *field) index(bib int) int {
	if f.bibMap != nil {
		if i, ok := f.bibMap[bib]; ok {
			return i
		}
		return -1
	}
	if bib < 0 || bib >= len(f.byBib) {
		return -1
	}
	return int(f.byBib[bib]) - 1
}

// finisher is one rider's result in the stage being computed.
type finisher struct {
	rider int
	// time is in the ruleset's unit; fine orders riders within it (hundredths in the clock model).
	time, fine int
	entry      int
	place      int
	bonus      int
	penalty    int
}

// stageWork holds the buffers used to compute one stage after another.
type stageWork struct {
	f   *field
	fin []finisher
	// pos is each rider's position in fin + 1 (0: no time in this stage).
	pos []int32
	// teamCount counts finishers per team (team time trials, daily team ranking).
	teamCount []int
	// crossed are the riders who left the race in this stage with a time in it (outside the time
	// limit, disqualified): not placed, their time shown.
	crossed []finisher
	// given says the stage's bonuses were entered with the finish (the officials' bonus column):
	// the bonus tables give nothing in it.
	given bool
	// perTeam marks the teams (by index) entered per team in a team time trial; tttK is the rider
	// whose time is a team's in one (0: every rider his own).
	perTeam []bool
	tttK    int
	// tour is the tour the stages belong to (its time limits); cut are the riders the stage's time
	// limit took out of the race, limit that limit in the ruleset's unit (0: none).
	tour  *Tour
	cut   []int
	limit int
}

// newStageWork allocates the buffers for a field.
func newStageWork(f *field) *stageWork {
	return &stageWork{f: f, fin: make([]finisher, 0, f.size()), pos: make([]int32, f.size()), perTeam: make([]bool, len(f.teams)), tttK: defaultTTTRider}
}

// add appends a rider's result unless the rider is gone; it refuses unknown and repeated bibs.
func (w *stageWork) add(number, bib, time, fine, bonus, penalty int, gone []int) error {
	i := w.f.index(bib)
	if i < 0 {
		return fmt.Errorf("race: stage %d finish: no rider with bib %d in this tour", number, bib)
	}
	if w.pos[i] != 0 {
		return fmt.Errorf("race: stage %d finish: bib %d appears twice", number, bib)
	}
	if g := gone[i]; g != 0 && g <= number {
		if g == number {
			w.crossed = append(w.crossed, finisher{rider: i, time: time, fine: fine})
		}
		return nil
	}
	w.fin = append(w.fin, finisher{rider: i, time: time, fine: fine, entry: len(w.fin), bonus: bonus, penalty: penalty})
	w.pos[i] = int32(len(w.fin))
	return nil
}

// compute fills w.fin with the placings of one stage. gone[i] is the stage in which rider i
// abandoned (0: still racing); such riders get no time from that stage on.
func (w *stageWork) compute(rs *Ruleset, stage *Stage, number int, res *StageResult, gone []int) error {
	w.reset()
	w.given = res.Finish.BonusesEntered()
	st, ok := rs.StageType(stage.Type)
	if !ok {
		return fmt.Errorf("race: stage %d has type %q, which ruleset %q does not have", number, stage.Type, rs.ID)
	}
	if err := w.times(rs, number, res, gone); err != nil {
		return err
	}
	official := rs.OfficialResults && rs.TimeModel == TimeModelClock
	if st.TimeTrial == TimeTrialTeam && rs.TeamBest > 0 && !official {
		w.sortByTime()
		w.teamTimeTrial(rs.TeamBest)
	}
	if st.TimeTrial == TimeTrialTeam && official && w.tttK > 0 {
		w.kthRider(w.tttK, clockScale(rs))
	}
	if !official || st.TimeTrial != "" {
		w.sortByTime()
	}
	if w.tour != nil {
		w.timeCut(w.tour.TimeCut(stage.Type), res)
	}
	for i := range w.fin {
		w.fin[i].place = i + 1
		w.pos[w.fin[i].rider] = int32(i + 1)
		if st.TimeTrial == "" && i < len(rs.FinishBonuses) && !w.given {
			w.fin[i].bonus += rs.FinishBonuses[i]
		}
	}
	return w.orderBonuses(rs, stage, number, res)
}

// reset empties the buffers for the next stage.
func (w *stageWork) reset() {
	for _, e := range w.fin {
		w.pos[e.rider] = 0
	}
	w.fin = w.fin[:0]
	w.crossed = w.crossed[:0]
	w.cut = w.cut[:0]
	clear(w.perTeam)
}

// clockScale is 1 when clock times count in whole seconds, 100 in hundredths.
func clockScale(rs *Ruleset) int {
	if rs.TimeUnit == UnitHundredths {
		return 100
	}
	return 1
}

// times reads the finish in the ruleset's time model.
func (w *stageWork) times(rs *Ruleset, number int, res *StageResult, gone []int) error {
	fin := &res.Finish
	switch rs.TimeModel {
	case TimeModelCyclingParty, TimeModelTurns, TimeModelSectors:
		lead := 0
		for i, g := range fin.Groups {
			if i == 0 || g.Sector > lead {
				lead = g.Sector
			}
		}
		for _, g := range fin.Groups {
			var time int
			switch rs.TimeModel {
			case TimeModelCyclingParty:
				time = CyclingPartySeconds(g.Turn, g.Square, g.Die)
			case TimeModelTurns:
				time = g.Turn
			default:
				time = (lead - g.Sector) * rs.SecondsPerSector
			}
			for _, bib := range g.Riders {
				if err := w.add(number, bib, time, time, 0, 0, gone); err != nil {
					return err
				}
			}
		}
	case TimeModelClock:
		scale := 1
		if rs.TimeUnit == UnitHundredths {
			scale = 100
		}
		for _, r := range fin.Results {
			time := r.Hundredths
			if scale == 1 {
				time = r.Hundredths / 100
			}
			if err := w.add(number, r.Bib, time, r.Hundredths, r.Bonus*scale, r.Penalty*scale, gone); err != nil {
				return err
			}
		}
		if err := w.teamEntries(number, res, gone, scale); err != nil {
			return err
		}
	default:
		return fmt.Errorf("race: ruleset %q has unknown time model %q", rs.ID, rs.TimeModel)
	}
	return nil
}

// sortByTime orders finishers by time, then entry order; it skips the sort when already in order.
func (w *stageWork) sortByTime() {
	less := func(a, b finisher) int {
		if a.fine != b.fine {
			return a.fine - b.fine
		}
		return a.entry - b.entry
	}
	if !slices.IsSortedFunc(w.fin, less) {
		slices.SortFunc(w.fin, less)
	}
}

// teamTimeTrial gives every rider of a team the time of the team's best-th rider (or of its last
// finisher when fewer finish). w.fin must be in placing order.
func (w *stageWork) teamTimeTrial(best int) {
	teams := 0
	for _, e := range w.fin {
		teams = max(teams, w.f.team[e.rider]+1)
	}
	w.teamCount = slices.Grow(w.teamCount[:0], teams)[:teams]
	clear(w.teamCount)
	timeOf := make([][2]int, teams)
	for _, e := range w.fin {
		ti := w.f.team[e.rider]
		if w.teamCount[ti] < best {
			w.teamCount[ti]++
			timeOf[ti] = [2]int{e.time, e.fine}
		}
	}
	for i := range w.fin {
		tt := timeOf[w.f.team[w.fin[i].rider]]
		w.fin[i].time, w.fin[i].fine = tt[0], tt[1]
	}
}

// orderBonuses adds the intermediate-sprint and climb bonuses to the finishers.
func (w *stageWork) orderBonuses(rs *Ruleset, stage *Stage, number int, res *StageResult) error {
	if len(rs.SprintBonuses) > 0 {
		for _, order := range res.Sprints {
			w.bonus(order, rs.SprintBonuses)
		}
	}
	if len(rs.ClimbBonuses) > 0 {
		for k, order := range res.Climbs {
			cat, err := climbCategoryOf(rs, stage, number, k)
			if err != nil {
				return err
			}
			w.bonus(order, ClimbBonusTable(rs, cat))
		}
	}
	return nil
}

// bonus gives table[k] to the k-th rider of order who has a time in this stage and no bonus of
// bonuses entered with the finish (those are the stage's whole truth).
func (w *stageWork) bonus(order []int, table []int) {
	if w.given {
		return
	}
	for k, bib := range order[:min(len(order), len(table))] {
		if i := w.f.index(bib); i >= 0 && w.pos[i] > 0 {
			w.fin[w.pos[i]-1].bonus += table[k]
		}
	}
}

// climbCategoryOf returns the category of climb index k of a stage.
func climbCategoryOf(rs *Ruleset, stage *Stage, number, k int) (ClimbCategory, error) {
	for _, c := range stage.Climbs {
		if c.Index == k {
			cat, ok := rs.ClimbCategory(c.Category)
			if !ok {
				return ClimbCategory{}, fmt.Errorf("race: stage %d climb %d has category %q, which ruleset %q does not have", number, k, c.Category, rs.ID)
			}
			return cat, nil
		}
	}
	return ClimbCategory{}, fmt.Errorf("race: stage %d has no climb %d", number, k)
}
