package chart

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// Colours the charts share.
const (
	inkDark  = "#1a1a1a"
	inkSoft  = "#555555"
	gridLine = "#dddddd"
	casing   = "#333333"
)

// palette gives the lines of the top ten distinct colours (no yellow: the leader's jersey has it).
func palette(i int) string {
	colors := [...]string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#aa3377", "#ff7f0e"}
	return colors[i%len(colors)]
}

// canvas collects a chart's shapes.
type canvas struct {
	shapes []Shape
	font   float64
}

func (c *canvas) add(s ...Shape) { c.shapes = append(c.shapes, s...) }

// text adds a text in the body size times rel.
func (c *canvas) text(x, y float64, s string, rel float64, fill, anchor string) {
	if s != "" {
		c.add(Text{X: x, Y: y, S: s, Size: c.font * rel, Fill: fill, Anchor: anchor})
	}
}

// textWidth estimates how wide a text is drawn (DejaVu Sans averages about 0.6 em a letter).
func textWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * size * 0.6
}

// fit shortens s with an ellipsis to fit width at size ("" when not even two letters fit), at the
// end of a word when one fits ("Daniele…", not "Daniele Be…": a stub of a name reads as another word).
func fit(s string, width, size float64) string {
	if textWidth(s, size) <= width {
		return s
	}
	n := int(width/(size*0.6)) - 1
	if n < 2 {
		return ""
	}
	r := []rune(s)
	cut := string(r[:min(n, len(r))])
	if i := strings.LastIndexByte(cut, ' '); i >= 2 && r[min(n, len(r))] != ' ' {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ") + "…"
}

// shrink is the size, from size down to three quarters of it, at which s fits width; the smallest
// when none does (fit then shortens it).
func shrink(s string, width, size float64) float64 {
	for t := size; t > size*0.75; t -= size * 0.05 {
		if textWidth(s, t) <= width {
			return t
		}
	}
	return size * 0.75
}

// riderLabel is one rider's label a chart draws: after a prefix (his rank, "3 "), his name, in a room
// so wide.
type riderLabel struct {
	prefix, name string
	width        float64
}

// riderNames is how one chart writes its riders' names, in one form for all of them: whole when every
// one fits its room, else every one as race.ShortName writes it ("T. Pogačar"), the rule the TV and
// its podium follow too.
type riderNames struct{ short bool }

// namesFor picks the form of a chart's rider labels drawn at size.
func namesFor(labels []riderLabel, size float64) riderNames {
	for _, l := range labels {
		if textWidth(l.prefix+l.name, size) > l.width {
			return riderNames{short: true}
		}
	}
	return riderNames{}
}

// fit writes a rider's label in the chart's form into width at size; one that does not fit even so is
// his bib alone (with a bib), else the label cut with an ellipsis, the last resort.
func (n riderNames) fit(prefix, name string, bib int, width, size float64) string {
	if n.short {
		name = race.ShortName(name)
	}
	if textWidth(prefix+name, size) <= width {
		return prefix + name
	}
	if b := itoa(bib); bib > 0 && textWidth(prefix+b, size) <= width {
		return prefix + b
	}
	return fit(prefix+name, width, size)
}

// fitTeam fits a team's name after a prefix into width at size: the whole name, else its last words
// ("équipe 6" of "Grand Tour équipe 6": the words a tour's teams share come first), else cut.
func fitTeam(prefix, name string, width, size float64) string {
	if out, ok := fitLastWords(prefix, name, width, size); ok {
		return out
	}
	return fit(prefix+name, width, size)
}

// fitLastWords is prefix+name when it fits width at size; else the name's last words, as many as fit;
// ok is false when not even the last word does.
func fitLastWords(prefix, name string, width, size float64) (string, bool) {
	if textWidth(prefix+name, size) <= width {
		return prefix + name, true
	}
	words := strings.Fields(name)
	if len(words) < 2 {
		return "", false
	}
	for k := 1; k < len(words); k++ {
		if last := prefix + strings.Join(words[k:], " "); textWidth(last, size) <= width {
			return last, true
		}
	}
	return "", false
}

// tie draws a thin line in a line's colour from its end (x, end) to its label moved to label by
// spread, so that a reader follows each label to its line.
func tie(c *canvas, x, end, label float64, col string) {
	if math.Abs(end-label) < c.font*0.2 {
		return
	}
	c.add(Polyline{Points: []Point{{x, end}, {x + c.font*0.3, end}, {x + c.font*0.65, label}}, Stroke: col, Width: c.font * 0.08})
}

// spread moves label baselines apart so that no two are closer than gap, keeping them between lo
// and hi as far as they fit; ys keeps its order of entries.
func spread(ys []float64, gap, lo, hi float64) []float64 {
	idx := make([]int, len(ys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case ys[a] < ys[b]:
			return -1
		case ys[a] > ys[b]:
			return 1
		}
		return 0
	})
	out := slices.Clone(ys)
	for k, i := range idx {
		out[i] = max(out[i], lo)
		if k > 0 {
			out[i] = max(out[i], out[idx[k-1]]+gap)
		}
	}
	for k := len(idx) - 1; k >= 0; k-- {
		i := idx[k]
		if k == len(idx)-1 {
			out[i] = min(out[i], hi)
		} else {
			out[i] = min(out[i], out[idx[k+1]]-gap)
		}
	}
	return out
}

// niceStep is the first of steps that cuts 0..top into at most n parts (the last step's multiples
// beyond the list).
func niceStep(top float64, n int, steps []float64) float64 {
	for _, s := range steps {
		if top/s <= float64(n) {
			return s
		}
	}
	last := steps[len(steps)-1]
	return last * math.Ceil(top/float64(n)/last)
}

// stageColumn writes the stages down the left of an upright chart (the word "Stage" over their
// numbers, a row of rowH each below head) and returns the column's width.
func stageColumn(c *canvas, l *i18n.Localizer, stages int, head, rowH float64) float64 {
	f := c.font
	stage := l.T("story.chart.stage_short")
	left := max(f*2.4, textWidth(stage, f*0.75)+f*0.7)
	c.text(left-f*0.5, head-f*0.6, stage, 0.75, inkSoft, "end")
	for n := 1; n <= stages; n++ {
		c.text(left-f*0.5, head+(float64(n)-0.5)*rowH+f*0.3, itoa(n), 0.8, inkSoft, "end")
	}
	return left
}

// stageAxis is the horizontal axis of the stages: x of each stage between left and right.
type stageAxis struct {
	stages      int
	left, right float64
}

// x is the position of stage i (1-based).
func (a stageAxis) x(i int) float64 {
	if a.stages <= 1 {
		return (a.left + a.right) / 2
	}
	return a.left + float64(i-1)*(a.right-a.left)/float64(a.stages-1)
}

// dot is the radius of a stage's dot: smaller when the stages are close.
func (a stageAxis) dot(font float64) float64 {
	if a.stages <= 1 {
		return font * 0.3
	}
	return min(font*0.3, (a.right-a.left)/float64(a.stages-1)*0.3)
}

// draw writes the stage numbers under the plot at baseline y (as many as fit), and the axis title.
func (a stageAxis) draw(c *canvas, y float64, title string) {
	every := 1
	if a.stages > 1 {
		room := (a.right - a.left) / float64(a.stages-1)
		every = int(math.Ceil(c.font * 1.7 / room))
		every = max(every, 1)
	}
	for i := 1; i <= a.stages; i++ {
		if (i-1)%every == 0 || i == a.stages && (i-1)%every >= every/2+1 {
			c.add(Text{X: a.x(i), Y: y, S: itoa(i), Size: c.font * 0.85, Fill: inkSoft, Anchor: "middle", Key: "stage-" + itoa(i)})
		}
	}
	c.text((a.left+a.right)/2, y+c.font*1.35, title, 0.85, inkSoft, "middle")
}
