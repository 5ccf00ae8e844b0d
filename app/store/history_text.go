package store

import (
	"encoding/json"
	"fmt"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// A stage's history says what each change did in a sentence. The sentence is kept twice: in
// English (changes.summary, what the API answers and older builds read) and as an i18n.Text, its
// English format and its values (changes.summary_text, JSON), so that the pages say it again in
// the reader's language. Changes kept before the Text was have only the English.

// storedText is an i18n.Text as the history keeps it.
type storedText struct {
	Format string    `json:"f"`
	Args   []textArg `json:"a,omitempty"`
	// Else is what a word of the ruleset is said as where no catalogue has its id (i18n.Word).
	Else string `json:"e,omitempty"`
}

// textArg is one value of a kept sentence: a whole number, a text as entered (a rider's or a team's
// name, a jury's reason), a sentence of its own, or a game's word in every language.
type textArg struct {
	Int   *int        `json:"i,omitempty"`
	Str   *string     `json:"s,omitempty"`
	Text  *storedText `json:"t,omitempty"`
	Words gameWord    `json:"w,omitempty"`
}

// gameWord is a game's word kept in every language the app speaks (an advantage's name).
type gameWord map[string]string

// NameIn is the word in lang, else in English.
func (w gameWord) NameIn(lang string) string {
	if s := w[lang]; s != "" {
		return s
	}
	return w[i18n.English]
}

// keepText turns a sentence into what the history keeps: a word of the game is kept in every
// language, any other value as its text.
func keepText(t i18n.Text) storedText {
	out := storedText{Format: t.Format, Else: t.Else}
	for _, a := range t.Args {
		var arg textArg
		switch v := a.(type) {
		case int:
			arg.Int = &v
		case string:
			arg.Str = &v
		case i18n.Text:
			inner := keepText(v)
			arg.Text = &inner
		case i18n.Named:
			arg.Words = gameWord{}
			for _, lang := range i18n.Languages() {
				arg.Words[lang] = v.NameIn(lang)
			}
		default:
			s := fmt.Sprint(v)
			arg.Str = &s
		}
		out.Args = append(out.Args, arg)
	}
	return out
}

// text is the kept sentence as an i18n.Text again.
func (s storedText) text() i18n.Text {
	t := i18n.Text{Format: s.Format, Else: s.Else}
	for _, a := range s.Args {
		switch {
		case a.Int != nil:
			t.Args = append(t.Args, *a.Int)
		case a.Str != nil:
			t.Args = append(t.Args, *a.Str)
		case a.Text != nil:
			t.Args = append(t.Args, a.Text.text())
		case a.Words != nil:
			t.Args = append(t.Args, a.Words)
		default:
			t.Args = append(t.Args, "")
		}
	}
	return t
}

// encodeText is the JSON the history keeps for a sentence ("" for none).
func encodeText(t i18n.Text) string {
	if t.Format == "" {
		return ""
	}
	b, err := json.Marshal(keepText(t))
	if err != nil {
		return ""
	}
	return string(b)
}

// decodeText reads a kept sentence; ok is false for none (a change kept before sentences were) or
// a damaged one.
func decodeText(s string) (t i18n.Text, ok bool) {
	if s == "" {
		return i18n.Text{}, false
	}
	var st storedText
	if err := json.Unmarshal([]byte(s), &st); err != nil || st.Format == "" {
		return i18n.Text{}, false
	}
	return st.text(), true
}

// validText checks a backup's kept sentence: none (absent or null), or one that reads.
func validText(s string) bool {
	_, ok := decodeText(s)
	return s == "" || s == "null" || ok
}

// keptLine is a change's summary as the history keeps it in English: cut to the history line's
// limit (a sprint of many bibs says more), the whole sentence being kept as its text.
func keptLine(summary string) string { return race.ClipText(race.HistoryLineText, summary) }
