package race

import (
	"math"
	"testing"
)

// TestProfileOfEachGame checks the profile model of a stage of each shipped game: the line's points,
// the terrain of each stretch, the summits, sprints and feeds.
func TestProfileOfEachGame(t *testing.T) {
	type pt = ProfilePoint
	tests := []struct {
		game    string
		stage   Stage
		points  []ProfilePoint
		summits []float64 // At, H pairs
		sprints []float64
		feeds   []float64
	}{
		{game: "cycling-party",
			stage: Stage{Length: 20, Climbs: []Climb{{Index: 1, Category: "first", Start: 5, End: 8}, {Index: 2, Category: "hors", Start: 15, End: 18}},
				Sprints: []Sprint{{Index: 1, At: 12}}},
			points: []ProfilePoint{{X: 0, Terrain: StretchFlat}, {X: 4, Terrain: StretchFlat}, {X: 8, H: 0.7875, Terrain: StretchClimb, Category: "first"},
				{X: 10, Terrain: StretchDescent}, {X: 14, Terrain: StretchFlat}, {X: 18, H: 1, Terrain: StretchClimb, Category: "hors"}, {X: 20, Terrain: StretchDescent}},
			summits: []float64{8, 0.7875, 18, 1}, sprints: []float64{12}},
		{game: "ciclismo-a-fondo",
			stage: Stage{Length: 25, Climbs: []Climb{{Index: 1, Category: "first", Start: 11, End: 16}},
				Sections: []Section{{Type: "flat", Km: 10, Squares: 10}, {Type: "climb_first", Km: 2, Squares: 6}, {Type: "descent_medium", Km: 4, Squares: 4}, {Type: "flat", Km: 5, Squares: 5}}},
			points: []ProfilePoint{{X: 0, Terrain: StretchFlat}, {X: 10, Terrain: StretchFlat}, {X: 16, H: 0.83, Terrain: StretchClimb, Category: "first"},
				{X: 20, Terrain: StretchDescent}, {X: 25, Terrain: StretchFlat}},
			summits: []float64{16, 0.83}},
		{game: "2ruote",
			stage: Stage{Length: 8, Climbs: []Climb{{Index: 1, Category: "gpm", Start: 2, End: 4}}, Sprints: []Sprint{{Index: 1, At: 8}},
				Cards: []string{"pianura", "montagna", "montagna", "gpm", "discesa", "collina", "r", "tv"}},
			points: []ProfilePoint{{X: 0, Terrain: StretchFlat}, {X: 1, Terrain: StretchFlat, Card: "pianura"}, {X: 2, H: 0.3, Terrain: StretchClimb, Card: "montagna"},
				{X: 3, H: 0.6, Terrain: StretchClimb, Card: "montagna"}, {X: 4, H: 0.6, Terrain: StretchClimb, Card: "gpm"}, {X: 5, H: 0.3, Terrain: StretchDescent, Card: "discesa"},
				{X: 5.5, H: 0.42, Terrain: StretchHill, Card: "collina"}, {X: 6, H: 0.3, Terrain: StretchHill, Card: "collina"},
				{X: 7, H: 0.3, Terrain: StretchFlat, Card: "r"}, {X: 8, H: 0.3, Terrain: StretchFlat, Card: "tv"}},
			summits: []float64{3.5, 0.6}, sprints: []float64{7.5}, feeds: []float64{6.5}},
		{game: "uci-road",
			stage: Stage{Length: 30, Climbs: []Climb{{Index: 1, Category: "2", Start: 10, End: 13}}},
			points: []ProfilePoint{{X: 0, Terrain: StretchFlat}, {X: 9, Terrain: StretchFlat}, {X: 13, H: 0.575, Terrain: StretchClimb, Category: "2"},
				{X: 15, Terrain: StretchDescent}, {X: 30, Terrain: StretchFlat}},
			summits: []float64{13, 0.575}},
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			p := ProfileOf(shippedRuleset(t, tc.game), tc.stage)
			if len(p.Points) != len(tc.points) {
				t.Fatalf("points = %+v, want %+v", p.Points, tc.points)
			}
			for i, w := range tc.points {
				g := p.Points[i]
				if !near(g.X, w.X) || !near(g.H, w.H) || g.Terrain != w.Terrain || g.Category != w.Category || g.Card != w.Card {
					t.Errorf("point %d = %+v, want %+v", i, g, pt(w))
				}
			}
			if len(p.Summits)*2 != len(tc.summits) {
				t.Fatalf("summits = %+v, want at/height %v", p.Summits, tc.summits)
			}
			for i, s := range p.Summits {
				if !near(s.At, tc.summits[2*i]) || !near(s.H, tc.summits[2*i+1]) {
					t.Errorf("summit %d = %+v, want at %v height %v", i, s, tc.summits[2*i], tc.summits[2*i+1])
				}
			}
			marks := func(name string, got []ProfileMark, want []float64) {
				if len(got) != len(want) {
					t.Fatalf("%s = %+v, want at %v", name, got, want)
				}
				for i := range got {
					if !near(got[i].At, want[i]) {
						t.Errorf("%s %d at %v, want %v", name, i, got[i].At, want[i])
					}
				}
			}
			marks("sprints", p.Sprints, tc.sprints)
			marks("feeds", p.Feeds, tc.feeds)
			if last := p.Points[len(p.Points)-1]; !near(last.X, float64(tc.stage.Length)) {
				t.Errorf("the line ends at %v, not at the finish %d", last.X, tc.stage.Length)
			}
		})
	}
}

// TestProfileOfNeverRunsBackwards checks that a stage's line never goes back, and never leaves
// 0…1, whatever its climbs (overlapping, out of the course, past the finish).
func TestProfileOfNeverRunsBackwards(t *testing.T) {
	rs := shippedRuleset(t, "cycling-party")
	for _, st := range []Stage{
		{Length: 10, Climbs: []Climb{{Category: "hors", Start: 3, End: 9}, {Category: "hill", Start: 5, End: 7}}},
		{Length: 10, Climbs: []Climb{{Category: "nope", Start: 0, End: 4}, {Category: "first", Start: 8, End: 12}}},
		{Length: 0},
	} {
		p := ProfileOf(rs, st)
		for i, pt := range p.Points {
			if pt.H < 0 || pt.H > 1 || i > 0 && pt.X < p.Points[i-1].X {
				t.Errorf("stage %+v: point %d = %+v of %+v", st, i, pt, p.Points)
			}
		}
	}
}

// TestProfileFinishMark marks the finish in the ticks' unit: the real km of a stage built from
// sections (the book's low-mountain stage on 181 squares: its sections add up to 169 km, the
// book says 170), else the squares.
func TestProfileFinishMark(t *testing.T) {
	caf, cp := shippedRuleset(t, "ciclismo-a-fondo"), shippedRuleset(t, "cycling-party")
	sectioned, err := BuildSectionStage(caf, Stage{Type: "low", Sections: []Section{{Type: "flat", Km: 119}, {Type: "climb_third", Km: 6}, {Type: "descent_low", Km: 8}, {Type: "flat", Km: 36}}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		p    Profile
		want int
	}{
		{"Ciclismo a fondo's sections", ProfileOf(caf, sectioned), 169},
		{"Cycling Party's squares", ProfileOf(cp, NormalizeStage(cp, Stage{Type: "flat", Length: 191})), 191},
	}
	for _, tt := range tests {
		if tt.p.FinishMark != tt.want {
			t.Errorf("%s: the finish is marked %d, want %d", tt.name, tt.p.FinishMark, tt.want)
		}
	}
	if sectioned.Length != 181 {
		t.Errorf("the book's stage is %d squares, want 181", sectioned.Length)
	}
}
