package base

import (
	"mime"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTourFileName: a tour's download is named after the tour, in ASCII for every client and, when
// the name has other letters, in UTF-8 as filename*; long names are cut at a word; names without a
// letter fall back to the tour's number.
func TestTourFileName(t *testing.T) {
	long := strings.Repeat("Gran Premio della Montagna ", 10)
	tests := []struct {
		name, tour, part, ext string
		want                  FileName
		disposition           string
	}{
		{"a plain name", "Giro del Salotto", "stage-3", "pdf",
			FileName{"giro-del-salotto-stage-3.pdf", "giro-del-salotto-stage-3.pdf"},
			`attachment; filename="giro-del-salotto-stage-3.pdf"`},
		{"accents", "Vuelta a España 2027", "race-book", "xlsx",
			FileName{"vuelta-a-españa-2027-race-book.xlsx", "vuelta-a-espana-2027-race-book.xlsx"},
			`attachment; filename="vuelta-a-espana-2027-race-book.xlsx"; filename*=UTF-8''vuelta-a-espa%C3%B1a-2027-race-book.xlsx`},
		{"letters spelled out", "Straße Łódź Ærø", "summary", "pdf",
			FileName{"straße-łódź-ærø-summary.pdf", "strasse-lodz-aero-summary.pdf"}, ""},
		{"punctuation and quotes", `  Tour "de" l'Île / 1\2 — étape!  `, "general-after-stage-2", "xlsx",
			FileName{"tour-de-l-île-1-2-étape-general-after-stage-2.xlsx", "tour-de-l-ile-1-2-etape-general-after-stage-2.xlsx"}, ""},
		{"no ASCII spelling", "Тур де Франс", "stage-1-entry", "pdf",
			FileName{"тур-де-франс-stage-1-entry.pdf", "tour-7-stage-1-entry.pdf"},
			`attachment; filename="tour-7-stage-1-entry.pdf"; filename*=UTF-8''%D1%82%D1%83%D1%80-%D0%B4%D0%B5-%D1%84%D1%80%D0%B0%D0%BD%D1%81-stage-1-entry.pdf`},
		{"no letter at all", " 🚴‍♂️ — ! ", "summary", "pdf", FileName{"tour-7-summary.pdf", "tour-7-summary.pdf"}, ""},
		{"a backup has no part", "Giro del Salotto", "", "racedirector.json",
			FileName{"giro-del-salotto.racedirector.json", "giro-del-salotto.racedirector.json"}, ""},
		{"a long name is cut at a word", long, "stage-3", "pdf",
			FileName{"gran-premio-della-montagna-gran-premio-della-montagna-gran-stage-3.pdf", "gran-premio-della-montagna-gran-premio-della-montagna-gran-stage-3.pdf"}, ""},
	}
	for _, tt := range tests {
		got := TourFileName(tt.tour, 7, tt.part, tt.ext)
		if got != tt.want {
			t.Errorf("%s: TourFileName(%q) = %+v, want %+v", tt.name, tt.tour, got, tt.want)
		}
		for _, r := range got.ASCII {
			if r > 126 || r < 32 || r == '"' || r == '\\' || r == '/' {
				t.Errorf("%s: ASCII name %q holds %q", tt.name, got.ASCII, r)
			}
		}
		if n := utf8.RuneCountInString(got.UTF8); n > maxTourSlug+40 {
			t.Errorf("%s: %q is %d characters long", tt.name, got.UTF8, n)
		}
		d := got.Disposition()
		if tt.disposition != "" && d != tt.disposition {
			t.Errorf("%s: Disposition = %s, want %s", tt.name, d, tt.disposition)
		}
		// What a client reads back: the UTF-8 name where filename* is given, else the ASCII one.
		kind, params, err := mime.ParseMediaType(d)
		if err != nil || kind != "attachment" || params["filename"] != got.UTF8 {
			t.Errorf("%s: %s parses as %q %v (%v), want the attachment %q", tt.name, d, kind, params, err, got.UTF8)
		}
	}
}
