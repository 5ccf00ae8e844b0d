package app_test

// Stopping the app with followers connected: SIGTERM ends their event streams, finishes the
// requests in flight and exits 0, the whole app in its own process as main runs it.

import (
	"errors"
	"io"
	"syscall"
	"testing"
	"time"
)

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

	served := serveInChild(t, dsn)
	follower := openStream(t, served.Base, tour.FollowCode, "")
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
	if err := served.cmd.Process.Signal(syscall.SIGTERM); err != nil {
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
	if err := served.exit(t); err != nil {
		t.Fatalf("the stopped process exited with %v, want status 0:\n%s\n%s", err, served.stdout, served.stderr)
	}
	t.Logf("SIGTERM with a follower connected: the stream ended after %v, the process exited 0 after %v", streamEnded.Round(time.Millisecond), time.Since(signalled).Round(time.Millisecond))
}
