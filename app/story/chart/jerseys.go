package chart

import (
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/story"
)

// run is a stretch of stages a jersey stayed on one rider's shoulders (bib 0: nobody led it).
type run struct {
	from, to int // stages, 1-based, inclusive
	holder   story.Rider
}

// runs cuts a jersey's history into stretches of one holder.
func runs(strip story.Strip) []run {
	var out []run
	for i, h := range strip.Holders {
		if n := len(out); n > 0 && out[n-1].holder.Bib == h.Bib {
			out[n-1].to = i + 1
			continue
		}
		out = append(out, run{from: i + 1, to: i + 1, holder: h})
	}
	return out
}

// runKey names a stretch's rectangle: "jersey-<class>-<from>-<to>-<bib>".
func runKey(class string, r run) string {
	return "jersey-" + class + "-" + itoa(r.from) + "-" + itoa(r.to) + "-" + itoa(r.holder.Bib)
}

// Jerseys draws who held each jersey after each stage: a strip per jersey in its colour, cut where
// the jersey changed shoulders, with the holder's name. On a narrow layout the strips stand upright
// (a column per jersey, a row per stage) so the names keep their room.
func Jerseys(s *story.Story, l *i18n.Localizer, lay Layout) Chart {
	s = worn(s)
	c := &canvas{font: lay.Font}
	var h float64
	if lay.Narrow {
		h = jerseyColumns(c, s, l, lay)
	} else {
		h = jerseyRows(c, s, l, lay)
	}
	return Chart{Kind: KindJerseys, Title: l.T("story.chart.jerseys.title"), Summary: jerseysSummary(s, l), Table: jerseyTable(s, l), W: lay.W, H: h, Shapes: c.shapes}
}

// jerseyRows draws a strip per jersey across the stages; it returns the chart's height.
func jerseyRows(c *canvas, s *story.Story, l *i18n.Localizer, lay Layout) float64 {
	f := lay.Font
	rowH, gap, top := f*2.4, f*0.5, f*0.5
	ax := stageAxis{stages: s.Stages, left: min(lay.W*0.22, f*10), right: lay.W - f*0.5}
	cell := (ax.right - ax.left) / float64(max(s.Stages, 1))
	ax.left, ax.right = ax.left+cell/2, ax.right-cell/2 // stage numbers under the middle of their cells
	names := namesFor(holderLabels(s, func(r run) float64 { return float64(r.to-r.from+1)*cell - 2 - f*0.5 }), f*0.8)
	for k, strip := range s.Jerseys {
		y := top + float64(k)*(rowH+gap)
		room := ax.left - cell/2 - f*0.6
		jersey := jerseyName(s, l, k, room, f*0.85)
		size := shrink(jersey, room, f*0.85)
		c.add(Text{X: f * 0.2, Y: y + rowH/2 + f*0.3, S: fit(jersey, room, size), Size: size, Fill: inkDark, Bold: true})
		for _, r := range runs(strip) {
			x := ax.left - cell/2 + float64(r.from-1)*cell
			w := float64(r.to-r.from+1)*cell - 2
			c.add(stretch(strip, r, x, y, w, rowH))
			c.add(holderName(names, strip, r, x+w/2, y+rowH/2+f*0.28, w-f*0.5, f*0.8))
		}
	}
	bottom := top + float64(len(s.Jerseys))*(rowH+gap)
	ax.draw(c, bottom+f*0.9, l.T("story.chart.stage_axis"))
	return bottom + f*2.6
}

// jerseyColumns draws a column per jersey down the stages; it returns the chart's height.
func jerseyColumns(c *canvas, s *story.Story, l *i18n.Localizer, lay Layout) float64 {
	f := lay.Font
	head, rowH := f*2.4, f*1.9
	left := stageColumn(c, l, s.Stages, head, rowH)
	colW := (lay.W - left - f*0.3) / float64(max(len(s.Jerseys), 1))
	names := namesFor(holderLabels(s, func(run) float64 { return colW - f*0.8 }), f*0.78)
	for k, strip := range s.Jerseys {
		x := left + float64(k)*colW
		col := color(strip.Jersey.Color)
		sw := Rect{X: x, Y: f * 0.2, W: colW - 3, H: head - f*0.6, Fill: col, Key: "head-" + strip.Class}
		if light(col) {
			sw.Stroke = casing
		}
		c.add(sw)
		jersey := jerseyName(s, l, k, colW-f*0.6, f*0.75)
		size := shrink(jersey, colW-f*0.6, f*0.75)
		c.add(Text{X: x + (colW-3)/2, Y: head/2 + f*0.25, S: fit(jersey, colW-f*0.6, size), Size: size, Fill: ink(col), Anchor: "middle", Bold: true})
		for _, r := range runs(strip) {
			y := head + float64(r.from-1)*rowH
			h := float64(r.to-r.from+1)*rowH - 2
			c.add(stretch(strip, r, x, y, colW-3, h))
			c.add(holderName(names, strip, r, x+(colW-3)/2, y+h/2+f*0.28, colW-f*0.8, f*0.78))
		}
	}
	return head + float64(s.Stages)*rowH + f*0.5
}

// worn is the story with only the jerseys someone wore (a real race's mountains jersey after flat
// stages, its young riders' without young riders, would be a strip of dashes).
func worn(s *story.Story) *story.Story {
	out := *s
	out.Jerseys = nil
	for _, strip := range s.Jerseys {
		if len(strip.Wearers) > 0 {
			out.Jerseys = append(out.Jerseys, strip)
		}
	}
	return &out
}

// jerseyName is the name of the k-th jersey for a room of width at size (at most a quarter smaller):
// its whole name when every jersey's fits, else without the word every jersey's name shares
// ("Yellow" of "Yellow jersey", "de lunares" of "Maillot de lunares").
func jerseyName(s *story.Story, l *i18n.Localizer, k int, width, size float64) string {
	name := s.Jerseys[k].Jersey.NameIn(l.Lang())
	all := true // every jersey's whole name fits: a shortened one would stand out alone
	for _, strip := range s.Jerseys {
		all = all && textWidth(strip.Jersey.NameIn(l.Lang()), size*0.75) <= width
	}
	if all || len(s.Jerseys) < 2 {
		return name
	}
	split := make([][]string, len(s.Jerseys))
	for i, strip := range s.Jerseys {
		split[i] = strings.Fields(strip.Jersey.NameIn(l.Lang()))
	}
	shared := func(word func([]string) string) bool {
		for _, w := range split {
			if len(w) < 2 || !strings.EqualFold(word(w), word(split[0])) {
				return false
			}
		}
		return true
	}
	words := split[k]
	if shared(func(w []string) string { return w[0] }) {
		words = words[1:]
	} else if shared(func(w []string) string { return w[len(w)-1] }) {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return name
	}
	return strings.Join(words, " ")
}

// stretch is the rectangle of a stretch: the jersey's colour, or an outline when nobody held it.
func stretch(strip story.Strip, r run, x, y, w, h float64) Rect {
	rect := Rect{X: x, Y: y, W: w, H: h, Fill: color(strip.Jersey.Color), Key: runKey(strip.Class, r)}
	if r.holder.Bib == 0 {
		rect.Fill, rect.Stroke = "#f4f4f4", gridLine
	} else if light(rect.Fill) {
		rect.Stroke = casing
	}
	return rect
}

// holderName writes the holder's name in the middle of his stretch, in the chart's form of names.
func holderName(names riderNames, strip story.Strip, r run, x, y, width, size float64) Shape {
	name := "—"
	fill := inkSoft
	if r.holder.Bib != 0 {
		name, fill = names.fit("", r.holder.Name, r.holder.Bib, width, size), ink(color(strip.Jersey.Color))
	}
	return Text{X: x, Y: y, S: name, Size: size, Fill: fill, Anchor: "middle"}
}

// jerseyTable is the jersey chart's data: a row per jersey, its holder after each stage.
func jerseyTable(s *story.Story, l *i18n.Localizer) Table {
	t := Table{Head: []string{l.T("story.table.jersey")}}
	for n := 1; n <= s.Stages; n++ {
		t.Head = append(t.Head, stageHead(l, n))
	}
	for _, strip := range s.Jerseys {
		row := []string{strip.Jersey.NameIn(l.Lang())}
		for _, h := range strip.Holders {
			if h.Bib == 0 {
				row = append(row, "—")
			} else {
				row = append(row, h.Name)
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// jerseysSummary says, for each jersey, how many riders wore it and who wore it longest.
func jerseysSummary(s *story.Story, l *i18n.Localizer) string {
	var out []string
	for _, strip := range s.Jerseys {
		if len(strip.Wearers) == 0 {
			continue
		}
		w := strip.Wearers[0]
		if w.Days == 1 && len(strip.Wearers) > 1 { // nobody kept it: "the longest (1 stage)" would say nothing
			out = append(out, l.T("story.chart.jerseys.summary_each", "Jersey", strip.Jersey.NameIn(l.Lang()), "Count", l.Int(len(strip.Wearers))))
			continue
		}
		out = append(out, l.N("story.chart.jerseys.summary", len(strip.Wearers), "Jersey", strip.Jersey.NameIn(l.Lang()), "Rider", w.Name, "Days", l.N("story.days", w.Days)))
	}
	if len(out) == 0 {
		return l.T("story.chart.jerseys.none")
	}
	return strings.Join(out, " ")
}
