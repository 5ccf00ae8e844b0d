package views

import (
	"html"
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

var (
	// comment is a template comment, which may quote template actions.
	comment = regexp.MustCompile(`(?s)\{\{-?\s*/\*.*?\*/\s*-?\}\}`)
	// attrAlone is an attribute written outside a tag (a template that adds attributes to its caller's tag).
	attrAlone = regexp.MustCompile(`[\w-]+="[^"]*"`)
	// address is an address written out (/follow/K7MQ2P): the same in every language.
	address = regexp.MustCompile(`[\w-]*/[\w/-]*`)
	// action is a template action or comment: {{…}}, on one line or several.
	action = regexp.MustCompile(`(?s)\{\{.*?\}\}`)
	// unseen are the parts of a page nobody reads as words: scripts, styles, HTML comments; and
	// code (a command line's flags, a file's column names), which is the same in every language.
	unseen = regexp.MustCompile(`(?is)<script.*?</script>|<style.*?</style>|<!--.*?-->|<code>.*?</code>`)
	// tag is an HTML tag with its attributes.
	tag = regexp.MustCompile(`(?s)<[^>]*>`)
	// readAttr are the attributes a user reads or hears: tooltips, screen-reader labels, hints.
	readAttr = regexp.MustCompile(`(?is)\b(title|aria-label|placeholder|alt|aria-description|aria-roledescription)\s*=\s*"([^"]*)"`)
	// buttonValue is the value of a button-like input, which the button shows.
	buttonValue = regexp.MustCompile(`(?is)<input[^>]*type="(submit|button|reset)"[^>]*>`)
	valueAttr   = regexp.MustCompile(`(?is)\bvalue\s*=\s*"([^"]*)"`)
)

// properNames may stay as they are in every language: the app's own name and file formats.
var properNames = []string{"Race Director", "PDF", "XLSX", "CSV", "QR", "SVG", "TV", "km"}

// wordsIn returns what is left of a template text a user would read once the template actions and
// markup are taken out: letters that no message of the catalogues gave.
func wordsIn(text string) []string {
	text = comment.ReplaceAllString(text, " ")
	text = action.ReplaceAllString(text, " ")
	text = unseen.ReplaceAllString(text, " ")
	var out []string
	for _, t := range tag.FindAllString(text, -1) {
		for _, m := range readAttr.FindAllStringSubmatch(t, -1) {
			out = append(out, letters(m[2])...)
		}
		if buttonValue.MatchString(t) {
			for _, m := range valueAttr.FindAllStringSubmatch(t, -1) {
				out = append(out, letters(m[1])...)
			}
		}
	}
	out = append(out, letters(attrAlone.ReplaceAllString(tag.ReplaceAllString(text, " "), " "))...)
	return out
}

// letters returns the runs of letters in s that are words: not proper names, not codes in capitals
// (an example follow code, DNF).
func letters(s string) []string {
	s = address.ReplaceAllString(html.UnescapeString(s), " ")
	for _, name := range properNames {
		s = strings.ReplaceAll(s, name, " ")
	}
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if strings.ToUpper(w) != w {
			out = append(out, w)
		}
	}
	return out
}

// TestTemplatesHoldNoWords fails on any word a template writes itself: every word a user sees comes
// from the catalogues ({{t "…"}}), so that it exists in English, Spanish and Italian.
func TestTemplatesHoldNoWords(t *testing.T) {
	names, err := fs.Glob(files, "*.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"pages", "partials"} {
		more, err := fs.Glob(files, dir+"/*.html")
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, more...)
	}
	if len(names) < 30 {
		t.Fatalf("found %d templates, want every page and partial", len(names))
	}
	for _, name := range names {
		raw, err := fs.ReadFile(files, name)
		if err != nil {
			t.Fatal(err)
		}
		if words := wordsIn(string(raw)); len(words) > 0 {
			t.Errorf("%s writes words of its own (put them in data/i18n and use {{t …}}): %q", name, words)
		}
	}
}

func TestWordsInFindsWords(t *testing.T) {
	cases := map[string]int{
		`<p>{{t "x"}}</p>`: 0,
		`<p>Save</p>`:      1,
		`<a title="Open it" href="/x">{{t "y"}}</a>`:                   2,
		`<input type="submit" value="Go">`:                             1,
		`<input type="hidden" name="kind" value="sprint">`:             0,
		`<script>var word = "hello";</script>`:                         0,
		`{{/* a comment in words */}}<span>· — × 3</span>`:             0,
		`<button aria-label="{{t "z"}}">×</button>`:                    0,
		"<p>{{if .X}}\n{{t \"a\"}}{{else}}Nothing{{end}}</p>":          1,
		`<span class="brand-name">Race Director</span> <b>PDF</b>`:     0,
		"{{/* quoting {{template \"x\" .}} in words */}}<i>{{.X}}</i>": 0,
		`{{define "y"}}{{if .Z}} aria-invalid="true"{{end}}{{end}}`:    0,
		`<input placeholder="K7MQ2P">`:                                 0,
	}
	for in, want := range cases {
		if got := wordsIn(in); len(got) != want {
			t.Errorf("wordsIn(%q) = %q, want %d words", in, got, want)
		}
	}
}
