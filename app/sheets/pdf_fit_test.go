package sheets

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// fitByDropping is fitText as it was: drop the last character and measure again, until the text
// with an ellipsis fits (quadratic in the text's length). The test checks the new one against it.
func fitByDropping(pdf *gofpdf.Fpdf, s string, w float64) string {
	if pdf.GetStringWidth(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && pdf.GetStringWidth(string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// fontsPDF is a PDF with the sheets' fonts loaded.
func fontsPDF(t testing.TB) *gofpdf.Fpdf {
	t.Helper()
	pdf := gofpdf.New("P", "mm", "A4", "")
	if err := loadFonts(pdf, os.DirFS("../../assets/fonts")); err != nil {
		t.Fatal(err)
	}
	pdf.AddPage()
	return pdf
}

// TestFitTextAsBefore fits ordinary texts (names, teams, reasons, accents, wide and narrow letters,
// a rune the fonts lack, invalid UTF-8) in cells of many widths, in both styles and several sizes:
// the text fitted by adding up the characters' widths is the one dropping them one by one gave.
func TestFitTextAsBefore(t *testing.T) {
	pdf := fontsPDF(t)
	texts := []string{
		"", "a", "…", "Tadej Pogačar", "Søren Kragh Andersen", "Peio Ruiz Cabestany", "Alpe d’Huez",
		"crash in the descent (three sixes)", "WWWWWWWWWWWWWWWWWWWW", "iiiiiiiiiiiiiiiiiiiiiiiiiiiiii",
		"Maillot amarillo — líder de la general", "Ciclismo a fondo: puntos de esfuerzo", "عربي \u202eRTL\u202c",
		"a\x00b \xff\xfe c", "\uFFFD replacement", "Amarillo Jumbo-Visma Lease a Bike Pro Cycling Team",
	}
	for _, style := range []string{"", "B"} {
		for _, size := range []float64{5, 6.5, 7.25, 8, 11} {
			pdf.SetFont(fontFamily, style, size)
			for _, s := range texts {
				for w := 0.0; w <= 60; w += 0.35 {
					if got, want := fitText(pdf, s, w), fitByDropping(pdf, s, w); got != want {
						t.Errorf("fitText(%q, %.2f mm, %s %.2f pt) = %q, want %q", s, w, style, size, got, want)
					}
				}
			}
		}
	}
}

// TestFitTextIsLinear fits a 40,000-character reason: the fitted text is its start that fits, as
// dropping characters gave, and measuring it reads each character a bounded number of times.
func TestFitTextIsLinear(t *testing.T) {
	pdf := fontsPDF(t)
	pdf.SetFont(fontFamily, "", 7)
	long := longReason()
	got := fitText(pdf, long, 50)
	if !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
		t.Fatalf("fitText of a long reason = %q, want its start and an ellipsis", got)
	}
	if pdf.GetStringWidth(got) > 50 || pdf.GetStringWidth(strings.TrimSuffix(got, "…")+string([]rune(long)[len([]rune(got))-1])+"…") <= 50 {
		t.Errorf("fitText of a long reason = %q: not the longest start that fits in 50 mm", got)
	}
}

// TestLongReasonStaysOnItsPage prints the result sheet and the tour summary of a tour whose
// abandonment reason has 40,000 characters: the result's cell holds the reason's start with an
// ellipsis (its pages as many as with a short reason), and the summary is still one page, its awards ending with an ellipsis where the page
// does (they ran on over pages).
func TestLongReasonStaysOnItsPage(t *testing.T) {
	f := cyclingPartyTour(t)
	in := f.input(3)
	in.Stage = 2
	pages := pageCount(t, "the result sheet", pdfText(t, makePDF(t, "short-reason", SheetResult, in)))
	f.results[1].Abandons[0].Reason = longReason()
	result := pdfText(t, makePDF(t, "long-reason", SheetResult, in))
	wantLine(t, "the result's abandonment", result, "Rafał Majka", "crash in the descent", "…")
	if n := pageCount(t, "the result sheet", result); n != pages {
		t.Errorf("the result sheet with a long reason has %d pages, want %d as with a short one", n, pages)
	}
	summary := pdfText(t, makePDF(t, "long-reason", SheetSummary, f.input(3)))
	if n := pageCount(t, "the summary", summary); n != 1 {
		t.Errorf("the summary has %d pages, want 1", n)
	}
	if !strings.Contains(summary, "crash in the descent") || !strings.Contains(summary, "…") {
		t.Errorf("the summary does not print the reason's start with an ellipsis:\n%s", summary)
	}
}

// longReason is an abandonment reason of 40,000 characters, as a hostile form could give.
func longReason() string { return strings.Repeat("crash in the descent ", 40_000/21+1)[:40_000] }

// BenchmarkResultPDFLongReason measures the sheets that print an abandonment reason (the stage's
// result, the tour summary, the race book; as PDF, and the result as XLSX) when the reason has
// 40,000 characters — fitting it in its cell is linear in its length — beside the same sheets with
// the fixture's short reason.
func BenchmarkResultPDFLongReason(b *testing.B) {
	type write func(w io.Writer, sheet string, in Input) error
	for _, s := range []struct {
		name, sheet string
		write       write
	}{{"result.pdf", SheetResult, PDF}, {"summary.pdf", SheetSummary, PDF}, {"book.pdf", SheetBook, PDF}, {"result.xlsx", SheetResult, XLSX}} {
		for _, c := range []struct{ name, reason string }{{"short", ""}, {"40000-characters", longReason()}} {
			b.Run(s.name+"/"+c.name, func(b *testing.B) {
				f := cyclingPartyTour(b)
				if c.reason != "" {
					f.results[1].Abandons[0].Reason = c.reason
				}
				in := f.input(3)
				in.Stage = 2
				b.ReportAllocs()
				for b.Loop() {
					var buf bytes.Buffer
					if err := s.write(&buf, s.sheet, in); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
