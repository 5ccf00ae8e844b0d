package standing

import (
	"strconv"

	"racedirector/app/i18n"
)

// Move is the places a rider moved in the general classification since the stage before, as the
// pages and the TV show it (the engine's race.TimeRow.Moved): a mark to see ("▲2", "▼1", "=") and
// words for a screen reader ("up 2 places").
type Move struct {
	// Dir is "up", "down" or "same"; "" for a rider with no place before, who shows nothing.
	Dir         string
	Mark, Words string
}

// MoveOf is how moved (nil: no place before) is shown.
func MoveOf(l *i18n.Localizer, moved *int) Move {
	switch {
	case moved == nil:
		return Move{}
	case *moved > 0:
		return Move{Dir: "up", Mark: "▲" + strconv.Itoa(*moved), Words: l.N("moves.up", *moved)}
	case *moved < 0:
		return Move{Dir: "down", Mark: "▼" + strconv.Itoa(-*moved), Words: l.N("moves.down", -*moved)}
	}
	return Move{Dir: "same", Mark: "=", Words: l.T("moves.same")}
}
