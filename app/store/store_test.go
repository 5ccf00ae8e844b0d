package store

import (
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store/storetest"
	"racedirector/data"
)

// migratedTemplate is an empty database the store's migrations made: each test's store starts from
// a copy of it (a file copy on SQLite, a kept copy on PostgreSQL) instead of migrating anew.
var migratedTemplate = storetest.NewTemplate(func(dsn string) error {
	s, err := Open(dsn, nil)
	if err != nil {
		return err
	}
	return s.Close()
})

// openTestStore opens a store on a new migrated database, with the shipped rulesets.
func openTestStore(t *testing.T) *Store {
	t.Helper()
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(migratedTemplate.DSN(t, "store.db"), rulesets)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func TestSeedDefaultsOnce(t *testing.T) {
	s := openTestStore(t)
	defaults, err := DefaultTeams(data.FS())
	if err != nil {
		t.Fatalf("DefaultTeams: %v", err)
	}
	if len(defaults) != 6 {
		t.Fatalf("DefaultTeams = %d teams, want 6", len(defaults))
	}
	loaded, err := s.SeedDefaults(defaults)
	if err != nil || !loaded {
		t.Fatalf("first SeedDefaults = %v, %v; want loaded", loaded, err)
	}
	loaded, err = s.SeedDefaults(defaults)
	if err != nil || loaded {
		t.Errorf("second SeedDefaults = %v, %v; want not loaded again", loaded, err)
	}
	teams, err := s.ListTeams(Everything())
	if err != nil || len(teams) != 6 {
		t.Errorf("after seeding twice ListTeams = %d teams (%v), want 6", len(teams), err)
	}
}

func TestSeedDefaultsLeavesAnExistingDatabase(t *testing.T) {
	s := openTestStore(t)
	if _, err := s.CreateTeam(Everything(), TeamInput{Name: "Mío", Short: "MIO", Color: "#000000"}); err != nil {
		t.Fatal(err)
	}
	defaults, _ := DefaultTeams(data.FS())
	if loaded, err := s.SeedDefaults(defaults); err != nil || loaded {
		t.Errorf("SeedDefaults on a database with a team = %v, %v; want not loaded", loaded, err)
	}
}

func TestSeedDefaultsRefusesBadDefaults(t *testing.T) {
	s := openTestStore(t)
	before, _ := s.Snapshot()
	bad := []TeamInput{{Name: "Bien", Short: "BIE", Color: "#000000"}, {Name: "Mal", Short: "M", Color: "red"}}
	if _, err := s.SeedDefaults(bad); err == nil || !strings.Contains(err.Error(), "Mal") {
		t.Errorf("SeedDefaults with a bad team = %v, want an error naming it", err)
	}
	if after, _ := s.Snapshot(); after != before {
		t.Errorf("a refused seeding stored something:\n%s", after)
	}
}

func TestSnapshot(t *testing.T) {
	s := openTestStore(t)
	empty, err := s.Snapshot()
	if err != nil {
		t.Fatalf("Snapshot: %v", err)
	}
	for _, table := range []string{"settings", "teams", "riders", "tours", "stages", "schema_versions"} {
		if !strings.Contains(empty, "== "+table+" (") {
			t.Errorf("snapshot lacks table %s:\n%s", table, empty)
		}
	}
	if strings.Contains(empty, "sqlite_") {
		t.Errorf("snapshot shows the engine's own tables:\n%s", empty)
	}
	// Rows come by primary key whatever order they were written in.
	for _, name := range []string{"Zeta", "Alfa", "Mu"} {
		if _, err := s.CreateTeam(Everything(), TeamInput{Name: name, Short: "AB", Color: "#000000", Riders: []RiderInput{{Number: 2, Name: "Dos", Role: "leader"}, {Number: 1, Name: "Ñ \"x\"", Role: "leader"}}}); err != nil {
			t.Fatal(err)
		}
	}
	snap, _ := s.Snapshot()
	zeta, alfa, mu := strings.Index(snap, `"Zeta"`), strings.Index(snap, `"Alfa"`), strings.Index(snap, `"Mu"`)
	if zeta < 0 || !(zeta < alfa && alfa < mu) {
		t.Errorf("teams are not by id (Zeta, Alfa, Mu):\n%s", snap)
	}
	if !strings.Contains(snap, `"Ñ \"x\""`) {
		t.Errorf("snapshot does not quote text values:\n%s", snap)
	}
	again, _ := s.Snapshot()
	if again != snap {
		t.Error("two snapshots of the same database differ")
	}
	if err := s.DeleteRider(Everything(), 2); err != nil {
		t.Fatal(err)
	}
	if after, _ := s.Snapshot(); after == snap {
		t.Error("deleting a rider did not change the snapshot")
	}
}

func TestTeamNamesUniqueWhateverTheCase(t *testing.T) {
	s := openTestStore(t)
	if _, err := s.CreateTeam(Everything(), TeamInput{Name: "Ñandú", Short: "ÑAN", Color: "#000000"}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ñandú", "ÑANDÚ", " Ñandú "} {
		_, err := s.CreateTeam(Everything(), TeamInput{Name: name, Short: "ÑAN", Color: "#000000"})
		if ve, ok := err.(*refuse.ValidationError); !ok || ve.Fields["name"] == "" {
			t.Errorf("CreateTeam(%q) = %v, want a validation error on name", name, err)
		}
	}
}
