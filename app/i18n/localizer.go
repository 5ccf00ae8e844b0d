package i18n

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// Localizer speaks one language: messages by ID, counts with their plural words, sentences made
// elsewhere (Text), and numbers and dates the way the language writes them.
type Localizer struct {
	lang  string
	plain map[string]string
	loc   *goi18n.Localizer
	// cat gives English's localizer, which speaks a message missing in the language.
	cat     *Catalogue
	printer *message.Printer
}

// newLocalizer makes lang's localizer from its messages.
func newLocalizer(c *Catalogue, lang string, sp *spoken) *Localizer {
	return &Localizer{
		lang:    lang,
		plain:   sp.plain,
		loc:     goi18n.NewLocalizer(sp.bundle, lang),
		cat:     c,
		printer: message.NewPrinter(language.MustParse(lang)),
	}
}

// Lang is the localizer's language code ("en", "es", "it").
func (l *Localizer) Lang() string { return l.lang }

// T returns the message id; pairs are its data as name, value, … ({{.Name}} in the message).
// A message missing in the language falls back to English, then to its ID (the tests find both).
func (l *Localizer) T(id string, pairs ...any) string {
	if s, ok := l.plain[id]; ok { // a message without {{.Data}} has no use for pairs
		return s
	}
	s, ok := l.localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data(pairs)})
	if !ok {
		return l.english(id, func(en *Localizer) string { return en.T(id, pairs...) })
	}
	return s
}

// N returns the message id for a count, in the plural form the language uses for it
// ({"one": "{{.Count}} team", "other": "{{.Count}} teams"}); pairs add more data.
func (l *Localizer) N(id string, count int, pairs ...any) string {
	if s, ok := l.plain[id]; ok { // one form for every count
		return s
	}
	d := data(pairs)
	d["Count"] = l.Int(count)
	s, ok := l.localize(&goi18n.LocalizeConfig{MessageID: id, PluralCount: count, TemplateData: d})
	if !ok {
		return l.english(id, func(en *Localizer) string { return en.N(id, count, pairs...) })
	}
	return s
}

// localize asks go-i18n, keeping whatever it could make; false when the language lacks the message.
func (l *Localizer) localize(cfg *goi18n.LocalizeConfig) (string, bool) {
	s, err := l.loc.Localize(cfg)
	return s, err == nil || s != ""
}

// english is what English's localizer says (say) for a message the language lacks, or its ID when
// English lacks it too.
func (l *Localizer) english(id string, say func(en *Localizer) string) string {
	if l.lang == English {
		return id
	}
	return say(l.cat.Localizer(English))
}

// data turns name, value pairs into template data.
func data(pairs []any) map[string]any {
	d := make(map[string]any, len(pairs)/2+1)
	for i := 0; i+1 < len(pairs); i += 2 {
		k, _ := pairs[i].(string)
		d[k] = pairs[i+1]
	}
	return d
}

// Say translates a sentence made elsewhere: its format is looked up in the catalogues (it may
// reorder its arguments with %[2]d), its Text arguments are translated in turn.
func (l *Localizer) Say(t Text) string {
	format := t.Format
	if s, ok := l.plain[format]; ok {
		format = s
	} else if t.Else != "" {
		if l.lang != English {
			if s, ok := l.cat.Localizer(English).plain[format]; ok {
				return s
			}
		}
		return t.Else
	}
	if len(t.Args) == 0 {
		return format
	}
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		if inner, ok := a.(Text); ok {
			args[i] = l.Say(inner)
		} else if n, ok := a.(Named); ok {
			args[i] = n.NameIn(l.Lang())
		} else {
			args[i] = a
		}
	}
	return fmt.Sprintf(format, args...)
}

// Knows says whether the language has its own words for the sentence's format (a test helper's
// question: Say falls back to the English format).
func (l *Localizer) Knows(t Text) bool {
	_, ok := l.plain[t.Format]
	return ok
}

// Int writes a whole number with the language's digit grouping (1,234 · 1.234).
func (l *Localizer) Int(n int) string {
	if n > -10000 && n < 10000 {
		return strconv.Itoa(n) // no grouping under five digits in any of our languages
	}
	return l.printer.Sprint(number.Decimal(n))
}

// Decimal writes x with exactly digits decimals, with the language's decimal mark (12.5 · 12,5).
func (l *Localizer) Decimal(x float64, digits int) string {
	return l.printer.Sprint(number.Decimal(x, number.MinFractionDigits(digits), number.MaxFractionDigits(digits)))
}

// Date writes a day the way the language does: "25 November 2026", "25 de noviembre de 2026",
// "25 novembre 2026".
func (l *Localizer) Date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return l.T("date.long", "Day", t.Day(), "Month", l.T("date.month."+strconv.Itoa(int(t.Month()))), "Year", t.Year())
}

// ShortDate writes a day in figures: 25/11/2026 (day first in all three languages; English is
// British English here, as the game's own English rulebook is).
func (l *Localizer) ShortDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return fmt.Sprintf("%02d/%02d/%d", t.Day(), int(t.Month()), t.Year())
}

// DateTime writes a day and a time on the 24-hour clock: "25 November 2026, 21:05".
func (l *Localizer) DateTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return l.T("date.time", "Date", l.Date(t), "Time", t.Format("15:04"))
}

// List joins words the way the language does: "a, b and c", "a, b y c", "a, b e c".
func (l *Localizer) List(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + l.T("list.and") + " " + words[len(words)-1]
}
