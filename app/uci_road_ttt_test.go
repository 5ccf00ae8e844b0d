package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/store"
)

// tttRace is a real race whose first stage is a team time trial, with the youth teams (3 riders each).
func tttRace(t *testing.T, ta *testApp) raceRun {
	t.Helper()
	a, b := youthTeams(t, ta)
	stages := []map[string]any{{"type": "ttt", "length": 30}, {"type": "flat", "length": 180, "sprints": sprintsAt(90)}}
	return createRaceTour(t, ta, "uci-road", 3, stages, []uint{a, b}, false)
}

// TestUCIRoadTeamTimeTrial checks the team time trial through the API and the stage page: entered per
// rider (the team's time is its 4th rider's — here, with three riders, its last's — for him and those
// ahead, the dropped riders their own) or per team (the team's time for its riders, the dropped their
// own); the team ranking of the day; refusals by field with nothing stored.
func TestUCIRoadTeamTimeTrial(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := tttRace(t, ta)
	// Per rider: team 1's riders at 30:00.10, 30:00.50 and 31:10.00 (the third is the team's: all get it).
	r.ok(t, http.MethodPut, "/stages/1/finish", map[string]any{"results": []map[string]any{
		{"bib": 11, "time": "30:00.10"}, {"bib": 12, "time": "30:00.50"}, {"bib": 13, "time": "31:10.00"},
		{"bib": 21, "time": "30:05.00"}, {"bib": 22, "time": "30:05.00"}, {"bib": 23, "time": "30:05.00"}}})
	v := decode[store.StageView](t, r.ok(t, http.MethodGet, "/stages/1", nil))
	got := map[int]int{}
	for _, st := range v.Times {
		got[st.Bib] = st.Time
	}
	if want := map[int]int{11: 1870, 12: 1870, 13: 1870, 21: 1805, 22: 1805, 23: 1805}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("per-rider team times = %v, want %v", got, want)
	}

	// Per team: team 2 in 30:05.00, bib 23 dropped in 31:00; team 1 in 30:00.50, nobody dropped.
	r.refused(t, "a dropped rider of another team", http.MethodPut, "/stages/1/finish", map[string]any{"teams": []map[string]any{
		{"team": 1, "time": "30:00.50", "dropped": []map[string]any{{"bib": 23, "time": "31:00"}}}}}, http.StatusUnprocessableEntity, "validation", "teams[0].dropped[0].bib")
	r.refused(t, "a team time that is no time", http.MethodPut, "/stages/1/finish", map[string]any{"teams": []map[string]any{
		{"team": 1, "time": "30:0x"}}}, http.StatusUnprocessableEntity, "validation", "teams[0].time")
	r.ok(t, http.MethodPut, "/stages/1/finish", map[string]any{"teams": []map[string]any{
		{"team": 2, "time": "30:05.00", "dropped": []map[string]any{{"bib": 23, "time": "31:00"}}},
		{"team": 1, "time": "30:00.50"}}})
	r.close(t, 1)
	st := r.standings(t, 1)
	checkTimeRows(t, "team time trial", st.Stage, []tw{{11, 1800, 0}, {12, 1800, 0}, {13, 1800, 0}, {21, 1805, 5}, {22, 1805, 5}, {23, 1860, 60}})
	if len(st.DailyTeams) != 2 || st.DailyTeams[0].Time != 3*1800 || st.DailyTeams[1].Time != 1805+1805+1860 {
		t.Errorf("teams of the day = %+v, want 5400 and 5470", st.DailyTeams)
	}
	// A team time in a road stage is refused.
	r.refused(t, "team times in a road stage", http.MethodPut, "/stages/2/finish", map[string]any{"teams": []map[string]any{{"team": 1, "time": "4:00:00"}}},
		http.StatusUnprocessableEntity, "validation", "teams")
}

// TestStagePageTeamTimes checks the per-team entry of a team time trial on the stage page: a row per
// team, a bad time refused beside its team's row with nothing stored, then saved.
func TestStagePageTeamTimes(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := tttRace(t, ta)
	stage := fmt.Sprintf("/tours/%d/stages/1", r.id)
	page := getPage(t, ta, stage)
	for _, want := range []string{`id="team-times"`, `name="t1_time"`, `name="t2_dropped"`, "(its 4th rider&#39;s)"} { // the catalogue's words come escaped
		if !strings.Contains(page, want) {
			t.Errorf("the team time trial page lacks %q", want)
		}
	}
	before := ta.snapshot(t)
	rec := ta.form(t, stage+"/team-times", url.Values{"_version": {r.version(t, 1)}, "t1_time": {"30:00.50"}, "t2_time": {"30:0x"}, "t2_dropped": {"23 31:00"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="t2-time-error"`) {
		t.Errorf("a bad team time = %d, want 422 with the message beside team 2's time; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("the refused team times changed the database:\n%s", diffLines(before, after))
	}
	rec = ta.form(t, stage+"/team-times", url.Values{"_version": {r.version(t, 1)}, "t1_time": {"30:00.50"}, "t2_time": {"30:05.00"}, "t2_dropped": {"23 31:00"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("saving the team times = %d, want 303; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	v := decode[store.StageView](t, r.ok(t, http.MethodGet, "/stages/1", nil))
	if len(v.Results.Finish.Teams) != 2 || len(v.Times) != 6 {
		t.Errorf("after the page: %d teams entered, %d riders timed; want 2 and 6", len(v.Results.Finish.Teams), len(v.Times))
	}
	if page := getPage(t, ta, stage); !strings.Contains(page, `value="31:00"`) && !strings.Contains(page, `value="23 31:00"`) {
		t.Errorf("the saved team times are not shown back in the form")
	}
}
