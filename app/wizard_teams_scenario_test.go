package app_test

// Scenarios of the wizard's team step with the teams database of every game: each rider's role in
// the tour's game shown and changeable for this tour only, 2RUOTE cards likewise, refusals beside
// the team, and the database never changed.

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"racedirector/app/store"
)

// teamsStepOf opens the wizard for a ruleset and goes on to its team step.
func teamsStepOf(t testing.TB, ta *testApp, ruleset, riders string) *wizardPage {
	t.Helper()
	p := wizardCharacteristics(t, ta, map[string][]string{"ruleset": {ruleset}, "name": {"Equipos"}, "stages": {"2"}, "profile": {"medium"}, "riders_per_team": {riders}})
	for range 2 {
		if p.title() == "New tour — teams" {
			return p
		}
		p = wizardSubmit(t, ta, p, "next", nil)
	}
	wantStep(t, p, http.StatusOK, "New tour — teams")
	return p
}

// teamByName is the database team of that name.
func teamByName(t testing.TB, ta *testApp, name string) store.Team {
	t.Helper()
	for _, team := range getTeams(t, ta) {
		if team.Name == name {
			return team
		}
	}
	t.Fatalf("no team %s", name)
	return store.Team{}
}

func TestWizardTeamStepChangesRolesForThisTour(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamByName(t, ta, "Rojo"), teamByName(t, ta, "Azul")
	pogacar, durand := rojo.Riders[0], rojo.Riders[5]
	roleOf := func(r store.Rider) string { return fmt.Sprintf("role.%d", r.ID) }
	teams := teamsStepOf(t, ta, "ciclismo-a-fondo", "6")
	if got := teams.get(roleOf(pogacar)); got != "JF" {
		t.Errorf("the team step shows Pogačar's Ciclismo a fondo role as %q, want his JF from the database", got)
	}
	if got := teams.get(roleOf(durand)); got != "RO" {
		t.Errorf("the team step shows Durand's role as %q, want RO", got)
	}
	before := content(t, ta)

	// Two JF in Rojo: refused beside Rojo, naming the rider.
	chosen := map[string][]string{"teams": ids(rojo.ID, azul.ID)}
	chosen[roleOf(durand)] = []string{"JF"}
	refused := wizardSubmit(t, ta, teams, "next", chosen)
	wantStep(t, refused, http.StatusUnprocessableEntity, "New tour — teams")
	wantBeside(t, refused, fmt.Sprintf("team-%d", rojo.ID), "Jacky Durand (number 6): at most 1 Leader (JF) per team")
	if refused.get(roleOf(durand)) != "JF" {
		t.Errorf("the refused step lost the role chosen: %q", refused.get(roleOf(durand)))
	}

	// Durand races as TT in this tour only.
	chosen[roleOf(durand)] = []string{"TT"}
	summary := wizardSubmit(t, ta, refused, "next", chosen)
	wantStep(t, summary, http.StatusOK, "New tour — summary")
	back := wizardSubmit(t, ta, summary, "back", nil)
	if back.get(roleOf(durand)) != "TT" || !strings.Contains(back.body, "for this tour") {
		t.Errorf("back on the team step Durand's role is %q (want TT, marked for this tour)", back.get(roleOf(durand)))
	}
	summary = wizardSubmit(t, ta, back, "next", nil)
	tour := createdTour(t, ta, summary)
	if r := tour.Teams[0].Riders[5]; r.Name != durand.Name || r.Role != "TT" {
		t.Errorf("created tour's Rojo rider 6 = %s %q, want %s as TT", r.Name, r.Role, durand.Name)
	}
	if r := tour.Teams[0].Riders[0]; r.Role != "JF" {
		t.Errorf("created tour's Pogačar races as %q, want his JF", r.Role)
	}
	if after := content(t, ta); after != before {
		t.Errorf("a role changed for the tour changed the database:\n%s", diffLines(before, after))
	}
}

func TestWizardTeamStepGivesMissingRoles(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	var riders []map[string]any
	for i, role := range []string{"leader", "sprinter", "rouleur", "flat_domestique", "mountain_domestique"} {
		riders = append(riders, map[string]any{"name": fmt.Sprintf("Solo %d", i+1), "number": i + 1, "role": role})
	}
	solo := addTeam(t, ta, "Solo", "SOL", riders)
	azul := teamByName(t, ta, "Azul")
	teams := teamsStepOf(t, ta, "ciclismo-a-fondo", "5")
	if !strings.Contains(teams.body, `<option value="">— choose —</option>`) {
		t.Errorf("a rider without a Ciclismo a fondo role is not offered a choice")
	}
	refused := wizardSubmit(t, ta, teams, "next", map[string][]string{"teams": ids(solo, azul.ID)})
	wantStep(t, refused, http.StatusUnprocessableEntity, "New tour — teams")
	wantBeside(t, refused, fmt.Sprintf("team-%d", solo), "Solo 1 (number 1 of Solo) has no Ciclismo a fondo role; 4 other riders (of Solo)")
	if n := strings.Count(refused.body, "has no Ciclismo a fondo role"); n != 1 {
		t.Errorf("the refusal says %d times that a role is missing, want once", n)
	}
	set := map[string][]string{"teams": ids(solo, azul.ID)}
	sol := teamByName(t, ta, "Solo")
	for i, role := range []string{"JF", "SP", "RO", "RS", "ES"} {
		set[fmt.Sprintf("role.%d", sol.Riders[i].ID)] = []string{role}
	}
	summary := wizardSubmit(t, ta, refused, "next", set)
	wantStep(t, summary, http.StatusOK, "New tour — summary")
	tour := createdTour(t, ta, summary)
	if got := tour.Teams[0].Riders[4].Role; got != "ES" {
		t.Errorf("Solo 5 races as %q, want the ES chosen for the tour", got)
	}
	if got := riderOf(t, ta, sol.Riders[4].ID).Games["ciclismo-a-fondo"].Role; got != "" {
		t.Errorf("the database now gives Solo 5 the Ciclismo a fondo role %q, want none (the tour's choice is the tour's)", got)
	}
}

func TestWizardTeamStepChangesCardsForThisTour(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, verde := teamByName(t, ta, "Rojo"), teamByName(t, ta, "Verde")
	freire := rojo.Riders[1]
	cost := fmt.Sprintf("card.%d.cost", freire.ID)
	teams := teamsStepOf(t, ta, "2ruote", "5")
	if teams.get(cost) != "2" {
		t.Errorf("the team step shows Freire's cost as %q, want his 2 from the database", teams.get(cost))
	}
	before := content(t, ta)
	chosen := map[string][]string{"teams": ids(rojo.ID, verde.ID), cost: {"tre"}}
	refused := wizardSubmit(t, ta, teams, "next", chosen)
	wantStep(t, refused, http.StatusUnprocessableEntity, "New tour — teams")
	wantBeside(t, refused, fmt.Sprintf("team-%d", rojo.ID), "Óscar Freire (number 2): ")
	if refused.get(cost) != "tre" {
		t.Errorf("the refused step shows Freire's cost as %q, want it as typed", refused.get(cost))
	}
	chosen[cost] = []string{"4"}
	refused = wizardSubmit(t, ta, refused, "next", chosen)
	wantStep(t, refused, http.StatusUnprocessableEntity, "New tour — teams")
	wantBeside(t, refused, fmt.Sprintf("team-%d", rojo.ID), "cost 11 is above the limit of 10")

	chosen[cost] = []string{"3"}
	summary := wizardSubmit(t, ta, refused, "next", chosen)
	wantStep(t, summary, http.StatusOK, "New tour — summary")
	tour := createdTour(t, ta, summary)
	if got := tour.Teams[0].Riders[1].Attributes; got["cost"] != 3 || got["volata"] != freire.Games["2ruote"].Attributes["volata"] {
		t.Errorf("Freire's card in the tour = %v, want cost 3 and his other values", got)
	}
	if after := content(t, ta); after != before {
		t.Errorf("a card changed for the tour changed the database:\n%s", diffLines(before, after))
	}
}

func TestWizardTeamStepCyclingPartyRolesByCounter(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := teamsStepOf(t, ta, "cycling-party", "6")
	for _, want := range []string{"the counter number gives each rider", "<td><span>Leader</span></td>"} {
		if !strings.Contains(teams.body, want) {
			t.Errorf("the Cycling Party team step lacks %q", want)
		}
	}
	if strings.Contains(teams.body, `name="role.`) {
		t.Errorf("the Cycling Party team step offers a role choice: the counter number gives the role")
	}
	rojo, azul, verde := teamByName(t, ta, "Rojo"), teamByName(t, ta, "Azul"), teamByName(t, ta, "Verde")
	p := wizardSubmit(t, ta, teams, "down_team:"+ids(verde.ID)[0], map[string][]string{"teams": ids(azul.ID, rojo.ID, verde.ID)})
	if got := strings.Join(p.values["teams"], ","); got != strings.Join(ids(azul.ID, rojo.ID, verde.ID), ",") {
		t.Errorf("moving the last team down = %s, want the order unchanged", got)
	}
	p = wizardSubmit(t, ta, p, "up_team:"+ids(azul.ID)[0], nil)
	if got := strings.Join(p.values["teams"], ","); got != strings.Join(ids(azul.ID, rojo.ID, verde.ID), ",") {
		t.Errorf("moving the first team up = %s, want the order unchanged", got)
	}
	p = wizardSubmit(t, ta, p, "down_team:"+ids(azul.ID)[0], nil)
	if got := strings.Join(p.values["teams"], ","); got != strings.Join(ids(rojo.ID, azul.ID, verde.ID), ",") {
		t.Errorf("moving Azul down = %s, want Rojo, Azul, Verde", got)
	}
	if p.status != http.StatusOK || !strings.Contains(p.body, `formaction="/tours/new#team-`+ids(azul.ID)[0]+`"`) {
		t.Errorf("moving a team answers %d without the team's anchor on its buttons", p.status)
	}
	// The page's script sends the order the boxes were ticked in: the teams race in that order.
	order := strings.Join(ids(verde.ID, azul.ID, rojo.ID), ",")
	p = wizardSubmit(t, ta, teams, "next", map[string][]string{"teams": ids(azul.ID, rojo.ID, verde.ID), "order": {order}})
	wantStep(t, p, http.StatusOK, "New tour — summary")
	p = wizardSubmit(t, ta, p, "back", nil)
	if got := strings.Join(p.values["teams"], ","); got != order {
		t.Errorf("teams ticked Verde, Azul, Rojo = %s, want %s", got, order)
	}
}

// TestWizardTeamStepNamesThePlayers types a player for each chosen team on the team step, as a browser
// without script sends it: a name too long is refused beside its team, as typed, nothing stored; the
// names come back on the step, the summary says them, and the tour is created with them.
func TestWizardTeamStepNamesThePlayers(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamByName(t, ta, "Rojo"), teamByName(t, ta, "Azul")
	player := func(id uint) string { return fmt.Sprintf("manager.%d", id) }
	teams := teamsStepOf(t, ta, "ciclismo-a-fondo", "6")
	if !strings.Contains(teams.body, fmt.Sprintf(`name="%s"`, player(rojo.ID))) {
		t.Fatalf("the team step has no player field for Rojo")
	}
	before := content(t, ta)
	long := strings.Repeat("m", 41)
	chosen := map[string][]string{"teams": ids(rojo.ID, azul.ID), player(rojo.ID): {"Marta"}, player(azul.ID): {long}}
	refused := wizardSubmit(t, ta, teams, "next", chosen)
	wantStep(t, refused, http.StatusUnprocessableEntity, "New tour — teams")
	wantBeside(t, refused, fmt.Sprintf("team-%d", azul.ID), "Player: must be at most 40 characters (it has 41)")
	if refused.get(player(azul.ID)) != long || refused.get(player(rojo.ID)) != "Marta" {
		t.Errorf("the refused step lost the players typed: %q, %q", refused.get(player(rojo.ID)), refused.get(player(azul.ID)))
	}
	if after := content(t, ta); after != before {
		t.Errorf("a refused team step changed the database:\n%s", diffLines(before, after))
	}
	chosen[player(azul.ID)] = []string{" Luca "}
	summary := wizardSubmit(t, ta, refused, "next", chosen)
	wantStep(t, summary, http.StatusOK, "New tour — summary")
	if !strings.Contains(summary.body, "· Marta") || !strings.Contains(summary.body, "· Luca") {
		t.Errorf("the summary does not name the players")
	}
	tour := createdTour(t, ta, summary)
	if tour.Teams[0].Manager != "Marta" || tour.Teams[1].Manager != "Luca" {
		t.Errorf("the created tour's players = %q, %q; want Marta, Luca", tour.Teams[0].Manager, tour.Teams[1].Manager)
	}
}
