package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/models"
)

// Who changed what: every action that changes something leaves one line of the audit record, written
// by recordChange in the action's own transaction (the one writer), its author read from the store's
// context (WithAuthor: the lock's middleware puts the viewer there once per request, the command
// line its own). write and tourWrite refuse an action that neither recorded its change nor said it
// stored nothing (unchanged): a writer added later cannot forget. What is no one's change — a
// session's sign-in, the pages kept for a redirect, the defaults loaded at the first start — is
// written with bookkeeping instead.

// AuthorKind is how the author of a change reached the app.
type AuthorKind string

// The kinds of author.
const (
	// ByDirector is a director signed in with their account.
	ByDirector AuthorKind = "director"
	// ByPIN is the director of a table guarded by the PIN.
	ByPIN AuthorKind = "pin"
	// ByOpenTable is whoever directs a table served open on this machine.
	ByOpenTable AuthorKind = "open"
	// ByCommandLine is `racedirector admin …` and the other commands.
	ByCommandLine AuthorKind = "command line"
	// ByNobody is someone not signed in (following an invitation's link, the first-run setup).
	ByNobody AuthorKind = "nobody"
	// ByApp is the app itself, where no author was given.
	ByApp AuthorKind = "app"
)

// Author is who makes the changes of a request: their kind and, for a director's account, its id
// and name.
type Author struct {
	Kind     AuthorKind
	Director uint
	Name     string
}

// knownAuthorKind says whether kind is one of the kinds of author, or none ("": a change kept before
// authors were).
func knownAuthorKind(kind string) bool {
	switch AuthorKind(kind) {
	case "", ByDirector, ByPIN, ByOpenTable, ByCommandLine, ByNobody, ByApp:
		return true
	}
	return false
}

// Director is the author of a director's account.
func Director(id uint, name string) Author { return Author{Kind: ByDirector, Director: id, Name: name} }

// authorKey is where WithAuthor keeps the author in a context.
type authorKey struct{}

// WithAuthor is ctx carrying the author of the changes made on it (Store.For(ctx) records them so).
func WithAuthor(ctx context.Context, a Author) context.Context {
	return context.WithValue(ctx, authorKey{}, a)
}

// AuthorOf is the author ctx carries (the app itself when none).
func AuthorOf(ctx context.Context) Author {
	if ctx != nil {
		if a, ok := ctx.Value(authorKey{}).(Author); ok {
			return a
		}
	}
	return Author{Kind: ByApp}
}

// Who is the author in English words: the account's name, or what the kind is called.
func (a Author) Who() string { return WhoText(a.Kind, a.Name).String() }

// WhoText is an author as words to translate: a director's name as it is, the other kinds' words.
func WhoText(kind AuthorKind, name string) i18n.Text {
	switch kind {
	case ByDirector:
		return i18n.Text{Format: "%s", Args: []any{name}}
	case ByPIN:
		return i18n.Textf("table (PIN)")
	case ByOpenTable:
		return i18n.Textf("open table")
	case ByCommandLine:
		return i18n.Textf("command line")
	case ByNobody:
		return i18n.Textf("not signed in")
	case ByApp:
		return i18n.Textf("Race Director")
	}
	return i18n.Text{Format: "%s", Args: []any{name}}
}

// auditNote is what an action tells the audit record: its key, the tour it was made on and the
// director whose data it changed (0: none), and the change in a sentence.
type auditNote struct {
	action      string
	tour, owner uint
	text        i18n.Text
	// by is the author when the change names its own (an invitation's link is followed by no one
	// signed in, yet by the director it invites); nil: the transaction's.
	by *Author
}

// auditMark counts, for one transaction, whether its action recorded its change (or said it stored
// nothing).
type auditMark struct{ settled bool }

// auditMarkKey is where audited keeps the transaction's mark in its context.
type auditMarkKey struct{}

// errUnaudited is an action that changed something without its line of the audit record: a fault
// of the app, never stored.
var errUnaudited = errors.New("store: a change without its line in the audit record (recordChange) was not stored")

// audited is fn, refused when it recorded no change and did not say it stored nothing.
func audited(fn func(tx *gorm.DB) error) func(tx *gorm.DB) error {
	return func(tx *gorm.DB) error {
		mark := &auditMark{}
		tx = tx.WithContext(context.WithValue(tx.Statement.Context, auditMarkKey{}, mark))
		if err := fn(tx); err != nil {
			return err
		}
		if !mark.settled {
			return errUnaudited
		}
		return nil
	}
}

// settle notes on the transaction's mark that its action is accounted for.
func settle(tx *gorm.DB) {
	if m, ok := tx.Statement.Context.Value(auditMarkKey{}).(*auditMark); ok {
		m.settled = true
	}
}

// unchanged says the action stored nothing (the same values saved again): no line is owed.
func unchanged(tx *gorm.DB) { settle(tx) }

// recordChange is the one writer of the audit record: the line of the change n in tx, by the author
// of the transaction's context. If it cannot be written, the change is not stored either.
func recordChange(tx *gorm.DB, n auditNote) error {
	a := AuthorOf(tx.Statement.Context)
	if n.by != nil {
		a = *n.by
	}
	e := models.AuditEntry{At: time.Now(), AuthorKind: string(a.Kind), Who: race.ClipText(race.AuditWhoText, a.Who()),
		Action: n.action, Summary: race.ClipText(race.AuditSummaryText, n.text.String()), SummaryText: encodeText(n.text)}
	if a.Director != 0 {
		e.AuthorID = &a.Director
	}
	if n.tour != 0 {
		e.TourID = &n.tour
	}
	if n.owner != 0 {
		e.OwnerID = &n.owner
	}
	if err := tx.Create(&e).Error; err != nil {
		return fmt.Errorf("store: unable to keep the audit line of %s: %w", n.action, err)
	}
	settle(tx)
	return nil
}

// recordTourChange records a change of tour tourID, naming the tour ("Giro: stage 3 closed"), for the
// tour's owner.
func recordTourChange(tx *gorm.DB, tourID uint, action string, text i18n.Text) error {
	var t struct {
		Name    string
		OwnerID uint
	}
	if err := tx.Table("tours").Select("name, owner_id").Where("id = ?", tourID).Take(&t).Error; err != nil {
		return fmt.Errorf("store: unable to read tour %d for the audit record: %w", tourID, err)
	}
	return recordChange(tx, auditNote{action: action, tour: tourID, owner: t.OwnerID, text: i18n.Textf("%s: %s", t.Name, text)})
}

// recordTeamChange records a change of a team of the teams database (or of one of its riders), for
// the team's owner.
func recordTeamChange(tx *gorm.DB, teamID uint, action string, text i18n.Text) error {
	var owner []uint
	if err := tx.Model(&models.Team{}).Where("id = ?", teamID).Pluck("owner_id", &owner).Error; err != nil {
		return fmt.Errorf("store: unable to read team %d for the audit record: %w", teamID, err)
	}
	n := auditNote{action: action, text: text}
	if len(owner) > 0 {
		n.owner = owner[0]
	}
	return recordChange(tx, n)
}

// bookkeeping runs fn as write does, for what is no one's change and owes no line of the audit
// record: a session begun, a page kept for a redirect, the defaults loaded at the first start.
func (s *Store) bookkeeping(fn func(tx *gorm.DB) error) error { return s.writeTx(fn) }

// directorNameIn is the name of director id, for a sentence of the audit record ("director 7" when
// it cannot be read).
func directorNameIn(tx *gorm.DB, id uint) string {
	var names []string
	if err := tx.Model(&models.Director{}).Where("id = ?", id).Pluck("name", &names).Error; err != nil || len(names) == 0 {
		return fmt.Sprintf("director %d", id)
	}
	return names[0]
}

// keepChange keeps a line of a stage's history in tx, with its author (the transaction's).
func keepChange(tx *gorm.DB, c *models.Change) error {
	a := AuthorOf(tx.Statement.Context)
	c.Who, c.WhoKind = race.ClipText(race.AuditWhoText, a.Who()), string(a.Kind)
	if err := tx.Create(c).Error; err != nil {
		return fmt.Errorf("store: unable to record history: %w", err)
	}
	return nil
}
