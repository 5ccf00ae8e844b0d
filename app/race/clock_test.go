package race

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"racedirector/app/refuse"
)

func TestParseClockTime(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"4:24:44", (4*3600 + 24*60 + 44) * 100},
		{"04:24:44", (4*3600 + 24*60 + 44) * 100},
		{"00:13:03.96", (13*60+3)*100 + 96},
		{"13:03.96", (13*60+3)*100 + 96},
		{"13:03", (13*60 + 3) * 100},
		{"1:10.5", 70*100 + 50},
		{"0:07.05", 7*100 + 5},
		{" 2:47:40 ", (2*3600 + 47*60 + 40) * 100},
		{"75:12", (75*60 + 12) * 100},
		{"0:00", 0},
		{"99:59:59.99", ((99*60+59)*60+59)*100 + 99},
	} {
		got, err := ParseClockTime(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseClockTime(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "4", "44.5", "4:2x:44", "4:60:00", "4:24:60", "13:3", "13:003", "4:24:44:00",
		"13:03.", "13:03.961", "13:03.9x", "-1:00", "1:-1", "100:00:00", "4h24'44\"", "a:bc", "1 0:00", "12345:00"} {
		_, err := ParseClockTime(in)
		if err == nil {
			t.Errorf("ParseClockTime(%q) accepted it, want a refusal", in)
			continue
		}
		if want := `is not a time like 4:24:44 or 13:03.96`; !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), fmt.Sprintf("%q", in)) {
			t.Errorf("ParseClockTime(%q) error = %q, want it to quote the text and say %q", in, err, want)
		}
	}
}

func TestFormatClockTime(t *testing.T) {
	for _, tt := range []struct {
		in   int
		want string
	}{
		{1588400, "4:24:44"},
		{78396, "13:03.96"},
		{7005, "1:10.05"},
		{0, "0:00"},
		{360000, "1:00:00"},
		{-150, "-0:01.50"},
	} {
		if got := FormatClockTime(tt.in); got != tt.want {
			t.Errorf("FormatClockTime(%d) = %q, want %q", tt.in, got, tt.want)
		}
		if tt.in >= 0 {
			if back, err := ParseClockTime(FormatClockTime(tt.in)); err != nil || back != tt.in {
				t.Errorf("ParseClockTime(FormatClockTime(%d)) = %d, %v; want the same hundredths", tt.in, back, err)
			}
		}
	}
}

func TestParseClockCSV(t *testing.T) {
	got, err := ParseClockCSV([]byte("\ufeffBib, Time ,bonus,PENALTY\r\n1,4:24:44,10,0\r\n2,13:03.96,,\r\n\r\n,,,\r\n3,4:24:44,,20\r\n"))
	if err != nil {
		t.Fatalf("ParseClockCSV = %v, want nil", err)
	}
	want := []ClockResult{{Bib: 1, Hundredths: 1588400, Bonus: 10}, {Bib: 2, Hundredths: 78396}, {Bib: 3, Hundredths: 1588400, Penalty: 20}}
	if !slices.Equal(got.Results, want) {
		t.Errorf("results = %+v, want %+v", got.Results, want)
	}
	if !slices.Equal(got.Rows, []int{0, 1, 3}) || !slices.Equal(got.Lines, []int{2, 3, 5, 6}) {
		t.Errorf("rows = %v lines = %v, want [0 1 3] and [2 3 5 6] (the blank row is skipped, the empty line is not a row)", got.Rows, got.Lines)
	}
	semi, err := ParseClockCSV([]byte("rank;bib;name;time;team\n1;72;Godon;4:01:09;Decathlon\n"))
	if err != nil || len(semi.Results) != 1 || semi.Results[0] != (ClockResult{Bib: 72, Hundredths: 1446900}) {
		t.Errorf("semicolons with ignored columns = %+v, %v; want bib 72 at 4:01:09", semi.Results, err)
	}
}

func TestParseClockCSVRefusals(t *testing.T) {
	for _, tt := range []struct {
		name, csv string
		want      map[string]string
	}{
		{"empty file", "", map[string]string{"file": "is empty: the first line must name the columns bib,time,bonus,penalty"}},
		{"no header, two cells", "1,4:24:44\n", map[string]string{"rows[0].bib": `"4:24:44" is not a bib number`, "rows[0].time": "is required (like 4:24:44 or 13:03.96)"}},
		{"unknown column", "bib,time,gap\n", map[string]string{"header": `unknown column "gap": the columns are rank,bib,time,bonus,penalty,reason (name, rider, team are ignored)`}},
		{"no time column", "bib,bonus\n1,10\n", map[string]string{"header": "has no time column: the first line must name the columns bib,time,bonus,penalty"}},
		{"column twice", "bib,time,time\n", map[string]string{"header": `column "time" is there twice`}},
		{"header only", "bib,time\n", map[string]string{"rows": "there are no riders after the header"}},
		{"row by row", "bib,time,bonus,penalty\n1,4:24:44,,\n2,4:24:44\nx,4:24:44\n,4:24:44\n5,4:2x:44\n6,,\n7,4:24:44,ten,-3\n",
			map[string]string{
				"rows[2].bib":     `"x" is not a bib number`,
				"rows[3].bib":     "is required",
				"rows[4].time":    `"4:2x:44" is not a time like 4:24:44 or 13:03.96`,
				"rows[5].time":    "is required (like 4:24:44 or 13:03.96)",
				"rows[6].bonus":   `"ten" is not a whole number of seconds`,
				"rows[6].penalty": `"-3" is not a whole number of seconds`,
			}},
		{"bad quoting", "bib,time\n1,\"4:24:44\n", map[string]string{"file": "is not a readable CSV file: line 2: extraneous or missing \" in quoted-field"}},
	} {
		_, err := ParseClockCSV([]byte(tt.csv))
		v, ok := err.(*refuse.ValidationError)
		if !ok {
			t.Errorf("%s: error = %v, want a *refuse.ValidationError", tt.name, err)
			continue
		}
		for f, msg := range tt.want {
			if v.Fields[f] != msg {
				t.Errorf("%s: %s = %q, want %q", tt.name, f, v.Fields[f], msg)
			}
		}
		if len(v.Fields) != len(tt.want) {
			t.Errorf("%s: fields = %v, want exactly %v", tt.name, v.Fields, tt.want)
		}
	}
	var big strings.Builder
	big.WriteString("bib,time\n")
	for i := range MaxClockRows + 1 {
		big.WriteString(fmt.Sprintf("%d,%s\n", i+1, FormatClockTime(i*100)))
	}
	if _, err := ParseClockCSV([]byte(big.String())); err == nil || !strings.Contains(err.Error(), "more than 1000 rows") {
		t.Errorf("%d rows: error = %v, want too many rows", MaxClockRows+1, err)
	}
}
