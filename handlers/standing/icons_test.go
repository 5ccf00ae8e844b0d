package standing

import (
	"bytes"
	"fmt"
	"testing"

	"racedirector/app/race"
	"racedirector/views"
	"racedirector/views/viewstest"
)

// testViews parses the app's views as the app does.
func testViews(t *testing.T) *views.Views { return viewstest.Views(t) }

// iconShirt is the jersey's outline as the icons were drawn in Go before the "icon" template.
const iconShirt = "M8 3 4 5 2 9.5 5 11 6 9.5V21h12V9.5l1 1.5 3-1.5L20 5l-4-2c-.9 1.4-2.3 2.2-4 2.2S8.9 4.4 8 3z"

// jerseyBefore is a jersey exactly as JerseyIcon wrote it in Go before the "icon" template.
func jerseyBefore(id, color string, dotted bool) string {
	fill, dots := color, ""
	if dotted {
		fill = "#ffffff"
		clip := "jersey-clip-" + id
		dots = fmt.Sprintf(`<clipPath id="%s"><path d="%s"/></clipPath><g clip-path="url(#%s)" fill="%s">`, clip, iconShirt, clip, color)
		for _, c := range [][2]float64{{5, 10}, {9, 7}, {12, 11}, {15, 7}, {19, 10}, {9, 15}, {15, 15}, {12, 19}, {7, 20}, {17, 20}} {
			dots += fmt.Sprintf(`<circle cx="%g" cy="%g" r="1.4"/>`, c[0], c[1])
		}
		dots += "</g>"
	}
	return fmt.Sprintf(`<svg class="jersey" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true"><path d="%s" fill="%s" stroke="#1b1f24" stroke-width=".8" stroke-linejoin="round"/>%s</svg>`, iconShirt, fill, dots)
}

// teamBefore is a team's icon exactly as teamIcon wrote it in Go before the "icon" template.
func teamBefore(color string) string {
	return fmt.Sprintf(`<svg class="jersey" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true"><rect x="3" y="3" width="18" height="18" rx="4" fill="%s" stroke="#1b1f24" stroke-width=".8"/></svg>`, color)
}

// TestIconsDrawnAsBefore checks that the "icon" and "swatch" templates draw each kind of icon exactly
// as the Go strings they replace did, and that a colour that is not one never reaches the page.
func TestIconsDrawnAsBefore(t *testing.T) {
	v := testViews(t)
	mountain := race.Jersey{Color: "#d62828", Pattern: race.JerseyDots}
	yellow := race.Jersey{Color: "#ffd60a"}
	bad := `"><script>alert(1)</script>`
	for _, c := range []struct {
		name, partial string
		data          any
		want          string
	}{
		{"a dotted jersey", "icon", JerseyIcon("mountain", mountain), jerseyBefore("mountain", "#d62828", true)},
		{"a plain jersey", "icon", JerseyIcon("gc", yellow), jerseyBefore("gc", "#ffd60a", false)},
		{"a jersey of no colour", "icon", JerseyIcon("gc", race.Jersey{Color: bad}), jerseyBefore("gc", "#999999", false)},
		{"a team", "icon", TeamIcon("#1d4ed8"), teamBefore("#1d4ed8")},
		{"a team of no colour", "icon", TeamIcon(bad), teamBefore("#999999")},
		{"no icon", "icon", Icon{}, ""},
		{"a swatch", "swatch", "#1d4ed8", `<svg class="swatch" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true"><rect width="14" height="14" rx="3" fill="#1d4ed8" stroke="#0003"/></svg>`},
		{"a swatch of no colour", "swatch", bad, `<svg class="swatch" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true"><rect width="14" height="14" rx="3" fill="#999999" stroke="#0003"/></svg>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got bytes.Buffer
			if err := v.Partial(&got, c.partial, c.data); err != nil {
				t.Fatal(err)
			}
			if got.String() != c.want {
				t.Errorf("%s draws\n%s\nwant\n%s", c.name, got.String(), c.want)
			}
		})
	}
}
