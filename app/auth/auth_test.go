package auth

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestCheckPIN takes 4 to 12 digits or a passphrase of 8 characters or more, and says why it refuses.
func TestCheckPIN(t *testing.T) {
	for pin, ok := range map[string]bool{
		"4817": true, "123456789012": true, "000000": true, "correct horse": true, "Lanterne-Rouge": true, "vélo-café": true,
		"123": false, "1234567890123": false, "abc": false, "abcdefg": false, " 4817": false, "4817 ": false, "12\n34": false,
		"pass\x00word": false, "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8": false, strings.Repeat("x", 129): false, "١٢٣٤": false,
	} {
		err := CheckPIN(pin)
		if (err == nil) != ok {
			t.Errorf("CheckPIN(%q) = %v, want ok=%v", pin, err, ok)
		}
		if err != nil && !strings.Contains(err.Error(), "4 to 12 digits") {
			t.Errorf("CheckPIN(%q) = %q, want the rule in words", pin, err)
		}
	}
}

// TestNewPIN makes six random digits that CheckPIN takes, not always the same.
func TestNewPIN(t *testing.T) {
	seen := map[string]bool{}
	for range 20 {
		pin, err := NewPIN()
		if err != nil || len(pin) != 6 || !allDigits(pin) || CheckPIN(pin) != nil {
			t.Fatalf("NewPIN() = %q, %v; want 6 digits", pin, err)
		}
		seen[pin] = true
	}
	if len(seen) < 15 {
		t.Errorf("20 PINs made, only %d different", len(seen))
	}
}

// TestThePINIsKeptHashed checks the lock keeps a salted hash, never the PIN, and matches only it.
func TestThePINIsKeptHashed(t *testing.T) {
	a, err := New("4817", Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := New("4817", Options{})
	if strings.Contains(string(a.pin.sum), "4817") || string(a.pin.sum) == string(b.pin.sum) || len(a.pin.salt) != saltLen {
		t.Errorf("the same PIN hashed twice gives the same hash, or the PIN shows: salts differ per start")
	}
	if !a.pin.matches("4817") || a.pin.matches("4818") || a.pin.matches("") || a.pin.matches("48170") {
		t.Errorf("the hash matches another PIN, or not its own")
	}
	if _, err := New("12", Options{}); err == nil {
		t.Errorf("New took a PIN of 2 digits")
	}
	open, err := New("", Options{})
	if err != nil || open.Locked() {
		t.Errorf("New(\"\") = %v, locked %v; want an open lock", err, open.Locked())
	}
	var nilLock *Lock
	if nilLock.Locked() || nilLock.Director("x") {
		t.Errorf("a nil lock is locked")
	}
}

// clock is a test clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) add(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// TestSignInSessionsAndWrongPINs walks a lock through sign-ins, wrong PINs, the lock-out and its
// end, and sessions ending and signed out.
func TestSignInSessionsAndWrongPINs(t *testing.T) {
	clk := &clock{now: time.Date(2027, 1, 1, 12, 0, 0, 0, time.UTC)}
	l, err := New("4817", Options{Now: clk.Now, SessionTTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	s, err := l.SignIn("a", "4817")
	if err != nil || !l.Director(s.Token) || !s.ExpiresAt.Equal(clk.Now().Add(time.Hour)) {
		t.Fatalf("SignIn = %+v, %v; want a session of an hour", s, err)
	}
	var wrong *WrongPINError
	var tooMany *TooManyError
	for i := range MaxWrongPINs {
		if _, err := l.SignIn("a", "0000"); !errors.As(err, &wrong) {
			t.Fatalf("wrong PIN %d: %v, want a WrongPINError", i+1, err)
		}
	}
	if _, err := l.SignIn("a", "4817"); !errors.As(err, &tooMany) || tooMany.Seconds() != 60 {
		t.Fatalf("the right PIN after %d wrong: %v, want TooManyError of 60 s", MaxWrongPINs, err)
	}
	clk.add(59*time.Second + 500*time.Millisecond)
	if _, err := l.SignIn("a", "4817"); !errors.As(err, &tooMany) || tooMany.Seconds() != 1 || !strings.Contains(err.Error(), "a second") {
		t.Fatalf("half a second before the end: %v, want 1 s to wait", err)
	}
	clk.add(time.Second)
	if _, err := l.SignIn("a", "4817"); err != nil {
		t.Fatalf("after the lock-out: %v", err)
	}
	// Wrong PINs far apart are forgotten.
	for range 2 * MaxWrongPINs {
		_, _ = l.SignIn("b", "1111")
		clk.add(forgetWrongPINs)
	}
	if _, err := l.SignIn("b", "4817"); err != nil {
		t.Errorf("wrong PINs %s apart locked the address out: %v", forgetWrongPINs, err)
	}
	clk.add(time.Hour)
	if l.Director(s.Token) {
		t.Errorf("a session is still valid after its hour")
	}
	s2, _ := l.SignIn("a", "4817")
	l.SignOut(s2.Token)
	if l.Director(s2.Token) || l.Director("") || l.Director(strings.Repeat("x", 500)) {
		t.Errorf("a token signed out, empty or too long opens the lock")
	}
}

// TestWrongPINsSentAtOnceAreCounted sends many wrong PINs from one address at the same moment: at
// most MaxWrongPINs are checked, the others are refused before the slow hash.
func TestWrongPINsSentAtOnceAreCounted(t *testing.T) {
	l, _ := New("4817", Options{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	checked := 0
	for range 4 * MaxWrongPINs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := l.SignIn("a", "0000")
			var wrong *WrongPINError
			if errors.As(err, &wrong) {
				mu.Lock()
				checked++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if checked != MaxWrongPINs {
		t.Errorf("%d of %d wrong PINs sent at once were checked, want %d", checked, 4*MaxWrongPINs, MaxWrongPINs)
	}
}

// TestSessionsAndAddressesStayBounded makes more sessions and addresses than are kept: the oldest go.
func TestSessionsAndAddressesStayBounded(t *testing.T) {
	now := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	s := newSessions(time.Hour)
	first, _ := s.start(now)
	for i := range maxSessions + 10 {
		_, _ = s.start(now.Add(time.Duration(i+1) * time.Millisecond))
	}
	if s.count() > maxSessions || s.valid(first.Token, now) {
		t.Errorf("kept %d sessions (the first still valid: %v), want at most %d, the oldest gone", s.count(), s.valid(first.Token, now), maxSessions)
	}
	m := newMemoryGuesses()
	l, _ := New("4817", Options{Now: func() time.Time { return now }, Guesses: m})
	for i := range maxCountsInMemory + 10 {
		_, _ = l.begin(strings.Repeat("x", i%7)+string(rune(i)), "", false)
	}
	if m.kept() > maxCountsInMemory {
		t.Errorf("kept %d counts, want at most %d", m.kept(), maxCountsInMemory)
	}
}

// TestLocalPath keeps the addresses of this site and drops every other.
func TestLocalPath(t *testing.T) {
	for next, want := range map[string]string{
		"/tours/1/stages/2": "/tours/1/stages/2", "/tours/1/classifications?after=2": "/tours/1/classifications?after=2", "/": "/",
		"": "", "//evil.example": "", "///evil.example": "", "/\\evil.example": "", "https://evil.example/": "", "http:/x": "", "javascript:alert(1)": "",
		"evil.example": "", "/%2F%2Fevil.example": "", "/sign-in": "", "/sign-in?next=/": "", "/api/v1/teams": "", "/a\r\nb": "", "/\t/evil": "",
		"/" + strings.Repeat("a", 1100): "",
	} {
		if got := LocalPath(next); got != want {
			t.Errorf("LocalPath(%q) = %q, want %q", next, got, want)
		}
	}
	if got := SignInURL("/tours/1/stages/2?x=1"); got != "/sign-in?next=%2Ftours%2F1%2Fstages%2F2%3Fx%3D1" {
		t.Errorf("SignInURL = %q", got)
	}
	if got := SignInURL("//evil.example"); got != "/sign-in" {
		t.Errorf("SignInURL(//evil.example) = %q, want /sign-in", got)
	}
}

// TestNeedsDirector locks every write but signing in, and the editing pages only among the reads.
func TestNeedsDirector(t *testing.T) {
	cases := []struct {
		method, route string
		want          bool
	}{
		{"POST", "/teams", true}, {"PUT", "/api/v1/teams/:id", true}, {"DELETE", "/api/v1/tours/:id", true}, {"PATCH", "/anything/new", true},
		{"POST", "", true}, {"OPTIONS", "/api/v1/*", true}, {"DELETE", "/api/v1/session", true}, {"POST", "/sign-out", true},
		{"POST", "/sign-in", false}, {"POST", "/api/v1/session", false},
		{"GET", "/tours/:id/stages/:n", true}, {"HEAD", "/tours/new", true}, {"GET", "/teams/:id/edit", true},
		{"GET", "/", false}, {"GET", "/tours/:id/classifications", false}, {"GET", "/follow/:code", false}, {"GET", "/api/v1/tours/:id/standings", false},
		{"GET", "/sign-in", false}, {"GET", "", false},
		{"GET", "/api/v1/tours/:id/story", false}, {"GET", "/api/v1/follow/:code/story", false}, {"GET", "/api/v1/teams/:id/palmares", false},
	}
	for _, c := range cases {
		if got := NeedsDirector(c.method, c.route); got != c.want {
			t.Errorf("NeedsDirector(%s %q) = %v, want %v", c.method, c.route, got, c.want)
		}
	}
}
