package wizard

import (
	"testing"

	"racedirector/app/i18n"
	"racedirector/data"
)

// TestTeamsTopMessageInWords checks the team step's messages that belong to no team: the count of
// teams chosen and a stage problem in words, never a field path such as stages[1].climbs[0].start.
func TestTeamsTopMessageInWords(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	en := cat.Localizer(i18n.English)
	for _, tt := range []struct{ field, msg, want string }{
		{"teams", "must be between 2 and 30 teams (has 1)", "Choose 2 to 30 teams: 1 chosen."},
		{"stages[1].climbs[0].start", "must be inside the stage (1–180)", "Stage 2, climb 1, start square: must be inside the stage (1–180) (go back to the stages)."},
		{"stages[0]", "is closed", "Stage 1: is closed (go back to the stages)."},
		{"points.individual[2]", "must not be negative", "Points: must not be negative (go back to the points)."},
	} {
		if got := teamsTopMessage(en, tt.field, tt.msg); got != tt.want {
			t.Errorf("teamsTopMessage(%q, %q) = %q, want %q", tt.field, tt.msg, got, tt.want)
		}
	}
}
