package sheets

import (
	"fmt"
	"strconv"
	"strings"

	"racedirector/app/plural"
	"racedirector/app/race"
)

// formatTime prints a time in its unit: "4:05:12" or "2:35" for seconds, "12 turns" (or "12" when
// compact) for turns, "4:05:12.34" for hundredths.
func formatTime(unit string, n int, compact bool) string {
	switch unit {
	case race.UnitTurns:
		if compact {
			return strconv.Itoa(n)
		}
		return plural.Of(n, "turn", "turns")
	case race.UnitHundredths:
		sign := ""
		if n < 0 {
			sign, n = "-", -n
		}
		return fmt.Sprintf("%s%s.%02d", sign, clock(n/100), n%100)
	}
	if n < 0 {
		return "-" + clock(-n)
	}
	return clock(n)
}

// clock prints seconds as h:mm:ss, or m:ss under an hour.
func clock(sec int) string {
	h, m, s := sec/3600, sec/60%60, sec%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

// formatGap prints a gap to the leader: "+1:05", "+2 turns" ("+2" when compact), "—" for none.
func formatGap(unit string, n int, compact bool) string {
	if n == 0 {
		return "—"
	}
	sign := "+"
	if n < 0 {
		sign, n = "-", -n
	}
	return sign + formatTime(unit, n, compact)
}

// cellText is what a cell prints in the PDF's language: turns in its words ("12 vueltas").
func (d *pdfDoc) cellText(c cell) string {
	if (c.kind == kindTime || (c.kind == kindGap && c.n != 0)) && c.unit == race.UnitTurns && !c.compact {
		text := d.l.N("sheets.count.turn", abs(c.n))
		switch {
		case c.kind == kindGap && c.n > 0:
			return "+" + text
		case c.n < 0:
			return "-" + text
		}
		return text
	}
	return cellText(c)
}

// abs is n without its sign.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// cellText is what a cell prints (turns in English): the width a spreadsheet column needs.
func cellText(c cell) string {
	switch c.kind {
	case kindInt:
		return strconv.Itoa(c.n)
	case kindTime:
		return formatTime(c.unit, c.n, c.compact)
	case kindGap, kindSwing:
		return formatGap(c.unit, c.n, c.compact)
	case kindBox:
		return ""
	}
	return c.text
}

// durationDays converts a time in unit to a spreadsheet duration in days (seconds/86400); ok is
// false for a unit that is not a clock time (turns).
func durationDays(unit string, n int) (float64, bool) {
	switch unit {
	case race.UnitSeconds, "":
		return float64(n) / 86400, true
	case race.UnitHundredths:
		return float64(n) / 8640000, true
	}
	return 0, false
}

// rgb parses "#rrggbb" (or "#rgb"); anything else is a neutral grey.
func rgb(hex string) (int, int, int) {
	h := strings.TrimPrefix(strings.TrimSpace(hex), "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if len(h) != 6 || err != nil {
		return 150, 150, 150
	}
	return int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff)
}
