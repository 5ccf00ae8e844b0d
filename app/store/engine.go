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
	"strings"
	"time"

	"racedirector/app/refuse"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"
)

// openDB opens the database dsn names (ParseDSN says which engine): pool is PostgreSQL's pool of
// connections, nil for a SQLite file.
func openDB(dsn string) (db *gorm.DB, pool *pgxpool.Pool, err error) {
	engine, err := ParseDSN(dsn)
	if err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	if engine == Postgres {
		db, pool, err := openPostgres(lowerScheme(dsn), gormConfig())
		return db, pool, hideSecrets(dsn, err)
	}
	// _txlock=immediate: every transaction takes SQLite's one write lock as it begins, so the
	// actions of two directors run one after the other.
	db, err = openSQLite(dsn, "_foreign_keys=on&_busy_timeout=10000&_journal_mode=WAL&_txlock=immediate&_synchronous=NORMAL")
	return db, nil, err
}

// openReads opens the pool the store reads with, once the schema is migrated (a connection keeps
// the columns' types it first read): on SQLite a second pool, whose connections refuse any write
// (_query_only) and begin their transactions deferred, taking no write lock; in WAL mode they read
// the last commit while a writer writes, neither waiting for the other, and a read begun after a
// commit sees it. On PostgreSQL it is db itself.
func (s *Store) openReads() error {
	if s.pg {
		s.reads = s.db
		return nil
	}
	reads, err := openSQLite(s.dsn, "_busy_timeout=10000&_query_only=true&_txlock=deferred")
	if err != nil {
		return err
	}
	s.reads = reads
	return nil
}

// gormConfig is how GORM is set: quiet, its errors translated to its own (duplicated key, …).
func gormConfig() *gorm.Config {
	return &gorm.Config{Logger: logger.Discard, TranslateError: true}
}

// openSQLite opens one pool of connections to the SQLite file dsn names, with the driver's
// settings.
func openSQLite(dsn, settings string) (*gorm.DB, error) {
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	db, err := gorm.Open(sqlite.Open(dsn+sep+settings), gormConfig())
	if err != nil {
		return nil, fmt.Errorf("store: unable to open %s: %w", dsn, err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("store: unable to reach the database: %w", err)
	}
	// A small pool: SQLite has one writer, and each connection keeps its own cache of pages.
	sqlDB.SetMaxOpenConns(sqliteConns)
	return db, nil
}

// sqliteConns is how many connections each of SQLite's two pools holds.
const sqliteConns = 4

// The pool's defaults, when the address does not set them (pool_max_conns=…, connect_timeout=…).
const (
	// poolMaxConns is what one instance may hold of the server's connections: a server takes many writers.
	poolMaxConns = 16
	// poolMaxIdle is how long an unused connection is kept.
	poolMaxIdle = 5 * time.Minute
	// connectTimeout is how long a new connection may take before the database is said to be away.
	connectTimeout = 5 * time.Second
)

// openPostgres opens a PostgreSQL database through a pool of connections (pgxpool), which pings a
// connection that sat idle before handing it out and drops it when it does not answer; once a
// connection is found lost, every idle one is dropped (a restarted server closed them all) and
// the read or the transaction is asked again once on a fresh one (reconnecting, retry). The
// address's pool_… settings set the pool.
func openPostgres(dsn string, cfg *gorm.Config) (*gorm.DB, *pgxpool.Pool, error) {
	poolCfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, nil, fmt.Errorf("store: unable to read the address of %s: %w", RedactDSN(dsn), err)
	}
	if _, set := dsnSetting(dsn, "pool_max_conns"); !set {
		poolCfg.MaxConns = poolMaxConns
	}
	if _, set := dsnSetting(dsn, "pool_max_conn_idle_time"); !set {
		poolCfg.MaxConnIdleTime = poolMaxIdle
	}
	if _, set := dsnSetting(dsn, "connect_timeout"); !set {
		poolCfg.ConnConfig.ConnectTimeout = connectTimeout
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), poolCfg)
	if err != nil {
		return nil, nil, fmt.Errorf("store: unable to open %s: %w", RedactDSN(dsn), err)
	}
	sqlDB := stdlib.OpenDBFromPool(pool)
	db, err := gorm.Open(postgres.New(postgres.Config{Conn: reconnecting{DB: sqlDB, reset: pool.Reset}}), cfg)
	if err == nil {
		err = sqlDB.Ping()
	}
	if err != nil {
		_ = sqlDB.Close()
		pool.Close()
		return nil, nil, fmt.Errorf("store: unable to reach %s: %w", RedactDSN(dsn), err)
	}
	return db, pool, nil
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
//
// fn must record its change in the audit record (recordChange) or say it stored nothing (unchanged).
func (s *Store) write(fn func(tx *gorm.DB) error) error { return s.writeTx(audited(fn)) }

// writeTx runs fn as write's transaction, audited or not (bookkeeping).
func (s *Store) writeTx(fn func(tx *gorm.DB) error) error {
	if !s.pg {
		return s.stopped(refuseLost(s.db.Transaction(fn)))
	}
	return s.retry(false, func() (bool, error) {
		return s.transaction(fn, &sql.TxOptions{Isolation: sql.LevelSerializable})
	})
}

// tourWrite runs fn as the one transaction of an action on a tour. On PostgreSQL it first locks the
// tour's row, so that the actions on one tour run one after the other as on SQLite: the version
// fn reads (the stale-form check) cannot move before it commits. A tour that does not exist is
// left to fn to refuse. fn must record its change in the audit record, as write's.
func (s *Store) tourWrite(tourID uint, fn func(tx *gorm.DB) error) error {
	fn = audited(fn)
	if !s.pg {
		return s.stopped(refuseLost(s.db.Transaction(fn)))
	}
	return s.retry(false, func() (bool, error) {
		return s.transaction(func(tx *gorm.DB) error {
			if err := lockTour(tx, tourID); err != nil {
				return err
			}
			return fn(tx)
		})
	})
}

// read runs fn as one transaction that only reads, seeing the database at one moment: on SQLite
// on the readers' pool, without the write lock.
func (s *Store) read(fn func(tx *gorm.DB) error) error {
	if !s.pg {
		return s.stopped(s.reads.Transaction(fn))
	}
	return s.retry(true, func() (bool, error) {
		return s.transaction(fn, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	})
}

// retry runs one transaction until it does not lose to a concurrent one, a few times at most, with
// a short random pause between tries; an action that still loses is refused in words (409). A
// transaction whose connection was lost before anything was committed (the server restarted or
// dropped it) is run once more, on a fresh connection (mayRunAgain); run says whether its error
// came at the commit, and readOnly that it only reads. A transaction stopped because the store's
// context ended (its client left) is never run again, nor waited for.
func (s *Store) retry(readOnly bool, run func() (atCommit bool, err error)) error {
	var err error
	reconnected := false
	for try := range maxTries {
		var atCommit bool
		atCommit, err = run()
		switch {
		case err == nil:
			return nil
		case s.context().Err() != nil:
			return s.stopped(err)
		case lostToConcurrent(err):
			if !s.pause(backoff(try)) {
				return s.stopped(err)
			}
		case !reconnected && mayRunAgain(err, atCommit, readOnly):
			reconnected = true
			s.dropIdleConnections()
		default:
			return err
		}
	}
	return refuseLost(err)
}

// backoff is the pause before try+1: a few milliseconds, growing, never the same twice in a row.
func backoff(try int) time.Duration {
	base := time.Duration(1<<min(try, 6)) * time.Millisecond
	return base + time.Duration(time.Now().UnixNano()%int64(base))
}

// pause waits d, or less when the store's context ends first; it says whether d passed.
func (s *Store) pause(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-s.context().Done():
		return false
	}
}

// refuseLost turns a transaction that lost to a concurrent one into a conflict a director can read;
// any other error is returned as it is.
func refuseLost(err error) error {
	if err != nil && lostToConcurrent(err) {
		return refuse.Conflict(busyMessage)
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
	ctx := s.context()
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
