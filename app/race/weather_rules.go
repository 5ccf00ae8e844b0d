package race

import (
	"fmt"
	"slices"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// The weather's rules (docs/rules.md §2.6): rain "impide la utilización de esfuerzos durante una etapa
// con lluvia" — no effort point may be spent in a stage one of whose rolls is rain; cold stops the
// recovery (effort.go). The stage is the unit the app records effort in, so a rain roll at any moment
// makes the whole stage a rain stage.

// NoEffortWeather is the weather in which no effort point may be spent ("rain"; "" for a ruleset
// without effort points).
func (r *Ruleset) NoEffortWeather() string {
	if r.Effort == nil {
		return ""
	}
	return effortRules(*r).NoEffortWeather
}

// EffortForbidden says whether the stage's weather forbids spending effort points, and which roll (its
// index in the ruleset's WeatherRolls) first gave that weather.
func EffortForbidden(rs *Ruleset, weather []string) (roll int, forbidden bool) {
	w := rs.NoEffortWeather()
	if w == "" {
		return 0, false
	}
	for i, x := range weather {
		if weatherIncludes([]string{x}, w) {
			return i, true
		}
	}
	return 0, false
}

// rollWord names weather roll i of the ruleset ("⅓ of the stage"), or its number.
func rollWord(rs *Ruleset, i int) i18n.Text {
	if i >= 0 && i < len(rs.WeatherRolls) {
		return WeatherRollWord(rs.WeatherRolls[i])
	}
	return i18n.Textf("roll %d", i+1)
}

// checkEffortWeather refuses effort points spent in a stage whose weather forbids them.
func checkEffortWeather(rs *Ruleset, cur StageResult) error {
	if roll, no := EffortForbidden(rs, cur.Weather); no {
		return refuse.InvalidText("points", i18n.Textf("%s prevents the use of effort points in the stage (%s: %s): none may be spent",
			WeatherWord(rs.NoEffortWeather()), rollWord(rs, roll), WeatherWord(cur.Weather[roll])))
	}
	return nil
}

// ValidateWeather checks the weather rolls of the current stage (CheckWeather), and that a weather
// forbidding effort points (rain) is not set while some are spent in the stage: the field of its first
// such roll names the riders whose effort must be removed first. Fields are "weather" and "weather[i]".
func ValidateWeather(t *Tour, cur StageResult, weather []string) error {
	rs := &t.Ruleset
	if err := CheckWeather(rs, weather); err != nil {
		return err
	}
	roll, no := EffortForbidden(rs, weather)
	if !no {
		return nil
	}
	spent := map[int]int{}
	var bibs []int
	for _, u := range cur.Advantages {
		if u.Kind == AdvEffort {
			if spent[u.Bib] == 0 {
				bibs = append(bibs, u.Bib)
			}
			spent[u.Bib] += u.Points
		}
	}
	if len(bibs) == 0 {
		return nil
	}
	slices.Sort(bibs)
	var who []i18n.Text
	for _, bib := range bibs {
		who = append(who, i18n.Textf("bib %d spent %d", bib, spent[bib]))
	}
	return refuse.InvalidText(fmt.Sprintf("weather[%d]", roll), i18n.Textf("%s prevents the use of effort points, and some are spent in this stage (%s): remove them first",
		WeatherWord(rs.NoEffortWeather()), listText(who)))
}

// StageRecordsMissing lists what the game records in every stage and the current stage lacks: each
// weather roll not yet entered (a game with weather, docs/rules.md §2.6) and the most combative rider
// (a game with a combativity award each stage). End stage names them with the missing finishers.
func StageRecordsMissing(t *Tour, cur StageResult) []i18n.Text {
	rs := &t.Ruleset
	var missing []i18n.Text
	if len(rs.Weathers) > 0 && len(cur.Weather) < len(rs.WeatherRolls) {
		var rolls []i18n.Text
		for i := len(cur.Weather); i < len(rs.WeatherRolls); i++ {
			rolls = append(rolls, rollWord(rs, i))
		}
		missing = append(missing, i18n.Textf("the weather is not recorded: %s", listText(rolls)))
	}
	if rs.StageCombativity && cur.Combativity == 0 {
		missing = append(missing, i18n.Textf("the most combative rider of the stage is not named"))
	}
	return missing
}

// listText says texts one after the other, separated by commas ("Start, ⅓ of the stage").
func listText(texts []i18n.Text) i18n.Text {
	if len(texts) == 0 {
		return i18n.Text{}
	}
	out := texts[0]
	for _, t := range texts[1:] {
		out = i18n.Textf("%s, %s", out, t)
	}
	return out
}
