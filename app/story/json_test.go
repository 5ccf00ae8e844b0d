package story

import (
	"encoding/json"
	"strings"
	"testing"

	"racedirector/app/race"
)

// TestStoryJSON: an empty story is closed 0 with every list empty; a stage nobody led a jersey after
// is null; a manager's points name their sources; the ruleset and the standings are left out.
func TestStoryJSON(t *testing.T) {
	empty, err := json.Marshal(FromStandings(testRuleset(), nil))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"closed":0,"riders":[],"jerseys":[],"managers":[],"awards":{"podiums":[],"stage_winners":[]}}`; string(empty) != want {
		t.Errorf("the empty story is\n%s\nwant\n%s", empty, want)
	}

	first, second := gc(11, 21), gc(21, 11)
	first.Leaders[race.ClassRegularity] = 0
	second.Leaders[race.ClassRegularity] = 21
	second.Regularity = []race.PointsRow{{Rank: 1, Bib: 21, Name: "R21", TeamID: 2, Team: "T2", Points: 20}}
	second.CyclingParty = []race.ManagerRow{{Rank: 1, TeamID: 2, Team: "T2", Points: 7,
		Sources: []race.ManagerPoints{{Class: race.ClassStage, Stage: 2, Place: 1, Bib: 21, Points: 5}, {Class: race.ClassIndividual, Place: 1, Bib: 21, Points: 2}}}}
	data, err := json.Marshal(tour(first, second))
	if err != nil {
		t.Fatal(err)
	}
	body := string(data)
	for _, want := range []string{
		`"closed":2`,
		`"class":"regularity","jersey":{"name":"Green jersey","color":"#2e9e44"},"holders":[null,{"bib":21,`,
		`"points":[0,7],"from":[{"class":"stage","points":5},{"class":"individual","points":2},{"class":"regularity","points":0}`,
		`"ranks":[2,1]`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the story's JSON lacks %s:\n%s", want, body)
		}
	}
	for _, gone := range []string{`"Ruleset"`, `"After"`, `"Top"`, `"individual":[`, `"From"`} {
		if strings.Contains(body, gone) {
			t.Errorf("the story's JSON has %s:\n%s", gone, body)
		}
	}
}
