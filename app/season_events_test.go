package app_test

// The live stream of a season (GET /api/v1/follow/season/{code}/events): its followers are told when
// a result is entered in one of its tours, when the season itself changes (its name, its tours) and
// when it is deleted; a follower who reconnects having seen the current state gets no repeat; two
// instances on one PostgreSQL database tell each other's followers.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"racedirector/app/store/storetest"
)

// seasonEvent is the data of a season stream's update.
type seasonEvent struct {
	Season  uint   `json:"season"`
	Version string `json:"version"`
	Tour    uint   `json:"tour"`
}

// seasonUpdate decodes an update event of a season's stream, failing the test for anything else.
func seasonUpdate(t testing.TB, ev sseEvent) seasonEvent {
	t.Helper()
	var u seasonEvent
	if ev.Event != "update" || json.Unmarshal([]byte(ev.Data), &u) != nil || u.Version == "" || ev.ID != u.Version {
		t.Fatalf("event %+v, want a season's update whose id is its state", ev)
	}
	return u
}

func TestSeasonStreamTellsItsToursChanges(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	first := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	second := createTour(t, ta, createBody(cpProposal(t, ta, 2, 6), 1, 2))
	srv := followServer(t, ta)
	s := decode[seasonJSON](t, ta.do(t, http.MethodPost, "/api/v1/seasons", obj{"name": "Liga", "points": []int{10, 5, 1}}))
	one := fmt.Sprintf("/api/v1/seasons/%d", s.ID)
	if st := apiCall(t, srv.URL, http.MethodPut, one+"/tours", obj{"tours": []uint{first.ID}}); st != http.StatusOK {
		t.Fatalf("PUT the season's tours = %d", st)
	}
	version, err := ta.Store.SeasonVersion(s.ID)
	if err != nil {
		t.Fatal(err)
	}
	stream := openStream(t, srv.URL, "season/"+s.FollowCode, "")
	if u := seasonUpdate(t, stream.next(t)); u.Version != version || u.Season != s.ID {
		t.Fatalf("the first event = %+v, want the season's state %s", u, version)
	}
	// A result in its tour.
	if st := apiCall(t, srv.URL, http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/stages/1/sprints/1", first.ID), obj{"order": []int{11, 21}}); st != http.StatusOK {
		t.Fatalf("PUT sprint = %d", st)
	}
	u := seasonUpdate(t, stream.next(t))
	now, _ := ta.Store.SeasonVersion(s.ID)
	if u.Tour != first.ID || u.Version == version || u.Version != now {
		t.Fatalf("after the sprint: %+v, want tour %d's change at the season's state %s", u, first.ID, now)
	}
	// A follower who reconnects having seen it is told nothing until the next change: the season's
	// own (its second tour), then a result of that tour, which it follows now.
	again := openStream(t, srv.URL, "season/"+s.FollowCode, u.Version)
	if st := apiCall(t, srv.URL, http.MethodPut, one+"/tours", obj{"tours": []uint{first.ID, second.ID}}); st != http.StatusOK {
		t.Fatalf("PUT the season's tours = %d", st)
	}
	for name, st := range map[string]*sseStream{"the first follower": stream, "the follower who resumed": again} {
		if got := seasonUpdate(t, st.next(t)); got.Tour != 0 || got.Version == u.Version {
			t.Errorf("%s was told %+v, want the season's own change", name, got)
		}
	}
	if st := apiCall(t, srv.URL, http.MethodPost, fmt.Sprintf("/api/v1/tours/%d/stages/1/abandons", second.ID), obj{"bib": 12, "reason": "crash"}); st != http.StatusCreated && st != http.StatusOK {
		t.Fatalf("POST abandon = %d", st)
	}
	if got := seasonUpdate(t, again.next(t)); got.Tour != second.ID {
		t.Errorf("after an abandon in the second tour: %+v, want its change", got)
	}
	// The result undone.
	if st := apiCall(t, srv.URL, http.MethodPost, fmt.Sprintf("/api/v1/tours/%d/stages/1/undo", second.ID), nil); st != http.StatusOK {
		t.Fatalf("POST undo = %d", st)
	}
	if got := seasonUpdate(t, again.next(t)); got.Tour != second.ID {
		t.Errorf("after the undo: %+v, want the second tour's change", got)
	}
	// The season deleted.
	if st := apiCall(t, srv.URL, http.MethodDelete, one, nil); st != http.StatusNoContent {
		t.Fatalf("DELETE season = %d", st)
	}
	for _, st := range []*sseStream{stream, again} {
		for {
			ev := st.next(t)
			if ev.Event == "deleted" {
				break
			}
			seasonUpdate(t, ev) // the abandon's change may come first to the first follower
		}
	}
	for _, code := range []string{"ZZZZZZ", "abc", s.FollowCode} {
		if rec := ta.do(t, http.MethodGet, "/api/v1/follow/season/"+code+"/events", nil); rec.Code != http.StatusNotFound {
			t.Errorf("GET events of season %q = %d, want 404", code, rec.Code)
		}
	}
}

// TestSeasonStreamAcrossInstances: a follower of a season connected to instance B is told of a
// result entered on A in one of its tours, and of the season's renaming on A.
func TestSeasonStreamAcrossInstances(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	a, b := openTestApp(t, dsn), openTestApp(t, dsn)
	tour := createTour(t, a, createBody(cpProposal(t, a, 3, 6), 1, 2))
	srvA, srvB := followServer(t, a), followServer(t, b)
	s := decode[seasonJSON](t, a.do(t, http.MethodPost, "/api/v1/seasons", obj{"name": "Liga", "points": []int{10, 5, 1}}))
	one := fmt.Sprintf("/api/v1/seasons/%d", s.ID)
	if st := apiCall(t, srvA.URL, http.MethodPut, one+"/tours", obj{"tours": []uint{tour.ID}}); st != http.StatusOK {
		t.Fatalf("PUT the season's tours on A = %d", st)
	}
	onB := openStream(t, srvB.URL, "season/"+s.FollowCode, "")
	first := seasonUpdate(t, onB.next(t))
	if st := apiCall(t, srvA.URL, http.MethodPut, fmt.Sprintf("/api/v1/tours/%d/stages/1/sprints/1", tour.ID), obj{"order": []int{11, 21}}); st != http.StatusOK {
		t.Fatalf("PUT sprint on A = %d", st)
	}
	if u := seasonUpdate(t, onB.next(t)); u.Tour != tour.ID || u.Version == first.Version {
		t.Errorf("B's follower heard %+v, want the tour's change", u)
	}
	if st := apiCall(t, srvA.URL, http.MethodPut, one, obj{"name": "Liga 2027", "points": []int{10, 5, 1}}); st != http.StatusOK {
		t.Fatalf("PUT the season on A = %d", st)
	}
	if u := seasonUpdate(t, onB.next(t)); u.Tour != 0 {
		t.Errorf("B's follower heard %+v, want the season's own change", u)
	}
}
