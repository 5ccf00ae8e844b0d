package chart

import (
	"math"

	"racedirector/app/colour"
	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/story"
)

// sourceColor is the colour of a source of manager points (race.ManagerClasses order): stage wins,
// then the individual, regularity, mountain, sprints and teams classifications.
func sourceColor(k int) string {
	colors := [...]string{"#1f77b4", "#f5b800", "#2e9e44", "#d62828", "#7b2cbf", "#8c564b"}
	return colors[k%len(colors)]
}

// managerColors gives each manager his team's colour, or a palette colour when the team has none,
// it is white, or it is too near a better manager's team colour (two greens would be one); a
// palette colour is one far from every colour given.
func managerColors(ms []story.Manager) []string {
	out := make([]string, len(ms))
	var taken []string
	for i, m := range ms { // the team colours first, best managers first
		if col := m.TeamColor; colour.Is(col) && col != "#ffffff" && !nearAny(col, taken) {
			out[i] = col
			taken = append(taken, col)
		}
	}
	next := 0
	for i := range out { // then a palette colour far from every colour given
		for out[i] == "" {
			col := palette(next)
			next++
			if !nearAny(col, taken) || next > len(ms)+10 {
				out[i] = col
				taken = append(taken, col)
			}
		}
	}
	return out
}

// nearAny says whether a colour is hard to tell from one of others on a chart.
func nearAny(col string, others []string) bool {
	r, g, b := rgb(col)
	for _, o := range others {
		r2, g2, b2 := rgb(o)
		if dr, dg, db := r-r2, g-g2, b-b2; dr*dr+dg*dg+db*db < 90*90 {
			return true
		}
	}
	return false
}

// ManagerPoints draws the Cycling Party managers' points after every stage (a line per manager of
// the final top ten, as if the tour stopped after that stage); ok is false when the tour has no
// manager points.
func ManagerPoints(s *story.Story, l *i18n.Localizer, lay Layout) (Chart, bool) {
	if len(s.Managers) == 0 {
		return Chart{}, false
	}
	c := &canvas{font: lay.Font}
	f := lay.Font
	// drawn are the managers with a line: the first story.TopSize (a table of many players stays
	// readable); the data table lists them all.
	drawn := s.Managers[:min(len(s.Managers), story.TopSize)]
	most := 1
	for _, m := range drawn {
		for _, p := range m.Points {
			most = max(most, p)
		}
	}
	step := niceStep(float64(most), 5, pointSteps())
	ceil := step * math.Ceil(float64(most)/step)
	top, bottom := f*2.2, lay.H-f*3.2
	ax := stageAxis{stages: s.Stages, left: textWidth(itoa(int(ceil)), f*0.8) + f*1.2, right: lay.W - min(lay.W*0.3, f*11)}
	y := func(v float64) float64 { return bottom - v/ceil*(bottom-top) }
	c.text(f*0.2, f*1.1, l.T("story.chart.managers.y"), 0.85, inkSoft, "start")
	for v := 0.0; v <= ceil+step/2; v += step {
		c.add(Line{X1: ax.left, Y1: y(v), X2: ax.right, Y2: y(v), Stroke: gridLine, Width: 1, Key: "tick-" + itoa(int(v))})
		c.text(ax.left-f*0.6, y(v)+f*0.3, l.Int(int(v)), 0.8, inkSoft, "end")
	}
	ax.draw(c, bottom+f*1.5, l.T("story.chart.stage_axis"))
	cols := managerColors(drawn)
	ends := make([]float64, len(drawn))
	for i := len(drawn) - 1; i >= 0; i-- {
		m := drawn[i]
		line := Polyline{Stroke: cols[i], Width: f * 0.24, Key: "team-" + itoa(m.TeamID)}
		for st, p := range m.Points {
			line.Points = append(line.Points, Point{ax.x(st + 1), y(float64(p))})
		}
		if light(cols[i]) {
			c.add(Polyline{Points: line.Points, Stroke: casing, Width: line.Width + f*0.18})
		}
		c.add(line)
		last := line.Points[len(line.Points)-1]
		ends[i] = last.Y
		c.add(Circle{X: last.X, Y: last.Y, R: ax.dot(f), Fill: cols[i]})
	}
	labels := spread(ends, f*0.95, top, bottom+f*0.6)
	for i, m := range drawn {
		tie(c, ax.right, ends[i], labels[i], cols[i])
		name := fitTeam(itoa(m.Rank)+" ", m.Label(), lay.W-ax.right-f*0.9, f*0.8)
		c.add(Text{X: ax.right + f*0.8, Y: labels[i] + f*0.3, S: name, Size: f * 0.8, Fill: inkDark, Bold: i == 0, Key: "label-team-" + itoa(m.TeamID)})
	}
	t := Table{Head: []string{l.T("story.table.manager")}}
	for n := 1; n <= s.Stages; n++ {
		t.Head = append(t.Head, stageHead(l, n))
	}
	for _, m := range s.Managers {
		row := []string{m.Team}
		for _, p := range m.Points {
			row = append(row, l.Int(p))
		}
		t.Rows = append(t.Rows, row)
	}
	return Chart{Kind: KindManagers, Title: l.T("story.chart.managers.title"), Summary: managersSummary(s, l), Table: t, W: lay.W, H: lay.H, Shapes: c.shapes}, true
}

// managersSummary says who leads the managers and by how much.
func managersSummary(s *story.Story, l *i18n.Localizer) string {
	first := s.Managers[0]
	pts := first.Points[s.Stages-1]
	if len(s.Managers) < 2 {
		return l.T("story.chart.managers.alone", "Team", first.Team, "Points", l.N("story.points", pts))
	}
	second := s.Managers[1]
	return l.T("story.chart.managers.summary", "Team", first.Team, "Points", l.N("story.points", pts),
		"Gap", l.N("story.points", pts-second.Points[s.Stages-1]), "Second", second.Team)
}

// PointSources draws where each manager's points come from: a bar per manager in his final order,
// cut by source (stage wins, then the final places of each classification); ok is false when the
// tour has no manager points.
func PointSources(s *story.Story, l *i18n.Localizer, lay Layout) (Chart, bool) {
	if len(s.Managers) == 0 {
		return Chart{}, false
	}
	c := &canvas{font: lay.Font}
	f := lay.Font
	classes := race.ManagerClasses()
	// The legend: a swatch and a name per source, wrapped to the width.
	x, y := f*0.2, f*0.3
	for k, class := range classes {
		name := className(l, class)
		w := f*1.4 + textWidth(name, f*0.8) + f
		if x+w > lay.W && x > f {
			x, y = f*0.2, y+f*1.5
		}
		c.add(Rect{X: x, Y: y, W: f * 0.9, H: f * 0.9, Fill: sourceColor(k), Key: "legend-" + class})
		c.text(x+f*1.2, y+f*0.8, name, 0.8, inkDark, "start")
		x += w
	}
	top := y + f*2
	most := 1
	for _, m := range s.Managers {
		most = max(most, m.Points[s.Stages-1])
	}
	nameW := min(lay.W*0.3, f*10)
	left, right := nameW+f*0.6, lay.W-f*3
	barH := f * 1.6
	for i, m := range s.Managers {
		by := top + float64(i)*(barH+f*0.6)
		c.add(Text{X: left - f*0.5, Y: by + barH/2 + f*0.3, S: fitTeam("", m.Label(), nameW, f*0.85), Size: f * 0.85, Fill: inkDark, Anchor: "end", Bold: i == 0})
		bx := left
		for k, p := range m.From {
			if p <= 0 {
				continue
			}
			w := float64(p) / float64(most) * (right - left)
			c.add(Rect{X: bx, Y: by, W: w, H: barH, Fill: sourceColor(k), Key: "team-" + itoa(m.TeamID) + "-" + classes[k]})
			if textWidth(l.Int(p), f*0.75) < w-f*0.4 {
				c.add(Text{X: bx + w/2, Y: by + barH/2 + f*0.27, S: l.Int(p), Size: f * 0.75, Fill: ink(sourceColor(k)), Anchor: "middle"})
			}
			bx += w
		}
		c.text(bx+f*0.4, by+barH/2+f*0.3, l.Int(m.Points[s.Stages-1]), 0.85, inkDark, "start")
	}
	h := top + float64(len(s.Managers))*(barH+f*0.6) + f*0.4
	t := Table{Head: []string{l.T("story.table.manager")}}
	for _, class := range classes {
		t.Head = append(t.Head, className(l, class))
	}
	t.Head = append(t.Head, l.T("story.table.total"))
	for _, m := range s.Managers {
		row := []string{m.Team}
		for _, p := range m.From {
			row = append(row, l.Int(p))
		}
		t.Rows = append(t.Rows, append(row, l.Int(m.Points[s.Stages-1])))
	}
	return Chart{Kind: KindSources, Title: l.T("story.chart.sources.title"), Summary: sourcesSummary(s, l), Table: t, W: lay.W, H: h, Shapes: c.shapes}, true
}

// sourcesSummary says where the leading manager's points mostly come from.
func sourcesSummary(s *story.Story, l *i18n.Localizer) string {
	first := s.Managers[0]
	best := 0
	for k, p := range first.From {
		if p > first.From[best] {
			best = k
		}
	}
	if first.From[best] == 0 {
		return l.T("story.chart.sources.none")
	}
	return l.T("story.chart.sources.summary", "Team", first.Team, "Points", l.N("story.points", first.From[best]), "Class", className(l, race.ManagerClasses()[best]))
}

// All draws every chart the tour's story has, in the order the pages show them.
func All(s *story.Story, l *i18n.Localizer, lay Layout) []Chart {
	out := []Chart{GC(s, l, lay), Gaps(s, l, lay), Swings(s, l, lay)}
	if len(worn(s).Jerseys) > 0 {
		out = append(out, Jerseys(s, l, lay))
	}
	if m, ok := ManagerPoints(s, l, lay); ok {
		out = append(out, m)
	}
	if m, ok := PointSources(s, l, lay); ok {
		out = append(out, m)
	}
	return out
}
