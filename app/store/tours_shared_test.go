package store

import (
	"errors"
	"testing"
	"time"

	"racedirector/app/refuse"
	"racedirector/models"
)

// TestToursSharedMigration gives a database from before tours were shared its co-directors' table
// and its officials' column, keeping its accounts; a tour shared is then seen, counted and handed
// over through the scopes, and forgotten with the tour.
func TestToursSharedMigration(t *testing.T) {
	s := openTestStore(t)
	m := s.db.Migrator()
	if err := m.DropTable(&models.TourCodirector{}); err != nil {
		t.Fatal(err)
	}
	if err := m.DropColumn(&models.Director{}, "official"); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	for _, name := range []string{"Anna", "Bruno"} {
		if err := s.db.Exec("INSERT INTO directors (name, name_key, password_hash, admin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)", name, name+"-key", "x", name == "Anna", now, now).Error; err != nil {
			t.Fatal(err)
		}
	}
	for range 2 { // once more: nothing to add
		if err := toursShared(s.db); err != nil {
			t.Fatal(err)
		}
	}
	if !m.HasTable(&models.TourCodirector{}) || !m.HasColumn(&models.Director{}, "official") {
		t.Fatalf("the migration did not add the table and the column")
	}
	var ids []uint
	if err := s.db.Model(&models.Director{}).Order("id").Pluck("id", &ids).Error; err != nil || len(ids) != 2 {
		t.Fatalf("the accounts after the migration: %v, %v", ids, err)
	}
	anna, bruno := ids[0], ids[1]
	o, err := s.CreateDirector(NewDirector{Name: "Olga", Official: true})
	if err != nil || o.Role != RoleOfficial || o.Teams != 0 {
		t.Fatalf("an official = %+v, %v; want role official, no teams", o, err)
	}
	tour := models.Tour{OwnerID: anna, Name: "Giro", RulesetID: "cycling-party", Ruleset: "{}", FollowCode: "ABCDEF"}
	if err := s.db.Create(&tour).Error; err != nil {
		t.Fatal(err)
	}
	if err := s.TourVisible(DirectorScope(bruno), tour.ID); err == nil {
		t.Errorf("Bruno sees Anna's tour before it is shared")
	}
	var ve *refuse.ValidationError
	if _, err := s.SetCodirectors(tour.ID, []uint{o.ID}); !errors.As(err, &ve) || ve.Fields["directors.0"] == "" && ve.Texts["directors.0"].Format == "" {
		t.Errorf("an official as co-director: %v, want a refusal naming directors.0", err)
	}
	share, err := s.SetCodirectors(tour.ID, []uint{bruno, bruno})
	if err != nil || len(share.Codirectors) != 1 || share.Owner == nil || share.Owner.ID != anna {
		t.Fatalf("sharing with Bruno twice = %+v, %v", share, err)
	}
	if err := s.TourVisible(DirectorScope(bruno), tour.ID); err != nil {
		t.Errorf("Bruno does not see the tour shared with him: %v", err)
	}
	if n, _ := s.CountTours(DirectorScope(bruno)); n != 1 {
		t.Errorf("Bruno counts %d tours, want the shared one", n)
	}
	if co, err := s.TourOwned(DirectorScope(bruno), tour.ID); err != nil || !co {
		t.Errorf("Bruno owns the shared tour: %t, %v", co, err)
	}
	share, err = s.HandOverTour(tour.ID, bruno)
	if err != nil || share.Owner.ID != bruno || len(share.Codirectors) != 0 {
		t.Errorf("handing over to the co-director = %+v, %v; want him the owner and no co-director", share, err)
	}
	if _, err := s.SetCodirectors(tour.ID, []uint{anna}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteTour(tour.ID); err != nil {
		t.Fatal(err)
	}
	var left int64
	s.db.Model(&models.TourCodirector{}).Count(&left)
	if left != 0 {
		t.Errorf("%d co-directors left of an erased tour", left)
	}
}

// TestCheckRole reads each role asked, the older admin flag too, and refuses the others.
func TestCheckRole(t *testing.T) {
	for _, c := range []struct {
		role            string
		admin           bool
		wantAdmin, want bool
		refused         bool
	}{
		{"", false, false, false, false},
		{"", true, true, false, false},
		{"director", false, false, false, false},
		{"Administrator", false, true, false, false},
		{"official", false, false, true, false},
		{"official", true, false, false, true},
		{"director", true, false, false, true},
		{"referee", false, false, false, true},
	} {
		admin, official, err := CheckRole(c.role, c.admin)
		if admin != c.wantAdmin || official != c.want || (err != nil) != c.refused {
			t.Errorf("CheckRole(%q, %t) = %t, %t, %v; want %t, %t, refused %t", c.role, c.admin, admin, official, err, c.wantAdmin, c.want, c.refused)
		}
	}
}
