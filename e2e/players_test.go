package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// narrowPhone is the phone where the profile was seen cut: 360 px wide.
var narrowPhone = viewport{"phone 360", 360, 740, true}

// pickMyTeam chooses team n in the follow page's "My team" as a player would (the select's change).
func pickMyTeam(tb *tab, n int) {
	tb.t.Helper()
	tb.run(fmt.Sprintf("picking team %d as mine", n), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`(() => { const s = document.getElementById("my-team-pick"); s.value = "%d"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, n)))
}

// TestMyTeamOnThePhone is a player at the table with his phone (360 px): he picks his team (whose
// player the director named), its riders stand out in the results with a star and "your team" for
// screen readers, the choice is kept when the page is opened again, the stage's profile shows the
// finish without a swipe, and when the director saves a sprint through the API a notice says that
// his rider scored, and only his.
func TestMyTeamOnThePhone(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	teams := defaultTeams(t, srv, 3)
	tourID := createTour(t, srv, "cycling-party", "Tour of the Table", 6, cpStages(), teams, false)
	code := tourCode(t, srv, tourID)
	api[obj](t, srv, "PUT", "/api/v1/tours/"+tourID+"/teams/3", obj{"manager": "Marta"}, 200)
	api[obj](t, srv, "PUT", "/api/v1/tours/"+tourID+"/stages/1/sprints/1", obj{"order": []int{31, 11, 21}}, 200)

	player := newBrowser(t).newTab(t, srv)
	player.setViewport(narrowPhone)
	player.visit("/follow/" + code)
	player.waitFor("the follow page connecting to the live stream", `document.querySelector("[data-live-state]").getAttribute("data-live-state") === "live"`)

	// The whole profile on a 360 px screen: its finish label inside the window, nothing to swipe.
	finish := eval[[]float64](player, `(() => { const t = [...document.querySelectorAll("#stage svg.profile text")].find((e) => e.textContent.startsWith("Finish")); if (!t) return []; const r = t.getBoundingClientRect(); const box = t.closest(".profile-scroll"); return [r.left, r.right, window.innerWidth, box.scrollWidth - box.clientWidth]; })()`)
	if len(finish) != 4 {
		player.fatalf("the stage profile has no finish label")
	}
	if finish[0] < 0 || finish[1] > finish[2] || finish[3] > 1 {
		player.errorf("on a %v px screen the profile's finish label spans %v–%v px and its frame scrolls %v px sideways: want it in the window, nothing to swipe", finish[2], finish[0], finish[1], finish[3])
	}

	// My team: Marta's, team 3.
	player.wantText("#my-team-pick", "Marta")
	pickMyTeam(player, 3)
	player.run("opening the results", chromedp.Click(chromedp.CSS(`.follow-tabs a[data-tab=results]`)))
	mine := eval[[]string](player, `[...document.querySelectorAll("#results .mine")].map((e) => e.getAttribute("data-bib"))`)
	if len(mine) == 0 || strings.Join(mine, " ") != "31" {
		player.errorf("the results mark the bibs %q as mine, want only 31 (team 3's rider in sprint 1)", mine)
	}
	if !eval[bool](player, `(() => { const e = document.querySelector('#results .mine[data-bib="31"]'); return !!e && !!e.querySelector(".mine-star") && e.innerText.includes("★") && e.textContent.includes("(your team)") && getComputedStyle(e).fontWeight >= 700; })()`) {
		player.errorf("bib 31 is not marked beyond colour: want a star, bold and the words \"your team\"")
	}
	if eval[bool](player, `!!document.querySelector('#results [data-bib="11"].mine')`) {
		player.errorf("bib 11 of another team is marked as mine")
	}
	player.check("Tour of the Table")

	// The choice is the phone's: the page opened again remembers it.
	player.visit("/follow/" + code)
	player.waitFor("the follow page connecting again", `document.querySelector("[data-live-state]").getAttribute("data-live-state") === "live"`)
	if got := player.value("#my-team-pick"); got != "3" {
		player.errorf("the page opened again has team %q picked, want 3 (kept on the phone)", got)
	}
	if n := eval[int](player, `document.querySelectorAll(".team-notice").length`); n != 0 {
		player.errorf("the page opened again told %d pieces of news already on it, want none", n)
	}

	// The director saves sprint 2 from another device: Marta's rider 32 is first, 12 and 22 follow.
	player.markPage("__myTeam")
	api[obj](t, srv, "PUT", "/api/v1/tours/"+tourID+"/stages/1/sprints/2", obj{"order": []int{32, 12, 22}}, 200)
	player.waitFor("a notice of team 3's news", `!!document.querySelector(".team-notice")`)
	player.samePage("__myTeam", "the follow page after sprint 2")
	player.wantText(".team-notice", "Your team", "(32) crosses sprint 2 in place 1", "5 points")
	if n := eval[int](player, `document.querySelectorAll(".team-notice").length`); n != 1 {
		player.errorf("%d notices after sprint 2, want 1 (only bib 32 is of team 3): %q", n, player.text("[data-notices]"))
	}
	if !eval[bool](player, `!!document.querySelector('#results .mine[data-bib="32"]')`) {
		player.errorf("bib 32, in the results put in place live, is not marked as mine")
	}
	if role := eval[string](player, `document.querySelector("[data-notices]").getAttribute("aria-live")`); role != "polite" {
		player.errorf("the notices are not announced (aria-live %q)", role)
	}
	player.check("Tour of the Table")
}

// TestMyTeamNoticeInSpanish is the same notice on a Spanish phone: a rider of the player's team
// leaves the race, entered through the API, and the notice says so in Spanish.
func TestMyTeamNoticeInSpanish(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	teams := defaultTeams(t, srv, 3)
	tourID := createTour(t, srv, "cycling-party", "Vuelta de la mesa", 6, cpStages(), teams, false)
	code := tourCode(t, srv, tourID)

	player := newBrowser(t).newTab(t, srv)
	player.setViewport(narrowPhone)
	player.visit("/follow/" + code + "?lang=es")
	player.waitFor("the follow page connecting to the live stream", `document.querySelector("[data-live-state]").getAttribute("data-live-state") === "live"`)
	player.wantText(".my-team", "Mi equipo")
	pickMyTeam(player, 2)
	player.markPage("__miEquipo")
	api[obj](t, srv, "PUT", "/api/v1/tours/"+tourID+"/stages/1/sprints/1", obj{"order": []int{21, 11, 31}}, 200)
	player.waitFor("a notice of team 2's sprint", `!!document.querySelector(".team-notice")`)
	player.wantText(".team-notice", "Tu equipo", "(21) pasa el sprint 1 en 1.ª posición")
	api[obj](t, srv, "POST", "/api/v1/tours/"+tourID+"/stages/1/abandons", obj{"bib": 24, "reason": "crash"}, 200)
	player.waitFor("a notice of bib 24 leaving", `[...document.querySelectorAll(".team-notice")].some((n) => n.innerText.includes("(24)"))`)
	player.samePage("__miEquipo", "the follow page after the abandon")
	if text := player.text("[data-notices]"); !strings.Contains(text, "deja la carrera") || strings.Contains(text, "has left") {
		player.errorf("the notice of the abandon is not in Spanish: %q", text)
	}
	player.check("Vuelta de la mesa")
}

// TestWizardTeamStepCountsAtOnce is the director on a tablet at the wizard's team step: ticking
// teams says at once how many are chosen and shows their ↑↓ (the first's ↑ and the last's ↓
// disabled), without a trip to the server; a player typed for a team is the tour's.
func TestWizardTeamStepCountsAtOnce(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	byName := map[string]uint{}
	for _, tm := range api[[]struct {
		ID   uint   `json:"id"`
		Name string `json:"name"`
	}](t, srv, "GET", "/api/v1/teams", nil, 200) {
		byName[tm.Name] = tm.ID
	}
	rojo, verde := byName["Rojo"], byName["Verde"]
	tb := newBrowser(t).newTab(t, srv)
	tb.visit("/tours/new")
	tb.run("choosing Ciclismo a fondo", chromedp.Click(chromedp.CSS(`input[name=ruleset][value="ciclismo-a-fondo"]`)))
	tb.fill("#name", "Vuelta de los jugadores")
	tb.fill("#stages", "2")
	tb.fill("#seed", "7")
	tb.choose("#riders_per_team", "6")
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.wantText("legend", "Teams", "(0 chosen)")
	if eval[bool](tb, fmt.Sprintf(`!!document.querySelector("#team-%d .row-buttons").offsetParent`, rojo)) {
		tb.errorf("Rojo, not chosen, shows its ↑↓")
	}
	tb.markPage("__teamStep")
	for _, id := range []uint{verde, rojo} {
		tb.run(fmt.Sprintf("ticking team %d", id), chromedp.Click(chromedp.CSS(fmt.Sprintf("#team-check-%d", id))))
	}
	tb.samePage("__teamStep", "ticking teams")
	tb.wantText("legend", "(2 chosen)")
	state := func(id uint, dir string) string {
		return eval[string](tb, fmt.Sprintf(`(() => { const b = document.querySelector('#team-%d button[value="%s_team:%d"]'); return !b ? "none" : !b.offsetParent ? "hidden" : b.disabled ? "disabled" : "enabled"; })()`, id, dir, id))
	}
	for _, c := range []struct {
		id        uint
		dir, want string
	}{{verde, "up", "disabled"}, {verde, "down", "enabled"}, {rojo, "up", "enabled"}, {rojo, "down", "disabled"}} {
		if got := state(c.id, c.dir); got != c.want {
			tb.errorf("after ticking Verde then Rojo, team %d's %s is %s, want %s", c.id, c.dir, got, c.want)
		}
	}
	if label := eval[string](tb, fmt.Sprintf(`document.querySelector('#team-%d button[value="up_team:%d"]').getAttribute("aria-label")`, rojo, rojo)); !strings.Contains(label, "team 2") {
		tb.errorf("Rojo's ↑ is labelled %q, want its number, team 2", label)
	}
	tb.run("unticking Verde", chromedp.Click(chromedp.CSS(fmt.Sprintf("#team-check-%d", verde))))
	tb.wantText("legend", "(1 chosen)")
	if got := state(rojo, "up"); got != "disabled" {
		tb.errorf("Rojo alone: its ↑ is %s, want disabled", got)
	}
	tb.run("ticking Verde again", chromedp.Click(chromedp.CSS(fmt.Sprintf("#team-check-%d", verde))))
	tb.fill(fmt.Sprintf("#manager\\.%d", rojo), "Marta")
	tb.samePage("__teamStep", "ticking and typing")
	tb.check("teams")
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.navigates("Create tour", chromedp.Click(chromedp.CSS(`.wizard-nav button[value=create]`)))
	tb.wantPath(`^/tours/\d+/stages/1$`)
	id := eval[string](tb, `location.pathname.split("/")[2]`)
	tour := api[struct {
		Teams []struct {
			Name    string `json:"name"`
			Manager string `json:"manager"`
		} `json:"teams"`
	}](t, srv, "GET", "/api/v1/tours/"+id, nil, 200)
	if len(tour.Teams) != 2 || tour.Teams[0].Name != "Rojo" || tour.Teams[0].Manager != "Marta" || tour.Teams[1].Manager != "" {
		t.Errorf("the tour's teams = %+v, want Rojo (Marta's) then Verde (no player)", tour.Teams)
	}
}
