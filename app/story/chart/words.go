package chart

import (
	"fmt"
	"strconv"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/story"
)

// itoa writes a small whole number (stage numbers, ranks).
func itoa(n int) string { return strconv.Itoa(n) }

// clock writes seconds as h:mm:ss, or m:ss under an hour (times stay as they are in every language).
func clock(sec int) string {
	h, m, s := sec/3600, sec/60%60, sec%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

// TimeIn writes a time in the ruleset's unit for the reader: "1:05:20", "12:03.25", "23 turns".
func TimeIn(l *i18n.Localizer, rs *race.Ruleset, v int) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	switch rs.TimeUnit {
	case race.UnitTurns:
		return sign + l.N("story.turns", v)
	case race.UnitHundredths:
		return fmt.Sprintf("%s%s.%02d", sign, clock(v/100), v%100)
	}
	return sign + clock(v)
}

// GapIn writes a gap or a time won or lost: "+1:05", "−0:20", "+2 turns"; "—" for none.
func GapIn(l *i18n.Localizer, rs *race.Ruleset, v int) string {
	switch {
	case v == 0:
		return "—"
	case v < 0:
		return "−" + TimeIn(l, rs, -v)
	}
	return "+" + TimeIn(l, rs, v)
}

// seconds is a time of the ruleset in the unit the chart axes count (seconds, or turns).
func seconds(rs *race.Ruleset, v int) float64 {
	if rs.TimeUnit == race.UnitHundredths {
		return float64(v) / 100
	}
	return float64(v)
}

// tickLabel writes an axis tick of a gap axis (seconds, or turns as a bare number: the axis title
// says turns).
func tickLabel(rs *race.Ruleset, v float64) string {
	if v == 0 {
		return "0"
	}
	if rs.TimeUnit == race.UnitTurns {
		return "+" + itoa(int(v))
	}
	return "+" + clock(int(v))
}

// timeSteps are the gap axis steps: seconds up to hours, or turns.
func timeSteps(rs *race.Ruleset) []float64 {
	if rs.TimeUnit == race.UnitTurns {
		return []float64{1, 2, 5, 10, 20, 50}
	}
	return []float64{5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600}
}

// pointSteps are the steps of a points axis.
func pointSteps() []float64 { return []float64{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000} }

// className names a classification for the reader.
func className(l *i18n.Localizer, class string) string { return l.T("story.class." + class) }

// stageHead is a table's column head for a stage ("Stage 3", "Etapa 3").
func stageHead(l *i18n.Localizer, n int) string { return l.T("story.table.stage", "N", n) }

// PlaceValueIn writes what a podium place shows: its points, its sum of places, its gap, "same time"
// for one the tie-break put behind on the first's time, or the first's time.
func PlaceValueIn(l *i18n.Localizer, rs *race.Ruleset, p story.Podium, pl story.Place) string {
	switch {
	case p.ByPoints:
		return l.N("story.points", pl.Value)
	case p.ByPlaces:
		return l.N("standings.count.places", pl.Value)
	case pl.Gap > 0:
		return GapIn(l, rs, pl.Gap)
	case pl.Rank > 1: // on the first's time: the tie-break put him behind
		return l.T("story.same_time")
	}
	return TimeIn(l, rs, pl.Value)
}
