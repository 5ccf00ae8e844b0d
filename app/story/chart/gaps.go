package chart

import (
	"math"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/story"
)

// Gaps draws the final top ten's gap to the leader after every stage (a line each, the leader of
// the day on the top edge), in the bump chart's colours; its table adds what each stage cost or
// gained each rider.
func Gaps(s *story.Story, l *i18n.Localizer, lay Layout) Chart {
	c := &canvas{font: lay.Font}
	f := lay.Font
	rs := s.Ruleset
	most := 0.0
	for _, r := range s.Top {
		for st, g := range r.Gaps {
			if r.Ranks[st] > 0 {
				most = max(most, seconds(rs, g))
			}
		}
	}
	step := niceStep(max(most, 1), 7, timeSteps(rs))
	ceil := step * math.Max(1, math.Ceil(most/step))
	widest := 0.0
	for v := 0.0; v <= ceil; v += step {
		widest = max(widest, textWidth(tickLabel(rs, v), f*0.8))
	}
	top, bottom := f*2.2, lay.H-f*3.2
	ax := stageAxis{stages: s.Stages, left: widest + f*1.2, right: lay.W - min(lay.W*0.3, f*11)}
	y := func(v float64) float64 { return top + v/ceil*(bottom-top) }
	title := "story.chart.gaps.y"
	if rs.TimeUnit == race.UnitTurns {
		title = "story.chart.gaps.y_turns"
	}
	c.text(f*0.2, f*1.1, l.T(title), 0.85, inkSoft, "start")
	for v := 0.0; v <= ceil+step/2; v += step {
		c.add(Line{X1: ax.left, Y1: y(v), X2: ax.right, Y2: y(v), Stroke: gridLine, Width: 1, Key: "tick-" + itoa(int(v))})
		c.text(ax.left-f*0.6, y(v)+f*0.3, tickLabel(rs, v), 0.8, inkSoft, "end")
	}
	ax.draw(c, bottom+f*1.5, l.T("story.chart.stage_axis"))
	ends := make([]float64, len(s.Top))
	for i := len(s.Top) - 1; i >= 0; i-- {
		r := s.Top[i]
		col := lineColor(rs, i)
		line := Polyline{Stroke: col, Width: f * 0.22, Key: "rider-" + itoa(r.Bib)}
		for st, g := range r.Gaps {
			if r.Ranks[st] > 0 {
				line.Points = append(line.Points, Point{ax.x(st + 1), y(seconds(rs, g))})
			}
		}
		if light(col) {
			c.add(Polyline{Points: line.Points, Stroke: casing, Width: line.Width + f*0.18, Key: "casing-" + itoa(r.Bib)})
		}
		c.add(line)
		if n := len(line.Points); n > 0 {
			ends[i] = line.Points[n-1].Y
			dot := Circle{X: line.Points[n-1].X, Y: ends[i], R: ax.dot(f), Fill: col}
			if light(col) {
				dot.Stroke = casing
			}
			c.add(dot)
		}
	}
	labels := spread(ends, f*0.95, top, bottom+f*0.6)
	names := namesFor(topLabels(s, lay.W-ax.right-f*0.9), f*0.8)
	for i, r := range s.Top {
		tie(c, ax.right, ends[i], labels[i], lineColor(rs, i))
		name := names.fit(itoa(r.Final)+" ", r.Name, 0, lay.W-ax.right-f*0.9, f*0.8)
		c.add(Text{X: ax.right + f*0.8, Y: labels[i] + f*0.3, S: name, Size: f * 0.8, Fill: inkDark, Bold: i == 0, Key: "label-" + itoa(r.Bib)})
	}
	return Chart{Kind: KindGaps, Title: l.T("story.chart.gaps.title"), Summary: gapsSummary(s, l), Table: gapTable(s, l), W: lay.W, H: lay.H, Shapes: c.shapes}
}

// gapTable is the gaps chart's data: each rider's gap after each stage, and what the stage cost
// (+) or gained (−) him on the leader.
func gapTable(s *story.Story, l *i18n.Localizer) Table {
	t := Table{Head: []string{l.T("story.table.rider")}}
	for n := 1; n <= s.Stages; n++ {
		t.Head = append(t.Head, stageHead(l, n))
	}
	for _, r := range s.Top {
		row := []string{r.Name}
		for st, g := range r.Gaps {
			switch {
			case r.Ranks[st] == 0:
				row = append(row, "—")
			case st == 0:
				row = append(row, GapIn(l, s.Ruleset, g))
			default:
				row = append(row, l.T("story.table.gap_delta", "Gap", GapIn(l, s.Ruleset, g), "Delta", GapIn(l, s.Ruleset, r.Deltas[st])))
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// gapsSummary says how far the second is (the time won and lost chart names the biggest swings).
func gapsSummary(s *story.Story, l *i18n.Localizer) string {
	if len(s.Top) < 2 {
		return l.T("story.chart.gaps.alone")
	}
	out := l.T("story.chart.gaps.summary", "Stage", s.Stages, "Second", s.Top[1].Name, "Gap", TimeIn(l, s.Ruleset, s.Top[1].Gaps[s.Stages-1]), "Leader", s.Top[0].Name)
	if s.Top[1].Gaps[s.Stages-1] == 0 {
		out = l.T("story.chart.gaps.summary_same", "Stage", s.Stages, "Second", s.Top[1].Name, "Leader", s.Top[0].Name)
	}
	return out
}
