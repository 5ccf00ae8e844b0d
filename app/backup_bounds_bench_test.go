package app_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkBackupMillionBibs measures the refusal of a 3.9 MB backup whose open stage has a sprint
// of a million bibs, through the router: go test -run '^$' -bench BackupMillionBibs -benchmem ./app/
func BenchmarkBackupMillionBibs(b *testing.B) {
	ta := newTestApp(b)
	tour := createTour(b, ta, map[string]any{"ruleset": "cycling-party", "name": "A million bibs", "profile": "medium", "seed": 7,
		"riders_per_team": 5, "stages": cpRaceStages(), "teams": []uint{teamNamed(b, ta, "Rojo").ID, teamNamed(b, ta, "Azul").ID}})
	data := withSprint(b, mutate(b, backupOf(b, raceRun{ta: ta, id: tour.ID}), func(map[string]any) {}), 1_000_000)
	b.SetBytes(int64(len(data)))
	b.ReportMetric(float64(len(data))/(1<<20), "MB/backup")
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/tours/import", bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		ta.Echo.ServeHTTP(rec, req)
		if rec.Code != http.StatusUnprocessableEntity {
			b.Fatalf("import = %d, want 422; body:\n%s", rec.Code, clip(rec.Body.String()))
		}
	}
}
