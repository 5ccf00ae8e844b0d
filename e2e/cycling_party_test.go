package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
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

// TestCyclingPartyTour is the whole Cycling Party workflow on a fresh database, on a tablet: a
// seven-stage tour through the wizard (with a step back to edit a stage), stage 1 entered by
// keyboard only (sprints, climbs, an abandonment, a water bottle, finish groups, one mistake refused
// beside its field and corrected), End stage, every classification and the Cycling Party screen,
// the control sheets as PDF and XLSX, then stage 1 reopened and a change undone.
func TestCyclingPartyTour(t *testing.T) {
	srv := startServer(t)
	tb := newBrowser(t).newTab(t, srv)

	tourID := createTourThroughWizard(tb)
	stage := api[apiStage](t, srv, "GET", fmt.Sprintf("/api/v1/tours/%s/stages/1", tourID), nil, 200)
	enterStageByKeyboard(tb, tourID, stage)
	readTheStandings(tb, tourID)
	downloadSheets(tb, tourID)
	reopenAndUndo(tb, tourID)
}

// createTourThroughWizard creates "Tour of the Table" (Cycling Party, 7 stages, teams of 6, the four
// first teams of the box) through the New tour wizard and returns its id.
func createTourThroughWizard(tb *tab) string {
	tb.visit("/")
	tb.navigates("main menu: New tour", chromedp.Click(chromedp.CSS(`nav.main-nav a[href="/tours/new"]`)))
	tb.check("New tour")

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
	tb.check("New tour")
	if tb.count("#err-name") != 1 {
		tb.errorf("a tour without a name: no message beside the name field (#err-name)")
	}
	if tb.value("#stages") != "7" || tb.value("#seed") != "42" {
		tb.errorf("the refused step lost the typed values: stages %q seed %q", tb.value("#stages"), tb.value("#seed"))
	}
	tb.fill("#name", "Tour of the Table")
	// Enter in a field means Continue.
	tb.navigates("Enter in the name field", chromedp.KeyEvent("\r"))
	tb.check("points")

	// Step 2, the points: back once (the characteristics are kept), then on with the defaults.
	tb.navigates("← Back", chromedp.Click(chromedp.CSS(`.wizard-nav button[value=back]`)))
	tb.check("New tour")
	if tb.value("#name") != "Tour of the Table" || tb.value("#stages") != "7" {
		tb.errorf("Back lost the characteristics: name %q stages %q", tb.value("#name"), tb.value("#stages"))
	}
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("points")
	tb.navigates("Continue with the default points", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("stages")
	if n := tb.count("section.stage-edit"); n != 7 {
		tb.fatalf("the stages step shows %d stages, want 7", n)
	}

	// Step 3, the stages: on to the teams, then back a step to edit stage 2's first sprint.
	tb.navigates("Continue", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("teams")
	teams := eval[[]string](tb, `[...document.querySelectorAll("input[name=teams]")].slice(0, 4).map((e) => e.id)`)
	if len(teams) < 4 {
		tb.fatalf("the teams step offers %d teams, want at least 4", len(teams))
	}
	for _, id := range teams {
		tb.run("choosing "+id, chromedp.Click(chromedp.CSS("#"+id)))
	}
	tb.navigates("← Back to the stages", chromedp.Click(chromedp.CSS(`.wizard-nav button[value=back]`)))
	tb.check("stages")
	const sprint = `[id="stages[1].sprints[0].at"]`
	old := tb.value(sprint)
	var at int
	if _, err := fmt.Sscan(old, &at); err != nil {
		tb.fatalf("stage 2 sprint 1 square %q: %v", old, err)
	}
	tb.fill(sprint, "999")
	tb.expectRefusal(422)
	tb.navigates("Continue with a sprint beyond the finish", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("stages")
	if tb.count(`[id="err-stages[1].sprints[0].at"]`) != 1 {
		tb.errorf("a sprint on square 999: no message beside the field")
	}
	tb.fill(sprint, fmt.Sprint(at+1))
	tb.navigates("Continue with the edited stage", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("teams")
	if got := eval[int](tb, `document.querySelectorAll("input[name=teams]:checked").length`); got != 4 {
		tb.errorf("back and on again: %d teams still chosen, want 4", got)
	}
	tb.navigates("Continue to the summary", chromedp.Click(chromedp.CSS(`.wizard-nav button.primary`)))
	tb.check("New tour")
	tb.wantText("main", "Tour of the Table", "7 (", "4 teams of 6 riders", "Total in play")
	row := eval[string](tb, `(() => { const r = [...document.querySelectorAll("main table tbody tr")].find((tr) => tr.cells[0].innerText.trim() === "2"); return r ? r.innerText : ""; })()`)
	if !strings.Contains(row, fmt.Sprint(at+1)) {
		tb.errorf("the summary's stage 2 (%q) does not show the edited sprint square %d", row, at+1)
	}

	tb.navigates("Create tour", chromedp.Click(chromedp.CSS(`.wizard-nav button[value=create]`)))
	tb.wantPath(`^/tours/\d+/stages/1$`)
	tb.check("Stage 1")
	tb.wantText(".flash", "Tour of the Table is created")
	return eval[string](tb, `location.pathname.split("/")[2]`)
}

// enterStageByKeyboard enters stage 1 with the keyboard only: the page puts the focus on the first
// empty entry, the director types bibs and presses Enter, Tab moves between fields. Teams are
// 11–16, 21–26, 31–36, 41–46; bib 16 abandons.
func enterStageByKeyboard(tb *tab, tourID string, st apiStage) {
	stageURL := "/tours/" + tourID + "/stages/1"
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
			tb.wantText("#"+id+"-preview li.bad", "99", "no such bib")
			tb.wantText("#"+id+"-box .js-refusal", "Not saved")
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
		tb.wantText(".flash", "saved: "+order+".")
		if i == 0 {
			tb.check("Stage 1")
		}
	}

	// End stage too early: refused with the list of what is missing.
	tb.tabTo("#end-stage", 80)
	tb.expectRefusal(422)
	tb.navigates("End stage without a finish", chromedp.KeyEvent("\r"))
	tb.check("Stage 1")
	tb.wantText(".missing", "Missing before stage 1 can end")
	if f := tb.focused(); f != "#end-stage" {
		tb.errorf("after End stage was refused the focus is on %s, want #end-stage", f)
	}

	// A water bottle, on the Advantages page, reached from the tour menu.
	tb.backTabTo(`nav.tour-nav a[href$="/stages/1/advantages"]`, 80)
	tb.navigates("Enter on Advantages", chromedp.KeyEvent("\r"))
	tb.check("Advantages")
	tb.tabTo("#adv-water_bottle-bib", 40)
	tb.keys("13\t14")
	tb.navigates("Enter in the water bottle's turn", chromedp.KeyEvent("\r"))
	tb.check("Advantages")
	tb.wantText(".flash", "13")
	tb.wantText("#uses", "Water bottle", "13")

	tb.tabTo(`main a[href="`+stageURL+`"]`, 40)
	tb.navigates("Enter on Back to stage 1", chromedp.KeyEvent("\r"))
	if f := tb.focused(); f != "#g1-turn" {
		tb.errorf("back on the stage screen the focus is on %s, want the finish (#g1-turn)", f)
		tb.focus("#g1-turn")
	}

	// An abandonment: Tab to the bib, the reason, Enter.
	tb.tabTo("#abandon-bib", 60)
	tb.keys("16\tcrash in the descent")
	tb.navigates("Enter in the reason", chromedp.KeyEvent("\r"))
	tb.wantText(".flash", "Abandonment of bib 16 recorded")
	tb.wantText("#abandons", "16", "crash in the descent")

	// The finish, four groups; the second is given a die of 7 by mistake.
	if f := tb.focused(); f != "#g1-turn" {
		tb.errorf("after the abandonment the focus is on %s, want the finish (#g1-turn)", f)
		tb.focus("#g1-turn")
	}
	tb.keys("0\t7\t3\t22 12\t")
	tb.keys("0\t3\t7\t11 21 31 41\t")
	tb.keys("1\t10\t2\t13 14 15 23 24 25 26\t")
	if got := tb.text("#g1-time"); got != "0:28" {
		tb.errorf("group 1 (turn 0, square 7, die 3) shows time %q while typing, want 0:28", got)
	}
	if f := tb.focused(); !strings.Contains(f, "Add group") {
		tb.fatalf("after the last group's riders Tab reached %s, want the Add group button", f)
	}
	tb.keys("\r") // Add group
	if f := tb.focused(); f != "#g4-turn" {
		tb.fatalf("Add group put the focus on %s, want #g4-turn", f)
	}
	tb.keys("2\t1\t1\t32 33 34 35 36 42 43 44 45 46")
	tb.expectRefusal(422)
	tb.navigates("Enter in group 4's riders", chromedp.KeyEvent("\r"))
	tb.check("Stage 1")
	tb.wantText("#g2-die-error", "")
	if tb.count("#g2-die-error") != 1 || tb.attr("#g2-die", "aria-invalid") != "true" {
		tb.fatalf("a die of 7: want the message beside group 2's die (#g2-die-error) and the field marked invalid")
	}
	if f := tb.focused(); f != "#g2-die" {
		tb.errorf("after the refused finish the focus is on %s, want #g2-die", f)
		tb.focus("#g2-die")
	}
	if v := tb.value("#g4-riders"); !strings.HasPrefix(v, "32 33") {
		tb.errorf("the refused finish lost group 4's riders: %q", v)
	}
	tb.keys(kb.End + "\b5")
	tb.navigates("Enter after correcting the die", chromedp.KeyEvent("\r"))
	tb.wantText(".flash", "Finish saved: 4 groups, 23 riders.")

	// End stage.
	tb.tabTo("#end-stage", 120)
	tb.navigates("End stage", chromedp.KeyEvent("\r"))
	tb.wantPath("^/tours/" + tourID + "/stages/2$")
	tb.check("Stage 2")
	tb.wantText(".flash", "Stage 1 closed. Stage 2 is open.")
}

// readTheStandings opens every classification, the Cycling Party screen and the riders after stage 1,
// through the tour menu. Stage 1's winner is bib 22 (group 1: turn 0, square 7, die 3 = 28 s).
func readTheStandings(tb *tab, tourID string) {
	tb.navigates("tour menu: Classifications", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/classifications"]`)))
	tb.check("Classifications")
	tb.wantText("h1", "after stage 1")
	tb.wantText(".leaders", "22")
	jumps := eval[[]string](tb, `[...document.querySelectorAll("nav.jump a")].map((a) => a.getAttribute("href"))`)
	if len(jumps) < 6 {
		tb.errorf("the classifications page links %d classifications %v, want at least 6 (stage, individual, regularity, mountain, sprints, teams)", len(jumps), jumps)
	}
	for _, href := range jumps {
		tb.run("jumping to "+href, chromedp.Click(chromedp.CSS(`nav.jump a[href="`+href+`"]`)))
		shown := eval[bool](tb, fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s) return false; const r = s.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; })()`, href))
		if !shown {
			tb.errorf("the classification %s is not on screen after its link", href)
		}
		if rows := tb.count(href + " tbody tr"); rows == 0 {
			tb.errorf("the classification %s has no row after stage 1: %q", href, clip(tb.text(href), 200))
		}
	}
	first := eval[string](tb, `(() => { const r = document.querySelector("section.classification tbody tr"); return r ? r.innerText : ""; })()`)
	if !strings.Contains(first, "22") {
		tb.errorf("the first classification's first row is %q, want stage 1's winner, bib 22", first)
	}
	if n := tb.count(`section.classification:has(table) tbody tr`); n < 23 {
		tb.errorf("the classifications list %d rows in all, want at least the 23 finishers", n)
	}

	tb.navigates("tour menu: Cycling Party", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/cycling-party"]`)))
	tb.check("Cycling Party")
	if n := tb.count("table.managers tbody tr"); n != 4 {
		tb.errorf("the Cycling Party standing has %d managers, want 4", n)
	}

	tb.navigates("tour menu: Riders", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/riders"]`)))
	tb.check("Riders")
	out := eval[string](tb, `(() => { const r = [...document.querySelectorAll("main tr.out")].map((tr) => tr.innerText); return r.join(" | "); })()`)
	if !strings.Contains(out, "16") {
		tb.errorf("the riders page does not show bib 16 out of the race (rows out: %q)", out)
	}
}

// downloadSheets opens the stage sheet and the control sheets, and downloads every sheet as PDF and
// XLSX the way its buttons would (the form's action with its fields), with the browser's cookies.
func downloadSheets(tb *tab, tourID string) {
	tb.navigates("tour menu: Stages", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/sheet"]`)))
	tb.check("Stage 2")
	tb.navigates("‹ Stage 1 sheet", chromedp.Click(chromedp.CSS(`nav.sheet-nav a[rel=prev]`)))
	tb.check("Stage 1")

	// The control sheets page should be reachable from the tour's pages.
	if tb.count(`a[href="/tours/`+tourID+`/sheets"]`) == 0 {
		tb.errorf("no link to the control sheets (/tours/%s/sheets) on the stage sheet page or the tour menu: a director cannot reach the PDF and XLSX downloads", tourID)
		tb.visit("/tours/" + tourID + "/sheets")
	} else {
		tb.navigates("Control sheets", chromedp.Click(chromedp.CSS(`a[href="/tours/`+tourID+`/sheets"]`)))
	}
	tb.check("Control sheets")
	type sheetLinks struct {
		Title string `json:"title"`
		PDF   string `json:"pdf"`
		XLSX  string `json:"xlsx"`
	}
	// links lists each sheet's two downloads as its buttons would request them, with the form's
	// choices as they stand, or with stage 1 (closed) chosen.
	links := func(stage1 bool) []sheetLinks {
		return eval[[]sheetLinks](tb, fmt.Sprintf(`[...document.querySelectorAll("form.sheet-form")].filter((f) => f.querySelector("button")).map((f) => {
		  const d = new FormData(f);
		  if (%t && d.has("stage")) d.set("stage", "1");
		  const q = new URLSearchParams(d).toString();
		  const x = f.querySelector("button[formaction]");
		  return {title: f.closest("tr").querySelector("th").innerText, pdf: f.action + (q ? "?" + q : ""), xlsx: x ? x.formAction + (q ? "?" + q : "") : ""};
		})`, stage1))
	}
	sheets := links(false)
	if len(sheets) < 4 {
		tb.fatalf("the control sheets page offers %d sheets to download, want at least 4", len(sheets))
	}
	for i, sh := range append(sheets, links(true)...) {
		choice := "as offered"
		if i >= len(sheets) {
			choice = "for stage 1"
		}
		for _, f := range []struct{ href, magic, ctype string }{{sh.PDF, "%PDF", "application/pdf"}, {sh.XLSX, "PK", "spreadsheetml"}} {
			if f.href == "" {
				tb.errorf("sheet %q has no %s button", sh.Title, f.ctype)
				continue
			}
			status, ctype, head := tb.download(f.href)
			if status != 200 || !strings.HasPrefix(string(head), f.magic) || !strings.Contains(ctype, f.ctype) {
				tb.errorf("sheet %q %s (%s): status %d, %s, starts %q; want 200, %s, %q", sh.Title, choice, f.href, status, ctype, head, f.ctype, f.magic)
			}
		}
	}
}

// reopenAndUndo reopens stage 1 from its screen, changes sprint 1, undoes the change, and ends the
// stage again.
func reopenAndUndo(tb *tab, tourID string) {
	stageURL := "/tours/" + tourID + "/stages/1"
	tb.navigates("main menu: Tours", chromedp.Click(chromedp.CSS(`nav.main-nav a[href="/tours"]`)))
	tb.navigates("Open the tour", chromedp.Click(chromedp.CSS(`#tour-`+tourID+` a.primary`)))
	tb.wantPath("^/tours/" + tourID + "/stages/2$")
	tb.navigates("stage picker: 1", chromedp.Click(chromedp.CSS(`nav.stage-picker a[href="`+stageURL+`"]`)))
	tb.check("Stage 1")
	tb.wantText("#reopen", "closed")
	if v := tb.count("#sprint-1"); v != 0 {
		tb.errorf("a closed stage shows an entry field for sprint 1")
	}
	tb.takeDialogs()
	tb.navigates("Reopen stage 1", chromedp.Click(chromedp.CSS(`#reopen button[type=submit]`)))
	if d := tb.takeDialogs(); len(d) != 1 {
		tb.errorf("Reopen asked %d confirmations %q, want 1", len(d), d)
	}
	tb.check("Stage 1")
	tb.wantText(".flash", "Stage 1 reopened")
	if v := tb.value("#sprint-1"); v != "21 11 31" {
		tb.errorf("reopened sprint 1 shows %q, want 21 11 31", v)
	}

	tb.focus("#sprint-1")
	tb.keys(kb.End + strings.Repeat("\b", 12) + "31 21 11")
	tb.navigates("Enter in sprint 1", chromedp.KeyEvent("\r"))
	tb.wantText(".flash", "Sprint 1 saved: 31 21 11.")
	tb.wantText("#history", "31 21 11")
	tb.tabTo(`form[action$="/undo"] button`, 150)
	tb.navigates("Undo last change", chromedp.KeyEvent("\r"))
	tb.check("Stage 1")
	if v := tb.value("#sprint-1"); v != "21 11 31" {
		tb.errorf("after Undo sprint 1 shows %q, want 21 11 31 again", v)
	}
	tb.wantText("#history", "(undone)")

	if tb.count(`#history a[href$="/history"]`) > 0 {
		tb.navigates("Whole history", chromedp.Click(chromedp.CSS(`#history a[href$="/history"]`)))
		tb.check("History")
		tb.wantText("main", "(undone)")
		tb.navigates("Back to stage 1", chromedp.Click(chromedp.CSS(`main a[href="`+stageURL+`"]`)))
	}
	tb.tabTo("#end-stage", 150)
	tb.navigates("End stage again", chromedp.KeyEvent("\r"))
	tb.wantPath("^/tours/" + tourID + "/stages/2$")
	tb.wantText(".flash", "Stage 1 closed")

	tb.navigates("main menu: Tours", chromedp.Click(chromedp.CSS(`nav.main-nav a[href="/tours"]`)))
	tb.check("Tours")
	tb.wantText("#tour-"+tourID, "Tour of the Table", "22")
}
