package app_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"racedirector/app"
	"racedirector/app/auth"
)

func TestParseConfig(t *testing.T) {
	t.Parallel()
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
		{name: "public URL and proxies", args: []string{"-public-url", "https://race.club.example/", "-trusted-proxies", "127.0.0.1, 10.0.0.0/8"},
			want: app.Config{Addr: "127.0.0.1:8080", DB: "racedirector.db", PublicURL: "https://race.club.example/", TrustedProxies: []string{"127.0.0.1", "10.0.0.0/8"}}},
		{name: "public URL and proxies from the environment", env: map[string]string{"RACEDIRECTOR_PUBLIC_URL": "http://rd.lan:8080", "RACEDIRECTOR_TRUSTED_PROXIES": "::1"},
			want: app.Config{Addr: "127.0.0.1:8080", DB: "racedirector.db", PublicURL: "http://rd.lan:8080", TrustedProxies: []string{"::1"}}},
		{name: "a public URL without a scheme", args: []string{"-public-url", "race.club.example"}, wantErr: true},
		{name: "a public URL with a query", args: []string{"-public-url", "https://race.club.example/?x=1"}, wantErr: true},
		{name: "a trusted proxy that is no address", args: []string{"-trusted-proxies", "nginx"}, wantErr: true},
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
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("ParseConfig(%q, env %v) = %+v, want %+v", c.args, c.env, got, c.want)
			}
		})
	}
	t.Run("help names the environment variables", func(t *testing.T) {
		var stderr strings.Builder
		_, _ = app.ParseConfig([]string{"-h"}, func(string) string { return "" }, &stderr)
		for _, want := range []string{"RACEDIRECTOR_ADDR", "RACEDIRECTOR_DB", "postgres://", "racedirector migrate", "RACEDIRECTOR_PUBLIC_URL", "RACEDIRECTOR_TRUSTED_PROXIES"} {
			if !strings.Contains(stderr.String(), want) {
				t.Errorf("-h output lacks %s:\n%s", want, stderr.String())
			}
		}
	})
}

func TestRun(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// TestParseConfigPIN reads the director's PIN from -pin or RACEDIRECTOR_PIN (the flag first),
// refuses one that is too short or too long saying what a PIN must be, and never prints the PIN of
// the environment in -h.
func TestParseConfigPIN(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		args    []string
		env     string
		want    string
		wantErr bool
	}{
		{name: "none", want: ""},
		{name: "flag", args: []string{"-pin", "4817"}, want: "4817"},
		{name: "env", env: "123456", want: "123456"},
		{name: "flag beats env", args: []string{"-pin", "Lanterne rouge"}, env: "123456", want: "Lanterne rouge"},
		{name: "empty flag clears env", args: []string{"-pin="}, env: "123456", want: ""},
		{name: "passphrase", args: []string{"-pin", "maillot jaune"}, want: "maillot jaune"},
		{name: "too few digits", args: []string{"-pin", "123"}, wantErr: true},
		{name: "too many digits", args: []string{"-pin", "1234567890123"}, wantErr: true},
		{name: "short passphrase", env: "abcdefg", wantErr: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stderr strings.Builder
			got, err := app.ParseConfig(c.args, func(k string) string {
				if k == "RACEDIRECTOR_PIN" {
					return c.env
				}
				return ""
			}, &stderr)
			if c.wantErr {
				if err == nil {
					t.Fatalf("ParseConfig(%q, env %q) = %+v, want a refusal", c.args, c.env, got)
				}
				for _, want := range []string{"4 to 12 digits", "at least 8 characters", "RACEDIRECTOR_PIN"} {
					if !strings.Contains(stderr.String(), want) {
						t.Errorf("the refusal %q does not say %q", stderr.String(), want)
					}
				}
				return
			}
			if err != nil || got.PIN != c.want {
				t.Errorf("ParseConfig(%q, env %q) = PIN %q, %v; want %q", c.args, c.env, got.PIN, err, c.want)
			}
		})
	}
	var stderr strings.Builder
	_, _ = app.ParseConfig([]string{"-h"}, func(k string) string {
		if k == "RACEDIRECTOR_PIN" {
			return "987654"
		}
		return ""
	}, &stderr)
	if !strings.Contains(stderr.String(), "RACEDIRECTOR_PIN") || strings.Contains(stderr.String(), "987654") {
		t.Errorf("-h should name RACEDIRECTOR_PIN and never print its value:\n%s", stderr.String())
	}
}

// TestLoopback tells the addresses of this machine alone from those the network reaches.
func TestLoopback(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "127.1.2.3:80": true, "[::1]:8080": true, "localhost:8080": true, "LOCALHOST:1": true,
		":8080": false, "0.0.0.0:8080": false, "[::]:8080": false, "192.168.1.20:8080": false, "table.local:8080": false, "nonsense": false,
	} {
		if got := app.Loopback(addr); got != want {
			t.Errorf("Loopback(%q) = %v, want %v", addr, got, want)
		}
	}
}

// startRun runs app.Run on addr with pin and returns its stdout lines as they come, the log, and
// a stop that waits for Run to return.
func startRun(t *testing.T, addr, pin string) (lines <-chan string, logs *syncBuffer, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdoutR, stdoutW := io.Pipe()
	logs = &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		err := app.Run(ctx, app.Config{Addr: addr, DB: filepath.Join(t.TempDir(), "run.db"), PIN: pin}, stdoutW,
			slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
		_ = stdoutW.CloseWithError(io.EOF)
		done <- err
	}()
	out := make(chan string, 16)
	go func() {
		r := bufio.NewReader(stdoutR)
		for {
			line, err := r.ReadString('\n')
			if line != "" {
				out <- line
			}
			if err != nil {
				close(out)
				return
			}
		}
	}()
	return out, logs, func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run after cancel = %v", err)
			}
		case <-time.After(60 * time.Second):
			t.Error("Run did not return within 60 s of the cancel")
		}
	}
}

// nextLine waits for Run's next line on stdout.
func nextLine(t *testing.T, lines <-chan string) string {
	t.Helper()
	select {
	case l, ok := <-lines:
		if !ok {
			t.Fatal("Run's stdout ended")
		}
		return l
	case <-time.After(60 * time.Second):
		t.Fatal("Run printed nothing within 60 s")
	}
	return ""
}

// TestRunMakesAPINForTheNetwork serves on every address without a PIN: Run makes six digits and
// prints them on stdout, never in the log, and the PIN made signs the director in while a write
// without it is refused.
func TestRunMakesAPINForTheNetwork(t *testing.T) {
	t.Parallel()
	lines, logs, stop := startRun(t, "0.0.0.0:0", "")
	defer stop()
	ready := nextLine(t, lines)
	port := regexp.MustCompile(`:(\d+)/`).FindStringSubmatch(ready)
	if port == nil {
		t.Fatalf("Run printed %q, want its address", ready)
	}
	pinLine := nextLine(t, lines)
	m := regexp.MustCompile(`Director's PIN: (\d{6})\b`).FindStringSubmatch(pinLine)
	if m == nil {
		t.Fatalf("Run on 0.0.0.0 printed %q, want the director's PIN of 6 digits", pinLine)
	}
	base := "http://127.0.0.1:" + port[1]
	client := &http.Client{Timeout: 60 * time.Second}
	post := func(path, body, token string) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		return resp
	}
	resp := post("/api/v1/teams", `{"name":"Intrus","short":"INT","color":"#000000"}`, "")
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("a write without the director = %d, want 401", resp.StatusCode)
	}
	resp = post("/api/v1/session", `{"pin":"`+m[1]+`"}`, "")
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	var s struct {
		Token string `json:"token"`
	}
	if resp.StatusCode != http.StatusCreated || json.Unmarshal(body, &s) != nil || s.Token == "" {
		t.Fatalf("signing in with the PIN printed = %d %s, want 201 and a token", resp.StatusCode, body)
	}
	resp = post("/api/v1/teams", `{"name":"Nuevo","short":"NUE","color":"#000000"}`, s.Token)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Errorf("a write with the director's token = %d, want 201", resp.StatusCode)
	}
	if strings.Contains(logs.String(), m[1]) {
		t.Errorf("the PIN %s is in the log:\n%s", m[1], logs.String())
	}
}

// TestRunWithAChosenPINOrOnLoopback prints no PIN: on loopback without one the table is open, and a
// PIN chosen is never echoed.
func TestRunWithAChosenPINOrOnLoopback(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ addr, pin, want string }{
		{"127.0.0.1:0", "", ""},
		{"0.0.0.0:0", "Lanterne rouge", "Changes are locked"},
	} {
		lines, logs, stop := startRun(t, c.addr, c.pin)
		nextLine(t, lines)
		var second string
		if c.want != "" {
			second = nextLine(t, lines)
		}
		stop()
		for l := range lines {
			second += l
		}
		if !strings.Contains(second, c.want) || strings.Contains(second, "PIN:") || c.pin != "" && (strings.Contains(second, c.pin) || strings.Contains(logs.String(), c.pin)) {
			t.Errorf("Run on %s with PIN %q printed %q (want %q and no PIN)", c.addr, c.pin, second, c.want)
		}
	}
}

// TestRunPrintsAddressesToOpen serves on every address (":0", which Go listens on as [::]): the ready
// line says the loopback address a browser on this machine opens, never [::] or 0.0.0.0, and, when the
// machine has a network address, the next lines give the one the players' phones open.
func TestRunPrintsAddressesToOpen(t *testing.T) {
	t.Parallel()
	lines, _, stop := startRun(t, ":0", "2468")
	defer stop()
	ready := nextLine(t, lines)
	m := regexp.MustCompile(`open http://127\.0\.0\.1:(\d+)/`).FindStringSubmatch(ready)
	if m == nil {
		t.Fatalf("ready line = %q, want open http://127.0.0.1:PORT/", ready)
	}
	all := ready
	lan := auth.NetworkAddress()
	for lan != "" && !strings.Contains(all, "http://"+lan+":"+m[1]+"/") {
		all += nextLine(t, lines)
	}
	if strings.Contains(all, "[::]") || strings.Contains(all, "0.0.0.0") {
		t.Errorf("Run printed %q: an address no browser opens", all)
	}
}
