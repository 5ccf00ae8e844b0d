package auth

import (
	"net"

	"github.com/labstack/echo/v4"
)

// ClientOf is the request's client address as the app believes it (echo's RealIP, which the Site's
// IPExtractor fills: behind a trusted proxy, the address it forwarded), an IPv6 address by its /64
// network (one device, or one home, holds a whole /64).
func ClientOf(c echo.Context) string {
	host := c.RealIP()
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}
