package auth

import (
	"net"
	"net/http"
	"strings"
)

// PublicFor is the app's address for others, as the page asked by r shows it (the TV's and the podium's
// link and QR code, the Share page): the public URL when one is given; for a request that came to a name
// or address of this machine that is not loopback (a TV opened at http://192.168.1.20:8080), that very
// address, which the app answers to and the room's phones reach as the TV did; for one that came on
// loopback (the director's laptop at http://127.0.0.1:8080), no phone reaches it: this machine's network
// address on the port the request came to (Public). A request through a proxy without a public URL is
// given Public.
func (s *Site) PublicFor(r *http.Request) Address {
	if s.public != nil || r == nil {
		return s.Public()
	}
	host := s.Host(r)
	name := hostName(host)
	if name != "" && !IsLoopbackName(name) && s.Answers(host) {
		return Address{Base: s.Scheme(r) + "://" + strings.ToLower(host), Reachable: true}
	}
	if s.port == "" && s.Local(r) {
		if _, port, err := net.SplitHostPort(r.Host); err == nil {
			return s.publicOn(port)
		}
	}
	return s.Public()
}
