// Package store is the persistence of Race Director: queries and transactions over models,
// converting rows to plain values and race values. Every action is one transaction, begun with
// tourWrite for an action on a tour and write for any other (engine.go): on PostgreSQL they make
// concurrent directors' actions run as SQLite runs them, one after the other. A read runs with read
// (on SQLite on a pool of its own that never takes the write lock), and every query on the store's
// context: For gives a request its store, whose queries stop when the client leaves.
package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// NotFoundError says which thing is missing; it becomes a 404.
type NotFoundError struct {
	What string
	// Text is What as words to translate ("tour %d", 3).
	Text i18n.Text
}

// Error names the missing thing.
func (e *NotFoundError) Error() string { return e.What + " not found" }

func notFound(format string, args ...any) error {
	t := i18n.Textf(format, args...)
	return &NotFoundError{What: t.String(), Text: t}
}

// Said is the refusal as a sentence to translate: "tour 3 not found".
func (e *NotFoundError) Said() i18n.Text {
	what := e.Text
	if what.Format == "" {
		what = i18n.Text{Format: e.What}
	}
	return i18n.Textf("%s not found", what)
}

// Store is the database and the rulesets it validates against. Every query and transaction runs
// on the store's context: For gives the store of one request, whose queries stop when its client
// leaves; the Store Open returns runs on context.Background.
type Store struct {
	// db holds the connections that write (and, on PostgreSQL, read); reads is SQLite's pool of
	// connections that only read (openReads), db itself on PostgreSQL. Both carry ctx.
	db    *gorm.DB
	reads *gorm.DB
	// ctx is the context every query runs on (nil: context.Background).
	ctx      context.Context
	rulesets []race.Ruleset
	// races keeps the race state of the tours read last, by version.
	races *raceMemory
	// summaries keeps the tour list's lines, by version; seasons the seasons' standings, by state.
	summaries *tourSummaries
	seasons   *seasonMemory
	// onChange is told of every committed change of a tour (OnTourChange).
	onChange func(TourChange)
	// pg says the database is PostgreSQL, which dsn names; from marks this instance's announcements
	// of changes among those of the other instances on the same database.
	pg   bool
	dsn  string
	from string
	// Bounds are the most teams and riders each teams database may hold (DefaultDatabaseBounds where
	// unset); a test may lower them before the store serves anything.
	Bounds DatabaseBounds
	// pool is PostgreSQL's pool of connections (nil for SQLite), closed with the store.
	pool *pgxpool.Pool
	// dump is which tables Snapshot reads, and in which order, read from the catalogue once.
	dump *snapshotPlan
}

// toursInMemory is how many tours' race states are kept in memory: a grand tour's is about 0.3 MB with
// the standings it keeps.
const toursInMemory = 10

// Open opens (creating if needed) the database dsn names and runs the migrations: a PostgreSQL
// database for a postgres:// or postgresql:// address or key=value settings, else the SQLite file
// at that path (with WAL, foreign keys and a busy timeout); ParseDSN refuses anything else, and no
// error says a password.
func Open(dsn string, rulesets []race.Ruleset) (*Store, error) {
	db, pool, err := openDB(dsn)
	if err != nil {
		return nil, err
	}
	s := &Store{db: db, reads: db, pool: pool, pg: pool != nil, dsn: lowerScheme(dsn), from: newInstanceMark(), rulesets: rulesets, races: newRaceMemory(toursInMemory), summaries: &tourSummaries{}, seasons: &seasonMemory{}, dump: &snapshotPlan{}}
	if err := s.withLock(func() error {
		if err := s.migrate(); err != nil {
			return err
		}
		return s.makeKeptPages()
	}); err != nil {
		_ = s.Close()
		return nil, err
	}
	if err := s.openReads(); err != nil {
		_ = s.Close()
		return nil, err
	}
	return s, nil
}

// For is the store for one request: the same database, memories and settings, whose every query
// and transaction runs on ctx, so that a client that leaves (ctx cancelled) stops its queries, and
// a query so stopped is never run again. The settings (Bounds, OnTourChange) are those of s now.
func (s *Store) For(ctx context.Context) *Store {
	c := *s
	c.ctx = ctx
	c.db = s.db.WithContext(ctx)
	c.reads = s.reads.WithContext(ctx)
	return &c
}

// context is the context the store's queries run on.
func (s *Store) context() context.Context {
	if s.ctx == nil {
		return context.Background()
	}
	return s.ctx
}

// Close closes the database.
func (s *Store) Close() error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	err = sqlDB.Close()
	if readDB, rerr := s.reads.DB(); rerr == nil && readDB != sqlDB {
		err = errors.Join(err, readDB.Close())
	}
	if s.pool != nil {
		s.pool.Close()
	}
	return err
}

// pingWithin is how long Ping waits for the database's answer.
const pingWithin = 5 * time.Second

// Ping checks that the database answers, within a few seconds.
func (s *Store) Ping() error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(s.context(), pingWithin)
	defer cancel()
	return sqlDB.PingContext(ctx)
}

// Rulesets returns the rulesets the store validates against.
func (s *Store) Rulesets() []race.Ruleset { return s.rulesets }

// Ruleset returns the ruleset with that id.
func (s *Store) Ruleset(id string) (race.Ruleset, bool) {
	return race.FindRuleset(s.rulesets, id)
}
