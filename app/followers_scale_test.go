package app_test

// A room of followers against a real listening server: two hundred streams all told of a write (the
// delays reported, never asserted: no test depends on the machine's speed), five hundred idle ones
// weighed, and the benchmark behind the README's figures.

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"racedirector/app"
)

// followerRoom is n followers of one tour, each with its stream open and its first event read.
type followerRoom struct {
	streams []*sseStream
	version int64
}

// openRoom opens n streams on the follow code and reads each one's first event.
func openRoom(t testing.TB, base, code string, n int) *followerRoom {
	t.Helper()
	room := &followerRoom{streams: make([]*sseStream, n)}
	for i := range room.streams {
		room.streams[i] = openStream(t, base, code, "")
		ev := room.streams[i].next(t)
		if v := ev.change(t).Version; v > room.version {
			room.version = v
		}
	}
	return room
}

// hear waits until every follower is told of a version past the room's and returns how long after
// start each one was; it fails the test when a follower hears nothing within the hang guard.
func (room *followerRoom) hear(t testing.TB, start time.Time) []time.Duration {
	t.Helper()
	delays := make([]time.Duration, len(room.streams))
	var wg sync.WaitGroup
	errs := make(chan error, len(room.streams))
	newest := make([]int64, len(room.streams))
	for i, s := range room.streams {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				ev, err := s.read()
				if err != nil {
					errs <- fmt.Errorf("follower %d: %v", i, err)
					return
				}
				v, _ := strconv.ParseInt(ev.ID, 10, 64)
				if ev.Event == "update" && v > room.version {
					delays[i], newest[i] = time.Since(start), v
					return
				}
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(hangGuard):
		t.Fatal("some followers heard nothing within the hang guard")
	}
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	room.version = slices.Max(newest)
	return delays
}

// percentile returns the p-th percentile (0–100) of the durations.
func percentile(d []time.Duration, p int) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	i := (len(s)*p+99)/100 - 1
	return s[max(i, 0)]
}

// sprintOrders are two crossing orders of sprint 1 to alternate, so that every write changes it.
var sprintOrders = [2][]int{{11, 21}, {21, 11}}

func TestTwoHundredFollowersHearAWrite(t *testing.T) {
	t.Parallel()
	ta := openTestAppWith(t, testTemplate.DSN(t, "racedirector.db"), testSite, manyFollowers)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	srv := followServer(t, ta)
	room := openRoom(t, srv.URL, tour.FollowCode, 200)
	path := fmt.Sprintf("/api/v1/tours/%d/stages/1/sprints/1", tour.ID)
	for i := range 3 {
		start := time.Now()
		if st := apiCall(t, srv.URL, http.MethodPut, path, map[string]any{"order": sprintOrders[i%2]}); st != http.StatusOK {
			t.Fatalf("PUT sprint = %d", st)
		}
		d := room.hear(t, start)
		t.Logf("write %d: all 200 followers told; from the write's start: p50 %v, p99 %v, slowest %v", i+1, percentile(d, 50), percentile(d, 99), slices.Max(d))
	}
}

// TestIdleFollowersCostLittle keeps 500 followers connected and idle and weighs what they cost the
// server: the heap and the goroutine stacks after a collection, against the goal of 40 MB. Not
// parallel, so that no other test's memory is counted. The followers are plain connections that
// read their first event and then wait, so the weight is the server's side (and the connections').
func TestIdleFollowersCostLittle(t *testing.T) {
	ta := openTestAppWith(t, testTemplate.DSN(t, "racedirector.db"), testSite, manyFollowers)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	srv := followServer(t, ta)
	u, _ := url.Parse(srv.URL)
	before := weigh()
	conns := make([]net.Conn, 0, 500)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := range 500 {
		c, err := net.Dial("tcp", u.Host)
		if err != nil {
			t.Fatalf("follower %d: %v", i, err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "GET /api/v1/follow/%s/events HTTP/1.1\r\nHost: %s\r\n\r\n", tour.FollowCode, u.Host)
		_ = c.SetReadDeadline(time.Now().Add(hangGuard))
		r := bufio.NewReaderSize(c, 512)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("follower %d: %v", i, err)
			}
			if strings.HasPrefix(line, "event: update") {
				break
			}
		}
	}
	after := weigh()
	cost := after - before
	t.Logf("500 idle followers cost %.1f MB (heap and stacks: %.1f MB before, %.1f MB after)", mb(cost), mb(before), mb(after))
	if cost > 40<<20 {
		t.Errorf("500 idle followers cost %.1f MB, over the 40 MB goal", mb(cost))
	}
}

// weigh is the heap in use and the goroutine stacks after a collection.
func weigh() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse)
}

func mb(b int64) float64 { return float64(b) / (1 << 20) }

// BenchmarkFollowersHearAWrite is one sprint write heard by 200 followers on a real server: the
// time until every follower is told, with the p50 and p99 of the followers' delays.
func BenchmarkFollowersHearAWrite(b *testing.B) {
	ta := openTestAppWith(b, testTemplate.DSN(b, "racedirector.db"), testSite, manyFollowers)
	tour := createTour(b, ta, createBody(cpProposal(b, ta, 3, 6), 1, 2))
	srv := followServer(b, ta)
	room := openRoom(b, srv.URL, tour.FollowCode, 200)
	path := fmt.Sprintf("/api/v1/tours/%d/stages/1/sprints/1", tour.ID)
	var all []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if st := apiCall(b, srv.URL, http.MethodPut, path, map[string]any{"order": sprintOrders[i%2]}); st != http.StatusOK {
			b.Fatalf("PUT sprint = %d", st)
		}
		all = append(all, room.hear(b, start)...)
	}
	b.ReportMetric(float64(percentile(all, 50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(all, 99).Microseconds())/1000, "p99-ms")
}

// manyFollowers lets one address (the tests' loopback) hold the many streams the scale tests open.
var manyFollowers = app.WithStreamsPerClient(5000)
