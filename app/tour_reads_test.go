package app_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestTourReadsCarryETags checks the conditional requests of a tour's pages, JSON and sheets: each
// answer has an ETag from the tour's version, If-None-Match with it answers 304 with no body, and
// after a write the same request answers 200 with a new ETag. The stage JSON keeps the stage's
// own version as its ETag (the If-Match of result writes).
func TestTourReadsCarryETags(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	get := func(path, etag string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		return ta.serve(t, req, true)
	}
	paths := []string{
		fmt.Sprintf("/api/v1/tours/%d", tour.ID),
		fmt.Sprintf("/tours/%d/stages/1", tour.ID),
		fmt.Sprintf("/tours/%d/classifications", tour.ID),
		fmt.Sprintf("/api/v1/tours/%d/sheets/stage.pdf?stage=1", tour.ID),
		"/api/v1/tours",
		"/tours",
	}
	etags := map[string]string{}
	for _, p := range paths {
		rec := get(p, "")
		etag := rec.Header().Get("ETag")
		if rec.Code != http.StatusOK || !strings.HasPrefix(etag, `W/"`) {
			t.Fatalf("GET %s = %d with ETag %q, want 200 with a weak ETag", p, rec.Code, etag)
		}
		if again := get(p, etag); again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Errorf("GET %s with If-None-Match %s = %d (%d bytes), want 304 with no body", p, etag, again.Code, again.Body.Len())
		}
		if other := get(p, `W/"1-0-0"`); other.Code != http.StatusOK {
			t.Errorf("GET %s with another ETag = %d, want 200", p, other.Code)
		}
		etags[p] = etag
	}
	stage := get(fmt.Sprintf("/api/v1/tours/%d/stages/1", tour.ID), "")
	if e := stage.Header().Get("ETag"); e != `"0"` {
		t.Errorf("stage JSON ETag = %q, want the stage's version \"0\"", e)
	}
	tourCall(t, ta, http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/stages/1/sprints/1", tour.ID), map[string]any{"order": []int{11, 12, 21}}, http.StatusOK)
	for _, p := range paths {
		rec := get(p, etags[p])
		if rec.Code != http.StatusOK || rec.Header().Get("ETag") == etags[p] {
			t.Errorf("GET %s after a write with the old ETag = %d, ETag %q, want 200 with a new ETag", p, rec.Code, rec.Header().Get("ETag"))
		}
	}
}
