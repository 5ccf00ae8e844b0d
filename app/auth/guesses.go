package auth

import (
	"strings"
	"time"
)

// Wrong PINs and passwords are slowed twice, each guess counted before it is checked (so that many
// sent at once are counted before any is):
//
//   - per client address (ClientOf): after MaxWrongPINs in a row, none more than forgetWrongPINs
//     apart, the address is refused every guess, the right one too, for LockedOutFor; a right one
//     starts its count again;
//   - per account name (for the PIN, the table's one PIN): after MaxWrongPerName in a row, none more
//     than forgetWrongPINs apart, whatever addresses they came from, the name is refused for
//     NameLockedOutFor, except from an address that signed in to it rightly within KnownFor: an
//     attacker guessing from many addresses is slowed without locking the director out at home.
const (
	// MaxWrongPINs is how many wrong guesses in a row lock an address out.
	MaxWrongPINs = 5
	// LockedOutFor is how long an address is locked out.
	LockedOutFor = time.Minute
	// MaxWrongPerName is how many wrong guesses in a row, from any addresses, lock a name out.
	MaxWrongPerName = 20
	// NameLockedOutFor is how long a name is locked out (for the addresses not known to it).
	NameLockedOutFor = 15 * time.Minute
	// KnownFor is how long an address that signed in to a name rightly passes the name's lock-out.
	KnownFor = 30 * 24 * time.Hour
	// forgetWrongPINs is how long a count waits for the next wrong guess before it starts again.
	forgetWrongPINs = 15 * time.Minute
)

// GuessCount is what is kept of a key's guesses: how many wrong ones in a row, when the last came,
// until when the key is refused, and when the count may be forgotten. The zero count is a key with
// no guess.
type GuessCount struct {
	Key         string
	Wrong       int
	Last        time.Time
	LockedUntil time.Time
	// ForgetAt is when the count may be forgotten; one not after now is forgotten at once.
	ForgetAt time.Time
}

// Guesses keeps the counts of sign-in guesses where every instance of the app sees them: the
// database (a Lock without one counts in its own memory).
type Guesses interface {
	// Count runs step on the counts of keys (in that order; the zero count for a key not kept) in
	// one transaction that holds them, so that no other guess on those keys comes between the read
	// and the write, and keeps the counts step returns (forgetting those whose ForgetAt is not after
	// now). It forgets the other counts ended at now too. step may run more than once.
	Count(keys []string, now time.Time, step func([]GuessCount) []GuessCount) error
}

// guessRule is how one kind of key is counted.
type guessRule struct {
	max     int
	forget  time.Duration
	lockFor time.Duration
}

// addressRule counts a client address's guesses.
func addressRule() guessRule {
	return guessRule{max: MaxWrongPINs, forget: forgetWrongPINs, lockFor: LockedOutFor}
}

// nameRule counts an account name's guesses (or the PIN's), from any address.
func nameRule() guessRule {
	return guessRule{max: MaxWrongPerName, forget: forgetWrongPINs, lockFor: NameLockedOutFor}
}

// count adds a wrong guess at now to g: a count whose last guess is forgotten, or whose lock-out
// has ended, starts again; reaching max locks the key out for lockFor.
func (r guessRule) count(g GuessCount, now time.Time) GuessCount {
	if g.Wrong == 0 || now.Sub(g.Last) >= r.forget || !g.LockedUntil.IsZero() {
		g = GuessCount{Key: g.Key}
	}
	g.Wrong++
	g.Last = now
	if g.Wrong >= r.max {
		g.LockedUntil = now.Add(r.lockFor)
	}
	g.ForgetAt = g.Last.Add(r.forget)
	if g.LockedUntil.After(g.ForgetAt) {
		g.ForgetAt = g.LockedUntil
	}
	return g
}

// undo takes back one guess counted on g (it was right): below max the key is no longer locked out,
// and a count of none is forgotten.
func (r guessRule) undo(g GuessCount) GuessCount {
	if g.Wrong > 0 {
		g.Wrong--
	}
	if g.Wrong < r.max {
		g.LockedUntil = time.Time{}
	}
	if g.Wrong == 0 {
		return GuessCount{Key: g.Key}
	}
	return g
}

// guess is one sign-in being checked: the keys it is counted under (the address, the name, and the
// address under that name, known once it signed in to it), and whether it raised the name's count.
type guess struct {
	keys      []string
	namedOnce bool
}

// guessKeys are the keys of a guess from client for name ("" for the PIN): hashes, so that neither
// an address nor a name typed is kept, and any text makes a key of the same short length.
func guessKeys(client, name string) []string {
	name = strings.ToLower(strings.TrimSpace(name))
	return []string{TokenHash("address\x00" + client), TokenHash("name\x00" + name), TokenHash("known\x00" + name + "\x00" + client)}
}

// beginStep counts a guess at now on the counts of its keys (address, name, known), unless the
// address, or the name from an address not known to it, is locked out: then wait is how long the
// longer lock-out lasts, byName says it is the name's, and nothing is counted. counted says the
// name's count was raised (a known address does not restart a name's lock-out).
func beginStep(c []GuessCount, now time.Time) (out []GuessCount, wait time.Duration, byName, counted bool) {
	address, name, known := c[0], c[1], c[2]
	isKnown := known.ForgetAt.After(now)
	wait = address.LockedUntil.Sub(now)
	if w := name.LockedUntil.Sub(now); !isKnown && w > wait && w > 0 {
		wait, byName = w, true
	}
	if wait > 0 {
		return c, wait, byName, false
	}
	out = []GuessCount{addressRule().count(address, now), name, known}
	if !isKnown || !now.Before(name.LockedUntil) {
		out[1], counted = nameRule().count(name, now), true
	}
	return out, 0, false, counted
}

// rightStep records a right guess at now: the address's count starts again, the guess is taken
// back from the name's count (when begun there), and the address is known to the name for KnownFor.
func rightStep(c []GuessCount, now time.Time, counted bool) []GuessCount {
	out := []GuessCount{{Key: c[0].Key}, c[1], {Key: c[2].Key, Last: now, ForgetAt: now.Add(KnownFor)}}
	if counted {
		out[1] = nameRule().undo(c[1])
	}
	return out
}

// begin counts a sign-in guess from client for name ("" for the PIN) before it is checked: a
// *TooManyError when the address or the name must wait (passwords says the guesses are passwords).
func (l *Lock) begin(client, name string, passwords bool) (guess, error) {
	g := guess{keys: guessKeys(client, name)}
	now := l.now()
	var (
		wait   time.Duration
		byName bool
	)
	err := l.guesses.Count(g.keys, now, func(c []GuessCount) []GuessCount {
		var out []GuessCount
		out, wait, byName, g.namedOnce = beginStep(c, now)
		return out
	})
	if err != nil {
		return g, err
	}
	if wait > 0 {
		return g, &TooManyError{RetryAfter: wait, Passwords: passwords, Name: byName}
	}
	return g, nil
}

// right records that the guess begun was right.
func (l *Lock) right(g guess) error {
	now := l.now()
	return l.guesses.Count(g.keys, now, func(c []GuessCount) []GuessCount { return rightStep(c, now, g.namedOnce) })
}
