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
	// Line is the profile line's points (the model's, race.ProfileOf), as an SVG points list.
	Line   string
	Shapes []profileShape
	Lines  []profileLine
	Texts  []profileText
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

// NewProfileView draws a stage's profile (race.ProfileOf, the model the PDF also draws), its words in
// l's language: the profile line, each stretch coloured by its terrain (climbs by category), the
// summits labelled, sprint flags, the board's lines and the km ticks. compact draws the small
// version the wizard shows for every stage.
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
	p := race.ProfileOf(rs, st)
	start, finish := l.T("race.profile.start"), l.T("race.profile.finish", "N", p.FinishMark)
	pv.drawLine(l, rs, st, p, g)
	pv.Lines = append(pv.Lines, profileLine{X1: g.x0, Y1: g.base, X2: g.x1, Y2: g.base, Stroke: "#334155", Width: 3})
	for _, t := range p.Ticks {
		mx := g.x(p, t.At)
		pv.Lines = append(pv.Lines, profileLine{X1: mx, Y1: g.base, X2: mx, Y2: g.base + 10, Stroke: "#334155", Width: 2})
		half := textWidth(t.Label, g.font-2)/2 + 6
		if mx-g.x0 > textWidth(start, g.font-2)+half && g.x1-mx > textWidth(finish, g.font-2)+half { // clear of the start and finish words
			pv.Texts = append(pv.Texts, profileText{X: mx, Y: g.base + 10 + g.font, Size: g.font - 2, Text: t.Label, Anchor: "middle", Fill: "#475569"})
		}
	}
	for _, m := range p.Lines {
		mx := g.x(p, m.At)
		if m.Kind == race.MarkerAttackLine {
			pv.Lines = append(pv.Lines, profileLine{X1: mx, Y1: g.top - 10, X2: mx, Y2: g.base, Stroke: "#dc2626", Dash: "8 6", Width: 2})
		} else {
			pv.Lines = append(pv.Lines, profileLine{X1: mx, Y1: g.top + 10, X2: mx, Y2: g.base, Stroke: "#d97706", Dash: "4 4", Width: 2})
		}
	}
	lastLabel := -1000
	for _, sp := range p.Sprints {
		sx, flagTop := g.x(p, sp.At), g.top-2
		at := int(sp.At + 0.5)
		pv.Lines = append(pv.Lines, profileLine{X1: sx, Y1: flagTop, X2: sx, Y2: g.base, Stroke: "#14532d", Width: 2})
		pv.Shapes = append(pv.Shapes, profileShape{Points: fmt.Sprintf("%d,%d %d,%d %d,%d", sx, flagTop, sx+20, flagTop+8, sx, flagTop+16),
			Fill: "#16a34a", Title: l.T("race.sprint.title", "N", sp.Index) + " " + placeWordsIn(l, rs, at, at)})
		label := profileText{X: sx, Y: flagTop - 6, Size: g.font - 2, Text: SprintMarkIn(l, &rs, sp.Index), Anchor: "middle", Fill: "#14532d"}
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

// SprintMarkIn is intermediate sprint n's short mark in l's language: the game's own ("TV1" in 2RUOTE),
// else the catalogue's ("S1", "MV1").
func SprintMarkIn(l *i18n.Localizer, rs *race.Ruleset, n int) string {
	if m := rs.SprintMarkIn(l.Lang(), n); m != "" {
		return m
	}
	return l.T("sheets.abbr.sprint", "N", n)
}

// x is where a place of the course (in the profile's squares or cards) is on the drawing.
func (g profileGeometry) x(p race.Profile, at float64) int {
	return g.x0 + int(math.Round(at*float64(g.x1-g.x0)/float64(p.Length)))
}

// y is where a height of the profile (0 to 1) is on the drawing.
func (g profileGeometry) y(h float64) int {
	return g.base - int(math.Round(h*float64(g.base-g.top-8)))
}

// textWidth is about how wide text is at a font size, in the profile's units (a sans-serif
// character is at most about 0.62 of the size: enough to keep labels from running into each other).
func textWidth(text string, size int) int {
	return int(math.Ceil(float64(len([]rune(text))*size) * 0.62))
}

// drawLine draws the model's line: every stretch filled down to the baseline in its terrain's colour
// (a climb by its category's rank), the line itself over them, the summits labelled.
func (pv *ProfileView) drawLine(l *i18n.Localizer, rs race.Ruleset, st race.Stage, p race.Profile, g profileGeometry) {
	ranks := max(len(rs.ClimbCategories), 1)
	var line []string
	for i, b := range p.Points {
		line = append(line, fmt.Sprintf("%d,%d", g.x(p, b.X), g.y(b.H)))
		if i == 0 {
			continue
		}
		a := p.Points[i-1]
		if a.H == 0 && b.H == 0 {
			continue // flat on the baseline
		}
		fill, title := "#cbd5e1", ""
		switch b.Terrain {
		case race.StretchClimb:
			rank := ranks
			if cat, ok := rs.ClimbCategory(b.Category); ok && cat.Rank >= 1 {
				rank = min(cat.Rank, ranks)
			}
			fill = climbColors()[min(rank, len(climbColors()))-1]
		case race.StretchDescent:
			fill = "#4d7c0f"
		case race.StretchHill:
			fill = "#f59e0b"
		}
		if b.Card != "" {
			title = l.T("race.profile.card", "N", int(math.Ceil(b.X))) + ": " + cardName(l, rs, b.Card)
		} else if b.Terrain == race.StretchClimb {
			title = climbName(l, rs, b.Category)
		}
		xa, xb := g.x(p, a.X), g.x(p, b.X)
		pv.Shapes = append(pv.Shapes, profileShape{Fill: fill, Title: title,
			Points: fmt.Sprintf("%d,%d %d,%d %d,%d %d,%d", xa, g.base, xa, g.y(a.H), xb, g.y(b.H), xb, g.base)})
	}
	pv.Line = strings.Join(line, " ")
	for _, s := range p.Summits {
		color := climbColors()[min(s.Rank, len(climbColors()))-1]
		sx, sy := g.x(p, s.At), g.y(s.H)
		pv.Shapes = append(pv.Shapes, profileShape{Points: fmt.Sprintf("%d,%d %d,%d %d,%d", sx-5, sy, sx, sy-7, sx+5, sy), Fill: color,
			Title: climbName(l, rs, s.Climb.Category) + ", " + placeWordsIn(l, rs, s.Climb.Start, s.Climb.End)})
		pv.Texts = append(pv.Texts, profileText{X: sx, Y: sy - 10, Size: g.font - 2, Text: ClimbShortIn(l, s.Climb.Category), Anchor: "middle", Fill: color})
	}
	for _, f := range p.Feeds {
		fx, label := g.x(p, f.At), f.Label
		if f.Kind == race.MarkerFeed {
			label = l.T("race.profile.feed")
		}
		pv.Texts = append(pv.Texts, profileText{X: fx, Y: g.y(p.HeightAt(f.At)) - 8, Size: g.font - 2, Text: label, Anchor: "middle", Fill: "#111827"})
	}
}

// climbName is a climb category's name in l's language (its id if the ruleset has no such category).
func climbName(l *i18n.Localizer, rs race.Ruleset, id string) string {
	if cat, ok := rs.ClimbCategory(id); ok {
		return cat.NameIn(l.Lang())
	}
	return id
}

// cardName is a 2RUOTE card's name in l's language (its id if the ruleset has no such card).
func cardName(l *i18n.Localizer, rs race.Ruleset, id string) string {
	if name := CardByID(rs, id).NameIn(l.Lang()); name != "" {
		return name
	}
	return id
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
