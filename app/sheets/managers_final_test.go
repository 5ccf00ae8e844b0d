package sheets

import (
	"strings"
	"testing"

	"racedirector/app/i18n"
	"racedirector/data"
)

// TestManagersSheetSaysFinal: the Cycling Party managers' PDF after the last stage says its
// standing is the final one, and never "as if the tour stopped here"; after an earlier stage it
// still says "as if" (in English, Spanish and Italian); the book after the last stage says so too.
func TestManagersSheetSaysFinal(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	fix := cyclingPartyTour(t)
	last := len(fix.tour.Stages)
	for _, tt := range []struct{ lang, final, asIf string }{
		{i18n.English, "Final manager standing", "as if the tour stopped here"},
		{i18n.Spanish, "Clasificación final de directores", "como si la vuelta acabara aquí"},
		{i18n.Italian, "Classifica finale dei direttori sportivi", "come se il giro finisse qui"},
	} {
		in := fix.input(last)
		in.Words = cat.Localizer(tt.lang)
		text := pdfText(t, makePDF(t, "cp-"+tt.lang, SheetCyclingParty, in))
		if !strings.Contains(text, tt.final) || strings.Contains(text, tt.asIf) {
			t.Errorf("%s: the managers' sheet after the last stage lacks %q or says %q:\n%s", tt.lang, tt.final, tt.asIf, text)
		}
		in.After = last - 1
		text = pdfText(t, makePDF(t, "cp-"+tt.lang, SheetCyclingParty, in))
		if !strings.Contains(text, tt.asIf) || strings.Contains(text, tt.final) {
			t.Errorf("%s: the managers' sheet after stage %d lacks %q or says %q:\n%s", tt.lang, last-1, tt.asIf, tt.final, text)
		}
	}
	book := pdfText(t, makePDF(t, "cp", SheetBook, fix.input(last)))
	if !strings.Contains(book, "Final manager standing") || strings.Contains(book, "as if the tour stopped here") {
		t.Errorf("the book after the last stage lacks the final manager standing, or says \"as if\"")
	}
}
