package follow

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rsc.io/qr"
)

// TestQRSVGDrawsEveryModule reads the SVG's path back into a grid of modules and compares it with
// the QR code's own: every dark module drawn once, inside the quiet zone, nothing else.
func TestQRSVGDrawsEveryModule(t *testing.T) {
	v := testViews(t)
	for _, text := range []string{"http://192.168.1.20:8080/follow/K7MQ2P", "https://race.example.org/follow/ABCDEF", "x"} {
		svg, err := qrSVG(v, text)
		if err != nil {
			t.Fatalf("qrSVG(%q): %v", text, err)
		}
		code, err := qr.Encode(text, qr.M)
		if err != nil {
			t.Fatal(err)
		}
		side := code.Size + 2*qrQuietZone
		if !strings.Contains(string(svg), fmt.Sprintf(`viewBox="0 0 %d %d"`, side, side)) {
			t.Errorf("qrSVG(%q) viewBox is not %d modules square", text, side)
		}
		d := regexp.MustCompile(` d="([^"]*)"`).FindStringSubmatch(string(svg))
		if d == nil {
			t.Fatalf("qrSVG(%q) has no path", text)
		}
		drawn := map[[2]int]int{}
		for _, m := range regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`).FindAllStringSubmatch(d[1], -1) {
			x, _ := strconv.Atoi(m[1])
			y, _ := strconv.Atoi(m[2])
			run, _ := strconv.Atoi(m[3])
			if m[3] != m[4] {
				t.Fatalf("run %q does not close on itself", m[0])
			}
			for i := range run {
				drawn[[2]int{x + i - qrQuietZone, y - qrQuietZone}]++
			}
		}
		for y := range code.Size {
			for x := range code.Size {
				want := 0
				if code.Black(x, y) {
					want = 1
				}
				if got := drawn[[2]int{x, y}]; got != want {
					t.Fatalf("qrSVG(%q): module (%d,%d) drawn %d times, want %d", text, x, y, got, want)
				}
				delete(drawn, [2]int{x, y})
			}
		}
		if len(drawn) > 0 {
			t.Errorf("qrSVG(%q) draws %d modules outside the code (in the quiet zone)", text, len(drawn))
		}
	}
}

// TestQRSVGAsBefore checks that the "qr-code" template draws the SVG document exactly as the Go
// string it replaces did, the text in its label escaped.
func TestQRSVGAsBefore(t *testing.T) {
	v := testViews(t)
	for _, text := range []string{"http://192.168.1.20:8080/follow/K7MQ2P", `x"<&>`} {
		code, err := qrCodeOf(text)
		if err != nil {
			t.Fatal(err)
		}
		label := html.EscapeString("QR code of " + text)
		want := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" shape-rendering="crispEdges" role="img" aria-label="%s">`+
			`<title>%s</title><rect width="%d" height="%d" fill="#ffffff"/><path fill="#000000" d="%s"/></svg>`,
			code.Side, code.Side, code.Side*qrModulePixels, code.Side*qrModulePixels, label, label, code.Side, code.Side, code.Path)
		got, err := qrSVG(v, text)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("qrSVG(%q) =\n%s\nwant\n%s", text, got, want)
		}
	}
}
