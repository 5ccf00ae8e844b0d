package follow

import (
	"fmt"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
)

// The TV's cards: the results of the stage being raced, one card each, shown when they come in.

// tvCards are the results of stage n so far, one card each: every sprint and climb crossed and the
// riders who left the race. tv.js shows one when its result comes in.
func tvCards(l *i18n.Localizer, st *store.RaceState, n int) []tvView {
	rs := &st.Tour.Ruleset
	s := st.Tour.Stages[n-1]
	res := st.Results[n-1]
	word := base.SquareWordIn(l, rs)
	stage := l.T("standings.stage_n", "N", n)
	var out []tvView
	for _, sp := range s.Sprints {
		order := res.Sprints[sp.Index]
		if len(order) == 0 {
			continue
		}
		v := tvView{ID: fmt.Sprintf("sprint-%d-%d", n, sp.Index), Kind: "crossing", Tag: l.T("standings.sprint_n", "N", sp.Index), Title: l.T("tv.sprint.title"),
			Note: fmt.Sprintf("%s · %s %d", stage, word, sp.At), Card: "sprint", Stage: n, Mark: standing.BibText(order)}
		v.Rows = tvCrossing(st, order, func(i int) string { return sprintAward(l, rs, i) })
		out = append(out, v)
	}
	for _, cl := range s.Climbs {
		order := res.Climbs[cl.Index]
		if len(order) == 0 {
			continue
		}
		title := base.ClimbNameIn(l, rs, cl.Category)
		if cl.Name != "" {
			title = cl.Name + " (" + title + ")"
		}
		v := tvView{ID: fmt.Sprintf("climb-%d-%d", n, cl.Index), Kind: "crossing", Tag: l.T("standings.climb_n", "N", cl.Index), Title: title,
			Note: fmt.Sprintf("%s · %s %d–%d", stage, word, cl.Start, cl.End), Card: "climb", Stage: n, Mark: standing.BibText(order)}
		cat, _ := rs.ClimbCategory(cl.Category)
		v.Rows = tvCrossing(st, order, func(i int) string { return climbAward(l, rs, cat, i) })
		out = append(out, v)
	}
	if len(res.Abandons) > 0 {
		v := tvView{ID: fmt.Sprintf("abandons-%d", n), Kind: "crossing", Tag: l.T("standings.out"), Title: l.T("standings.tv.abandoned"), Note: stage, Card: "abandons", Stage: n}
		var bibs []int
		for _, a := range res.Abandons {
			r, _ := st.Tour.RiderByBib(a.Bib)
			t, _ := st.Tour.TeamByID(r.TeamID)
			v.Rows = append(v.Rows, tvRow{Bib: a.Bib, Name: r.Name, Team: t.Name, Color: tvColor(t.Color), Award: l.Say(race.ReasonWords(a.Reason))})
			bibs = append(bibs, a.Bib)
		}
		v.Rows = v.Rows[max(0, len(v.Rows)-tvTopTen):] // the latest ten
		v.Mark = standing.BibText(bibs)
		out = append(out, v)
	}
	return out
}

// tvCrossing is the top ten of a crossing order with what each place gave.
func tvCrossing(st *store.RaceState, order []int, award func(i int) string) []tvRow {
	var out []tvRow
	for i, bib := range order[:min(tvTopTen, len(order))] {
		r, _ := st.Tour.RiderByBib(bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		out = append(out, tvRow{Place: i + 1, Bib: bib, Name: r.Name, Team: t.Name, Color: tvColor(t.Color), Award: award(i)})
	}
	return out
}

// sprintAward says what place i (0-based) of an intermediate sprint gives: "5 points · 10 s bonus".
func sprintAward(l *i18n.Localizer, rs *race.Ruleset, i int) string {
	return awardWords(l, rs, race.SprintAward(rs, i))
}

// climbAward says what place i (0-based) on a climb of the category gives: the engine's award.
func climbAward(l *i18n.Localizer, rs *race.Ruleset, cat race.ClimbCategory, i int) string {
	return awardWords(l, rs, race.ClimbAward(rs, cat, i))
}

// awardWords writes an award: "5 points · 3 regularity points · 10 s bonus".
func awardWords(l *i18n.Localizer, rs *race.Ruleset, a race.Award) string {
	var parts []string
	if a.Points > 0 {
		parts = append(parts, base.PointsIn(l, a.Points))
	}
	if a.Regularity > 0 {
		parts = append(parts, l.N("standings.tv.regularity_points", a.Regularity))
	}
	if a.Bonus > 0 {
		parts = append(parts, bonusWords(l, rs, a.Bonus))
	}
	return strings.Join(parts, " · ")
}

// bonusWords writes one time bonus: "10 s bonus", "1 turn bonus".
func bonusWords(l *i18n.Localizer, rs *race.Ruleset, b int) string {
	if rs.TimeUnit == "turns" {
		return l.N("standings.tv.bonus_turns", b)
	}
	return l.T("standings.tv.bonus_seconds", "N", strconv.Itoa(b))
}
