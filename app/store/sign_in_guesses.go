package store

import (
	"fmt"
	"time"

	"gorm.io/gorm"
)

// signInGuessesTable keeps the counts of wrong sign-in guesses (PINs and passwords), per client
// address and per name, so that every instance of the app on the database counts the same guesses.
const signInGuessesTable = "sign_in_guesses"

// forgetAtOnce bounds how many ended counts one guess forgets: the table stays small without one
// guess doing the work of many.
const forgetAtOnce = 1000

// signInGuess is one key's count of wrong guesses. The key is a hash (the auth package's): no address
// or name typed is kept. Times are microseconds since 1970 (0: none), the same on both engines.
type signInGuess struct {
	KeyHash       string `gorm:"primaryKey;size:64"`
	Wrong         int    `gorm:"not null"`
	LastUs        int64  `gorm:"not null"`
	LockedUntilUs int64  `gorm:"not null"`
	ForgetAtUs    int64  `gorm:"not null;index:idx_sign_in_guess_forget"`
}

// TableName is signInGuessesTable.
func (signInGuess) TableName() string { return signInGuessesTable }

// GuessCount is what is kept of a key's wrong sign-in guesses (the zero count for none).
type GuessCount struct {
	Key         string
	Wrong       int
	Last        time.Time
	LockedUntil time.Time
	// ForgetAt is when the count may be forgotten.
	ForgetAt time.Time
}

// signInGuesses creates the table of sign-in guesses (new with the throttle shared by instances).
func signInGuesses(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&signInGuess{}); err != nil {
		return fmt.Errorf("creating the table of sign-in guesses: %w", err)
	}
	return nil
}

// CountGuesses runs step on the counts of keys, in that order (the zero count, with its Key, for a
// key not kept), in one transaction that holds their rows: a guess on the same keys sent at the same
// moment, to this instance or another, waits for it to commit, so none slips between the read and the
// write. It keeps the counts step returns, forgetting those whose ForgetAt is not after now, then
// forgets a batch of the other counts ended at now. step may run again if the transaction is.
func (s *Store) CountGuesses(keys []string, now time.Time, step func([]GuessCount) []GuessCount) error {
	count := func(tx *gorm.DB) error {
		counts := make([]GuessCount, len(keys))
		for i, key := range keys {
			// Insert the key's row, or take it as it is: either way the row is this transaction's
			// until it ends (PostgreSQL's row lock; SQLite's transaction holds the database).
			var row signInGuess
			err := tx.Raw("INSERT INTO "+signInGuessesTable+" (key_hash, wrong, last_us, locked_until_us, forget_at_us) VALUES (?, 0, 0, 0, 0) "+
				"ON CONFLICT (key_hash) DO UPDATE SET wrong = "+signInGuessesTable+".wrong "+
				"RETURNING key_hash, wrong, last_us, locked_until_us, forget_at_us", key).Scan(&row).Error
			if err != nil {
				return fmt.Errorf("store: unable to read the count of sign-in guesses: %w", err)
			}
			counts[i] = GuessCount{Key: key, Wrong: row.Wrong, Last: fromMicros(row.LastUs), LockedUntil: fromMicros(row.LockedUntilUs), ForgetAt: fromMicros(row.ForgetAtUs)}
		}
		for _, g := range step(counts) {
			var err error
			if g.ForgetAt.After(now) {
				err = tx.Exec("UPDATE "+signInGuessesTable+" SET wrong = ?, last_us = ?, locked_until_us = ?, forget_at_us = ? WHERE key_hash = ?",
					g.Wrong, micros(g.Last), micros(g.LockedUntil), micros(g.ForgetAt), g.Key).Error
			} else {
				err = tx.Exec("DELETE FROM "+signInGuessesTable+" WHERE key_hash = ?", g.Key).Error
			}
			if err != nil {
				return fmt.Errorf("store: unable to keep the count of sign-in guesses: %w", err)
			}
		}
		return nil
	}
	var err error
	if s.pg {
		err = s.retry(func() error { return s.db.Transaction(count) })
	} else {
		err = refuseLost(s.db.Transaction(count))
	}
	if err != nil {
		return err
	}
	return s.forgetGuesses(now)
}

// forgetGuesses deletes up to forgetAtOnce counts ended at now. On PostgreSQL it passes over the rows
// a guess holds (SKIP LOCKED): it never waits for one, nor makes one wait for it.
func (s *Store) forgetGuesses(now time.Time) error {
	held := ""
	if s.pg {
		held = " FOR UPDATE SKIP LOCKED"
	}
	err := s.db.Exec("DELETE FROM "+signInGuessesTable+" WHERE key_hash IN (SELECT key_hash FROM "+signInGuessesTable+
		" WHERE forget_at_us <= ? ORDER BY forget_at_us LIMIT ?"+held+")", micros(now), forgetAtOnce).Error
	if err != nil {
		return fmt.Errorf("store: unable to forget the ended counts of sign-in guesses: %w", err)
	}
	return nil
}

// GuessCounts is how many counts of sign-in guesses are kept, for tests.
func (s *Store) GuessCounts() (int64, error) {
	var n int64
	err := s.db.Table(signInGuessesTable).Count(&n).Error
	return n, err
}

// micros is t in microseconds since 1970, 0 for the zero time.
func micros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMicro()
}

// fromMicros is the time of micros (the zero time for 0).
func fromMicros(us int64) time.Time {
	if us == 0 {
		return time.Time{}
	}
	return time.UnixMicro(us).UTC()
}
