package store

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/data"
	"racedirector/models"
)

// TestOwnersMigration opens a database of the schema before owners, whose team names were unique
// across the whole database: tours and teams get no owner and stay readable by a single director;
// names become unique per director; the first account then takes them over.
func TestOwnersMigration(t *testing.T) {
	path := oldDatabase(t, []oldRider{{ID: 1, TeamID: 1, Name: "Uno", Number: 1, Role: "leader", Attributes: "{}"}})
	rulesets, _ := race.LoadRulesets(data.FS())
	s, err := Open(path, rulesets)
	if err != nil {
		t.Fatalf("opening the old database: %v", err)
	}
	defer s.Close()
	m := s.db.Migrator()
	if m.HasIndex(&models.Team{}, "idx_team_name") || !m.HasIndex(&models.Team{}, "idx_team_owner_name_key") || !m.HasColumn(&models.Tour{}, "owner_id") {
		t.Fatalf("the old team name index is still there, or the owner's is missing")
	}
	teams, err := s.ListTeams(Everything())
	if err != nil || len(teams) != 2 || teams[0].OwnerID != 0 {
		t.Fatalf("the old teams = %+v, %v; want both, no one's", teams, err)
	}
	if any, _ := s.AnyDirector(); any {
		t.Fatalf("an old database has accounts")
	}
	d, err := s.CreateDirector(NewDirector{Name: "Anna", PasswordHash: "x"})
	if err != nil || !d.Admin || d.Teams != 2 {
		t.Fatalf("the first account = %+v, %v; want an administrator owning the 2 teams", d, err)
	}
	defaults, _ := DefaultTeams(data.FS())
	b, err := s.CreateDirector(NewDirector{Name: "Bruno", Teams: defaults, InvitationHash: strings.Repeat("b", 64), InvitationExpires: time.Now().Add(time.Hour)})
	if err != nil || b.Admin || b.Teams != 6 || b.InvitationExpiresAt == nil || b.Active {
		t.Fatalf("the second account = %+v, %v; want a director invited with the 6 default teams", b, err)
	}
	// Names are unique per director: Bruno may have a Mío as Anna has one; not two.
	if _, err := s.CreateTeam(DirectorScope(b.ID), TeamInput{Name: "Mío", Short: "MIO", Color: "#d62828"}); err != nil {
		t.Errorf("Bruno creating his Mío: %v", err)
	}
	if _, err := s.CreateTeam(DirectorScope(b.ID), TeamInput{Name: "mío", Short: "MIO", Color: "#d62828"}); err == nil {
		t.Errorf("Bruno created a second Mío")
	}
	if n, _ := s.CountTours(Nobody()); n != 0 {
		t.Errorf("Nobody counts %d tours", n)
	}
	if teams, _ := s.ListTeams(Nobody()); len(teams) != 0 {
		t.Errorf("Nobody sees %d teams", len(teams))
	}
	var ve *refuse.ValidationError
	if _, err := s.CreateDirector(NewDirector{Name: "anna"}); !errors.As(err, &ve) {
		t.Errorf("a second Anna: %v, want a refusal", err)
	}
	var ce *refuse.ConflictError
	if _, err := s.CreateDirector(NewDirector{Name: "Carla", FirstOnly: true}); !errors.As(err, &ce) {
		t.Errorf("a first-run setup once accounts exist: %v, want a conflict", err)
	}
}

// TestInvitationUsedOnceAtOnce accepts one invitation from many requests at the same moment: one
// sets the password, the others are told it was used; the sessions of the director end.
func TestInvitationUsedOnceAtOnce(t *testing.T) {
	s := openTestStore(t)
	now := time.Date(2027, 7, 4, 20, 0, 0, 0, time.UTC)
	d, err := s.CreateDirector(NewDirector{Name: "Anna", PasswordHash: "old", InvitationHash: strings.Repeat("a", 64), InvitationExpires: now.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.StartSession(d.ID, strings.Repeat("s", 64), now.Add(time.Hour), now); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, used := 0, 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.AcceptInvitation(strings.Repeat("a", 64), "new"+string(rune('0'+i)), now)
			var ie *InvitationError
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.As(err, &ie) && ie.Used:
				used++
			default:
				t.Errorf("accepting at once: %v", err)
			}
		}()
	}
	wg.Wait()
	if ok != 1 || used != 7 {
		t.Errorf("%d accepted, %d told used; want 1 and 7", ok, used)
	}
	if _, ok, _ := s.SessionDirector(strings.Repeat("s", 64), now, SessionSeen{}); ok {
		t.Errorf("the director's session survived the new password")
	}
	var ie *InvitationError
	if _, err := s.Invitation(strings.Repeat("a", 64), now); !errors.As(err, &ie) || !ie.Used {
		t.Errorf("the used invitation reads %v", err)
	}
	if _, err := s.Invite(d.ID, strings.Repeat("c", 64), now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AcceptInvitation(strings.Repeat("c", 64), "x", now.Add(time.Minute)); !errors.As(err, &ie) || ie.Used {
		t.Errorf("an invitation at its end: %v, want expired", err)
	}
}

// TestSessionsStayBounded keeps at most maxSessionsPerDirector of one director's sessions, the ones
// ending last, and forgets the ended ones.
func TestSessionsStayBounded(t *testing.T) {
	s := openTestStore(t)
	d, _ := s.CreateDirector(NewDirector{Name: "Anna", PasswordHash: "x"})
	now := time.Date(2027, 7, 4, 20, 0, 0, 0, time.UTC)
	for i := range maxSessionsPerDirector + 5 {
		at := now.Add(time.Duration(i) * time.Second)
		if err := s.StartSession(d.ID, strings.Repeat(string(rune('A'+i%26)), 2)+strings.Repeat("x", 60)+string(rune('a'+i/26)), at.Add(time.Hour), at); err != nil {
			t.Fatal(err)
		}
	}
	var n int64
	s.db.Model(&models.DirectorSession{}).Count(&n)
	if n != maxSessionsPerDirector {
		t.Errorf("kept %d sessions, want %d", n, maxSessionsPerDirector)
	}
	_ = s.StartSession(d.ID, strings.Repeat("z", 64), now.Add(3*time.Hour), now.Add(2*time.Hour))
	s.db.Model(&models.DirectorSession{}).Count(&n)
	if n != 1 {
		t.Errorf("kept %d sessions after all the others ended, want 1", n)
	}
}

// TestDirectorsNamedAtOnce creates the same name from many requests at the same moment: one account,
// the others refused as a name taken, none an error of the database.
func TestDirectorsNamedAtOnce(t *testing.T) {
	s := openTestStore(t)
	if _, err := s.CreateDirector(NewDirector{Name: "Anna", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.CreateDirector(NewDirector{Name: "Bruno"})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	made := 0
	for err := range errs {
		var ve *refuse.ValidationError
		switch {
		case err == nil:
			made++
		case !errors.As(err, &ve):
			t.Errorf("a name taken at the same moment: %v, want a refusal of the name", err)
		}
	}
	if made != 1 {
		t.Errorf("%d accounts named Bruno made, want 1", made)
	}
}
