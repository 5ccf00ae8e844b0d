package race

import (
	"strings"
	"testing"

	"racedirector/app/i18n"
)

// TestRiderRole: the role a rider races with in each shipped game, with and without his own.
func TestRiderRole(t *testing.T) {
	for _, c := range []struct {
		game, own string
		number    int
		want      string
	}{
		{"cycling-party", "", 1, "leader"}, // the counter number is the role (docs/rules.md §1.1)
		{"cycling-party", "", 2, "sprinter"},
		{"cycling-party", "", 6, "lanterne_rouge"},
		{"cycling-party", "", 7, ""}, // no role for counter 7
		{"cycling-party", "rouleur", 1, "rouleur"},
		{"ciclismo-a-fondo", "", 1, ""}, // roles are chosen, never given
		{"ciclismo-a-fondo", "JF", 4, "JF"},
		{"2ruote", "", 3, "rider"}, // one role: every rider's
		{"uci-road", "", 1, ""},    // a real race has no roles
	} {
		rs := shippedRuleset(t, c.game)
		if got := rs.RiderRole(c.own, c.number); got != c.want {
			t.Errorf("%s: role of a rider with %q, number %d = %q, want %q", c.game, c.own, c.number, got, c.want)
		}
	}
}

// TestNeedOfRider: what each shipped game needs of a rider that he may lack.
func TestNeedOfRider(t *testing.T) {
	card := map[string]int{"cost": 2, "pianura": 5}
	for _, c := range []struct {
		name, game, role string
		attrs            map[string]int
		field, problem   string
	}{
		{"a real race needs nothing", "uci-road", "", nil, "", ""},
		{"a real race takes a role it does not know", "uci-road", "leader", nil, "", ""},
		{"Ciclismo a fondo needs a role", "ciclismo-a-fondo", "", nil, "role", "has no Ciclismo a fondo role"},
		{"Ciclismo a fondo's own role", "ciclismo-a-fondo", "TT", nil, "", ""},
		{"a role of another game", "ciclismo-a-fondo", "leader", nil, "role",
			`has the role "leader", which is not a Ciclismo a fondo role; the roles are Leader (JF), All-rounder (TT)`},
		{"Cycling Party without a role", "cycling-party", "", nil, "role", "has no Cycling Party role"},
		{"Cycling Party with his counter's", "cycling-party", "leader", nil, "", ""},
		{"2RUOTE needs a card", "2ruote", "rider", nil, "attributes.cost", "has no 2RUOTE card (cost and speeds)"},
		{"2RUOTE with a card", "2ruote", "rider", card, "", ""},
	} {
		rs := shippedRuleset(t, c.game)
		need := rs.NeedOfRider(c.role, c.attrs)
		if need.Lacks() != (c.field != "") || need.Field != c.field {
			t.Errorf("%s: need = %q (lacks %v), want %q", c.name, need.Field, need.Lacks(), c.field)
		}
		if got := need.Problem.String(); c.problem != "" && !strings.HasPrefix(got, c.problem) {
			t.Errorf("%s: problem = %q, want it to start %q", c.name, got, c.problem)
		}
	}
}

// TestRoleListSaidInTheReadersLanguage: a refusal's list of roles is said in the language of the
// sentence.
func TestRoleListSaidInTheReadersLanguage(t *testing.T) {
	rs := shippedRuleset(t, "ciclismo-a-fondo")
	need := rs.NeedOfRider("captain", nil)
	var list RoleList
	for _, a := range need.Problem.Args {
		if l, ok := a.(RoleList); ok {
			list = l
		}
	}
	if len(list) != len(rs.Roles) {
		t.Fatalf("the refusal's arguments %v hold no list of the %d roles", need.Problem.Args, len(rs.Roles))
	}
	if en, es := list.NameIn(i18n.English), list.NameIn("es"); !strings.HasPrefix(en, "Leader (JF)") || !strings.HasPrefix(es, "Jefe de filas (JF)") {
		t.Errorf("roles in English %q, in Spanish %q; want Leader (JF)…, Jefe de filas (JF)…", en, es)
	}
}
