package store

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"racedirector/app/race"
	"racedirector/data"
	"racedirector/models"
)

// oldRider is a database rider as the first schema stored him: one role, one set of values.
type oldRider struct {
	ID         uint   `gorm:"primaryKey"`
	TeamID     uint   `gorm:"not null;uniqueIndex:idx_rider_team_number"`
	Name       string `gorm:"size:60;not null"`
	Number     int    `gorm:"not null;uniqueIndex:idx_rider_team_number"`
	Role       string `gorm:"size:40;not null"`
	Attributes string `gorm:"type:text;not null;default:'{}'"`
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (oldRider) TableName() string { return "riders" }

// oldDatabase writes a database of the first schema (riders with one role), its default teams loaded,
// as an earlier version left it.
func oldDatabase(t *testing.T, riders []oldRider) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := gorm.Open(sqlite.Open(path), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.AutoMigrate(&schemaVersion{}, &models.Setting{}, &models.Team{}, &oldRider{}, &models.Tour{}, &models.TourTeam{},
		&models.TourRider{}, &models.Stage{}, &models.Entry{}, &models.Change{}); err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.Create(&schemaVersion{Version: 1, AppliedAt: time.Now()}).Error)
	must(db.Create(&models.Setting{Key: seededKey, Value: "1"}).Error)
	must(db.Create(&models.Team{ID: 1, Name: "Rojo", NameKey: "rojo", Short: "ROJ", Color: "#d62828"}).Error)
	must(db.Create(&models.Team{ID: 2, Name: "Mío", NameKey: "mío", Short: "MIO", Color: "#000000"}).Error)
	must(db.Create(&riders).Error)
	sqlDB, _ := db.DB()
	must(sqlDB.Close())
	return path
}

// gamesOf reads a rider's games as stored.
func gamesOf(t *testing.T, s *Store, id uint) string {
	t.Helper()
	r, err := s.GetRider(Everything(), id)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r.Games)
	return string(b)
}

// TestMigrationGivesEachRoleItsGame opens a database of the first schema: each rider's role and
// values move under the game they belong to, the old columns go, and the default teams' riders get
// the defaults of the games they lack, once, without touching what the director set.
func TestMigrationGivesEachRoleItsGame(t *testing.T) {
	path := oldDatabase(t, []oldRider{
		{ID: 1, TeamID: 1, Name: "Tadej Pogačar", Number: 1, Role: "leader", Attributes: "{}"},
		{ID: 2, TeamID: 1, Name: "Óscar Freire", Number: 2, Role: "SP", Attributes: "{}"},
		{ID: 3, TeamID: 1, Name: "Someone Else", Number: 3, Role: "rouleur", Attributes: "{}"},
		{ID: 4, TeamID: 2, Name: "Uno", Number: 1, Role: "rider", Attributes: `{"cost":2,"pianura":7}`},
		{ID: 5, TeamID: 2, Name: "Dos", Number: 2, Role: "capitano", Attributes: "{}"},
	})
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, rulesets)
	if err != nil {
		t.Fatalf("Open on a database of the first schema: %v", err)
	}
	defer s.Close()
	for id, want := range map[uint]string{
		1: `{"cycling-party":{"role":"leader"}}`,
		2: `{"ciclismo-a-fondo":{"role":"SP"}}`,
		3: `{"cycling-party":{"role":"rouleur"}}`,
		4: `{"2ruote":{"role":"rider","attributes":{"cost":2,"pianura":7}}}`,
		5: `{"cycling-party":{"role":"capitano"}}`, // fits no game: kept under the default game, to be corrected there
	} {
		if got := gamesOf(t, s, id); got != want {
			t.Errorf("rider %d after the migration = %s, want %s", id, got, want)
		}
	}
	for _, col := range []string{"role", "attributes"} {
		if s.db.Migrator().HasColumn("riders", col) {
			t.Errorf("riders.%s is still there after the migration", col)
		}
	}
	if r, _ := s.GetRider(Everything(), 4); r.Role != "rider" || r.Attributes["cost"] != 2 {
		t.Errorf("rider 4 in the older shape = role %q values %v, want rider with cost 2", r.Role, r.Attributes)
	}

	defaults, err := DefaultTeams(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	if loaded, err := s.SeedDefaults(defaults); err != nil || loaded {
		t.Fatalf("SeedDefaults on the migrated database = %v, %v; want no new team", loaded, err)
	}
	want1 := `{"2ruote":{"role":"rider","attributes":{"collina":8,"cost":3,"cronometro":8,"discesa":7,"montagna":9,"pianura":6,"volata":5}},"ciclismo-a-fondo":{"role":"JF"},"cycling-party":{"role":"leader"}}`
	for id, want := range map[uint]string{
		1: want1, // a default rider: completed from the defaults
		2: `{"2ruote":{"role":"rider","attributes":{"collina":5,"cost":2,"cronometro":3,"discesa":5,"montagna":2,"pianura":7,"volata":9}},"ciclismo-a-fondo":{"role":"SP"},"cycling-party":{"role":"sprinter"}}`,
		3: `{"cycling-party":{"role":"rouleur"}}`, // renamed by the director: not a default rider any more
		4: `{"2ruote":{"role":"rider","attributes":{"cost":2,"pianura":7}}}`,
	} {
		if got := gamesOf(t, s, id); got != want {
			t.Errorf("rider %d after completing the defaults = %s, want %s", id, got, want)
		}
	}
	if _, err := s.UpdateRider(Everything(), 1, RiderInput{Name: "Tadej Pogačar", Number: 1, Games: Games{"cycling-party": {Role: "leader"}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SeedDefaults(defaults); err != nil {
		t.Fatal(err)
	}
	if got := gamesOf(t, s, 1); got != `{"cycling-party":{"role":"leader"}}` {
		t.Errorf("the defaults were completed a second time: rider 1 = %s, want the director's %s", got, `{"cycling-party":{"role":"leader"}}`)
	}
}

// TestMigrationOfAFreshDatabase opens a new database: the riders have their games column from the
// start and nothing is moved.
func TestMigrationOfAFreshDatabase(t *testing.T) {
	s := openTestStore(t)
	if !s.db.Migrator().HasColumn("riders", "games") || s.db.Migrator().HasColumn("riders", "role") {
		t.Error("a fresh database's riders lack the games column or have the old role column")
	}
	var versions int64
	s.db.Model(&schemaVersion{}).Count(&versions)
	if int(versions) != len(s.migrations()) {
		t.Errorf("a fresh database ran %d migrations, want %d", versions, len(s.migrations()))
	}
}
