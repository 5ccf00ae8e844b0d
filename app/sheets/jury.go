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
	t := &table{title: s.w("table.jury"), cols: []column{flexCol(s.w("col.decision"), 56, true), flexCol(s.w("col.to"), 56, false), flexCol(s.w("col.why"), 64, false)}}
	add := func(what, who, why string) {
		t.rows = append(t.rows, tableRow{cells: []cell{textCell(what), textCell(who), textCell(why)}})
	}
	stage := s.stage(n)
	if pct := s.t.TimeCut(stage.Type); pct > 0 {
		_, limit, _ := race.OverTimeLimit(s.t, n, s.result(n))
		add(s.w("jury.time_limit"), s.w("jury.time_limit_pct", "Pct", pct), race.FormatClockTime(100*limit))
	}
	for _, k := range s.result(n).Reinstated {
		r, _ := s.rider(k.Bib)
		add(s.w("jury.reinstated"), fmt.Sprintf("%d %s", k.Bib, r.Name), s.w("jury.points_less", "Points", s.n("count.points", k.Points), "Reason", k.Reason))
	}
	for _, p := range s.result(n).Penalties {
		who := strconv.Itoa(p.Team)
		if p.Bib != 0 {
			r, _ := s.rider(p.Bib)
			who = fmt.Sprintf("%d %s", p.Bib, r.Name)
		} else if team, ok := s.t.TeamByID(p.Team); ok {
			who = team.Name
		}
		add(s.w("jury.penalty", "What", s.penaltyWords(p)), who, p.Reason)
	}
	if bib := s.result(n).Combativity; bib != 0 {
		r, _ := s.rider(bib)
		add(s.w("jury.combative_stage"), fmt.Sprintf("%d %s", bib, r.Name), "")
	}
	if bib := st.MostCombative; bib != 0 {
		r, _ := s.rider(bib)
		add(s.w("jury.combative_tour"), fmt.Sprintf("%d %s", bib, r.Name), "")
	}
	if len(t.rows) == 0 {
		return nil
	}
	return t
}
