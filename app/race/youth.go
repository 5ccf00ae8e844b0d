package race

import (
	"strconv"
	"time"

	"racedirector/app/refuse"
)

// dateLayout is how dates are written: 2003-04-05.
const dateLayout = "2006-01-02"

// Bounds of a plausible date of birth or cut-off.
const (
	minBornYear = 1900
	maxBornYear = 2100
)

// defaultYouthYears is the under-26 rule: young riders are born on or after 1 January of the race's
// year minus 25.
const defaultYouthYears = 25

// TourSettings are the director's choices for one tour, kept with it.
type TourSettings struct {
	// YouthBornFrom is the young riders' cut-off: riders born on or after it (2001-01-01) are in the
	// young riders' classification; "" puts nobody in it.
	YouthBornFrom string `json:"youth_born_from,omitempty"`
	// TTTRider overrides the ruleset's rider whose time is a team's in a team time trial (0: the
	// ruleset's); TTTOwnTimes gives every rider his own time instead (as Paris-Nice 2025–2026 did).
	TTTRider    int  `json:"ttt_rider,omitempty"`
	TTTOwnTimes bool `json:"ttt_own_times,omitempty"`
	// TimeCuts are the tour's time limits by stage type, in percent of the winner's time (0: none),
	// replacing the ruleset's for the types given.
	TimeCuts map[string]int `json:"time_cuts,omitempty"`
	// Combined turns on the combined classification (ClassCombined), in any game.
	Combined bool `json:"combined,omitempty"`
}

// ParseDate reads a date written 2003-04-05 with a year from 1900 to 2100; the error says what a
// date looks like.
func ParseDate(s string) (time.Time, error) {
	d, err := time.Parse(dateLayout, s)
	if err != nil {
		return time.Time{}, refuse.Reasonf("%q is not a date like 2003-04-05 (year-month-day)", s)
	}
	if d.Year() < minBornYear || d.Year() > maxBornYear {
		return time.Time{}, refuse.Reasonf("%q is not a plausible date (the year is between %d and %d)", s, minBornYear, maxBornYear)
	}
	return d, nil
}

// DefaultYouthBornFrom is the young riders' cut-off of a race held in year under ruleset rs: 1 January
// of the year minus the ruleset's youth years (25 unless it says otherwise): 2001-01-01 for 2026.
func DefaultYouthBornFrom(rs Ruleset, year int) string {
	years := rs.YouthYears
	if years == 0 {
		years = defaultYouthYears
	}
	return strconv.Itoa(year-years) + "-01-01"
}

// RaceYear is the year a tour is raced in: the last year written in its name ("Tour de France 2024"
// → 2024, a year from 1900 to 2100), else fallback (the year it is created in).
func RaceYear(name string, fallback int) int {
	year := fallback
	for i := 0; i+4 <= len(name); i++ {
		if (i > 0 && isDigit(name[i-1])) || (i+4 < len(name) && isDigit(name[i+4])) || !allDigits(name[i:i+4]) {
			continue
		}
		if y, _ := strconv.Atoi(name[i : i+4]); y >= minBornYear && y <= maxBornYear {
			year = y
		}
	}
	return year
}

// isDigit reports whether b is an ASCII digit.
func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// Young reports whether a rider is in the young riders' classification of t: born on or after the
// tour's cut-off. A rider whose date of birth is not known is not.
func (t *Tour) Young(r *Rider) bool {
	from := t.Settings.YouthBornFrom
	return from != "" && r.Born != "" && r.Born >= from
}

// ValidateSettings checks a tour's settings, naming each refused field.
func ValidateSettings(s TourSettings) error {
	v := &refuse.ValidationError{}
	if s.YouthBornFrom != "" {
		if _, err := ParseDate(s.YouthBornFrom); err != nil {
			v.AddText("youth_born_from", refuse.ReasonOf(err))
		}
	}
	if s.TTTRider < 0 || s.TTTRider > 9 {
		v.Add("ttt_rider", "must be between 1 and 9 (0: the ruleset's)")
	}
	for typ, pct := range s.TimeCuts {
		if pct < 0 || pct > maxTimeCut {
			v.Addf("time_cuts."+typ, "must be between 0 and %d percent of the winner's time (0: no time limit)", maxTimeCut)
		}
	}
	return v.Err()
}

// youth builds the young riders' classification from the individual order: its young riders,
// ranked among themselves, with the gap to the best of them.
func (c *count) youth(ind []int) []TimeRow {
	var rows []TimeRow
	lead := 0
	for _, i := range ind {
		if !c.t.Young(c.f.riders[i]) {
			continue
		}
		tl := &c.riders[i]
		if rows == nil {
			lead = tl.total()
		}
		rows = append(rows, c.timeRow(i, len(rows)+1, tl.total(), tl.total()-lead, tl.bonus))
	}
	return rows
}
