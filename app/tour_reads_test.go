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

// TestTourReadsCannotBePoisoned sends the tour's pages with hostile CSRF cookies before a viewer
// reads them: what the viewer gets must be what a fresh app makes, every viewer his own token.
func TestTourReadsCannotBePoisoned(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	pages := []string{fmt.Sprintf("/tours/%d/stages/1", tour.ID), fmt.Sprintf("/tours/%d/classifications", tour.ID), "/tours"}
	for _, hostile := range []string{"<", "e", "", `"><script>alert(1)</script>`, "0123456789abcdef0123456789abcdef"} {
		for _, p := range pages {
			req := httptest.NewRequest(http.MethodGet, p, nil)
			req.AddCookie(&http.Cookie{Name: "_csrf", Value: hostile})
			rec := ta.serve(t, req, false)
			if strings.Contains(rec.Body.String(), "<script>alert") {
				t.Errorf("GET %s with the CSRF cookie %q put it into the page unescaped", p, hostile)
			}
		}
	}
	fresh := openTestApp(t, ta.Path)
	for _, p := range pages {
		if got, want := readAnswer(t, ta, p), readAnswer(t, fresh, p); got != want {
			t.Errorf("GET %s after hostile cookies differs from a fresh app's:\n%s", p, diffLines(want, got))
		}
		// Two viewers get the page with their own token.
		a, b := ta.serve(t, httptest.NewRequest(http.MethodGet, p, nil), false), ta.serve(t, httptest.NewRequest(http.MethodGet, p, nil), false)
		if p != "/tours" && strings.Contains(a.Body.String(), `name="_csrf"`) {
			ta, tb := csrfValue.FindString(a.Body.String()), csrfValue.FindString(b.Body.String())
			if ta == tb || !strings.Contains(a.Header().Get("Set-Cookie"), strings.TrimSuffix(strings.TrimPrefix(ta, `name="_csrf" value="`), `"`)) {
				t.Errorf("GET %s: two viewers got tokens %s and %s; want each his own, the one of his cookie (%s)", p, ta, tb, a.Header().Get("Set-Cookie"))
			}
		}
	}
}

// TestTourReadsAnswerOnlyWhatTheyKeep checks that a 304 answers only an ETag of a 200 kept by this
// process: not an error page, not an answer of the app before a restart.
func TestTourReadsAnswerOnlyWhatTheyKeep(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	for _, p := range []string{fmt.Sprintf("/tours/%d/stages/99", tour.ID), fmt.Sprintf("/api/v1/tours/%d/standings?after=abc", tour.ID)} {
		req := httptest.NewRequest(http.MethodGet, p, nil)
		req.Header.Set("If-None-Match", "*")
		if rec := ta.serve(t, req, false); rec.Code == http.StatusNotModified || rec.Code < 400 {
			t.Errorf("GET %s with If-None-Match * = %d, want its refusal", p, rec.Code)
		}
	}
	p := fmt.Sprintf("/api/v1/tours/%d", tour.ID)
	etag := ta.serve(t, httptest.NewRequest(http.MethodGet, p, nil), false).Header().Get("ETag")
	ta = ta.restart(t)
	req := httptest.NewRequest(http.MethodGet, p, nil)
	req.Header.Set("If-None-Match", etag)
	if rec := ta.serve(t, req, false); rec.Code != http.StatusOK {
		t.Errorf("GET %s after a restart with the old ETag = %d, want 200 (the new process may run new code)", p, rec.Code)
	}
}
