package app_test

// The app served by the test binary in a process of its own, as main serves it: for the tests of
// two processes on one database, and of stopping with a signal.

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"sync"
	"syscall"
	"testing"
	"time"

	"racedirector/app"
)

// childDB names the variable that makes TestServeAsChild serve the database it names.
const childDB = "RACEDIRECTOR_TEST_CHILD_DB"

// TestServeAsChild is the process serveInChild starts (the test binary again): it serves the
// database it is given as main does, until SIGINT or SIGTERM, and fails (exit status 1) when app.Run
// ends in an error, as main does.
func TestServeAsChild(t *testing.T) {
	dsn := os.Getenv(childDB)
	if dsn == "" {
		t.Skip("the served process of the tests that run one (serveInChild)")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := app.Run(ctx, app.Config{Addr: "127.0.0.1:0", DB: dsn}, os.Stdout, logger); err != nil {
		t.Fatal(err)
	}
}

// readyLine is what app.Run prints once it listens.
var readyLine = regexp.MustCompile(`open (http://\S+)/ `)

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

// String is everything the process printed.
func (w *readyWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.out.String()
}

// child is the app served in a process of its own.
type child struct {
	// Base is the address it serves at.
	Base   string
	cmd    *exec.Cmd
	stdout *readyWatch
	stderr *syncBuffer
	exited chan struct{}
	err    error
}

// serveInChild serves the database dsn in a process of its own and waits until it listens; the
// process is killed when the test ends, if it is still running.
func serveInChild(t *testing.T, dsn string) *child {
	t.Helper()
	c := &child{stdout: &readyWatch{url: make(chan string, 1)}, stderr: &syncBuffer{}, exited: make(chan struct{})}
	c.cmd = exec.Command(os.Args[0], "-test.run=^TestServeAsChild$", "-test.count=1", "-test.v")
	c.cmd.Env = append(os.Environ(), childDB+"="+dsn)
	c.cmd.Stdout, c.cmd.Stderr = c.stdout, c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		c.err = c.cmd.Wait()
		close(c.exited)
	}()
	t.Cleanup(func() {
		_ = c.cmd.Process.Kill()
		<-c.exited
	})
	select {
	case c.Base = <-c.stdout.url:
	case <-c.exited:
		t.Fatalf("the served process ended before it was ready: %v\n%s", c.err, c.stderr.String())
	case <-time.After(hangGuard):
		t.Fatal("the served process was not ready within the hang guard")
	}
	return c
}

// exit waits for the process to end (within the hang guard) and returns how it ended.
func (c *child) exit(t *testing.T) error {
	t.Helper()
	select {
	case <-c.exited:
		return c.err
	case <-time.After(hangGuard):
		t.Fatalf("the process did not exit within the hang guard:\n%s", c.stderr.String())
	}
	return nil
}
