package race

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"racedirector/app/refuse"
)

// TestStageKmWithDecimals keeps a real race's length as published: metres, the whole km (rounded
// up) the course is drawn on, and the decimals it was written with.
func TestStageKmWithDecimals(t *testing.T) {
	tests := []struct {
		name           string
		km             float64
		length, metres int
		digits         int
		back           float64
	}{
		{"a time trial of 18.6 km", 18.6, 19, 18600, 1, 18.6},
		{"a prologue of 5.25 km", 5.25, 6, 5250, 2, 5.25},
		{"a stage of 12.345 km", 12.345, 13, 12345, 3, 12.345},
		{"a whole number of km", 172, 172, 0, 0, 172},
		{"a whole number written 172.0", 172.0, 172, 0, 0, 172},
		{"a km just past a whole one", 100.001, 101, 100001, 3, 100.001},
		{"zero is no length", 0, 0, 0, 0, 0},
		{"a negative length", -3.5, 0, -1, 0, 0},
		{"beyond the longest stage", MaxStageLength + 0.5, 0, MaxStageMetres + 1, 3, MaxStageLength + 0.001},
		{"not a number", math.NaN(), 0, -1, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var st Stage
			st.SetKm(tt.km)
			if st.Length != tt.length || int(st.Metres) != tt.metres || st.KmDigits() != tt.digits || st.Km() != tt.back {
				t.Errorf("SetKm(%v) = length %d, metres %d, %d digits, km %v; want %d, %d, %d, %v", tt.km, st.Length, st.Metres, st.KmDigits(), st.Km(), tt.length, tt.metres, tt.digits, tt.back)
			}
		})
	}
}

// TestStageKmAsJSON reads and writes a stage's published length as "km" with decimals, beside its
// whole "length", and keeps a damaged one out of bounds for the review to refuse.
func TestStageKmAsJSON(t *testing.T) {
	tests := []struct {
		name, in string
		metres   Metres
		bad      bool
	}{
		{"18.6 km", `{"length": 19, "km": 18.6}`, 18600, false},
		{"no km", `{"length": 172}`, 0, false},
		{"a negative km", `{"km": -1}`, -1, false},
		{"a huge km", `{"km": 1e300}`, MaxStageMetres + 1, false},
		{"km as a string", `{"km": "18.6"}`, 0, true},
		{"km as a list", `{"km": [18.6]}`, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var st Stage
			err := json.Unmarshal([]byte(tt.in), &st)
			if (err != nil) != tt.bad || (!tt.bad && st.Metres != tt.metres) {
				t.Fatalf("decoding %s = metres %d, error %v; want %d, error %v", tt.in, st.Metres, err, tt.metres, tt.bad)
			}
		})
	}
	b, err := json.Marshal(Stage{Number: 2, Type: "itt", Length: 13, Metres: 12200})
	if err != nil || !strings.Contains(string(b), `"length":13`) || !strings.Contains(string(b), `"km":12.2`) {
		t.Errorf("encoding a 12.2 km stage = %s, %v; want length 13 and km 12.2", b, err)
	}
	if b, _ := json.Marshal(Stage{Length: 172}); strings.Contains(string(b), `"km"`) {
		t.Errorf("a whole-km stage is encoded with km: %s", b)
	}
}

// TestLengthWithDecimalsByTheBook takes km with decimals for a real race only (a board's squares
// are whole), gives the course its whole km, and refuses a length out of bounds by its field.
func TestLengthWithDecimalsByTheBook(t *testing.T) {
	uci, cp := shippedRuleset(t, "uci-road"), shippedRuleset(t, "cycling-party")
	tests := []struct {
		name  string
		rs    Ruleset
		st    Stage
		field string // "" when accepted
	}{
		{"a real race's 18.6 km time trial", uci, Stage{Type: "itt", Metres: 18600}, ""},
		{"a board game's 18.6 squares", cp, Stage{Type: "flat", Length: 19, Metres: 18600}, "stages[0].length"},
		{"a real race's negative km", uci, Stage{Type: "itt", Length: 5, Metres: -1}, "stages[0].length"},
		{"a real race's km beyond the longest stage", uci, Stage{Type: "itt", Length: 5, Metres: MaxStageMetres + 1}, "stages[0].length"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := NormalizeStage(tt.rs, tt.st)
			if tt.field == "" && st.Length != 19 {
				t.Errorf("the course of an 18.6 km stage is %d km long, want 19", st.Length)
			}
			err := ValidateStages(tt.rs, []Stage{st})
			var v *refuse.ValidationError
			switch {
			case tt.field == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.field != "" && (!errors.As(err, &v) || v.Fields[tt.field] == ""):
				t.Errorf("= %v, want a refusal naming %s", err, tt.field)
			}
		})
	}
}

// TestAverageSpeed is a winner's average speed as a real race publishes it, from the ruleset's unit.
func TestAverageSpeed(t *testing.T) {
	secs, hundredths := Ruleset{TimeUnit: UnitSeconds}, Ruleset{TimeUnit: UnitHundredths}
	tests := []struct {
		name string
		rs   Ruleset
		st   Stage
		time int
		want float64
	}{
		{"180 km in 4 h", secs, Stage{Length: 180}, 4 * 3600, 45},
		{"12.2 km in 13:33", secs, Stage{Length: 13, Metres: 12200}, 13*60 + 33, 12.2 * 3600 / 813},
		{"in hundredths", hundredths, Stage{Length: 13, Metres: 12200}, 81300, 12.2 * 3600 / 813},
		{"no time", secs, Stage{Length: 180}, 0, 0},
		{"a board game's turns", Ruleset{TimeUnit: "turns"}, Stage{Length: 180}, 20, 0},
	}
	for _, tt := range tests {
		if got := AverageSpeed(tt.rs, tt.st, tt.time); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: %v km/h, want %v", tt.name, got, tt.want)
		}
	}
}
