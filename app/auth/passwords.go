package auth

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"racedirector/app/refuse"
	"racedirector/data"
)

// Past its length, a password is refused when guessing would find it first: one of the most common
// passwords, a few characters or a word repeated, a walk along a keyboard row or a sequence, or the
// director's name with little else.
const (
	// minDifferent is how many different characters a password has at least.
	minDifferent = 4
	// maxWalks is how many walks (runs along a keyboard row or a sequence, or of one character) a
	// password may be made of and still be too easy: qwerty123456 is two.
	maxWalks = 2
	// minBesideName is how many characters a password built from the name has beside it at least.
	minBesideName = 5
	// minNamePart is the shortest word of the name looked for in a password.
	minNamePart = 3
)

// walks are the keyboard rows and sequences a password may not simply follow, either way.
const walks = "abcdefghijklmnopqrstuvwxyz\n0123456789\n1234567890\n`1234567890-=\nqwertyuiop[]\nasdfghjkl;'\nzxcvbnm,./\nazertyuiop\nqsdfghjklm\nwxcvbn"

// weakPassword says why password is too easy to guess for the director called name (nil: it is
// not): the rules past its length and characters, which CheckPassword checks first.
func weakPassword(password, name string) error {
	pw := strings.ToLower(strings.TrimSpace(password))
	switch {
	case IsCommonPassword(pw):
		return refuse.Reasonf("the password is one of the most common passwords, the first ones anyone guessing tries: choose another")
	case fromName(pw, name):
		return refuse.Reasonf("the password is made from the director's name: choose one harder to guess")
	case repeated(pw):
		return refuse.Reasonf("the password is one character or a few repeated: choose one harder to guess")
	case walked(pw):
		return refuse.Reasonf("the password follows a keyboard row or a sequence (like qwertyuiop or 1234567890): choose one harder to guess")
	}
	return nil
}

// IsCommonPassword says whether s, in any case, is on the embedded list of common passwords
// (data.CommonPasswords), by halving the sorted list: no copy of it is made.
func IsCommonPassword(s string) bool {
	return sortedLinesHold(data.CommonPasswords(), strings.ToLower(strings.TrimSpace(s)))
}

// sortedLinesHold says whether list, lines sorted by bytes each ending with a newline (the last
// one may not), has the line s.
func sortedLinesHold(list, s string) bool {
	if s == "" || strings.ContainsRune(s, '\n') {
		return false
	}
	lo, hi := 0, len(list) // list[lo:hi] is whole lines
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := lo + strings.LastIndexByte(list[lo:mid], '\n') + 1
		end := hi
		if i := strings.IndexByte(list[start:hi], '\n'); i >= 0 {
			end = start + i
		}
		switch line := list[start:end]; {
		case s == line:
			return true
		case s < line:
			hi = start
		default:
			lo = end + 1
		}
	}
	return false
}

// repeated says whether pw (lowercase) has fewer than minDifferent different characters, or is a
// part repeated (passpasspass).
func repeated(pw string) bool {
	r := []rune(pw)
	seen := map[rune]bool{}
	for _, c := range r {
		seen[c] = true
	}
	if len(seen) < minDifferent {
		return true
	}
	for p := 1; p <= len(r)/2; p++ {
		same := true
		for i := p; i < len(r) && same; i++ {
			same = r[i] == r[i-p]
		}
		if same {
			return true
		}
	}
	return false
}

// walked says whether pw (lowercase) is made of at most maxWalks walks: runs in which each
// character is the one before, or its neighbour on a keyboard row or in a sequence.
func walked(pw string) bool {
	r := []rune(pw)
	if len(r) == 0 {
		return false
	}
	runs := 1
	for i := 1; i < len(r); i++ {
		if !step(r[i-1], r[i]) {
			runs++
		}
	}
	return runs <= maxWalks
}

// step says whether b may follow a in a walk: the same character, or a neighbour in walks.
func step(a, b rune) bool {
	if a == b {
		return true
	}
	if a == '\n' || b == '\n' || a >= utf8.RuneSelf || b >= utf8.RuneSelf {
		return false
	}
	pair, back := string([]rune{a, b}), string([]rune{b, a})
	return strings.Contains(walks, pair) || strings.Contains(walks, back)
}

// fromName says whether pw (lowercase) is built from the director's name: once its letters and
// digits are taken without the name's (the whole name's, then each word's of minNamePart or more),
// fewer than minBesideName are left, or what is left is itself repeated or a walk (marta123456).
func fromName(pw, name string) bool {
	rest := lettersOf(pw)
	var parts []string
	if whole := lettersOf(strings.ToLower(name)); utf8.RuneCountInString(whole) >= minNamePart {
		parts = append(parts, whole)
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if utf8.RuneCountInString(w) >= minNamePart {
			parts = append(parts, w)
		}
	}
	found := false
	for _, p := range parts {
		if strings.Contains(rest, p) {
			found = true
			rest = strings.ReplaceAll(rest, p, "")
		}
	}
	if !found {
		return false
	}
	return utf8.RuneCountInString(rest) < minBesideName || repeated(rest) || walked(rest)
}

// lettersOf keeps the letters and digits of s.
func lettersOf(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}
