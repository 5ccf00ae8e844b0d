package auth

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// SiteConfig is what the app is told of its own address: where it listens, the address players and
// a proxy use, and the proxies it may believe.
type SiteConfig struct {
	// Listen are the addresses the app listens on (host:port; an unspecified host, 0.0.0.0 or ::,
	// means every address of this machine). None: the app answers only to loopback names and the
	// public URL (tests, and an app not yet listening).
	Listen []string
	// PublicURL is the address players and the proxy use (https://race.club.example), "" for none.
	PublicURL string
	// TrustedProxies are the addresses and networks (CIDRs) of the reverse proxies in front of the
	// app: only their X-Forwarded-For/-Proto/-Host headers are believed.
	TrustedProxies []string
}

// Site is the app's own address: the host names it answers to, its public address for links shown to
// others, and the proxies it trusts. It decides, for every request, whether the request is for this
// app at all (Host), whether a write comes from one of its own pages (Origin), who the client is
// behind a trusted proxy, and whether the request comes from this machine. Handlers never look at
// Host or X-Forwarded-* themselves: they ask the Site.
type Site struct {
	public  *url.URL // nil: none given
	proxies []*net.IPNet
	// names are the host names (lower case, no port) the app answers to besides loopback ones and
	// this machine's addresses.
	names map[string]bool
	// ips are the addresses the app listens on; anyIP says it listens on every address of this
	// machine (0.0.0.0 or ::), whose addresses are then read from its interfaces (machineIPs).
	ips   map[string]bool
	anyIP bool
	// port is the port players reach the app on when it has no public URL ("" for the default);
	// reach is the first address or name beyond this machine the app listens on ("" for none).
	port, reach string
	// machine caches this machine's interface addresses, read again when an address is not among them.
	mu       sync.Mutex
	machine  map[string]bool
	machined time.Time
}

// NewSite checks cfg and makes the Site: a public URL must be an absolute http(s) address without a
// path's query, a trusted proxy an address or a CIDR.
func NewSite(cfg SiteConfig) (*Site, error) {
	s := &Site{names: map[string]bool{}, ips: map[string]bool{}}
	if cfg.PublicURL != "" {
		u, err := ParsePublicURL(cfg.PublicURL)
		if err != nil {
			return nil, err
		}
		s.public = u
		s.names[hostName(u.Host)] = true
	}
	for _, p := range cfg.TrustedProxies {
		n, err := parseProxy(p)
		if err != nil {
			return nil, err
		}
		s.proxies = append(s.proxies, n)
	}
	for _, addr := range cfg.Listen {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, fmt.Errorf("listen address %q: %w", addr, err)
		}
		if s.port == "" {
			s.port = port
		}
		host = strings.Trim(host, "[]")
		ip := net.ParseIP(host)
		switch {
		case host == "" || (ip != nil && ip.IsUnspecified()):
			s.anyIP = true
		case ip != nil:
			s.ips[ip.String()] = true
		default:
			s.names[hostName(host)] = true
		}
		if s.reach == "" && host != "" && !IsLoopbackName(host) && (ip == nil || !ip.IsUnspecified()) {
			s.reach = host
		}
	}
	if s.anyIP {
		// This machine's own names, as a phone on the network may know it (mDNS: name.local).
		if hn, err := os.Hostname(); err == nil && hn != "" {
			hn = hostName(hn)
			s.names[hn] = true
			if !strings.Contains(hn, ".") {
				s.names[hn+".local"] = true
			}
		}
	}
	return s, nil
}

// ParsePublicURL checks a public URL: http or https, a host, no query or fragment; its path, if
// any, is kept without its final slash.
func ParsePublicURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("the public URL %q is not an address like https://race.club.example", raw)
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	return u, nil
}

// parseProxy reads a trusted proxy: an address (a network of one) or a CIDR.
func parseProxy(p string) (*net.IPNet, error) {
	p = strings.TrimSpace(p)
	if _, n, err := net.ParseCIDR(p); err == nil {
		return n, nil
	}
	ip := net.ParseIP(p)
	if ip == nil {
		return nil, fmt.Errorf("the trusted proxy %q is neither an address nor a CIDR (127.0.0.1, 10.0.0.0/8)", p)
	}
	bits := 128
	if ip.To4() != nil {
		ip, bits = ip.To4(), 32
	}
	return &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)}, nil
}

// hostName is the name part of a Host header or URL host, lower case, without its port, brackets or
// final dot.
func hostName(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	return strings.TrimSuffix(strings.ToLower(host), ".")
}

// IsLoopbackName says whether a host name is this machine's own: localhost (and its subdomains) or a
// loopback address.
func IsLoopbackName(name string) bool {
	name = hostName(name)
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback()
}

// Answers says whether the app answers to host (a Host header's value): a loopback name, a name or
// address it listens on, this machine's addresses when it listens on all of them, or the public
// URL's host. Any other name is a site pointing its own name at this machine (DNS rebinding).
func (s *Site) Answers(host string) bool {
	name := hostName(host)
	if name == "" {
		return false
	}
	if IsLoopbackName(name) || s.names[name] {
		return true
	}
	ip := net.ParseIP(name)
	if ip == nil {
		return false
	}
	return s.ips[ip.String()] || (s.anyIP && s.machineHas(ip))
}

// machineHas says whether ip is one of this machine's interface addresses; the list is read again
// when ip is not on it (a network joined since), at most every few seconds.
func (s *Site) machineHas(ip net.IP) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.machine[ip.String()] {
		return true
	}
	if time.Since(s.machined) < 5*time.Second {
		return false
	}
	s.machined = time.Now()
	s.machine = map[string]bool{}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return false
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			s.machine[n.IP.String()] = true
		}
	}
	return s.machine[ip.String()]
}

// trusted says whether the request's connection comes from a trusted proxy.
func (s *Site) trusted(r *http.Request) bool {
	ip := remoteIP(r)
	if ip == nil {
		return false
	}
	for _, n := range s.proxies {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

// remoteIP is the address of the request's connection (nil when it is not one).
func remoteIP(r *http.Request) net.IP {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return net.ParseIP(host)
}

// forwarded says whether the request says it was forwarded by a proxy, believed or not.
func forwarded(r *http.Request) bool {
	for _, h := range []string{"Forwarded", echo.HeaderXForwardedFor, echo.HeaderXRealIP, "X-Forwarded-Host", echo.HeaderXForwardedProto, "Via"} {
		if r.Header.Get(h) != "" {
			return true
		}
	}
	return false
}

// ThroughProxy says whether the request came through a proxy: from a trusted proxy's address, or
// saying it was forwarded. Such a request is never "this machine", even when the proxy is.
func (s *Site) ThroughProxy(r *http.Request) bool { return s.trusted(r) || forwarded(r) }

// Local says whether the request comes from this machine: a loopback connection that did not come
// through a proxy.
func (s *Site) Local(r *http.Request) bool {
	ip := remoteIP(r)
	return ip != nil && ip.IsLoopback() && !s.ThroughProxy(r)
}

// Host is the host the client asked for: the Host header, or a trusted proxy's X-Forwarded-Host.
func (s *Site) Host(r *http.Request) string {
	if s.trusted(r) {
		if h := firstValue(r.Header.Get("X-Forwarded-Host")); h != "" {
			return h
		}
	}
	return r.Host
}

// Scheme is the scheme the client used: https over TLS, or as a trusted proxy's X-Forwarded-Proto
// says; http otherwise.
func (s *Site) Scheme(r *http.Request) string {
	if r.TLS != nil {
		return "https"
	}
	if s.trusted(r) && strings.EqualFold(firstValue(r.Header.Get(echo.HeaderXForwardedProto)), "https") {
		return "https"
	}
	return "http"
}

// firstValue is the first of a header's comma-separated values, trimmed.
func firstValue(v string) string {
	v, _, _ = strings.Cut(v, ",")
	return strings.TrimSpace(v)
}

// IPExtractor is the client's address for echo's RealIP: the connection's own, or behind trusted
// proxies the last address of X-Forwarded-For that is not one of them.
func (s *Site) IPExtractor() echo.IPExtractor {
	if len(s.proxies) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range s.proxies {
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

// Address is the app's address for others: the links and QR codes shown to players, the TV and
// invited directors. It never depends on the request that asks for it.
type Address struct {
	// Base is the scheme, host and port (and path of a public URL), without a final slash.
	Base string
	// Reachable says a phone on the network can reach Base: a public URL, or an address the app
	// listens on. An app listening on this machine only (127.0.0.1) is not; Base is then this
	// machine's network address, which it would have if served with -addr 0.0.0.0.
	Reachable bool
	// Network is this machine's address on the local network used in Base ("" for a public URL, or
	// when the machine has none).
	Network string
}

// Public is the app's address for others: the public URL when one is given; else this machine's
// network address on the port the app listens on.
func (s *Site) Public() Address { return s.publicOn(s.port) }

// publicOn is Public with port as the port the app is reached on when it has no public URL.
func (s *Site) publicOn(port string) Address {
	if s.public != nil {
		return Address{Base: s.public.String(), Reachable: true}
	}
	withPort := func(host string) string {
		if port == "" || port == "80" {
			return "http://" + bracket(host)
		}
		return "http://" + net.JoinHostPort(host, port)
	}
	if s.reach != "" {
		return Address{Base: withPort(s.reach), Reachable: true}
	}
	lan := NetworkAddress()
	if lan == "" {
		return Address{Base: withPort("localhost")}
	}
	return Address{Base: withPort(lan), Reachable: s.anyIP, Network: lan}
}

// bracket writes an IPv6 address in brackets, as a URL's host.
func bracket(host string) string {
	if strings.Contains(host, ":") {
		return "[" + host + "]"
	}
	return host
}

// NetworkAddress is this machine's first private IPv4 address on the local network, else its first
// other IPv4 address a phone may reach (neither loopback nor link-local); "" for none.
func NetworkAddress() string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return ""
	}
	other := ""
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		ip := n.IP.To4()
		switch {
		case ip == nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsUnspecified():
		case ip.IsPrivate():
			return ip.String()
		case other == "" && ip.IsGlobalUnicast():
			other = ip.String()
		}
	}
	return other
}
