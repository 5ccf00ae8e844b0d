package handlers

import (
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestSiteAddress builds the follow link's address from the request's host: as asked on the
// network, https behind a proxy that says so, and never localhost for a phone when the computer has
// a network address.
func TestSiteAddress(t *testing.T) {
	for _, c := range []struct {
		host, proto, want string
		local             bool
	}{
		{"192.168.1.20:8080", "", "http://192.168.1.20:8080", false},
		{"race.example.org", "https", "https://race.example.org", false},
		{"[fd00::1]:8080", "", "http://[fd00::1]:8080", false},
		{"localhost:8080", "", "", true},
		{"127.0.0.1:9000", "", "", true},
		{"[::1]:8080", "", "", true},
	} {
		req := httptest.NewRequest(http.MethodGet, "/tours/1/share", nil)
		req.Host = c.host
		if c.proto != "" {
			req.Header.Set("X-Forwarded-Proto", c.proto)
		}
		base, local, lan := siteAddress(req)
		if local != c.local {
			t.Errorf("siteAddress(%s) local = %v, want %v", c.host, local, c.local)
		}
		switch {
		case !c.local && base != c.want:
			t.Errorf("siteAddress(%s) = %q, want %q", c.host, base, c.want)
		case c.local && lan == "" && base != "http://"+c.host:
			t.Errorf("siteAddress(%s) without a network address = %q, want the host asked", c.host, base)
		case c.local && lan != "" && base != "http://"+net.JoinHostPort(lan, port(c.host)):
			t.Errorf("siteAddress(%s) = %q, want the network address %s", c.host, base, lan)
		}
	}
}

// port is the port of a host:port.
func port(host string) string {
	_, p, _ := net.SplitHostPort(host)
	return p
}
