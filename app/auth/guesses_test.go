package auth

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestGuessRules walks the counts of one key through the address's and the name's rules: each wrong
// guess counts, the max-th locks out, a late guess or one after a lock-out starts again, and a right
// one is taken back.
func TestGuessRules(t *testing.T) {
	t0 := time.Date(2027, 7, 4, 20, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	for _, c := range []struct {
		name       string
		rule       guessRule
		before     GuessCount
		now        time.Time
		wrong      int
		lockedTill time.Time
	}{
		{"first guess", addressRule(), GuessCount{}, t0, 1, time.Time{}},
		{"fourth in a row", addressRule(), GuessCount{Wrong: 3, Last: at(-time.Minute)}, t0, 4, time.Time{}},
		{"fifth locks a minute", addressRule(), GuessCount{Wrong: 4, Last: at(-time.Minute)}, t0, 5, at(LockedOutFor)},
		{"too late starts again", addressRule(), GuessCount{Wrong: 4, Last: at(-forgetWrongPINs)}, t0, 1, time.Time{}},
		{"after a lock-out starts again", addressRule(), GuessCount{Wrong: 5, Last: at(-2 * time.Minute), LockedUntil: at(-time.Minute)}, t0, 1, time.Time{}},
		{"a name's 19th", nameRule(), GuessCount{Wrong: 18, Last: at(-time.Minute)}, t0, 19, time.Time{}},
		{"a name's 20th locks it", nameRule(), GuessCount{Wrong: 19, Last: at(-time.Minute)}, t0, 20, at(NameLockedOutFor)},
	} {
		got := c.rule.count(c.before, c.now)
		if got.Wrong != c.wrong || !got.LockedUntil.Equal(c.lockedTill) || !got.Last.Equal(c.now) || got.ForgetAt.Before(c.now.Add(c.rule.forget)) || got.ForgetAt.Before(got.LockedUntil) {
			t.Errorf("%s: %+v, want %d wrong, locked until %v, forgotten after both", c.name, got, c.wrong, c.lockedTill)
		}
	}
	locked := nameRule().count(GuessCount{Key: "k", Wrong: 19, Last: t0}, t0)
	if back := nameRule().undo(locked); back.Wrong != 19 || !back.LockedUntil.IsZero() || back.Key != "k" {
		t.Errorf("the 20th taken back: %+v, want 19 and no lock-out", back)
	}
	if back := nameRule().undo(GuessCount{Key: "k", Wrong: 1, Last: t0, ForgetAt: at(time.Hour)}); back != (GuessCount{Key: "k"}) {
		t.Errorf("the only guess taken back: %+v, want the count forgotten", back)
	}
}

// TestBeginAndRightSteps checks whom a lock-out stops: the address's stops it whatever the name;
// the name's stops every address but one known to the name, which is not counted on the locked name
// (it would start its count again); a right guess forgets the address's count and makes it known.
func TestBeginAndRightSteps(t *testing.T) {
	now := time.Date(2027, 7, 4, 20, 0, 0, 0, time.UTC)
	addrLocked := GuessCount{Key: "a", Wrong: 5, Last: now, LockedUntil: now.Add(40 * time.Second), ForgetAt: now.Add(forgetWrongPINs)}
	nameLocked := GuessCount{Key: "n", Wrong: 20, Last: now, LockedUntil: now.Add(10 * time.Minute), ForgetAt: now.Add(forgetWrongPINs)}
	known := GuessCount{Key: "k", Last: now.Add(-time.Hour), ForgetAt: now.Add(KnownFor - time.Hour)}
	for _, c := range []struct {
		name          string
		in            []GuessCount
		wait          time.Duration
		byName, named bool
	}{
		{"nothing counted yet", []GuessCount{{Key: "a"}, {Key: "n"}, {Key: "k"}}, 0, false, true},
		{"the address locked", []GuessCount{addrLocked, {Key: "n"}, {Key: "k"}}, 40 * time.Second, false, false},
		{"the name locked", []GuessCount{{Key: "a"}, nameLocked, {Key: "k"}}, 10 * time.Minute, true, false},
		{"both: the longer", []GuessCount{addrLocked, nameLocked, {Key: "k"}}, 10 * time.Minute, true, false},
		{"the name locked, from a known address", []GuessCount{{Key: "a"}, nameLocked, known}, 0, false, false},
		{"the address locked, known", []GuessCount{addrLocked, nameLocked, known}, 40 * time.Second, false, false},
	} {
		out, wait, byName, named := beginStep(c.in, now)
		if wait != c.wait || byName != c.byName || named != c.named || len(out) != 3 {
			t.Errorf("%s: wait %v byName %v counted on the name %v, want %v %v %v", c.name, wait, byName, named, c.wait, c.byName, c.named)
			continue
		}
		if wait > 0 && (out[0] != c.in[0] || out[1] != c.in[1]) {
			t.Errorf("%s: refused, yet counted: %+v", c.name, out)
		}
		if wait == 0 && (out[0].Wrong != c.in[0].Wrong+1 || named && out[1].Wrong != 1 || !named && out[1] != c.in[1]) {
			t.Errorf("%s: counted %+v", c.name, out)
		}
	}
	out := rightStep([]GuessCount{{Key: "a", Wrong: 3, Last: now, ForgetAt: now.Add(time.Minute)}, {Key: "n", Wrong: 7, Last: now, ForgetAt: now.Add(time.Minute)}, {Key: "k"}}, now, true)
	if !out[0].ForgetAt.IsZero() || out[1].Wrong != 6 || !out[2].ForgetAt.Equal(now.Add(KnownFor)) || out[2].Key != "k" {
		t.Errorf("a right guess: %+v, want the address forgotten, the name's count one less, the address known for %v", out, KnownFor)
	}
	if out := rightStep([]GuessCount{{Key: "a"}, nameLocked, {Key: "k"}}, now, false); out[1] != nameLocked {
		t.Errorf("a right guess from a known address took a guess back from a locked name: %+v", out[1])
	}
}

// TestANameIsSlowedFromManyAddresses guesses one director's PIN from many addresses, never five
// from one: after MaxWrongPerName the PIN waits for every new address, not for one that signed in
// rightly before; a right PIN from there leaves the others waiting; after NameLockedOutFor it works
// again. Right sign-ins never add up to a lock-out. (The guesses are begun without the slow hash: a
// guess begun and not said right is a wrong one.)
func TestANameIsSlowedFromManyAddresses(t *testing.T) {
	clk := &clock{now: time.Date(2027, 1, 1, 12, 0, 0, 0, time.UTC)}
	l, err := New("4817", Options{Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 * MaxWrongPerName {
		g, err := l.begin(fmt.Sprintf("10.0.0.%d", i), "", false)
		if err != nil {
			t.Fatalf("right PIN %d from a new address: %v", i+1, err)
		}
		if err := l.right(g); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.SignIn("home", "4817"); err != nil {
		t.Fatal(err)
	}
	for i := range MaxWrongPerName {
		if _, err := l.begin(fmt.Sprintf("198.51.100.%d", i/(MaxWrongPINs-1)), "", false); err != nil {
			t.Fatalf("wrong PIN %d: %v, want it checked", i+1, err)
		}
	}
	var tooMany *TooManyError
	if _, err := l.SignIn("203.0.113.1", "4817"); !errors.As(err, &tooMany) || !tooMany.Name || tooMany.Seconds() != int(NameLockedOutFor.Seconds()) {
		t.Fatalf("the right PIN from a new address after %d wrong ones elsewhere: %v, want the PIN's wait of %v", MaxWrongPerName, err, NameLockedOutFor)
	}
	if _, err := l.SignIn("home", "4817"); err != nil {
		t.Errorf("the right PIN from the director's known address: %v, want a session", err)
	}
	if _, err := l.SignIn("203.0.113.1", "4817"); !errors.As(err, &tooMany) || !tooMany.Name {
		t.Errorf("after the director signed in from home, a new address: %v, want the PIN still waiting", err)
	}
	clk.add(NameLockedOutFor)
	if _, err := l.SignIn("203.0.113.1", "4817"); err != nil {
		t.Errorf("after %v: %v, want a session", NameLockedOutFor, err)
	}
}
