package i18n

import "fmt"

// Text is a sentence made where no language is known yet (a rule refusing a result, a store
// refusing a change): its English printf format, which is also its key in the catalogues
// ("reasons.*.json"), and its arguments. An argument that is itself a Text is translated too.
// A Localizer's Say turns it into the user's language; English is its own translation.
type Text struct {
	Format string
	Args   []any
	// Else is said when Format is a message id the catalogues lack in every language (a Word).
	Else string
}

// Textf returns the Text of format and args.
func Textf(format string, args ...any) Text { return Text{Format: format, Args: args} }

// Word is the catalogues' word of message id (a ruleset's weather, lost-turn reason…), or otherwise
// where no catalogue has it.
func Word(id, otherwise string) Text { return Text{Format: id, Else: otherwise} }

// String is the sentence in English (for logs and for errors' Error()).
func (t Text) String() string {
	if t.Else != "" {
		return t.Else
	}
	if len(t.Args) == 0 {
		return t.Format
	}
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		if inner, ok := a.(Text); ok {
			args[i] = inner.String()
		} else if n, ok := a.(Named); ok {
			args[i] = n.NameIn(English)
		} else {
			args[i] = a
		}
	}
	return fmt.Sprintf(t.Format, args...)
}

// Named is a word of a game given in every language (a ruleset's role, jersey, stage type…): as an
// argument of a Text it is said in the Text's language.
type Named interface {
	NameIn(lang string) string
}
