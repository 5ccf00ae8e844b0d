package app_test

import (
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/data"
)

// profileLine reads the points of the profile line (race.ProfileOf's points) the stage page's SVG
// drew back into the model's units: squares (or cards) and heights 0…1, by the page's geometry
// (x from 24 to 976 over the stage's length, heights from the baseline at 180 up 132 units).
func profileLine(t *testing.T, page string, length int) [][2]float64 {
	t.Helper()
	m := regexp.MustCompile(`<polyline class="profile-line" points="([^"]*)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the stage page has no profile line")
	}
	var pts [][2]float64
	for _, pair := range strings.Fields(html.UnescapeString(m[1])) {
		x, y, _ := strings.Cut(pair, ",")
		px, _ := strconv.Atoi(x)
		py, _ := strconv.Atoi(y)
		pts = append(pts, [2]float64{float64(px-24) * float64(length) / 952, float64(180-py) / 132})
	}
	return pts
}

// checkPageProfile checks that the stage page drew the engine's profile of the stage: the same points,
// to a unit of the drawing.
func checkPageProfile(t *testing.T, page, game string, st race.Stage) {
	t.Helper()
	all, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := race.FindRuleset(all, game)
	model := race.ProfileOf(rs, st)
	drawn := profileLine(t, page, model.Length)
	if len(drawn) != len(model.Points) {
		t.Fatalf("the page drew %d profile points, the model has %d: %v vs %+v", len(drawn), len(model.Points), drawn, model.Points)
	}
	dx, dh := float64(model.Length)/952, 1.0/132
	for i, p := range model.Points {
		if math.Abs(drawn[i][0]-p.X) > dx || math.Abs(drawn[i][1]-p.H) > dh {
			t.Errorf("profile point %d: the page drew (%.2f, %.3f), the model says (%.2f, %.3f)", i, drawn[i][0], drawn[i][1], p.X, p.H)
		}
	}
}
