package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/race"
)

// TestUCIRoadTimeLimitAndJury checks, through the API and the stage page, the time limit set per tour
// and stage type (a rider over it out of the race, marked OTL; one reinstated staying, with his
// points penalty), penalties in time and points to a rider and in time to a team, each with its
// reason, and the combativity awards of the stage and of the tour; refusals by field, nothing stored.
func TestUCIRoadTimeLimitAndJury(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	a, b := youthTeams(t, ta)
	stages := []map[string]any{{"type": "flat", "length": 180, "sprints": sprintsAt(90)}, {"type": "flat", "length": 170, "sprints": sprintsAt(80)}}
	r := createRaceTour(t, ta, "uci-road", 3, stages, []uint{a, b}, false)
	r.refused(t, "a time limit of 150 %", http.MethodPut, "/settings", map[string]any{"time_cuts": map[string]int{"flat": 150}}, http.StatusUnprocessableEntity, "validation", "time_cuts.flat")
	r.ok(t, http.MethodPut, "/settings", map[string]any{"youth_born_from": "2001-01-01", "time_cuts": map[string]int{"flat": 5}})

	// 4:00:00 wins: the limit is 4:12:00; 22 and 23 are over it, 23 is reinstated (20 points less).
	r.ok(t, http.MethodPut, "/stages/1/finish", clockFinish([2]int{11, 14400}, [2]int{12, 14400}, [2]int{13, 14500}, [2]int{21, 14700}, [2]int{22, 15200}, [2]int{23, 15300}))
	r.refused(t, "a reinstatement without a reason", http.MethodPost, "/stages/1/reinstatements", map[string]any{"bib": 23, "points": 20}, http.StatusUnprocessableEntity, "validation", "reason")
	r.ok(t, http.MethodPost, "/stages/1/reinstatements", map[string]any{"bib": 23, "points": 20, "reason": "held up by a crash"})
	r.refused(t, "a penalty to a rider and a team", http.MethodPost, "/stages/1/penalties", map[string]any{"bib": 12, "team": 1, "seconds": 20, "reason": "x"}, http.StatusUnprocessableEntity, "validation", "bib")
	r.refused(t, "points to a team", http.MethodPost, "/stages/1/penalties", map[string]any{"team": 1, "points": 20, "reason": "x"}, http.StatusUnprocessableEntity, "validation", "points")
	r.ok(t, http.MethodPost, "/stages/1/penalties", map[string]any{"bib": 12, "seconds": 20, "points": 10, "reason": "feeding in the last 20 km"})
	r.ok(t, http.MethodPost, "/stages/1/penalties", map[string]any{"team": 2, "seconds": 60, "reason": "team car in the bunch"})
	r.ok(t, http.MethodPut, "/stages/1/combativity", map[string]any{"bib": 21})
	r.refused(t, "the tour's most combative before the last stage", http.MethodPut, "/stages/1/most-combative", map[string]any{"bib": 21}, http.StatusUnprocessableEntity, "validation", "bib")
	r.close(t, 1)
	st := r.standings(t, 1)
	checkTimeRows(t, "GC after the time limit", st.Individual, []tw{{11, 14390, 0}, {12, 14400 - 6 + 20, 24}, {13, 14496, 106}, {21, 14700, 310}, {23, 15300, 910}})
	if len(st.Out) != 1 || st.Out[0].Bib != 22 || st.Out[0].Status != race.StatusOTL || st.Out[0].Reason != "time limit 4:12:00" {
		t.Errorf("out = %+v, want bib 22 outside the time limit of 4:12:00", st.Out)
	}
	if st.Field.OTL != 1 || st.Field.Finishers != 5 {
		t.Errorf("field = %+v, want 5 finishers and 1 outside the time limit", st.Field)
	}
	for _, p := range st.Regularity {
		if p.Bib == 23 || p.Bib == 12 && p.Points != 30-10 {
			t.Errorf("regularity line %+v: bib 12 has 30 − 10 points, bib 23 none (16 − 20)", p)
		}
	}
	// Team 2 has two riders left in the stage (22 is out): it leaves the team classification.
	if len(st.Teams) != 1 || st.Teams[0].TeamID != 1 || st.Teams[0].Time != 14400+14400+14500 {
		t.Errorf("teams = %+v, want team 1 alone in 43300 s", st.Teams)
	}
	if len(st.Penalties) != 3 || len(st.Combativity) != 1 || st.Combativity[0].Bib != 21 {
		t.Errorf("penalties %+v and combativity %+v, want 3 (with the reinstated rider's points) and bib 21", st.Penalties, st.Combativity)
	}
	// Stage 2: bib 22 is out; the tour's most combative rider is named with the last stage.
	r.refused(t, "a finish for the rider outside the time limit", http.MethodPut, "/stages/2/finish", clockFinish([2]int{22, 14000}), http.StatusUnprocessableEntity, "validation", "results[0].bib")
	r.ok(t, http.MethodPut, "/stages/2/most-combative", map[string]any{"bib": 21})

	// The stage page's jury section, its forms refused by field and saved.
	stage := fmt.Sprintf("/tours/%d/stages/2", r.id)
	page := getPage(t, ta, stage)
	for _, want := range []string{`id="jury"`, "Time limit: 5 % of the winner", `name="percent"`, "Most combative rider of the tour"} {
		if !strings.Contains(page, want) {
			t.Errorf("the stage 2 page lacks %q", want)
		}
	}
	before := ta.snapshot(t)
	rec := ta.form(t, stage+"/jury/penalty", url.Values{"_version": {r.version(t, 2)}, "bib": {"11"}, "seconds": {"abc"}, "reason": {"x"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="jury-penalty-seconds-error"`) {
		t.Errorf("a penalty of abc seconds = %d, want 422 beside the field; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	rec = ta.form(t, stage+"/jury/time-limit", url.Values{"_version": {r.version(t, 2)}, "percent": {"500"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="jury-percent-error"`) {
		t.Errorf("a time limit of 500 %% = %d, want 422 beside the field; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("refused jury forms changed the database:\n%s", diffLines(before, after))
	}
	for _, f := range []struct{ form, field, value string }{{"penalty", "seconds", "10"}, {"time-limit", "percent", "8"}, {"combativity", "bib", "11"}} {
		vals := url.Values{"_version": {r.version(t, 2)}, f.field: {f.value}}
		if f.form == "penalty" {
			vals.Set("bib", "11")
			vals.Set("reason", "pushing")
		}
		if rec := ta.form(t, stage+"/jury/"+f.form, vals); rec.Code != http.StatusSeeOther {
			t.Errorf("the %s form = %d, want 303; body:\n%s", f.form, rec.Code, clip(rec.Body.String()))
		}
	}
	if rec := ta.form(t, stage+"/jury/penalty/1/delete", url.Values{"_version": {r.version(t, 2)}}); rec.Code != http.StatusSeeOther {
		t.Errorf("taking the penalty back = %d, want 303", rec.Code)
	}
	classes := getPage(t, ta, fmt.Sprintf("/tours/%d/classifications", r.id))
	for _, want := range []string{`id="c-jury"`, "feeding in the last 20 km", "Most combative of the stage"} {
		if !strings.Contains(classes, want) {
			t.Errorf("the classifications page lacks %q", want)
		}
	}
}
