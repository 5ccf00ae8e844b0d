package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/xuri/excelize/v2"
)

// TestRosterFlow builds the database as a director would on a fresh install: a team and its riders
// through the forms (refused once with the message beside the field), a roster imported from XLSX
// (a file with a bad row refused with its problems by row and column, then a good one previewed and
// imported).
func TestRosterFlow(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tb := newBrowser(t).newTab(t, srv)

	tb.visit("/")
	tb.check("")
	tb.navigates("main menu: Teams & riders", chromedp.Click(chromedp.CSS(`nav.main-nav a[href="/teams"]`)))
	tb.check("Teams")
	tb.wantText("main", "Rojo", "Azul") // the box's teams on a first start

	// A new team: refused without a name, with the message beside the field.
	tb.navigates("New team", chromedp.Click(chromedp.CSS(`main a[href="/teams/new"]`)))
	tb.check("New team")
	if f := tb.focused(); f != "#name" {
		tb.errorf("New team: focus on %s, want the name field (autofocus)", f)
	}
	tb.keys("\tPAR") // Tab to the short name
	tb.expectRefusal(422)
	tb.navigates("saving a team without a name", chromedp.Click(chromedp.CSS(`main button[type=submit]`)))
	tb.check("")
	tb.wantText("#err-name", "")
	if tb.count("#err-name") != 1 || tb.attr("#name", "aria-invalid") != "true" {
		tb.errorf("a team without a name: want the message beside the name field (#err-name) and the field marked invalid")
	}
	if tb.value("#short") != "PAR" {
		tb.errorf("the refused form lost the short name: %q, want PAR", tb.value("#short"))
	}
	tb.focus("#name")
	tb.keys("Paris Roubaix")
	tb.navigates("saving the team", chromedp.Click(chromedp.CSS(`main button[type=submit]`)))
	tb.wantPath(`^/teams$`)
	tb.check("Teams")
	tb.wantText(".flash", "Team Paris Roubaix created.")
	teamID := eval[string](tb, `location.hash.replace("#team-", "")`)

	// Its riders: one refused (number 12), then six.
	roles := []string{"leader", "sprinter", "rouleur", "flat_domestique", "mountain_domestique", "lanterne_rouge"}
	for i, role := range roles {
		tb.visit("/teams/" + teamID + "/riders/new")
		tb.check("New rider")
		if i == 0 {
			tb.fill("#name", "Bernard Hinault")
			tb.fill("#number", "12")
			tb.choose("#role", role)
			tb.expectRefusal(422)
			tb.navigates("a rider numbered 12", chromedp.Click(chromedp.CSS(`main button[type=submit]`)))
			tb.check("")
			tb.wantText("#err-number", "")
			if tb.count("#err-number") != 1 {
				tb.errorf("a rider numbered 12: no message beside the number field")
			}
			if tb.value("#name") != "Bernard Hinault" {
				tb.errorf("the refused rider form lost the name: %q", tb.value("#name"))
			}
		}
		tb.fill("#name", fmt.Sprintf("Pavé Rider %d", i+1))
		tb.fill("#number", fmt.Sprint(i+1))
		tb.choose("#role", role)
		tb.navigates("saving rider "+role, chromedp.Click(chromedp.CSS(`main button[type=submit]`)))
		tb.wantPath(`^/teams$`)
		tb.wantText(".flash", fmt.Sprintf("Rider Pavé Rider %d added.", i+1))
	}
	tb.check("Teams")
	tb.wantText("#team-"+teamID, "Paris Roubaix", "PAR", "Pavé Rider 6", "Lanterne rouge")

	// Edit a rider through the link beside him.
	tb.navigates("edit Pavé Rider 1", chromedp.Click(chromedp.CSS(`#team-`+teamID+` a[aria-label="Edit Pavé Rider 1"]`)))
	tb.check("Edit rider")
	tb.fill("#name", "Eddy Merckx")
	tb.navigates("saving the edit", chromedp.Click(chromedp.CSS(`main button[type=submit]`)))
	tb.wantText("#team-"+teamID, "Eddy Merckx")

	// Import: a file with a bad row is refused, row by row; nothing is stored.
	dir := t.TempDir()
	bad := writeRoster(t, filepath.Join(dir, "bad.xlsx"), [][]any{
		{"Gris", "GRI", "#6b7280", 1, "Gris Leader", "leader"},
		{"Gris", "GRI", "#6b7280", 11, "Gris Eleven", "sprinter"},
	})
	tb.navigates("Import", chromedp.Click(chromedp.CSS(`main a[href="/teams/import"]`)))
	tb.check("Import")
	tb.run("choosing the bad file", chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{bad}))
	tb.expectRefusal(422)
	tb.navigates("Preview of the bad file", chromedp.Click(chromedp.CSS(`main button[type=submit]`)))
	tb.check("Import preview")
	tb.wantText(".problems", "1 problem", "number")
	if tb.count(`form[action="/teams/import/apply"]`) != 0 {
		tb.errorf("a file with problems offers Import now")
	}

	// A good file: two teams of six, previewed, then imported.
	var rows [][]any
	for _, team := range []struct{ name, short, color string }{{"Oro", "ORO", "#ca8a04"}, {"Celeste", "CEL", "#38bdf8"}} {
		for i, role := range roles {
			rows = append(rows, []any{team.name, team.short, team.color, i + 1, fmt.Sprintf("%s %d", team.name, i+1), role})
		}
	}
	good := writeRoster(t, filepath.Join(dir, "roster.xlsx"), rows)
	tb.navigates("Choose another file", chromedp.Click(chromedp.CSS(`main a[href="/teams/import"]`)))
	tb.run("choosing the roster", chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{good}))
	tb.navigates("Preview", chromedp.Click(chromedp.CSS(`main button[type=submit]`)))
	tb.check("Import preview")
	tb.wantText("main", "roster.xlsx", "Oro", "Celeste 6", "create")
	tb.navigates("Import now", chromedp.Click(chromedp.CSS(`form[action="/teams/import/apply"] button[type=submit]`)))
	tb.wantPath(`^/teams$`)
	tb.check("Teams")
	tb.wantText(".flash", "Imported roster.xlsx: 2 teams created, 0 updated; 12 riders created")
	tb.wantText("main", "Oro 6", "Celeste 1")

	// Export links answer files.
	for _, c := range []struct{ href, magic string }{{"/api/v1/teams/export.xlsx", "PK"}, {"/api/v1/teams/export.csv", "\ufeffteam"}} {
		status, _, head := tb.download(c.href)
		if status != 200 || !strings.HasPrefix(string(head), c.magic) {
			tb.errorf("%s: status %d, starts %q, want 200 and %q", c.href, status, head, c.magic)
		}
	}

	// Delete a team through its confirmation page.
	tb.navigates("Delete a team", chromedp.Click(chromedp.CSS(`main .team:has(h2 .short) a.danger[href$="/delete"]`)))
	tb.check("Delete team")
	tb.navigates("Cancel", chromedp.Click(chromedp.CSS(`main a.button[href="/teams"]`)))
	tb.check("Teams")
}

// writeRoster writes an XLSX roster with the header and rows, as a director's spreadsheet would be.
func writeRoster(t *testing.T, path string, rows [][]any) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sheet := f.GetSheetName(0)
	if err := f.SetSheetRow(sheet, "A1", &[]any{"team", "short", "color", "number", "name", "role"}); err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		if err := f.SetSheetRow(sheet, fmt.Sprintf("A%d", i+2), &r); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}
