package race

import (
	"cmp"
	"fmt"
	"slices"

	"racedirector/app/refuse"
)

// defaultTTTRider is the UCI's rider whose time is the team's in a team time trial: the 4th.
const defaultTTTRider = 4

// TTTRider is the rider whose time is a team's in the tour's team time trials (the 4th unless the
// ruleset or the tour says otherwise), or 0 when every rider keeps his own time.
func (t *Tour) TTTRider() int {
	switch {
	case t.Settings.TTTOwnTimes:
		return 0
	case t.Settings.TTTRider > 0:
		return t.Settings.TTTRider
	case t.Ruleset.TTTRider > 0:
		return t.Ruleset.TTTRider
	}
	return defaultTTTRider
}

// teamEntries adds the riders of the teams entered per team: the team's time to each rider of the
// team still racing who is not dropped nor out of this stage (did not start or finish it), the dropped
// riders' own times; it notes those teams in w.perTeam.
func (w *stageWork) teamEntries(number int, res *StageResult, gone []int, scale int) error {
	if len(res.Finish.Teams) == 0 {
		return nil
	}
	out := map[int]bool{}
	for _, a := range res.Abandons {
		out[a.Bib] = !a.Crossed()
	}
	for _, tt := range res.Finish.Teams {
		ti := w.f.teamIndex(tt.Team)
		if ti < 0 {
			return fmt.Errorf("race: stage %d team time: no team %d in this tour", number, tt.Team)
		}
		w.perTeam[ti] = true
		dropped := map[int]bool{}
		for _, d := range tt.Dropped {
			dropped[d.Bib] = true
		}
		for i := range w.f.riders {
			bib := w.f.riders[i].Bib
			if w.f.team[i] != ti || dropped[bib] || out[bib] || gone[i] != 0 && gone[i] < number {
				continue
			}
			if err := w.add(number, bib, clockTime(tt.Hundredths, scale), tt.Hundredths, 0, 0, gone); err != nil {
				return err
			}
		}
		for _, d := range tt.Dropped {
			if err := w.add(number, d.Bib, clockTime(d.Hundredths, scale), d.Hundredths, d.Bonus*scale, d.Penalty*scale, gone); err != nil {
				return err
			}
		}
	}
	return nil
}

// clockTime is a clock time in hundredths in the ruleset's unit (scale 1: whole seconds).
func clockTime(hundredths, scale int) int {
	if scale == 1 {
		return hundredths / 100
	}
	return hundredths
}

// kthRider gives, in each team entered per rider, the time of its k-th rider (by time; its last
// finisher when fewer finish) to him and every rider ahead of him; the riders dropped keep their own.
func (w *stageWork) kthRider(k, scale int) {
	byTeam := map[int][]int{}
	for i, e := range w.fin {
		if ti := w.f.team[e.rider]; !w.perTeam[ti] {
			byTeam[ti] = append(byTeam[ti], i)
		}
	}
	for _, idx := range byTeam {
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(w.fin[a].fine, w.fin[b].fine) })
		team := w.fin[idx[min(k, len(idx))-1]].fine
		for _, i := range idx {
			if w.fin[i].fine <= team {
				w.fin[i].fine, w.fin[i].time = team, clockTime(team, scale)
			}
		}
	}
}

// teamIndex is the index in Tour.Teams of the team with that id, or -1.
func (f *field) teamIndex(id int) int {
	for i, team := range f.teams {
		if team == id {
			return i
		}
	}
	return -1
}

// validateTeamTimes checks a team time trial entered per team: only in a team time trial of the clock
// model; each team of the tour once, not also entered per rider, with a time; its dropped riders its
// own, still racing, once each, with times not negative. Fields are "teams[i].team", "teams[i].hundredths"
// and "teams[i].dropped[j].bib".
func validateTeamTimes(t *Tour, out map[int]Exit, here map[int]bool, cur StageResult, f Finish, seen map[int]string, v *refuse.ValidationError) {
	if len(f.Teams) == 0 {
		return
	}
	if cur.Stage >= 1 && cur.Stage <= len(t.Stages) {
		if st, _ := t.Ruleset.StageType(t.Stages[cur.Stage-1].Type); st.TimeTrial != TimeTrialTeam {
			v.Add("teams", "only a team time trial takes team times: enter each rider's result")
			return
		}
	}
	perRider := map[int]bool{}
	for _, r := range f.Results {
		if rd, ok := t.RiderByBib(r.Bib); ok {
			perRider[rd.TeamID] = true
		}
	}
	given := map[int]int{}
	for i, tt := range f.Teams {
		p := fmt.Sprintf("teams[%d]", i)
		team, ok := t.TeamByID(tt.Team)
		switch {
		case !ok:
			v.Addf(p+".team", "no team %d in this tour", tt.Team)
			continue
		case perRider[tt.Team]:
			v.Addf(p+".team", "%s has riders in results too: enter the team per team or per rider, not both", team.Name)
		}
		if j, dup := given[tt.Team]; dup {
			v.Addf(p+".team", "%s is already at teams[%d]", team.Name, j)
		}
		given[tt.Team] = i
		if tt.Hundredths <= 0 {
			v.Add(p+".hundredths", "the team's time is required")
		}
		for j, d := range tt.Dropped {
			dp := fmt.Sprintf("%s.dropped[%d]", p, j)
			rd, ok := t.RiderByBib(d.Bib)
			switch {
			case !ok || rd.TeamID != tt.Team:
				v.Addf(dp+".bib", "bib %d is not a rider of %s", d.Bib, team.Name)
				continue
			case EntryProblem(t, out, d.Bib).Format != "":
				v.AddText(dp+".bib", EntryProblem(t, out, d.Bib))
				continue
			case here[d.Bib]:
				v.Addf(dp+".bib", "bib %d abandoned in this stage", d.Bib)
				continue
			}
			if prev, dup := seen[d.Bib]; dup {
				v.Addf(dp+".bib", "bib %d is already in %s", d.Bib, prev)
				continue
			}
			seen[d.Bib] = dp
			for name, n := range map[string]int{"hundredths": d.Hundredths, "bonus": d.Bonus, "penalty": d.Penalty} {
				if n < 0 {
					v.Add(dp+"."+name, "must not be negative")
				}
			}
		}
	}
}

// teamEntered says whether a rider's team is entered per team in f (he finished with it unless he
// abandoned in the stage).
func teamEntered(t *Tour, f Finish, bib int) bool {
	r, ok := t.RiderByBib(bib)
	if !ok {
		return false
	}
	for _, tt := range f.Teams {
		if tt.Team == r.TeamID {
			return true
		}
	}
	return false
}

// forTour sets what the tour says of its team time trials; it returns w.
func (w *stageWork) forTour(t *Tour) *stageWork {
	w.tttK = t.TTTRider()
	w.tour = t
	return w
}
