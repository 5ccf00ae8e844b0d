package store

import (
	"context"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"racedirector/app/race"
	"racedirector/models"
)

// auditCount is how many lines the audit record holds.
func auditCount(t *testing.T, s *Store) int64 {
	t.Helper()
	var n int64
	if err := s.db.Model(&models.AuditEntry{}).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// TestEveryStoreChangeLeavesOneAuditLine runs the store's writing methods one after the other, each
// by its author (the context's), and reads the record after each: exactly the one line of the change
// with the right action, author and director; a change refused leaves none.
func TestEveryStoreChangeLeavesOneAuditLine(t *testing.T) {
	s := openTestStore(t)
	id := historyTour(t, s) // the defaults and the tour, by the app itself
	ana, err := s.CreateDirector(NewDirector{Name: "Ana", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	beto, err := s.CreateDirector(NewDirector{Name: "Beto", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	byAna := s.For(WithAuthor(context.Background(), Director(ana.ID, "Ana")))
	byPIN := s.For(WithAuthor(context.Background(), Author{Kind: ByPIN}))
	byCLI := s.For(WithAuthor(context.Background(), Author{Kind: ByCommandLine}))
	var team Team
	var rider Rider
	var season Season
	steps := []struct {
		action, who string
		do          func() error
	}{
		{"stage.result", "table (PIN)", func() error { return byPIN.SetSprint(id, 1, 1, -1, []int{21, 11}) }},
		{"stage.result", "Ana", func() error { return byAna.SetSprint(id, 1, 1, -1, []int{11, 21}) }},
		{"stage.undo", "table (PIN)", func() error { _, err := byPIN.Undo(id, 1, -1); return err }},
		{"tour.settings", "Ana", func() error { return byAna.SetTourSettings(id, race.TourSettings{YouthBornFrom: "2001-01-01"}) }},
		{"tour.player", "Ana", func() error { return byAna.SetTeamManager(id, 1, "Lucía") }},
		{"tour.rider", "Ana", func() error { return byAna.SetTourRiderBorn(id, 11, "2002-03-04") }},
		{"team.create", "Ana", func() error {
			team, err = byAna.CreateTeam(DirectorScope(ana.ID), TeamInput{Name: "Turquesa", Short: "TUR", Color: "#00aaaa"})
			return err
		}},
		{"team.edit", "table (PIN)", func() error {
			_, err := byPIN.UpdateTeam(Everything(), team.ID, TeamInput{Name: "Turquesa oscuro", Short: "TUR", Color: "#006666"})
			return err
		}},
		{"rider.create", "Ana", func() error {
			rider, err = byAna.CreateRider(DirectorScope(ana.ID), RiderInput{TeamID: team.ID, Name: "Pedro", Number: 1})
			return err
		}},
		{"rider.edit", "Ana", func() error {
			_, err := byAna.UpdateRider(DirectorScope(ana.ID), rider.ID, RiderInput{TeamID: team.ID, Name: "Pedro Delgado", Number: 1})
			return err
		}},
		{"rider.delete", "Ana", func() error { return byAna.DeleteRider(DirectorScope(ana.ID), rider.ID) }},
		{"team.delete", "Ana", func() error { return byAna.DeleteTeam(DirectorScope(ana.ID), team.ID) }},
		{"season.create", "Ana", func() error {
			season, err = byAna.CreateSeason(DirectorScope(ana.ID), SeasonInput{Name: "Liga", Points: []int{3, 1}})
			return err
		}},
		{"season.edit", "Ana", func() error {
			_, err := byAna.UpdateSeason(DirectorScope(ana.ID), season.ID, SeasonInput{Name: "Liga 2027", Points: []int{3, 1}})
			return err
		}},
		{"season.delete", "Ana", func() error { return byAna.DeleteSeason(DirectorScope(ana.ID), season.ID) }},
		{"tour.owner", "command line", func() error { _, err := byCLI.HandOverTour(id, beto.ID); return err }},
		{"tour.codirectors", "command line", func() error { _, err := byCLI.SetCodirectors(id, []uint{ana.ID}); return err }},
		{"director.rename", "command line", func() error { _, err := byCLI.RenameDirector(beto.ID, "Roberto", time.Now()); return err }},
		{"director.disable", "command line", func() error { _, err := byCLI.DisableDirector(beto.ID, 0, time.Now()); return err }},
		{"director.enable", "command line", func() error { _, err := byCLI.EnableDirector(beto.ID, time.Now()); return err }},
		{"director.password", "command line", func() error { return byCLI.SetPassword(beto.ID, "y") }},
		{"director.reset", "command line", func() error {
			_, err := byCLI.Invite(beto.ID, "hash-of-a-token", time.Now().Add(time.Hour))
			return err
		}},
		{"director.accept", "Roberto", func() error { _, err := s.AcceptInvitation("hash-of-a-token", "z", time.Now()); return err }},
		{"tour.delete", "Ana", func() error { return byAna.DeleteTour(id) }},
		{"director.remove", "command line", func() error { _, err := byCLI.RemoveDirector(beto.ID, ana.ID, 0, time.Now()); return err }},
	}
	for _, st := range steps {
		was := auditCount(t, s)
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.action, err)
		}
		if now := auditCount(t, s); now != was+1 {
			t.Errorf("%s left %d lines in the audit record, want 1", st.action, now-was)
			continue
		}
		lines, err := s.Audit(Everything(), AuditFilter{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if l := lines[0]; l.Action != st.action || l.Who != st.who || l.Summary == "" {
			t.Errorf("the line of %s = %+v, want its action by %s", st.action, l, st.who)
		}
	}
	// A deleted tour's lines stay, with its id and name; the director filter reads Ana's data and
	// Ana's own changes, the tour filter the tour's.
	lines, err := s.Audit(Everything(), AuditFilter{Tour: id})
	if err != nil || len(lines) < 10 || lines[0].Action != "tour.delete" || !strings.HasPrefix(lines[0].Summary, "History: ") {
		t.Fatalf("the record of the deleted tour = %+v (%v), want its lines, newest first, naming it", lines, err)
	}
	mine, err := s.Audit(DirectorScope(ana.ID), AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range mine {
		if (l.Director == nil || *l.Director != ana.ID) && (l.Author == nil || *l.Author != ana.ID) && (l.Tour == nil || *l.Tour != id) {
			t.Errorf("Ana reads a line neither of her data, nor by her, nor of a tour of hers: %+v", l)
		}
	}
	if _, err := s.Audit(Nobody(), AuditFilter{}); err != nil {
		t.Fatal(err)
	}
	// A refused change leaves no line.
	was := auditCount(t, s)
	if _, err := byAna.CreateTeam(DirectorScope(ana.ID), TeamInput{Name: ""}); err == nil {
		t.Fatal("a team without a name was stored")
	}
	if now := auditCount(t, s); now != was {
		t.Errorf("a refused change left %d lines in the audit record", now-was)
	}
}

// TestAuditLineFailsTheChange makes the audit record refuse its line (its table gone): the change
// is refused with it and stores nothing.
func TestAuditLineFailsTheChange(t *testing.T) {
	s := openTestStore(t)
	if err := s.db.Migrator().DropTable(&models.AuditEntry{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateTeam(Everything(), TeamInput{Name: "Rojo", Short: "ROJ", Color: "#ff0000"}); err == nil {
		t.Fatal("a team was created without its line in the audit record")
	}
	if teams, err := s.ListTeams(Everything()); err != nil || len(teams) != 0 {
		t.Errorf("after the refused change the database holds %d teams (%v), want none", len(teams), err)
	}
}

// TestChangeWithoutItsLineIsRefused is what a writer added later that forgets the record meets: its
// change is refused and nothing is stored.
func TestChangeWithoutItsLineIsRefused(t *testing.T) {
	s := openTestStore(t)
	err := s.write(func(tx *gorm.DB) error { return tx.Create(&models.Setting{Key: "forgotten", Value: "1"}).Error })
	if !errors.Is(err, errUnaudited) {
		t.Fatalf("a change without its line = %v, want it refused", err)
	}
	var n int64
	if err := s.db.Model(&models.Setting{}).Where("key = ?", "forgotten").Count(&n).Error; err != nil || n != 0 {
		t.Errorf("the refused change stored %d rows (%v)", n, err)
	}
}

// bookkeepers are the store's functions that write what is no one's change, with why.
var bookkeepers = map[string]string{
	"StartSession": "a session begun at sign-in",
	"KeepPage":     "a refused page kept for its redirect",
	"TakePage":     "a kept page taken",
	"SeedDefaults": "the default teams loaded at the first start",
}

// TestEveryWriterIsAudited reads the store's sources: every transaction that writes goes through
// write or tourWrite (which refuse a change without its line), or is a bookkeeper's; no other
// function opens a transaction of its own but the engine's, the migrations', the copy between
// engines and the sign-in guesses' count; none writes on the store's database itself but
// directWriters.
func TestEveryWriterIsAudited(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	ownTransactions := map[string]bool{"engine.go": true, "engine_faults.go": true, "migrate.go": true, "copy.go": true, "sign_in_guesses.go": true}
	fset := token.NewFileSet()
	seen := map[string]bool{}
	writers := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				switch sel.Sel.Name {
				case "write", "tourWrite":
					writers++
				case "bookkeeping":
					seen[fn.Name.Name] = true
					if _, ok := bookkeepers[fn.Name.Name]; !ok && name != "audit.go" {
						t.Errorf("%s: %s writes without the audit record: record its change (recordChange), or say here why it is no one's", fset.Position(call.Pos()), fn.Name.Name)
					}
				case "Transaction":
					if !ownTransactions[name] {
						t.Errorf("%s: %s opens a transaction of its own: write through write or tourWrite, which keep the audit record", fset.Position(call.Pos()), fn.Name.Name)
					}
				case "Create", "Save", "Update", "Updates", "UpdateColumn", "UpdateColumns", "Delete", "Exec":
					if onStoreDB(sel.X) {
						seen[fn.Name.Name] = true
						if _, ok := directWriters[fn.Name.Name]; !ok {
							t.Errorf("%s: %s writes on the store's database outside a transaction: write through write or tourWrite, which keep the audit record", fset.Position(call.Pos()), fn.Name.Name)
						}
					}
				}
				return true
			})
		}
	}
	for fn := range bookkeepers {
		if !seen[fn] {
			t.Errorf("%s no longer writes as bookkeeping: take it out of bookkeepers", fn)
		}
	}
	for fn := range directWriters {
		if !seen[fn] {
			t.Errorf("%s no longer writes on the store's database itself: take it out of directWriters", fn)
		}
	}
	if writers < 30 {
		t.Errorf("found %d writers, want the store's thirty and more: the walk reads too little", writers)
	}
}

// directWriters are the store's functions that write on its database outside write and tourWrite,
// and why no one's change is in it.
var directWriters = map[string]string{
	"EndSession":      "a sign-out ends the session asking: no one's data changes",
	"SessionDirector": "notes where and when a session was last used (at most once a minute)",
	"notify":          "tells the other instances of a change already recorded; stores nothing",
	"forgetGuesses":   "forgets wrong sign-in guesses past their window: the lock's bookkeeping",
}

// onStoreDB says whether a chain of calls (s.db.Where(…).Model(…)) starts at the store's database.
func onStoreDB(x ast.Expr) bool {
	for {
		switch e := x.(type) {
		case *ast.CallExpr:
			x = e.Fun
		case *ast.SelectorExpr:
			if id, ok := e.X.(*ast.Ident); ok && id.Name == "s" && (e.Sel.Name == "db" || e.Sel.Name == "reads") {
				return true
			}
			x = e.X
		default:
			return false
		}
	}
}

// TestBackupKeepsTheHistorysAuthors exports a tour whose stage history has authors and restores it:
// each line keeps its author; a backup written before authors were (no who) restores without one.
func TestBackupKeepsTheHistorysAuthors(t *testing.T) {
	s := openTestStore(t)
	id := historyTour(t, s)
	byPIN := s.For(WithAuthor(context.Background(), Author{Kind: ByPIN}))
	if err := byPIN.SetSprint(id, 1, 1, -1, []int{21, 11}); err != nil {
		t.Fatal(err)
	}
	b, err := s.ExportBackup(id)
	if err != nil {
		t.Fatal(err)
	}
	if h := b.Stages[0].History; len(h) != 1 || h[0].Who != "table (PIN)" || h[0].WhoKind != string(ByPIN) {
		t.Fatalf("the backup's history = %+v, want the sprint by the table (PIN)", h)
	}
	for _, older := range []bool{false, true} {
		if older {
			b.Stages[0].History[0].Who, b.Stages[0].History[0].WhoKind = "", ""
		}
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		restored, err := s.ImportBackup(Everything(), data)
		if err != nil {
			t.Fatalf("restoring (older: %v): %v", older, err)
		}
		lines, err := s.History(restored, 1)
		if err != nil || len(lines) != 1 {
			t.Fatalf("the restored history = %+v, %v", lines, err)
		}
		if want := map[bool]string{false: "table (PIN)", true: ""}[older]; lines[0].Who != want {
			t.Errorf("the restored line's author (older: %v) = %q, want %q", older, lines[0].Who, want)
		}
	}
	b.Stages[0].History[0].WhoKind = "someone"
	data, _ := json.Marshal(b)
	if _, err := s.ImportBackup(Everything(), data); err == nil || !strings.Contains(err.Error(), "who_kind") {
		t.Errorf("a backup with an unknown kind of author = %v, want it refused naming who_kind", err)
	}
}
