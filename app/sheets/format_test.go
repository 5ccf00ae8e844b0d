package sheets

import (
	"testing"

	"racedirector/app/race"
)

// TestFormatTime covers clock times, turns and hundredths, full and compact.
func TestFormatTime(t *testing.T) {
	cases := []struct {
		unit    string
		n       int
		compact bool
		time    string
		gap     string
	}{
		{race.UnitSeconds, 0, false, "0:00", "—"},
		{race.UnitSeconds, 49, false, "0:49", "+0:49"},
		{race.UnitSeconds, 118, false, "1:58", "+1:58"},
		{race.UnitSeconds, 3600, false, "1:00:00", "+1:00:00"},
		{race.UnitSeconds, 4*3600 + 5*60 + 12, true, "4:05:12", "+4:05:12"},
		{race.UnitTurns, 12, false, "12 turns", "+12 turns"},
		{race.UnitTurns, 1, false, "1 turn", "+1 turn"},
		{race.UnitTurns, 12, true, "12", "+12"},
		{race.UnitHundredths, 360034, false, "1:00:00.34", "+1:00:00.34"},
	}
	for _, c := range cases {
		if got := formatTime(c.unit, c.n, c.compact); got != c.time {
			t.Errorf("formatTime(%s, %d, %v) = %q, want %q", c.unit, c.n, c.compact, got, c.time)
		}
		if got := formatGap(c.unit, c.n, c.compact); got != c.gap {
			t.Errorf("formatGap(%s, %d, %v) = %q, want %q", c.unit, c.n, c.compact, got, c.gap)
		}
	}
}

// TestDurationDays converts clock times to spreadsheet days and leaves turns alone.
func TestDurationDays(t *testing.T) {
	if d, ok := durationDays(race.UnitSeconds, 43200); !ok || d != 0.5 {
		t.Errorf("durationDays(seconds, 43200) = %v, %v; want 0.5, true", d, ok)
	}
	if d, ok := durationDays(race.UnitHundredths, 4320000); !ok || d != 0.5 {
		t.Errorf("durationDays(hundredths, 4320000) = %v, %v; want 0.5, true", d, ok)
	}
	if _, ok := durationDays(race.UnitTurns, 12); ok {
		t.Errorf("durationDays(turns, 12) is a duration, want a plain number")
	}
}

// TestRGB parses team colours, falling back to grey.
func TestRGB(t *testing.T) {
	cases := map[string][3]int{"#d62828": {214, 40, 40}, "#FFF": {255, 255, 255}, "1d4ed8": {29, 78, 216}, "red": {150, 150, 150}, "": {150, 150, 150}}
	for in, want := range cases {
		if r, g, b := rgb(in); [3]int{r, g, b} != want {
			t.Errorf("rgb(%q) = %d,%d,%d, want %v", in, r, g, b, want)
		}
	}
}

// TestSheetNames makes worksheet names valid and unique.
func TestSheetNames(t *testing.T) {
	x := &xlsxDoc{names: map[string]bool{}}
	cases := []struct{ in, want string }{
		{"General", "General"},
		{"general", "general (2)"},
		{"a/b:c*d?e[f]g\\h'i", "a-b-c-d-e-f-g-h-i"},
		{"An extremely long worksheet name that goes on", "An extremely long worksheet nam"},
		{"An extremely long worksheet name that goes on", "An extremely long worksheet (2)"},
		{"", "Sheet"},
	}
	for _, c := range cases {
		if got := x.sheetName(c.in); got != c.want {
			t.Errorf("sheetName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestSplitColumns cuts a wide table into parts that repeat the key columns and fit the page.
func TestSplitColumns(t *testing.T) {
	cols := []column{keyCol("Rank", 10, "R"), keyCol("Bib", 10, "R"), flexCol("Rider", 40, true)}
	for range 30 {
		cols = append(cols, col("S", 15, "R"))
	}
	parts := splitColumns(cols, landscapeWidth, minScale)
	if len(parts) < 2 {
		t.Fatalf("splitColumns of %d mm into %d mm: %d part, want several", int(tableWidth(cols)), int(landscapeWidth), len(parts))
	}
	seen := 0
	for i, p := range parts {
		w := 0.0
		for _, x := range p.widths {
			w += x
		}
		if w > landscapeWidth+0.01 {
			t.Errorf("part %d is %.1f mm wide, want at most %.0f", i+1, w, landscapeWidth)
		}
		if p.cols[0] != 0 || p.cols[1] != 1 || p.cols[2] != 2 {
			t.Errorf("part %d starts with columns %v, want the key columns 0, 1, 2", i+1, p.cols[:3])
		}
		seen += len(p.cols) - 3
	}
	if seen != 30 {
		t.Errorf("the parts hold %d stage columns, want each of the 30 once", seen)
	}
}
