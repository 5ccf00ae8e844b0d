package standing

import (
	"slices"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// BibText writes bibs as the entry fields show them.
func BibText(bibs []int) string {
	parts := make([]string, len(bibs))
	for i, b := range bibs {
		parts[i] = strconv.Itoa(b)
	}
	return strings.Join(parts, " ")
}

// riderData is one rider in the JSON data block race.js reads.
type riderData struct {
	Bib   int    `json:"bib"`
	Name  string `json:"name"`
	Team  string `json:"team"`
	Short string `json:"short"`
	Color string `json:"color"`
	Role  string `json:"role"`
	// Gone is the stage in which the rider left the race before this one (0: none), as the engine
	// answers (race.Entrants).
	Gone int `json:"gone,omitempty"`
	// Out is how he left it (race.Exit.Kind: "abandoned", "retired", "otl").
	Out string `json:"out,omitempty"`
	// Barred are the kinds of entry of this stage (race.Entry*: "order", "finish", "single") an
	// abandonment in it keeps him out of.
	Barred []string `json:"barred,omitempty"`
}

// RidersBlock is the data block of a stage page: every rider of the tour with his status.
type RidersBlock struct {
	Stage  int         `json:"stage"`
	Riders []riderData `json:"riders"`
}

// ExitsBefore maps each rider who does not start stage n to how he left, the engine's answer
// (race.OutBefore). n may be one past the last stage.
func ExitsBefore(st *store.RaceState, n int) map[int]race.Exit {
	return race.OutBefore(&st.Tour, st.Results[:min(max(n-1, 0), len(st.Results))], n)
}

// OutOf maps each rider no longer racing in stage n (gone before it, or abandoned in it) to a stage.
func OutOf(st *store.RaceState, n int) map[int]int {
	out := map[int]int{}
	for bib, e := range ExitsBefore(st, n) {
		out[bib] = e.Stage
	}
	if n >= 1 && n <= len(st.Results) {
		for _, a := range st.Results[n-1].Abandons {
			if _, ok := out[a.Bib]; !ok {
				out[a.Bib] = n
			}
		}
	}
	return out
}

// RidersOf builds the riders block for stage n: who may be typed where, the engine's answer
// (race.Entrants).
func RidersOf(st *store.RaceState, n int) RidersBlock {
	cur := race.StageResult{Stage: n}
	if n >= 1 && n <= len(st.Results) {
		cur = st.Results[n-1]
		cur.Stage = n
	}
	entrants := race.Entrants(&st.Tour, st.Results[:min(max(n-1, 0), len(st.Results))], cur)
	b := RidersBlock{Stage: n, Riders: make([]riderData, 0, len(entrants))}
	k := 0
	for _, t := range st.Tour.Teams {
		for _, r := range t.Riders {
			e := entrants[k]
			k++
			b.Riders = append(b.Riders, riderData{Bib: r.Bib, Name: r.Name, Team: t.Name, Short: t.Short, Color: t.Color,
				Role: r.Role, Gone: e.Out.Stage, Out: e.Out.Kind(), Barred: e.Barred})
		}
	}
	return b
}

// BibView is one bib as an entry's preview shows it: rider, team colour, and any problem.
type BibView struct {
	Bib   int
	Name  string
	Team  string
	Color string
	// Problem says why the bib cannot be entered (empty Format: none).
	Problem i18n.Text
}

// PreviewBibs describes typed bibs for stage n as the engine answers them (race.Entrants): mode
// "any" flags only unknown bibs, every other (race.Entry*) also riders gone before the stage and those
// an abandonment in it bars from that kind of entry. seen, when not nil, flags repeats across fields.
func PreviewBibs(block RidersBlock, bibs []int, mode string, seen map[int]bool) []BibView {
	byBib := map[int]riderData{}
	for _, r := range block.Riders {
		byBib[r.Bib] = r
	}
	if seen == nil {
		seen = map[int]bool{}
	}
	out := make([]BibView, 0, len(bibs))
	for _, b := range bibs {
		r, ok := byBib[b]
		v := BibView{Bib: b, Name: r.Name, Team: r.Team, Color: r.Color}
		switch {
		case !ok:
			v.Problem = i18n.Textf("race.bibs.no_such")
		case mode == "any":
		case r.Out == "retired":
			v.Problem = i18n.Textf("race.bibs.retired_after_f", r.Gone)
		case r.Out == "otl":
			v.Problem = i18n.Textf("outside the time limit in stage %d", r.Gone)
		case r.Out != "":
			v.Problem = i18n.Textf("race.bibs.abandoned_in_f", r.Gone)
		case slices.Contains(r.Barred, mode):
			v.Problem = i18n.Textf("race.bibs.abandoned_here")
		case seen[b]:
			v.Problem = i18n.Textf("race.bibs.twice")
		}
		seen[b] = true
		out = append(out, v)
	}
	return out
}

// bibSeparator splits typed bibs: spaces, commas, dots, semicolons, slashes.
func bibSeparator(r rune) bool {
	return r == ' ' || r == ',' || r == '.' || r == ';' || r == '/' || r == '\t' || r == '\n' || r == '\r' || r == '-' || r == '+'
}

// MaxTypedBibs is the most bibs a field takes: more than a whole peloton (30 teams of 9).
const MaxTypedBibs = 1000

// ParseBibs reads bibs typed in order ("23 11, 45"). A token that is not a number, or more than
// MaxTypedBibs of them, is a validation error on field: a field of 100,000 bibs answered a page of
// 25 MB previewing each of them. Tokens are read one at a time, so a longer field costs no more.
func ParseBibs(text, field string) ([]int, error) {
	var out []int
	for rest := text; ; {
		// the next token, cut from the text one at a time: a field of megabytes stops at the limit
		rest = strings.TrimLeftFunc(rest, bibSeparator)
		if rest == "" {
			break
		}
		end := strings.IndexFunc(rest, bibSeparator)
		if end < 0 {
			end = len(rest)
		}
		tok := rest[:end]
		rest = rest[end:]
		if len(out) == MaxTypedBibs {
			return nil, refuse.Invalidf(field, "has more than %d bibs", MaxTypedBibs)
		}
		n, err := strconv.Atoi(tok)
		if err != nil || n < 1 {
			// the token as typed, cut short: a token of megabytes is not answered back whole
			return nil, refuse.Invalidf(field, "%q is not a bib number: type bib numbers separated by spaces or commas", base.ClipText(tok[:min(len(tok), 80)], 20))
		}
		out = append(out, n)
	}
	return out, nil
}
