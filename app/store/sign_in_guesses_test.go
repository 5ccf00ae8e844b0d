package store

import (
	"fmt"
	"testing"
	"time"

	"racedirector/app/store/storetest"
)

// openGuessStore opens a new store for the counts of guesses (no rulesets: none is needed).
func openGuessStore(tb testing.TB) *Store {
	tb.Helper()
	s, err := Open(storetest.DSN(tb, "guesses.db"), nil)
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// TestCountGuesses keeps the counts a step returns, in the order of its keys, gives the zero count
// (with its key) for one not kept, forgets a count returned ended at once and every other ended one
// with the next guess, and never shows them in a snapshot.
func TestCountGuesses(t *testing.T) {
	t.Parallel()
	s := openGuessStore(t)
	now := time.Date(2027, 7, 4, 20, 0, 0, 123456000, time.UTC)
	snap, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	seen := func(keys []string, at time.Time, keep func(in []GuessCount) []GuessCount) []GuessCount {
		t.Helper()
		var got []GuessCount
		if err := s.CountGuesses(keys, at, func(in []GuessCount) []GuessCount { got = in; return keep(in) }); err != nil {
			t.Fatal(err)
		}
		return got
	}
	kept := GuessCount{Key: "a", Wrong: 3, Last: now, LockedUntil: now.Add(time.Minute), ForgetAt: now.Add(time.Hour)}
	got := seen([]string{"a", "b"}, now, func(in []GuessCount) []GuessCount {
		return []GuessCount{kept, {Key: "b", Wrong: 1, Last: now, ForgetAt: now}} // b ends at once
	})
	if len(got) != 2 || got[0] != (GuessCount{Key: "a"}) || got[1] != (GuessCount{Key: "b"}) {
		t.Fatalf("new keys seen as %+v, want zero counts with their keys", got)
	}
	got = seen([]string{"b", "a"}, now, func(in []GuessCount) []GuessCount { return in })
	if got[0] != (GuessCount{Key: "b"}) || got[1] != kept {
		t.Fatalf("kept counts seen as %+v, want b forgotten and a as kept (%+v)", got, kept)
	}
	if n, _ := s.GuessCounts(); n != 1 {
		t.Errorf("%d counts kept, want 1", n)
	}
	if after, _ := s.Snapshot(); after != snap {
		t.Errorf("the counts of guesses show in a snapshot")
	}
	seen([]string{"c"}, now.Add(2*time.Hour), func(in []GuessCount) []GuessCount { return nil })
	if n, _ := s.GuessCounts(); n != 0 {
		t.Errorf("after a's count ended, %d counts kept, want none", n)
	}
}

// BenchmarkCountGuesses counts one sign-in guess as the lock does (its address, its name and the
// address under the name: three keys), each from a new address, on the engine the tests run on.
func BenchmarkCountGuesses(b *testing.B) {
	s := openGuessStore(b)
	now := time.Date(2027, 7, 4, 20, 0, 0, 0, time.UTC)
	b.ResetTimer()
	for i := range b.N {
		keys := []string{fmt.Sprintf("address %d", i), "name", fmt.Sprintf("known %d", i)}
		err := s.CountGuesses(keys, now, func(in []GuessCount) []GuessCount {
			in[0].Wrong, in[0].Last, in[0].ForgetAt = in[0].Wrong+1, now, now.Add(time.Minute)
			in[1].Wrong, in[1].Last, in[1].ForgetAt = in[1].Wrong+1, now, now.Add(time.Minute)
			return in
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
