package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
	"gorm.io/gorm"
)

// TestTheDatabaseAwayIsToldFromOtherErrors: a server stopped, restarting or out of reach, a
// connection lost, SQLite's file locked beyond the busy timeout are "away" (503); a refusal, a
// conflict, a missing row are not.
func TestTheDatabaseAwayIsToldFromOtherErrors(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "unix", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	noSocket := &net.OpError{Op: "dial", Net: "unix", Err: os.NewSyscallError("connect", syscall.ENOENT)}
	for _, tc := range []struct {
		name string
		err  error
		away bool
	}{
		{"dial refused", fmt.Errorf("store: %w", refused), true},
		{"no socket", noSocket, true},
		{"admin shutdown", &pgconn.PgError{Severity: "FATAL", Code: "57P01"}, true},
		{"crash shutdown", &pgconn.PgError{Code: "57P02"}, true},
		{"cannot connect now", fmt.Errorf("wrapped: %w", &pgconn.PgError{Code: "57P03"}), true},
		{"too many clients", &pgconn.PgError{Code: "53300"}, true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"unexpected EOF", fmt.Errorf("failed to receive message: %w", io.ErrUnexpectedEOF), true},
		{"EOF", io.EOF, true},
		{"reset", fmt.Errorf("read: %w", syscall.ECONNRESET), true},
		{"broken pipe", syscall.EPIPE, true},
		{"bad connection", driver.ErrBadConn, true},
		{"closed", net.ErrClosed, true},
		{"SQLite busy", sqlite3.Error{Code: sqlite3.ErrBusy}, true},
		{"SQLite locked", fmt.Errorf("x: %w", sqlite3.Error{Code: sqlite3.ErrLocked}), true},
		{"serialization", &pgconn.PgError{Code: pgSerializationFailure}, false},
		{"unique", &pgconn.PgError{Code: pgUniqueViolation}, false},
		{"bad UTF-8", &pgconn.PgError{Code: "22021"}, false},
		{"SQLite constraint", sqlite3.Error{Code: sqlite3.ErrConstraint}, false},
		{"not found", gorm.ErrRecordNotFound, false},
		{"a refusal", notFound("tour %d", 3), false},
		{"cancelled", context.Canceled, false},
		{"nil", nil, false},
	} {
		if got := Away(tc.err); got != tc.away {
			t.Errorf("Away(%s: %v) = %v, want %v", tc.name, tc.err, got, tc.away)
		}
	}
}

// TestALostConnectionIsTriedOnceMore: a transaction whose connection was lost is run once more (a
// fresh connection), not twice; one lost at its commit is run again only when it only read or
// nothing of the commit was sent; any other error is answered at once.
func TestALostConnectionIsTriedOnceMore(t *testing.T) {
	s := &Store{}
	lost := &pgconn.PgError{Severity: "FATAL", Code: "57P01"}
	for _, tc := range []struct {
		name             string
		readOnly, commit bool
		err              error
		tries            int
	}{
		{name: "a write's statement", err: lost, tries: 2},
		{name: "a read's statement", readOnly: true, err: lost, tries: 2},
		{name: "a read's commit", readOnly: true, commit: true, err: io.ErrUnexpectedEOF, tries: 2},
		{name: "a write's commit", commit: true, err: io.ErrUnexpectedEOF, tries: 1},
		{name: "a refusal", err: errors.New("disk full"), tries: 1},
	} {
		tries := 0
		err := s.retry(tc.readOnly, func() (bool, error) { tries++; return tc.commit, tc.err })
		if tries != tc.tries || !errors.Is(err, tc.err) {
			t.Errorf("%s always failing: %d tries, error %v; want %d tries and the error", tc.name, tries, err, tc.tries)
		}
		tries = 0
		err = s.retry(tc.readOnly, func() (bool, error) {
			if tries++; tries == 1 {
				return tc.commit, tc.err
			}
			return false, nil
		})
		if want := tc.tries == 2; (err == nil) != want {
			t.Errorf("%s failing once: error %v after %d tries; want success %v", tc.name, err, tries, want)
		}
	}
}

// TestOnlyReadsAreAskedAgain: outside a transaction, only a SELECT is asked again on a fresh
// connection; a statement that may have changed something is not.
func TestOnlyReadsAreAskedAgain(t *testing.T) {
	for query, want := range map[string]bool{
		`SELECT "id" FROM "directors" LIMIT $1`:          true,
		"  select count(*) from tours":                   true,
		"(SELECT 1) UNION (SELECT 2)":                    true,
		`INSERT INTO "tours" ("name") VALUES ($1)`:       false,
		`UPDATE "tours" SET "version"=$1`:                false,
		`DELETE FROM "director_sessions" WHERE id = $1`:  false,
		"WITH x AS (DELETE FROM t RETURNING *) SELECT 1": false,
		"SELEC": false,
	} {
		if got := isRead(query); got != want {
			t.Errorf("isRead(%q) = %v, want %v", query, got, want)
		}
	}
}
