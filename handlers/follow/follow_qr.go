package follow

import (
	"fmt"
	"html"
	"strings"

	"rsc.io/qr"
)

// qrQuietZone is the white border a QR code needs around it to be read, in modules.
const qrQuietZone = 4

// qrModulePixels is how large one module is drawn when the SVG is shown at its own size.
const qrModulePixels = 8

// qrSVG draws text as a QR code (error correction M, which a phone camera reads off a screen or a
// crumpled printout): a white square with the quiet zone and the dark modules as one path, each
// row's runs as rectangles. Only SVG attributes: the CSP forbids style attributes.
func qrSVG(text string) ([]byte, error) {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return nil, fmt.Errorf("drawing the QR code of %q: %w", text, err)
	}
	side := code.Size + 2*qrQuietZone
	var path strings.Builder
	for y := 0; y < code.Size; y++ {
		for x := 0; x < code.Size; {
			if !code.Black(x, y) {
				x++
				continue
			}
			run := 1
			for x+run < code.Size && code.Black(x+run, y) {
				run++
			}
			fmt.Fprintf(&path, "M%d %dh%dv1h-%dz", x+qrQuietZone, y+qrQuietZone, run, run)
			x += run
		}
	}
	label := html.EscapeString("QR code of " + text)
	svg := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" shape-rendering="crispEdges" role="img" aria-label="%s">`+
		`<title>%s</title><rect width="%d" height="%d" fill="#ffffff"/><path fill="#000000" d="%s"/></svg>`,
		side, side, side*qrModulePixels, side*qrModulePixels, label, label, side, side, path.String())
	return []byte(svg), nil
}
