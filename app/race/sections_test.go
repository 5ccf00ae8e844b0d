package race

import (
	"math"
	"reflect"
	"slices"
	"testing"
)

// sectionRulesets are the shipped Ciclismo a fondo ruleset and one without a section table (docs/rules.md's).
func sectionRulesets(t *testing.T) map[string]Ruleset {
	return map[string]Ruleset{
		"shipped":  loadedRuleset(t, "ciclismo-a-fondo"),
		"defaults": {ID: "bare", TimeModel: TimeModelTurns},
	}
}

func TestSectionSquares(t *testing.T) {
	tests := []struct {
		typ   string
		km    int
		want  int
		field string
	}{
		{"flat", 165, 165, ""},
		{"climb_third", 6, 18, ""},
		{"descent_low", 8, 8, ""},
		{"descent_medium", 4, 4, ""},
		{"descent_high", 12, 12, ""},
		{"climb_special", 15, 45, ""},
		{"climb_first", 10, 30, ""},
		{"climb_second", 7, 21, ""},
		{"climb_fourth", 3, 9, ""},
		{"repecho", 2, 6, ""},
		{"itt", 18, 54, ""},        // the book's 18 km time trial is a medium one
		{"itt", 1, 4, ""},          // short starts at 1 km
		{"itt", 15, 60, ""},        // short ends at 15 km
		{"itt", 16, 48, ""},        // medium starts at 16 km
		{"itt", 30, 90, ""},        // medium ends at 30 km
		{"itt", 31, 62, ""},        // long starts at 31 km
		{"itt", 50, 100, ""},       // long ends at 50 km
		{"itt_short", 18, 54, ""},  // a band too short for the km resolves in its family
		{"itt_medium", 20, 60, ""}, // the right band
		{"itt", 51, 0, "km"},
		{"itt_long", 60, 0, "km"},
		{"flat", 0, 0, "km"},
		{"flat", -4, 0, "km"},
		{"flat", MaxStageLength, MaxStageLength, ""},
		{"flat", MaxStageLength + 1, 0, "km"},
		{"flat", math.MaxInt, 0, "km"}, // squares would overflow
		{"climb_first", math.MaxInt / 2, 0, "km"},
		{"cobbles", 5, 0, "type"},
		{"", 5, 0, "type"},
	}
	for name, rs := range sectionRulesets(t) {
		for _, tt := range tests {
			got, err := SectionSquares(rs, tt.typ, tt.km)
			if tt.field != "" {
				if f := fieldsOf(t, err); !slices.Equal(f, []string{tt.field}) {
					t.Errorf("%s: SectionSquares(%q, %d) fields = %v, want [%s]", name, tt.typ, tt.km, f, tt.field)
				}
				continue
			}
			if err != nil || got != tt.want {
				t.Errorf("%s: SectionSquares(%q, %d) = %d, %v, want %d", name, tt.typ, tt.km, got, err, tt.want)
			}
		}
	}
}

func TestBuildSectionStageBookExamples(t *testing.T) {
	for name, rs := range sectionRulesets(t) {
		// Example 1: a 165 km flat stage with an intermediate sprint at km 85.
		flat, err := BuildSectionStage(rs, Stage{Type: "flat", Sections: []Section{{Type: "flat", Km: 165}},
			Sprints: []Sprint{{At: 85}}})
		if err != nil {
			t.Fatalf("%s example 1: %v", name, err)
		}
		if flat.Length != 165 || len(flat.Climbs) != 0 || flat.Sprints[0] != (Sprint{Index: 1, At: 85}) {
			t.Errorf("%s example 1: length %d, climbs %v, sprints %v, want 165, none, sprint 1 on 85", name, flat.Length, flat.Climbs, flat.Sprints)
		}
		if !slices.ContainsFunc(flat.Markers, func(m Marker) bool { return m.Kind == MarkerSprint && m.At == 85 }) {
			t.Errorf("%s example 1: no sprint marker on 85: %v", name, flat.Markers)
		}
		// Example 2: 170 km of low mountains = 119 flat + 6 km 3rd-category climb + 8 km low descent + 36 flat.
		low, err := BuildSectionStage(rs, Stage{Type: "low", Sections: []Section{
			{Type: "flat", Km: 119}, {Type: "climb_third", Km: 6}, {Type: "descent_low", Km: 8}, {Type: "flat", Km: 36}}})
		if err != nil {
			t.Fatalf("%s example 2: %v", name, err)
		}
		if low.Length != 181 {
			t.Errorf("%s example 2: length = %d, want 181", name, low.Length)
		}
		var squares []int
		for _, s := range low.Sections {
			squares = append(squares, s.Squares)
		}
		if !slices.Equal(squares, []int{119, 18, 8, 36}) {
			t.Errorf("%s example 2: section squares = %v, want [119 18 8 36]", name, squares)
		}
		wantClimb := []Climb{{Index: 1, Category: "third", Start: 120, End: 137}}
		if !reflect.DeepEqual(low.Climbs, wantClimb) {
			t.Errorf("%s example 2: climbs = %v, want %v", name, low.Climbs, wantClimb)
		}
		// Example 3: an 18 km time trial is a medium ITT of 54 squares.
		itt, err := BuildSectionStage(rs, Stage{Type: "itt", Sections: []Section{{Type: "itt", Km: 18}}})
		if err != nil {
			t.Fatalf("%s example 3: %v", name, err)
		}
		if itt.Length != 54 || itt.Sections[0].Type != "itt_medium" || itt.Sections[0].Squares != 54 {
			t.Errorf("%s example 3: length %d, section %+v, want 54 as itt_medium", name, itt.Length, itt.Sections[0])
		}
	}
}

func TestBuildSectionStageKeepsClimbNamesAndRefusesBadSections(t *testing.T) {
	rs := loadedRuleset(t, "ciclismo-a-fondo")
	st := Stage{Type: "high", Climbs: []Climb{{Name: "Angliru"}}, Sections: []Section{
		{Type: "flat", Km: 20}, {Type: "climb_special", Km: 12}}}
	got, err := BuildSectionStage(rs, st)
	if err != nil {
		t.Fatal(err)
	}
	if got.Climbs[0].Name != "Angliru" || got.Climbs[0].End != got.Length || got.Length != 56 {
		t.Errorf("climb = %+v, length %d, want Angliru on 21–56 finishing the 56-square stage", got.Climbs[0], got.Length)
	}
	if ValidateStages(rs, []Stage{got}) != nil {
		t.Errorf("ValidateStages refused a built stage: %v", ValidateStages(rs, []Stage{got}))
	}
	tests := []struct {
		name     string
		sections []Section
		want     []string
	}{
		{"none", nil, []string{"sections"}},
		{"unknown type", []Section{{Type: "flat", Km: 10}, {Type: "cobbles", Km: 3}}, []string{"sections[1].type"}},
		{"zero km", []Section{{Type: "flat", Km: 0}}, []string{"sections[0].km"}},
		{"too long ITT", []Section{{Type: "itt", Km: 80}}, []string{"sections[0].km"}},
		{"two bad", []Section{{Type: "x", Km: 1}, {Type: "flat", Km: 5}, {Type: "flat", Km: -1}}, []string{"sections[0].type", "sections[2].km"}},
		// A length that overflowed to a negative one made the markers loop for ever.
		{"huge km", []Section{{Type: "flat", Km: math.MaxInt}, {Type: "flat", Km: 10}}, []string{"sections[0].km"}},
	}
	for _, tt := range tests {
		_, err := BuildSectionStage(rs, Stage{Type: "flat", Sections: tt.sections})
		if got := fieldsOf(t, err); !slices.Equal(got, tt.want) {
			t.Errorf("%s: fields = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestStageMarkersOfHostileSections: markers of a stage whose sections were never checked (a damaged
// backup, a hostile draft) come back at once.
func TestStageMarkersOfHostileSections(t *testing.T) {
	rs := loadedRuleset(t, "ciclismo-a-fondo")
	for _, secs := range [][]Section{
		{{Type: "flat", Km: math.MaxInt, Squares: 1}},
		{{Type: "flat", Km: math.MaxInt, Squares: math.MaxInt}, {Type: "flat", Km: math.MaxInt, Squares: 10}},
		{{Type: "flat", Km: 10, Squares: -math.MaxInt}, {Type: "flat", Km: 300, Squares: 0}},
	} {
		ms := StageMarkers(rs, Stage{Type: "flat", Length: 100, Sections: secs})
		if len(ms) > 100 {
			t.Errorf("sections %+v: %d markers", secs, len(ms))
		}
	}
}
