package views

import (
	"fmt"
	"html/template"
	"net/url"
	"strings"
	"unicode/utf8"

	"racedirector/app/colour"
	"racedirector/app/plural"
	"racedirector/app/race"
)

// Funcs are the template helpers every page may use.
func Funcs() template.FuncMap {
	return template.FuncMap{
		// fieldError returns the message for a field, or "".
		"fieldError": func(p Page, field string) string {
			if p.Errors == nil {
				return ""
			}
			return p.Errors[field]
		},
		// hasError says whether a field has a message.
		"hasError": func(p Page, field string) bool {
			_, ok := p.Errors[field]
			return ok
		},
		// maxlen is the most characters a kind of text may have ("team name"): a form field's maxlength,
		// from the one table of text limits (race.TextKind); an unknown kind fails the page.
		"maxlen": func(kind string) (int, error) {
			if n := race.TextKind(kind).MaxChars(); n > 0 {
				return n, nil
			}
			return 0, fmt.Errorf("views: no text limit for %q", kind)
		},
		// teamColour is a team colour as the "swatch" partial draws it: grey when it is not a #rrggbb
		// colour, so nothing else reaches the page.
		"teamColour": TeamColour,
		// playerLink is the address of a player's palmarès across tours (GET /players/{name}/palmares).
		"playerLink": PlayerLink,
		// darkColour says a team colour needs a light edge on a dark screen (the TV).
		"darkColour": colour.Dark,
		// longTitle says a tour's name is too long for one line of the TV's head (more than 30 letters).
		"longTitle": func(s string) bool { return utf8.RuneCountInString(s) > 30 },
		// sentence is a refusal as a page shows it, its first letter upper case (Sentence).
		"sentence": Sentence,
		// clock formats seconds as h:mm:ss or m:ss.
		"clock": Clock,
		// gap formats a gap in seconds as +m:ss (or "—" for 0).
		"gap": func(sec int) string {
			if sec == 0 {
				return "—"
			}
			return "+" + Clock(sec)
		},
		// plural counts things in words: {{plural 1 "team" "teams"}} is "1 team".
		"plural": Plural,
		"add":    func(a, b int) int { return a + b },
		"seq": func(n int) []int {
			out := make([]int, n)
			for i := range out {
				out[i] = i + 1
			}
			return out
		},
		"join": strings.Join,
		"dict": func(kv ...any) map[string]any {
			m := map[string]any{}
			for i := 0; i+1 < len(kv); i += 2 {
				k, _ := kv[i].(string)
				m[k] = kv[i+1]
			}
			return m
		},
	}
}

// Clock formats seconds as h:mm:ss, or m:ss under an hour.
func Clock(sec int) string {
	neg := sec < 0
	if neg {
		sec = -sec
	}
	h, m, s := sec/3600, sec/60%60, sec%60
	out := fmt.Sprintf("%d:%02d", m, s)
	if h > 0 {
		out = fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	if neg {
		out = "-" + out
	}
	return out
}

// Plural writes a count with the word that fits it: Plural(1, "team", "teams") is "1 team",
// Plural(0, "team", "teams") is "0 teams". Every page and message that prints a count uses it.
func Plural(n int, one, many string) string { return plural.Of(n, one, many) }

// TeamColour is color when it is a #rrggbb colour, else grey (#999999).
func TeamColour(color string) string {
	if !colour.Is(color) {
		return "#999999"
	}
	return color
}

// PlayerLink is the address of the palmarès of the player named name (a team's manager).
func PlayerLink(name string) string {
	return "/players/" + url.PathEscape(race.CleanManager(name)) + "/palmares"
}
