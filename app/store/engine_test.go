package store

import (
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"

	"racedirector/app/race"
)

func TestIsPostgres(t *testing.T) {
	for dsn, want := range map[string]bool{
		"postgres://rd:secret@db.example/rd":       true,
		"postgresql://rd@localhost:5433/rd":        true,
		"POSTGRES://rd@localhost/rd":               true,
		"racedirector.db":                          false,
		"/var/lib/racedirector/racedirector.db":    false,
		"file:racedirector.db?cache=shared":        false,
		"postgres.db":                              false,
		"./postgres://not-an-address-but-a-folder": false,
	} {
		if got := IsPostgres(dsn); got != want {
			t.Errorf("IsPostgres(%q) = %v, want %v", dsn, got, want)
		}
	}
}

func TestRedactDSNHidesThePassword(t *testing.T) {
	for dsn, want := range map[string]string{
		"postgres://rd:secret@db.example/rd?sslmode=require": "postgres://rd:xxxxx@db.example/rd?sslmode=require",
		"postgresql://rd@localhost/rd":                       "postgresql://rd@localhost/rd",
		"racedirector.db":                                    "racedirector.db",
	} {
		if got := RedactDSN(dsn); got != want {
			t.Errorf("RedactDSN(%q) = %q, want %q", dsn, got, want)
		}
	}
}

// TestALostTransactionIsTriedAgainThenRefusedInWords: a transaction that loses to a concurrent one
// (serialization failure, deadlock, a unique key taken meanwhile) is run again; one that keeps
// losing is a conflict a director can read, never the driver's error.
func TestALostTransactionIsTriedAgainThenRefusedInWords(t *testing.T) {
	s := &Store{}
	for _, lost := range []error{
		&pgconn.PgError{Code: pgSerializationFailure},
		fmt.Errorf("wrapped: %w", &pgconn.PgError{Code: pgDeadlockDetected}),
		fmt.Errorf("%w: %w", gorm.ErrDuplicatedKey, &pgconn.PgError{Code: pgUniqueViolation}),
		fmt.Errorf("%w: %w", gorm.ErrForeignKeyViolated, &pgconn.PgError{Code: pgForeignKeyViolation}),
	} {
		tries := 0
		err := s.retry(func() error {
			tries++
			if tries < 3 {
				return lost
			}
			return nil
		})
		if err != nil || tries != 3 {
			t.Errorf("losing twice to %v: %d tries, error %v; want 3 tries and success", lost, tries, err)
		}
		tries = 0
		err = s.retry(func() error { tries++; return lost })
		var ce *race.ConflictError
		if !errors.As(err, &ce) || ce.Message != busyMessage || tries != maxTries {
			t.Errorf("always losing to %v: %d tries, error %v; want %d tries and a conflict", lost, tries, err, maxTries)
		}
	}
	other := errors.New("disk full")
	tries := 0
	if err := s.retry(func() error { tries++; return other }); err != other || tries != 1 {
		t.Errorf("another error: %d tries, %v; want it answered at once", tries, err)
	}
}
