package race

import (
	"strings"
	"unicode"
)

// A roster of a real race gives each team its name only (the organiser's start list: team, bib,
// name); the app gives it what a team needs besides, its short name and colour, which the director
// may change on the team's page.

// TeamShort is a short name for a team called name that taken does not refuse: the first three
// letters of its name ("UAE Team Emirates" is UAE, "Lidl-Trek" LID), else its first two letters and
// a later one (LIT), else its first four; a name of fewer than two letters is filled with X.
func TeamShort(name string, taken func(string) bool) string {
	var letters []rune
	for _, r := range name {
		if unicode.IsLetter(r) {
			letters = append(letters, unicode.ToUpper(r))
		}
	}
	for len(letters) < 2 {
		letters = append(letters, 'X')
	}
	if len(letters) < 3 {
		return string(letters)
	}
	first := string(letters[:3])
	if !taken(first) {
		return first
	}
	for _, r := range letters[3:] {
		if s := string(letters[:2]) + string(r); !taken(s) {
			return s
		}
	}
	if len(letters) >= 4 {
		return string(letters[:4])
	}
	return first
}

// teamColours are colours far enough apart to tell teams by, in the order new teams get them.
func teamColours() []string {
	return []string{"#d62828", "#1d4ed8", "#15803d", "#f59e0b", "#7c3aed", "#0891b2", "#db2777", "#4b5563",
		"#65a30d", "#ea580c", "#0f766e", "#9333ea", "#111827", "#b45309", "#2563eb", "#be123c"}
}

// TeamColour is a colour for a new team that used does not hold yet (any case), the first of the
// colours far enough apart; when every one is used, the one used least recently in order (n is how
// many teams had one before).
func TeamColour(used func(string) bool, n int) string {
	all := teamColours()
	for _, c := range all {
		if !used(strings.ToLower(c)) {
			return c
		}
	}
	return all[n%len(all)]
}
