package sheets

import "strings"

// safeText is s as the PDF can print it. The embedded fonts cover the Basic Multilingual Plane only,
// and gofpdf indexes its 65536-entry glyph table with every rune it prints: a rune above U+FFFF (an
// emoji in a rider's name) made it panic while writing the file. Such runes become U+FFFD.
func safeText(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return r > 0xFFFF }) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r > 0xFFFF {
			return 0xFFFD
		}
		return r
	}, s)
}

// pdfSafe returns a copy of the sheets whose every text the PDF can print (see safeText).
func pdfSafe(docs []sheetDoc) []sheetDoc {
	out := make([]sheetDoc, len(docs))
	for i, d := range docs {
		d.title, d.subtitle, d.short = safeText(d.title), safeText(d.subtitle), safeText(d.short)
		blocks := make([]block, len(d.blocks))
		for j, b := range d.blocks {
			b.heading = safeText(b.heading)
			b.lines = mapTexts(b.lines)
			if b.table != nil {
				t := *b.table
				t.title, t.note, t.empty = safeText(t.title), safeText(t.note), safeText(t.empty)
				t.cols = make([]column, len(b.table.cols))
				for k, c := range b.table.cols {
					c.title = safeText(c.title)
					t.cols[k] = c
				}
				t.rows = make([]tableRow, len(b.table.rows))
				for k, r := range b.table.rows {
					cells := make([]cell, len(r.cells))
					for m, c := range r.cells {
						c.text, c.unit = safeText(c.text), safeText(c.unit)
						cells[m] = c
					}
					r.cells = cells
					t.rows[k] = r
				}
				b.table = &t
			}
			if b.profile != nil {
				p := *b.profile
				p.note = safeText(p.note)
				p.climbs, p.flags, p.lines, p.ticks = mapTexts(p.climbs), mapMarks(p.flags), mapMarks(p.lines), mapMarks(p.ticks)
				b.profile = &p
			}
			blocks[j] = b
		}
		d.blocks = blocks
		out[i] = d
	}
	return out
}

func mapTexts(in []string) []string {
	if in == nil {
		return nil
	}
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = safeText(s)
	}
	return out
}

func mapMarks(in []profileMark) []profileMark {
	if in == nil {
		return nil
	}
	out := make([]profileMark, len(in))
	for i, m := range in {
		m.label = safeText(m.label)
		out[i] = m
	}
	return out
}
