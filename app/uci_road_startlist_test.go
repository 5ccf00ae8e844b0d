package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/store"
)

// TestUCIRoadStartLists checks start lists as they are through the API and the pages: teams of
// unequal size, a non-starter (DNS), a rider outside the time limit (OTL, who keeps his time but no
// place), a DNF; each status with its stage in the stage, the standings ("field" and "out") and the
// pages; a status that is not one, or a finish for a rider who did not start, refused by field.
func TestUCIRoadStartLists(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	a := addTeam(t, ta, "Trois", "TRO", []map[string]any{{"name": "Un", "number": 1, "role": "leader"}, {"name": "Deux", "number": 2, "role": "sprinter"}, {"name": "Trois", "number": 3, "role": "rouleur"}})
	b := addTeam(t, ta, "Deux", "DEU", []map[string]any{{"name": "Quatre", "number": 1, "role": "leader"}, {"name": "Cinq", "number": 2, "role": "sprinter"}})
	body := createBody(propose(t, ta, proposalBody("uci-road", "medium", 2, 7)), a, b)
	body["riders_per_team"] = 3
	tour := createTour(t, ta, body)
	if len(tour.Teams[0].Riders) != 3 || len(tour.Teams[1].Riders) != 2 {
		t.Fatalf("teams of %d and %d riders, want 3 and 2", len(tour.Teams[0].Riders), len(tour.Teams[1].Riders))
	}
	r := raceRun{ta: ta, id: tour.ID}

	// Stage 1: bib 12 does not start.
	r.refused(t, "a status that is none", http.MethodPost, "/stages/1/abandons", map[string]any{"bib": 12, "reason": "ill", "status": "HD"}, http.StatusUnprocessableEntity, "validation", "status")
	r.ok(t, http.MethodPost, "/stages/1/abandons", map[string]any{"bib": 12, "reason": "ill", "status": "DNS"})
	r.refused(t, "a finish for a non-starter", http.MethodPut, "/stages/1/finish", clockFinish([2]int{11, 15000}, [2]int{12, 15000}, [2]int{13, 15010}, [2]int{21, 15020}, [2]int{22, 15030}),
		http.StatusUnprocessableEntity, "validation", "results[1].bib")
	r.ok(t, http.MethodPut, "/stages/1/finish", clockFinish([2]int{11, 15000}, [2]int{13, 15010}, [2]int{21, 15020}, [2]int{22, 15030}))
	r.close(t, 1)

	// Stage 2: bib 13 finishes outside the time limit; his time stays in the finish.
	r.ok(t, http.MethodPut, "/stages/2/finish", clockFinish([2]int{21, 14000}, [2]int{11, 14010}, [2]int{22, 14020}, [2]int{13, 16000}))
	r.refused(t, "a DNF for a rider with a finish", http.MethodPost, "/stages/2/abandons", map[string]any{"bib": 22, "reason": "crash"}, http.StatusUnprocessableEntity, "validation", "bib")
	r.ok(t, http.MethodPost, "/stages/2/abandons", map[string]any{"bib": 13, "reason": "time limit", "status": "otl"})
	stage := decode[store.StageView](t, r.ok(t, http.MethodGet, "/stages/2", nil))
	if len(stage.Times) != 3 || len(stage.OutTimes) != 1 || stage.OutTimes[0].Bib != 13 || stage.OutTimes[0].Time != 16000 {
		t.Errorf("stage 2 times %+v and out_times %+v, want 3 placed and bib 13 in 16000 s unplaced", stage.Times, stage.OutTimes)
	}
	r.close(t, 2)
	st := r.standings(t, 2)
	if want := (race.FieldCount{Starters: 4, Finishers: 3, OTL: 1}); st.Field != want {
		t.Errorf("field of stage 2 = %+v, want %+v", st.Field, want)
	}
	if f := r.standings(t, 1).Field; f != (race.FieldCount{Starters: 4, Finishers: 4, DNS: 1}) {
		t.Errorf("field of stage 1 = %+v, want 4 starters, 4 finishers, 1 non-starter", f)
	}
	if len(st.Out) != 2 || st.Out[0].Bib != 12 || st.Out[0].Status != "DNS" || st.Out[0].Stage != 1 ||
		st.Out[1].Bib != 13 || st.Out[1].Status != "OTL" || st.Out[1].Stage != 2 || !st.Out[1].HasTime || st.Out[1].Time != 16000 {
		t.Errorf("out after stage 2 = %+v, want 12 DNS in stage 1 and 13 OTL in stage 2 with his time", st.Out)
	}
	checkTimeRows(t, "GC after stage 2", st.Individual, []tw{{11, 15000 + 14010 - 10 - 6, 0}, {21, 15020 + 14000 - 4 - 10, 12}, {22, 15030 + 14020 - 4, 52}})

	// Pages.
	page := getPage(t, ta, fmt.Sprintf("/tours/%d/stages/2", tour.ID))
	for _, want := range []string{"outside the time limit (OTL)", `<abbr title="OTL">OTL</abbr>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the stage 2 page lacks %q", want)
		}
	}
	classes := getPage(t, ta, fmt.Sprintf("/tours/%d/classifications", tour.ID))
	for _, want := range []string{"Stage 2: 4 starters, 3 finishers, 1 outside the time limit.", `id="c-out"`, `<abbr title="did not start">DNS</abbr>`} {
		if !strings.Contains(classes, want) {
			t.Errorf("the classifications page lacks %q", want)
		}
	}
	riders := getPage(t, ta, fmt.Sprintf("/tours/%d/riders", tour.ID))
	if !strings.Contains(riders, "did not start (DNS), stage 1") {
		t.Errorf("the riders page does not say bib 12 did not start stage 1")
	}
	tourCall(t, ta, http.MethodGet, r.url("/sheets/result.pdf?stage=2"), nil, http.StatusOK)
}

// TestStagePageAbandonStatus checks the abandonment form of a real race's stage page: the status is
// chosen among the four, a forged one is refused beside its field with nothing stored.
func TestStagePageAbandonStatus(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := youthTour(t, ta, nil)
	page := getPage(t, ta, fmt.Sprintf("/tours/%d/stages/1", tour.ID))
	for _, s := range race.Statuses() {
		if !strings.Contains(page, fmt.Sprintf(`<option value="%s"`, s)) {
			t.Errorf("the abandonment form does not offer %s", s)
		}
	}
	before := ta.snapshot(t)
	rec := ta.form(t, fmt.Sprintf("/tours/%d/stages/1/abandons", tour.ID), url.Values{"bib": {"12"}, "reason": {"ill"}, "status": {"XX"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="abandon-status-error"`) {
		t.Errorf("a forged status = %d, want 422 with the message beside the field; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("the refused abandonment changed the database:\n%s", diffLines(before, after))
	}
	rec = ta.form(t, fmt.Sprintf("/tours/%d/stages/1/abandons", tour.ID), url.Values{"bib": {"12"}, "reason": {"ill"}, "status": {"DNS"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("a non-starter through the page = %d, want 303", rec.Code)
	}
	if got := decode[store.StageView](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/stages/1", tour.ID), nil, http.StatusOK)).Results.Abandons; len(got) != 1 || got[0].Status != "DNS" {
		t.Errorf("abandons after the page = %+v, want bib 12 DNS", got)
	}
}
