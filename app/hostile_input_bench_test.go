package app_test

// Benchmarks of hostile input (issue 23): what a refusal costs in time and memory, measured rather
// than asserted. Run them with
//
//	go test -run '^$' -bench Hostile -benchmem ./app/

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
)

// hostileTour is a three-team Cycling Party tour of five riders a team (bibs 11–15, 21–25, 31–35).
func hostileTour(t testing.TB, ta *testApp) raceRun {
	t.Helper()
	teams := []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID, teamNamed(t, ta, "Verde").ID}
	body := map[string]any{"ruleset": "cycling-party", "name": "Hostile", "profile": "medium", "seed": 7,
		"riders_per_team": 5, "stages": cpRaceStages(), "teams": teams}
	return raceRun{ta: ta, id: createTour(t, ta, body).ID}
}

// repeatedBibFinish is a finish body of about size bytes: one group whose riders are bib 11 again and again.
func repeatedBibFinish(size int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"groups":[{"turn":0,"square":3,"die":2,"riders":[11`)
	for b.Len() < size {
		b.WriteString(",11")
	}
	b.WriteString(`]}]}`)
	return b.Bytes()
}

// BenchmarkHostileFinish measures the refusal of a 4 MB finish of one bib repeated.
func BenchmarkHostileFinish(b *testing.B) {
	ta := newTestApp(b)
	r := hostileTour(b, ta)
	body := repeatedBibFinish(4 << 20)
	target := r.url("/stages/1/finish")
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPut, target, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		ta.Echo.ServeHTTP(rec, req)
		if rec.Code != http.StatusUnprocessableEntity {
			b.Fatalf("PUT %s = %d, want 422: %.300s", target, rec.Code, rec.Body.String())
		}
	}
}
