package store

import (
	"path/filepath"
	"testing"

	"racedirector/app/race"
	"racedirector/data"
	"racedirector/models"
)

// TestMigrationGivesDatesOfBirthAndSettings opens a database made before dates of birth and tour
// settings: the columns are added, its riders have no date of birth and its tours no settings, and it
// takes both from then on.
func TestMigrationGivesDatesOfBirthAndSettings(t *testing.T) {
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := Open(path, rulesets)
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err = s.CreateTeam(Everything(), TeamInput{Name: "Old Team", Short: "OLD", Color: "#123456", Riders: []RiderInput{{Name: "Old Rider", Number: 1, Role: "leader"}}})
	must(err)
	m := s.db.Migrator()
	must(m.DropColumn(&models.Rider{}, "born"))
	must(m.DropColumn(&models.TourRider{}, "born"))
	must(m.DropColumn(&models.Tour{}, "settings"))
	must(s.db.Exec("INSERT INTO tours (name, ruleset_id, ruleset, points, version, follow_code) VALUES ('Old', 'uci-road', '{}', '{}', 1, 'ABCDEF')").Error)
	must(s.db.Where("version >= ?", 5).Delete(&schemaVersion{}).Error)
	must(s.Close())

	s, err = Open(path, rulesets)
	if err != nil {
		t.Fatalf("reopening: %v", err)
	}
	defer s.Close()
	for _, c := range []struct {
		model any
		col   string
	}{{&models.Rider{}, "born"}, {&models.TourRider{}, "born"}, {&models.Tour{}, "settings"}} {
		if !s.db.Migrator().HasColumn(c.model, c.col) {
			t.Errorf("column %s missing after the migration", c.col)
		}
	}
	var tour models.Tour
	must(s.db.Where("name = ?", "Old").First(&tour).Error)
	if tour.Settings != "{}" {
		t.Errorf("the old tour's settings = %q, want {}", tour.Settings)
	}
	teams, err := s.ListTeams(Everything())
	must(err)
	r := teams[0].Riders[0]
	if r.Born != "" {
		t.Errorf("an old rider's date of birth = %q, want none", r.Born)
	}
	in := RiderInput{TeamID: r.TeamID, Name: r.Name, Number: r.Number, Games: r.Games, Born: "2002-03-04"}
	got, err := s.UpdateRider(Everything(), r.ID, in)
	must(err)
	if got.Born != "2002-03-04" {
		t.Errorf("date of birth after the migration = %q, want 2002-03-04", got.Born)
	}
}
