package store

import (
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/models"
)

// The audit record as read: by the API (GET /api/v1/audit) and the audit page, newest first, a page
// at a time. What a scope reads: every line for a scope that sees all (an administrator, an official,
// the director of a table without accounts); for a director, the lines of their tours (their own and
// those shared with them), of their data (their teams, seasons, account) and of their own changes.

// DefaultAuditLimit and MaxAuditLimit bound how many lines one read answers.
const (
	DefaultAuditLimit = 100
	MaxAuditLimit     = 500
)

// AuditFilter narrows a read of the audit record.
type AuditFilter struct {
	// Tour keeps the lines of that tour (0: every tour's and none's).
	Tour uint
	// Director keeps the lines of changes on that director's data or by that director (0: anyone's).
	Director uint
	// Before keeps the lines older than that line (0: from the newest): the next page.
	Before uint
	// Limit is the most lines answered (DefaultAuditLimit when 0).
	Limit int
}

// AuditLine is one line of the audit record.
type AuditLine struct {
	ID      uint      `json:"id"`
	At      time.Time `json:"at"`
	Who     string    `json:"who"`
	Action  string    `json:"action"`
	Summary string    `json:"summary"`
	// Tour is the tour the change was made on (nil: none), kept when the tour was deleted since.
	Tour *uint `json:"tour"`
	// Director is the director whose data was changed (nil: no one's); Author the author's account
	// (nil: the table's PIN, an open table, the command line).
	Director *uint `json:"director"`
	Author   *uint `json:"author"`
	// AuthorKind is how the author changed it (Author.Kind).
	AuthorKind AuthorKind `json:"author_kind"`
	// WhoText and Text say the author and the change in any language.
	WhoText i18n.Text `json:"-"`
	Text    i18n.Text `json:"-"`
}

// Audit reads the scope's lines of the audit record that f keeps, newest first. A tour the scope
// neither sees nor has a line of (another director's, or none) is not found, the one as the other.
func (s *Store) Audit(sc Scope, f AuditFilter) ([]AuditLine, error) {
	if f.Limit <= 0 {
		f.Limit = DefaultAuditLimit
	}
	f.Limit = min(f.Limit, MaxAuditLimit)
	var rows []models.AuditEntry
	err := s.read(func(tx *gorm.DB) error {
		q := auditScope(tx.Model(&models.AuditEntry{}), sc)
		if f.Tour != 0 {
			q = q.Where("tour_id = ?", f.Tour)
		}
		if f.Director != 0 {
			q = q.Where("(owner_id = ? OR author_id = ?)", f.Director, f.Director)
		}
		if f.Before != 0 {
			q = q.Where("id < ?", f.Before)
		}
		if err := q.Order("id DESC").Limit(f.Limit).Find(&rows).Error; err != nil {
			return fmt.Errorf("store: unable to read the audit record: %w", err)
		}
		if len(rows) == 0 && f.Tour != 0 && f.Before == 0 && !sc.All() {
			return tourUnseen(tx, sc, f.Tour)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]AuditLine, 0, len(rows))
	for _, r := range rows {
		l := AuditLine{ID: r.ID, At: r.At, Who: r.Who, Action: r.Action, Summary: r.Summary, Tour: r.TourID, Director: r.OwnerID,
			Author: r.AuthorID, AuthorKind: AuthorKind(r.AuthorKind), WhoText: WhoText(AuthorKind(r.AuthorKind), r.Who)}
		if t, ok := decodeText(r.SummaryText); ok {
			l.Text = t
		} else {
			l.Text = i18n.Text{Format: "%s", Args: []any{r.Summary}}
		}
		out = append(out, l)
	}
	return out, nil
}

// tourUnseen refuses, as not found, a tour the scope does not see and has no line of: another
// director's and one that never was are answered alike.
func tourUnseen(tx *gorm.DB, sc Scope, id uint) error {
	var n int64
	if err := sc.where(tx.Table("tours").Where("id = ?", id), "tours").Count(&n).Error; err != nil {
		return fmt.Errorf("store: unable to find tour %d: %w", id, err)
	}
	if n == 0 {
		return notFound("tour %d", id)
	}
	return nil
}

// auditScope narrows a read of the audit record to the scope's lines.
func auditScope(q *gorm.DB, sc Scope) *gorm.DB {
	switch {
	case sc.All():
		return q
	case !sc.some:
		return q.Where("1 = 0")
	}
	tours := sc.where(q.Session(&gorm.Session{NewDB: true}).Table("tours").Select("tours.id"), "tours")
	return q.Where("(owner_id = ? OR author_id = ? OR tour_id IN (?))", sc.owner, sc.owner, tours)
}

// auditRecord makes the audit record's table and gives the history's changes their author (columns
// who and who_kind, "" for the changes kept before).
func auditRecord(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&models.AuditEntry{}); err != nil {
		return fmt.Errorf("making the audit record: %w", err)
	}
	for _, field := range []string{"Who", "WhoKind"} {
		if tx.Migrator().HasColumn(&models.Change{}, field) {
			continue
		}
		if err := tx.Migrator().AddColumn(&models.Change{}, field); err != nil {
			return fmt.Errorf("adding changes.%s: %w", field, err)
		}
	}
	return nil
}
