package chart

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteSamples draws every chart of a raced tour into HTML pages (phone and screen layouts,
// English, Spanish and Italian) and a PDF, in the folder STORY_SAMPLES names, for looking at them.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("STORY_SAMPLES")
	if dir == "" {
		t.Skip("set STORY_SAMPLES to a folder to draw the sample charts")
	}
	for _, game := range []string{"cycling-party", "uci-road", "ciclismo-a-fondo"} {
		s := racedStory(t, game, 21)
		for _, lang := range []string{"en", "es", "it"} {
			l := catalogue(t).Localizer(lang)
			for name, lay := range map[string]Layout{"phone": Phone(), "screen": Screen()} {
				var b strings.Builder
				b.WriteString(`<!doctype html><meta charset="utf-8"><body style="margin:8px;font-family:sans-serif">`)
				for _, c := range All(s, l, lay) {
					one := fmt.Sprintf("<h2>%s</h2><p>%s</p>%s", html.EscapeString(c.Title), html.EscapeString(c.Summary), c.SVG())
					b.WriteString(one)
					page := `<!doctype html><meta charset="utf-8"><body style="margin:8px;font-family:sans-serif">` + one
					if err := os.WriteFile(filepath.Join(dir, game+"-"+lang+"-"+name+"-"+c.Kind+".html"), []byte(page), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				if err := os.WriteFile(filepath.Join(dir, game+"-"+lang+"-"+name+".html"), []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		pdf := landscapePDF(t)
		for _, c := range All(s, catalogue(t).Localizer("es"), Screen()) {
			pdf.AddPage()
			pdf.SetFont(PDFFont, "B", 14)
			pdf.Text(15, 15, c.Title)
			c.DrawPDF(pdf, 15, 22, 267, 175)
		}
		if err := pdf.OutputFileAndClose(filepath.Join(dir, game+".pdf")); err != nil {
			t.Fatal(err)
		}
	}
}
