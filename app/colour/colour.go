// Package colour checks colours as teams and jerseys keep them.
package colour

import "math"

// Is says whether c is a colour as teams and jerseys keep it: #rrggbb. Pages, charts and
// sheets draw any other value in a neutral grey.
func Is(c string) bool {
	if len(c) != 7 || c[0] != '#' {
		return false
	}
	for _, r := range c[1:] {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F') {
			return false
		}
	}
	return true
}

// Dark says whether a #rrggbb colour is dark: its relative luminance (sRGB, WCAG) under 0.12, so
// that drawn on a dark screen it needs a light edge to be seen. Anything but a colour is not dark.
func Dark(c string) bool {
	if !Is(c) {
		return false
	}
	lum := 0.0
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		v := float64(hexByte(c[1+2*i])<<4|hexByte(c[2+2*i])) / 255
		if v <= 0.04045 {
			v /= 12.92
		} else {
			v = math.Pow((v+0.055)/1.055, 2.4)
		}
		lum += w * v
	}
	return lum < 0.12
}

// hexByte is the value of one hexadecimal digit.
func hexByte(b byte) int {
	switch {
	case b >= 'a':
		return int(b-'a') + 10
	case b >= 'A':
		return int(b-'A') + 10
	}
	return int(b - '0')
}
