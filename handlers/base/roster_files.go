package base

import (
	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/app/roster"

	"github.com/labstack/echo/v4"
)

// ReadRoster parses an uploaded roster; an unreadable file, or one past the limits (rows, unpacked
// size), is a validation error on "file" whose message says why.
func (h *Base) ReadRoster(name string, data []byte) (roster.Sheet, error) {
	sh, err := roster.Read(data, name, h.RosterLayout(nil))
	if err != nil {
		return sh, refuse.InvalidText("file", refuse.ReasonOf(err))
	}
	return sh, nil
}

// RosterLayout is the store's roster layout with its header words: written in the request's
// language (English without a request), read in any language the app speaks.
func (h *Base) RosterLayout(c echo.Context) roster.Layout {
	l := h.Store.RosterLayout()
	words := func(lang string) roster.Words {
		loc := h.I18n.Localizer(lang)
		w := roster.Words{}
		for _, name := range []string{"team", "short", "color", "number", "name", "born", "role", "tab"} {
			w[name] = loc.T("sheets.roster." + name)
		}
		return w
	}
	for _, lang := range i18n.Languages() {
		l.Aliases = append(l.Aliases, words(lang))
	}
	if c != nil && h.Tr(c).Lang() != i18n.English {
		l.Words = words(h.Tr(c).Lang())
	}
	return l
}

// maxRosterBytes is the largest roster file accepted.
const maxRosterBytes = 5 << 20
