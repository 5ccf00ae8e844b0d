package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"golang.org/x/crypto/argon2"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// InvitationTTL is how long an invitation's link works: a week to open the e-mail.
const InvitationTTL = 7 * 24 * time.Hour

// Limits of a password: 10 to 128 characters.
const (
	minPassword = 10
	maxPassword = 128
)

// PasswordRule says in words what a password must be, for refusals.
const PasswordRule = "a password must be 10 to 128 characters"

// Account is a director's account as the lock needs it.
type Account struct {
	ID    uint
	Name  string
	Admin bool
	// PasswordHash is the password's hash (HashPassword; "" until one is chosen: no sign-in).
	PasswordHash string
	// Disabled says an administrator disabled the account: it does not sign in.
	Disabled bool
	// Official says the account is an official's: every tour read, none changed.
	Official bool
}

// Seen is where a request comes from, kept with its session for the director to recognise their
// devices: the browser or program (User-Agent) and the client address (ClientOf).
type Seen struct {
	UserAgent, Address string
}

// Accounts is where directors' accounts and their sessions are kept: the database, so that every
// instance of the app on it knows them. Tokens reach it only as their hash (TokenHash).
type Accounts interface {
	// Any says whether at least one account exists: the table is then guarded by accounts. ctx is
	// the request's: its client leaving stops the query.
	Any(ctx context.Context) (bool, error)
	// Named is the account called name (any case); ok false for none.
	Named(name string) (a Account, ok bool, err error)
	// StartSession keeps a session of account until ends.
	StartSession(account uint, tokenHash string, ends, now time.Time) error
	// Session is the account of a session that has not ended at now, whose account is not disabled;
	// ok false for none. It notes that the session was used at now from seen. ctx is the request's.
	Session(ctx context.Context, tokenHash string, now time.Time, seen Seen) (a Account, ok bool, err error)
	// EndSession forgets a session.
	EndSession(tokenHash string) error
}

// Owners says whether a viewer may see the tour, team or rider a route names.
type Owners interface {
	// Sees returns nil when v may see the thing of kind ("tour", "team" or "rider") numbered id, else
	// the error to answer: the same not-found error as for a thing that does not exist, so that
	// another director's tour is not told apart from none. ctx is the request's.
	Sees(ctx context.Context, v Viewer, kind string, id uint) error
	// Owns returns nil when v may erase the thing of kind ("tour" or "season") numbered id, hand it
	// over and choose its co-directors (its owner, an administrator), else the error to answer: 403
	// for a co-director, the not-found error for someone who does not see it.
	Owns(ctx context.Context, v Viewer, kind string, id uint) error
}

// CheckPassword says whether password may be a director's password, and if not why; name is the
// director's (a password that is the name is refused). Past its length, a password guessing would
// find first is refused too (weakPassword): a common one, one made from the name, a few characters
// repeated, a keyboard row or a sequence.
func CheckPassword(password, name string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case !utf8.ValidString(password) || strings.IndexFunc(password, unicode.IsControl) >= 0:
		return refuse.Reasonf("%s, without control characters", i18n.Textf(PasswordRule))
	case n < minPassword:
		return refuse.Reasonf("%s: this one has %d", i18n.Textf(PasswordRule), n)
	case n > maxPassword:
		return refuse.Reasonf("%s: this one has %d", i18n.Textf(PasswordRule), n)
	case strings.EqualFold(strings.TrimSpace(password), strings.TrimSpace(name)):
		return refuse.Reasonf("%s, and not the director's name", i18n.Textf(PasswordRule))
	}
	return weakPassword(password, name)
}

// HashPassword checks nothing and hashes password with Argon2id and a random salt, in the PHC
// string form ($argon2id$v=19$m=…,t=…,p=…$salt$hash) that keeps its costs beside it. At most two
// passwords or PINs are hashed at once.
func (l *Lock) HashPassword(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("salting the password: %w", err)
	}
	l.hashing <- struct{}{}
	sum := argon2.IDKey([]byte(password), salt, l.cost.Passes, l.cost.Memory, hashThreads, hashLen)
	<-l.hashing
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, l.cost.Memory, l.cost.Passes, hashThreads, enc.EncodeToString(salt), enc.EncodeToString(sum)), nil
}

// passwordMatches says whether password is the one hashed (a PHC string of HashPassword), comparing
// in constant time. A hash that cannot be read matches nothing, after the same work.
func (l *Lock) passwordMatches(encoded, password string) bool {
	var version int
	var memory, passes uint32
	var threads uint8
	parts := strings.Split(encoded, "$")
	ok := len(parts) == 6 && parts[1] == "argon2id"
	if ok {
		_, err1 := fmt.Sscanf(parts[2], "v=%d", &version)
		_, err2 := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &passes, &threads)
		ok = err1 == nil && err2 == nil && version == argon2.Version && memory > 0 && memory <= 1<<20 && passes > 0 && passes <= 16 && threads > 0
	}
	var salt, sum []byte
	if ok {
		var err1, err2 error
		salt, err1 = base64.RawStdEncoding.DecodeString(parts[4])
		sum, err2 = base64.RawStdEncoding.DecodeString(parts[5])
		ok = err1 == nil && err2 == nil && len(sum) == hashLen
	}
	if !ok {
		memory, passes, threads, salt, sum = l.cost.Memory, l.cost.Passes, hashThreads, make([]byte, saltLen), make([]byte, hashLen)
	}
	l.hashing <- struct{}{}
	got := argon2.IDKey([]byte(password), salt, passes, memory, threads, hashLen)
	<-l.hashing
	return subtle.ConstantTimeCompare(got, sum) == 1 && ok
}

// NewToken makes a random token (32 bytes, URL-safe) for an invitation's link or a session.
func NewToken() (string, error) {
	raw := make([]byte, tokenBytes)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("making a token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(raw), nil
}

// TokenHash is how a token is kept and looked up: its SHA-256 in hex. A token is never kept.
func TokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// WrongPasswordError is a sign-in whose name and password match no account: which of the two is
// wrong is not said.
type WrongPasswordError struct{}

// Error says so.
func (e *WrongPasswordError) Error() string { return e.Said().String() }

// Said is the refusal as a sentence to translate.
func (*WrongPasswordError) Said() i18n.Text {
	return i18n.Textf("this name and password do not match a director's account")
}

// DisabledError is a sign-in with the right password to an account an administrator disabled.
type DisabledError struct {
	Name string
}

// Error says so, and whom to ask.
func (e *DisabledError) Error() string { return e.Said().String() }

// Said is the refusal as a sentence to translate.
func (e *DisabledError) Said() i18n.Text {
	return i18n.Textf("%s's account is disabled: it no longer signs in. Ask an administrator to enable it", e.Name)
}

// NotThisWayError is a sign-in of the wrong kind for the table: a PIN where directors have
// accounts, a name and password where there are none.
type NotThisWayError struct {
	// Accounts says the table has accounts (a PIN was sent).
	Accounts bool
}

// Error says how to sign in instead.
func (e *NotThisWayError) Error() string { return e.Said().String() }

// Said is the refusal as a sentence to translate.
func (e *NotThisWayError) Said() i18n.Text {
	if e.Accounts {
		return i18n.Textf("this table has directors' accounts: sign in with your name and password, the PIN no longer opens it")
	}
	return i18n.Textf("this table has no directors' accounts: sign in with the director's PIN")
}

// SignInAccount starts a session of the director named name for the client address that sent
// password. Wrong ones are counted per address and per name as wrong PINs are (guesses.go,
// TooManyError), whether the name has an account or not; a name that has no account costs the
// same work as a wrong password and gets the same answer.
func (l *Lock) SignInAccount(client, name, password string) (Session, Account, error) {
	mode, err := l.Mode(context.Background()) // a sign-in is counted to its end, the client there or not
	if err != nil {
		return Session{}, Account{}, err
	}
	if mode != AccountsMode {
		return Session{}, Account{}, &NotThisWayError{}
	}
	g, err := l.begin(client, name, true)
	if err != nil {
		return Session{}, Account{}, err
	}
	a, found, err := l.accounts.Named(name)
	if err != nil {
		return Session{}, Account{}, err
	}
	if len(password) > 4*maxPassword || !l.passwordMatches(a.PasswordHash, password) || !found {
		return Session{}, Account{}, &WrongPasswordError{}
	}
	if a.Disabled { // said only to whoever knows the password: a 403 wherever one signs in
		d := &DisabledError{Name: a.Name}
		return Session{}, Account{}, &echo.HTTPError{Code: http.StatusForbidden, Message: d.Said(), Internal: d}
	}
	if err := l.right(g); err != nil {
		return Session{}, Account{}, err
	}
	s, err := l.StartSession(a)
	return s, a, err
}

// StartSession signs the director of account in on a new device (after the first-run setup, or
// choosing a password with an invitation).
func (l *Lock) StartSession(a Account) (Session, error) {
	token, err := NewToken()
	if err != nil {
		return Session{}, err
	}
	now := l.now()
	s := Session{Token: token, ExpiresAt: now.Add(l.sessions.ttl)}
	if err := l.accounts.StartSession(a.ID, TokenHash(token), s.ExpiresAt, now); err != nil {
		return Session{}, err
	}
	return s, nil
}

// Mode is how the table is guarded now: accounts as soon as one exists, else the PIN, else open. The
// database is asked at every request (one indexed row), so that an account made by another instance
// or at the command line counts at once, and a database restored without accounts is a single
// director's again. ctx is the request's.
func (l *Lock) Mode(ctx context.Context) (Mode, error) {
	if l == nil {
		return Open, nil
	}
	if l.accounts != nil {
		any, err := l.accounts.Any(ctx)
		if err != nil {
			return AccountsMode, err
		}
		if any {
			return AccountsMode, nil
		}
	}
	if l.Locked() {
		return PINMode, nil
	}
	return Open, nil
}

// Now is the lock's clock: invitations expire by it, as sessions do.
func (l *Lock) Now() time.Time { return l.now() }

// Invitation is a new invitation: the token its link carries (shown once), the hash that is kept,
// and when it ends.
type Invitation struct {
	Token     string
	Hash      string
	ExpiresAt time.Time
}

// NewInvitation makes an invitation ending InvitationTTL from now.
func (l *Lock) NewInvitation() (Invitation, error) {
	token, err := NewToken()
	if err != nil {
		return Invitation{}, err
	}
	return Invitation{Token: token, Hash: TokenHash(token), ExpiresAt: l.now().Add(InvitationTTL)}, nil
}

// OwnPassword checks a director's change of their own password and returns the new one's hash:
// current must be the account's password (a wrong one is counted as a wrong sign-in guess from
// client, and after too many the change waits as a sign-in does), password a password for their
// name, not the same as current. The refusals name the field: "current" or "password".
func (l *Lock) OwnPassword(client string, a Account, current, password string) (string, error) {
	v := &refuse.ValidationError{}
	if current == "" {
		v.Add("current", "is required: your password now")
	}
	if err := CheckPassword(password, a.Name); err != nil {
		v.AddText("password", refuse.ReasonOf(err))
	}
	if err := v.Err(); err != nil {
		return "", err
	}
	g, err := l.begin(client, a.Name, true)
	var tooMany *TooManyError
	if errors.As(err, &tooMany) {
		return "", refuse.InvalidText("current", tooMany.Said())
	}
	if err != nil {
		return "", err
	}
	if len(current) > 4*maxPassword || !l.passwordMatches(a.PasswordHash, current) {
		return "", refuse.Invalid("current", "is not your password: type the one you sign in with now")
	}
	if err := l.right(g); err != nil {
		return "", err
	}
	if current == password {
		return "", refuse.Invalid("password", "is your password now: choose a new one")
	}
	return l.HashPassword(password)
}
