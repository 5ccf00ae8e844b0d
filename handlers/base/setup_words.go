package base

import (
	"unicode"
	"unicode/utf8"

	"racedirector/app/i18n"
	"racedirector/app/store"
	"racedirector/views"
)

// Capitalize writes s with a capital first letter (any alphabet).
func Capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// LowerFirst writes s with a small first letter.
func LowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// RoleNameIn names a role of game in lang's words (the id when the game has no such role).
func RoleNameIn(lang string, g store.Game, id string) string {
	for _, r := range g.Roles {
		if r.ID == id {
			return r.NameIn(lang)
		}
	}
	return id
}

// GameNameIn names a game (a ruleset) in lang's words.
func (h *Base) GameNameIn(lang string, g store.Game) string {
	if rs, ok := h.Store.Ruleset(g.ID); ok {
		return rs.NameIn(lang)
	}
	return g.Name
}

// SayError says why err refused something, in l's language (the refusal's first reason).
func SayError(l *i18n.Localizer, err error) string {
	_, body, _ := ClassifyIn(err, l)
	return body.Message
}

// SayReasons says each reason of errs in l's language when the catalogues know it as a fixed
// sentence (reasons already said, or made with values, stay as they are).
func SayReasons(l *i18n.Localizer, errs map[string]string) map[string]string {
	if len(errs) == 0 {
		return errs
	}
	out := make(map[string]string, len(errs))
	for f, m := range errs {
		out[f] = views.Sentence(l.Say(i18n.Text{Format: m}))
	}
	return out
}
