package app_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"racedirector/app/store"
)

// TestUCIRoadBonusesAsPublished checks bonuses entered as the officials publish them, through the API
// and the stage page: a finish with a bonus column (CSV or JSON) is the stage's whole truth — a rider
// with an empty bonus has none and the tables add nothing, sprint orders or not; a finish without it
// takes the tables (finish and intermediate sprints). The stage says which applies.
func TestUCIRoadBonusesAsPublished(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	a, b := youthTeams(t, ta)
	stages := []map[string]any{
		{"type": "flat", "length": 180, "sprints": sprintsAt(90)},
		{"type": "flat", "length": 170, "sprints": sprintsAt(80)},
		{"type": "flat", "length": 160, "sprints": sprintsAt(70)},
	}
	r := createRaceTour(t, ta, "uci-road", 3, stages, []uint{a, b}, false)
	csv := func(n int, text string) {
		t.Helper()
		req := httptest.NewRequest(http.MethodPut, r.url("/stages/%d/finish", n), strings.NewReader(text))
		req.Header.Set("Content-Type", "text/csv")
		if rec := ta.serve(t, req, true); rec.Code != http.StatusOK {
			t.Fatalf("PUT the CSV finish of stage %d = %d; body:\n%s", n, rec.Code, clip(rec.Body.String()))
		}
	}
	bonuses := func(after int) map[int]int {
		out := map[int]int{}
		for _, row := range r.standings(t, after).Individual {
			out[row.Bib] = row.Bonus
		}
		return out
	}
	say := func(n int, want, words string) {
		t.Helper()
		if v := decode[store.StageView](t, r.ok(t, http.MethodGet, fmt.Sprintf("/stages/%d", n), nil)); v.Bonuses != want {
			t.Errorf("stage %d bonuses = %q, want %q", n, v.Bonuses, want)
		}
		if page := getPage(t, ta, fmt.Sprintf("/tours/%d/stages/%d", r.id, n)); !strings.Contains(page, words) {
			t.Errorf("the stage %d page does not say %q", n, words)
		}
	}
	finish := "11,4:00:00,\n12,4:00:00,\n13,4:00:10,\n21,4:00:10,\n22,4:00:20,\n23,4:00:20,\n"

	// Stage 1: no bonus column — the tables: 10, 6, 4 at the finish, 3, 2, 1 at the sprint.
	r.order(t, 1, "sprints", 1, 22, 12, 23)
	csv(1, "bib,time,penalty\n"+finish)
	say(1, "tables", "Bonuses: from the tables (finish 10, 6, 4 s; intermediate sprints 3, 2, 1 s).")
	r.close(t, 1)
	if got, want := bonuses(1), map[int]int{11: 10, 12: 6 + 2, 13: 4, 21: 0, 22: 3, 23: 1}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("bonuses after stage 1 (tables) = %v, want %v", got, want)
	}

	// Stage 2: the bonus column, one bonus — the only one of the stage, the sprint order gives nothing.
	r.order(t, 2, "sprints", 1, 22, 12, 23)
	csv(2, "bib,time,bonus,penalty\n"+strings.Replace(finish, "13,4:00:10,", "13,4:00:10,4,", 1))
	say(2, "entered", "Bonuses: as entered with the finish (the officials&#39; bonus column)")
	r.close(t, 2)
	got := bonuses(2)
	if want := map[int]int{11: 10, 12: 8, 13: 4 + 4, 21: 0, 22: 3, 23: 1}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("bonuses after stage 2 (one entered) = %v, want %v", got, want)
	}

	// Stage 3: JSON saying the officials gave no bonus at all.
	rows := []map[string]any{}
	for i, bib := range []int{11, 12, 13, 21, 22, 23} {
		rows = append(rows, map[string]any{"bib": bib, "time": fmt.Sprintf("3:50:%02d", i)})
	}
	r.ok(t, http.MethodPut, "/stages/3/finish", map[string]any{"results": rows, "bonuses_given": true})
	say(3, "entered", "the bonus tables add nothing in this stage")
	r.close(t, 3)
	if fmt.Sprint(bonuses(3)) != fmt.Sprint(got) {
		t.Errorf("bonuses after stage 3 = %v, want those after stage 2 (%v): the officials gave none", bonuses(3), got)
	}
}
