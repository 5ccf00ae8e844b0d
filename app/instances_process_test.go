package app_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"racedirector/app/store/storetest"
)

// TestTwoProcessesServeTheSameTours runs a second app process on the same PostgreSQL database: a tour
// this process creates is read there, and a follower of this process hears a result written there.
func TestTwoProcessesServeTheSameTours(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	ta := openTestApp(t, dsn)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	here := followServer(t, ta)

	there := serveInChild(t, dsn).Base

	tourURL := fmt.Sprintf("/api/v1/tours/%d", tour.ID)
	resp, err := http.Get(there + tourURL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), tour.FollowCode) {
		t.Fatalf("the second process answers tour %d with %d:\n%s", tour.ID, resp.StatusCode, clip(string(body)))
	}
	follower := openStream(t, here.URL, tour.FollowCode, "")
	follower.next(t)
	if st := apiCall(t, there, http.MethodPut, tourURL+"/stages/1/sprints/1", map[string]any{"order": []int{11, 21}}); st != http.StatusOK {
		t.Fatalf("PUT sprint on the second process = %d", st)
	}
	now, _ := ta.Store.TourVersion(tour.ID)
	if ch := follower.next(t).change(t); ch.Kind != "sprint" || ch.Version != now {
		t.Errorf("this process's follower heard %+v, want the second process's sprint at version %d", ch, now)
	}
}
