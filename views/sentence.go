package views

import (
	"unicode"
	"unicode/utf8"
)

// Sentence is a message as a page shows it: its first letter upper case ("name is required" reads
// "Name is required", "no tiene rol" reads "No tiene rol"); a message that starts with anything
// but a lower-case letter (a quoted value, a number, a bib) is kept as it is.
func Sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
