package app_test

// Stopping the app with followers connected: SIGTERM ends their event streams, finishes the
// requests in flight and exits 0, the whole app in its own process as main runs it.

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"testing"
	"time"

	"racedirector/app"
)

// stopChildDB names the variable that makes TestServeUntilStopped serve the database it names.
const stopChildDB = "RACEDIRECTOR_TEST_STOP_DB"

// TestServeUntilStopped is the process TestStopEndsTheFollowersStreams stops: run by it (the test
// binary again), it serves as main does until SIGINT or SIGTERM, and fails (exit status 1) when
// app.Run ends in an error, as main does.
func TestServeUntilStopped(t *testing.T) {
	dsn := os.Getenv(stopChildDB)
	if dsn == "" {
		t.Skip("the served process of TestStopEndsTheFollowersStreams, which runs it")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := app.Run(ctx, app.Config{Addr: "127.0.0.1:0", DB: dsn}, os.Stdout, logger); err != nil {
		t.Fatal(err)
	}
}

// readyWatch is the served process's standard output: it tells the URL of the ready line once.
type readyWatch struct {
	mu   sync.Mutex
	out  bytes.Buffer
	url  chan string
	told bool
}

// Write keeps what the process says and tells the URL once the ready line is there.
func (w *readyWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.out.Write(p)
	if m := readyLine.FindStringSubmatch(w.out.String()); m != nil && !w.told {
		w.told = true
		w.url <- m[1]
	}
	return len(p), nil
}

// TestStopEndsTheFollowersStreams serves a tour in a process of its own, connects a follower to
// its event stream, and sends the process SIGTERM: the stream ends cleanly and the process exits
// 0. The time from the signal to the exit is logged; no test asserts it (the hang guard aside).
func TestStopEndsTheFollowersStreams(t *testing.T) {
	t.Parallel()
	dsn := testTemplate.DSN(t, "racedirector.db")
	ta := openTestApp(t, dsn)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	if err := ta.Close(); err != nil {
		t.Fatal(err)
	}
	ta.closed = true

	cmd := exec.Command(os.Args[0], "-test.run=^TestServeUntilStopped$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), stopChildDB+"="+dsn)
	stdout := &readyWatch{url: make(chan string, 1)}
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	var exitErr error
	go func() {
		exitErr = cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	var base string
	select {
	case base = <-stdout.url:
	case <-exited:
		t.Fatalf("the served process ended before it was ready: %v\n%s", exitErr, stderr.String())
	case <-time.After(hangGuard):
		t.Fatal("the served process was not ready within the hang guard")
	}

	follower := openStream(t, base, tour.FollowCode, "")
	if ev := follower.next(t); ev.Event != "update" {
		t.Fatalf("the stream opened with %+v, want an update", ev)
	}
	ended := make(chan error, 1)
	go func() {
		for {
			if _, err := follower.read(); err != nil {
				ended <- err
				return
			}
		}
	}()

	signalled := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-ended:
		if !errors.Is(err, io.EOF) {
			t.Errorf("the stream ended with %v, want its clean end (EOF)", err)
		}
	case <-time.After(hangGuard):
		t.Fatal("the follower's stream did not end within the hang guard")
	}
	streamEnded := time.Since(signalled)
	select {
	case <-exited:
		if exitErr != nil {
			t.Fatalf("the stopped process exited with %v, want status 0:\n%s\n%s", exitErr, stdout.out.String(), stderr.String())
		}
	case <-time.After(hangGuard):
		t.Fatalf("the process did not exit within the hang guard:\n%s", stderr.String())
	}
	t.Logf("SIGTERM with a follower connected: the stream ended after %v, the process exited 0 after %v", streamEnded.Round(time.Millisecond), time.Since(signalled).Round(time.Millisecond))
}
