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

// Exact is the stage's length in metres: as published with decimals, else its whole squares (a
// real race's or Cycling Party's km; a Ciclismo a fondo stage's real km are SectionsKm).
func (s Stage) Exact() Metres {
	if s.Metres > 0 {
		return s.Metres
	}
	return Metres(s.Length * 1000)
}

// SectionsKm is the real km of a stage built from sections (Ciclismo a fondo: 170 km on 181
// squares), 0 for another.
func (s Stage) SectionsKm() int {
	km := 0
	for _, sec := range s.Sections {
		km += max(sec.Km, 0)
	}
	return km
}

// Km is the stage's length in km (Exact in km).
func (s Stage) Km() float64 { return s.Exact().Km() }

// KmDigits is how many decimals the stage's published length has (0 for whole km, 1 for 18.6).
func (s Stage) KmDigits() int { return s.Exact().Digits() }

// SetKm sets a stage's length from km with decimals: the whole km its course is drawn on, and the
// exact metres unless the km are whole. A length out of bounds is kept so, for ValidateStages to
// refuse.
func (s *Stage) SetKm(km float64) {
	m := MetresOf(km)
	switch {
	case m > 0 && m <= MaxStageMetres && m%1000 == 0:
		s.Length, s.Metres = int(m)/1000, 0
	case m > 0 && m <= MaxStageMetres:
		s.Length, s.Metres = m.WholeKm(), m
	default:
		s.Length, s.Metres = 0, m
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

// MetresOf is km with decimals in metres; a length that is not one (NaN, negative) is -1, one
// beyond MaxStageLength is MaxStageMetres + 1: both out of bounds, for ValidateStages to refuse.
func MetresOf(km float64) Metres {
	switch {
	case math.IsNaN(km) || km < 0:
		return -1
	case km > MaxStageLength:
		return MaxStageMetres + 1
	}
	return Metres(math.Round(km * 1000))
}

// Km is the length in km.
func (m Metres) Km() float64 { return float64(m) / 1000 }

// Digits is how many decimals the length has in km (0 for 172 km, 1 for 18.6, 3 for 12.345).
func (m Metres) Digits() int {
	switch {
	case m <= 0 || m%1000 == 0:
		return 0
	case m%100 == 0:
		return 1
	case m%10 == 0:
		return 2
	}
	return 3
}

// WholeKm is the whole km a course of this length is drawn on: its km rounded up (19 for 18.6).
func (m Metres) WholeKm() int { return (int(m) + 999) / 1000 }

// MarshalJSON writes the length in km with decimals.
func (m Metres) MarshalJSON() ([]byte, error) {
	return []byte(strconv.FormatFloat(m.Km(), 'f', -1, 64)), nil
}

// UnmarshalJSON reads km with decimals into metres; a length outside 0 to MaxStageLength km is kept
// out of bounds for ValidateStages to refuse.
func (m *Metres) UnmarshalJSON(b []byte) error {
	km, err := strconv.ParseFloat(string(bytes.TrimSpace(b)), 64)
	if err != nil {
		return &json.UnmarshalTypeError{Value: "number " + string(b), Type: reflect.TypeOf(km), Field: "km"}
	}
	*m = MetresOf(km)
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
