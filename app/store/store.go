// Package store is the persistence of Race Director: queries and transactions over models,
// converting rows to plain values and race values. Every action is one transaction.
package store

import (
	"fmt"
	"strings"

	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"racedirector/app/race"
)

// NotFoundError says which thing is missing; it becomes a 404.
type NotFoundError struct {
	What string
}

// Error names the missing thing.
func (e *NotFoundError) Error() string { return e.What + " not found" }

func notFound(format string, args ...any) error {
	return &NotFoundError{What: fmt.Sprintf(format, args...)}
}

// Store is the database and the rulesets it validates against.
type Store struct {
	db       *gorm.DB
	rulesets []race.Ruleset
	// races keeps the race state of the tours read last, by version.
	races *raceMemory
	// summaries keeps the tour list's lines, by version.
	summaries tourSummaries
	// onChange is told of every committed change of a tour (OnTourChange).
	onChange func(TourChange)
}

// toursInMemory is how many tours' race states are kept in memory: a grand tour's is about 1 MB.
const toursInMemory = 16

// Open opens (creating if needed) the SQLite database at path with WAL, foreign keys and a
// busy timeout, and runs the migrations.
func Open(path string, rulesets []race.Ruleset) (*Store, error) {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	dsn := path + sep + "_foreign_keys=on&_busy_timeout=10000&_journal_mode=WAL&_txlock=immediate&_synchronous=NORMAL"
	db, err := gorm.Open(sqlite.Open(dsn), &gorm.Config{Logger: logger.Discard, TranslateError: true})
	if err != nil {
		return nil, fmt.Errorf("store: unable to open %s: %w", path, err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("store: unable to reach the database: %w", err)
	}
	// SQLite has one writer: a small pool keeps readers concurrent and writers queued.
	sqlDB.SetMaxOpenConns(4)
	s := &Store{db: db, rulesets: rulesets, races: newRaceMemory(toursInMemory)}
	if err := s.migrate(); err != nil {
		_ = sqlDB.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// Ping checks that the database answers.
func (s *Store) Ping() error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Ping()
}

// Rulesets returns the rulesets the store validates against.
func (s *Store) Rulesets() []race.Ruleset { return s.rulesets }

// Ruleset returns the ruleset with that id.
func (s *Store) Ruleset(id string) (race.Ruleset, bool) {
	return race.FindRuleset(s.rulesets, id)
}
