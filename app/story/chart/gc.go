package chart

import (
	"racedirector/app/colour"
	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/story"
)

// RankRows is the deepest rank the bump chart draws a row for; deeper ranks share the row below
// it ("16+").
const RankRows = 15

// leaderColor is the colour of the general classification leader's jersey (yellow without one).
func leaderColor(rs *race.Ruleset) string {
	if j, ok := rs.Jerseys[race.ClassIndividual]; ok && colour.Is(j.Color) {
		return j.Color
	}
	return "#f5d000"
}

// lineColor is the colour of the line of the i-th rider of the top ten (the winner's is his jersey's).
func lineColor(rs *race.Ruleset, i int) string {
	if i == 0 {
		return leaderColor(rs)
	}
	return palette(i - 1)
}

// bumpRows says how many rank rows the bump chart has, and whether the last one gathers the riders
// beyond RankRows.
func bumpRows(top []story.RiderGC) (rows int, beyond bool) {
	deepest := len(top)
	for _, r := range top {
		for _, rank := range r.Ranks {
			deepest = max(deepest, rank)
		}
	}
	if deepest > RankRows {
		return RankRows + 1, true
	}
	return max(deepest, 1), false
}

// GC draws the bump chart of the general classification: the final top ten's rank after every
// stage, the winner's line and every leader's dot in the leader's jersey colour.
func GC(s *story.Story, l *i18n.Localizer, lay Layout) Chart {
	c := &canvas{font: lay.Font}
	f := lay.Font
	rows, beyond := bumpRows(s.Top)
	top, bottom := f*2.2, lay.H-f*3.2
	right := lay.W - min(lay.W*0.3, f*11)
	ax := stageAxis{stages: s.Stages, left: f * 2.6, right: right}
	rowH := (bottom - top) / float64(max(rows-1, 1))
	y := func(rank int) float64 { return top + float64(min(rank, rows)-1)*rowH }
	c.text(f*0.2, f*1.1, l.T("story.chart.gc.y"), 0.85, inkSoft, "start")
	for r := 1; r <= rows; r++ {
		c.add(Line{X1: ax.left, Y1: y(r), X2: ax.right, Y2: y(r), Stroke: gridLine, Width: 1, Key: "row-" + itoa(r)})
		label := itoa(r)
		if beyond && r == rows {
			label = itoa(RankRows+1) + "+"
		}
		c.text(ax.left-f*0.7, y(r)+f*0.3, label, 0.8, inkSoft, "end")
	}
	ax.draw(c, bottom+f*1.5, l.T("story.chart.stage_axis"))
	gold := leaderColor(s.Ruleset)
	names := namesFor(topLabels(s, lay.W-ax.right-f*0.9), f*0.85)
	for i := len(s.Top) - 1; i >= 0; i-- {
		r := s.Top[i]
		col := lineColor(s.Ruleset, i)
		line := Polyline{Stroke: col, Width: f * 0.24, Key: "rider-" + itoa(r.Bib)}
		for st, rank := range r.Ranks {
			if rank > 0 {
				line.Points = append(line.Points, Point{ax.x(st + 1), y(rank)})
			}
		}
		if light(col) {
			c.add(Polyline{Points: line.Points, Stroke: casing, Width: line.Width + f*0.18, Key: "casing-" + itoa(r.Bib)})
		}
		c.add(line)
		for st, rank := range r.Ranks {
			if rank == 0 {
				continue
			}
			dot := Circle{X: ax.x(st + 1), Y: y(rank), R: ax.dot(f), Fill: col, Key: "rider-" + itoa(r.Bib) + "-" + itoa(st+1)}
			switch {
			case rank == 1:
				dot.Fill, dot.R = gold, ax.dot(f)*1.35
			case col == gold: // the winner's line has the jersey's colour: his other days are hollow
				dot.Fill = "#ffffff"
			}
			if light(dot.Fill) {
				dot.Stroke = casing
			}
			c.add(dot)
		}
		name := names.fit(itoa(r.Final)+" ", r.Name, 0, lay.W-ax.right-f*0.9, f*0.85)
		c.add(Text{X: ax.right + f*0.8, Y: y(r.Final) + f*0.3, S: name, Size: f * 0.85, Fill: inkDark, Bold: i == 0, Key: "label-" + itoa(r.Bib)})
	}
	return Chart{Kind: KindGC, Title: l.T("story.chart.gc.title"), Summary: gcSummary(s, l), Table: rankTable(s, l), W: lay.W, H: lay.H, Shapes: c.shapes}
}

// rankTable is the bump chart's data: each rider of the top ten's rank after each stage.
func rankTable(s *story.Story, l *i18n.Localizer) Table {
	t := Table{Head: []string{l.T("story.table.rider")}}
	for n := 1; n <= s.Stages; n++ {
		t.Head = append(t.Head, stageHead(l, n))
	}
	for _, r := range s.Top {
		row := []string{r.Name}
		for _, rank := range r.Ranks {
			row = append(row, rankCell(rank))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// rankCell writes a rank, "—" when not classified.
func rankCell(rank int) string {
	if rank == 0 {
		return "—"
	}
	return itoa(rank)
}

// gcSummary says who leads and since when, how often the lead changed, and who climbed most.
func gcSummary(s *story.Story, l *i18n.Localizer) string {
	if len(s.Top) == 0 {
		return l.T("story.chart.gc.empty")
	}
	leader := s.Top[0]
	from := s.Stages
	for from > 1 && leader.Ranks[from-2] == 1 {
		from--
	}
	var out string
	switch {
	case s.Stages == 1:
		out = l.T("story.chart.gc.summary.one_stage", "Rider", leader.Name)
	case from == s.Stages && s.Over:
		out = l.T("story.chart.gc.summary.took_last", "Rider", leader.Name, "Stage", s.Stages)
	case from == s.Stages:
		out = l.T("story.chart.gc.summary.took_latest", "Rider", leader.Name, "Stage", s.Stages)
	case s.Over:
		out = l.T("story.chart.gc.summary.led", "Rider", leader.Name, "From", from)
	default:
		out = l.T("story.chart.gc.summary.led_since", "Rider", leader.Name, "From", from)
	}
	changes := 0
	for i := 1; i < s.Stages; i++ {
		if s.After[i].Leaders[race.ClassIndividual] != s.After[i-1].Leaders[race.ClassIndividual] {
			changes++
		}
	}
	switch {
	case s.Stages > 1 && changes == 0:
		out += " " + l.T("story.chart.gc.summary.no_change")
	case s.Stages > 1:
		out += " " + l.N("story.chart.gc.summary.changes", changes)
	}
	if c := s.Awards.Climber; c != nil {
		out += " " + l.T("story.chart.gc.summary.climber", "Rider", c.Name, "From", c.From, "To", c.To)
	}
	return out + leadersWhoLeft(s, l)
}

// leadersWhoLeft says which leaders of the general classification left the race afterwards: the
// bump chart, which draws the final top ten, has nobody on the first place after the stages they led.
func leadersWhoLeft(s *story.Story, l *i18n.Localizer) string {
	out, told := "", map[int]bool{}
	for i := 0; i < s.Stages; i++ {
		bib := s.After[i].Leaders[race.ClassIndividual]
		if told[bib] || bib == 0 {
			continue
		}
		if left := s.LeftIn(bib); left > i+1 {
			told[bib] = true
			led := i + 1
			for led < s.Stages && s.After[led].Leaders[race.ClassIndividual] == bib {
				led++
			}
			name := itoa(bib)
			if r, ok := s.Rider(bib); ok {
				name = r.Name
			}
			out += " " + l.T("story.chart.gc.summary.leader_left", "Rider", name, "Led", led, "Stage", left)
		}
	}
	return out
}
