package race

import (
	"os"
	"testing"

	"racedirector/app/i18n"
)

// TestEveryRuleIDHasItsWords: every weather, weather roll and lost-turn reason of every shipped ruleset
// has its own words in English, Spanish and Italian (data/i18n/rules_words.*.json), and an id no
// catalogue has is said as itself.
func TestEveryRuleIDHasItsWords(t *testing.T) {
	cat, err := i18n.Load(os.DirFS("../../data/i18n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, rs := range shippedRulesets(t) {
		var words []i18n.Text
		for _, w := range rs.Weathers {
			words = append(words, WeatherWord(w))
		}
		for _, r := range rs.WeatherRolls {
			words = append(words, WeatherRollWord(r))
		}
		for _, lr := range rs.LostTurnReasons {
			words = append(words, LostTurnWord(lr.ID))
		}
		for _, w := range words {
			for _, lang := range i18n.Languages() {
				if !cat.Has(lang, w.Format) {
					t.Errorf("%s: %s has no words in %s", rs.ID, w.Format, lang)
				}
			}
		}
	}
	es := cat.Localizer(i18n.Spanish)
	for _, c := range []struct {
		word i18n.Text
		want string
	}{
		{LostTurnWord("bad_patch"), "pájara"},
		{WeatherWord("crosswind"), "viento lateral"},
		{WeatherRollWord("half"), "½ de la etapa"},
		{LostTurnWord("broken_chain"), "broken chain"},
	} {
		if got := es.Say(c.word); got != c.want {
			t.Errorf("Say(%s) = %q, want %q", c.word.Format, got, c.want)
		}
	}
	if got := LostTurnWord("broken_chain").String(); got != "broken chain" {
		t.Errorf("an unknown reason in English = %q, want its id in words", got)
	}
}
