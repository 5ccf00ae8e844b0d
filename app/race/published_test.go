package race

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"racedirector/app/refuse"
)

// TestParsePublishedResults reads results as officials publish them: the winner's time, s.t., gaps,
// status rows with and without a time, headers or none, commas, semicolons or tabs.
func TestParsePublishedResults(t *testing.T) {
	win := 4*360000 + 24*6000 + 44*100
	for _, tt := range []struct {
		name, csv string
		results   []ClockResult
		rows      []int
		exits     []Abandon
		exitRows  []int
		bonus     bool
	}{
		{name: "without a header: s.t. and gaps",
			csv:     "1,11,4:24:44\n2,21,s.t.\n3,12,+0:06\n4,22,S.T.\n5,13,+ 1:02:03\n",
			results: []ClockResult{{Bib: 11, Hundredths: win}, {Bib: 21, Hundredths: win}, {Bib: 12, Hundredths: win + 600}, {Bib: 22, Hundredths: win + 600}, {Bib: 13, Hundredths: win + 372300}},
			rows:    []int{0, 1, 2, 3, 4}},
		{name: "a bonus column makes the bonuses the whole truth",
			csv:     "1,11,4:24:44,10\n2,21,st,6,\n",
			results: []ClockResult{{Bib: 11, Hundredths: win, Bonus: 10}, {Bib: 21, Hundredths: win, Bonus: 6}},
			rows:    []int{0, 1}, bonus: true},
		{name: "status rows: DNF and DNS without a time, OTL with a gap, DSQ without",
			csv:      "1,11,4:24:44\r\n2,12,m.t.\r\nOTL,21,+0:45:10\r\ndnf,22,\r\nDNS,13\r\nDSQ,23,,\r\n",
			results:  []ClockResult{{Bib: 11, Hundredths: win}, {Bib: 12, Hundredths: win}, {Bib: 21, Hundredths: win + 271000}},
			rows:     []int{0, 1, 2},
			exits:    []Abandon{{Bib: 21, Status: StatusOTL}, {Bib: 22, Status: StatusDNF}, {Bib: 13, Status: StatusDNS}, {Bib: 23, Status: StatusDSQ}},
			exitRows: []int{2, 3, 4, 5}},
		{name: "a header in any order with a reason, semicolons",
			csv:      "bib;rank;time;name;reason\n11;1;13:03.96;Uno;\n12;2;+0:00.50;Dos;\n21;DNF;;Tres;crash km 40\n",
			results:  []ClockResult{{Bib: 11, Hundredths: 78396}, {Bib: 12, Hundredths: 78446}},
			rows:     []int{0, 1},
			exits:    []Abandon{{Bib: 21, Status: StatusDNF, Reason: "crash km 40"}},
			exitRows: []int{2}},
		{name: "pasted from a web page: tabs",
			csv:     "1\t11\t4:24:44\n2\t12\ts.t.\n",
			results: []ClockResult{{Bib: 11, Hundredths: win}, {Bib: 12, Hundredths: win}},
			rows:    []int{0, 1}},
		{name: "the old columns: every time written out",
			csv:     "bib,time,penalty\n11,4:24:44,\n12,4:24:50,20\n",
			results: []ClockResult{{Bib: 11, Hundredths: win}, {Bib: 12, Hundredths: win + 600, Penalty: 20}},
			rows:    []int{0, 1}},
	} {
		got, err := ParseClockCSV([]byte(tt.csv))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !slices.Equal(got.Results, tt.results) || !slices.Equal(got.Rows, tt.rows) {
			t.Errorf("%s: results %+v rows %v, want %+v rows %v", tt.name, got.Results, got.Rows, tt.results, tt.rows)
		}
		if !slices.Equal(got.Exits, tt.exits) || !slices.Equal(got.ExitRows, tt.exitRows) {
			t.Errorf("%s: exits %+v rows %v, want %+v rows %v", tt.name, got.Exits, got.ExitRows, tt.exits, tt.exitRows)
		}
		if got.HasBonus != tt.bonus {
			t.Errorf("%s: bonus column %v, want %v", tt.name, got.HasBonus, tt.bonus)
		}
	}
}

// TestParsePublishedResultsRefusals names each refused cell by its row and column.
func TestParsePublishedResultsRefusals(t *testing.T) {
	for _, tt := range []struct {
		name, csv string
		want      map[string]string
	}{
		{"s.t. before any time", "1,11,s.t.\n", map[string]string{"rows[0].time": "s.t. is the time of the rider above, and no rider above has a time: the winner's time comes first"}},
		{"a gap before the winner's time", "1,11,+0:06\n", map[string]string{"rows[0].time": "+0:06 is a gap to the winner, whose time comes first"}},
		{"a gap that is none", "1,11,4:00:00\n2,12,+6s\n", map[string]string{"rows[1].time": `"+6s" is not a gap like +0:06 or +1:02:03`}},
		{"a rank that is none", "1,11,4:00:00\nHD,12,s.t.\n", map[string]string{"rows[1].rank": `"HD" is not a rank: a place (1, 2…) or DNF, DNS, OTL, DSQ`}},
		{"ranks out of order", "2,11,4:00:00\n1,12,s.t.\n", map[string]string{"rows[1].rank": "rank 1 comes after rank 2: the rows are in the order of the result"}},
		{"a non-finisher with a time", "1,11,4:00:00\nDNF,12,s.t.\n", map[string]string{"rows[1].time": "a rider who did not finish has no time (DNF)"}},
		{"a non-starter with a bonus", "1,11,4:00:00\nDNS,12,,3\n", map[string]string{"rows[1].bonus": "a rider who did not start has no bonus"}},
		{"a placed rider without a time", "1,11,4:00:00\n2,12,\n", map[string]string{"rows[1].time": "is required (like 4:24:44 or 13:03.96)"}},
		{"a reason for a placed rider", "rank,bib,time,reason\n1,11,4:00:00,fast\n", map[string]string{"rows[0].reason": "is only for a rider who left the race (DNF, DNS, OTL, DSQ)"}},
		{"too many cells without a header", "1,11,4:00:00,,,Pogačar\n", map[string]string{"rows[0]": "has 6 cells: without a header the columns are rank,bib,time,bonus,penalty"}},
		{"a bib too large", "1,123456,4:00:00\n", map[string]string{"rows[0].bib": `"123456" is not a bib number`}},
	} {
		_, err := ParseClockCSV([]byte(tt.csv))
		var v *refuse.ValidationError
		if !errors.As(err, &v) {
			t.Errorf("%s: error = %v, want a *refuse.ValidationError", tt.name, err)
			continue
		}
		if !maps2Equal(v.Fields, tt.want) {
			t.Errorf("%s: fields = %v, want %v", tt.name, v.Fields, tt.want)
		}
	}
}

// maps2Equal compares two maps of strings.
func maps2Equal(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestParsePublishedResultsBounded reads a pasted result of 10,000 rows: refused at the row limit,
// having read no further, in bounded memory.
func TestParsePublishedResultsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("1,11,4:00:00\n")
	for i := 2; i <= 10000; i++ {
		fmt.Fprintf(&b, "%d,%d,s.t.\n", i, i+10)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := ParseClockCSV([]byte(b.String()))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("has more than %d rows", MaxClockRows)) {
		t.Errorf("10,000 rows = %v, want refused at %d rows", err, MaxClockRows)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("reading 10,000 rows allocated %d bytes, want under 8 MB", alloc)
	}
}

// TestValidatePublished merges a published result's status rows into the stage's abandonments and
// refuses a time for a rider out, a rider out in an earlier stage, and a bib named twice.
func TestValidatePublished(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "uci-road"), 2, 3, "flat", "flat")
	prior := []StageResult{{Stage: 1, Abandons: []Abandon{{Bib: 23, Reason: "crash"}}}}
	cur := StageResult{Stage: 2, Abandons: []Abandon{{Bib: 13, Reason: "ill", Status: StatusDNS}, {Bib: 22, Reason: "crash km 12"}}}
	finish := Finish{Results: []ClockResult{{Bib: 11, Hundredths: 100}, {Bib: 12, Hundredths: 100}, {Bib: 21, Hundredths: 900}}}
	got, err := ValidatePublished(tour, prior, cur, finish, []Abandon{{Bib: 21, Status: StatusOTL}, {Bib: 22, Status: StatusDNF}})
	want := []Abandon{{Bib: 13, Reason: "ill", Status: StatusDNS}, {Bib: 21, Status: StatusOTL}, {Bib: 22, Reason: "crash km 12", Status: StatusDNF}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("ValidatePublished = %+v, %v; want %+v", got, err, want)
	}
	for _, tt := range []struct {
		name   string
		finish Finish
		exits  []Abandon
		field  string
		reason string
	}{
		{"a time for a rider who did not finish", Finish{Results: []ClockResult{{Bib: 11, Hundredths: 100}, {Bib: 12, Hundredths: 100}}}, []Abandon{{Bib: 12, Status: StatusDNF}},
			"results[1].bib", "bib 12 abandoned in this stage"},
		{"a rider out in stage 1", finish, []Abandon{{Bib: 23, Status: StatusDNS}}, "exits[0].bib", "bib 23 abandoned in stage 1"},
		{"a time for a rider out in stage 1", Finish{Results: []ClockResult{{Bib: 23, Hundredths: 100}}}, nil, "results[0].bib", "bib 23 abandoned in stage 1"},
		{"a bib named twice", finish, []Abandon{{Bib: 21, Status: StatusOTL}, {Bib: 21, Status: StatusDSQ}}, "exits[1].bib", "bib 21 is already in exits[0]"},
		{"an unknown bib", finish, []Abandon{{Bib: 99, Status: StatusDNF}}, "exits[0].bib", "no rider with bib 99 in this tour"},
	} {
		_, err := ValidatePublished(tour, prior, cur, tt.finish, tt.exits)
		var v *refuse.ValidationError
		if !errors.As(err, &v) || v.Fields[tt.field] != tt.reason {
			t.Errorf("%s: %v, want %s: %s", tt.name, err, tt.field, tt.reason)
		}
	}
}
