package store

import (
	"errors"
	"fmt"
	"testing"

	"racedirector/app/refuse"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

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
		err := s.retry(false, func() (bool, error) {
			tries++
			if tries < 3 {
				return false, lost
			}
			return false, nil
		})
		if err != nil || tries != 3 {
			t.Errorf("losing twice to %v: %d tries, error %v; want 3 tries and success", lost, tries, err)
		}
		tries = 0
		err = s.retry(false, func() (bool, error) { tries++; return false, lost })
		var ce *refuse.ConflictError
		if !errors.As(err, &ce) || ce.Message != busyMessage || tries != maxTries {
			t.Errorf("always losing to %v: %d tries, error %v; want %d tries and a conflict", lost, tries, err, maxTries)
		}
	}
	other := errors.New("disk full")
	tries := 0
	if err := s.retry(false, func() (bool, error) { tries++; return false, other }); err != other || tries != 1 {
		t.Errorf("another error: %d tries, %v; want it answered at once", tries, err)
	}
}
