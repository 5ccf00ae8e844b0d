package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"racedirector/app/race"
)

// apiStage is a stage as GET /api/v1/tours/{id}/stages/{n} answers it.
type apiStage struct {
	Number int    `json:"number"`
	Type   string `json:"type"`
	Length int    `json:"length"`
	State  string `json:"state"`
	Climbs []struct {
		Index    int    `json:"index"`
		Category string `json:"category"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
	} `json:"climbs"`
	Sprints []struct {
		Index int `json:"index"`
		At    int `json:"at"`
	} `json:"sprints"`
}

// TestCyclingPartyTour is the whole Cycling Party workflow on a fresh database, on a tablet, once
// in English, once in Spanish (the browser asks for it) and once in Italian (chosen with the
// footer's switcher): a seven-stage tour through the wizard (with a step back to edit a stage),
// stage 1 entered by keyboard only (sprints, climbs, an abandonment, a water bottle, finish groups,
// one mistake refused beside its field and corrected), End stage, every classification and the
// Cycling Party screen, the control sheets as PDF and XLSX, then stage 1 reopened and a change
// undone. Every expected word is the app's own catalogue's, in the run's language. The English run
// walks the fields with Tab; the Spanish and Italian runs put the focus on each at once (the order
// is the same in every language). The three runs, each with its server and tab, go side by side.
func TestCyclingPartyTour(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	cat := loadCatalogue(t)
	for _, pl := range partyLanguages() {
		t.Run(pl.lang, func(t *testing.T) {
			t.Parallel()
			r := newPartyRun(t, b, cat, pl)
			tourID := r.createTourThroughWizard()
			stage := api[apiStage](t, r.srv, "GET", fmt.Sprintf("/api/v1/tours/%s/stages/1", tourID), nil, 200)
			r.enterStageByKeyboard(tourID, stage)
			r.readTheStandings(tourID)
			r.downloadSheets(tourID)
			r.reopenAndUndo(tourID)
			r.finish()
		})
	}
}

// createTourThroughWizard creates the run's tour (Cycling Party, 7 stages, teams of 6, the four
// first teams of the box) through the New tour wizard and returns its id.
func (r *partyRun) createTourThroughWizard() string {
	tb := r.tb
	tb.navigates("main menu: New tour", chromedp.Click(chromedp.CSS(`nav.main-nav a[href="/tours/new"]`)))
	r.page(r.T("setup.wizard.title.tour"))

	// Step 1, the characteristics: refused without a name, the message beside it.
	if tb.attr(`input[name=ruleset][value=cycling-party]`, "checked") == "<no element>" {
		tb.fatalf("no Cycling Party ruleset choice")
	}
	tb.fill("#stages", "7")
	tb.choose("#profile", "medium")
	tb.choose("#riders_per_team", "6")
	tb.fill("#seed", "42")
	tb.expectRefusal(422)
	tb.navigates("Continue without a name", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	r.page(r.T("setup.wizard.title.tour"))
	if tb.count("#err-name") != 1 {
		tb.errorf("a tour without a name: no message beside the name field (#err-name)")
	}
	tb.wantText("#err-name", r.refusal("is required"))
	if tb.value("#stages") != "7" || tb.value("#seed") != "42" {
		tb.errorf("the refused step lost the typed values: stages %q seed %q", tb.value("#stages"), tb.value("#seed"))
	}
	tb.fill("#name", r.tour)
	// Enter in a field means Continue.
	tb.navigates("Enter in the name field", chromedp.KeyEvent("\r"))
	r.page(r.T("setup.wizard.title.points"))

	// Step 2, the points: back once (the characteristics are kept), then on with the defaults.
	tb.navigates("← Back", chromedp.Click(chromedp.CSS(`.wizard-nav button[value=back]`)))
	r.page(r.T("setup.wizard.title.tour"))
	if tb.value("#name") != r.tour || tb.value("#stages") != "7" {
		tb.errorf("Back lost the characteristics: name %q stages %q", tb.value("#name"), tb.value("#stages"))
	}
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	r.page(r.T("setup.wizard.title.points"))
	tb.navigates("Continue with the default points", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	r.page(r.T("setup.wizard.title.stages"))
	if n := tb.count("section.stage-edit"); n != 7 {
		tb.fatalf("the stages step shows %d stages, want 7", n)
	}

	// Step 3, the stages: on to the teams, then back a step to edit stage 2's first sprint.
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	r.page(r.T("setup.wizard.title.teams"))
	teams := eval[[]string](tb, `[...document.querySelectorAll("input[name=teams]")].slice(0, 4).map((e) => e.id)`)
	if len(teams) < 4 {
		tb.fatalf("the teams step offers %d teams, want at least 4", len(teams))
	}
	for _, id := range teams {
		tb.run("choosing "+id, chromedp.Click(chromedp.CSS("#"+id)))
	}
	tb.navigates("← Back to the stages", chromedp.Click(chromedp.CSS(`.wizard-nav button[value=back]`)))
	r.page(r.T("setup.wizard.title.stages"))
	const sprint = `[id="stages[1].sprints[0].at"]`
	old := tb.value(sprint)
	var at int
	if _, err := fmt.Sscan(old, &at); err != nil {
		tb.fatalf("stage 2 sprint 1 square %q: %v", old, err)
	}
	length, err := strconv.Atoi(tb.value(`[id="stages[1].length"]`))
	if err != nil {
		tb.fatalf("stage 2's length: %v", err)
	}
	tb.fill(sprint, "999")
	tb.expectRefusal(422)
	tb.navigates("Continue with a sprint beyond the finish", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	r.page(r.T("setup.wizard.title.stages"))
	if tb.count(`[id="err-stages[1].sprints[0].at"]`) != 1 {
		tb.errorf("a sprint on square 999: no message beside the field")
	}
	tb.wantText(`[id="err-stages[1].sprints[0].at"]`, r.refusal("must be inside the stage (1–%d)", length))
	tb.fill(sprint, fmt.Sprint(at+1))
	tb.navigates("Continue with the edited stage", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	r.page(r.T("setup.wizard.title.teams"))
	if got := eval[int](tb, `document.querySelectorAll("input[name=teams]:checked").length`); got != 4 {
		tb.errorf("back and on again: %d teams still chosen, want 4", got)
	}
	tb.navigates("Continue to the summary", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	r.page(r.T("setup.wizard.title.summary"))
	tb.wantText("main", r.tour, "7 (", r.T("setup.summary.teams_of", "Teams", r.N("setup.count.teams", 4), "Riders", r.N("setup.count.riders", 6)),
		r.T("setup.points.total"))
	row := eval[string](tb, `(() => { const r = [...document.querySelectorAll("main table tbody tr")].find((tr) => tr.cells[0].innerText.trim() === "2"); return r ? r.innerText : ""; })()`)
	if !strings.Contains(row, fmt.Sprint(at+1)) {
		tb.errorf("the summary's stage 2 (%q) does not show the edited sprint square %d", row, at+1)
	}

	tb.navigates("Create tour", chromedp.Click(chromedp.CSS(`.wizard-nav button[value=create]`)))
	tb.wantPath(`^/tours/\d+/stages/1$`)
	r.page(r.T("race.stage.page_title", "N", 1, "Tour", r.tour))
	r.flash(r.T("setup.wizard.created", "Name", r.tour))
	return eval[string](tb, `location.pathname.split("/")[2]`)
}

// enterStageByKeyboard enters stage 1 with the keyboard only: the page puts the focus on the first
// empty entry, the director types bibs and presses Enter, Tab moves between fields. Teams are
// 11–16, 21–26, 31–36, 41–46; bib 16 abandons.
func (r *partyRun) enterStageByKeyboard(tourID string, st apiStage) {
	tb := r.tb
	stageURL := "/tours/" + tourID + "/stages/1"
	stageTitle := r.T("race.stage.page_title", "N", 1, "Tour", r.tour)
	entries := eval[[]string](tb, `[...document.querySelectorAll("section.course input[data-bibs]")].map((e) => e.id)`)
	if want := len(st.Sprints) + len(st.Climbs); len(entries) != want {
		tb.fatalf("the stage screen has %d sprint and climb entries %v, want %d", len(entries), entries, want)
	}
	orders := []string{"21 11 31", "25 15 35 45", "22 12 42", "21 31 41 11 45", "11 21 31 41", "42 32 22"}
	for i, id := range entries {
		if f := tb.focused(); f != "#"+id {
			tb.errorf("entry %d: the focus is on %s, want the first empty entry #%s", i+1, f, id)
			tb.focus("#" + id)
		}
		order := orders[i%len(orders)]
		if i == 0 {
			// A mistake: bib 99 does not race. The page refuses before sending and says why beside it.
			tb.keys("21 99 11")
			tb.stays("Enter with bib 99", chromedp.KeyEvent("\r"))
			tb.wantText("#"+id+"-preview li.bad", "99", r.T("race.bibs.no_such"))
			tb.wantText("#"+id+"-box .js-refusal", r.T("race.bibs.refused"))
			if f := tb.focused(); f != "#"+id {
				tb.errorf("after the refusal the focus is on %s, want #%s", f, id)
			}
			tb.keys(strings.Repeat("\b", len("21 99 11")))
			if v := tb.value("#" + id); v != "" {
				tb.fatalf("Backspace left %q in #%s", v, id)
			}
		}
		tb.keys(order)
		tb.navigates("Enter in #"+id, chromedp.KeyEvent("\r"))
		tb.wantPath("^" + stageURL + "$")
		kind, k, _ := strings.Cut(id, "-") // sprint-1, climb-2
		r.flash(r.T("race.flash."+kind+"_saved", "N", k, "Bibs", order))
		if i == 0 {
			r.page(stageTitle)
		}
	}

	// End stage too early: one refusal beside End stage, the finish missing for the 24 riders.
	r.reach("#end-stage", 80)
	tb.expectRefusal(422)
	tb.navigates("End stage without a finish", chromedp.KeyEvent("\r"))
	r.page(stageTitle)
	tb.wantText("#end .field-error", r.T("stage.end.one_missing", "N", 1, "What", r.say("the finish is missing (%d riders have no finish place and have not abandoned)", 24)))
	if n := tb.count(".missing li, .form-error"); n != 0 {
		tb.errorf("End stage without a finish shows %d more refusal lines, want its one sentence", n)
	}
	if f := tb.focused(); f != "#end-stage" {
		tb.errorf("after End stage was refused the focus is on %s, want #end-stage", f)
	}

	// A water bottle, on the Advantages page, reached from the tour menu.
	r.reachBack(`nav.tour-nav a[href$="/stages/1/advantages"]`, 80)
	tb.navigates("Enter on Advantages", chromedp.KeyEvent("\r"))
	advTitle := r.T("race.adv.page_title", "N", 1, "Tour", r.tour)
	r.page(advTitle)
	r.reach("#adv-water_bottle-bib", 40)
	tb.keys("13\t14")
	tb.navigates("Enter in the water bottle's turn", chromedp.KeyEvent("\r"))
	r.page(advTitle)
	rule, ok := r.rs.AdvantageRule("water_bottle")
	if !ok {
		r.t.Fatal("the Cycling Party ruleset has no water bottle")
	}
	bottle := rule.NameIn(r.lang)
	r.flash(r.T("race.flash.use_for", "Name", bottle, "Bib", 13))
	r.flash(r.T("race.finish.turn_n", "N", 14))
	tb.wantText("#uses", bottle, "13")

	r.reach(`main a[href="`+stageURL+`"]`, 40)
	tb.navigates("Enter on Back to stage 1", chromedp.KeyEvent("\r"))
	if f := tb.focused(); f != "#g1-turn" {
		tb.errorf("back on the stage screen the focus is on %s, want the finish (#g1-turn)", f)
		tb.focus("#g1-turn")
	}

	// An abandonment: Tab to the bib, the reason, Enter.
	r.reach("#abandon-bib", 60)
	tb.keys("16\t" + r.reason)
	tb.navigates("Enter in the reason", chromedp.KeyEvent("\r"))
	r.flash(r.T("race.flash.abandon", "Bib", 16, "Reason", r.reason))
	tb.wantText("#abandons", "16", r.reason)

	// The finish, four groups; the second is given a die of 7 by mistake.
	if f := tb.focused(); f != "#g1-turn" {
		tb.errorf("after the abandonment the focus is on %s, want the finish (#g1-turn)", f)
		tb.focus("#g1-turn")
	}
	tb.keys("0\t7\t3\t22 12\t")
	tb.keys("0\t3\t7\t11 21 31 41\t")
	tb.keys("1\t10\t2\t13 14 15 23 24 25 26\t")
	// The times as typed, the server's answers: turn 0, square 7, die 3 is 0:28; a die of 7 previews
	// nothing; turn 1, square 10, die 2 is 1:14.
	tb.wantPreview("#g1-time", "0:28")
	tb.wantPreview("#g2-time", "–")
	tb.wantPreview("#g3-time", "1:14")
	if f := tb.focused(); !strings.Contains(f, r.T("race.finish.add_group")) {
		tb.fatalf("after the last group's riders Tab reached %s, want the Add group button", f)
	}
	tb.keys("\r") // Add group
	if f := tb.focused(); f != "#g4-turn" {
		tb.fatalf("Add group put the focus on %s, want #g4-turn", f)
	}
	tb.keys("2\t1\t1\t32 33 34 35 36 42 43 44 45 46")
	tb.expectRefusal(422)
	tb.navigates("Enter in group 4's riders", chromedp.KeyEvent("\r"))
	r.page(stageTitle)
	if tb.count("#g2-die-error") != 1 || tb.attr("#g2-die", "aria-invalid") != "true" {
		tb.fatalf("a die of 7: want the message beside group 2's die (#g2-die-error) and the field marked invalid")
	}
	tb.wantText("#g2-die-error", r.refusal("must be between 1 and %d", race.DieFaces))
	if f := tb.focused(); f != "#g2-die" {
		tb.errorf("after the refused finish the focus is on %s, want #g2-die", f)
		tb.focus("#g2-die")
	}
	if v := tb.value("#g4-riders"); !strings.HasPrefix(v, "32 33") {
		tb.errorf("the refused finish lost group 4's riders: %q", v)
	}
	tb.keys(kb.End + "\b5")
	tb.wantPreview("#g2-time", "0:46") // corrected on the refused page, previewed as typed again
	tb.navigates("Enter after correcting the die", chromedp.KeyEvent("\r"))
	r.flash(r.T("race.flash.finish_saved", "Groups", r.N("race.groups_n", 4), "Riders", r.N("race.riders_n", 23)))

	// End stage.
	r.reach("#end-stage", 120)
	tb.navigates("End stage", chromedp.KeyEvent("\r"))
	tb.wantPath("^/tours/" + tourID + "/stages/2$")
	r.page(r.T("race.stage.page_title", "N", 2, "Tour", r.tour))
	r.flash(r.T("race.flash.closed", "N", 1, "Next", 2))
}
