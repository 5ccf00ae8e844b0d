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
func benchGet(b *testing.B, ta *testApp, path string) { benchGetEncoded(b, ta, path, "") }

// benchGetEncoded is benchGet asking for the answer in an encoding, as a browser asks for gzip
// ("": none asked).
func benchGetEncoded(b *testing.B, ta *testApp, path, encoding string) {
	b.Helper()
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		rec := httptest.NewRecorder()
		ta.Echo.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("GET %s = %d: %.300s", path, rec.Code, rec.Body.String())
		}
	}
}

// BenchmarkGrandTourReads measures the reads a room of viewers makes after every result (the
// -gzip ones as a browser asks, taking gzip).
func BenchmarkGrandTourReads(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages-1)
	for _, c := range []struct{ name, path, encoding string }{
		{"tour", "/api/v1/tours/%d", ""},
		{"standings", "/api/v1/tours/%d/standings", ""},
		{"standings-gzip", "/api/v1/tours/%d/standings", "gzip, deflate, br"},
		{"classifications-page", "/tours/%d/classifications", ""},
		{"classifications-page-gzip", "/tours/%d/classifications", "gzip, deflate, br"},
		{"cycling-party-page", "/tours/%d/cycling-party", ""},
		{"stage-page", "/tours/%d/stages/21", ""},
		{"tour-list", "/api/v1/tours", ""},
		{"home-page", "/", ""},
	} {
		path := c.path
		if strings.Contains(path, "%d") {
			path = fmt.Sprintf(path, tour.ID)
		}
		b.Run(c.name, func(b *testing.B) { benchGetEncoded(b, ta, path, c.encoding) })
	}
}

// BenchmarkGrandTourAfterWrite measures the first read after a write, when nothing is in memory for
// the tour's new version: a finish written, then the classifications page (or the standings) made.
func BenchmarkGrandTourAfterWrite(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages-1)
	do := grandtour.Handler(ta.Echo)
	finishes := twoFinishes(b, do, tour.ID)
	for _, read := range []string{"/tours/%d/classifications", "/api/v1/tours/%d/standings", "/tours/%d/stages/21"} {
		path := fmt.Sprintf(read, tour.ID)
		b.Run(strings.Split(read, "/")[len(strings.Split(read, "/"))-1], func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if status, body, err := do(http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/stages/21/finish", tour.ID), finishes[i%2]); err != nil || status != http.StatusOK {
					b.Fatalf("PUT finish = %d %v: %.300s", status, err, body)
				}
				if status, body, err := do(http.MethodGet, path, nil); err != nil || status != http.StatusOK {
					b.Fatalf("GET %s = %d %v: %.300s", path, status, err, body)
				}
				i++
			}
		})
	}
}

// BenchmarkGrandTourList measures the tour list and the Load page with one stored grand tour and
// with thirty (copies restored from its backup): they read a line per tour, not its standings.
func BenchmarkGrandTourList(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages)
	do := grandtour.Handler(ta.Echo)
	status, backup, err := do(http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/backup.json", tour.ID), nil)
	if err != nil || status != http.StatusOK {
		b.Fatalf("backup = %d %v", status, err)
	}
	for _, count := range []int{1, 30} {
		for have := len(listTours(b, do)); have < count; have++ {
			if status, body, err := do(http.MethodPost, "/api/v1/tours/import", json.RawMessage(backup)); err != nil || status != http.StatusCreated {
				b.Fatalf("restore = %d %v: %.300s", status, err, body)
			}
		}
		for _, page := range []string{"/api/v1/tours", "/tours", "/"} {
			b.Run(fmt.Sprintf("%d-tours%s", count, strings.ReplaceAll(page, "/", "-")), func(b *testing.B) { benchGet(b, ta, page) })
		}
	}
}

// listTours returns the stored tours' ids.
func listTours(b *testing.B, do grandtour.Caller) []struct{ ID uint } {
	var list []struct{ ID uint }
	if err := getJSON(do, "/api/v1/tours", &list); err != nil {
		b.Fatal(err)
	}
	return list
}

// twoFinishes are two different finishes of the riders racing the open last stage.
func twoFinishes(b *testing.B, do grandtour.Caller, id uint) []map[string]any {
	var standings struct {
		Individual []struct {
			Bib int `json:"bib"`
		} `json:"individual"`
	}
	if err := getJSON(do, fmt.Sprintf("/api/v1/tours/%d/standings", id), &standings); err != nil {
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
	return []map[string]any{grandtour.Finish(order), grandtour.Finish(reversed)}
}

// BenchmarkGrandTourBooks measures the whole race book of the grand tour, as PDF and as XLSX: made
// afresh (a write to the open last stage before each, so nothing is in memory for the version) and
// served again from memory.
func BenchmarkGrandTourBooks(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages-1)
	do := grandtour.Handler(ta.Echo)
	for _, format := range []string{"pdf", "xlsx"} {
		path := fmt.Sprintf("/api/v1/tours/%d/sheets/book.%s", tour.ID, format)
		b.Run(format+"-made", func(b *testing.B) { benchMade(b, do, tour.ID, path) })
		b.Run(format+"-again", func(b *testing.B) { benchGet(b, ta, path) })
	}
}

// benchMade measures GET path made afresh: before each, untimed, a write to the open last stage's
// first sprint (two orders in turn), so nothing is in memory for the tour's new version.
func benchMade(b *testing.B, do grandtour.Caller, tourID uint, path string) {
	b.Helper()
	b.ReportAllocs()
	orders := []map[string]any{{"order": []int{11, 12, 13}}, {"order": []int{13, 12, 11}}}
	i := 0
	for b.Loop() {
		b.StopTimer()
		if status, body, err := do(http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/stages/21/sprints/1", tourID), orders[i%2]); err != nil || status != http.StatusOK {
			b.Fatalf("PUT sprint = %d %v: %.300s", status, err, body)
		}
		i++
		b.StartTimer()
		if status, body, err := do(http.MethodGet, path, nil); err != nil || status != http.StatusOK {
			b.Fatalf("GET %s = %d %v: %.300s", path, status, err, body)
		}
	}
}

// BenchmarkGrandTourFinishWrite measures a result write: PUT the finish of every rider of the open
// last stage, two different finishes in turn so that each write changes what is stored.
func BenchmarkGrandTourFinishWrite(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages-1)
	do := grandtour.Handler(ta.Echo)
	path := fmt.Sprintf("/api/v1/tours/%d/stages/21/finish", tour.ID)
	finishes := twoFinishes(b, do, tour.ID)
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

// BenchmarkGrandTourStory measures the story of the grand tour after 20 stages (its charts drawn for a
// phone and a screen, its awards): the director's page, the follower's, the TV podium, the JSON and
// the one-page summary, each made afresh (a write to the open last stage before each, so nothing is
// in memory for the version) and served again from memory.
func BenchmarkGrandTourStory(b *testing.B) {
	ta, tour := grandTourApp(b, grandtour.Stages-1)
	do := grandtour.Handler(ta.Echo)
	var view struct {
		Code string `json:"follow_code"`
	}
	if err := getJSON(do, fmt.Sprintf("/api/v1/tours/%d", tour.ID), &view); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, path string }{
		{"page", fmt.Sprintf("/tours/%d/story", tour.ID)},
		{"follow-page", "/follow/" + view.Code + "/story"},
		{"tv-podium", "/follow/" + view.Code + "/tv/podium"},
		{"api", fmt.Sprintf("/api/v1/tours/%d/story", tour.ID)},
		{"summary-pdf", fmt.Sprintf("/api/v1/tours/%d/sheets/summary.pdf", tour.ID)},
	} {
		b.Run(c.name+"-made", func(b *testing.B) { benchMade(b, do, tour.ID, c.path) })
		b.Run(c.name+"-again", func(b *testing.B) { benchGet(b, ta, c.path) })
	}
}
