package models

import "time"

// AuditEntry is one line of the audit record: who changed what, when. It is written in the same
// transaction as the change it tells of, and stays when the tour or the director it names is gone
// (no foreign keys): a league needs the record of a deleted tour too.
type AuditEntry struct {
	ID uint `gorm:"primaryKey"`
	At time.Time
	// AuthorID is the author's account (nil: the table's PIN, an open table, the command line).
	AuthorID *uint `gorm:"index:idx_audit_author"`
	// AuthorKind is how the author changed it: "director", "pin", "open" or "command line".
	AuthorKind string `gorm:"size:20;not null"`
	// Who is the author as said at that time: the account's name, or the kind's words in English.
	Who string `gorm:"size:60;not null"`
	// Action is the change's short key ("stage.result", "team.edit").
	Action string `gorm:"size:40;not null"`
	// TourID is the tour the change was made on (nil: none), kept when the tour is deleted.
	TourID *uint `gorm:"index:idx_audit_tour"`
	// OwnerID is the director whose data was changed (nil: no one's, a table without accounts).
	OwnerID *uint `gorm:"index:idx_audit_owner"`
	// Summary is the change in a sentence, in English; SummaryText the same sentence any language
	// can say again (JSON, as models.Change.SummaryText).
	Summary     string `gorm:"size:300;not null"`
	SummaryText string `gorm:"type:text"`
}
