package race

import (
	"fmt"
	"strconv"
	"strings"

	"racedirector/app/refuse"
)

// Clock time bounds (uci-road, TimeModelClock).
const (
	// MaxClockHours is the largest number of hours a stage time may have.
	MaxClockHours = 99
	// clockExample is how a refused time is explained.
	clockExample = "4:24:44 or 13:03.96"
)

// ParseClockTime reads a real stage time written h:mm:ss (4:24:44, 00:13:03) or m:ss (13:03), either
// with .h or .hh hundredths (13:03.96, 1:10.5), and returns it in hundredths of a second. Minutes
// and seconds after a colon have two digits and are below 60; the error says what a time looks like.
func ParseClockTime(s string) (int, error) {
	text := strings.TrimSpace(s)
	bad := refuse.Reasonf("%q is not a time like %s", s, clockExample)
	whole, frac, hasFrac := strings.Cut(text, ".")
	parts := strings.Split(whole, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, bad
	}
	nums := make([]int, len(parts))
	for i, p := range parts {
		if p == "" || !allDigits(p) || i > 0 && len(p) != 2 || len(p) > 4 {
			return 0, bad
		}
		nums[i], _ = strconv.Atoi(p)
	}
	hours, minutes, seconds := 0, nums[0], nums[1]
	if len(nums) == 3 {
		hours, minutes, seconds = nums[0], nums[1], nums[2]
		if minutes >= 60 {
			return 0, bad
		}
	}
	if seconds >= 60 || hours > MaxClockHours || minutes > 60*MaxClockHours {
		return 0, bad
	}
	hundredths := 0
	if hasFrac {
		if len(frac) < 1 || len(frac) > 2 || !allDigits(frac) {
			return 0, bad
		}
		hundredths, _ = strconv.Atoi(frac)
		if len(frac) == 1 {
			hundredths *= 10
		}
	}
	return ((hours*60+minutes)*60+seconds)*100 + hundredths, nil
}

// FormatClockTime writes hundredths of a second as h:mm:ss (or m:ss under an hour), with .hh when
// the time is not a whole number of seconds: 1588400 → "4:24:44", 78396 → "13:03.96".
func FormatClockTime(hundredths int) string {
	sign := ""
	if hundredths < 0 {
		sign, hundredths = "-", -hundredths
	}
	sec := hundredths / 100
	out := fmt.Sprintf("%d:%02d", sec/60, sec%60)
	if sec >= 3600 {
		out = fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60)
	}
	if h := hundredths % 100; h != 0 {
		out += fmt.Sprintf(".%02d", h)
	}
	return sign + out
}

// allDigits reports whether s is made of ASCII digits only.
func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
