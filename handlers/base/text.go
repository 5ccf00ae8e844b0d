package base

import "strings"

// UpperFirst writes s with a capital first letter ("did not start" → "Did not start").
func UpperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ClipText cuts text after n characters, with an ellipsis when it was longer.
func ClipText(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	return string(r[:n]) + "…"
}
