package auth

import (
	"net"
	"strings"

	"github.com/labstack/echo/v4"
)

// ClientOf is the client's address sign-in guesses and event streams are counted against: c.RealIP(),
// which believes a forwarded address only as the Site's IPExtractor says (from its trusted proxies),
// an IPv4 address as it is, an IPv6 one by its /64 network (one machine usually has a whole /64).
func ClientOf(c echo.Context) string { return networkOf(c.RealIP()) }

// networkOf reduces an address (with a port or not, in brackets or not) to what is counted: an IPv4
// address, an IPv6 /64; anything that is no IP address is kept as it is.
func networkOf(addr string) string {
	host := addr
	if h, _, err := net.SplitHostPort(addr); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}
