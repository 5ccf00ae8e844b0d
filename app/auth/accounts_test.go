package auth

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestDecide is the policy's table: the three modes, anyone and the directors, the pages for all,
// the first-run setup, the administrators' routes and invitations.
func TestDecide(t *testing.T) {
	anyoneOpen := Viewer{Mode: Open, Director: true}
	localOpen := Viewer{Mode: Open, Director: true, Local: true}
	proxiedOpen := Viewer{Mode: Open} // an open table reached through a proxy
	anyonePIN := Viewer{Mode: PINMode, Locked: true}
	pinDirector := Viewer{Mode: PINMode, Locked: true, Director: true}
	anyoneAcc := Viewer{Mode: AccountsMode, Locked: true}
	director := Viewer{Mode: AccountsMode, Locked: true, Director: true, Account: 2, Name: "Bruno"}
	admin := Viewer{Mode: AccountsMode, Locked: true, Director: true, Account: 1, Name: "Anna", Admin: true}
	cases := []struct {
		v             Viewer
		method, route string
		want          Decision
	}{
		{anyoneOpen, "POST", "/tours/:id/stages/:n/finish", Allow},
		{anyoneOpen, "GET", "/setup", Allow}, {localOpen, "POST", "/setup", Allow}, {anyoneOpen, "POST", "/api/v1/directors", Forbidden},
		{proxiedOpen, "GET", "/tours/:id/classifications", Allow}, {proxiedOpen, "POST", "/tours/:id/stages/:n/finish", Forbidden},
		{proxiedOpen, "DELETE", "/api/v1/tours/:id", Forbidden}, {proxiedOpen, "GET", "/tours/:id/stages/:n", Forbidden},
		{proxiedOpen, "POST", "/setup", Allow}, {proxiedOpen, "GET", "/directors", SignInFirst},
		{localOpen, "GET", "/directors", Allow},
		{anyonePIN, "GET", "/tours/:id/classifications", Allow}, {anyonePIN, "POST", "/teams", SignInFirst},
		{anyonePIN, "GET", "/setup", SignInFirst}, {pinDirector, "POST", "/setup", Allow}, {anyonePIN, "GET", "/directors", SignInFirst},
		{pinDirector, "GET", "/directors", Allow}, {anyonePIN, "POST", "/invitations/:token", Allow},
		{anyoneAcc, "GET", "/", Allow}, {anyoneAcc, "GET", "/follow/:code/tv", Allow}, {anyoneAcc, "GET", "/api/v1/follow/:code/events", Allow},
		{anyoneAcc, "GET", "/api/v1/session", Allow}, {anyoneAcc, "POST", "/api/v1/session", Allow}, {anyoneAcc, "POST", "/sign-in", Allow},
		{anyoneAcc, "GET", "/invitations/:token", Allow}, {anyoneAcc, "POST", "/invitations/:token", Allow},
		{anyoneAcc, "GET", "/tours", SignInFirst}, {anyoneAcc, "GET", "/tours/:id/classifications", SignInFirst},
		{anyoneAcc, "GET", "/api/v1/tours/:id/standings", SignInFirst}, {anyoneAcc, "GET", "/teams", SignInFirst},
		{anyoneAcc, "POST", "/follow/:code", SignInFirst}, {anyoneAcc, "DELETE", "/api/v1/session", SignInFirst},
		{anyoneAcc, "GET", "/setup", NotHere}, {admin, "POST", "/setup", NotHere},
		{director, "GET", "/tours/:id/stages/:n", Allow}, {director, "POST", "/teams", Allow},
		{director, "GET", "/directors", Forbidden}, {director, "POST", "/api/v1/directors/:id/invitation", Forbidden},
		{admin, "POST", "/directors", Allow}, {admin, "GET", "/api/v1/directors", Allow}, {anyoneAcc, "GET", "/directors", SignInFirst},
		// The story and the palmarès as JSON: the follower's story is open, the director's reads are his.
		{anyoneAcc, "GET", "/api/v1/follow/:code/story", Allow}, {anyoneAcc, "GET", "/api/v1/tours/:id/story", SignInFirst},
		{anyoneAcc, "GET", "/api/v1/teams/:id/palmares", SignInFirst}, {anyonePIN, "GET", "/api/v1/riders/:id/palmares", Allow},
	}
	for _, c := range cases {
		if got := Decide(c.v, c.method, c.route); got != c.want {
			t.Errorf("Decide(%+v, %s %s) = %d, want %d", c.v, c.method, c.route, got, c.want)
		}
	}
	if !director.Owned() || admin.Owned() || pinDirector.Owned() || !anyoneAcc.Owned() {
		t.Errorf("Owned: a director's view is narrowed, an administrator's and the PIN's are not")
	}
	for route, kind := range map[string]string{"/tours/:id": "tour", "/api/v1/tours/:id/stages/:n": "tour", "/teams/:id/riders/new": "team",
		"/api/v1/riders/:id": "rider", "/tours/new": "", "/tours": "", "/toursx/:id": "", "/directors/:id/invitation": ""} {
		if got := thingOf(route); got != kind {
			t.Errorf("thingOf(%q) = %q, want %q", route, got, kind)
		}
	}
}

// TestPasswords checks the rule, and that a hash is salted, kept with its costs, matches only its
// password, and that a damaged hash matches nothing.
func TestPasswords(t *testing.T) {
	long := "the breakaway went at kilometre 12, the sprinters' teams chased it all day long and the bunch caught it under the red kite at last"
	for pw, ok := range map[string]bool{"ten chars!": true, "short": false, long[:128]: true, long[:129]: false,
		"nine char": false, "bad\x00password": false, "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6": false, "Marta Rossi": false, "  vélo-café  ": true} {
		if err := CheckPassword(pw, "marta rossi"); (err == nil) != ok {
			t.Errorf("CheckPassword(%q) = %v, want ok=%v", pw, err, ok)
		} else if err != nil && !strings.Contains(err.Error(), "10 to 128 characters") {
			t.Errorf("CheckPassword(%q) = %q, want the rule in words", pw, err)
		}
	}
	l, _ := New("", Options{})
	a, err := l.HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := l.HashPassword("correct horse battery")
	if a == b || !strings.HasPrefix(a, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(a, "horse") {
		t.Errorf("hash %q (and %q): want salted Argon2id with its costs, no password in it", a, b)
	}
	if !l.passwordMatches(a, "correct horse battery") || l.passwordMatches(a, "correct horse batterY") || l.passwordMatches(a, "") {
		t.Errorf("the hash matches another password, or not its own")
	}
	for _, bad := range []string{"", "$argon2id$v=19$m=19456,t=2,p=1$x$y", "$bcrypt$whatever", a[:len(a)-4], strings.Replace(a, "t=2", "t=99", 1), strings.Replace(a, "m=19456", "m=99999999", 1)} {
		if l.passwordMatches(bad, "correct horse battery") {
			t.Errorf("the damaged hash %q matches", bad)
		}
	}
	// A lock told a lower cost (the tests') hashes at it, and a password keeps the cost it was
	// hashed at: each lock reads the other's hashes.
	cheap, _ := New("", Options{HashCost: HashCost{Memory: 64, Passes: 1}})
	c, _ := cheap.HashPassword("correct horse battery")
	if !strings.HasPrefix(c, "$argon2id$v=19$m=64,t=1,p=1$") || !l.passwordMatches(c, "correct horse battery") || !cheap.passwordMatches(a, "correct horse battery") {
		t.Errorf("hash at a lower cost %q: want its own costs, matched by a lock of the default cost and the other way round", c)
	}
	if (HashCost{Memory: 4, Passes: 1}).orDefault() != (HashCost{Memory: DefaultHashMemory, Passes: DefaultHashPasses}) {
		t.Errorf("a cost Argon2id cannot take (4 KiB) is not replaced by the default")
	}
	if TokenHash("abc") == TokenHash("abd") || len(TokenHash("abc")) != 64 {
		t.Errorf("TokenHash is not a SHA-256 in hex")
	}
}

// memoryAccounts is an Accounts in memory for the lock's tests.
type memoryAccounts struct {
	mu       sync.Mutex
	accounts map[string]Account
	sessions map[string]uint
	ends     map[string]time.Time
}

func (m *memoryAccounts) Any(context.Context) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.accounts) > 0, nil
}

func (m *memoryAccounts) Named(name string) (Account, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.accounts[strings.ToLower(name)]
	return a, ok, nil
}

func (m *memoryAccounts) StartSession(account uint, hash string, ends, _ time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sessions[hash], m.ends[hash] = account, ends
	return nil
}

func (m *memoryAccounts) Session(_ context.Context, hash string, now time.Time, _ Seen) (Account, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.sessions[hash]
	if !ok || !now.Before(m.ends[hash]) {
		return Account{}, false, nil
	}
	for _, a := range m.accounts {
		if a.ID == id {
			return a, true, nil
		}
	}
	return Account{}, false, nil
}

func (m *memoryAccounts) EndSession(hash string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.sessions, hash)
	return nil
}

// TestAccountsReplaceThePIN walks a lock with a PIN whose database gets an account: the mode turns to
// accounts at once, the PIN signs no one in, names and passwords do, wrong ones are counted with
// the same limiter, and an unknown name is refused as a wrong password.
func TestAccountsReplaceThePIN(t *testing.T) {
	clk := &clock{now: time.Date(2027, 1, 1, 12, 0, 0, 0, time.UTC)}
	store := &memoryAccounts{accounts: map[string]Account{}, sessions: map[string]uint{}, ends: map[string]time.Time{}}
	l, err := New("4817", Options{Now: clk.Now, Accounts: store})
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := l.Mode(context.Background()); m != PINMode {
		t.Fatalf("mode without accounts = %v, want pin", m)
	}
	var other *NotThisWayError
	if _, _, err := l.SignInAccount("a", "Anna", "whatever-pw"); !errors.As(err, &other) || other.Accounts {
		t.Errorf("a password without accounts: %v, want NotThisWayError", err)
	}
	hash, _ := l.HashPassword("anna-the-admin")
	store.accounts["anna"] = Account{ID: 1, Name: "Anna", Admin: true, PasswordHash: hash}
	store.accounts["invited"] = Account{ID: 2, Name: "Invited"}
	if m, _ := l.Mode(context.Background()); m != AccountsMode {
		t.Fatalf("mode with an account = %v, want accounts", m)
	}
	if _, err := l.SignIn("a", "4817"); !errors.As(err, &other) || !other.Accounts {
		t.Errorf("the PIN with accounts: %v, want NotThisWayError saying accounts", err)
	}
	s, a, err := l.SignInAccount("a", "Anna", "anna-the-admin")
	if err != nil || a.ID != 1 || s.Token == "" || !s.ExpiresAt.Equal(clk.Now().Add(SessionTTL)) {
		t.Fatalf("SignInAccount = %+v %+v %v", s, a, err)
	}
	if got, ok, _ := store.Session(context.Background(), TokenHash(s.Token), clk.Now(), Seen{}); !ok || got.ID != 1 {
		t.Errorf("the session is not kept by its token's hash")
	}
	var wrong *WrongPasswordError
	var tooMany *TooManyError
	for i, try := range []struct{ name, pw string }{{"Anna", "nope-nope-nope"}, {"Nobody", "anna-the-admin"}, {"Invited", ""}, {"Invited", "anything-here"}} {
		if _, _, err := l.SignInAccount("b", try.name, try.pw); !errors.As(err, &wrong) {
			t.Errorf("wrong sign-in %d (%s): %v, want WrongPasswordError", i, try.name, err)
		}
	}
	_, _, _ = l.SignInAccount("b", "Anna", "nope-nope-nope")
	if _, _, err := l.SignInAccount("b", "Anna", "anna-the-admin"); !errors.As(err, &tooMany) || !strings.Contains(err.Error(), "wrong passwords") {
		t.Errorf("the right password after %d wrong: %v, want TooManyError about passwords", MaxWrongPINs, err)
	}
	if err := l.SignOut(s.Token); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := store.Session(context.Background(), TokenHash(s.Token), clk.Now(), Seen{}); ok {
		t.Errorf("signing out left the session")
	}
}
