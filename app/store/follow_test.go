package store

import (
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/store/storetest"
	"racedirector/data"
	"racedirector/models"
)

func TestNormalizeFollowCode(t *testing.T) {
	for in, want := range map[string]string{
		"ABC234": "ABC234", "abc234": "ABC234", " abc-234 ": "ABC234", "ab c2 34": "ABC234",
		"ABC23": "", "ABC2345": "", "ABC10O": "", "ABCIL2": "", "": "", "ÀBC234": "", "AB\x0034": "",
	} {
		if got := NormalizeFollowCode(in); got != want {
			t.Errorf("NormalizeFollowCode(%q) = %q, want %q", in, got, want)
		}
	}
	for range 200 {
		if c := newFollowCode(); NormalizeFollowCode(c) != c {
			t.Fatalf("newFollowCode gave %q, which is not a follow code", c)
		}
	}
}

// TestMigrationGivesOlderToursFollowCodes opens a database whose tours were made before follow
// codes: each gets its own code, and the codes are unique from then on.
func TestMigrationGivesOlderToursFollowCodes(t *testing.T) {
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	path := storetest.DSN(t, "old.db")
	s, err := Open(path, rulesets)
	if err != nil {
		t.Fatal(err)
	}
	m := s.db.Migrator()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(m.DropIndex(&models.Tour{}, "idx_tour_follow_code"))
	must(m.DropColumn(&models.Tour{}, "follow_code"))
	for _, name := range []string{"Old one", "Old two"} {
		must(s.db.Exec("INSERT INTO tours (name, ruleset_id, ruleset, points, version) VALUES (?, 'cycling-party', '{}', '{}', 1)", name).Error)
	}
	must(s.db.Where("version >= ?", 4).Delete(&schemaVersion{}).Error) // the steps after it run again: they find their work done
	must(s.Close())

	s, err = Open(path, rulesets)
	if err != nil {
		t.Fatalf("reopening: %v", err)
	}
	defer s.Close()
	var rows []models.Tour
	must(s.db.Select("id, follow_code").Find(&rows).Error)
	if len(rows) != 2 || rows[0].FollowCode == rows[1].FollowCode {
		t.Fatalf("tours after the migration: %+v, want two with their own codes", rows)
	}
	for _, r := range rows {
		if NormalizeFollowCode(r.FollowCode) != r.FollowCode {
			t.Errorf("tour %d has follow code %q", r.ID, r.FollowCode)
		}
		if id, err := s.TourByFollowCode(strings.ToLower(r.FollowCode)); err != nil || id != r.ID {
			t.Errorf("TourByFollowCode(%q) = %d, %v; want %d", r.FollowCode, id, err, r.ID)
		}
	}
	err = s.db.Exec("UPDATE tours SET follow_code = ? WHERE id = ?", rows[0].FollowCode, rows[1].ID).Error
	if err == nil {
		t.Error("two tours could be given the same follow code: the codes are not unique")
	}
}
