package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
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

// BenchmarkGrandTourThirtyTours measures what thirty stored grand tours keep in memory once each
// tour's pages were read (classifications, standings, Cycling Party, follow page, TV): the live heap
// after a collection, reported as heap-MB. Each iteration reads every tour's pages again. With
// RACEDIRECTOR_HEAP_PROFILE=file, the heap at the end is written there (go tool pprof -sample_index
// inuse_space) to see who holds it.
func BenchmarkGrandTourThirtyTours(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages)
	do := grandtour.Handler(ta.Echo)
	status, backup, err := do(http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/backup.json", tour.ID), nil)
	if err != nil || status != http.StatusOK {
		b.Fatalf("backup = %d %v", status, err)
	}
	for have := len(listTours(b, do)); have < 30; have++ {
		if status, body, err := do(http.MethodPost, "/api/v1/tours/import", json.RawMessage(backup)); err != nil || status != http.StatusCreated {
			b.Fatalf("restore = %d %v: %.300s", status, err, body)
		}
	}
	var paths []string
	for _, t := range listTours(b, do) {
		var view struct {
			Code string `json:"follow_code"`
		}
		if err := getJSON(do, fmt.Sprintf("/api/v1/tours/%d", t.ID), &view); err != nil {
			b.Fatal(err)
		}
		for _, p := range []string{"/tours/%d/classifications", "/api/v1/tours/%d/standings", "/tours/%d/cycling-party"} {
			paths = append(paths, fmt.Sprintf(p, t.ID))
		}
		paths = append(paths, "/follow/"+view.Code, "/follow/"+view.Code+"/tv")
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range paths {
			if status, body, err := do(http.MethodGet, p, nil); err != nil || status != http.StatusOK {
				b.Fatalf("GET %s = %d %v: %.300s", p, status, err, body)
			}
		}
	}
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapAlloc)/(1<<20), "heap-MB")
	if path := os.Getenv("RACEDIRECTOR_HEAP_PROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
			b.Fatal(err)
		}
	}
}
