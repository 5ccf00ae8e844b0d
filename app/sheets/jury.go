package sheets

import (
	"fmt"
	"strconv"

	"racedirector/app/race"
)

// juryTable lists the jury's decisions of a real race's stage n: the time limit, the riders
// reinstated, the penalties and the combativity awards; nil when there is nothing to say.
func (s *source) juryTable(st *race.Standings, n int) *table {
	if !s.rs.OfficialResults {
		return nil
	}
	t := &table{title: "Jury", cols: []column{flexCol("Decision", 56, true), flexCol("To", 56, false), flexCol("Why", 64, false)}}
	add := func(what, who, why string) {
		t.rows = append(t.rows, tableRow{cells: []cell{textCell(what), textCell(who), textCell(why)}})
	}
	stage := s.stage(n)
	if pct := s.t.TimeCut(stage.Type); pct > 0 {
		_, limit, _ := race.OverTimeLimit(s.t, n, s.result(n))
		add("Time limit", fmt.Sprintf("%d %% of the winner's time", pct), race.FormatClockTime(100*limit))
	}
	for _, k := range s.result(n).Reinstated {
		r, _ := s.rider(k.Bib)
		add("Reinstated", fmt.Sprintf("%d %s", k.Bib, r.Name), fmt.Sprintf("%s less: %s", race.Plural(k.Points, "point", "points"), k.Reason))
	}
	for _, p := range s.result(n).Penalties {
		who := strconv.Itoa(p.Team)
		if p.Bib != 0 {
			r, _ := s.rider(p.Bib)
			who = fmt.Sprintf("%d %s", p.Bib, r.Name)
		} else if team, ok := s.t.TeamByID(p.Team); ok {
			who = team.Name
		}
		add("Penalty: "+race.PenaltyWords(p), who, p.Reason)
	}
	if bib := s.result(n).Combativity; bib != 0 {
		r, _ := s.rider(bib)
		add("Most combative of the stage", fmt.Sprintf("%d %s", bib, r.Name), "")
	}
	if bib := st.MostCombative; bib != 0 {
		r, _ := s.rider(bib)
		add("Most combative of the tour", fmt.Sprintf("%d %s", bib, r.Name), "")
	}
	if len(t.rows) == 0 {
		return nil
	}
	return t
}
