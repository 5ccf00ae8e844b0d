package race

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// Every text a director types has one length limit, the same on a page's form, in the JSON API, in a
// roster file and in a backup; the database columns that keep a text are at least as wide as its
// limit, and the forms' maxlength attributes say it (the template function maxlen). No text may hold
// invalid UTF-8 or a NUL character: PostgreSQL refuses both where SQLite keeps them, and the same
// database must move between the two.

// Text limits, in characters: the one table of them (TextKind.MaxChars maps each kind of text to its own).
const (
	// MaxTourNameLength is the longest tour name accepted.
	MaxTourNameLength = 80
	// MaxTeamNameLength is the longest team name.
	MaxTeamNameLength = 60
	// MaxTeamShortLength is the longest short name of a team (2 to 4 letters).
	MaxTeamShortLength = 4
	// MaxColorLength is the length of a team colour (#rrggbb).
	MaxColorLength = 7
	// MaxRiderNameLength is the longest rider name.
	MaxRiderNameLength = 60
	// MaxDateLength is the length of a date (2003-04-05).
	MaxDateLength = 10
	// MaxDirectorNameLength is the longest director's name.
	MaxDirectorNameLength = 40
	// MaxReasonLength is the longest reason: an abandonment's, or a jury's decision (penalty, reinstatement).
	MaxReasonLength = 200
	// MaxClimbNameLength is the longest name of a climb (Tourmalet).
	MaxClimbNameLength = 60
	// MaxMarkerLabelLength is the longest label of a marker on a stage's board.
	MaxMarkerLabelLength = 100
	// MaxHistoryLineLength is the longest line of a stage's history kept in English; a longer
	// sentence (a sprint of many bibs) is cut there, its whole kept as its sentence to say again.
	MaxHistoryLineLength = 300
	// MaxProfileLength is the longest tour profile word (flat, medium…).
	MaxProfileLength = 20
	// MaxRulesetIDLength is the longest ruleset id a tour keeps.
	MaxRulesetIDLength = 40
	// MaxRoleLength is the longest role id a tour's rider keeps.
	MaxRoleLength = 40
	// MaxStageTypeLength is the longest stage type id a stage keeps.
	MaxStageTypeLength = 20
	// MaxEntryKindLength is the longest kind of a result or of a history line, and a history line's action.
	MaxEntryKindLength = 20
	// MaxEntryKeyLength is the longest key of a result or of a history line.
	MaxEntryKeyLength = 40
	// MaxRulesetTextLength is the longest text of a ruleset read from a backup (a name, a description).
	MaxRulesetTextLength = 1000
	// MaxManagerNameLength is the longest name of a team's player (its manager) in a tour.
	MaxManagerNameLength = 40
	// MaxSeasonNameLength is the longest name of a season (Club 2027).
	MaxSeasonNameLength = 80
	// MaxAuditActionLength is the longest key of an action in the audit record ("stage.result").
	MaxAuditActionLength = 40
	// MaxAuditWhoLength is the longest author an audit line or a history line names: a director's
	// name, or the words of a table's PIN, an open table, the command line.
	MaxAuditWhoLength = 60
	// MaxAuditSummaryLength is the longest sentence of the audit record kept in English; a longer one
	// is cut there, its whole kept as its sentence to say again.
	MaxAuditSummaryLength = 300
)

// TextKind is one kind of text a director types or a backup carries ("team name").
type TextKind string

// The kinds of text, each with its limit in TextKind.MaxChars.
const (
	TourNameText     TextKind = "tour name"
	TeamNameText     TextKind = "team name"
	TeamShortText    TextKind = "team short name"
	ColorText        TextKind = "team colour"
	RiderNameText    TextKind = "rider name"
	DateText         TextKind = "date"
	DirectorNameText TextKind = "director name"
	ReasonText       TextKind = "reason"
	ClimbNameText    TextKind = "climb name"
	MarkerLabelText  TextKind = "marker label"
	HistoryLineText  TextKind = "history line"
	ProfileText      TextKind = "profile"
	RulesetIDText    TextKind = "ruleset id"
	RoleText         TextKind = "role"
	StageTypeText    TextKind = "stage type"
	EntryKindText    TextKind = "result kind"
	EntryKeyText     TextKind = "result key"
	RulesetText      TextKind = "ruleset text"
	ManagerNameText  TextKind = "player name"
	SeasonNameText   TextKind = "season name"
	AuditActionText  TextKind = "audit action"
	AuditWhoText     TextKind = "author"
	AuditSummaryText TextKind = "audit summary"
)

// TextKinds lists every kind of text, in the table's order.
func TextKinds() []TextKind {
	return []TextKind{TourNameText, TeamNameText, TeamShortText, ColorText, RiderNameText, DateText, DirectorNameText,
		ReasonText, ClimbNameText, MarkerLabelText, HistoryLineText, ProfileText, RulesetIDText, RoleText, StageTypeText,
		EntryKindText, EntryKeyText, RulesetText, ManagerNameText, SeasonNameText, AuditActionText, AuditWhoText, AuditSummaryText}
}

// MaxChars is the most characters a text of kind k may have (0 for a kind the table does not know).
func (k TextKind) MaxChars() int {
	switch k {
	case TourNameText:
		return MaxTourNameLength
	case TeamNameText:
		return MaxTeamNameLength
	case TeamShortText:
		return MaxTeamShortLength
	case ColorText:
		return MaxColorLength
	case RiderNameText:
		return MaxRiderNameLength
	case DateText:
		return MaxDateLength
	case DirectorNameText:
		return MaxDirectorNameLength
	case ReasonText:
		return MaxReasonLength
	case ClimbNameText:
		return MaxClimbNameLength
	case MarkerLabelText:
		return MaxMarkerLabelLength
	case HistoryLineText:
		return MaxHistoryLineLength
	case ProfileText:
		return MaxProfileLength
	case RulesetIDText:
		return MaxRulesetIDLength
	case RoleText:
		return MaxRoleLength
	case StageTypeText:
		return MaxStageTypeLength
	case EntryKindText:
		return MaxEntryKindLength
	case EntryKeyText:
		return MaxEntryKeyLength
	case RulesetText:
		return MaxRulesetTextLength
	case ManagerNameText:
		return MaxManagerNameLength
	case SeasonNameText:
		return MaxSeasonNameLength
	case AuditActionText:
		return MaxAuditActionLength
	case AuditWhoText:
		return MaxAuditWhoLength
	case AuditSummaryText:
		return MaxAuditSummaryLength
	}
	return 0
}

// sentence says whether a text of kind k is written as words a director types freely (a reason, a
// line of history, a ruleset's description), where tabs and line breaks are let through; in a name,
// a code or a date every control character is refused.
func (k TextKind) sentence() bool {
	return k == ReasonText || k == HistoryLineText || k == RulesetText || k == AuditSummaryText
}

// TextFault says what makes s a text no database keeps alike on SQLite and PostgreSQL: invalid UTF-8
// or a NUL character; the zero Text when there is nothing.
func TextFault(s string) i18n.Text {
	switch {
	case !utf8.ValidString(s):
		return i18n.Textf("is not valid UTF-8 text")
	case strings.IndexByte(s, 0) >= 0:
		return i18n.Textf("must not contain a NUL character")
	}
	return i18n.Text{}
}

// CheckText adds to v, for field, the first thing wrong with s as a text of kind k: invalid UTF-8, a
// NUL character, a control character (tabs and line breaks are let through in a sentence), or more
// characters than k's limit. An empty text is the caller's to require or not. It reports whether s
// is good.
func CheckText(v *refuse.ValidationError, field string, k TextKind, s string) bool {
	if fault := TextFault(s); fault.Format != "" {
		v.AddText(field, fault)
		return false
	}
	control := func(r rune) bool {
		return unicode.IsControl(r) && !(k.sentence() && (r == '\t' || r == '\n' || r == '\r'))
	}
	if strings.ContainsFunc(s, control) {
		v.Add(field, "must not contain control characters")
		return false
	}
	if n, most := utf8.RuneCountInString(s), k.MaxChars(); n > most {
		v.Addf(field, "must be at most %d characters (it has %d)", most, n)
		return false
	}
	return true
}

// ClipText cuts s to k's limit, ending it with "…" when it was longer: a text the app makes itself
// (a line of history) rather than one a director typed, which is refused instead.
func ClipText(k TextKind, s string) string {
	most := k.MaxChars()
	if utf8.RuneCountInString(s) <= most {
		return s
	}
	cut, n := 0, 0
	for i := range s {
		if n == most-1 {
			cut = i
			break
		}
		n++
	}
	return s[:cut] + "…"
}
