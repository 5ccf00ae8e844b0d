package base

import (
	"net/http"
	"strconv"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"
	"golang.org/x/text/unicode/norm"
)

// A tour's downloads are named after the tour: its name as a slug, then what the file is
// ("giro-del-salotto-stage-3.pdf", "giro-del-salotto-race-book.xlsx"). Every client gets an ASCII
// name (filename=, the one curl -J reads); a name with other letters ("vuelta-a-españa-summary.pdf")
// also goes as UTF-8 in filename* (RFC 6266, RFC 8187), which browsers prefer.

// maxTourSlug is how many characters of the tour's name a file name keeps.
const maxTourSlug = 60

// FileName is a download's name: as the user reads it, and in ASCII for the clients that read only
// filename=.
type FileName struct {
	UTF8, ASCII string
}

// TourFileName names a download of tour id called tourName: the name as a slug (lower case, its
// letters and digits joined by "-", at most maxTourSlug characters; "tour-<id>" without any, or in
// ASCII when its letters have no ASCII spelling), then part when there is one ("stage-3"), then
// "." and ext.
func TourFileName(tourName string, id uint, part, ext string) FileName {
	fallback := "tour-" + strconv.FormatUint(uint64(id), 10)
	stem := slug(tourName, maxTourSlug)
	if stem == "" {
		stem = fallback
	}
	ascii, ok := asciiSpelling(stem)
	if !ok {
		ascii = fallback
	}
	join := func(s string) string {
		if part != "" {
			s += "-" + part
		}
		return s + "." + ext
	}
	return FileName{UTF8: join(stem), ASCII: join(ascii)}
}

// Disposition is the Content-Disposition of an attachment of that name.
func (f FileName) Disposition() string {
	d := `attachment; filename="` + strings.NewReplacer(`"`, "", `\`, "").Replace(f.ASCII) + `"`
	if f.UTF8 != f.ASCII {
		d += "; filename*=UTF-8''" + extValue(f.UTF8)
	}
	return d
}

// AttachmentNamed sends a file download under name.
func AttachmentNamed(c echo.Context, name FileName, contentType string, data []byte) error {
	c.Response().Header().Set(echo.HeaderContentDisposition, name.Disposition())
	return c.Blob(http.StatusOK, contentType, data)
}

// slug is s in lower case, its words (letters with their marks, digits) joined by "-", cut to at
// most max characters at a word's end where there is one.
func slug(s string, max int) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFC.String(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || (unicode.Is(unicode.M, r) && b.Len() > 0 && !dash):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			dash = true
		}
	}
	out := []rune(b.String())
	if len(out) <= max {
		return string(out)
	}
	cut := string(out[:max])
	if i := strings.LastIndexByte(cut, '-'); i > 0 && out[max] != '-' {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, "-")
}

// asciiLetters spell the letters that do not come apart into an ASCII letter and marks.
var asciiLetters = map[rune]string{'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'đ': "d", 'ð': "d", 'ł': "l",
	'þ': "th", 'ı': "i", 'ħ': "h", 'ŋ': "n", 'ŧ': "t", 'ĸ': "k", 'ſ': "s"}

// asciiSpelling spells a slug in ASCII: accents dropped ("españa" → "espana"), a few letters
// spelled out ("straße" → "strasse"); ok is false when a letter has no ASCII spelling (Cyrillic,
// Greek, Chinese…).
func asciiSpelling(s string) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		if r < unicode.MaxASCII {
			b.WriteRune(r)
			continue
		}
		if w, ok := asciiLetters[r]; ok {
			b.WriteString(w)
			continue
		}
		if unicode.Is(unicode.M, r) {
			continue
		}
		base := ""
		for _, d := range norm.NFKD.String(string(r)) {
			if d < unicode.MaxASCII {
				base += string(d)
			}
		}
		if base == "" {
			return "", false
		}
		b.WriteString(base)
	}
	return b.String(), true
}

// extValue is s as an RFC 8187 ext-value's characters: its UTF-8 bytes percent-encoded but for
// the attr-chars.
func extValue(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for _, c := range []byte(s) {
		if c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
