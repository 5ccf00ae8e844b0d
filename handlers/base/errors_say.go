package base

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/app/roster"
	"racedirector/views"
)

// firstReason makes a one-line message from validation fields (already in the user's language):
// "die must be between 1 and 6", with the field named in the user's words where it has a label
// ("El nombre debe…", "grupo 3, dado: …"); l nil is English with the fields' own paths.
func firstReason(fields map[string]string, say func(i18n.Text) string, l *i18n.Localizer) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		return say(i18n.Text{Format: "the input breaks a rule"})
	}
	msg := joinReason(fieldLabel(keys[0], l), fields[keys[0]])
	switch {
	case len(keys) == 2:
		msg += say(i18n.Text{Format: " (and one more)"})
	case len(keys) > 2:
		msg += say(i18n.Textf(" (and %d more)", len(keys)-1))
	}
	return msg
}

// joinReason puts a field and its reason into one sentence: "groups[2].die must be between 1
// and 6", or "climb: team Rojo has used its 1 double throw" when the reason is a sentence of its
// own. A reason in another language always follows a colon: its verbs are not English ones.
func joinReason(field, reason string) string {
	if field == "" {
		return reason
	}
	for _, verb := range []string{"must ", "is ", "has ", "are ", "cannot ", "should "} {
		if strings.HasPrefix(reason, verb) {
			return field + " " + reason
		}
	}
	return field + ": " + reason
}

// pathPart is one step of a field's path: a name and, for a list item, its index.
var pathPart = regexp.MustCompile(`^([A-Za-z_]+)(?:\[(\d+)\])?$`)

// fieldLabel names a field ("groups[2].die") in l's words when every step of its path has a label
// in the catalogues ("reasons.field.groups" one/other, "reasons.field.die"): "group 3, die",
// "grupo 3, dado"; otherwise, and in English, it is the path itself, which the API's fields use.
func fieldLabel(field string, l *i18n.Localizer) string {
	if l == nil || l.Lang() == i18n.English || field == "" {
		return field
	}
	var words []string
	for _, step := range strings.Split(field, ".") {
		m := pathPart.FindStringSubmatch(step)
		if m == nil {
			return field
		}
		key := "reasons.field." + m[1]
		if m[2] == "" {
			w := l.T(key)
			if w == key {
				return field
			}
			words = append(words, w)
			continue
		}
		i, _ := strconv.Atoi(m[2])
		w := l.N("reasons.field.item."+m[1], i+1)
		if strings.HasPrefix(w, "reasons.") {
			return field
		}
		words = append(words, w)
	}
	return strings.Join(words, ", ")
}

// SayProblems puts each roster problem's message in the user's words.
func SayProblems(problems []roster.Problem, say func(i18n.Text) string) []roster.Problem {
	out := make([]roster.Problem, len(problems))
	for i, p := range problems {
		out[i] = p
		out[i].Message = say(p.Said())
	}
	return out
}

// importMessage is the one line of a refused import: its first problem, and how many more.
func importMessage(problems []roster.Problem, l *i18n.Localizer) string {
	if len(problems) == 0 {
		if l == nil {
			return "the import has problems"
		}
		return l.Say(i18n.Textf("the import has problems"))
	}
	p := problems[0]
	if l == nil {
		msg := fmt.Sprintf("row %d, column %s: %s", p.Line, p.Column, p.Message)
		if len(problems) > 1 {
			msg += " (and " + views.Plural(len(problems)-1, "more problem", "more problems") + ")"
		}
		return msg
	}
	msg := l.Say(i18n.Textf("row %d, column %s: %s", p.Line, p.Column, p.Message))
	if len(problems) > 1 {
		msg += l.N("reasons.import.more", len(problems)-1)
	}
	return msg
}

// missingMessage is the one line of a stage that cannot close: how many things are missing.
func missingMessage(n int, l *i18n.Localizer) string {
	if l == nil {
		return (&MissingError{Missing: make([]i18n.Text, n)}).Error()
	}
	return l.N("reasons.stage.cannot_close", n)
}

// SayFields is each field's reason of ve in l's language (English when l is nil).
func SayFields(ve *refuse.ValidationError, l *i18n.Localizer) map[string]string {
	out := make(map[string]string, len(ve.Fields))
	for f := range ve.Fields {
		if l == nil {
			out[f] = ve.Fields[f]
		} else {
			out[f] = l.Say(ve.Reason(f))
		}
	}
	return out
}

// Said is each field's reason of ve in the request's language, for a page's Errors.
func (h *Base) Said(c echo.Context, ve *refuse.ValidationError) map[string]string {
	if ve == nil {
		return nil
	}
	return SayFields(ve, h.Tr(c))
}

// SayErr is an error's message in the request's language: its Text when it has one (Said), a
// Reason's, else its English message looked up as a key.
func (h *Base) SayErr(c echo.Context, err error) string {
	if s, ok := err.(interface{ Said() i18n.Text }); ok {
		return views.Sentence(h.Tr(c).Say(s.Said()))
	}
	return views.Sentence(h.Tr(c).Say(refuse.ReasonOf(err)))
}

// SayIn is a sentence in the language the Language middleware chose for c (English without it),
// for the helpers that have the request but not the Handler.
func SayIn(c echo.Context, t i18n.Text) string {
	if l, ok := c.Get(langContextKey).(*i18n.Localizer); ok {
		return l.Say(t)
	}
	return t.String()
}

// renameIn applies rename to the words of t that are not translated (its format and its plain
// string values), so that a path named in a reason ("results[1]") can be renamed ("rows[3]").
func renameIn(t i18n.Text, rename func(string) string) i18n.Text {
	if len(t.Args) == 0 {
		return i18n.Text{Format: rename(t.Format)} // a reason given in English only
	}
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		switch v := a.(type) {
		case string:
			args[i] = rename(v)
		case i18n.Text:
			args[i] = renameIn(v, rename)
		default:
			args[i] = a
		}
	}
	return i18n.Text{Format: t.Format, Args: args}
}

// ReasonOfField is the reason err gives for field when it is a ValidationError naming it, else
// err's message.
func ReasonOfField(err error, field string) i18n.Text {
	var ve *refuse.ValidationError
	if errors.As(err, &ve) {
		if _, ok := ve.Fields[field]; ok {
			return ve.Reason(field)
		}
	}
	return refuse.ReasonOf(err)
}

// CSVRows renames the fields of a refused CSV finish from the results and exits the engine saw
// ("results[2].bib", "exits[0].bib") to the file's data rows ("rows[5].bib"); other errors pass
// unchanged. rows and exitRows are the data rows of the results and of the exits.
func CSVRows(err error, rows, exitRows []int) error {
	var v *refuse.ValidationError
	if !errors.As(err, &v) {
		return err
	}
	out := &refuse.ValidationError{}
	pattern := regexp.MustCompile(`^(results|exits)\[(\d+)\]`)
	inReason := regexp.MustCompile(`(results|exits)\[(\d+)\]`)
	rowOf := func(list string, k int) (int, bool) {
		in := rows
		if list == "exits" {
			in = exitRows
		}
		if k < len(in) {
			return in[k], true
		}
		return 0, false
	}
	for field := range v.Fields {
		reason := v.Reason(field)
		if m := pattern.FindStringSubmatch(field); m != nil {
			k, _ := strconv.Atoi(m[2])
			if r, ok := rowOf(m[1], k); ok {
				field = fmt.Sprintf("rows[%d]%s", r, field[len(m[0]):])
			}
		} else if field == "results" || field == "exits" {
			field = "rows"
		}
		// A reason naming another result ("bib 12 is already in results[1]") names its row.
		rename := func(s string) string {
			return inReason.ReplaceAllStringFunc(s, func(m string) string {
				sub := inReason.FindStringSubmatch(m)
				k, _ := strconv.Atoi(sub[2])
				if r, ok := rowOf(sub[1], k); ok {
					return fmt.Sprintf("rows[%d]", r)
				}
				return m
			})
		}
		out.AddText(field, renameIn(reason, rename))
	}
	return out
}
