package app_test

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"racedirector/app"
)

func TestParseConfig(t *testing.T) {
	cases := []struct {
		name    string
		args    []string
		env     map[string]string
		want    app.Config
		wantErr bool
	}{
		{name: "defaults", want: app.Config{Addr: "127.0.0.1:8080", DB: "racedirector.db"}},
		{name: "flags", args: []string{"-addr", ":9000", "-db", "/tmp/x.db"}, want: app.Config{Addr: ":9000", DB: "/tmp/x.db"}},
		{name: "flags with =", args: []string{"--addr=0.0.0.0:80", "--db=tours.db"}, want: app.Config{Addr: "0.0.0.0:80", DB: "tours.db"}},
		{name: "env", env: map[string]string{"RACEDIRECTOR_ADDR": ":7000", "RACEDIRECTOR_DB": "env.db"}, want: app.Config{Addr: ":7000", DB: "env.db"}},
		{name: "flag beats env", args: []string{"-addr", ":9000", "-db", "flag.db"}, env: map[string]string{"RACEDIRECTOR_ADDR": ":7000", "RACEDIRECTOR_DB": "env.db"},
			want: app.Config{Addr: ":9000", DB: "flag.db"}},
		{name: "one flag, one env", args: []string{"-db", "flag.db"}, env: map[string]string{"RACEDIRECTOR_ADDR": ":7000", "RACEDIRECTOR_DB": "env.db"},
			want: app.Config{Addr: ":7000", DB: "flag.db"}},
		{name: "empty env is no env", env: map[string]string{"RACEDIRECTOR_ADDR": "", "RACEDIRECTOR_DB": ""}, want: app.Config{Addr: "127.0.0.1:8080", DB: "racedirector.db"}},
		{name: "unknown flag", args: []string{"-port", "80"}, wantErr: true},
		{name: "stray argument", args: []string{"serve"}, wantErr: true},
		{name: "flag without value", args: []string{"-db"}, wantErr: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stderr strings.Builder
			got, err := app.ParseConfig(c.args, func(k string) string { return c.env[k] }, &stderr)
			if c.wantErr {
				if err == nil {
					t.Errorf("ParseConfig(%q) = %+v, want an error", c.args, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseConfig(%q) error %v, want %+v", c.args, err, c.want)
			}
			if got != c.want {
				t.Errorf("ParseConfig(%q, env %v) = %+v, want %+v", c.args, c.env, got, c.want)
			}
		})
	}
	t.Run("help names the environment variables", func(t *testing.T) {
		var stderr strings.Builder
		_, _ = app.ParseConfig([]string{"-h"}, func(string) string { return "" }, &stderr)
		for _, want := range []string{"RACEDIRECTOR_ADDR", "RACEDIRECTOR_DB"} {
			if !strings.Contains(stderr.String(), want) {
				t.Errorf("-h output lacks %s:\n%s", want, stderr.String())
			}
		}
	})
}

func TestRun(t *testing.T) {
	db := filepath.Join(t.TempDir(), "run.db")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdoutR, stdoutW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := app.Run(ctx, app.Config{Addr: "127.0.0.1:0", DB: db}, stdoutW, slog.New(slog.NewTextHandler(io.Discard, nil)))
		_ = stdoutW.CloseWithError(io.EOF)
		done <- err
	}()

	lines := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(stdoutR).ReadString('\n')
		lines <- line
		_, _ = io.Copy(io.Discard, stdoutR)
	}()
	var line string
	select {
	case line = <-lines:
	case err := <-done:
		t.Fatalf("Run returned %v before printing its URL", err)
	case <-time.After(60 * time.Second):
		t.Fatal("Run printed no URL within 60 s")
	}
	base := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(line)
	if base == "" {
		t.Fatalf("Run printed %q, want a line with http://127.0.0.1:port/", line)
	}
	if !strings.Contains(line, db) {
		t.Errorf("Run printed %q, want it to name the database %s", line, db)
	}

	client := &http.Client{Timeout: 60 * time.Second}
	resp, err := client.Get(base + "healthz")
	if err != nil {
		t.Fatalf("GET /healthz: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK || strings.TrimSpace(string(body)) != `{"status":"ok"}` {
		t.Errorf("GET /healthz = %d %s, want 200 {\"status\":\"ok\"}", resp.StatusCode, body)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run after cancel = %v, want nil", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("Run did not return within 60 s of the cancel")
	}
	if _, err := client.Get(base + "healthz"); err == nil {
		t.Errorf("the server still answers after Run returned")
	}
}

func TestRunRefusesABusyAddress(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	stdout, w := io.Pipe()
	first := make(chan error, 1)
	dbA := filepath.Join(t.TempDir(), "a.db")
	go func() {
		first <- app.Run(ctx, app.Config{Addr: "127.0.0.1:0", DB: dbA}, w, slog.New(slog.NewTextHandler(io.Discard, nil)))
		_ = w.Close()
	}()
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	addr := regexp.MustCompile(`127\.0\.0\.1:\d+`).FindString(line)
	if addr == "" {
		t.Fatalf("first Run printed %q, want its address", line)
	}
	err := app.Run(ctx, app.Config{Addr: addr, DB: filepath.Join(t.TempDir(), "b.db")}, io.Discard, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err == nil || !strings.Contains(err.Error(), addr) {
		t.Errorf("a second Run on %s = %v, want an error naming the address", addr, err)
	}
	cancel()
	if err := <-first; err != nil {
		t.Errorf("first Run after cancel = %v, want nil", err)
	}
}
