package sheets

import (
	"strings"

	"github.com/jung-kurt/gofpdf"
)

// A communiqué prints every name and reason whole: a table marked wrap breaks the text of its flex
// columns (rider, team, reason) onto more lines, and its rows grow to hold them.

// maxWrapLines is the most lines a wrapped cell takes: enough for the longest name (60 characters)
// in the narrowest column and the longest reason (200) in its own; a longer text is cut with "…".
const maxWrapLines = 8

// lineStep is the distance between two lines of text at size points, in mm.
func lineStep(size float64) float64 { return size * 0.3528 * 1.2 }

// wrapLines breaks s into lines no wider than w in the current font, at spaces (a word wider than
// w is cut), at most maxWrapLines, the last one ending with "…" when text is left over.
func wrapLines(pdf *gofpdf.Fpdf, s string, w float64) []string {
	if s == "" || pdf.GetStringWidth(s) <= w {
		return []string{s}
	}
	var lines []string
	line := ""
	words := strings.Fields(s)
	for i, word := range words {
		next := word
		if line != "" {
			next = line + " " + word
		}
		if pdf.GetStringWidth(next) <= w {
			line = next
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = word
		if len(lines) == maxWrapLines-1 {
			// The last line takes what is left, cut to fit.
			return append(lines, fitText(pdf, strings.Join(words[i:], " "), w))
		}
	}
	return append(lines, fitText(pdf, line, w))
}

// wrapped reports whether the cell of column c wraps in table t: text in a flex column of a wrap
// table.
func wrapped(t *table, c column, v cell) bool {
	return t.wrap && c.flex && v.kind == kindText
}

// rowHeight is how tall a row is printed: rh, or more for the lines of its wrapped cells.
func (d *pdfDoc) rowHeight(t *table, p tablePart, row tableRow, rh, scale float64) float64 {
	if !t.wrap {
		return rh
	}
	pdf := d.pdf
	style := ""
	if row.strong {
		style = "B"
	}
	size := bodySize * scale
	h := rh
	for i, ci := range p.cols {
		if ci >= len(row.cells) || !wrapped(t, t.cols[ci], row.cells[ci]) {
			continue
		}
		v := row.cells[ci]
		pdf.SetFont(fontFamily, style, size)
		n := len(wrapLines(pdf, d.cellText(v), textWidth(p.widths[i], v)))
		h = max(h, rh+float64(n-1)*lineStep(size))
	}
	return h
}

// textWidth is the room for a cell's text in a column w wide: less its padding and swatch.
func textWidth(w float64, v cell) float64 {
	if v.color != "" {
		w -= swatchSize + cellPad
	}
	return w - 2*cellPad
}

// wrappedText prints lines of text in the box (x, y, w, h), centred as a block.
func wrappedText(pdf *gofpdf.Fpdf, lines []string, x, y, w, h float64, align string, size float64) {
	step := lineStep(size)
	top := y + (h-float64(len(lines))*step)/2
	for i, l := range lines {
		pdf.SetXY(x, top+float64(i)*step)
		pdf.CellFormat(w, step, l, "", 0, align, false, 0, "")
	}
}
