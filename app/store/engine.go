package store

// The one place that knows which database engine runs: SQLite for a file path, PostgreSQL for a
// postgres:// or postgresql:// address. Everything else in the store is GORM's builder, the same
// for both; what cannot be said the same way in both is here, each part tested on both engines.

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"

	"racedirector/app/race"
)

// IsPostgres says whether dsn names a PostgreSQL database (postgres://… or postgresql://…) rather
// than a SQLite file.
func IsPostgres(dsn string) bool {
	lower := strings.ToLower(dsn)
	return strings.HasPrefix(lower, "postgres://") || strings.HasPrefix(lower, "postgresql://")
}

// RedactDSN is dsn fit to print: a PostgreSQL address without its password.
func RedactDSN(dsn string) string {
	if !IsPostgres(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "a PostgreSQL database"
	}
	return u.Redacted()
}

// openDB opens the database dsn names; pg says whether it is PostgreSQL.
func openDB(dsn string) (db *gorm.DB, pg bool, err error) {
	cfg := &gorm.Config{Logger: logger.Discard, TranslateError: true}
	if IsPostgres(dsn) {
		db, err = gorm.Open(postgres.New(postgres.Config{DSN: dsn}), cfg)
		if err != nil {
			return nil, true, fmt.Errorf("store: unable to open %s: %w", RedactDSN(dsn), err)
		}
		sqlDB, err := db.DB()
		if err != nil {
			return nil, true, fmt.Errorf("store: unable to reach the database: %w", err)
		}
		// A server takes many writers: the pool is what one instance may hold of its connections.
		sqlDB.SetMaxOpenConns(16)
		sqlDB.SetMaxIdleConns(8)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
		if err := sqlDB.Ping(); err != nil {
			_ = sqlDB.Close()
			return nil, true, fmt.Errorf("store: unable to reach %s: %w", RedactDSN(dsn), err)
		}
		return db, true, nil
	}
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	// _txlock=immediate: every transaction takes SQLite's one write lock as it begins, so the
	// actions of two directors run one after the other.
	full := dsn + sep + "_foreign_keys=on&_busy_timeout=10000&_journal_mode=WAL&_txlock=immediate&_synchronous=NORMAL"
	db, err = gorm.Open(sqlite.Open(full), cfg)
	if err != nil {
		return nil, false, fmt.Errorf("store: unable to open %s: %w", dsn, err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, false, fmt.Errorf("store: unable to reach the database: %w", err)
	}
	// SQLite has one writer: a small pool keeps readers concurrent and writers queued.
	sqlDB.SetMaxOpenConns(4)
	return db, false, nil
}

// PostgreSQL's codes for a transaction that lost to a concurrent one: tried again, it sees what
// the other wrote.
const (
	pgSerializationFailure = "40001"
	pgDeadlockDetected     = "40P01"
	pgUniqueViolation      = "23505"
	pgForeignKeyViolation  = "23503"
)

// maxTries is how many times an action that lost to a concurrent one is run before it is refused.
const maxTries = 12

// lostToConcurrent says whether err is a transaction that lost to a concurrent one: a
// serialization failure, a deadlock, a unique key another transaction took first, or a row another
// deleted meanwhile (run again, the action's own checks see that and refuse in words).
func lostToConcurrent(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case pgSerializationFailure, pgDeadlockDetected, pgUniqueViolation, pgForeignKeyViolation:
			return true
		}
	}
	return errors.Is(err, gorm.ErrDuplicatedKey) || errors.Is(err, gorm.ErrForeignKeyViolated)
}

// busyMessage is what a director reads when an action kept losing to others saved at the same moment.
const busyMessage = "someone else saved at the same moment: nothing was stored; try again"

// write runs fn as the one transaction of an action that changes the teams database, a new tour,
// or the application's settings. SQLite runs such transactions one after the other; PostgreSQL runs
// them serializable, and one that loses to a concurrent transaction is run again (its checks then
// see what the other stored), so the two engines give the same answers.
func (s *Store) write(fn func(tx *gorm.DB) error) error {
	if !s.pg {
		return refuseLost(s.db.Transaction(fn))
	}
	return s.retry(func() error {
		return s.db.Transaction(fn, &sql.TxOptions{Isolation: sql.LevelSerializable})
	})
}

// tourWrite runs fn as the one transaction of an action on a tour. On PostgreSQL it first locks the
// tour's row, so that the actions on one tour run one after the other as on SQLite: the version
// fn reads (the stale-form check) cannot move before it commits. A tour that does not exist is
// left to fn to refuse.
func (s *Store) tourWrite(tourID uint, fn func(tx *gorm.DB) error) error {
	if !s.pg {
		return refuseLost(s.db.Transaction(fn))
	}
	return s.retry(func() error {
		return s.db.Transaction(func(tx *gorm.DB) error {
			if err := lockTour(tx, tourID); err != nil {
				return err
			}
			return fn(tx)
		})
	})
}

// read runs fn as one transaction that only reads, seeing the database at one moment.
func (s *Store) read(fn func(tx *gorm.DB) error) error {
	if !s.pg {
		return s.db.Transaction(fn)
	}
	return s.retry(func() error {
		return s.db.Transaction(fn, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	})
}

// retry runs one transaction until it does not lose to a concurrent one, a few times at most, with
// a short random pause between tries; an action that still loses is refused in words (409).
func (s *Store) retry(run func() error) error {
	var err error
	for try := range maxTries {
		if err = run(); err == nil || !lostToConcurrent(err) {
			return err
		}
		time.Sleep(backoff(try))
	}
	return refuseLost(err)
}

// backoff is the pause before try+1: a few milliseconds, growing, never the same twice in a row.
func backoff(try int) time.Duration {
	base := time.Duration(1<<min(try, 6)) * time.Millisecond
	return base + time.Duration(time.Now().UnixNano()%int64(base))
}

// refuseLost turns a transaction that lost to a concurrent one into a conflict a director can read;
// any other error is returned as it is.
func refuseLost(err error) error {
	if err != nil && lostToConcurrent(err) {
		return race.Conflict(busyMessage)
	}
	return err
}

// lockTour takes the tour's row for the transaction (PostgreSQL's SELECT … FOR UPDATE; SQLite's
// transaction holds the whole database already). A missing tour is no error here.
func lockTour(tx *gorm.DB, tourID uint) error {
	var ids []uint
	err := tx.Table("tours").Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate}).Where("id = ?", tourID).Pluck("id", &ids).Error
	if err != nil {
		return fmt.Errorf("store: unable to take tour %d for the change: %w", tourID, err)
	}
	return nil
}

// withLock serializes the schema's migrations and the first start's seeding between instances
// starting together on one PostgreSQL database (a session advisory lock on one connection); SQLite
// needs none.
func (s *Store) withLock(fn func() error) error {
	if !s.pg {
		return fn()
	}
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	ctx := context.Background()
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: unable to reach the database: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", startLockKey); err != nil {
		return fmt.Errorf("store: unable to wait for the other instances' start: %w", err)
	}
	defer func() {
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", startLockKey); err != nil {
			// Not unlocked: the connection goes, and the lock with it, rather than back to the pool.
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return fn()
}

// startLockKey names Race Director's start-up lock among the database's advisory locks.
const startLockKey int64 = 0x52616365446972 // "RaceDir"

// resetSequences sets each table's id sequence past its highest id after rows were copied in with
// their ids (PostgreSQL; SQLite takes the next id from the rows themselves).
func resetSequences(tx *gorm.DB, pg bool, tables []string) error {
	if !pg {
		return nil
	}
	for _, table := range tables {
		err := tx.Exec("SELECT setval(pg_get_serial_sequence(?, 'id'), COALESCE((SELECT MAX(id) FROM "+tx.Statement.Quote(table)+"), 0) + 1, false)", table).Error
		if err != nil {
			return fmt.Errorf("store: unable to set the next id of %s: %w", table, err)
		}
	}
	return nil
}

// notifyChannel is the PostgreSQL channel committed tour changes are announced on, to the other
// instances serving the same database.
const notifyChannel = "racedirector_tours"

// notify announces a committed change to the other instances (PostgreSQL's NOTIFY; SQLite is
// served by one instance, which already told its own followers).
func (s *Store) notify(payload string) error {
	if !s.pg {
		return nil
	}
	return s.db.Exec("SELECT pg_notify(?, ?)", notifyChannel, payload).Error
}
