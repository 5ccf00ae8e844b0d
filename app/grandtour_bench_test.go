package app_test

// Benchmarks of a stored grand tour (app/grandtour: 30 teams of 6, 21 stages, all raced) against the
// real router and a temporary SQLite database: the figures the README gives. Run them with
//
//	go test -run '^$' -bench GrandTour -benchmem ./app/

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"racedirector/app/grandtour"
)

// grandTourApp is an app holding the grand tour with its first closed stages closed and, when
// closed < grandtour.Stages, the next stage raced but open.
func grandTourApp(b *testing.B, closed int) (*testApp, grandtour.Tour) {
	b.Helper()
	ta := newTestApp(b)
	do := grandtour.Handler(ta.Echo)
	tour, err := grandtour.Seed(do, "Grand Tour", closed)
	if err != nil {
		b.Fatal(err)
	}
	if closed < grandtour.Stages {
		var racing []int
		var standings struct {
			Individual []struct {
				Bib int `json:"bib"`
			} `json:"individual"`
		}
		if err := getJSON(do, fmt.Sprintf("/api/v1/tours/%d/standings", tour.ID), &standings); err != nil {
			b.Fatal(err)
		}
		for _, r := range standings.Individual {
			racing = append(racing, r.Bib)
		}
		if _, err := grandtour.RaceStage(do, tour.ID, closed+1, racing); err != nil {
			b.Fatal(err)
		}
	}
	return ta, tour
}

// benchGet measures GET path, checking each answer is a 200.
func benchGet(b *testing.B, ta *testApp, path string) {
	b.Helper()
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		rec := httptest.NewRecorder()
		ta.Echo.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("GET %s = %d: %.300s", path, rec.Code, rec.Body.String())
		}
	}
}

// BenchmarkGrandTourReads measures the reads a room of viewers makes after every result.
func BenchmarkGrandTourReads(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages-1)
	for _, c := range []struct{ name, path string }{
		{"tour", "/api/v1/tours/%d"},
		{"standings", "/api/v1/tours/%d/standings"},
		{"classifications-page", "/tours/%d/classifications"},
		{"cycling-party-page", "/tours/%d/cycling-party"},
		{"stage-page", "/tours/%d/stages/21"},
		{"tour-list", "/api/v1/tours"},
		{"home-page", "/"},
	} {
		path := c.path
		if strings.Contains(path, "%d") {
			path = fmt.Sprintf(path, tour.ID)
		}
		b.Run(c.name, func(b *testing.B) { benchGet(b, ta, path) })
	}
}

// BenchmarkGrandTourBooks measures the whole race book of the grand tour, as PDF and as XLSX.
func BenchmarkGrandTourBooks(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages)
	for _, format := range []string{"pdf", "xlsx"} {
		b.Run(format, func(b *testing.B) { benchGet(b, ta, fmt.Sprintf("/api/v1/tours/%d/sheets/book.%s", tour.ID, format)) })
	}
}

// BenchmarkGrandTourFinishWrite measures a result write: PUT the finish of every rider of the open
// last stage, two different finishes in turn so that each write changes what is stored.
func BenchmarkGrandTourFinishWrite(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages-1)
	do := grandtour.Handler(ta.Echo)
	path := fmt.Sprintf("/api/v1/tours/%d/stages/21/finish", tour.ID)
	var standings struct {
		Individual []struct {
			Bib int `json:"bib"`
		} `json:"individual"`
	}
	if err := getJSON(do, fmt.Sprintf("/api/v1/tours/%d/standings", tour.ID), &standings); err != nil {
		b.Fatal(err)
	}
	var order []int
	for _, r := range standings.Individual {
		order = append(order, r.Bib)
	}
	reversed := make([]int, len(order))
	for i, bib := range order {
		reversed[len(order)-1-i] = bib
	}
	finishes := []map[string]any{grandtour.Finish(order), grandtour.Finish(reversed)}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		status, body, err := do(http.MethodPut, path, finishes[i%2])
		if err != nil || status != http.StatusOK {
			b.Fatalf("PUT finish = %d %v: %.300s", status, err, body)
		}
		i++
	}
}

// getJSON GETs path and decodes its answer.
func getJSON(do grandtour.Caller, path string, out any) error {
	status, data, err := do(http.MethodGet, path, nil)
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("GET %s = %d: %.300s", path, status, data)
	}
	return json.Unmarshal(data, out)
}
