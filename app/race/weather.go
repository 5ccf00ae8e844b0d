package race

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"racedirector/app/refuse"
)

// LostTurnReason is why a rider may lose turns in a stage (docs/rules.md §2.6): a puncture, a bad
// patch, a crash. Its words are the i18n catalogues' (LostTurnWord).
type LostTurnReason struct {
	ID string `json:"id"`
	// Turns is how many turns it costs when the rules fix it; 0: the director says how many.
	Turns int `json:"turns,omitempty"`
	// OutOnSecond: a second one in the same stage takes the rider out of the stage and the tour.
	OutOnSecond bool `json:"out_on_second,omitempty"`
}

// MaxLostTurns is the most turns a rider can lose at once.
const MaxLostTurns = 20

// LostTurnReason finds one of the ruleset's lost-turn reasons by id.
func (r *Ruleset) LostTurnReason(id string) (LostTurnReason, bool) {
	for _, lr := range r.LostTurnReasons {
		if lr.ID == id {
			return lr, true
		}
	}
	return LostTurnReason{}, false
}

// HasWeather reports whether w is one of the weathers the ruleset's stages can be rolled.
func (r *Ruleset) HasWeather(w string) bool { return slices.Contains(r.Weathers, w) }

// CheckWeather checks a stage's weather rolls (docs/rules.md §2.6): the game records weather, at most
// one roll for each of the ruleset's WeatherRolls, each one of its weathers. Fields are "weather" and
// "weather[i]".
func CheckWeather(rs *Ruleset, weather []string) error {
	if len(rs.Weathers) == 0 {
		return refuse.Invalid("weather", "this ruleset records no weather")
	}
	if len(weather) > len(rs.WeatherRolls) {
		return refuse.Invalidf("weather", "at most %d rolls", len(rs.WeatherRolls))
	}
	for i, w := range weather {
		if !rs.HasWeather(w) {
			return refuse.Invalidf(fmt.Sprintf("weather[%d]", i), "must be one of: %s", strings.Join(rs.Weathers, ", "))
		}
	}
	return nil
}

// validateWeatherAndLostTurns checks the weathers and the lost-turn reasons.
func (r *Ruleset) validateWeatherAndLostTurns(v *refuse.ValidationError) {
	seen := map[string]bool{}
	slug := func(field, id string) {
		checkID(v, field, id, seen)
		if id != "" && !isSlug(id) {
			v.Add(field, "must use only lower-case letters, digits, '-' and '_'")
		}
	}
	for i, w := range r.Weathers {
		slug(fmt.Sprintf("weathers[%d]", i), w)
	}
	seen = map[string]bool{}
	for i, w := range r.WeatherRolls {
		slug(fmt.Sprintf("weather_rolls[%d]", i), w)
	}
	if len(r.Weathers) > 0 && len(r.WeatherRolls) == 0 {
		v.Add("weather_rolls", "a ruleset with weathers says when a stage's weather is rolled")
	}
	if len(r.WeatherRolls) > 0 && len(r.Weathers) == 0 {
		v.Add("weathers", "a ruleset that rolls the weather says which weathers a roll can give")
	}
	if e := r.Effort; e != nil && len(r.Weathers) > 0 && e.NoRecoveryWeather != "" && !r.HasWeather(e.NoRecoveryWeather) {
		v.Addf("effort.no_recovery_weather", "%q is not one of the ruleset's weathers", e.NoRecoveryWeather)
	}
	if e := r.Effort; e != nil && len(r.Weathers) > 0 && e.NoEffortWeather != "" && !r.HasWeather(e.NoEffortWeather) {
		v.Addf("effort.no_effort_weather", "%q is not one of the ruleset's weathers", e.NoEffortWeather)
	}
	seen = map[string]bool{}
	for i, lr := range r.LostTurnReasons {
		p := fmt.Sprintf("lost_turn_reasons[%d]", i)
		slug(p+".id", lr.ID)
		if lr.Turns < 0 || lr.Turns > MaxLostTurns {
			v.Addf(p+".turns", "must be between 0 and %d", MaxLostTurns)
		}
	}
}

// FillFromShipped gives a ruleset copy stored with a tour before the fields existed what the shipped
// ruleset of the same game says: its weathers, weather rolls and lost-turn reasons, the pattern of a jersey of the
// same classification and colour, the terrain and drop of a section of the same id. A copy that has
// them keeps its own; a game no longer shipped is left as it is.
func (r *Ruleset) FillFromShipped(shipped []Ruleset) {
	from, ok := FindRuleset(shipped, r.ID)
	if !ok {
		return
	}
	if r.Weathers == nil {
		r.Weathers = slices.Clone(from.Weathers)
	}
	if r.WeatherRolls == nil && len(r.Weathers) > 0 {
		r.WeatherRolls = slices.Clone(from.WeatherRolls)
	}
	if r.LostTurnReasons == nil {
		r.LostTurnReasons = slices.Clone(from.LostTurnReasons)
	}
	r.StageCombativity = r.StageCombativity || from.StageCombativity
	for key, w := range from.Terms {
		if _, ok := r.Terms[key]; !ok {
			if r.Terms == nil {
				r.Terms = map[string]Words{}
			}
			r.Terms[key] = maps.Clone(w)
		}
	}
	for class, j := range r.Jerseys {
		if s, ok := from.Jerseys[class]; ok && j.Pattern == "" && strings.EqualFold(j.Color, s.Color) {
			j.Pattern = s.Pattern
			r.Jerseys[class] = j
		}
	}
	for i, sec := range r.Sections {
		if sec.Terrain != "" || sec.Climb != "" {
			continue
		}
		for _, s := range from.Sections {
			if s.ID == sec.ID && s.Climb == "" {
				r.Sections[i].Terrain, r.Sections[i].Drop = s.Terrain, s.Drop
			}
		}
	}
}
