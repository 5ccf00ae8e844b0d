//go:build unix

package store

import (
	"crypto/tls"
	"errors"
	"syscall"

	"github.com/jackc/pgx/v5"
)

// closedByServer says, without waiting and without reading anything away, whether an idle
// connection has heard from the server: its end closed (a restart, an administrator's
// pg_terminate_backend) or a message it sent unasked, most often the FATAL that came with the
// closing. Such a connection is pinged before use (and dropped when the ping fails) rather than
// handed to a request that would fail on it. A peek at the socket costs a system call, not a
// round trip to the server.
func closedByServer(conn *pgx.Conn) bool {
	nc := conn.PgConn().Conn()
	if tc, ok := nc.(*tls.Conn); ok {
		nc = tc.NetConn()
	}
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	heard := false
	var b [1]byte
	err = raw.Read(func(fd uintptr) bool {
		// The socket does not block (Go's network poller): nothing to read is EAGAIN at once.
		_, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK)
		switch {
		case err == nil:
			heard = true // a byte waits (a message sent unasked), or none ever will (the server closed its end)
		case errors.Is(err, syscall.EAGAIN), errors.Is(err, syscall.EWOULDBLOCK), errors.Is(err, syscall.EINTR):
		default:
			heard = true // reset, or another error: the connection is no good
		}
		return true // done: never wait for the poller
	})
	return heard || err != nil
}
