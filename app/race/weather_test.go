package race

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestFillFromShippedGivesOldCopiesTheNewFields: a tour's ruleset copy stored before the weathers,
// the lost-turn reasons, the jersey pattern and the section terrain existed gets them from the
// shipped ruleset of its game; a copy that has its own keeps them.
func TestFillFromShippedGivesOldCopiesTheNewFields(t *testing.T) {
	shipped := shippedRulesets(t)
	cf := shippedRuleset(t, "ciclismo-a-fondo")
	raw, _ := json.Marshal(cf)
	var old Ruleset
	if err := json.Unmarshal(raw, &old); err != nil {
		t.Fatal(err)
	}
	old.Weathers, old.WeatherRolls, old.LostTurnReasons = nil, nil, nil
	for i := range old.Sections {
		old.Sections[i].Terrain, old.Sections[i].Drop = "", 0
	}
	for k, j := range old.Jerseys {
		j.Pattern = ""
		old.Jerseys[k] = j
	}
	old.FillFromShipped(shipped)
	if !slices.Equal(old.WeatherRolls, cf.WeatherRolls) || len(cf.WeatherRolls) != 4 {
		t.Errorf("weather rolls %v, want the shipped %v (start, ⅓, ½, ¾)", old.WeatherRolls, cf.WeatherRolls)
	}
	if !slices.Equal(old.Weathers, cf.Weathers) || len(old.LostTurnReasons) != len(cf.LostTurnReasons) {
		t.Errorf("weathers %v, reasons %v: want the shipped %v, %v", old.Weathers, old.LostTurnReasons, cf.Weathers, cf.LostTurnReasons)
	}
	for i, s := range old.Sections {
		if s.Terrain != cf.Sections[i].Terrain || s.Drop != cf.Sections[i].Drop {
			t.Errorf("section %s: terrain %q drop %d, want %q %d", s.ID, s.Terrain, s.Drop, cf.Sections[i].Terrain, cf.Sections[i].Drop)
		}
	}
	for k, j := range old.Jerseys {
		if j.Pattern != cf.Jerseys[k].Pattern {
			t.Errorf("jersey %s: pattern %q, want %q", k, j.Pattern, cf.Jerseys[k].Pattern)
		}
	}
	if err := old.Validate(); err != nil {
		t.Errorf("the filled copy is refused: %v", err)
	}

	own := shippedRuleset(t, "ciclismo-a-fondo")
	own.Weathers = []string{"fair", "snow"}
	own.FillFromShipped(shipped)
	if !slices.Equal(own.Weathers, []string{"fair", "snow"}) {
		t.Errorf("a copy's own weathers became %v", own.Weathers)
	}
	cp := shippedRuleset(t, "cycling-party")
	cp.FillFromShipped(shipped)
	if len(cp.Weathers) != 0 || len(cp.WeatherRolls) != 0 || len(cp.LostTurnReasons) != 0 {
		t.Errorf("Cycling Party got weathers %v and lost-turn reasons %v", cp.Weathers, cp.LostTurnReasons)
	}
}

// TestWeatherAndLostTurnReasonsValidated: the ruleset's weathers and reasons are checked, and a
// stage's weather rolls are checked against them.
func TestWeatherAndLostTurnReasonsValidated(t *testing.T) {
	rs := shippedRuleset(t, "ciclismo-a-fondo")
	rs.Weathers = append(rs.Weathers, "fair", "Bad Weather")
	rs.LostTurnReasons = append(rs.LostTurnReasons, LostTurnReason{ID: "puncture"}, LostTurnReason{ID: "wind", Turns: 21})
	rs.WeatherRolls = append(rs.WeatherRolls, "half", "Dusk")
	rs.Effort.NoRecoveryWeather = "snow"
	err := rs.Validate()
	for _, field := range []string{"weathers[4]", "weathers[5]", "weather_rolls[4]", "weather_rolls[5]", "lost_turn_reasons[3].id", "lost_turn_reasons[4].turns", "effort.no_recovery_weather"} {
		if err == nil || !strings.Contains(err.Error(), field) {
			t.Errorf("Validate() = %v, want a refusal of %s", err, field)
		}
	}
	cf := shippedRuleset(t, "ciclismo-a-fondo")
	for _, c := range []struct {
		rs      Ruleset
		weather []string
		field   string
	}{
		{cf, []string{"fair", "cold"}, ""},
		{cf, []string{"fair", "snow"}, "weather[1]"},
		{cf, []string{"fair", "fair", "fair", "fair", "fair"}, "weather"},
		{withRolls(cf, "start", "finish"), []string{"fair", "fair", "fair"}, "weather"},
		{withRolls(cf, "start", "finish"), []string{"fair", "rain"}, ""},
		{shippedRuleset(t, "cycling-party"), []string{"fair"}, "weather"},
	} {
		err := CheckWeather(&c.rs, c.weather)
		if (err == nil) != (c.field == "") || err != nil && !strings.Contains(err.Error(), c.field) {
			t.Errorf("CheckWeather(%s, %v) = %v, want field %q", c.rs.ID, c.weather, err, c.field)
		}
	}
}

// withRolls is a copy of rs rolling the weather at the moments rolls.
func withRolls(rs Ruleset, rolls ...string) Ruleset {
	rs.WeatherRolls = rolls
	return rs
}

// TestWeatherRollsGoWithWeathers: a ruleset with weathers says when they are rolled, and one that rolls
// says what a roll can give.
func TestWeatherRollsGoWithWeathers(t *testing.T) {
	for _, c := range []struct {
		weathers, rolls []string
		field           string
	}{
		{[]string{"fair"}, nil, "weather_rolls"},
		{nil, []string{"start"}, "weathers"},
	} {
		rs := shippedRuleset(t, "ciclismo-a-fondo")
		rs.Weathers, rs.WeatherRolls, rs.Effort.NoRecoveryWeather = c.weathers, c.rolls, ""
		if err := rs.Validate(); err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("weathers %v rolled at %v: Validate() = %v, want a refusal of %s", c.weathers, c.rolls, err, c.field)
		}
	}
}
