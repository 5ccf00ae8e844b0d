package chart

import (
	"github.com/jung-kurt/gofpdf"
)

// PDFFont is the font family DrawPDF writes with: the caller has added it (app/sheets adds DejaVu
// Sans, regular and bold, which has every letter of the riders' names).
const PDFFont = "DejaVu"

// pen maps viewBox coordinates onto a PDF page.
type pen struct {
	pdf          *gofpdf.Fpdf
	x, y, scale  float64
	pointsToUnit float64
}

// DrawPDF draws the chart's shapes into the box x, y, w, h of the current page (in the document's
// unit), keeping the chart's proportions: centred across the box, at its top (a chart's height is
// c.H/c.W of its width, for the caller who lays out a page).
func (c Chart) DrawPDF(pdf *gofpdf.Fpdf, x, y, w, h float64) {
	if c.W <= 0 || c.H <= 0 {
		return
	}
	scale := min(w/c.W, h/c.H)
	p := &pen{pdf: pdf, scale: scale, x: x + (w-c.W*scale)/2, y: y, pointsToUnit: pdf.GetConversionRatio()}
	pdf.SetLineCapStyle("round")
	pdf.SetLineJoinStyle("round")
	for _, s := range c.Shapes {
		s.pdf(p)
	}
	pdf.SetDashPattern(nil, 0)
	pdf.SetLineCapStyle("butt")
	pdf.SetLineJoinStyle("miter")
}

// at maps a viewBox point to the page.
func (p *pen) at(x, y float64) (float64, float64) { return p.x + x*p.scale, p.y + y*p.scale }

func (p *pen) stroke(c string, width float64) {
	p.pdf.SetDrawColor(rgb(c))
	p.pdf.SetLineWidth(width * p.scale)
}

func (p *pen) fill(c string) { p.pdf.SetFillColor(rgb(c)) }

func (l Line) pdf(p *pen) {
	p.stroke(l.Stroke, l.Width)
	if l.Dash > 0 {
		p.pdf.SetDashPattern([]float64{l.Dash * p.scale, l.Dash * p.scale}, 0)
	}
	x1, y1 := p.at(l.X1, l.Y1)
	x2, y2 := p.at(l.X2, l.Y2)
	p.pdf.Line(x1, y1, x2, y2)
	if l.Dash > 0 {
		p.pdf.SetDashPattern(nil, 0)
	}
}

func (pl Polyline) pdf(p *pen) {
	if len(pl.Points) < 2 {
		return
	}
	p.stroke(pl.Stroke, pl.Width)
	x, y := p.at(pl.Points[0].X, pl.Points[0].Y)
	p.pdf.MoveTo(x, y)
	for _, pt := range pl.Points[1:] {
		x, y = p.at(pt.X, pt.Y)
		p.pdf.LineTo(x, y)
	}
	p.pdf.DrawPath("D")
}

// style is gofpdf's drawing style for a fill and a stroke.
func style(fill, stroke string) string {
	switch {
	case fill != "" && stroke != "":
		return "FD"
	case fill != "":
		return "F"
	}
	return "D"
}

func (r Rect) pdf(p *pen) {
	if r.Fill == "" && r.Stroke == "" {
		return
	}
	if r.Fill != "" {
		p.fill(r.Fill)
	}
	if r.Stroke != "" {
		p.stroke(r.Stroke, 1)
	}
	x, y := p.at(r.X, r.Y)
	p.pdf.Rect(x, y, r.W*p.scale, r.H*p.scale, style(r.Fill, r.Stroke))
}

func (c Circle) pdf(p *pen) {
	if c.Fill != "" {
		p.fill(c.Fill)
	}
	if c.Stroke != "" {
		p.stroke(c.Stroke, 1)
	}
	x, y := p.at(c.X, c.Y)
	p.pdf.Circle(x, y, c.R*p.scale, style(c.Fill, c.Stroke))
}

func (t Text) pdf(p *pen) {
	st := ""
	if t.Bold {
		st = "B"
	}
	p.pdf.SetFont(PDFFont, st, t.Size*p.scale*p.pointsToUnit)
	p.pdf.SetTextColor(rgb(t.Fill))
	x, y := p.at(t.X, t.Y)
	switch t.Anchor {
	case "middle":
		x -= p.pdf.GetStringWidth(t.S) / 2
	case "end":
		x -= p.pdf.GetStringWidth(t.S)
	}
	p.pdf.Text(x, y, t.S)
}
