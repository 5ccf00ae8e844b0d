package auth

import (
	"context"
	"math"
	"time"

	"racedirector/app/i18n"
)

// Lock guards the race: with a PIN, only the director signed in may change anything. A Lock made
// without a PIN is open: everyone is the director, as on the director's own laptop. Given the
// directors' accounts, it is guarded by them as soon as one exists (Mode): each director signs in
// with a name and password, to their own tours and teams.
type Lock struct {
	pin      *pinHash // nil: no PIN, the lock is open
	digits   bool     // the PIN is digits only (a phone shows its number pad)
	now      func() time.Time
	sessions *sessions
	// guesses counts wrong PINs and passwords per address and per name (the database's, or memory's).
	guesses Guesses
	// hashing lets at most two PINs be hashed at once: each hash takes memory.
	hashing chan struct{}
	// accounts keeps the directors' accounts and their sessions (nil: none, a PIN or open table).
	accounts Accounts
	// owners says whose the tours, teams and riders are (nil: nothing is narrowed).
	owners Owners
	// site is the app's own address: who is this machine, who came through a proxy.
	site *Site
	// cost is what hashing a PIN or a new password costs.
	cost HashCost
	// setupCode is the one-time code that lets the first administrator's account be made from
	// another machine (printed at start).
	setupCode string
}

// Options tune a Lock; the zero value is the real clock and SessionTTL.
type Options struct {
	// Now is the clock (tests move it on).
	Now func() time.Time
	// SessionTTL is how long a sign-in lasts (0: SessionTTL).
	SessionTTL time.Duration
	// Accounts keeps the directors' accounts (nil: none).
	Accounts Accounts
	// Owners says whose the tours, teams and riders are (nil: everyone's).
	Owners Owners
	// Site is the app's own address (nil: loopback names only, no proxy trusted).
	Site *Site
	// Guesses keeps the counts of wrong PINs and passwords, shared by the instances on one database
	// (nil: counted in this process's memory).
	Guesses Guesses
	// HashCost is what hashing a PIN or a password costs (zero: DefaultHashMemory and DefaultHashPasses). Tests lower it;
	// a password keeps the cost it was hashed at, so a lower one never weakens a stored password.
	HashCost HashCost
}

// New makes the lock for pin ("" for an open lock), refusing a PIN CheckPIN refuses. Only a salted
// hash of the PIN is kept.
func New(pin string, opts Options) (*Lock, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.SessionTTL <= 0 {
		opts.SessionTTL = SessionTTL
	}
	if opts.Site == nil {
		site, err := NewSite(SiteConfig{})
		if err != nil {
			return nil, err
		}
		opts.Site = site
	}
	if opts.Guesses == nil {
		opts.Guesses = newMemoryGuesses()
	}
	code, err := newSetupCode()
	if err != nil {
		return nil, err
	}
	l := &Lock{now: opts.Now, sessions: newSessions(opts.SessionTTL), guesses: opts.Guesses, hashing: make(chan struct{}, 2),
		accounts: opts.Accounts, owners: opts.Owners, site: opts.Site, setupCode: code, cost: opts.HashCost.orDefault()}
	if pin == "" {
		return l, nil
	}
	if err := CheckPIN(pin); err != nil {
		return nil, err
	}
	h, err := hashPIN(pin, l.cost)
	if err != nil {
		return nil, err
	}
	l.pin, l.digits = &h, allDigits(pin)
	return l, nil
}

// Site is the app's own address the lock knows requests by.
func (l *Lock) Site() *Site { return l.site }

// Digits says whether the PIN is made of digits only, so that a phone offers its number pad.
func (l *Lock) Digits() bool { return l.Locked() && l.digits }

// Locked says whether a PIN guards the race.
func (l *Lock) Locked() bool { return l != nil && l.pin != nil }

// WrongPINError is a sign-in with a PIN that is not the director's.
type WrongPINError struct{}

// Error says so.
func (e *WrongPINError) Error() string { return e.Said().String() }

// Said is the refusal as a sentence to translate.
func (*WrongPINError) Said() i18n.Text { return i18n.Textf("this is not the director's PIN") }

// TooManyError is a sign-in refused because its address sent too many wrong PINs (or passwords),
// or because too many were sent for its name (or for the PIN) from anywhere: it may try again after
// RetryAfter.
type TooManyError struct {
	RetryAfter time.Duration
	// Passwords says the wrong ones were passwords.
	Passwords bool
	// Name says the wrong ones were counted for the name (or the PIN) the sign-in gave, from many
	// addresses, rather than for its address.
	Name bool
}

// Error says how long to wait.
func (e *TooManyError) Error() string { return e.Said().String() }

// Said is the refusal as a sentence to translate.
func (e *TooManyError) Said() i18n.Text {
	switch {
	case e.Name && e.Passwords:
		return i18n.Textf("too many wrong passwords have been tried for this name lately: try again in %s", inWords(e.RetryAfter))
	case e.Name:
		return i18n.Textf("too many wrong PINs have been tried on this table lately: try again in %s", inWords(e.RetryAfter))
	case e.Passwords:
		return i18n.Textf("too many wrong passwords from this network address: try again in %s", inWords(e.RetryAfter))
	}
	return i18n.Textf("too many wrong PINs from this network address: try again in %s", inWords(e.RetryAfter))
}

// Seconds is RetryAfter in whole seconds, rounded up, for a Retry-After header.
func (e *TooManyError) Seconds() int { return int(math.Ceil(e.RetryAfter.Seconds())) }

// inWords says a wait as a person would: "a minute", "40 seconds".
func inWords(d time.Duration) i18n.Text {
	s := int(math.Ceil(d.Seconds()))
	switch {
	case s <= 1:
		return i18n.Textf("a second")
	case s < 60:
		return i18n.Textf("%d seconds", s)
	case s == 60:
		return i18n.Textf("a minute")
	}
	return i18n.Textf("%d minutes", (s+59)/60)
}

// SignIn starts a director's session for the client address (ClientOf) that sent pin. A wrong PIN
// is a *WrongPINError; an address that sent MaxWrongPINs wrong ones in a row is refused any PIN for
// LockedOutFor, and every address not known to the PIN after MaxWrongPerName from anywhere for
// NameLockedOutFor, with a *TooManyError (guesses.go). An open lock (no PIN) has nothing to check: every
// change is open anyway, and a script that signs in works the same on both. Once directors have
// accounts, the PIN signs no one in (a *NotThisWayError).
func (l *Lock) SignIn(client, pin string) (Session, error) {
	if mode, err := l.Mode(context.Background()); err != nil { // a sign-in is counted to its end
		return Session{}, err
	} else if mode == AccountsMode {
		return Session{}, &NotThisWayError{Accounts: true}
	}
	if !l.Locked() {
		return l.sessions.start(l.now())
	}
	g, err := l.begin(client, "", false)
	if err != nil {
		return Session{}, err
	}
	if len(pin) > 4*maxPassphrase || !l.matches(pin) {
		return Session{}, &WrongPINError{}
	}
	if err := l.right(g); err != nil {
		return Session{}, err
	}
	return l.sessions.start(l.now())
}

// matches hashes pin, at most two at a time, and compares it with the director's.
func (l *Lock) matches(pin string) bool {
	l.hashing <- struct{}{}
	defer func() { <-l.hashing }()
	return l.pin.matches(pin)
}

// SignOut ends the session of token (the PIN's, or a director's account's).
func (l *Lock) SignOut(token string) error {
	if l == nil || token == "" {
		return nil
	}
	l.sessions.stop(token)
	if l.accounts != nil && len(token) <= 2*tokenBytes {
		return l.accounts.EndSession(TokenHash(token))
	}
	return nil
}

// Director says whether token is a director's session that has not ended.
func (l *Lock) Director(token string) bool {
	return l.Locked() && l.sessions.valid(token, l.now())
}

// Sessions is how many sessions are kept, for tests.
func (l *Lock) Sessions() int { return l.sessions.count() }
