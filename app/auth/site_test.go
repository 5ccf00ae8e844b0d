package auth

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// newTestSite makes a Site or fails the test.
func newTestSite(t *testing.T, cfg SiteConfig) *Site {
	t.Helper()
	s, err := NewSite(cfg)
	if err != nil {
		t.Fatalf("NewSite(%+v): %v", cfg, err)
	}
	return s
}

// TestSiteAnswers lists the names the app answers to: loopback ones always, the public URL's host,
// the names and addresses it listens on; never a name a site pointed at this machine.
func TestSiteAnswers(t *testing.T) {
	laptop := newTestSite(t, SiteConfig{Listen: []string{"127.0.0.1:8080"}})
	club := newTestSite(t, SiteConfig{Listen: []string{"127.0.0.1:8080"}, PublicURL: "https://Race.Club.example/rd"})
	lan := newTestSite(t, SiteConfig{Listen: []string{"192.168.1.20:8080", "rd.lan:8080"}})
	for _, c := range []struct {
		site *Site
		host string
		want bool
	}{
		{laptop, "localhost:8080", true},
		{laptop, "LOCALHOST.", true},
		{laptop, "app.localhost:8080", true},
		{laptop, "127.0.0.1:8080", true},
		{laptop, "127.8.9.10", true},
		{laptop, "[::1]:8080", true},
		{laptop, "evil.example", false},
		{laptop, "evil.example:8080", false},
		{laptop, "localhost.evil.example", false},
		{laptop, "", false},
		{laptop, "192.168.1.20:8080", false},
		{club, "race.club.example", true},
		{club, "race.club.example:443", true},
		{club, "RACE.CLUB.EXAMPLE", true},
		{club, "club.example", false},
		{lan, "192.168.1.20:8080", true},
		{lan, "rd.lan:8080", true},
		{lan, "192.168.1.21:8080", false},
		{lan, "evil.example", false},
	} {
		if got := c.site.Answers(c.host); got != c.want {
			t.Errorf("Answers(%q) = %v, want %v", c.host, got, c.want)
		}
	}
}

// TestSiteAnswersEveryAddressOfThisMachine: listening on 0.0.0.0, the app answers to this machine's
// own addresses, and to no other.
func TestSiteAnswersEveryAddressOfThisMachine(t *testing.T) {
	s := newTestSite(t, SiteConfig{Listen: []string{"0.0.0.0:8080"}})
	if lan := NetworkAddress(); lan != "" && !s.Answers(lan+":8080") {
		t.Errorf("listening on 0.0.0.0, the app does not answer to this machine's address %s", lan)
	}
	if s.Answers("203.0.113.9:8080") || s.Answers("evil.example:8080") {
		t.Errorf("listening on 0.0.0.0, the app answers to an address or a name not this machine's")
	}
}

// TestNewSiteRefuses refuses public URLs and proxies it cannot use, in words naming what was given.
func TestNewSiteRefuses(t *testing.T) {
	for _, cfg := range []SiteConfig{
		{PublicURL: "race.club.example"},
		{PublicURL: "ftp://race.club.example"},
		{PublicURL: "https://"},
		{PublicURL: "https://race.club.example/?lang=es"},
		{PublicURL: "https://user:pw@race.club.example"},
		{TrustedProxies: []string{"nginx"}},
		{TrustedProxies: []string{"10.0.0.0/33"}},
		{Listen: []string{"8080"}},
	} {
		if _, err := NewSite(cfg); err == nil {
			t.Errorf("NewSite(%+v) accepted it", cfg)
		}
	}
}

// request makes a request from remote for host, with headers.
func request(method, remote, host string, headers map[string]string) *http.Request {
	r := httptest.NewRequest(method, "/tours", nil)
	r.RemoteAddr, r.Host = remote, host
	for k, v := range headers {
		r.Header.Set(k, v)
	}
	return r
}

// TestSiteBehindAProxy believes X-Forwarded-* only from trusted proxies, and never takes a request
// that came through a proxy for this machine.
func TestSiteBehindAProxy(t *testing.T) {
	none := newTestSite(t, SiteConfig{})
	proxied := newTestSite(t, SiteConfig{TrustedProxies: []string{"127.0.0.1", "10.1.0.0/16"}, PublicURL: "https://race.club.example"})
	fwd := map[string]string{"X-Forwarded-For": "198.51.100.7", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "race.club.example"}
	for _, c := range []struct {
		name                 string
		site                 *Site
		req                  *http.Request
		local, through       bool
		host, scheme, realIP string
	}{
		{"the laptop itself", none, request("GET", "127.0.0.1:5000", "localhost:8080", nil), true, false, "localhost:8080", "http", "127.0.0.1"},
		{"a phone on the network", none, request("GET", "192.168.1.30:5000", "192.168.1.20:8080", nil), false, false, "192.168.1.20:8080", "http", "192.168.1.30"},
		{"an untrusted proxy on this machine", none, request("GET", "127.0.0.1:5000", "localhost:8080", fwd), false, true, "localhost:8080", "http", "127.0.0.1"},
		{"a proxy that says only Via", none, request("GET", "127.0.0.1:5000", "localhost:8080", map[string]string{"Via": "1.1 caddy"}), false, true, "localhost:8080", "http", "127.0.0.1"},
		{"a trusted proxy on this machine", proxied, request("GET", "127.0.0.1:5000", "127.0.0.1:8080", fwd), false, true, "race.club.example", "https", "198.51.100.7"},
		{"a trusted proxy that forwards nothing", proxied, request("GET", "127.0.0.1:5000", "127.0.0.1:8080", nil), false, true, "127.0.0.1:8080", "http", "127.0.0.1"},
		{"a trusted proxy elsewhere", proxied, request("GET", "10.1.2.3:5000", "race.club.example", fwd), false, true, "race.club.example", "https", "198.51.100.7"},
		{"someone pretending to be a proxy", proxied, request("GET", "203.0.113.5:5000", "race.club.example", fwd), false, true, "race.club.example", "http", "203.0.113.5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.site.Local(c.req); got != c.local {
				t.Errorf("Local = %v, want %v", got, c.local)
			}
			if got := c.site.ThroughProxy(c.req); got != c.through {
				t.Errorf("ThroughProxy = %v, want %v", got, c.through)
			}
			if got := c.site.Host(c.req); got != c.host {
				t.Errorf("Host = %q, want %q", got, c.host)
			}
			if got := c.site.Scheme(c.req); got != c.scheme {
				t.Errorf("Scheme = %q, want %q", got, c.scheme)
			}
			e := echo.New()
			e.IPExtractor = c.site.IPExtractor()
			if got := e.NewContext(c.req, nil).RealIP(); got != c.realIP {
				t.Errorf("RealIP = %q, want %q", got, c.realIP)
			}
		})
	}
	over := request("GET", "127.0.0.1:5000", "localhost", nil)
	over.TLS = &tls.ConnectionState{}
	if none.Scheme(over) != "https" {
		t.Errorf("a request over TLS is not https")
	}
}

// TestSiteSameOrigin: a write comes from the app's own page when its Origin (else Referer) is the
// address asked or the public URL; a script sends neither.
func TestSiteSameOrigin(t *testing.T) {
	s := newTestSite(t, SiteConfig{Listen: []string{"127.0.0.1:8080"}, PublicURL: "https://race.club.example"})
	for _, c := range []struct {
		host    string
		headers map[string]string
		want    bool
	}{
		{"localhost:8080", nil, true},
		{"localhost:8080", map[string]string{"Origin": "http://localhost:8080"}, true},
		{"localhost:8080", map[string]string{"Origin": "http://LOCALHOST:8080"}, true},
		{"localhost:8080", map[string]string{"Origin": "http://localhost:3000"}, false},
		{"localhost:8080", map[string]string{"Origin": "http://evil.example:8080"}, false},
		{"localhost:8080", map[string]string{"Origin": "http://evil.example:8080", "Sec-Fetch-Site": "same-origin"}, false},
		{"localhost:8080", map[string]string{"Origin": "null"}, false},
		{"localhost:8080", map[string]string{"Origin": "file://"}, false},
		{"localhost:8080", map[string]string{"Referer": "http://localhost:8080/tours/1"}, true},
		{"localhost:8080", map[string]string{"Referer": "http://evil.example/x"}, false},
		{"localhost:8080", map[string]string{"Origin": "http://localhost:8080", "Referer": "http://evil.example/x"}, true},
		{"race.club.example", map[string]string{"Origin": "https://race.club.example"}, true},
		{"127.0.0.1:8080", map[string]string{"Origin": "https://race.club.example"}, true},
		{"race.club.example", map[string]string{"Origin": "http://race.club.example:8443"}, false},
	} {
		r := request("POST", "127.0.0.1:5000", c.host, c.headers)
		if got := s.sameOrigin(r); got != c.want {
			t.Errorf("sameOrigin(Host %s, %v) = %v, want %v", c.host, c.headers, got, c.want)
		}
	}
}

// TestSitePublic gives the links for others from the configuration, never from a request: the public
// URL, an address the app listens on, else this machine's network address (not reachable when the
// app listens on this machine only).
func TestSitePublic(t *testing.T) {
	lan := NetworkAddress()
	for _, c := range []struct {
		cfg       SiteConfig
		want      string
		reachable bool
	}{
		{SiteConfig{PublicURL: "https://race.club.example/rd/"}, "https://race.club.example/rd", true},
		{SiteConfig{Listen: []string{"192.168.1.20:8080"}}, "http://192.168.1.20:8080", true},
		{SiteConfig{Listen: []string{"[fd00::1]:8080"}}, "http://[fd00::1]:8080", true},
		{SiteConfig{Listen: []string{"rd.lan:80"}}, "http://rd.lan", true},
		{SiteConfig{Listen: []string{"0.0.0.0:8080"}}, "http://" + lan + ":8080", lan != ""},
		{SiteConfig{Listen: []string{"127.0.0.1:9000"}}, "http://" + lan + ":9000", false},
	} {
		got := newTestSite(t, c.cfg).Public()
		want := c.want
		if lan == "" && strings.Contains(want, "http://:") {
			want = strings.Replace(want, "http://:", "http://localhost:", 1)
		}
		if got.Base != want || got.Reachable != c.reachable {
			t.Errorf("Public(%+v) = %+v, want %s (reachable %v)", c.cfg, got, want, c.reachable)
		}
	}
}

// TestSitePublicFor gives the links shown by a page from where the page was asked: the public URL when
// one is given; the very address of this machine the request came to when it is not loopback (the room's
// phones reach it as the TV did); this machine's network address when the request came on loopback, on
// the port it came to.
func TestSitePublicFor(t *testing.T) {
	lan := NetworkAddress()
	if lan == "" {
		lan = "localhost"
	}
	req := func(host, remote string) *http.Request {
		r := httptest.NewRequest(http.MethodGet, "http://"+host+"/follow/ABCDEF/tv", nil)
		r.Host, r.RemoteAddr = host, remote
		return r
	}
	for _, c := range []struct {
		name      string
		cfg       SiteConfig
		r         *http.Request
		want      string
		reachable bool
	}{
		{"public URL", SiteConfig{PublicURL: "https://race.club.example", Listen: []string{"0.0.0.0:8080"}}, req("127.0.0.1:8080", "127.0.0.1:5000"), "https://race.club.example", true},
		{"loopback, listening everywhere", SiteConfig{Listen: []string{"0.0.0.0:8080"}}, req("127.0.0.1:8080", "127.0.0.1:5000"), "http://" + lan + ":8080", lan != "localhost"},
		{"localhost, listening on loopback", SiteConfig{Listen: []string{"127.0.0.1:8080"}}, req("localhost:8080", "127.0.0.1:5000"), "http://" + lan + ":8080", false},
		{"an address it listens on", SiteConfig{Listen: []string{"192.168.1.20:8080"}}, req("192.168.1.20:8080", "192.168.1.33:5000"), "http://192.168.1.20:8080", true},
		{"a name it listens on", SiteConfig{Listen: []string{"rd.lan:8080"}}, req("RD.lan:8080", "192.168.1.33:5000"), "http://rd.lan:8080", true},
		{"no listen address (tests): the request's port", SiteConfig{}, req("127.0.0.1:43210", "127.0.0.1:5000"), "http://" + lan + ":43210", false},
		{"a name it does not answer to", SiteConfig{Listen: []string{"192.168.1.20:8080"}}, req("evil.example:8080", "192.168.1.33:5000"), "http://192.168.1.20:8080", true},
	} {
		got := newTestSite(t, c.cfg).PublicFor(c.r)
		if got.Base != c.want || got.Reachable != c.reachable {
			t.Errorf("%s: PublicFor(Host %s) = %+v, want %s (reachable %v)", c.name, c.r.Host, got, c.want, c.reachable)
		}
		if IsLoopbackName(hostName(strings.TrimPrefix(got.Base, "http://"))) && lan != "localhost" {
			t.Errorf("%s: PublicFor = %s, a loopback address no phone reaches", c.name, got.Base)
		}
	}
}
