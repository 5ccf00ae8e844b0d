package handlers

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// profileView is a stage's compact profile drawing, ready for the "profile" template
// (views/partials/profile.html): polygons, lines and texts in a viewBox of Width × Height,
// coloured with SVG presentation attributes only (the CSP forbids style attributes).
type profileView struct {
	Title         string
	Width, Height int
	Compact       bool
	Shapes        []profileShape
	Lines         []profileLine
	Texts         []profileText
}

// profileShape is a filled polygon with a tooltip.
type profileShape struct {
	Points, Fill, Title string
}

// profileLine is a line; Dash is an SVG dash array or "".
type profileLine struct {
	X1, Y1, X2, Y2 int
	Stroke, Dash   string
	Width          int
}

// profileText is a label; Anchor is start, middle or end.
type profileText struct {
	X, Y         int
	Size         int
	Text, Anchor string
	Fill         string
}

// climbColors colour climbs by category rank: 1 (hors, special, GPM) darkest.
func climbColors() []string {
	return []string{"#7f1d1d", "#b91c1c", "#ea580c", "#f59e0b", "#84cc16", "#4d7c0f"}
}

// climbShort is a category's short label on the drawing.
func climbShort(id string) string {
	short := map[string]string{"hors": "HC", "special": "CE", "first": "1st", "second": "2nd", "third": "3rd",
		"fourth": "4th", "hill": "hill", "repecho": "rep.", "gpm": "GPM", "hc": "HC", "1": "1st", "2": "2nd", "3": "3rd", "4": "4th"}
	if s, ok := short[id]; ok {
		return s
	}
	return id
}

// profileGeometry holds the drawing's frame.
type profileGeometry struct {
	x0, x1, base, top, font int
}

// newProfileView draws a stage: the flat baseline, climbs as ramps coloured and heighted by category
// (2RUOTE: the terrain of each card), sprint flags, the board markers and km ticks. compact draws the
// small version the wizard shows for every stage.
func newProfileView(rs race.Ruleset, st race.Stage, title string, compact bool) profileView {
	L := st.Length
	if L < 1 {
		return profileView{}
	}
	pv := profileView{Width: 1000, Height: 230, Compact: compact}
	g := profileGeometry{x0: 24, x1: 976, base: 180, top: 40, font: 20}
	if compact {
		pv.Height, g.base, g.top, g.font = 170, 128, 34, 22
	}
	summary := fmt.Sprintf("%d %s, %s, %s", L, profileUnit(rs.SquareName, "squares", L), counted(len(st.Climbs), "climb"), counted(len(st.Sprints), "sprint"))
	pv.Title = title + ": " + summary
	cards := len(st.Cards) > 0
	x := func(at float64) int {
		return g.x0 + int(math.Round(at*float64(g.x1-g.x0)/float64(L)))
	}
	if cards {
		pv.drawCards(rs, st, g, x)
	} else {
		pv.drawClimbs(rs, st, g, x)
	}
	pv.Lines = append(pv.Lines, profileLine{X1: g.x0, Y1: g.base, X2: g.x1, Y2: g.base, Stroke: "#334155", Width: 3})
	at := func(s int) int {
		if cards {
			return x(float64(s) - 0.5)
		}
		return x(float64(s))
	}
	for _, m := range st.Markers {
		if m.At > L {
			continue
		}
		mx := at(m.At)
		switch m.Kind {
		case race.MarkerKm:
			pv.Lines = append(pv.Lines, profileLine{X1: mx, Y1: g.base, X2: mx, Y2: g.base + 10, Stroke: "#334155", Width: 2})
			tick := kmTick(m)
			half := textWidth(tick, g.font-2)/2 + 6
			if mx-g.x0 > textWidth("Start", g.font-2)+half && g.x1-mx > textWidth(finishLabel(L), g.font-2)+half { // clear of "Start" and "Finish"
				pv.Texts = append(pv.Texts, profileText{X: mx, Y: g.base + 10 + g.font, Size: g.font - 2, Text: tick, Anchor: "middle", Fill: "#475569"})
			}
		case race.MarkerAttackLine:
			pv.Lines = append(pv.Lines, profileLine{X1: mx, Y1: g.top - 10, X2: mx, Y2: g.base, Stroke: "#dc2626", Dash: "8 6", Width: 2})
		case race.MarkerSprintLine:
			pv.Lines = append(pv.Lines, profileLine{X1: mx, Y1: g.top + 10, X2: mx, Y2: g.base, Stroke: "#d97706", Dash: "4 4", Width: 2})
		}
	}
	lastLabel := -1000
	for _, sp := range st.Sprints {
		if sp.At < 1 || sp.At > L {
			continue
		}
		sx, flagTop := at(sp.At), g.top-2
		pv.Lines = append(pv.Lines, profileLine{X1: sx, Y1: flagTop, X2: sx, Y2: g.base, Stroke: "#14532d", Width: 2})
		pv.Shapes = append(pv.Shapes, profileShape{Points: fmt.Sprintf("%d,%d %d,%d %d,%d", sx, flagTop, sx+20, flagTop+8, sx, flagTop+16),
			Fill: "#16a34a", Title: fmt.Sprintf("Sprint %d %s", sp.Index, placeWords(rs, sp.At, sp.At))})
		label := profileText{X: sx, Y: flagTop - 6, Size: g.font - 2, Text: fmt.Sprintf("S%d", sp.Index), Anchor: "middle", Fill: "#14532d"}
		if sx-lastLabel < 2*g.font { // too close to the previous label: write it beside the flag instead
			label.X, label.Y, label.Anchor = sx+4, flagTop+16+g.font, "start"
		} else {
			lastLabel = sx
		}
		pv.Texts = append(pv.Texts, label)
	}
	pv.Lines = append(pv.Lines, profileLine{X1: g.x1, Y1: g.top - 10, X2: g.x1, Y2: g.base + 10, Stroke: "#111827", Width: 4})
	pv.Texts = append(pv.Texts,
		profileText{X: g.x0, Y: g.base + 10 + g.font, Size: g.font - 2, Text: "Start", Anchor: "start", Fill: "#111827"},
		profileText{X: g.x1, Y: g.base + 10 + g.font, Size: g.font - 2, Text: finishLabel(L), Anchor: "end", Fill: "#111827"})
	return pv
}

// finishLabel is the words under the finish line: "Finish 193".
func finishLabel(length int) string { return fmt.Sprintf("Finish %d", length) }

// textWidth is about how wide text is at a font size, in the profile's units (a sans-serif
// character is at most about 0.62 of the size: enough to keep labels from running into each other).
func textWidth(text string, size int) int {
	return int(math.Ceil(float64(len([]rune(text))*size) * 0.62))
}

// drawClimbs draws each climb as a ramp up to its top and a descent after it (a Ciclismo a fondo
// descent section's length, else half the climb, never into the next climb nor past the finish).
func (pv *profileView) drawClimbs(rs race.Ruleset, st race.Stage, g profileGeometry, x func(float64) int) {
	ranks := max(len(rs.ClimbCategories), 1)
	maxH := g.base - g.top - 8
	for k, cl := range st.Climbs {
		if cl.Start < 1 || cl.End < cl.Start || cl.End > st.Length {
			continue
		}
		rank, name := ranks, cl.Category
		if cat, ok := rs.ClimbCategory(cl.Category); ok {
			rank, name = max(cat.Rank, 1), cat.NameIn(race.LanguageEnglish)
		}
		h := max(maxH*(ranks-rank+1)/ranks, 14)
		color := climbColors()[min(rank, len(climbColors()))-1]
		descent := (cl.End - cl.Start + 1) / 2
		if d, ok := descentAfter(st, cl); ok {
			descent = d
		}
		stop := st.Length
		if k+1 < len(st.Climbs) && st.Climbs[k+1].Start > cl.End {
			stop = st.Climbs[k+1].Start - 1
		}
		end := min(cl.End+descent, stop)
		xs, xe, xd := x(float64(cl.Start-1)), x(float64(cl.End)), x(float64(end))
		pv.Shapes = append(pv.Shapes, profileShape{
			Points: fmt.Sprintf("%d,%d %d,%d %d,%d", xs, g.base, xe, g.base-h, max(xd, xe), g.base),
			Fill:   color, Title: fmt.Sprintf("%s, %s", name, placeWords(rs, cl.Start, cl.End))})
		pv.Texts = append(pv.Texts, profileText{X: xe, Y: g.base - h - 6, Size: g.font - 2, Text: climbShort(cl.Category), Anchor: "middle", Fill: color})
	}
}

// descentAfter is the squares of a descent section right after a climb's last square, if any.
func descentAfter(st race.Stage, cl race.Climb) (int, bool) {
	pos := 0
	for k, sec := range st.Sections {
		pos += sec.Squares
		if pos == cl.End && k+1 < len(st.Sections) && strings.Contains(st.Sections[k+1].Type, "descent") {
			return st.Sections[k+1].Squares, true
		}
	}
	return 0, false
}

// drawCards draws a 2RUOTE stage card by card: mountain cards climb a level, descents go down one,
// hills are bumps, GPM cards are summits, TV and R cards are flat.
func (pv *profileView) drawCards(rs race.Ruleset, st race.Stage, g profileGeometry, x func(float64) int) {
	levels := make([]int, len(st.Cards)+1)
	top := 1
	for k, id := range st.Cards {
		c := cardByID(rs, id)
		l := levels[k]
		switch {
		case c.Special == "" && strings.EqualFold(c.Terrain, race.TerrainMountain):
			l++
		case c.Special == "" && strings.EqualFold(c.Terrain, race.TerrainDescent):
			l = max(l-1, 0)
		}
		levels[k+1] = l
		top = max(top, l)
	}
	step := (g.base - g.top - 24) / top
	y := func(l int) int { return g.base - 12 - l*step }
	for k, id := range st.Cards {
		c := cardByID(rs, id)
		x0, x1 := x(float64(k)), x(float64(k+1))
		y0, y1 := y(levels[k]), y(levels[k+1])
		fill, pts := "#cbd5e1", fmt.Sprintf("%d,%d %d,%d %d,%d %d,%d", x0, g.base, x0, y0, x1, y1, x1, g.base)
		switch {
		case c.Special == race.CardGPM:
			fill = "#7f1d1d"
		case strings.EqualFold(c.Terrain, race.TerrainMountain):
			fill = "#b91c1c"
		case strings.EqualFold(c.Terrain, race.TerrainDescent):
			fill = "#4d7c0f"
		case strings.EqualFold(c.Terrain, race.TerrainHill):
			fill = "#f59e0b"
			pts = fmt.Sprintf("%d,%d %d,%d %d,%d %d,%d %d,%d", x0, g.base, x0, y0, (x0+x1)/2, y0-step/2-10, x1, y1, x1, g.base)
		}
		name := c.Name
		if name == "" {
			name = id
		}
		pv.Shapes = append(pv.Shapes, profileShape{Points: pts, Fill: fill, Title: fmt.Sprintf("Card %d: %s", k+1, name)})
		if c.Special == race.CardGPM || c.Special == race.CardR {
			pv.Texts = append(pv.Texts, profileText{X: (x0 + x1) / 2, Y: min(y0, y1) - 8, Size: g.font - 2, Text: c.Special, Anchor: "middle", Fill: "#111827"})
		}
	}
}

// cardByID finds a card type of the ruleset (an unknown id gives an empty card).
func cardByID(rs race.Ruleset, id string) race.CardType {
	for _, c := range rs.Cards {
		if c.ID == id {
			c.Special = strings.ToUpper(strings.TrimSpace(c.Special))
			return c
		}
	}
	return race.CardType{ID: id}
}

// profileUnit is a unit name for n things ("km" stays "km").
func profileUnit(unit, fallback string, n int) string {
	switch {
	case unit == "":
		return fallback
	case n == 1 || strings.HasSuffix(unit, "km"):
		return unit
	}
	return unit + "s"
}

// kmTick is a kilometre indicator's label on the drawing: its number ("25" of "25 km"; real km on a
// stage built from sections), or its square.
func kmTick(m race.Marker) string {
	if f := strings.Fields(m.Label); len(f) > 0 {
		return f[0]
	}
	return fmt.Sprint(m.At)
}

// placeWords says where on the course a sprint or climb is, in the game's unit: "at km 23",
// "km 36–38", "on square 30", "squares 61–69".
func placeWords(rs race.Ruleset, from, to int) string {
	switch {
	case rs.SquareName == "km" && from == to:
		return fmt.Sprintf("at km %d", from)
	case rs.SquareName == "km":
		return fmt.Sprintf("km %d–%d", from, to)
	case from == to:
		return fmt.Sprintf("on square %d", from)
	}
	return fmt.Sprintf("squares %d–%d", from, to)
}

// localizeProfile puts a drawn profile's words in l's language: its title and summary, the start
// and finish labels, the climbs' category marks.
func localizeProfile(l *i18n.Localizer, rs race.Ruleset, st race.Stage, pv *profileView, title string) {
	if pv.Width == 0 {
		return
	}
	L := st.Length
	pv.Title = title + ": " + l.T("race.profile.summary", "Length", lengthTextIn(l, &rs, L),
		"Climbs", l.N("race.stage.climbs", len(st.Climbs)), "Sprints", l.N("race.stage.sprints", len(st.Sprints)))
	marks := map[string]string{"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "hill": "hill", "rep.": "repecho"}
	for i, t := range pv.Texts {
		switch {
		case t.Text == "Start":
			pv.Texts[i].Text = l.T("race.profile.start")
		case t.Text == finishLabel(L):
			pv.Texts[i].Text = l.T("race.profile.finish", "N", L)
		case marks[t.Text] != "":
			pv.Texts[i].Text = l.T("race.profile.cat." + marks[t.Text])
		}
	}
	for i, sh := range pv.Shapes {
		title := profileCard.ReplaceAllStringFunc(sh.Title, func(m string) string {
			return l.T("race.profile.card", "N", profileCard.FindStringSubmatch(m)[1]) + ":"
		})
		title = profileSprint.ReplaceAllStringFunc(title, func(m string) string {
			return l.T("race.sprint.title", "N", profileSprint.FindStringSubmatch(m)[1])
		})
		pv.Shapes[i].Title = profilePlace.ReplaceAllStringFunc(title, func(m string) string {
			p := profilePlace.FindStringSubmatch(m)
			switch {
			case p[2] != "":
				return l.T("race.profile.at_km", "N", p[2])
			case p[3] != "":
				return l.T("race.profile.km_range", "From", p[3], "To", p[4])
			case p[5] != "":
				return l.T("race.profile.on_square", "N", p[5])
			}
			return l.T("race.profile.squares_range", "From", p[6], "To", p[7])
		})
	}
}

// The English words of a profile's shape titles (placeWords, "Sprint 2", "Card 3:") that
// localizeProfile says again in the viewer's language.
var (
	profileCard   = regexp.MustCompile(`^Card (\d+):`)
	profileSprint = regexp.MustCompile(`^Sprint (\d+)`)
	profilePlace  = regexp.MustCompile(`(at km (\d+)|km (\d+)–(\d+)|on square (\d+)|squares (\d+)–(\d+))$`)
)
