package sheets

import (
	"cmp"
	"slices"

	"github.com/jung-kurt/gofpdf"
)

// Profile drawing sizes, in mm.
const (
	profileHeight = 52.0
	profileFlags  = 9.0  // band above the profile for sprint flags and climb labels
	profileAxis   = 8.0  // band below for the axis labels
	profileBase   = 3.0  // height of the flat line above the axis
	profileRise   = 26.0 // height of the highest point above the flat line
)

// profile draws a stage profile (the engine's model, race.ProfileOf): the filled line, climbs labelled at their summit, sprint flags,
// the "to go" lines dashed, the axis with the kilometre (or card) marks, start and finish.
func (d *pdfDoc) profile(p *profile) {
	pdf := d.pdf
	d.ensure(profileHeight + 6)
	x0, y0 := pageMargin, pdf.GetY()
	w := d.innerWidth()
	axisY := y0 + profileHeight - profileAxis
	baseY := axisY - profileBase
	length := p.model.Length
	xOf := func(sq float64) float64 { return x0 + 4 + (w-8)*sq/float64(length) }
	yOf := func(h float64) float64 { return baseY - profileRise*h }

	setDraw(pdf, 190, 190, 190)
	pdf.SetLineWidth(0.2)
	pdf.Rect(x0, y0, w, profileHeight, "D")

	var poly []gofpdf.PointType
	poly = append(poly, gofpdf.PointType{X: xOf(0), Y: axisY})
	for _, pt := range p.model.Points {
		poly = append(poly, gofpdf.PointType{X: xOf(pt.X), Y: yOf(pt.H)})
	}
	poly = append(poly, gofpdf.PointType{X: xOf(float64(length)), Y: axisY})
	setFill(pdf, 205, 228, 200)
	setDraw(pdf, 50, 110, 50)
	pdf.SetLineWidth(0.4)
	pdf.Polygon(poly, "FD")
	pdf.SetLineWidth(0.2)

	setDraw(pdf, 80, 80, 80)
	pdf.Line(xOf(0), axisY, xOf(float64(length)), axisY)
	pdf.SetFont(fontFamily, "", 6)
	setText(pdf, 60, 60, 60)
	for _, t := range p.ticks {
		x := xOf(t.at)
		pdf.Line(x, axisY, x, axisY+1.2)
		pdf.SetXY(x-6, axisY+1.2)
		pdf.CellFormat(12, 3, t.label, "", 0, "C", false, 0, "")
	}
	pdf.SetFont(fontFamily, "B", 6.5)
	setText(pdf, 20, 20, 20)
	pdf.SetXY(xOf(0)-2, axisY+4.2)
	pdf.CellFormat(20, 3, d.w("marker.start"), "", 0, "L", false, 0, "")
	pdf.SetXY(xOf(float64(length))-18, axisY+4.2)
	pdf.CellFormat(20, 3, d.w("profile.finish"), "", 0, "R", false, 0, "")
	d.finishFlag(xOf(float64(length)), y0+profileFlags)

	pdf.SetDashPattern([]float64{1, 1}, 0)
	setDraw(pdf, 200, 40, 40)
	pdf.SetFont(fontFamily, "", 5.5)
	setText(pdf, 200, 40, 40)
	lastLabel := -100.0
	for i, l := range p.lines {
		x := xOf(l.at)
		pdf.Line(x, axisY-12, x, axisY)
		y := axisY - 15
		if x-lastLabel < 6 && i%2 == 1 {
			y -= 3 // two lines close together: stagger their labels
		}
		pdf.SetXY(x-6, y)
		pdf.CellFormat(6, 3, l.label, "", 0, "R", false, 0, "")
		lastLabel = x
	}
	pdf.SetDashPattern(nil, 0)

	pdf.SetFont(fontFamily, "B", 6)
	setText(pdf, 120, 30, 30)
	for i, c := range p.model.Summits {
		x, y := xOf(c.At), yOf(c.H)
		setFill(pdf, 160, 40, 40)
		pdf.Circle(x, y, 0.7, "F")
		pdf.SetXY(x-10, y-4)
		pdf.CellFormat(20, 3, p.climbs[i], "", 0, "C", false, 0, "")
	}
	setText(pdf, 90, 30, 140)
	flags := slices.Clone(p.flags)
	slices.SortStableFunc(flags, func(a, b profileMark) int { return cmp.Compare(a.at, b.at) })
	labelEnd := []float64{x0, x0} // where the labels written so far end, on each of two rows
	for _, f := range flags {
		x := xOf(f.at)
		setDraw(pdf, 90, 30, 140)
		pdf.Line(x, y0+2, x, yOf(0))
		setFill(pdf, 123, 44, 191)
		pdf.Polygon([]gofpdf.PointType{{X: x, Y: y0 + 2}, {X: x + 3, Y: y0 + 3.2}, {X: x, Y: y0 + 4.4}}, "F")
		// A label that would run into the one before it (a feed zone beside a sprint) goes a row
		// lower.
		row := 0
		if x+0.5 < labelEnd[0] {
			row = 1
		}
		pdf.SetXY(x+0.5, y0+4.6+3*float64(row))
		pdf.CellFormat(8, 3, f.label, "", 0, "L", false, 0, "")
		labelEnd[row] = x + 1.5 + pdf.GetStringWidth(f.label)
	}
	setText(pdf, 0, 0, 0)
	setDraw(pdf, 0, 0, 0)
	pdf.SetXY(x0, y0+profileHeight+1)
	pdf.SetFont(fontFamily, "", smallSize)
	setText(pdf, 90, 90, 90)
	pdf.CellFormat(w, 3.5, p.note, "", 1, "L", false, 0, "")
	setText(pdf, 0, 0, 0)
	pdf.Ln(3)
}

// finishFlag draws a small chequered flag on a pole at x, its top at y.
func (d *pdfDoc) finishFlag(x, top float64) {
	pdf := d.pdf
	setDraw(pdf, 20, 20, 20)
	pdf.Line(x, top-7, x, top+4)
	const sq = 1.2
	for r := range 3 {
		for c := range 4 {
			if (r+c)%2 == 0 {
				setFill(pdf, 20, 20, 20)
			} else {
				setFill(pdf, 255, 255, 255)
			}
			pdf.Rect(x-4*sq+float64(c)*sq, top-7+float64(r)*sq, sq, sq, "FD")
		}
	}
}
