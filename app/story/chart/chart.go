// Package chart draws the story of a tour: each chart is a drawing model (shapes in a viewBox) with
// its title, a sentence or two saying what it shows, and its data as a table, drawn the same way
// as inline SVG for the pages and onto a gofpdf page for the book. Every word comes from the
// reader's Localizer.
package chart

import (
	"html"
	"html/template"
	"strconv"
	"strings"

	"racedirector/app/colour"
)

// Chart kinds, one per chart of the story (the class "chart-<kind>" of its SVG).
const (
	KindGC       = "gc"
	KindGaps     = "gaps"
	KindSwings   = "swings"
	KindJerseys  = "jerseys"
	KindManagers = "managers"
	KindSources  = "sources"
)

// Chart is one chart of the story: words, data and the shapes that draw it.
type Chart struct {
	Kind string
	// Title names the chart; Summary says in a sentence or two what it shows.
	Title   string
	Summary string
	// Table is the chart's data, for the "show data" toggle and for readers who cannot see it.
	Table Table
	// W and H are the viewBox the shapes are drawn in.
	W, H   float64
	Shapes []Shape
}

// Table is a chart's data: a head and rows of cells, as written for the reader.
type Table struct {
	Head []string
	Rows [][]string
}

// Layout is the room a chart is drawn for: its viewBox width and height (a hint the charts whose
// height follows their data may change), the body text size, and whether it is narrow (a phone,
// where some charts turn on their side).
type Layout struct {
	W, H, Font float64
	Narrow     bool
}

// Phone is the layout for a phone held upright (about 390 px wide): text stays about 12 px.
func Phone() Layout { return Layout{W: 400, H: 560, Font: 14.5, Narrow: true} }

// Quarter is the layout of one of four charts on an A4 landscape page (the tour summary): about
// 84 × 75 mm, its text about 7 pt.
func Quarter() Layout { return Layout{W: 560, H: 500, Font: 18} }

// Screen is the layout for a tablet, a computer or a 1920×1080 TV (16:9), and for the PDF.
func Screen() Layout { return Layout{W: 960, H: 540, Font: 15} }

// Shape is one thing drawn: a line, a polyline, a rectangle, a circle or a text.
type Shape interface {
	svg(b *strings.Builder)
	pdf(p *pen)
}

// Line is a straight line.
type Line struct {
	X1, Y1, X2, Y2 float64
	Stroke         string
	Width          float64
	// Dash is a dash length (0: solid).
	Dash float64
	Key  string
}

// Polyline is an open line through Points (a rider's or manager's line).
type Polyline struct {
	Points []Point
	Stroke string
	Width  float64
	// Key names what the line is of ("rider-11", "team-3"): tests and style sheets find it by it.
	Key string
}

// Point is a point of the viewBox.
type Point struct{ X, Y float64 }

// Rect is a rectangle; an empty Fill or Stroke draws none.
type Rect struct {
	X, Y, W, H   float64
	Fill, Stroke string
	Key          string
}

// Circle is a filled dot with an optional outline.
type Circle struct {
	X, Y, R      float64
	Fill, Stroke string
	Key          string
}

// Text is a line of text; Y is its baseline, Anchor "start", "middle" or "end".
type Text struct {
	X, Y   float64
	S      string
	Size   float64
	Fill   string
	Anchor string
	Bold   bool
	Key    string
}

// SVG draws the chart as inline SVG, every text escaped and every colour checked: safe to put in a
// page as it is. It scales to its container's width (presentation attributes only: no style).
func (c Chart) SVG() template.HTML {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="chart chart-` + esc(c.Kind) + `" viewBox="0 0 ` + num(c.W) + ` ` + num(c.H) +
		`" width="100%" role="img" aria-label="` + esc(c.Title) + `" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`)
	b.WriteString(`<title>` + esc(c.Title) + `</title><desc>` + esc(c.Summary) + `</desc>`)
	for _, s := range c.Shapes {
		s.svg(&b)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String()) // every text and attribute above is escaped
}

func (l Line) svg(b *strings.Builder) {
	b.WriteString(`<line x1="` + num(l.X1) + `" y1="` + num(l.Y1) + `" x2="` + num(l.X2) + `" y2="` + num(l.Y2) +
		`" stroke="` + color(l.Stroke) + `" stroke-width="` + num(l.Width) + `"`)
	if l.Dash > 0 {
		b.WriteString(` stroke-dasharray="` + num(l.Dash) + `"`)
	}
	key(b, l.Key)
	b.WriteString(`/>`)
}

func (p Polyline) svg(b *strings.Builder) {
	b.WriteString(`<polyline fill="none" stroke-linejoin="round" stroke-linecap="round" stroke="` + color(p.Stroke) + `" stroke-width="` + num(p.Width) + `" points="`)
	for i, pt := range p.Points {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(pt.X) + "," + num(pt.Y))
	}
	b.WriteString(`"`)
	key(b, p.Key)
	b.WriteString(`/>`)
}

func (r Rect) svg(b *strings.Builder) {
	b.WriteString(`<rect x="` + num(r.X) + `" y="` + num(r.Y) + `" width="` + num(r.W) + `" height="` + num(r.H) + `"` + paint(r.Fill, r.Stroke))
	key(b, r.Key)
	b.WriteString(`/>`)
}

func (c Circle) svg(b *strings.Builder) {
	b.WriteString(`<circle cx="` + num(c.X) + `" cy="` + num(c.Y) + `" r="` + num(c.R) + `"` + paint(c.Fill, c.Stroke))
	key(b, c.Key)
	b.WriteString(`/>`)
}

func (t Text) svg(b *strings.Builder) {
	b.WriteString(`<text x="` + num(t.X) + `" y="` + num(t.Y) + `" font-size="` + num(t.Size) + `" fill="` + color(t.Fill) + `"`)
	if t.Anchor == "middle" || t.Anchor == "end" {
		b.WriteString(` text-anchor="` + t.Anchor + `"`)
	}
	if t.Bold {
		b.WriteString(` font-weight="bold"`)
	}
	key(b, t.Key)
	b.WriteString(`>` + esc(t.S) + `</text>`)
}

// paint writes the fill and stroke attributes of a closed shape.
func paint(fill, stroke string) string {
	s := ` fill="none"`
	if fill != "" {
		s = ` fill="` + color(fill) + `"`
	}
	if stroke != "" {
		s += ` stroke="` + color(stroke) + `" stroke-width="1"`
	}
	return s
}

// key writes a shape's data-key.
func key(b *strings.Builder, k string) {
	if k != "" {
		b.WriteString(` data-key="` + esc(k) + `"`)
	}
}

// esc escapes a text for SVG content and attributes.
func esc(s string) string { return html.EscapeString(s) }

// num writes a coordinate with at most one decimal.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0")
}

// color is c when it is a #rrggbb colour, else a neutral grey: a team's colour comes from the
// database and is never written unchecked.
func color(c string) string {
	if colour.Is(c) {
		return c
	}
	return "#777777"
}

// rgb splits a colour into its red, green and blue (0–255).
func rgb(c string) (int, int, int) {
	c = color(c)
	v, _ := strconv.ParseUint(c[1:], 16, 32)
	return int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff)
}

// light says whether a colour is light enough to need dark text on it and an outline around it.
func light(c string) bool {
	r, g, b := rgb(c)
	return 299*r+587*g+114*b > 160_000
}

// ink is the text colour readable on a background colour.
func ink(background string) string {
	if light(background) {
		return "#1a1a1a"
	}
	return "#ffffff"
}
