package app_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"strings"
	"testing"
	"time"

	"racedirector/app"
	"racedirector/app/store/storetest"
)

// childDB names the variable that makes TestServeAsSecondProcess serve the database it names.
const childDB = "RACEDIRECTOR_TEST_SECOND_PROCESS_DB"

// TestServeAsSecondProcess is the second process of TestTwoProcessesServeTheSameTours: run by it (the
// test binary again), it serves the database it is given until interrupted.
func TestServeAsSecondProcess(t *testing.T) {
	dsn := os.Getenv(childDB)
	if dsn == "" {
		t.Skip("the second process of TestTwoProcessesServeTheSameTours, which runs it")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := app.Run(ctx, app.Config{Addr: "127.0.0.1:0", DB: dsn}, os.Stdout, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
}

// readyLine is what app.Run prints once it listens.
var readyLine = regexp.MustCompile(`open (http://\S+)/ `)

// TestTwoProcessesServeTheSameTours runs a second app process on the same PostgreSQL database: a tour
// this process creates is read there, and a follower of this process hears a result written there.
func TestTwoProcessesServeTheSameTours(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	ta := openTestApp(t, dsn)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	here := followServer(t, ta)

	cmd := exec.Command(os.Args[0], "-test.run=^TestServeAsSecondProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), childDB+"="+dsn)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := readyLine.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	var there string
	select {
	case there = <-found:
	case <-time.After(hangGuard):
		t.Fatal("the second process did not start within the hang guard")
	}

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
