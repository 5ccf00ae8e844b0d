package race

import (
	"errors"
	"testing"

	"racedirector/app/refuse"
)

// TestValidateTeamsSpeaksThePlayersWords checks that the team messages name roles and riders as the
// game does (the role's name, its code when it has one), never by id or list index.
func TestValidateTeamsSpeaksThePlayersWords(t *testing.T) {
	cp, caf := loadedRuleset(t, "cycling-party"), loadedRuleset(t, "ciclismo-a-fondo")
	msg := func(err error, field string) string {
		t.Helper()
		var v *refuse.ValidationError
		if !errors.As(err, &v) {
			t.Fatalf("error = %v, want *refuse.ValidationError", err)
		}
		return v.Fields[field]
	}
	teams := cyclingPartyTeams(2, 6)
	teams[0].Riders[5].Role = "leader"
	teams[1].Riders[2].Number, teams[1].Riders[2].Role = 2, "sprinter"
	err := ValidateTeams(cp, teams, 6)
	for field, want := range map[string]string{
		"teams[0].riders[5].role":   "counter 6 is the Lanterne rouge",
		"teams[1].riders[2].number": "is also the number of Rider 2-2",
	} {
		if got := msg(err, field); got != want {
			t.Errorf("%s = %q, want %q", field, got, want)
		}
	}
	two := []Team{cafTeam(1), cafTeam(2)}
	two[0].Riders[2].Role = "JF"
	two[1].Riders[6].Role = "SP"
	two[1].Riders[7].Role = "leader"
	two[1].ID = 1
	err = ValidateTeams(caf, two, 8)
	for field, want := range map[string]string{
		"teams[0].riders[2].role": "at most 1 Leader (JF) per team",
		"teams[1].riders[6].role": "at most 1 Sprinter (SP) per team",
		"teams[1].riders[7].role": `"leader" is not a role of Ciclismo a fondo`,
		"teams[1].id":             "is also the id of Equipo 1",
	} {
		if got := msg(err, field); got != want {
			t.Errorf("%s = %q, want %q", field, got, want)
		}
	}
	for _, tt := range []struct {
		role Role
		want string
	}{
		{Role{ID: "JF", Name: "Jefe de filas (leader)"}, "Jefe de filas (JF)"},
		{Role{ID: "RS", Name: "Rodador/sprinter"}, "Rodador/sprinter (RS)"},
		{Role{ID: "lanterne_rouge", Name: "Lanterne rouge"}, "Lanterne rouge"},
		{Role{ID: "rider", Name: "Corridore (rider)"}, "Corridore"},
		{Role{ID: "x"}, "x"},
	} {
		if got := tt.role.Label(); got != tt.want {
			t.Errorf("%+v.Label() = %q, want %q", tt.role, got, tt.want)
		}
	}
}
