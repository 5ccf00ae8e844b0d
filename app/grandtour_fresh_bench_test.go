package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"racedirector/app/grandtour"
)

// BenchmarkGrandTourFirstStandings measures the first standings of the grand tour after a write,
// the write left out of the time: before each GET, untimed, the finish of the open last stage is
// written (two finishes in turn), so nothing is kept for the tour's new version but the state the
// write made. The "closed" case writes a sprint of stage 21 and asks the standings after stage 20;
// the "provisional" one asks the standings after the open stage 21 as entered so far.
func BenchmarkGrandTourFirstStandings(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages-1)
	do := grandtour.Handler(ta.Echo)
	finishes := twoFinishes(b, do, tour.ID)
	for _, c := range []struct{ name, path string }{
		{"closed", "/api/v1/tours/%d/standings"},
		{"provisional", "/api/v1/tours/%d/standings?provisional=1"},
	} {
		path := fmt.Sprintf(c.path, tour.ID)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				b.StopTimer()
				if status, body, err := do(http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/stages/21/finish", tour.ID), finishes[i%2]); err != nil || status != http.StatusOK {
					b.Fatalf("PUT finish = %d %v: %.300s", status, err, body)
				}
				i++
				b.StartTimer()
				if status, body, err := do(http.MethodGet, path, nil); err != nil || status != http.StatusOK {
					b.Fatalf("GET %s = %d %v: %.300s", path, status, err, body)
				}
			}
		})
	}
}
