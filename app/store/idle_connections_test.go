package store

import (
	"testing"

	"gorm.io/gorm"

	"racedirector/data"
)

// idleConns counts the unused connections of both pools.
func idleConns(t *testing.T, s *Store) int {
	t.Helper()
	n := 0
	for _, db := range []*gorm.DB{s.db, s.reads} {
		sqlDB, err := db.DB()
		if err != nil {
			t.Fatal(err)
		}
		n += sqlDB.Stats().Idle
	}
	return n
}

func TestCloseIdleConnections(t *testing.T) {
	s := openTestStore(t)
	defaults, err := DefaultTeams(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SeedDefaults(defaults); err != nil { // a write
		t.Fatal(err)
	}
	if _, err := s.ToursVersion(); err != nil { // a read
		t.Fatal(err)
	}
	if s.pg {
		s.CloseIdleConnections() // PostgreSQL's pool keeps its own: nothing to check but that it is harmless
	} else {
		if idleConns(t, s) == 0 {
			t.Fatal("no idle connection after a write and a read")
		}
		s.CloseIdleConnections()
		if n := idleConns(t, s); n != 0 {
			t.Fatalf("idle connections after CloseIdleConnections = %d, want 0", n)
		}
	}
	// The next request opens a connection again, and the pools keep it.
	if _, err := s.ToursVersion(); err != nil {
		t.Fatalf("a read after the idle connections were closed: %v", err)
	}
	if _, err := s.SeedDefaults(defaults); err != nil {
		t.Fatalf("a write after the idle connections were closed: %v", err)
	}
	if !s.pg && idleConns(t, s) == 0 {
		t.Error("the pools keep no connection after the next requests")
	}
}
