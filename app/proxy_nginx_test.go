package app_test

// Race Director behind a real reverse proxy: Debian's nginx, started by the test on a temporary
// port in a temporary folder, in front of two instances of the app on one database (one on SQLite,
// whose instances do not tell each other's followers). Sign-in, a write, a follower's event stream
// and the sign-in throttle are walked through it, from clients on several loopback addresses.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"racedirector/app"
	"racedirector/app/auth"
	"racedirector/app/store/storetest"
)

// nginxBinary finds Debian's nginx: skipped outside CI without it, a failure under CI; -short skips it.
func nginxBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the proxy test runs in the full passes, not in the race detector's")
	}
	for _, p := range []string{os.Getenv("NGINX"), "/usr/sbin/nginx", "/usr/bin/nginx"} {
		if p != "" {
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	msg := "nginx is not installed: the proxy test needs it (Debian/Ubuntu: apt-get install -y nginx)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// pollEvery is how often a test looks again for something it waits for (never a limit).
const pollEvery = 20 * time.Millisecond

// freePort is a loopback port nobody listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startNginx runs nginx on port in front of upstreams (host:port), as the README says to configure
// it; it is stopped when the test ends.
func startNginx(t *testing.T, port int, upstreams []string) {
	t.Helper()
	bin := nginxBinary(t)
	dir := t.TempDir()
	var servers strings.Builder
	for _, u := range upstreams {
		fmt.Fprintf(&servers, "    server %s;\n", u)
	}
	conf := fmt.Sprintf(`worker_processes 1;
daemon off;
master_process off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path %[1]s/body;
  proxy_temp_path %[1]s/proxy;
  fastcgi_temp_path %[1]s/fastcgi;
  uwsgi_temp_path %[1]s/uwsgi;
  scgi_temp_path %[1]s/scgi;
  upstream racedirector {
%[2]s  }
  server {
    listen 127.0.0.1:%[3]d;
    location / {
      proxy_pass http://racedirector;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_http_version 1.1;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`, dir, servers.String(), port)
	path := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-c", path, "-p", dir, "-e", filepath.Join(dir, "error.log"))
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting nginx: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	// Wait until nginx listens (a poll, not a measure: only the hang guard stops it).
	deadline := time.Now().Add(hangGuard)
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
			return
		}
		select {
		case err := <-exited:
			logs, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Fatalf("nginx stopped at start (%v):\n%s", err, logs)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("nginx did not listen within the hang guard")
		}
		time.Sleep(pollEvery)
	}
}

// proxiedClient is a browser (or a script) on its own loopback address, reaching the app through nginx
// at the public URL's name.
type proxiedClient struct {
	*http.Client
	base string
}

// newProxiedClient is a client connecting from ip to nginx on port, for the site named host.
func newProxiedClient(ip string, port int, host string) *proxiedClient {
	jar, _ := cookiejar.New(nil)
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	tr := &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return dialer.DialContext(ctx, network, fmt.Sprintf("127.0.0.1:%d", port))
	}}
	return &proxiedClient{
		Client: &http.Client{Jar: jar, Transport: tr, Timeout: hangGuard,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		base: fmt.Sprintf("http://%s:%d", host, port),
	}
}

// send sends a request with a JSON body (nil for none) and the headers, and returns the status and body.
func (pc *proxiedClient) send(t *testing.T, method, path string, body any, header map[string]string) (int, string) {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case url.Values:
		r = strings.NewReader(b.Encode())
	default:
		data, _ := json.Marshal(b)
		r = strings.NewReader(string(data))
	}
	req, err := http.NewRequest(method, pc.base+path, r)
	if err != nil {
		t.Fatal(err)
	}
	switch body.(type) {
	case nil:
	case url.Values:
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	default:
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := pc.Do(req)
	if err != nil {
		t.Fatalf("%s %s through nginx: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// TestBehindNginx walks a club's app behind nginx (directors' accounts, whose sessions every instance
// knows): sign-in with the page's token and origin, a write seen by every instance, a follower's
// stream told of a write, the throttle counting each client's own address on every instance (another
// client behind the same proxy still signs in), another host refused, a write from another site refused.
func TestBehindNginx(t *testing.T) {
	t.Parallel()
	nginxBinary(t)
	aa := newAccountsApp(t) // Anna, Bruno and Carla, each with a tour
	port := freePort(t)
	public := fmt.Sprintf("http://example.com:%d", port)
	instances := 2
	if _, pg := storetest.Server(); !pg {
		instances = 1 // SQLite's instances do not tell each other's followers
	}
	var upstreams []string
	for range instances {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		a, err := app.New(aa.Path, slog.New(slog.NewTextHandler(io.Discard, nil)),
			app.WithSite(auth.SiteConfig{Listen: []string{ln.Addr().String()}, PublicURL: public, TrustedProxies: []string{"127.0.0.1"}}))
		if err != nil {
			t.Fatal(err)
		}
		srv := &http.Server{Handler: a.Echo}
		go func() { _ = srv.Serve(ln) }()
		t.Cleanup(func() {
			_ = srv.Close()
			_ = a.Close()
		})
		upstreams = append(upstreams, ln.Addr().String())
	}
	startNginx(t, port, upstreams)
	origin := map[string]string{"Origin": public}

	// The director signs in on the sign-in page, its CSRF token and its origin.
	director := newProxiedClient("127.0.0.2", port, "example.com")
	_, page := director.send(t, http.MethodGet, "/sign-in", nil, nil)
	m := csrfField.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the sign-in page through nginx has no CSRF field:\n%s", clip(page))
	}
	csrf := m[1]
	if st, body := director.send(t, http.MethodPost, "/sign-in", url.Values{"_csrf": {csrf}, "name": {"Bruno"}, "password": {brunoPassword}}, origin); st != http.StatusSeeOther {
		t.Fatalf("signing in through nginx = %d; body:\n%s", st, clip(body))
	}
	// A write on the pages, then read back through nginx by every instance in turn.
	if st, body := director.send(t, http.MethodPost, "/teams", url.Values{"_csrf": {csrf}, "name": {"Proxied"}, "short": {"PRX"}, "color": {"#123456"}}, origin); st != http.StatusSeeOther {
		t.Fatalf("a team made through nginx = %d; body:\n%s", st, clip(body))
	}
	for i := range 2 * instances {
		if st, body := director.send(t, http.MethodGet, "/teams?page=1", nil, nil); st != http.StatusOK || !strings.Contains(body, "Proxied") {
			t.Errorf("read %d of the teams page through nginx = %d, without the team just made", i, st)
		}
	}
	// A script's token, and a write from another site's page refused.
	st, body := director.send(t, http.MethodPost, "/api/v1/session", map[string]string{"name": "Bruno", "password": brunoPassword}, nil)
	var session struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal([]byte(body), &session); st != http.StatusCreated || err != nil {
		t.Fatalf("POST /api/v1/session through nginx = %d: %s", st, clip(body))
	}
	bearer := map[string]string{"Authorization": "Bearer " + session.Token}
	foreign := map[string]string{"Authorization": "Bearer " + session.Token, "Origin": "http://evil.example"}
	tourPath := "/api/v1/tours/" + itoa(aa.brunoTour.ID)
	if st, body := director.send(t, http.MethodDelete, tourPath, nil, foreign); st != http.StatusForbidden {
		t.Errorf("DELETE from another site's page through nginx = %d, want 403; body:\n%s", st, clip(body))
	}
	if st, _ := director.send(t, http.MethodGet, "/", nil, map[string]string{"Host": fmt.Sprintf("evil.example:%d", port)}); st != http.StatusMisdirectedRequest {
		t.Errorf("a request for evil.example through nginx = %d, want 421", st)
	}

	// A follower's stream through nginx is told of a write made through it (on PostgreSQL the write
	// and the stream may be on different instances).
	follower := newProxiedClient("127.0.0.3", port, "example.com")
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, follower.base+"/api/v1/follow/"+aa.brunoTour.FollowCode+"/events", nil)
	resp, err := follower.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the follower's stream through nginx: %v %v", err, resp)
	}
	t.Cleanup(func() { resp.Body.Close() })
	stream := &sseStream{body: resp.Body, r: bufio.NewReader(resp.Body)}
	first := stream.next(t).change(t).Version
	if st, body := director.send(t, http.MethodPut, tourPath+"/stages/1/sprints/1", map[string]any{"order": []int{21, 11}}, bearer); st != http.StatusOK {
		t.Fatalf("a sprint through nginx = %d: %s", st, clip(body))
	}
	if ev := stream.next(t); ev.Event != "update" || ev.change(t).Version <= first {
		t.Errorf("the follower through nginx was told %+v, want an update after version %d", ev, first)
	}

	// The throttle: five wrong passwords from one client, spread by nginx over the instances, make
	// that client wait on every instance; another client behind the same proxy still signs in.
	carla := func(password string) map[string]string {
		return map[string]string{"name": "Carla", "password": password}
	}
	guesser := newProxiedClient("127.0.0.4", port, "example.com")
	for i := range auth.MaxWrongPINs {
		if st, body := guesser.send(t, http.MethodPost, "/api/v1/session", carla("not-carlas-password"), nil); st != http.StatusUnauthorized {
			t.Fatalf("wrong password %d through nginx = %d, want 401; body:\n%s", i+1, st, clip(body))
		}
	}
	for i := range instances {
		if st, _ := guesser.send(t, http.MethodPost, "/api/v1/session", carla(carlaPassword), nil); st != http.StatusTooManyRequests {
			t.Errorf("the guesser's right password after five wrong ones (try %d) = %d, want 429 on every instance", i+1, st)
		}
	}
	other := newProxiedClient("127.0.0.5", port, "example.com")
	if st, body := other.send(t, http.MethodPost, "/api/v1/session", carla(carlaPassword), nil); st != http.StatusCreated {
		t.Errorf("another client behind the same proxy signing in = %d, want 201: the proxy's address is not the client's; body:\n%s", st, clip(body))
	}
}
