package sheets

// Table layout, in mm.
const (
	rowHeight      = 5.2
	tallRowHeight  = 7.0
	denseRowHeight = 4.5
	headRowHeight  = 6.0
	cellPad        = 1.2
	swatchSize     = 2.8
	// minScale is how far a table's font and widths may shrink before it is split into parts.
	minScale = 0.8
)

// tablePart is the columns of a table printed together, with their widths.
type tablePart struct {
	cols   []int
	widths []float64
}

// table prints a table: its title, a header row repeated on every page, zebra rows. A table wider
// than the page shrinks a little, and beyond that is split into parts that repeat the key columns.
func (d *pdfDoc) table(t *table) {
	pdf := d.pdf
	avail := d.innerWidth()
	scale := 1.0
	total := tableWidth(t.cols)
	var parts []tablePart
	switch {
	case total <= avail:
		parts = []tablePart{stretch(t.cols, avail, t.spread)}
	case total*minScale <= avail:
		scale = avail / total
		p := tablePart{}
		for i, c := range t.cols {
			p.cols = append(p.cols, i)
			p.widths = append(p.widths, c.width*scale)
		}
		parts = []tablePart{p}
	default:
		scale = minScale
		parts = splitColumns(t.cols, avail, scale)
	}
	for i, part := range parts {
		title := t.title
		if len(parts) > 1 {
			title = t.title + " " + d.w("part_of", "N", i+1, "Of", len(parts))
		}
		d.tablePart(t, part, title, scale)
	}
	if t.note != "" {
		pdf.SetFont(fontFamily, "", smallSize)
		setText(pdf, 90, 90, 90)
		pdf.SetX(pageMargin)
		pdf.MultiCell(avail, 3.6, t.note, "", "L", false)
		setText(pdf, 0, 0, 0)
	}
	pdf.Ln(4)
}

// stretch gives the width the page has left to the flex columns (spread: also to every column that
// is not a key one).
func stretch(cols []column, avail float64, spread bool) tablePart {
	p := tablePart{}
	grows := func(c column) bool { return c.flex || spread && !c.key }
	flex := 0.0
	for _, c := range cols {
		if grows(c) {
			flex += c.width
		}
	}
	extra := avail - tableWidth(cols)
	for i, c := range cols {
		w := c.width
		if grows(c) && flex > 0 {
			w += extra * c.width / flex
		}
		p.cols = append(p.cols, i)
		p.widths = append(p.widths, w)
	}
	return p
}

// splitColumns cuts a wide table into parts that fit the page: each part has the key columns and
// about an equal share of the others, in order; the flex columns of a part take its spare width.
func splitColumns(cols []column, avail, scale float64) []tablePart {
	keyWidth, rest := 0.0, 0.0
	for _, c := range cols {
		if c.key {
			keyWidth += c.width * scale
		} else {
			rest += c.width * scale
		}
	}
	share := rest
	if n := len(cutColumns(cols, avail, scale, keyWidth, rest)); n > 1 {
		share = rest / float64(n)
	}
	parts := cutColumns(cols, avail, scale, keyWidth, share)
	for i := range parts {
		parts[i] = fill(parts[i], cols, avail)
	}
	return parts
}

// cutColumns groups the non-key columns in order, a group closing once it holds share mm or the
// next column would not fit; every group is preceded by the key columns.
func cutColumns(cols []column, avail, scale, keyWidth, share float64) []tablePart {
	var parts []tablePart
	var cur tablePart
	used := 0.0
	flush := func() {
		p := tablePart{}
		for i, c := range cols {
			if c.key {
				p.cols = append(p.cols, i)
				p.widths = append(p.widths, c.width*scale)
			}
		}
		p.cols = append(p.cols, cur.cols...)
		p.widths = append(p.widths, cur.widths...)
		parts = append(parts, p)
		cur, used = tablePart{}, 0
	}
	for i, c := range cols {
		if c.key {
			continue
		}
		w := c.width * scale
		if len(cur.cols) > 0 && (keyWidth+used+w > avail || used >= share-0.01) {
			flush()
		}
		cur.cols = append(cur.cols, i)
		cur.widths = append(cur.widths, w)
		used += w
	}
	if len(cur.cols) > 0 || len(parts) == 0 {
		flush()
	}
	return parts
}

// fill gives a part's spare width to its flex columns.
func fill(p tablePart, cols []column, avail float64) tablePart {
	total, flex := 0.0, 0.0
	for i, ci := range p.cols {
		total += p.widths[i]
		if cols[ci].flex {
			flex += p.widths[i]
		}
	}
	if flex == 0 || total >= avail {
		return p
	}
	for i, ci := range p.cols {
		if cols[ci].flex {
			p.widths[i] += (avail - total) * p.widths[i] / flex
		}
	}
	return p
}

// tablePart prints the columns of one part, breaking pages between rows.
func (d *pdfDoc) tablePart(t *table, p tablePart, title string, scale float64) {
	pdf := d.pdf
	rh := rowHeight
	switch {
	case t.tall:
		rh = tallRowHeight
	case t.dense:
		rh = denseRowHeight
	}
	firstRows := min(len(t.rows), 2)
	d.ensure(6 + headRowHeight + float64(firstRows)*rh)
	d.tableTitle(title)
	if len(t.rows) == 0 {
		pdf.SetFont(fontFamily, "", bodySize)
		setText(pdf, 110, 110, 110)
		pdf.SetX(pageMargin)
		pdf.CellFormat(d.innerWidth(), rh, orDash(t.empty), "", 1, "L", false, 0, "")
		setText(pdf, 0, 0, 0)
		return
	}
	d.headRow(t, p, scale)
	for i, row := range t.rows {
		h := d.rowHeight(t, p, row, rh, scale)
		if pdf.GetY()+h > d.bottom() || d.strandsTail(len(t.rows)-i, rh) {
			d.addPage()
			d.tableTitle(title + " " + d.w("continued"))
			d.headRow(t, p, scale)
		}
		d.row(t, p, row, i%2 == 1, h, scale)
	}
}

// minTail is the fewest rows a table carries onto a new page: a page holding its title, its header
// and one lone row is a page wasted and a row easily missed.
const minTail = 3

// strandsTail reports whether the table should break before its last minTail rows: they do not all
// fit on this page, so breaking at the page's end would carry fewer than minTail rows over.
func (d *pdfDoc) strandsTail(left int, rh float64) bool {
	if left != minTail {
		return false
	}
	return d.pdf.GetY()+float64(left)*rh > d.bottom()
}

// tableTitle prints a table's title.
func (d *pdfDoc) tableTitle(title string) {
	if title == "" {
		return
	}
	pdf := d.pdf
	pdf.SetFont(fontFamily, "B", headingSize-0.5)
	setText(pdf, 20, 20, 20)
	pdf.SetX(pageMargin)
	pdf.CellFormat(d.innerWidth(), 6, fitText(pdf, title, d.innerWidth()), "", 1, "L", false, 0, "")
}

// headRow prints the column titles on a dark band, shrinking a title to fit its column.
func (d *pdfDoc) headRow(t *table, p tablePart, scale float64) {
	pdf := d.pdf
	setFill(pdf, 44, 62, 80)
	setText(pdf, 255, 255, 255)
	pdf.SetX(pageMargin)
	for i, ci := range p.cols {
		c := t.cols[ci]
		w := p.widths[i]
		size := (bodySize - 0.5) * scale
		pdf.SetFont(fontFamily, "B", size)
		for size > 5 && pdf.GetStringWidth(c.title) > w-2*cellPad {
			size -= 0.25
			pdf.SetFont(fontFamily, "B", size)
		}
		pdf.CellFormat(w, headRowHeight, fitText(pdf, c.title, w-2*cellPad), "", 0, c.align, true, 0, "")
	}
	pdf.Ln(headRowHeight)
	setText(pdf, 0, 0, 0)
}

// row prints one row: zebra fill, team swatches, boxes to fill in, highlighted cells.
func (d *pdfDoc) row(t *table, p tablePart, row tableRow, zebra bool, rh, scale float64) {
	pdf := d.pdf
	x, y := pageMargin, pdf.GetY()
	total := 0.0
	for _, w := range p.widths {
		total += w
	}
	if zebra {
		setFill(pdf, 238, 242, 247)
		pdf.Rect(x, y, total, rh, "F")
	}
	style := ""
	if row.strong {
		style = "B"
	}
	for i, ci := range p.cols {
		w := p.widths[i]
		var c cell
		if ci < len(row.cells) {
			c = row.cells[ci]
		}
		d.cell(t.cols[ci], c, x, y, w, rh, style, scale, wrapped(t, t.cols[ci], c))
		x += w
	}
	setDraw(pdf, 200, 205, 212)
	pdf.SetLineWidth(0.1)
	pdf.Line(pageMargin, y+rh, pageMargin+total, y+rh)
	pdf.SetLineWidth(0.2)
	pdf.SetXY(pageMargin, y+rh)
}

// cell prints one cell in the box (x, y, w, h); a wrapping cell breaks its text onto lines.
func (d *pdfDoc) cell(c column, v cell, x, y, w, h float64, style string, scale float64, wrap bool) {
	pdf := d.pdf
	if v.kind == kindBox {
		setDraw(pdf, 120, 120, 120)
		setFill(pdf, 255, 255, 255)
		pdf.Rect(x+0.8, y+0.8, w-1.6, h-1.6, "FD")
		return
	}
	if v.mark {
		setFill(pdf, 255, 214, 214)
		pdf.Rect(x, y, w, h, "F")
		setText(pdf, 170, 0, 0)
		style = "B"
	}
	pdf.SetFont(fontFamily, style, bodySize*scale)
	textX, textW := x, w
	if v.color != "" {
		r, g, b := rgb(v.color)
		setFill(pdf, r, g, b)
		setDraw(pdf, 80, 80, 80)
		pdf.Rect(x+cellPad, y+(h-swatchSize)/2, swatchSize, swatchSize, "FD")
		textX += swatchSize + cellPad
		textW -= swatchSize + cellPad
	}
	text := d.cellText(v)
	if lines := []string(nil); wrap {
		if lines = wrapLines(pdf, text, textW-2*cellPad); len(lines) > 1 {
			wrappedText(pdf, lines, textX, y, textW, h, c.align, bodySize*scale)
			setText(pdf, 0, 0, 0)
			return
		}
	}
	pdf.SetXY(textX, y)
	pdf.CellFormat(textW, h, fitText(pdf, text, textW-2*cellPad), "", 0, c.align, false, 0, "")
	setText(pdf, 0, 0, 0)
}
