package sheets

import (
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/story"
	"racedirector/app/story/chart"
)

// SheetSummary is the one-page tour summary: the charts of the story (the general classification,
// the gaps, the jerseys' history and, in Cycling Party, the managers' points) and the awards, in the
// PDF's language. Its workbook holds the awards and the charts' data as tables.
const SheetSummary = "summary"

// Summary page layout on A4 landscape, in mm: the charts on the left, the awards on the right.
const (
	summaryChartsWidth = 172.0
	summaryGutter      = 6.0
	summaryTop         = headerBottom + 1
)

// summaryPage is what the summary's PDF page draws.
type summaryPage struct {
	// charts are drawn two to a row, in order; a last one alone spans its row.
	charts []chart.Chart
	// awards are the awards column's paragraphs, in order.
	awards []summaryPara
}

// summaryPara is one paragraph of the awards column: a bold heading and lines, each wrapped to the
// column's width.
type summaryPara struct {
	heading string
	lines   []string
}

// summary makes the tour summary after the last closed stage; inBook adds a page of the story's
// charts the summary has no room for (the book prints every chart).
func (s *source) summary(inBook bool) ([]sheetDoc, error) {
	if s.closed == 0 {
		return nil, refuse.Conflict("no stage is closed yet: the tour summary is printed after a closed stage")
	}
	st, err := story.Tell(s.t, s.closed, s.after)
	if err != nil {
		return nil, err
	}
	l := s.l
	sub := l.T("story.moment.after", "N", s.closed, "Stages", len(s.t.Stages))
	if s.t.FinalAfter(s.closed) {
		sub = l.T("story.moment.final", "Stages", s.closed)
	}
	charts, rest := summaryCharts(st, l)
	page := &summaryPage{charts: charts, awards: summaryAwards(l, s.rs, st)}
	doc := sheetDoc{id: SheetSummary, title: l.T("sheets.title.summary"), subtitle: sub, short: l.T("sheets.title.summary"), landscape: true,
		blocks: []block{{summary: page}}}
	// The workbook's tables: the awards, then each chart's data (the PDF draws the page above instead).
	doc.blocks = append(doc.blocks, s.awardTables(st)...)
	// The data of the charts a book prints on a page of their own go with that page.
	if !inBook || len(rest) == 0 {
		charts, rest = append(charts, rest...), nil
	}
	doc.blocks = append(doc.blocks, s.storyTables(st, charts)...)
	docs := []sheetDoc{doc}
	if len(rest) > 0 {
		docs = append(docs, sheetDoc{id: SheetSummary, title: l.T("story.heading"), subtitle: sub, short: l.T("story.heading"), landscape: true,
			blocks: append([]block{{summary: &summaryPage{charts: rest}}}, s.storyTables(st, rest)...)})
	}
	return docs, nil
}

// summaryCharts are the charts the summary prints, four at most: the general classification, the
// gaps, the jerseys, then the managers' points in Cycling Party, else the time won and lost stage by
// stage (where the managers' points come from is in the awards' podium), each drawn for a quarter of
// the page; a last chart alone on its row is drawn for the whole width. rest are the story's other
// charts, which the book prints on a page of their own.
func summaryCharts(st *story.Story, l *i18n.Localizer) (out, rest []chart.Chart) {
	all := chart.All(st, l, chart.Quarter())
	skip := map[string]bool{chart.KindSources: true}
	for _, c := range all {
		if c.Kind == chart.KindManagers {
			skip[chart.KindSwings] = true
		}
	}
	for _, c := range all {
		if !skip[c.Kind] && len(out) < 4 {
			out = append(out, pdfSafeChart(c))
		} else {
			rest = append(rest, pdfSafeChart(c))
		}
	}
	if len(out)%2 == 1 {
		for _, c := range chart.All(st, l, chart.Screen()) {
			if c.Kind == out[len(out)-1].Kind {
				out[len(out)-1] = pdfSafeChart(c)
			}
		}
	}
	return out, rest
}

// pdfSafeChart is a copy of a chart whose every text the PDF can print (see safeText).
func pdfSafeChart(c chart.Chart) chart.Chart {
	shapes := make([]chart.Shape, len(c.Shapes))
	for i, sh := range c.Shapes {
		if t, ok := sh.(chart.Text); ok {
			t.S = safeText(t.S)
			sh = t
		}
		shapes[i] = sh
	}
	c.Shapes = shapes
	c.Title = safeText(c.Title)
	return c
}

// summaryAwards writes the awards as the summary's paragraphs: each podium, the special awards,
// the stage winners.
func summaryAwards(l *i18n.Localizer, rs *race.Ruleset, st *story.Story) []summaryPara {
	a := st.Awards
	var out []summaryPara
	for _, p := range a.Podiums {
		para := summaryPara{heading: podiumHeading(l, p)}
		for _, pl := range p.Places {
			who := pl.Name
			if pl.Bib == 0 {
				who = pl.Team
			} else if pl.Team != "" {
				who += " (" + pl.Team + ")"
			}
			value := chart.PlaceValueIn(l, rs, p, pl)
			para.lines = append(para.lines, strconv.Itoa(pl.Rank)+". "+who+" — "+value)
		}
		out = append(out, para)
	}
	specials := summaryPara{heading: l.T("story.summary.specials")}
	for _, sp := range specialAwards(l, rs, st) {
		specials.lines = append(specials.lines, sp.title+": "+riderOrTeam(sp.who)+" — "+sp.detail)
	}
	if len(specials.lines) > 0 {
		out = append(out, specials)
	}
	if len(a.StageWinners) > 0 {
		wins := summaryPara{heading: l.T("story.award.stage_winners")}
		var parts []string
		for _, w := range a.StageWinners {
			parts = append(parts, l.T("story.summary.stage_item", "N", w.Stage, "Who", w.Name))
		}
		wins.lines = []string{strings.Join(parts, " · ")}
		out = append(out, wins)
	}
	if n := len(st.After); n > 0 && len(st.After[n-1].Out) > 0 {
		var parts []string
		for _, o := range st.After[n-1].Out {
			how := l.T("standings.status." + strings.ToLower(o.Status))
			if o.Status == race.StatusRetired {
				how += ", " + l.T("out.reason.fatigue", "Fatigue", o.Fatigue, "Limit", o.FatigueLimit)
			} else if why := l.Say(o.ReasonSaid()); why != "" {
				how += ", " + why
			}
			parts = append(parts, l.T("story.summary.stage_item", "N", o.Stage, "Who", o.Name+" ("+how+")"))
		}
		out = append(out, summaryPara{heading: l.T("story.award.out"), lines: []string{strings.Join(parts, " · ")}})
	}
	return out
}

// summary draws the tour summary's page: the charts on the left, the awards on the right, the
// awards' type made small enough for all of them to fit.
func (d *pdfDoc) summary(p *summaryPage) {
	pdf := d.pdf
	w, h := pdf.GetPageSize()
	bottom := h - footerSpace
	rows := (len(p.charts) + 1) / 2
	chartsWidth := summaryChartsWidth
	if len(p.awards) == 0 { // the book's page of the other charts: they have the whole width
		chartsWidth = w - 2*pageMargin
	}
	cellW := (chartsWidth - summaryGutter) / 2
	for r := 0; r < rows; r++ {
		top := summaryTop + float64(r)*(bottom-summaryTop)/float64(rows)
		rowH := (bottom-summaryTop)/float64(rows) - 2
		for k := 0; k < 2 && 2*r+k < len(p.charts); k++ {
			c := p.charts[2*r+k]
			x, w := pageMargin+float64(k)*(cellW+summaryGutter), cellW
			if 2*r+1 == len(p.charts) {
				w = chartsWidth
			}
			y := d.chartTitle(c.Title, x, w, top)
			c.DrawPDF(pdf, x, y, w, top+rowH-y)
		}
	}
	if len(p.awards) == 0 {
		setText(pdf, 0, 0, 0)
		return
	}
	x := pageMargin + summaryChartsWidth + summaryGutter
	width := w - pageMargin - x
	for size := 8.0; size >= 4.5; size -= 0.5 {
		if d.awardsHeight(p.awards, width, size) <= bottom-summaryTop || size == 4.5 {
			d.drawAwards(p.awards, x, width, bottom, size)
			break
		}
	}
	setText(pdf, 0, 0, 0)
}

// chartTitle prints a chart's title at x, y in the width w (its type made smaller, down to 7 pt, for
// a long title to fit) and returns the y below it.
func (d *pdfDoc) chartTitle(title string, x, w, y float64) float64 {
	title = safeText(title)
	for size := headingSize; size >= 7; size -= 0.5 {
		d.pdf.SetFont(fontFamily, "B", size)
		if d.pdf.GetStringWidth(title) <= w {
			break
		}
	}
	setText(d.pdf, 20, 20, 20)
	d.pdf.SetXY(x, y)
	d.pdf.CellFormat(w, 5, fitText(d.pdf, title, w), "", 0, "L", false, 0, "")
	return y + 5.5
}

// awardLines is one paragraph's lines as printed in width at size (the wrapped ones split).
func (d *pdfDoc) awardLines(p summaryPara, width, size float64) []string {
	d.pdf.SetFont(fontFamily, "", size)
	var out []string
	for _, l := range p.lines {
		out = append(out, d.pdf.SplitText(safeText(l), width)...)
	}
	return out
}

// awardsHeight is the height the awards take at a type size.
func (d *pdfDoc) awardsHeight(paras []summaryPara, width, size float64) float64 {
	line := size * 0.48
	total := 0.0
	for _, p := range paras {
		total += line*1.25 + float64(len(d.awardLines(p, width, size)))*line + line*0.5
	}
	return total
}

// drawAwards prints the awards column at a type size, down to bottom: awards too long for the page
// even in the smallest type (a reason of 40,000 characters) stop there, the last line printed
// ending with an ellipsis, rather than running on over page after page.
func (d *pdfDoc) drawAwards(paras []summaryPara, x, width, bottom, size float64) {
	pdf := d.pdf
	line := size * 0.48
	y := summaryTop
	for pi, p := range paras {
		if y+line*1.25+line > bottom {
			return
		}
		setText(pdf, 20, 20, 20)
		pdf.SetFont(fontFamily, "B", size+0.5)
		pdf.SetXY(x, y)
		pdf.CellFormat(width, line*1.25, fitText(pdf, safeText(p.heading), width), "", 0, "L", false, 0, "")
		y += line * 1.25
		lines := d.awardLines(p, width, size)
		pdf.SetFont(fontFamily, "", size)
		setText(pdf, 40, 40, 40)
		for i, l := range lines {
			l = safeText(l)
			if last := y+2*line > bottom; last && (i+1 < len(lines) || pi+1 < len(paras)) {
				pdf.SetXY(x, y)
				pdf.CellFormat(width, line, fitText(pdf, strings.TrimRight(l, " ")+"…", width), "", 0, "L", false, 0, "")
				return
			}
			pdf.SetXY(x, y)
			pdf.CellFormat(width, line, fitText(pdf, l, width), "", 0, "L", false, 0, "")
			y += line
		}
		y += line * 0.5
	}
}
