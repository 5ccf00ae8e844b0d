package chart

import (
	"bytes"
	"encoding/xml"
	"io"
	"os/exec"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/story"
	"racedirector/assets"
)

// TestSVGIsSafeXML: every chart's SVG parses as XML, names and colours from the database are
// escaped or replaced, and nothing carries a style attribute or a script.
func TestSVGIsSafeXML(t *testing.T) {
	s := racedStory(t, "cycling-party", 5)
	evil := `<script>alert("x")</script> & 'Co'`
	for i := range s.Top {
		s.Top[i].Name = evil
		s.Top[i].TeamColor = `red" onload="x`
	}
	for i := range s.Managers {
		s.Managers[i].Team = evil
		s.Managers[i].TeamColor = `#12345g`
	}
	for _, strip := range s.Jerseys {
		for i := range strip.Holders {
			strip.Holders[i].Name = evil
		}
		for i := range strip.Wearers {
			strip.Wearers[i].Name = evil
		}
	}
	for _, lay := range layouts() {
		for _, c := range All(s, catalogue(t).Localizer("en"), lay) {
			svg := string(c.SVG())
			dec := xml.NewDecoder(strings.NewReader(svg))
			for {
				tok, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s: the SVG is not XML: %v", c.Kind, err)
				}
				if el, ok := tok.(xml.StartElement); ok {
					for _, a := range el.Attr {
						if a.Name.Local == "style" || strings.HasPrefix(a.Name.Local, "on") {
							t.Errorf("%s: <%s %s=%q>", c.Kind, el.Name.Local, a.Name.Local, a.Value)
						}
					}
					if el.Name.Local == "script" {
						t.Errorf("%s: a script element", c.Kind)
					}
				}
			}
			if strings.Contains(svg, "<script") || strings.Contains(svg, `onload`) || strings.Contains(svg, "#12345g") {
				t.Errorf("%s: unescaped text or colour in %s", c.Kind, svg)
			}
			if c.Kind != KindSources && !strings.Contains(svg, "&lt;script&gt;") {
				t.Errorf("%s: the escaped name is missing", c.Kind)
			}
		}
	}
}

// TestChartWordsInEveryLanguage: every chart's words come from the catalogue in each language (no
// key left untranslated), and the Spanish and Italian titles are not the English ones.
func TestChartWordsInEveryLanguage(t *testing.T) {
	s := racedStory(t, "cycling-party", 21)
	cat := catalogue(t)
	english := All(s, cat.Localizer("en"), Screen())
	for _, lang := range []string{"en", "es", "it"} {
		for k, c := range All(s, cat.Localizer(lang), Screen()) {
			words := []string{c.Title, c.Summary}
			words = append(words, c.Table.Head...)
			for _, sh := range c.Shapes {
				if v, ok := sh.(Text); ok {
					words = append(words, v.S)
				}
			}
			for _, w := range words {
				if strings.Contains(w, "story.") || strings.Contains(w, "{{") || w == "" {
					t.Errorf("%s %s: %q", lang, c.Kind, w)
				}
			}
			if lang != "en" && (c.Title == english[k].Title || c.Summary == english[k].Summary) {
				t.Errorf("%s %s: still in English: %q", lang, c.Kind, c.Title)
			}
		}
	}
	for _, lang := range []string{"en", "es", "it"} {
		for _, key := range cat.Keys("en") {
			if strings.HasPrefix(key, "story.") && !cat.Has(lang, key) {
				t.Errorf("%s lacks %s", lang, key)
			}
		}
	}
}

// TestDrawPDF draws every chart onto PDF pages and reads the riders' names back with pdftotext.
func TestDrawPDF(t *testing.T) {
	s := racedStory(t, "cycling-party", 21)
	pdf := landscapePDF(t)
	for _, c := range All(s, catalogue(t).Localizer("it"), Screen()) {
		pdf.AddPage()
		c.DrawPDF(pdf, 10, 10, 277, 190)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext is not installed")
	}
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = &buf
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{s.Top[0].Name, s.Managers[0].Team, "Tappa", "Classifica generale"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
}

// fsRead reads an embedded font.
func fsRead(name string) ([]byte, error) {
	f, err := assets.Fonts().Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// TestEmptyStoriesDrawSafely: a story of no stage, or of a stage nobody finished, draws without
// panicking into valid XML.
func TestEmptyStoriesDrawSafely(t *testing.T) {
	rs := race.Ruleset{TimeUnit: race.UnitSeconds, Classifications: []string{race.ClassIndividual}, Jerseys: map[string]race.Jersey{race.ClassIndividual: {Name: "Yellow", Color: "#f5d000"}}}
	for _, s := range []*story.Story{
		story.FromStandings(&rs, nil),
		story.FromStandings(&rs, []*race.Standings{{AfterStage: 1, Leaders: map[string]int{}}}),
	} {
		for _, lay := range layouts() {
			for _, c := range All(s, catalogue(t).Localizer("es"), lay) {
				if err := xml.Unmarshal([]byte(c.SVG()), new(struct{})); err != nil {
					t.Errorf("%s: %v", c.Kind, err)
				}
				if c.Summary == "" {
					t.Errorf("%s: no summary", c.Kind)
				}
			}
		}
	}
}
