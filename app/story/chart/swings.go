package chart

import (
	"fmt"
	"math"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/story"
)

// Colours of the time won and lost: a cell is mixed from white towards them by how much it moved.
const (
	swingLost   = "#c62828"
	swingGained = "#2e7d32"
	swingNone   = "#f1f3f5"
)

// Swings draws what each stage cost or gained each rider of the final top ten on the leader: a grid
// of a row per rider (a column on a narrow layout) and a cell per stage, red for time lost and green
// for time gained, the deeper the more, with the time written where it fits.
func Swings(s *story.Story, l *i18n.Localizer, lay Layout) Chart {
	c := &canvas{font: lay.Font}
	most := 0
	for _, r := range s.Top {
		for st, d := range r.Deltas {
			if r.Ranks[st] > 0 {
				most = max(most, abs(d))
			}
		}
	}
	most = max(most, swingFloor(s.Ruleset)) // a few seconds after one stage are not a deep red
	var h float64
	if lay.Narrow {
		h = swingColumns(c, s, l, lay, most)
	} else {
		h = swingRows(c, s, l, lay, most)
	}
	title := l.T("story.chart.swings.title")
	if s.Ruleset.TimeUnit == race.UnitTurns {
		title = l.T("story.chart.swings.title_turns")
	}
	return Chart{Kind: KindSwings, Title: title, Summary: swingsSummary(s, l), Table: swingTable(s, l), W: lay.W, H: h, Shapes: c.shapes}
}

// swingRows draws a row per rider across the stages; it returns the chart's height.
func swingRows(c *canvas, s *story.Story, l *i18n.Localizer, lay Layout, most int) float64 {
	f := lay.Font
	rowH, top := f*1.8, f*0.3
	ax := stageAxis{stages: s.Stages, left: min(lay.W*0.26, f*11), right: lay.W - f*0.5}
	cell := (ax.right - ax.left) / float64(max(s.Stages, 1))
	names := namesFor(topLabels(s, ax.left-f*0.6), f*0.8)
	for i, r := range s.Top {
		y := top + float64(i)*rowH
		name := names.fit(itoa(r.Final)+" ", r.Name, 0, ax.left-f*0.6, f*0.8)
		c.add(Text{X: f * 0.2, Y: y + rowH/2 + f*0.28, S: name, Size: f * 0.8, Fill: inkDark, Bold: i == 0})
		for st := range r.Deltas {
			swingCell(c, s, r, st, ax.left+float64(st)*cell, y, cell-2, rowH-2, most, f)
		}
	}
	bottom := top + float64(len(s.Top))*rowH
	ax.left, ax.right = ax.left+cell/2, ax.right-cell/2 // stage numbers under the middle of their cells
	ax.draw(c, bottom+f*0.9, l.T("story.chart.stage_axis"))
	return bottom + f*2.6
}

// swingColumns draws a column per rider (headed by his final rank, as the general classification's
// chart labels him) down the stages; it returns the chart's height.
func swingColumns(c *canvas, s *story.Story, l *i18n.Localizer, lay Layout, most int) float64 {
	f := lay.Font
	head, rowH := f*1.8, f*1.5
	left := stageColumn(c, l, s.Stages, head, rowH)
	colW := (lay.W - left - f*0.3) / float64(max(len(s.Top), 1))
	for i, r := range s.Top {
		x := left + float64(i)*colW
		c.add(Text{X: x + colW/2, Y: head - f*0.55, S: itoa(r.Final), Size: f * 0.85, Fill: inkDark, Anchor: "middle", Bold: true, Key: "head-" + itoa(r.Bib)})
		for st := range r.Deltas {
			swingCell(c, s, r, st, x, head+float64(st)*rowH, colW-2, rowH-2, most, f)
		}
	}
	return swingKey(c, s, lay, head+float64(s.Stages)*rowH+f*1.4)
}

// swingKey names the riders the upright grid heads by their final rank, in two columns below it
// from baseline y; it returns the chart's height.
func swingKey(c *canvas, s *story.Story, lay Layout, y float64) float64 {
	f := lay.Font
	rows := (len(s.Top) + 1) / 2
	colW := (lay.W - f*0.4) / 2
	names := namesFor(topLabels(s, colW-f*0.6), f*0.8)
	for i, r := range s.Top {
		x, line := f*0.2+float64(i/rows)*colW, y+float64(i%rows)*f*1.25
		c.add(Text{X: x, Y: line, S: names.fit(itoa(r.Final)+" ", r.Name, 0, colW-f*0.6, f*0.8), Size: f * 0.8, Fill: inkDark, Key: "key-" + itoa(r.Bib)})
	}
	return y + float64(rows-1)*f*1.25 + f*0.7
}

// swingCell draws what stage st+1 did to rider r's gap in the box x, y, w, h: its colour, and the
// time when it fits; a rider out of the classification after the stage gets an empty outline.
func swingCell(c *canvas, s *story.Story, r story.RiderGC, st int, x, y, w, h float64, most int, f float64) {
	key := "swing-" + itoa(r.Bib) + "-" + itoa(st+1)
	if r.Ranks[st] == 0 {
		c.add(Rect{X: x, Y: y, W: w, H: h, Fill: "#ffffff", Stroke: gridLine, Key: key})
		return
	}
	d := r.Deltas[st]
	fill := swingColor(d, most)
	c.add(Rect{X: x, Y: y, W: w, H: h, Fill: fill, Key: key})
	if d == 0 {
		return
	}
	label := swingLabel(s.Ruleset, d)
	for size := min(f*0.72, h*0.62); size >= f*0.46; size -= f * 0.04 {
		if textWidth(label, size) <= w-f*0.25 {
			c.add(Text{X: x + w/2, Y: y + h/2 + size*0.35, S: label, Size: size, Fill: ink(fill), Anchor: "middle"})
			return
		}
	}
}

// swingColor is the colour of a change of gap d when the largest is most: white towards red for time
// lost, towards green for time gained, deeper the larger (a square root, so small ones still show).
func swingColor(d, most int) string {
	if d == 0 || most == 0 {
		return swingNone
	}
	to := swingLost
	if d < 0 {
		to = swingGained
	}
	t := 0.18 + 0.82*math.Sqrt(float64(abs(d))/float64(most))
	r, g, b := rgb(to)
	mix := func(v int) int { return int(math.Round(255 + (float64(v)-255)*t)) }
	return fmt.Sprintf("#%02x%02x%02x", mix(r), mix(g), mix(b))
}

// swingFloor is the change of gap the deepest colour stands for at the least: half a minute, or two
// turns.
func swingFloor(rs *race.Ruleset) int {
	switch rs.TimeUnit {
	case race.UnitTurns:
		return 2
	case race.UnitHundredths:
		return 3000
	}
	return 30
}

// swingLabel writes a change of gap briefly for its cell: "+1:05", "−20", "+2" (turns: the title
// says the unit), without hundredths.
func swingLabel(rs *race.Ruleset, d int) string {
	sign := "+"
	if d < 0 {
		sign, d = "−", -d
	}
	switch rs.TimeUnit {
	case race.UnitTurns:
		return sign + itoa(d)
	case race.UnitHundredths:
		d /= 100
	}
	if d < 60 {
		return sign + itoa(d)
	}
	return sign + clock(d)
}

// swingTable is the chart's data: each rider's change of gap over each stage.
func swingTable(s *story.Story, l *i18n.Localizer) Table {
	t := Table{Head: []string{l.T("story.table.rider")}}
	for n := 1; n <= s.Stages; n++ {
		t.Head = append(t.Head, stageHead(l, n))
	}
	for _, r := range s.Top {
		row := []string{r.Name}
		for st, d := range r.Deltas {
			if r.Ranks[st] == 0 {
				row = append(row, "—")
			} else {
				row = append(row, GapIn(l, s.Ruleset, d))
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// swingsSummary names the largest time lost and the largest time gained on the leader in one stage
// by a rider of the top ten.
func swingsSummary(s *story.Story, l *i18n.Localizer) string {
	lost, gained := 0, 0
	var lostBy, gainedBy string
	var lostAt, gainedAt int
	for _, r := range s.Top {
		for st, d := range r.Deltas {
			if st == 0 || r.Ranks[st] == 0 || r.Ranks[st-1] == 0 {
				continue // stage 1 only makes the first gaps
			}
			if d > lost {
				lost, lostBy, lostAt = d, r.Name, st+1
			}
			if d < gained {
				gained, gainedBy, gainedAt = d, r.Name, st+1
			}
		}
	}
	if lost == 0 && gained == 0 {
		return l.T("story.chart.swings.none") + " " + l.T("story.chart.swings.how")
	}
	out := ""
	if lost > 0 {
		out = l.T("story.chart.swings.lost", "Rider", lostBy, "Time", TimeIn(l, s.Ruleset, lost), "Stage", lostAt)
	}
	if gained < 0 {
		if out != "" {
			out += " "
		}
		out += l.T("story.chart.swings.gained", "Rider", gainedBy, "Time", TimeIn(l, s.Ruleset, -gained), "Stage", gainedAt)
	}
	return out + " " + l.T("story.chart.swings.how")
}

// abs is the size of a whole number.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
