package race

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strconv"

	"racedirector/app/refuse"
)

// A real race's stage is as long as its officials publish it, in km with decimals (18.6 km): its
// Metres keep that length, and its Length is the whole km its course is drawn on (19: the markers,
// sprints and climbs stand on whole km). A board game's stage is a whole number of squares.

// MaxStageMetres bounds a stage's exact length (MaxStageLength km).
const MaxStageMetres = MaxStageLength * 1000

// Km is the stage's length in km: its exact length when published with decimals, else its squares
// (the km of a real race's or of Ciclismo a fondo's board).
func (s Stage) Km() float64 {
	if s.Metres > 0 {
		return float64(s.Metres) / 1000
	}
	return float64(s.Length)
}

// KmDigits is how many decimals the stage's published length has (0 for whole km, 1 for 18.6).
func (s Stage) KmDigits() int {
	switch m := s.Metres; {
	case m <= 0 || m%1000 == 0:
		return 0
	case m%100 == 0:
		return 1
	case m%10 == 0:
		return 2
	}
	return 3
}

// SetKm sets a stage's length from km with decimals: the exact length in metres, and the whole km
// (rounded up) its course is drawn on. A whole number of km leaves no metres; a length outside 0 to
// MaxStageLength km is kept as a whole length ValidateStages refuses.
func (s *Stage) SetKm(km float64) {
	if math.IsNaN(km) || km <= 0 || km > MaxStageLength {
		s.Length, s.Metres = 0, 0
		if km > MaxStageLength {
			s.Length = MaxStageLength + 1
		}
		return
	}
	m := int(math.Round(km * 1000))
	s.Length, s.Metres = (m+999)/1000, 0
	if m%1000 != 0 {
		s.Metres = Metres(m)
	}
}

// AverageSpeed is the speed in km/h of a rider who rode the stage in time, in the ruleset's unit
// (seconds, or hundredths of a second), as a real race publishes its winner's: 0 without a time, or
// for a game whose times are not a clock's.
func AverageSpeed(rs Ruleset, s Stage, time int) float64 {
	seconds := float64(time)
	switch rs.TimeUnit {
	case UnitHundredths:
		seconds /= 100
	case UnitSeconds, "":
	default:
		return 0
	}
	if seconds <= 0 {
		return 0
	}
	return s.Km() * 3600 / seconds
}

// Metres is a real race's stage length published with decimals, in metres; its JSON is km with
// decimals ("km": 18.6), and 0 (a whole number of squares) is left out.
type Metres int

// MarshalJSON writes the length in km with decimals.
func (m Metres) MarshalJSON() ([]byte, error) {
	return []byte(strconv.FormatFloat(float64(m)/1000, 'f', -1, 64)), nil
}

// UnmarshalJSON reads km with decimals into metres; a length outside 0 to MaxStageLength km is kept
// out of bounds for ValidateStages to refuse.
func (m *Metres) UnmarshalJSON(b []byte) error {
	km, err := strconv.ParseFloat(string(bytes.TrimSpace(b)), 64)
	if err != nil {
		return &json.UnmarshalTypeError{Value: "number " + string(b), Type: reflect.TypeOf(km), Field: "km"}
	}
	switch {
	case math.IsNaN(km) || km < 0:
		*m = -1
	case km > MaxStageLength:
		*m = MaxStageMetres + 1
	default:
		*m = Metres(math.Round(km * 1000))
	}
	return nil
}

// validateMetres refuses a length with decimals where a square is not a km (a board's squares are
// whole), or out of bounds.
func validateMetres(rs Ruleset, prefix string, st Stage, v *refuse.ValidationError) {
	switch {
	case st.Metres == 0:
	case !rs.OfficialResults:
		v.Add(prefix+".length", "must be a whole number")
	case st.Metres < 0 || st.Metres > MaxStageMetres:
		v.Addf(prefix+".length", "must be between 1 and %d km", MaxStageLength)
	}
}
