package store

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store/storetest"
	"racedirector/data"
)

// hangGuard is how long a test waits for what must come before it calls it stuck: a guard against
// a hang, never a measure of speed.
const hangGuard = 60 * time.Second

// aWhile is a query that takes a while (a fraction of a second): run again and again, it is work
// that never ends on its own, which a client that leaves must stop. (SQLite's interrupt is lost
// when it comes between two steps of the driver: the next query then sees the context ended.)
func aWhile(s *Store) string {
	if s.pg {
		return "SELECT pg_sleep(0.2)"
	}
	return "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT COUNT(*) FROM c"
}

// within runs fn and returns its error, failing the test if fn has not returned within hangGuard.
func within(t *testing.T, what string, fn func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-time.After(hangGuard):
		t.Fatalf("%s did not return within %s", what, hangGuard)
		return nil
	}
}

// TestAClientThatLeavesStopsItsQuery runs queries that never end, in a read and in a write, on the
// store of a request whose client then leaves: each returns, with the context's cancellation (no
// refusal, no "database away"), and the write was not run again.
func TestAClientThatLeavesStopsItsQuery(t *testing.T) {
	s := openTestStore(t)
	for _, kind := range []string{"read", "write", "tour write"} {
		t.Run(kind, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			req := s.For(ctx)
			started := make(chan struct{})
			var runs atomic.Int32
			fn := func(tx *gorm.DB) error {
				if runs.Add(1) == 1 {
					close(started)
				}
				for {
					var n int64
					if err := tx.Raw(aWhile(s)).Scan(&n).Error; err != nil {
						return err
					}
				}
			}
			go func() {
				<-started
				cancel() // the client leaves while its query runs
			}()
			err := within(t, "the query of a client that left", func() error {
				switch kind {
				case "read":
					return req.read(fn)
				case "write":
					return req.write(fn)
				}
				return req.tourWrite(1, fn)
			})
			if !errors.Is(err, context.Canceled) || !ClientLeft(err) {
				t.Fatalf("the queries of a client that left = %v, want context.Canceled", err)
			}
			if Away(err) {
				t.Errorf("the query of a client that left is told as the database away (503): %v", err)
			}
			var conflict *refuse.ConflictError
			if errors.As(err, &conflict) {
				t.Errorf("the query of a client that left is told as a conflict: %v", err)
			}
			if n := runs.Load(); n != 1 {
				t.Errorf("the stopped transaction ran %d times, want once (never again)", n)
			}
		})
	}
	// The store itself and other requests' stores go on.
	if _, err := s.ListTeams(Everything()); err != nil {
		t.Errorf("ListTeams after a client left: %v", err)
	}
}

// TestAClientGoneBeforeItsQueryIsNotAnswered: a request whose client left already stores nothing and
// reads nothing, through the store's own methods, outside and inside transactions.
func TestAClientGoneBeforeItsQueryIsNotAnswered(t *testing.T) {
	s := openTestStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gone := s.For(ctx)
	if _, err := gone.ListTeams(Everything()); !ClientLeft(err) {
		t.Errorf("ListTeams of a client gone = %v, want context.Canceled", err)
	}
	if _, err := gone.LoadRace(1); !ClientLeft(err) {
		t.Errorf("LoadRace of a client gone = %v, want context.Canceled", err)
	}
	if _, err := gone.CreateTeam(Everything(), TeamInput{Name: "Gone", Short: "GON", Color: "#000000"}); !ClientLeft(err) {
		t.Errorf("CreateTeam of a client gone = %v, want context.Canceled", err)
	}
	teams, err := s.For(context.Background()).ListTeams(Everything())
	if err != nil || len(teams) != 0 {
		t.Errorf("after a client gone created a team: %d teams (%v), want none stored", len(teams), err)
	}
}

// TestReadsDoNotWaitForAWriter holds a write transaction open and reads meanwhile: the reads complete
// while the writer holds on (on SQLite they take no write lock), see the last commit and not the
// writer's own, and once it commits a read sees it.
func TestReadsDoNotWaitForAWriter(t *testing.T) {
	s := openTestStore(t)
	if _, err := s.CreateTeam(Everything(), TeamInput{Name: "Before", Short: "BEF", Color: "#000000"}); err != nil {
		t.Fatal(err)
	}
	holding, release, committed := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		committed <- s.bookkeeping(func(tx *gorm.DB) error {
			if _, err := createTeamTx(tx, 0, TeamInput{Name: "During", Short: "DUR", Color: "#ffffff"}); err != nil {
				return err
			}
			close(holding)
			<-release // the writer holds its transaction until the reads are done
			return nil
		})
	}()
	select {
	case <-holding:
	case err := <-committed:
		t.Fatalf("the writer ended before holding its transaction: %v", err)
	case <-time.After(hangGuard):
		t.Fatal("the writer did not begin")
	}
	for i, read := range []func() error{
		func() error {
			teams, err := s.ListTeams(Everything())
			if err == nil && len(teams) != 1 {
				return errors.New("the reader sees the writer's team before it commits, or misses the committed one")
			}
			return err
		},
		func() error { _, err := s.TeamsPage(Everything(), 1, 20); return err },
		func() error { return s.read(func(tx *gorm.DB) error { return tx.Exec("SELECT 1").Error }) },
	} {
		if err := within(t, "a read while a writer holds its transaction", read); err != nil {
			t.Errorf("read %d while a writer holds its transaction: %v", i, err)
		}
	}
	close(release)
	if err := <-committed; err != nil {
		t.Fatalf("the writer: %v", err)
	}
	teams, err := s.ListTeams(Everything())
	if err != nil || len(teams) != 2 {
		t.Errorf("a read right after the commit = %d teams (%v), want 2", len(teams), err)
	}
}

// BenchmarkStoreFor is what a request pays for its own store: a copy of the Store and two GORM
// sessions.
func BenchmarkStoreFor(b *testing.B) {
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		b.Fatal(err)
	}
	s, err := Open(storetest.DSN(b, "store.db"), rulesets)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		_ = s.For(ctx)
	}
}

// BenchmarkReadWhileWriting reads the teams while another goroutine writes a team after another:
// on SQLite the reads take no write lock, so they are not queued behind the writes.
func BenchmarkReadWhileWriting(b *testing.B) {
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		b.Fatal(err)
	}
	s, err := Open(storetest.DSN(b, "store.db"), rulesets)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			_ = s.bookkeeping(func(tx *gorm.DB) error {
				_, err := createTeamTx(tx, 0, TeamInput{Name: fmt.Sprintf("Team %d", i), Short: "TEA", Color: "#000000"})
				return err
			})
		}
	}()
	for b.Loop() {
		if err := s.read(func(tx *gorm.DB) error { return tx.Exec("SELECT COUNT(*) FROM teams").Error }); err != nil {
			b.Fatal(err)
		}
	}
	close(stop)
	<-done
}
