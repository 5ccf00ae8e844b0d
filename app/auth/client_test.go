package auth

import (
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestClientOf counts the address the server's IPExtractor gives: the connection's when it believes
// no header, the forwarded one when a trusted proxy sent it; IPv4 alone, IPv6 by its /64.
func TestClientOf(t *testing.T) {
	_, proxies, _ := net.ParseCIDR("192.0.2.0/24")
	direct, behind := echo.New(), echo.New()
	direct.IPExtractor = echo.ExtractIPDirect()
	behind.IPExtractor = echo.ExtractIPFromXFFHeader(echo.TrustIPRange(proxies))
	for _, c := range []struct {
		e           *echo.Echo
		remote, xff string
		want, about string
	}{
		{direct, "198.51.100.7:5000", "203.0.113.9", "198.51.100.7", "direct: the header is not believed"},
		{direct, "[2001:db8:1:2:3:4:5:6]:443", "", "2001:db8:1:2::/64", "direct IPv6"},
		{direct, "[::ffff:198.51.100.7]:1", "", "198.51.100.7", "IPv4 in IPv6"},
		{behind, "192.0.2.10:40000", "203.0.113.9", "203.0.113.9", "through a trusted proxy"},
		{behind, "192.0.2.10:40000", "2001:db8:a:b:c::1", "2001:db8:a:b::/64", "IPv6 through a trusted proxy"},
		{behind, "198.51.100.7:40000", "203.0.113.9", "198.51.100.7", "a header from an untrusted address"},
	} {
		req := httptest.NewRequest(http.MethodPost, "/sign-in", nil)
		req.RemoteAddr = c.remote
		if c.xff != "" {
			req.Header.Set("X-Forwarded-For", c.xff)
		}
		if got := ClientOf(c.e.NewContext(req, httptest.NewRecorder())); got != c.want {
			t.Errorf("%s: ClientOf = %q, want %q", c.about, got, c.want)
		}
	}
}
