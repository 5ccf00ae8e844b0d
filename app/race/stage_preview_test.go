package race

import (
	"reflect"
	"testing"
)

func TestClimbEnd(t *testing.T) {
	cp := loadedRuleset(t, "cycling-party")
	free := Ruleset{ID: "free", ClimbCategories: []ClimbCategory{{ID: "any"}}}
	tests := []struct {
		name     string
		rs       Ruleset
		category string
		start    int
		want     int
		ok       bool
	}{
		{"hors is 32 squares", cp, "hors", 10, 41, true},
		{"first is 24", cp, "first", 1, 24, true},
		{"second is 16", cp, "second", 50, 65, true},
		{"third is 8", cp, "third", 100, 107, true},
		{"hill is 3", cp, "hill", 7, 9, true},
		{"the last start a stage has", cp, "hill", MaxStageLength, MaxStageLength + 2, true},
		{"start beyond a stage", cp, "hill", MaxStageLength + 1, 0, false},
		{"start 0", cp, "third", 0, 0, false},
		{"negative start", cp, "third", -5, 0, false},
		{"unknown category", cp, "alpine", 10, 0, false},
		{"empty category", cp, "", 10, 0, false},
		{"a category of no fixed length", free, "any", 10, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ClimbEnd(tt.rs, tt.category, tt.start)
			if got != tt.want || ok != tt.ok {
				t.Errorf("ClimbEnd(%q, %d) = %d, %v; want %d, %v", tt.category, tt.start, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestPreviewSections(t *testing.T) {
	rs := loadedRuleset(t, "ciclismo-a-fondo")
	tests := []struct {
		name     string
		sections []Section
		rows     []SectionPreview
		length   int
		complete bool
	}{
		{"the book's 181-square stage", []Section{{Type: "flat", Km: 119}, {Type: "climb_third", Km: 6}, {Type: "descent_low", Km: 8}, {Type: "flat", Km: 36}},
			[]SectionPreview{{"flat", 119, true}, {"climb_third", 18, true}, {"descent_low", 8, true}, {"flat", 36, true}}, 181, true},
		{"an 18 km short time trial is a medium one", []Section{{Type: "itt_short", Km: 18}},
			[]SectionPreview{{"itt_medium", 54, true}}, 54, true},
		{"15 km stays short", []Section{{Type: "itt_medium", Km: 15}}, []SectionPreview{{"itt_short", 60, true}}, 60, true},
		{"31 km is long", []Section{{Type: "itt_short", Km: 31}}, []SectionPreview{{"itt_long", 62, true}}, 62, true},
		{"a family resolves by km", []Section{{Type: "itt", Km: 30}}, []SectionPreview{{"itt_medium", 90, true}}, 90, true},
		{"a time trial too long for every band", []Section{{Type: "flat", Km: 10}, {Type: "itt_long", Km: 51}},
			[]SectionPreview{{"flat", 10, true}, {}}, 0, false},
		{"km 0 converts not", []Section{{Type: "flat", Km: 0}, {Type: "repecho", Km: 2}}, []SectionPreview{{}, {"repecho", 6, true}}, 0, false},
		{"km beyond a stage", []Section{{Type: "flat", Km: MaxStageLength + 1}}, []SectionPreview{{}}, 0, false},
		{"an unknown type", []Section{{Type: "cobbles", Km: 5}}, []SectionPreview{{}}, 0, false},
		{"no section", nil, []SectionPreview{}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, length, complete := PreviewSections(rs, tt.sections)
			if !reflect.DeepEqual(rows, tt.rows) || length != tt.length || complete != tt.complete {
				t.Errorf("PreviewSections = %+v, %d, %v; want %+v, %d, %v", rows, length, complete, tt.rows, tt.length, tt.complete)
			}
		})
	}
}
