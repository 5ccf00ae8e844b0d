package store

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"racedirector/app/race"
	"racedirector/models"
)

// TestDirectorsForYearsMigration gives a database whose accounts predate directors for years their
// new columns, and keeps its rows: an account made before signs in and may be disabled.
func TestDirectorsForYearsMigration(t *testing.T) {
	s := openTestStore(t)
	m := s.db.Migrator()
	for _, c := range []struct {
		model  any
		column string
	}{{&models.Director{}, "disabled_at"}, {&models.Invitation{}, "reset"}, {&models.DirectorSession{}, "last_seen_at"}, {&models.DirectorSession{}, "user_agent"}, {&models.DirectorSession{}, "address"}} {
		if err := m.DropColumn(c.model, c.column); err != nil {
			t.Fatalf("dropping %s: %v", c.column, err)
		}
	}
	// An account of before (written without reading the table: PostgreSQL's connections would keep
	// the plan of a read of the table as it was).
	now := time.Now().UTC()
	if err := s.db.Exec("INSERT INTO directors (name, name_key, password_hash, admin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)", "Anna", "anna", "x", true, now, now).Error; err != nil {
		t.Fatal(err)
	}
	if err := directorsForYears(s.db); err != nil {
		t.Fatal(err)
	}
	d, err := s.DirectorNamed("Anna")
	if err != nil {
		t.Fatal(err)
	}
	if err := directorsForYears(s.db); err != nil { // once more: nothing to add
		t.Fatal(err)
	}
	if !m.HasColumn(&models.Director{}, "disabled_at") || !m.HasColumn(&models.DirectorSession{}, "user_agent") {
		t.Fatalf("the migration did not add the columns")
	}
	if line, err := s.DisableDirector(d.ID, 0, time.Now()); err == nil || line.Disabled {
		t.Errorf("disabling the only administrator: %v, %+v; want it refused", err, line)
	}
	if got, err := s.Director(d.ID, time.Now()); err != nil || got.Name != "Anna" || got.Disabled {
		t.Errorf("Anna after the migration: %+v, %v", got, err)
	}
}

// TestHeirName names an inherited team whose name the heir has, within the longest team name.
func TestHeirName(t *testing.T) {
	long := strings.Repeat("x", race.MaxTeamNameLength)
	for _, c := range []struct {
		team, director string
		i              int
		want           string
	}{
		{"Rojo", "Carla", 1, "Rojo (Carla)"},
		{"Rojo", "Carla", 2, "Rojo (Carla 2)"},
		{long, "Carla", 1, strings.Repeat("x", race.MaxTeamNameLength-len(" (Carla)")) + " (Carla)"},
		{"Rojo", strings.Repeat("d", 40), 1, "Rojo (2)"},
	} {
		got := heirName(c.team, c.director, c.i)
		if got != c.want || utf8.RuneCountInString(got) > race.MaxTeamNameLength {
			t.Errorf("heirName(%q, %q, %d) = %q, want %q", c.team, c.director, c.i, got, c.want)
		}
	}
}
