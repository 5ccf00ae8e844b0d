package app_test

// The standings a race state keeps are carried to the state a results write makes, never across a
// change of the tour itself: after a settings change (the combined classification turned on, the
// young riders' cut-off) every standings read equals a fresh app's.

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"racedirector/app/store"
)

func TestSettingsChangeIsNotAnsweredFromMemory(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tt := newTVTour(t, ta, "cycling-party")
	r := tt.r
	r.order(t, 1, "climbs", 2, 21, 12, 22)
	tt.finish(t, 1)
	r.close(t, 1)
	tt.finish(t, 2) // stage 2 open with a finish: its provisional standings are counted too

	// same reads every standings answer of the tour and compares it with a fresh app's, after the
	// reads of the app under test filled its memory (step names what was done last).
	same := func(step string) {
		t.Helper()
		view := decode[store.TourView](t, r.ok(t, http.MethodGet, "", nil))
		fresh := openTestApp(t, ta.Path)
		defer func() {
			if err := fresh.Close(); err != nil {
				t.Fatal(err)
			}
		}()
		for _, p := range standingsReads(r.id, view) {
			got := readAnswer(t, ta, p)
			if want := readAnswer(t, fresh, p); got != want {
				t.Errorf("after %s: GET %s from memory differs from a fresh app:\n%s", step, p, diffLines(want, got))
			}
		}
	}
	same("the results of stage 1 and 2") // the memory holds the standings before the change

	steps := []struct {
		what     string
		settings map[string]any
	}{
		{"the combined classification turned on", map[string]any{"combined": true}},
		{"the young riders' cut-off set", map[string]any{"combined": true, "youth_born_from": "1990-01-01"}},
		{"the combined classification turned off", map[string]any{"youth_born_from": "1990-01-01"}},
	}
	for i, s := range steps {
		r.ok(t, http.MethodPut, "/settings", s.settings)
		same(s.what)
		if on := strings.Contains(r.standingsJSON(t, 0), `"combined"`); on != (s.settings["combined"] == true) {
			t.Errorf("after %s: the standings have a combined classification: %v", s.what, on)
		}
		// A results write after the change carries what the state made after the change counted.
		r.order(t, 2, "sprints", i+1, 13, 23, 11)
		same(fmt.Sprintf("%s, then sprint %d of stage 2", s.what, i+1))
	}
	r.close(t, 2)
	same("stage 2 closed")
	r.ok(t, http.MethodPut, "/settings", map[string]any{"combined": true})
	same("the combined classification turned on after the last stage")
}
