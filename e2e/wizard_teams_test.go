package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestWizardTeamStepOrderAndRoles takes a Ciclismo a fondo tour from the box's teams through the
// wizard's team step as a director would: three teams ticked (numbered in the order ticked), one
// moved down (the page comes back where the team is, not at the top), a rider's type changed for this tour, and the tour created
// with the teams in that order and that type, the database unchanged.
func TestWizardTeamStepOrderAndRoles(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tb := newBrowser(t).newTab(t, srv)
	type rider struct {
		ID    uint   `json:"id"`
		Name  string `json:"name"`
		Games map[string]struct {
			Role string `json:"role"`
		} `json:"games"`
	}
	type team struct {
		ID     uint    `json:"id"`
		Name   string  `json:"name"`
		Riders []rider `json:"riders"`
	}
	teams := api[[]team](t, srv, "GET", "/api/v1/teams", nil, 200)
	byName := map[string]team{}
	for _, tm := range teams {
		byName[tm.Name] = tm
	}
	rojo, verde, azul := byName["Rojo"], byName["Verde"], byName["Azul"]
	durand := rojo.Riders[5]

	tb.visit("/tours/new")
	tb.run("choosing Ciclismo a fondo", chromedp.Click(chromedp.CSS(`input[name=ruleset][value="ciclismo-a-fondo"]`)))
	tb.fill("#name", "Vuelta de la mesa")
	tb.fill("#stages", "2")
	tb.fill("#seed", "7") // the same proposal on every run
	tb.choose("#riders_per_team", "6")
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("stages")
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("teams")
	// Verde is ticked first, then Rojo (listed before it): they race in the order ticked.
	for _, tm := range []team{verde, rojo} {
		tb.run("choosing "+tm.Name, chromedp.Click(chromedp.CSS(fmt.Sprintf("#team-check-%d", tm.ID))))
	}
	tb.wantText(fmt.Sprintf("#team-%d .team-number", verde.ID), "Team 1")
	tb.wantText(fmt.Sprintf("#team-%d .team-number", rojo.ID), "Team 2")
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("New tour")
	tb.navigates("← Back", chromedp.Click(chromedp.CSS(`.wizard-nav button[value=back]`)))
	tb.check("teams")
	tb.wantText(fmt.Sprintf("#team-%d .team-number", verde.ID), "Team 1")
	tb.wantText(fmt.Sprintf("#team-%d .team-number", rojo.ID), "Team 2")
	tb.run("choosing Azul", chromedp.Click(chromedp.CSS(fmt.Sprintf("#team-check-%d", azul.ID))))
	tb.wantText(fmt.Sprintf("#team-%d .team-number", azul.ID), "Team 3")
	tb.choose(fmt.Sprintf("#role-%d", durand.ID), "TT")

	// Rojo moves down: the page comes back scrolled to Rojo, now team 3.
	tb.navigates("↓ on Rojo", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#team-%d button[value="down_team:%d"]`, rojo.ID, rojo.ID))))
	tb.check("teams")
	if hash := eval[string](tb, `location.hash`); hash != fmt.Sprintf("#team-%d", rojo.ID) {
		tb.errorf("after ↓ the page is at %q, want Rojo's anchor #team-%d", hash, rojo.ID)
	}
	if top := eval[float64](tb, fmt.Sprintf(`document.getElementById("team-%d").getBoundingClientRect().top`, rojo.ID)); top < -1 || top > 200 {
		tb.errorf("after ↓ Rojo's box is %v px from the top of the window, want it in view (the page kept its place)", top)
	}
	tb.wantText(fmt.Sprintf("#team-%d .team-number", verde.ID), "Team 1")
	tb.wantText(fmt.Sprintf("#team-%d .team-number", azul.ID), "Team 2")
	tb.wantText(fmt.Sprintf("#team-%d .team-number", rojo.ID), "Team 3")
	if got := tb.value(fmt.Sprintf("#role-%d", durand.ID)); got != "TT" {
		tb.errorf("the type chosen for Durand before moving the team is %q, want TT", got)
	}
	tb.checkViewports("teams")

	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("New tour")
	tb.navigates("Create tour", chromedp.Click(chromedp.CSS(`.wizard-nav button[value=create]`)))
	tb.wantPath(`^/tours/\d+/stages/1$`)
	id := eval[string](tb, `location.pathname.split("/")[2]`)
	type tourTeam struct {
		Name   string `json:"name"`
		Riders []struct {
			Name string `json:"name"`
			Role string `json:"role"`
		} `json:"riders"`
	}
	tour := api[struct {
		Teams []tourTeam `json:"teams"`
	}](t, srv, "GET", "/api/v1/tours/"+id, nil, 200)
	if len(tour.Teams) != 3 || tour.Teams[0].Name != "Verde" || tour.Teams[1].Name != "Azul" || tour.Teams[2].Name != "Rojo" {
		t.Fatalf("created tour's teams = %+v, want Verde, Azul, Rojo", tour.Teams)
	}
	if r := tour.Teams[2].Riders[5]; r.Name != durand.Name || r.Role != "TT" {
		t.Errorf("Durand races as %q, want TT", r.Role)
	}
	after := api[rider](t, srv, "GET", fmt.Sprintf("/api/v1/riders/%d", durand.ID), nil, 200)
	if after.Games["ciclismo-a-fondo"].Role != durand.Games["ciclismo-a-fondo"].Role {
		t.Errorf("the database's type of Durand is now %q, want %q (the tour's choice is the tour's)", after.Games["ciclismo-a-fondo"].Role, durand.Games["ciclismo-a-fondo"].Role)
	}
}
