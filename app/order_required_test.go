package app_test

import (
	"net/http"
	"testing"
)

// TestOrderRequired checks that a sprint or climb body without "order" is refused (422 on
// "order") and stores nothing, while an explicit [] still clears a stored order.
func TestOrderRequired(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 6, cpRaceStages(), []uint{1, 2, 3}, false)
	r.order(t, 1, "sprints", 1, 11, 21, 31)
	r.refused(t, "sprint body without order", http.MethodPut, "/stages/1/sprints/1", map[string]any{}, http.StatusUnprocessableEntity, "validation", "order")
	r.refused(t, "climb body without order", http.MethodPut, "/stages/1/climbs/1", map[string]any{}, http.StatusUnprocessableEntity, "validation", "order")
	r.ok(t, http.MethodPut, "/stages/1/sprints/1", map[string]any{"order": []int{}})
	if st, _ := r.stage(t, 1); len(st.Results.Sprints[1]) != 0 {
		t.Errorf("sprint 1 after an explicit [] = %v, want cleared", st.Results.Sprints[1])
	}
}
