package handlers

import (
	"fmt"
	"strconv"
	"strings"

	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/views"
)

// The TV's cards: the results of the stage being raced, one card each, shown when they come in.

// tvCards are the results of stage n so far, one card each: every sprint and climb crossed and the
// riders who left the race. tv.js shows one when its result comes in.
func tvCards(st *store.RaceState, n int) []tvView {
	rs := &st.Tour.Ruleset
	s := st.Tour.Stages[n-1]
	res := st.Results[n-1]
	word := squareWord(rs)
	var out []tvView
	for _, sp := range s.Sprints {
		order := res.Sprints[sp.Index]
		if len(order) == 0 {
			continue
		}
		v := tvView{ID: fmt.Sprintf("sprint-%d-%d", n, sp.Index), Kind: "crossing", Tag: "Sprint", Title: fmt.Sprintf("Sprint %d", sp.Index),
			Note: fmt.Sprintf("Stage %d · %s %d", n, word, sp.At), Card: "sprint", Stage: n, Mark: bibText(order)}
		v.Rows = tvCrossing(st, order, func(i int) string { return sprintAward(rs, i) })
		out = append(out, v)
	}
	for _, cl := range s.Climbs {
		order := res.Climbs[cl.Index]
		if len(order) == 0 {
			continue
		}
		title := climbName(rs, cl.Category)
		if cl.Name != "" {
			title = cl.Name + " (" + title + ")"
		}
		v := tvView{ID: fmt.Sprintf("climb-%d-%d", n, cl.Index), Kind: "crossing", Tag: fmt.Sprintf("Climb %d", cl.Index), Title: title,
			Note: fmt.Sprintf("Stage %d · %s %d–%d", n, word, cl.Start, cl.End), Card: "climb", Stage: n, Mark: bibText(order)}
		cat, _ := rs.ClimbCategory(cl.Category)
		v.Rows = tvCrossing(st, order, func(i int) string { return climbAward(rs, cat, i) })
		out = append(out, v)
	}
	if len(res.Abandons) > 0 {
		v := tvView{ID: fmt.Sprintf("abandons-%d", n), Kind: "crossing", Tag: "Out of the race", Title: "Abandoned", Note: fmt.Sprintf("Stage %d", n), Card: "abandons", Stage: n}
		var bibs []int
		for _, a := range res.Abandons {
			r, _ := st.Tour.RiderByBib(a.Bib)
			t, _ := st.Tour.TeamByID(r.TeamID)
			v.Rows = append(v.Rows, tvRow{Bib: a.Bib, Name: r.Name, Team: t.Name, Color: tvColor(t.Color), Award: a.Reason})
			bibs = append(bibs, a.Bib)
		}
		v.Rows = v.Rows[max(0, len(v.Rows)-tvTopTen):] // the latest ten
		v.Mark = bibText(bibs)
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
func sprintAward(rs *race.Ruleset, i int) string {
	var parts []string
	if i < len(rs.SprintPoints) {
		parts = append(parts, views.Plural(rs.SprintPoints[i], "point", "points"))
	}
	if i < len(rs.SprintRegularity) {
		parts = append(parts, views.Plural(rs.SprintRegularity[i], "regularity point", "regularity points"))
	}
	if i < len(rs.SprintBonuses) {
		parts = append(parts, bonusWords(rs, rs.SprintBonuses[i]))
	}
	return strings.Join(parts, " · ")
}

// climbAward says what place i (0-based) on a climb of the category gives.
func climbAward(rs *race.Ruleset, cat race.ClimbCategory, i int) string {
	var parts []string
	if i < len(cat.Points) {
		parts = append(parts, views.Plural(cat.Points[i], "point", "points"))
		if i < len(rs.ClimbBonuses) {
			parts = append(parts, bonusWords(rs, rs.ClimbBonuses[i]))
		}
	}
	return strings.Join(parts, " · ")
}

// bonusWords writes one time bonus: "10 s bonus", "1 turn bonus".
func bonusWords(rs *race.Ruleset, b int) string {
	if rs.TimeUnit == "turns" {
		return views.Plural(b, "turn", "turns") + " bonus"
	}
	return strconv.Itoa(b) + " s bonus"
}
