// Package i18ntest finds English words left in Spanish and Italian text, for the tests: the words
// of the English catalogue that the other language's catalogue never uses of its own.
package i18ntest

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Names are the names and abbreviations that are the same in every language: the app's and the
// games' names, the races', file formats, units, the officials' statuses, 2RUOTE's cards and its
// Italian words. Their words are not looked for where they are written this way (case counts). Keep
// this list short: a word here is never looked for.
func Names() []string {
	return []string{
		"Race Director", "Cycling Party", "Ciclismo a fondo", "2RUOTE", "Tour de France", "Vuelta", // the app, the games, the races
		"JavaScript", "CSV", "XLSX", "PDF", "JSON", "QR", "API", "PIN", "URL", "NUL", "UTF-8", // formats and protocols
		"km", "min", "s", "kB", "MB", // units
		"DNF", "DNS", "OTL", "DSQ", // the officials' statuses
		"GPM", "TV", "HC", "JF", "CE", "R", // 2RUOTE's cards, climb categories, role abbreviations
		"rifornimento", "Energia", // 2RUOTE's words, Italian in every language
		"qwertyuiop", // an example of a keyboard row
	}
}

// Shared are the words the English catalogue and a language spell alike, which a text in that
// language may say (cognates, words the language borrowed, the months' abbreviations).
func Shared() map[string][]string {
	return map[string][]string{
		"es": {"sprint", "sprints", "sector", "provisional", "real", "club", "proxy", "token", "roles", "editor", "byte", "bytes",
			"feb", "mar", "may", "jun", "jul", "oct", "nov", "rep", // rep. is repecho's abbreviation
			"sprinter", // Cycling Party's Spanish rulebook names the role so
			"virtual"}, // the virtual leader: líder virtual, general virtual
		"it": {"sprint", "sprints", "leader", "leaders", "file", "link", "password", "club", "proxy", "token", "backup", "database",
			"server", "menu", "home", "palmarès", "feb", "mar", "apr", "nov"},
	}
}

// Vocabulary holds, by language, the words of the English catalogue that the language does not use.
type Vocabulary struct {
	english map[string]map[string]bool
	names   []namePattern
}

// namePattern is a name and the pattern that finds it standing as words of its own.
type namePattern struct {
	name string
	re   *regexp.Regexp
}

var (
	template = regexp.MustCompile(`\{\{[^}]*\}\}|\{[a-z]+\}`)
	verb     = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)
	quoted   = regexp.MustCompile("\"[^\"]*\"|`[^`]*`")
	// code is a token written for a program, not a reader: a field path (team.min_riders), a header
	// (Content-Type), an address, a colour, a command-line flag, a file's columns (bib,time), a code.
	code = regexp.MustCompile(`[_/\\\[\]#={}@<>|]|\p{L}[.,:-]\p{L}|^-|\p{L}\d|\d\p{L}`)
	// fileType is a file's extension: (.json), .xlsx.
	fileType = regexp.MustCompile(`^\(?\.\p{L}`)
)

// namePatterns are Names as phrases, longest first, each found where it stands as words of its own.
func namePatterns() []namePattern {
	sorted := Names()
	slices.SortFunc(sorted, func(a, b string) int { return len(b) - len(a) })
	out := make([]namePattern, len(sorted))
	for i, n := range sorted {
		out[i] = namePattern{name: n, re: regexp.MustCompile(`(^|[\s(«"'¿¡])` + regexp.QuoteMeta(n) + `($|[\s)»"',;:!?]|\.(\s|$))`)}
	}
	return out
}

// Words lists the words a reader reads in text, in lower case: names, quoted values and code are
// left out.
func Words(text string) []string {
	return wordsOf(text, namePatterns())
}

// wordsOf is Words with the names' patterns made once.
func wordsOf(text string, names []namePattern) []string {
	for _, n := range names {
		if !strings.Contains(text, n.name) {
			continue // the pattern cannot match: most names are in no given text
		}
		re := n.re
		for next := re.ReplaceAllString(text, "$1 $2"); next != text; next = re.ReplaceAllString(text, "$1 $2") {
			text = next
		}
	}
	text = template.ReplaceAllString(text, " ")
	text = verb.ReplaceAllString(text, " ")
	text = quoted.ReplaceAllString(text, " ")
	var out []string
	for _, token := range strings.Fields(text) {
		if code.MatchString(strings.Trim(token, ".,;:!?()«»\"'¿¡")) || fileType.MatchString(token) {
			continue
		}
		for _, w := range strings.FieldsFunc(token, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' }) {
			w = strings.Trim(w, "'’")
			if w != "" {
				out = append(out, strings.ToLower(w))
			}
		}
	}
	return out
}

// Load reads the catalogues of fsys (data/i18n): the English words of each language are the words
// of the English texts, less those the language's own texts use where the English of the same
// message does not (its words), less Shared.
func Load(fsys fs.FS) (*Vocabulary, error) {
	files, err := ReadTexts(fsys)
	if err != nil {
		return nil, err
	}
	v := &Vocabulary{english: map[string]map[string]bool{}, names: namePatterns()}
	all := map[string]bool{}
	for _, text := range files["en"] {
		for _, w := range wordsOf(text, v.names) {
			all[w] = len([]rune(w)) > 1 // a letter alone ("stage n") is no word of a language
		}
	}
	for lang, texts := range files {
		if lang == "en" {
			continue
		}
		own := map[string]bool{}
		for key, text := range texts {
			inEnglish := map[string]bool{}
			for _, w := range wordsOf(files["en"][key], v.names) {
				inEnglish[w] = true
			}
			for _, w := range wordsOf(text, v.names) {
				if !inEnglish[w] {
					own[w] = true
				}
			}
		}
		for _, w := range Shared()[lang] {
			own[w] = true
		}
		words := map[string]bool{}
		for w, word := range all {
			if word && !own[w] {
				words[w] = true
			}
		}
		v.english[lang] = words
	}
	return v, nil
}

// ReadTexts reads every catalogue file of fsys, by language and message id: a text, or a plural
// message's forms joined by " | ".
func ReadTexts(fsys fs.FS) (map[string]map[string]string, error) {
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]string{}
	for _, name := range names {
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var f map[string]any
		if err := json.Unmarshal(raw, &f); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		parts := strings.Split(name, ".")
		if len(parts) != 3 {
			continue
		}
		lang := parts[1]
		if out[lang] == nil {
			out[lang] = map[string]string{}
		}
		for k, v := range f {
			switch m := v.(type) {
			case string:
				out[lang][k] = m
			case map[string]any:
				var forms []string
				for _, form := range []string{"zero", "one", "two", "few", "many", "other"} {
					if s, ok := m[form].(string); ok {
						forms = append(forms, s)
					}
				}
				out[lang][k] = strings.Join(forms, " | ")
			}
		}
	}
	return out, nil
}

// English says whether w (lower case) is an English word a text in lang must not hold.
func (v *Vocabulary) English(lang, w string) bool { return v.english[lang][w] }

// Count is how many English words lang's texts are checked against.
func (v *Vocabulary) Count(lang string) int { return len(v.english[lang]) }

// EnglishIn lists the English words of text read in lang, each with a few words around it.
func (v *Vocabulary) EnglishIn(text, lang string) []string {
	words := wordsOf(text, v.names)
	var out []string
	for i, w := range words {
		if v.english[lang][w] {
			lo, hi := max(0, i-3), min(len(words), i+4)
			out = append(out, w+" («"+strings.Join(words[lo:hi], " ")+"»)")
		}
	}
	return out
}
