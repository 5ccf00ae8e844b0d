package race

import (
	"strings"

	"racedirector/app/refuse"
)

// maxTimeCut is the largest time limit, in percent of the winner's time.
const maxTimeCut = 100

// TimeCut is the time limit of a stage of type typ in the tour, in percent of the winner's time (0:
// none): the tour's own, else the ruleset's. Only official results have one.
func (t *Tour) TimeCut(typ string) int {
	if !t.Ruleset.OfficialResults || t.Ruleset.TimeModel != TimeModelClock {
		return 0
	}
	if pct, ok := t.Settings.TimeCuts[typ]; ok {
		return pct
	}
	st, _ := t.Ruleset.StageType(typ)
	return st.TimeCut
}

// TimeLimit is the time limit of a stage won in winner (in the ruleset's unit) with a cut of pct
// percent: the winner's time and pct percent of it, rounded down.
func TimeLimit(winner, pct int) int { return winner + winner*pct/100 }

// timeCut takes out of the placings the riders over the stage's time limit who are not reinstated:
// they leave the race in this stage, outside the time limit (w.cut), their time shown (w.crossed).
func (w *stageWork) timeCut(pct int, res *StageResult) {
	w.limit = 0
	if pct <= 0 || len(w.fin) == 0 {
		return
	}
	best := w.fin[0].time
	for _, e := range w.fin {
		best = min(best, e.time)
	}
	w.limit = TimeLimit(best, pct)
	kept := map[int]bool{}
	for _, r := range res.Reinstated {
		kept[r.Bib] = true
	}
	in := w.fin[:0]
	for _, e := range w.fin {
		if e.time > w.limit && !kept[w.f.riders[e.rider].Bib] {
			w.cut = append(w.cut, e.rider)
			w.crossed = append(w.crossed, finisher{rider: e.rider, time: e.time, fine: e.fine})
			w.pos[e.rider] = 0
			continue
		}
		in = append(in, e)
	}
	w.fin = in
}

// OverTimeLimit lists, in placing order, the riders of stage n over its time limit (reinstated or
// not), with the limit in the ruleset's unit (0: the stage has none).
func OverTimeLimit(t *Tour, n int, res StageResult) (bibs []int, limit int, err error) {
	kept := res
	kept.Reinstated = nil
	w, err := stageTimes(t, n, nil, kept)
	if err != nil {
		return nil, 0, err
	}
	for _, i := range w.cut {
		bibs = append(bibs, w.f.riders[i].Bib)
	}
	return bibs, w.limit, nil
}

// TimeCutOut lists the riders stage n (with results res) put out of the race for its time limit (not
// reinstated); none when the stage has no time limit.
func TimeCutOut(t *Tour, n int, res StageResult) []int {
	if n < 1 || n > len(t.Stages) || t.TimeCut(t.Stages[n-1].Type) == 0 {
		return nil
	}
	res.Stage = n
	w, err := stageTimes(t, n, nil, res)
	if err != nil {
		return nil
	}
	out := make([]int, len(w.cut))
	for i, r := range w.cut {
		out[i] = w.f.riders[r].Bib
	}
	return out
}

// ValidateReinstatement checks a reinstatement: a rider of the tour still in the race at the start of
// the current stage (he may be entered before the finish, and reinstating a rider within the time
// limit only costs him the points), not reinstated already, losing points that are not negative, and
// a reason. Fields are "bib", "points" and "reason".
func ValidateReinstatement(t *Tour, prior []StageResult, cur StageResult, r Reinstatement) error {
	v := &refuse.ValidationError{}
	if reason := EntryProblem(t, OutBefore(t, prior, cur.Stage), r.Bib); reason.Format != "" {
		v.AddText("bib", reason)
	}
	for _, k := range cur.Reinstated {
		if k.Bib == r.Bib {
			v.Addf("bib", "bib %d is already reinstated", r.Bib)
		}
	}
	if r.Points < 0 || r.Points > 1000 {
		v.Add("points", "must be between 0 and 1000")
	}
	if strings.TrimSpace(r.Reason) == "" {
		v.Add("reason", "is required (the jury's decision)")
	} else {
		CheckText(v, "reason", ReasonText, r.Reason)
	}
	return v.Err()
}

// ValidatePenalty checks a penalty: to a rider of the tour still in the race, or to a team of the tour
// (in time only); seconds and points not negative and something given; a reason. Fields are "bib",
// "team", "seconds", "points", "mountain" and "reason".
func ValidatePenalty(t *Tour, prior []StageResult, cur StageResult, p Penalty) error {
	v := &refuse.ValidationError{}
	switch {
	case p.Bib != 0 && p.Team != 0:
		v.Add("bib", "a penalty goes to a rider or to a team, not both")
	case p.Bib != 0:
		if reason := EntryProblem(t, OutBefore(t, prior, cur.Stage), p.Bib); reason.Format != "" {
			v.AddText("bib", reason)
		}
	case p.Team != 0:
		if _, ok := t.TeamByID(p.Team); !ok {
			v.Addf("team", "no team %d in this tour", p.Team)
		}
		if p.Points != 0 || p.Mountain != 0 {
			v.Add("points", "a team's penalty is in time only (teams have no points)")
		}
	default:
		v.Add("bib", "give the rider (bib) or the team penalised")
	}
	for name, n := range map[string]int{"seconds": p.Seconds, "points": p.Points, "mountain": p.Mountain} {
		if n < 0 || n > 100000 {
			v.Add(name, "must be between 0 and 100000")
		}
	}
	if p.Seconds == 0 && p.Points == 0 && p.Mountain == 0 {
		v.Add("seconds", "give the penalty in seconds, points or mountain points")
	}
	if strings.TrimSpace(p.Reason) == "" {
		v.Add("reason", "is required")
	} else {
		CheckText(v, "reason", ReasonText, p.Reason)
	}
	return v.Err()
}
