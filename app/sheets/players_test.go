package sheets

import (
	"strings"
	"testing"
)

// TestManagersSheetNamesThePlayers checks the Cycling Party managers' sheet, PDF and XLSX: a team
// whose player is named is listed with him ("Rojo Racing · Marta"), the others alone.
func TestManagersSheetNamesThePlayers(t *testing.T) {
	f := cyclingPartyTour(t)
	f.tour.Teams[0].Manager = "Marta"
	in := f.input(3)
	text := pdfText(t, makePDF(t, "players", SheetCyclingParty, in))
	if !strings.Contains(text, f.tour.Teams[0].Name+" · Marta") {
		t.Errorf("the managers' sheet (PDF) does not name Marta beside %s:\n%s", f.tour.Teams[0].Name, text)
	}
	if strings.Contains(text, f.tour.Teams[1].Name+" ·") {
		t.Errorf("the managers' sheet (PDF) names a player for %s, which has none", f.tour.Teams[1].Name)
	}
	book := makeXLSX(t, "players", SheetCyclingParty, in)
	found := false
	for _, name := range book.GetSheetList() {
		rows, err := book.GetRows(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range rows {
			found = found || strings.Contains(strings.Join(row, "|"), f.tour.Teams[0].Name+" · Marta")
		}
	}
	if !found {
		t.Errorf("the managers' sheet (XLSX) does not name Marta beside %s", f.tour.Teams[0].Name)
	}
}
