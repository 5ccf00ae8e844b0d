package store

import (
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
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
// write (two guesses making the same new row: the second is run again, and counts on the first's).
// It keeps the counts step returns, forgetting those whose ForgetAt is not after now, and writes
// only what changed (a refused guess writes nothing); then it forgets a batch of the other counts
// ended at now. step may run again if the transaction is.
func (s *Store) CountGuesses(keys []string, now time.Time, step func([]GuessCount) []GuessCount) error {
	count := func(tx *gorm.DB) error {
		read := map[string]GuessCount{}
		counts := make([]GuessCount, len(keys))
		for i, key := range keys {
			// One key at a time, in the caller's order: PostgreSQL locks the rows in that order.
			q := tx.Table(signInGuessesTable).Where("key_hash = ?", key)
			if s.pg {
				q = q.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate})
			}
			var rows []signInGuess
			if err := q.Find(&rows).Error; err != nil {
				return fmt.Errorf("store: unable to read the count of sign-in guesses: %w", err)
			}
			counts[i] = GuessCount{Key: key}
			if len(rows) == 1 {
				r := rows[0]
				counts[i] = GuessCount{Key: key, Wrong: r.Wrong, Last: fromMicros(r.LastUs), LockedUntil: fromMicros(r.LockedUntilUs), ForgetAt: fromMicros(r.ForgetAtUs)}
				read[key] = counts[i]
			}
		}
		for _, g := range step(counts) {
			if err := keepGuessCount(tx, g, read, now); err != nil {
				return fmt.Errorf("store: unable to keep the count of sign-in guesses: %w", err)
			}
		}
		return nil
	}
	var err error
	if s.pg {
		err = s.retry(false, func() (bool, error) { return s.transaction(count) })
	} else {
		err = s.stopped(refuseLost(s.db.Transaction(count)))
	}
	if err != nil {
		return err
	}
	return s.forgetGuesses(now)
}

// keepGuessCount writes g as step returned it, against what was read: a new row, a changed one, or
// a row forgotten; nothing when it is as it was.
func keepGuessCount(tx *gorm.DB, g GuessCount, read map[string]GuessCount, now time.Time) error {
	was, kept := read[g.Key]
	row := signInGuess{KeyHash: g.Key, Wrong: g.Wrong, LastUs: micros(g.Last), LockedUntilUs: micros(g.LockedUntil), ForgetAtUs: micros(g.ForgetAt)}
	switch {
	case !g.ForgetAt.After(now) && kept:
		return tx.Where("key_hash = ?", g.Key).Delete(&signInGuess{}).Error
	case !g.ForgetAt.After(now):
		return nil
	case !kept:
		return tx.Create(&row).Error
	case was.Wrong != g.Wrong || !was.Last.Equal(g.Last) || !was.LockedUntil.Equal(g.LockedUntil) || !was.ForgetAt.Equal(g.ForgetAt):
		return tx.Model(&signInGuess{}).Where("key_hash = ?", g.Key).
			Updates(map[string]any{"wrong": row.Wrong, "last_us": row.LastUs, "locked_until_us": row.LockedUntilUs, "forget_at_us": row.ForgetAtUs}).Error
	}
	return nil
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
	err := s.reads.Table(signInGuessesTable).Count(&n).Error
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
