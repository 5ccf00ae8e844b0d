package app_test

// The live stream of a tour's changes (GET /api/v1/follow/{code}/events) against a real listening
// server: the first event, one update per change with what changed, resume with Last-Event-ID, a
// deleted tour, unknown codes.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"racedirector/app"
	"racedirector/app/store"
)

// hangGuard stops a wait that would otherwise never end; it is no speed goal.
const hangGuard = 60 * time.Second

// sseEvent is one server-sent event.
type sseEvent struct {
	ID, Event, Data string
}

// change decodes an update event's data.
func (e sseEvent) change(t testing.TB) store.TourChange {
	t.Helper()
	var ch store.TourChange
	if err := json.Unmarshal([]byte(e.Data), &ch); err != nil {
		t.Fatalf("event data %q: %v", e.Data, err)
	}
	return ch
}

// sseStream reads events from an open stream.
type sseStream struct {
	body io.Closer
	r    *bufio.Reader
	// Comments counts the comment lines read (heartbeats).
	Comments int
}

// openStream opens the follow stream of code on the server at base; lastID, when not "", is sent as
// Last-Event-ID. The stream closes with the test.
func openStream(t testing.TB, base, code, lastID string) *sseStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/v1/follow/"+code+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatalf("opening the stream: %v", err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET events of %s = %d", code, resp.StatusCode)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("Content-Type = %q, want text/event-stream", ct)
	}
	return &sseStream{body: resp.Body, r: bufio.NewReader(resp.Body)}
}

// next reads the next event (skipping comments and the retry field); it fails the test after the
// hang guard.
func (s *sseStream) next(t testing.TB) sseEvent {
	t.Helper()
	type result struct {
		ev  sseEvent
		err error
	}
	done := make(chan result, 1)
	go func() {
		ev, err := s.read()
		done <- result{ev, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatalf("reading the stream: %v", r.err)
		}
		return r.ev
	case <-time.After(hangGuard):
		t.Fatal("no event within the hang guard")
	}
	return sseEvent{}
}

// read reads one event.
func (s *sseStream) read() (sseEvent, error) {
	var ev sseEvent
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			return ev, err
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == "":
			if ev.Event != "" || ev.Data != "" {
				return ev, nil
			}
		case strings.HasPrefix(line, ":"):
			s.Comments++
		case strings.HasPrefix(line, "id: "):
			ev.ID = strings.TrimPrefix(line, "id: ")
		case strings.HasPrefix(line, "event: "):
			ev.Event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			ev.Data = strings.TrimPrefix(line, "data: ")
		}
	}
}

// followServer is a real listening server for the test app, closed with the test.
func followServer(t testing.TB, ta *testApp) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(ta.Echo)
	t.Cleanup(srv.Close)
	return srv
}

// apiCall sends a JSON request to a real server and returns the status.
func apiCall(t testing.TB, base, method, path string, body any) int {
	t.Helper()
	var r io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		r = strings.NewReader(string(data))
	}
	req, _ := http.NewRequest(method, base+path, r)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}

func TestFollowStreamTellsEveryChange(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	if store.NormalizeFollowCode(tour.FollowCode) != tour.FollowCode {
		t.Fatalf("follow code %q is not 6 characters of the follow alphabet", tour.FollowCode)
	}
	srv := followServer(t, ta)
	version, err := ta.Store.TourVersion(tour.ID)
	if err != nil {
		t.Fatal(err)
	}

	s := openStream(t, srv.URL, strings.ToLower(tour.FollowCode), "")
	first := s.next(t)
	if first.Event != "update" || first.ID != strconv.FormatInt(version, 10) || first.change(t).Version != version {
		t.Fatalf("first event = %+v, want an update of version %d", first, version)
	}

	path := fmt.Sprintf("/api/v1/tours/%d/stages/1/sprints/1", tour.ID)
	if st := apiCall(t, srv.URL, http.MethodPut, path, map[string]any{"order": []int{11, 21}}); st != http.StatusOK {
		t.Fatalf("PUT sprint = %d", st)
	}
	ev := s.next(t)
	ch := ev.change(t)
	if ev.Event != "update" || ch.Kind != "sprint" || ch.Stage != 1 || ch.Version <= version || ev.ID != strconv.FormatInt(ch.Version, 10) {
		t.Fatalf("after the sprint: %+v (%+v), want an update of a sprint of stage 1 past version %d", ev, ch, version)
	}
	now, _ := ta.Store.TourVersion(tour.ID)
	if ch.Version != now {
		t.Errorf("the event says version %d, the tour is at %d", ch.Version, now)
	}

	// A follower who reconnects having seen the current version gets no repeat; the next change comes.
	again := openStream(t, srv.URL, tour.FollowCode, ev.ID)
	// A follower who saw an older version is told at once.
	behind := openStream(t, srv.URL, tour.FollowCode, strconv.FormatInt(version, 10))
	if got := behind.next(t).change(t); got.Version != now || got.Kind != "sprint" {
		t.Errorf("a follower behind was told %+v, want the sprint at version %d", got, now)
	}
	if st := apiCall(t, srv.URL, http.MethodPost, fmt.Sprintf("/api/v1/tours/%d/stages/1/abandons", tour.ID), map[string]any{"bib": 12, "reason": "crash"}); st != http.StatusCreated && st != http.StatusOK {
		t.Fatalf("POST abandon = %d", st)
	}
	for name, st := range map[string]*sseStream{"the first follower": s, "the follower who resumed": again} {
		if got := st.next(t).change(t); got.Kind != "abandon" || got.Version <= now {
			t.Errorf("%s was told %+v, want the abandon", name, got)
		}
	}

	// A deleted tour ends the stream with a "deleted" event.
	if st := apiCall(t, srv.URL, http.MethodDelete, fmt.Sprintf("/api/v1/tours/%d", tour.ID), nil); st != http.StatusNoContent && st != http.StatusOK {
		t.Fatalf("DELETE tour = %d", st)
	}
	if ev := s.next(t); ev.Event != "deleted" {
		t.Errorf("after the deletion: %+v, want a deleted event", ev)
	}
}

func TestFollowStreamRefusesUnknownCodes(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	for _, code := range []string{"ZZZZZZ", "abc", "0O1IL0", "%00", strings.Repeat("A", 300)} {
		rec := ta.do(t, http.MethodGet, "/api/v1/follow/"+code+"/events", nil)
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `"not_found"`) {
			t.Errorf("GET events of %q = %d %s, want a 404 JSON error", code, rec.Code, clip(rec.Body.String()))
		}
	}
}

// TestFollowStreamBeatsWhenIdle waits for the heartbeat comment an idle stream sends (every 15 s by
// default, so that proxies and phones keep it open; every 200 ms here, app.WithHeartbeat, so that
// the test does not idle for 15 s).
func TestFollowStreamBeatsWhenIdle(t *testing.T) {
	t.Parallel()
	ta := openTestAppWith(t, testTemplate.DSN(t, "racedirector.db"), testSite, app.WithHeartbeat(200*time.Millisecond))
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 2, 6), 1, 2))
	srv := followServer(t, ta)
	s := openStream(t, srv.URL, tour.FollowCode, "")
	s.next(t)
	done := make(chan error, 1)
	go func() {
		for {
			line, err := s.r.ReadString('\n')
			if err != nil || strings.HasPrefix(line, ": heartbeat") {
				done <- err
				return
			}
		}
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the stream ended before a heartbeat: %v", err)
		}
	case <-time.After(hangGuard):
		t.Fatal("no heartbeat within the hang guard")
	}
}
