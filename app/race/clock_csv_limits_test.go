package race

import (
	"runtime"
	"strings"
	"testing"
)

// TestParseClockCSVRefusesAnEndlessLine reads a finish of one line of four million cells: refused at
// once, naming the limit, allocating next to nothing (the line is not split).
func TestParseClockCSVRefusesAnEndlessLine(t *testing.T) {
	data := []byte("bib,time\n11," + strings.Repeat(",", 4<<20) + "\n")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := ParseClockCSV(data)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "line 2 has more than 100 cells") {
		t.Errorf("ParseClockCSV of an endless line = %v, want it refused naming the limit", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("refusing an endless line allocated %d bytes, want under 1 MB", alloc)
	}
	if _, err := ParseClockCSV([]byte("bib;time;bonus;penalty;rank;name;rider;team\n11;4:00:00;;;1;A;B;C\n")); err != nil {
		t.Errorf("a finish with every column = %v, want it read", err)
	}
}
