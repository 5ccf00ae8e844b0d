package handlers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/views"
)

// TourNav is a tour's own menu (the "tournav" partial): Advantages · Stages · Riders ·
// Classifications · Cycling Party, and the stage picker.
type TourNav struct {
	ID   uint
	Name string
	// Active names the screen shown: stage, advantages, sheet, riders, classifications, cycling-party, sheets, share.
	Active string
	// Stage is the stage the menu's stage links go to.
	Stage        int
	Stages       []NavStage
	CyclingParty bool
	// NoAdvantages says the game has nothing for the Advantages page (a real race): no menu entry.
	NoAdvantages bool
	// After is the stage the classification links show (the last closed one, 0: none).
	After int
	// Follower says the viewer is not the director: the menu leads to the pages he may read (a
	// stage's sheet rather than its screen, no advantages).
	Follower bool
	// tr speaks the viewer's language (render sets it; English when unset).
	tr *i18n.Localizer
}

// label is a menu entry's word in the viewer's language.
func (n *TourNav) label(id, english string, pairs ...any) string {
	if n.tr == nil {
		if len(pairs) == 2 {
			return fmt.Sprintf(english, pairs[1])
		}
		return english
	}
	return n.tr.T(id, pairs...)
}

// NavLink is one entry of the tour menu.
type NavLink struct {
	Label, URL string
	// Current marks the screen shown.
	Current bool
}

// Links are the tour menu's entries, the same on a tablet (a bar) and a phone (a folded menu).
func (n *TourNav) Links() []NavLink {
	base := fmt.Sprintf("/tours/%d", n.ID)
	var links []NavLink
	if !n.NoAdvantages && !n.Follower {
		links = append(links, NavLink{n.label("race.nav.advantages", "Advantages"), fmt.Sprintf("%s/stages/%d/advantages", base, n.Stage), n.Active == "advantages"})
	}
	links = append(links,
		NavLink{n.label("race.nav.stages", "Stages"), fmt.Sprintf("%s/stages/%d/sheet", base, n.Stage), n.Active == "sheet"},
		NavLink{n.label("race.riders.title", "Riders"), base + "/riders", n.Active == "riders"},
		NavLink{n.label("race.nav.classifications", "Classifications"), base + "/classifications", n.Active == "classifications"},
	)
	if n.CyclingParty {
		links = append(links, NavLink{"Cycling Party", base + "/cycling-party", n.Active == "cycling-party"})
	}
	links = append(links, NavLink{n.label("story.nav", "Story"), base + "/story", n.Active == "story"})
	return append(links, NavLink{n.label("race.nav.sheets", "Control sheets"), base + "/sheets", n.Active == "sheets"}, NavLink{n.label("race.nav.share", "Share"), base + "/share", n.Active == "share"})
}

// Here names the screen shown, for the folded menu of a phone ("Stage 3", "Riders").
func (n *TourNav) Here() string {
	for _, l := range n.Links() {
		if l.Current {
			return l.Label
		}
	}
	if n.Active == "stage" {
		return n.label("race.stage.heading", "Stage %d", "N", n.Stage)
	}
	return ""
}

// NavStage is one stage in the stage picker.
type NavStage struct {
	Number int
	State  string
	Type   string
	// Here marks the stage the page is about.
	Here bool
}

// tourNav builds the tour menu for a page about stage (0: the current stage). Every tour page,
// including the stage sheet, passes it as views.Page.TourNav.
func (h *Handler) tourNav(st *store.RaceState, active string, stage int) *TourNav {
	if stage < 1 || stage > len(st.Tour.Stages) {
		stage = currentStage(st)
	}
	nav := &TourNav{ID: st.TourID, Name: st.Tour.Name, Active: active, Stage: stage, After: st.Closed,
		CyclingParty: st.Tour.Ruleset.Has(race.ClassCyclingParty),
		NoAdvantages: len(st.Tour.Ruleset.Advantages) == 0 && st.Tour.Ruleset.Effort == nil && st.Tour.Ruleset.Fatigue == nil}
	for _, s := range st.Tour.Stages {
		nav.Stages = append(nav.Stages, NavStage{Number: s.Number, State: s.State, Type: s.Type, Here: s.Number == stage && (active == "stage" || active == "advantages" || active == "sheet")})
	}
	return nav
}

// currentStage is the stage a tour is at: the open one, else the last closed one, else 1.
func currentStage(st *store.RaceState) int {
	switch {
	case st.Current > 0:
		return st.Current
	case st.Closed > 0:
		return st.Closed
	}
	return 1
}

// stageURL is the stage screen of stage n.
func stageURL(id uint, n int) string { return fmt.Sprintf("/tours/%d/stages/%d", id, n) }

// advantagesURL is the advantages page of stage n.
func advantagesURL(id uint, n int) string {
	return fmt.Sprintf("/tours/%d/stages/%d/advantages", id, n)
}

// formVersion reads the stage version a page form was built from (hidden field _version);
// an absent field gives -1 (no check).
func formVersion(c echo.Context) (int, error) {
	v := strings.TrimSpace(c.FormValue("_version"))
	if v == "" {
		return -1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, badRequest("the form does not say which version of the stage it was made from: reload the page and enter it again")
	}
	return n, nil
}

// bibSeparator splits typed bibs: spaces, commas, dots, semicolons, slashes.
func bibSeparator(r rune) bool {
	return r == ' ' || r == ',' || r == '.' || r == ';' || r == '/' || r == '\t' || r == '\n' || r == '\r' || r == '-' || r == '+'
}

// maxTypedBibs is the most bibs a field takes: more than a whole peloton (30 teams of 9).
const maxTypedBibs = 1000

// parseBibs reads bibs typed in order ("23 11, 45"). A token that is not a number, or more than
// maxTypedBibs of them, is a validation error on field: a field of 100,000 bibs answered a page of
// 25 MB previewing each of them. Tokens are read one at a time, so a longer field costs no more.
func parseBibs(text, field string) ([]int, error) {
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
		if len(out) == maxTypedBibs {
			return nil, race.Invalidf(field, "has more than %d bibs", maxTypedBibs)
		}
		n, err := strconv.Atoi(tok)
		if err != nil || n < 1 {
			// the token as typed, cut short: a token of megabytes is not answered back whole
			return nil, race.Invalidf(field, "%q is not a bib number: type bib numbers separated by spaces or commas", clipText(tok[:min(len(tok), 80)], 20))
		}
		out = append(out, n)
	}
	return out, nil
}

// parseOneBib reads a single typed bib; empty is an error too.
func parseOneBib(text, field string) (int, error) {
	bibs, err := parseBibs(text, field)
	switch {
	case err != nil:
		return 0, err
	case len(bibs) == 0:
		return 0, race.Invalid(field, "type the rider's bib number")
	case len(bibs) > 1:
		return 0, race.Invalid(field, "one bib only")
	}
	return bibs[0], nil
}

// parseNumber reads a whole number typed in field; empty gives 0 when optional.
func parseNumber(text, field string, optional bool) (int, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		if optional {
			return 0, nil
		}
		return 0, race.Invalid(field, "is required")
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, race.Invalidf(field, "%q is not a whole number", text)
	}
	return n, nil
}

// bibText writes bibs as the entry fields show them.
func bibText(bibs []int) string {
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

// ridersBlock is the data block of a stage page: every rider of the tour with his status.
type ridersBlock struct {
	Stage  int         `json:"stage"`
	Riders []riderData `json:"riders"`
}

// exitsBefore maps each rider who does not start stage n to how he left, the engine's answer
// (race.OutBefore). n may be one past the last stage.
func exitsBefore(st *store.RaceState, n int) map[int]race.Exit {
	return race.OutBefore(&st.Tour, st.Results[:min(max(n-1, 0), len(st.Results))], n)
}

// outOf maps each rider no longer racing in stage n (gone before it, or abandoned in it) to a stage.
func outOf(st *store.RaceState, n int) map[int]int {
	out := map[int]int{}
	for bib, e := range exitsBefore(st, n) {
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

// ridersOf builds the riders block for stage n: who may be typed where, the engine's answer
// (race.Entrants).
func ridersOf(st *store.RaceState, n int) ridersBlock {
	cur := race.StageResult{Stage: n}
	if n >= 1 && n <= len(st.Results) {
		cur = st.Results[n-1]
		cur.Stage = n
	}
	entrants := race.Entrants(&st.Tour, st.Results[:min(max(n-1, 0), len(st.Results))], cur)
	b := ridersBlock{Stage: n, Riders: make([]riderData, 0, len(entrants))}
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

// bibView is one bib as an entry's preview shows it: rider, team colour, and any problem.
type bibView struct {
	Bib   int
	Name  string
	Team  string
	Color string
	// Problem says why the bib cannot be entered (empty Format: none).
	Problem i18n.Text
}

// previewBibs describes typed bibs for stage n as the engine answers them (race.Entrants): mode
// "any" flags only unknown bibs, every other (race.Entry*) also riders gone before the stage and those
// an abandonment in it bars from that kind of entry. seen, when not nil, flags repeats across fields.
func previewBibs(block ridersBlock, bibs []int, mode string, seen map[int]bool) []bibView {
	byBib := map[int]riderData{}
	for _, r := range block.Riders {
		byBib[r.Bib] = r
	}
	if seen == nil {
		seen = map[int]bool{}
	}
	out := make([]bibView, 0, len(bibs))
	for _, b := range bibs {
		r, ok := byBib[b]
		v := bibView{Bib: b, Name: r.Name, Team: r.Team, Color: r.Color}
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

// timeText formats a stage or classification time in the ruleset's unit.
func timeText(rs *race.Ruleset, v int) string {
	switch rs.TimeUnit {
	case "turns":
		return strconv.Itoa(v)
	case "hundredths":
		return views.Clock(v/100) + fmt.Sprintf(".%02d", v%100)
	}
	return views.Clock(v)
}

// gapText formats a gap in the ruleset's unit ("—" for none).
func gapText(rs *race.Ruleset, v int) string {
	if v == 0 {
		return "—"
	}
	return "+" + timeText(rs, v)
}

// squareWord is what a square is called in the ruleset ("km", "square", "terrain card").
func squareWord(rs *race.Ruleset) string {
	if rs.SquareName != "" {
		return rs.SquareName
	}
	return "square"
}
