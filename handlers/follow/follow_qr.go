package follow

import (
	"bytes"
	"fmt"
	"strings"

	"rsc.io/qr"

	"racedirector/views"
)

// qrQuietZone is the white border a QR code needs around it to be read, in modules.
const qrQuietZone = 4

// qrModulePixels is how large one module is drawn when the SVG is shown at its own size.
const qrModulePixels = 8

// qrCode is what the "qr-code" template draws: a white square of Side modules (the code and its
// quiet zone) drawn Pixels wide, and the dark modules as one path.
type qrCode struct {
	Side, Pixels int
	Label        string
	Path         string
}

// qrCodeOf is text as a QR code (error correction M, which a phone camera reads off a screen or a
// crumpled printout): the dark modules as one path, each row's runs as rectangles.
func qrCodeOf(text string) (qrCode, error) {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return qrCode{}, fmt.Errorf("drawing the QR code of %q: %w", text, err)
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
	return qrCode{Side: side, Pixels: side * qrModulePixels, Label: "QR code of " + text, Path: path.String()}, nil
}

// qrSVG draws text as a QR code, a standalone SVG document from the "qr-code" template (only SVG
// attributes: the CSP forbids style attributes).
func qrSVG(v *views.Views, text string) ([]byte, error) {
	code, err := qrCodeOf(text)
	if err != nil {
		return nil, err
	}
	var svg bytes.Buffer
	if err := v.Partial(&svg, "qr-code", code); err != nil {
		return nil, err
	}
	return svg.Bytes(), nil
}
