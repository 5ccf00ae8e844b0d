package base

import (
	"fmt"
	"math"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// ProfileView is a stage's compact profile drawing, ready for the "profile" template
// (views/partials/profile.html): polygons, lines and texts in a viewBox of Width × Height,
// coloured with SVG presentation attributes only (the CSP forbids style attributes).
type ProfileView struct {
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

// ClimbShortIn is a category's short label on the drawing in l's language ("1st", "1.ª", "HC").
func ClimbShortIn(l *i18n.Localizer, id string) string {
	switch id {
	case "hors", "hc":
		return "HC"
	case "special":
		return "CE"
	case "gpm":
		return "GPM"
	}
	marks := map[string]string{"first": "first", "second": "second", "third": "third", "fourth": "fourth",
		"1": "first", "2": "second", "3": "third", "4": "fourth", "hill": "hill", "repecho": "repecho"}
	if m, ok := marks[id]; ok {
		return l.T("race.profile.cat." + m)
	}
	return id
}

// profileGeometry holds the drawing's frame.
type profileGeometry struct {
	x0, x1, base, top, font int
}

// NewProfileView draws a stage, its words in l's language: the flat baseline, climbs as ramps
// coloured and heighted by category (2RUOTE: the terrain of each card), sprint flags, the board
// markers and km ticks. compact draws the small version the wizard shows for every stage.
func NewProfileView(l *i18n.Localizer, rs race.Ruleset, st race.Stage, title string, compact bool) ProfileView {
	L := st.Length
	if L < 1 {
		return ProfileView{}
	}
	pv := ProfileView{Width: 1000, Height: 230, Compact: compact}
	g := profileGeometry{x0: 24, x1: 976, base: 180, top: 40, font: 20}
	if compact {
		pv.Height, g.base, g.top, g.font = 170, 128, 34, 22
	}
	pv.Title = title + ": " + l.T("race.profile.summary", "Length", LengthTextIn(l, &rs, L),
		"Climbs", l.N("race.stage.climbs", len(st.Climbs)), "Sprints", l.N("race.stage.sprints", len(st.Sprints)))
	start, finish := l.T("race.profile.start"), l.T("race.profile.finish", "N", L)
	cards := len(st.Cards) > 0
	x := func(at float64) int {
		return g.x0 + int(math.Round(at*float64(g.x1-g.x0)/float64(L)))
	}
	if cards {
		pv.drawCards(l, rs, st, g, x)
	} else {
		pv.drawClimbs(l, rs, st, g, x)
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
			if mx-g.x0 > textWidth(start, g.font-2)+half && g.x1-mx > textWidth(finish, g.font-2)+half { // clear of the start and finish words
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
			Fill: "#16a34a", Title: l.T("race.sprint.title", "N", sp.Index) + " " + placeWordsIn(l, rs, sp.At, sp.At)})
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
		profileText{X: g.x0, Y: g.base + 10 + g.font, Size: g.font - 2, Text: start, Anchor: "start", Fill: "#111827"},
		profileText{X: g.x1, Y: g.base + 10 + g.font, Size: g.font - 2, Text: finish, Anchor: "end", Fill: "#111827"})
	return pv
}

// textWidth is about how wide text is at a font size, in the profile's units (a sans-serif
// character is at most about 0.62 of the size: enough to keep labels from running into each other).
func textWidth(text string, size int) int {
	return int(math.Ceil(float64(len([]rune(text))*size) * 0.62))
}

// drawClimbs draws each climb as a ramp up to its top and a descent after it (a Ciclismo a fondo
// descent section's length, else half the climb, never into the next climb nor past the finish).
func (pv *ProfileView) drawClimbs(l *i18n.Localizer, rs race.Ruleset, st race.Stage, g profileGeometry, x func(float64) int) {
	ranks := max(len(rs.ClimbCategories), 1)
	maxH := g.base - g.top - 8
	for k, cl := range st.Climbs {
		if cl.Start < 1 || cl.End < cl.Start || cl.End > st.Length {
			continue
		}
		rank, name := ranks, cl.Category
		if cat, ok := rs.ClimbCategory(cl.Category); ok {
			rank, name = max(cat.Rank, 1), cat.NameIn(l.Lang())
		}
		h := max(maxH*(ranks-rank+1)/ranks, 14)
		color := climbColors()[min(rank, len(climbColors()))-1]
		descent := (cl.End - cl.Start + 1) / 2
		if d, ok := descentAfter(rs, st, cl); ok {
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
			Fill:   color, Title: name + ", " + placeWordsIn(l, rs, cl.Start, cl.End)})
		pv.Texts = append(pv.Texts, profileText{X: xe, Y: g.base - h - 6, Size: g.font - 2, Text: ClimbShortIn(l, cl.Category), Anchor: "middle", Fill: color})
	}
}

// descentAfter is the squares of a descent section (by its kind in the ruleset) right after a climb's
// last square, if any.
func descentAfter(rs race.Ruleset, st race.Stage, cl race.Climb) (int, bool) {
	pos := 0
	for k, sec := range st.Sections {
		pos += sec.Squares
		if pos == cl.End && k+1 < len(st.Sections) && race.SectionKind(rs, st.Sections[k+1].Type) == race.SectionDescent {
			return st.Sections[k+1].Squares, true
		}
	}
	return 0, false
}

// drawCards draws a 2RUOTE stage card by card: mountain cards climb a level, descents go down one,
// hills are bumps, GPM cards are summits, TV and R cards are flat.
func (pv *ProfileView) drawCards(l *i18n.Localizer, rs race.Ruleset, st race.Stage, g profileGeometry, x func(float64) int) {
	levels := make([]int, len(st.Cards)+1)
	top := 1
	for k, id := range st.Cards {
		c := CardByID(rs, id)
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
		c := CardByID(rs, id)
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
		name := c.NameIn(l.Lang())
		if name == "" {
			name = id
		}
		pv.Shapes = append(pv.Shapes, profileShape{Points: pts, Fill: fill, Title: l.T("race.profile.card", "N", k+1) + ": " + name})
		if c.Special == race.CardGPM || c.Special == race.CardR {
			pv.Texts = append(pv.Texts, profileText{X: (x0 + x1) / 2, Y: min(y0, y1) - 8, Size: g.font - 2, Text: c.Special, Anchor: "middle", Fill: "#111827"})
		}
	}
}

// CardByID finds a card type of the ruleset (an unknown id gives an empty card).
func CardByID(rs race.Ruleset, id string) race.CardType {
	for _, c := range rs.Cards {
		if c.ID == id {
			c.Special = strings.ToUpper(strings.TrimSpace(c.Special))
			return c
		}
	}
	return race.CardType{ID: id}
}

// kmTick is a kilometre indicator's label on the drawing: its number ("25" of "25 km"; real km on a
// stage built from sections), or its square.
func kmTick(m race.Marker) string {
	if f := strings.Fields(m.Label); len(f) > 0 {
		return f[0]
	}
	return fmt.Sprint(m.At)
}

// placeWordsIn says where on the course a sprint or climb is, in the game's unit and l's language:
// "en el km 23", "km 36–38", "sulla casella 30", "casillas 61–69".
func placeWordsIn(l *i18n.Localizer, rs race.Ruleset, from, to int) string {
	switch {
	case rs.SquareName == "km" && from == to:
		return l.T("race.profile.at_km", "N", from)
	case rs.SquareName == "km":
		return l.T("race.profile.km_range", "From", from, "To", to)
	case from == to:
		return l.T("race.profile.on_square", "N", from)
	}
	return l.T("race.profile.squares_range", "From", from, "To", to)
}
