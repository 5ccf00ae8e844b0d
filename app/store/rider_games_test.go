package store

import (
	"testing"

	"racedirector/app/race"
	"racedirector/data"
)

// A roster cell may name a role in any of the game's languages, with or without its code, or give
// its id: "Jefe de filas", "Leader", "Capitano", "JF" and an older file's "Jefe de filas (leader)"
// are all the JF.
func TestFindRoleInEveryLanguage(t *testing.T) {
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	game := func(id string) Game {
		rs, _ := race.FindRuleset(rulesets, id)
		return gameOf(rs)
	}
	caf, cp := game("ciclismo-a-fondo"), game("cycling-party")
	for _, c := range []struct {
		g    Game
		text string
		want string
	}{
		{caf, "Jefe de filas", "JF"}, {caf, "leader", "JF"}, {caf, "Capitano", "JF"}, {caf, "JF", "JF"},
		{caf, "Jefe de filas (leader)", "JF"}, {caf, "Rouleur/climber", "RE"}, {caf, "Passista/velocista", "RS"},
		{cp, "Lanterne rouge", "lanterne_rouge"}, {cp, "Farolillo rojo", "lanterne_rouge"},
		{cp, "maglia nera", "lanterne_rouge"}, {cp, "flat_domestique", "flat_domestique"},
		{cp, "Gregario di montagna", "mountain_domestique"}, {cp, "Líder", "leader"},
	} {
		if got, ok := c.g.FindRole(c.text); !ok || got != c.want {
			t.Errorf("%s FindRole(%q) = %q, %v; want %q", c.g.ID, c.text, got, ok, c.want)
		}
	}
	if got, ok := caf.FindRole("Gregario"); ok {
		t.Errorf("FindRole(Gregario) = %q, want no role", got)
	}
	if got := caf.RoleNameIn("JF", "it"); got != "Capitano" {
		t.Errorf("RoleNameIn(JF, it) = %q, want Capitano", got)
	}
	if got := caf.RoleListIn("es"); got[:len("Jefe de filas (JF), Todoterreno (TT)")] != "Jefe de filas (JF), Todoterreno (TT)" {
		t.Errorf("RoleListIn(es) = %q", got)
	}
}
