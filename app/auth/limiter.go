package auth

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Wrong PINs are slowed per client address: after MaxWrongPINs in a row (none more than
// forgetWrongPINs apart), the address is refused every PIN, the right one too, for LockedOutFor.
const (
	MaxWrongPINs    = 5
	LockedOutFor    = time.Minute
	forgetWrongPINs = 15 * time.Minute
	maxClients      = 10000
)

// attempts is one client address's recent wrong PINs.
type attempts struct {
	wrong       int
	lockedUntil time.Time
	last        time.Time
}

// limiter counts wrong PINs per client address.
type limiter struct {
	mu      sync.Mutex
	clients map[string]*attempts
}

// newLimiter returns a limiter that has seen no attempt.
func newLimiter() *limiter { return &limiter{clients: map[string]*attempts{}} }

// begin starts an attempt from client at now: it is counted as wrong until succeeded says
// otherwise, so that attempts sent all at once are counted before any is checked. wait is how long
// the client must wait when the attempt is refused (0: go on).
func (l *limiter) begin(client string, now time.Time) (wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	a, ok := l.clients[client]
	if ok && now.Before(a.lockedUntil) {
		return a.lockedUntil.Sub(now)
	}
	if !ok || now.Sub(a.last) >= forgetWrongPINs || !a.lockedUntil.IsZero() {
		if !ok {
			l.makeRoom(now)
		}
		a = &attempts{}
		l.clients[client] = a
	}
	a.wrong++
	a.last = now
	if a.wrong >= MaxWrongPINs {
		a.lockedUntil = now.Add(LockedOutFor)
	}
	return 0
}

// succeeded forgets client's wrong PINs: the attempt begun was the right PIN.
func (l *limiter) succeeded(client string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.clients, client)
}

// makeRoom forgets the addresses not heard of for a while, then the oldest ones, to keep at most
// maxClients. The caller holds the lock.
func (l *limiter) makeRoom(now time.Time) {
	if len(l.clients) < maxClients {
		return
	}
	for k, a := range l.clients {
		if now.Sub(a.last) >= forgetWrongPINs && !now.Before(a.lockedUntil) {
			delete(l.clients, k)
		}
	}
	for len(l.clients) >= maxClients {
		oldest, at := "", time.Time{}
		for k, a := range l.clients {
			if oldest == "" || a.last.Before(at) {
				oldest, at = k, a.last
			}
		}
		delete(l.clients, oldest)
	}
}

// ClientAddress is the address wrong PINs are counted against: the connection's own address (a
// forwarded-for header is not believed: anyone could send one), an IPv6 address by its /64 network.
func ClientAddress(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}
