package chart

import (
	"testing"

	"github.com/jung-kurt/gofpdf"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/story"
	"racedirector/app/story/storytest"
	"racedirector/data"
)

// catalogue loads the app's message catalogues.
func catalogue(t *testing.T) *i18n.Catalogue {
	t.Helper()
	c, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// racedStory races a tour of the game with ten teams of six over stages and tells its story.
func racedStory(t *testing.T, game string, stages int) *story.Story {
	t.Helper()
	list, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := race.FindRuleset(list, game)
	if !ok {
		t.Fatalf("no ruleset %s", game)
	}
	tour, results := storytest.Tour(rs, storytest.Options{Teams: 10, Riders: 6, Stages: stages, Seed: 2026, Abandons: 0.3, Combativity: true})
	s, err := story.Build(tour, results, stages)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// landscapePDF is an A4 landscape document with the fonts the charts draw with (DejaVu Sans, regular
// and bold) added under PDFFont.
func landscapePDF(t *testing.T) *gofpdf.Fpdf {
	t.Helper()
	pdf := gofpdf.New("L", "mm", "A4", "")
	for style, file := range map[string]string{"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"} {
		raw, err := fsRead(file)
		if err != nil {
			t.Fatal(err)
		}
		pdf.AddUTF8FontFromBytes(PDFFont, style, raw)
	}
	return pdf
}
