package sheets

import (
	"racedirector/app/i18n"
	"racedirector/app/race"
)

// The words of a revised publication (race.Publication's Revision), in the reader's language: one
// formatter for the classifications page, the API's "changes" and the communiqué.

// ChangeLines says, line by line, what a revised publication changed from the one before it
// ("Individual: bib 13 Name 5th → 4th, 4:11:40 → 4:10:20"); nothing for a publication that is not
// a revision.
func ChangeLines(l *i18n.Localizer, rs *race.Ruleset, p race.Publication) []string {
	switch {
	case p.Status != race.PubRevised:
		return nil
	case p.RevisionLost:
		return []string{l.T("standings.pub.changes_lost")}
	case len(p.Revision) == 0:
		return []string{l.T("standings.pub.nothing_changed")}
	}
	out := make([]string, 0, len(p.Revision))
	for _, c := range p.Revision {
		who := c.Name
		if c.Rows != race.RowsTeam {
			who = l.T("standings.pub.change_rider", "Bib", c.ID, "Name", c.Name)
		}
		class := ClassNameOf(l, rs, c.Class)
		switch {
		case c.Kind == race.ChangeAdded:
			out = append(out, l.T("standings.pub.change_added", "Class", class, "Who", who, "Now", OrdinalIn(l, c.Rank), "Value", ValueIn(l, rs, c.Rows, c.Value)))
		case c.Kind == race.ChangeRemoved:
			out = append(out, l.T("standings.pub.change_removed", "Class", class, "Who", who, "Was", OrdinalIn(l, c.WasRank)))
		case c.WasValue != c.Value:
			out = append(out, l.T("standings.pub.change_moved_value", "Class", class, "Who", who, "Was", OrdinalIn(l, c.WasRank), "Now", OrdinalIn(l, c.Rank),
				"WasValue", ValueIn(l, rs, c.Rows, c.WasValue), "Value", ValueIn(l, rs, c.Rows, c.Value)))
		default:
			out = append(out, l.T("standings.pub.change_moved", "Class", class, "Who", who, "Was", OrdinalIn(l, c.WasRank), "Now", OrdinalIn(l, c.Rank)))
		}
	}
	return out
}

// ValueIn writes a classification's value with its word: points or places (rs may then be nil), or
// a time in the ruleset's unit ("4:11:40", "23 turns").
func ValueIn(l *i18n.Localizer, rs *race.Ruleset, rows string, v int) string {
	switch {
	case rows == race.RowsPoints:
		return l.N("standings.count.points", v)
	case rows == race.RowsPlaces:
		return l.N("standings.count.places", v)
	case rs.TimeUnit == race.UnitTurns:
		return l.N("standings.count.turns", v)
	}
	return race.FormatTime(rs, v)
}

// OrdinalIn writes a rank in l's language: "2nd", "2.º", "2º".
func OrdinalIn(l *i18n.Localizer, n int) string {
	if l.Lang() == i18n.English {
		return race.Ordinal(n)
	}
	return l.T("standings.ordinal", "N", n)
}

// ClassNameOf names a classification as a real race publishes it ("class.<id>" among its ruleset's
// terms: "General classification", "Points classification"), else as the app does (ClassNameIn).
// The board games' own names among their terms are not used yet: their pages keep the app's.
func ClassNameOf(l *i18n.Localizer, rs *race.Ruleset, id string) string {
	if rs != nil && rs.OfficialResults {
		if w := rs.TermIn("class."+id, l.Lang()); w != "" {
			return w
		}
	}
	return ClassNameIn(l, id)
}

// ClassNameIn names a classification in l's language ("Individual", "General individual",
// "Generale"); a classification without words of its own keeps its English name.
func ClassNameIn(l *i18n.Localizer, id string) string {
	key := "standings.class." + id
	if s := l.T(key); s != key {
		return s
	}
	return race.ClassificationName(id)
}
