package race

import (
	"strings"

	"racedirector/app/i18n"
)

// The words of the ruleset's weathers, weather rolls and lost-turn reasons (docs/rules.md §2.6): the
// catalogues' ("rules.weather.<id>", "rules.weather_roll.<id>", "rules.lost_turn.<id>"), said by the
// advantages page, the stage's history, the sheets; an id no catalogue has is said as itself.

// WeatherWord names one of the ruleset's weathers ("fair", "crosswind"…).
func WeatherWord(id string) i18n.Text { return ruleWord("rules.weather.", id) }

// WeatherRollWord names one of the ruleset's weather rolls ("start", "⅓ of the stage"…).
func WeatherRollWord(id string) i18n.Text { return ruleWord("rules.weather_roll.", id) }

// LostTurnWord names one of the ruleset's lost-turn reasons ("puncture", "bad patch"…).
func LostTurnWord(id string) i18n.Text { return ruleWord("rules.lost_turn.", id) }

// ruleWord is the catalogues' word of a ruleset id under prefix, else the id with spaces for '_'.
func ruleWord(prefix, id string) i18n.Text {
	return i18n.Word(prefix+id, strings.ReplaceAll(id, "_", " "))
}
