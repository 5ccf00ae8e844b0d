package sheets

import (
	"strings"
	"testing"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/story"
	"racedirector/data"
)

// TestSummaryAwardsSayWhoLeftTheRace: a special award won by a rider who then left the race says so
// (the most days in the lead, the most combative) and the riders out of the race are listed; one
// still racing says nothing of the kind; a rider on the first's time is "same time".
func TestSummaryAwardsSayWhoLeftTheRace(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	rs := &race.Ruleset{TimeUnit: race.UnitSeconds}
	coppi, bartali := story.Rider{Bib: 11, Name: "Coppi"}, story.Rider{Bib: 21, Name: "Bartali"}
	out := &race.Standings{Out: []race.OutRow{{Bib: 11, Name: "Coppi", Stage: 3, Status: race.StatusDNF, Reason: "crash"}}}
	st := &story.Story{Stages: 3, Ruleset: rs, After: []*race.Standings{{}, {}, out},
		Riders: []story.RiderGC{{Rider: bartali, Ranks: []int{2, 2, 1}}, {Rider: coppi, Ranks: []int{1, 1, 0}}},
		Awards: story.Awards{
			Podiums: []story.Podium{{Class: race.ClassIndividual, Places: []story.Place{
				{Rank: 1, Rider: bartali, Value: 3600}, {Rank: 2, Rider: story.Rider{Bib: 31, Name: "Magni"}, Value: 3600}}}},
			MostDaysInLead: &story.Wearer{Rider: coppi, Days: 2},
			MostCombative:  &story.Combative{Rider: bartali, Stages: 1},
		}}
	var text []string
	for _, p := range summaryAwards(cat.Localizer("en"), rs, st) {
		text = append(text, p.lines...)
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{"Coppi — 2 stages · left the race in stage 3", "2. Magni — same time", "Stage 3: Coppi (did not finish, crash)"} {
		if !strings.Contains(all, want) {
			t.Errorf("the awards lack %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "Bartali — Named most combative in 1 stage ·") {
		t.Errorf("a rider still racing is said to have left:\n%s", all)
	}
}
