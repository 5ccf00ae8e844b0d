package store

// When the database is away: PostgreSQL restarting, stopped or out of reach, or SQLite's file kept
// locked by another program beyond the busy timeout. Such an error is no fault of the request: it
// is told as "try again shortly" (503), and a transaction whose connection was lost before anything
// was committed is run once more on a fresh connection.

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
	"gorm.io/gorm"
)

// PostgreSQL's codes for a server that is going, gone, or not taking connections yet.
const (
	pgAdminShutdown     = "57P01"
	pgCrashShutdown     = "57P02"
	pgCannotConnectNow  = "57P03"
	pgTooManyClients    = "53300"
	pgConnectionClasses = "08" // connection_exception and its subclasses
)

// Away says whether err means the database cannot be reached just now: a connection refused or
// lost (the server stopped, restarting, or dropped it), the server not taking connections yet, no
// connection made in time, or SQLite's file still locked by another after the busy timeout. Asked
// again in a moment, the same request may well succeed.
func Away(err error) bool {
	if err == nil || ClientLeft(err) {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case pgAdminShutdown, pgCrashShutdown, pgCannotConnectNow, pgTooManyClients:
			return true
		}
		return len(pgErr.Code) == 5 && pgErr.Code[:2] == pgConnectionClasses
	}
	var liteErr sqlite3.Error
	if errors.As(err, &liteErr) {
		return liteErr.Code == sqlite3.ErrBusy || liteErr.Code == sqlite3.ErrLocked
	}
	var connectErr *pgconn.ConnectError
	var netErr *net.OpError
	switch {
	case errors.As(err, &connectErr), errors.As(err, &netErr), pgconn.SafeToRetry(err):
		return true
	}
	for _, lost := range []error{driver.ErrBadConn, sql.ErrConnDone, io.EOF, io.ErrUnexpectedEOF, net.ErrClosed,
		syscall.ECONNREFUSED, syscall.ECONNRESET, syscall.ECONNABORTED, syscall.EPIPE} {
		if errors.Is(err, lost) {
			return true
		}
	}
	return false
}

// ClientLeft says whether err is a query or a transaction stopped because its request's context
// was cancelled: the client left, and is owed no answer (neither a refusal nor a 503).
func ClientLeft(err error) bool { return errors.Is(err, context.Canceled) }

// stopped returns err, saying the store's context ended when it did: a transaction cut off by its
// context fails with the driver's words (a transaction already done, a connection closed), which
// say nothing of the client that left.
func (s *Store) stopped(err error) error {
	ctxErr := s.context().Err()
	if err == nil || ctxErr == nil || errors.Is(err, ctxErr) {
		return err
	}
	return fmt.Errorf("store: %w: %w", ctxErr, err)
}

// dropIdleConnections closes the pool's idle connections (and those in use once they are
// returned): one was found lost, and a restarted server closed them all.
func (s *Store) dropIdleConnections() {
	if s.pool != nil {
		s.pool.Reset()
	}
}

// reconnecting is the store's connections outside transactions (GORM's pool over database/sql): a
// read (a SELECT) whose connection was found lost drops the idle connections and is asked once
// more, on a fresh one. A read asks nothing to be stored, so asking it twice is safe; any other
// statement is not asked again.
type reconnecting struct {
	*sql.DB
	// reset drops the pool's idle connections.
	reset func()
}

// QueryContext runs a query, a read again once when its connection was lost.
func (r reconnecting) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	rows, err := r.DB.QueryContext(ctx, query, args...)
	if err != nil && Away(err) && ctx.Err() == nil && isRead(query) {
		r.reset()
		rows, err = r.DB.QueryContext(ctx, query, args...)
	}
	return rows, err
}

// GetDBConn is the database/sql pool under it (GORM's DB()).
func (r reconnecting) GetDBConn() (*sql.DB, error) { return r.DB, nil }

// isRead says whether query only reads: a SELECT (outside a transaction, it holds no lock).
func isRead(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n(")
	return len(q) >= 6 && strings.EqualFold(q[:6], "SELECT")
}

// transaction runs fn as one transaction with opts, and says whether an error came at its commit
// (fn succeeded, then committing failed: whether it was committed is not known).
func (s *Store) transaction(fn func(tx *gorm.DB) error, opts ...*sql.TxOptions) (atCommit bool, err error) {
	ran, fnErr := false, error(nil)
	err = s.db.Transaction(func(tx *gorm.DB) error {
		ran = true
		fnErr = fn(tx)
		return fnErr
	}, opts...)
	return err != nil && ran && fnErr == nil, err
}

// mayRunAgain says whether a transaction that failed with err may be run once more on a fresh
// connection: its connection was lost (or never made) before anything could be committed. A
// commit whose answer was lost is run again only when it only read, or when nothing of it reached
// the server.
func mayRunAgain(err error, atCommit, readOnly bool) bool {
	if !Away(err) {
		return false
	}
	return !atCommit || readOnly || pgconn.SafeToRetry(err)
}
