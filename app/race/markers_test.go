package race

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

func TestStageMarkersCyclingParty(t *testing.T) {
	rs := testCyclingParty()
	st := Stage{Length: 200, Type: "low",
		Climbs:  []Climb{{Index: 1, Category: "third", Start: 50, End: 57}, {Index: 2, Category: "second", Start: 120, End: 135}},
		Sprints: []Sprint{{Index: 1, At: 30}, {Index: 2, At: 90}}}
	got := StageMarkers(rs, st)
	want := []Marker{
		{0, MarkerStart, "Start"},
		{25, MarkerKm, "25 km"},
		{30, MarkerSprint, "Sprint 1"},
		{50, MarkerKm, "50 km"},
		{50, MarkerClimbStart, "Third category"},
		{57, MarkerClimbEnd, "Third category"},
		{75, MarkerKm, "75 km"},
		{90, MarkerSprint, "Sprint 2"},
		{100, MarkerKm, "100 km"},
		{120, MarkerClimbStart, "Second category"},
		{125, MarkerKm, "125 km"},
		{135, MarkerClimbEnd, "Second category"},
		{150, MarkerKm, "150 km"},
		{150, MarkerAttackLine, "50 km to go"},
		{175, MarkerKm, "175 km"},
		{192, MarkerSprintLine, "8 km to go"},
		{194, MarkerSprintLine, "6 km to go"},
		{200, MarkerFinish, "Finish"},
	}
	labels := []string{"55–60 s", "50–55 s", "45–50 s", "40–45 s", "35–40 s", "30–35 s",
		"25–30 s", "20–25 s", "15–20 s", "10–15 s", "5–10 s", "0–5 s"}
	for i, l := range labels {
		want = append(want, Marker{200 + i + 1, MarkerTimeIndicator, l})
	}
	if len(got) != len(want) {
		t.Fatalf("markers = %d, want %d: %v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("marker %d = %+v, want %+v", i+1, got[i], want[i])
		}
	}
}

func TestStageMarkersEdges(t *testing.T) {
	rs := testCyclingParty()
	tests := []struct {
		length                     int
		kms, attack, lines, timeIn int
	}{
		{1, 0, 0, 0, 12},
		{7, 0, 0, 1, 12},  // only "6 to go" is on the board
		{9, 0, 0, 2, 12},  // both sprint lines
		{50, 1, 0, 2, 12}, // 25; the attack line would be on the start line
		{51, 2, 1, 2, 12}, // 25, 50; attack line on square 1
		{75, 2, 1, 2, 12}, // no km marker on the finish square
		{200, 7, 1, 2, 12},
		{201, 8, 1, 2, 12},
	}
	for _, tt := range tests {
		ms := StageMarkers(rs, Stage{Length: tt.length})
		count := map[string]int{}
		for i, m := range ms {
			count[m.Kind]++
			if i > 0 && ms[i-1].At > m.At {
				t.Errorf("length %d: markers not sorted at %d", tt.length, i)
			}
		}
		got := []int{count[MarkerKm], count[MarkerAttackLine], count[MarkerSprintLine], count[MarkerTimeIndicator]}
		want := []int{tt.kms, tt.attack, tt.lines, tt.timeIn}
		if !slices.Equal(got, want) {
			t.Errorf("length %d: km, attack, sprint lines, time indicators = %v, want %v", tt.length, got, want)
		}
		if count[MarkerStart] != 1 || count[MarkerFinish] != 1 {
			t.Errorf("length %d: start, finish = %d, %d, want 1, 1", tt.length, count[MarkerStart], count[MarkerFinish])
		}
		if last := ms[len(ms)-1]; last.At != tt.length+12 || last.Label != "0–5 s" {
			t.Errorf("length %d: last marker = %+v, want the 0–5 s indicator on %d", tt.length, last, tt.length+12)
		}
	}
}

func TestStageMarkersKmEveryFromRuleset(t *testing.T) {
	for _, every := range []int{10, 25, 40} {
		rs := testCyclingParty()
		rs.Proposal.KmMarkerEvery = every
		var got []int
		for _, m := range StageMarkers(rs, Stage{Length: 120}) {
			if m.Kind == MarkerKm {
				got = append(got, m.At)
			}
		}
		var want []int
		for s := every; s < 120; s += every {
			want = append(want, s)
		}
		if !slices.Equal(got, want) {
			t.Errorf("km markers every %d = %v, want %v", every, got, want)
		}
	}
}

func TestStageMarkersOtherRulesetsHaveNoTimeIndicators(t *testing.T) {
	for _, id := range []string{"ciclismo-a-fondo", "2ruote"} {
		rs := loadedRuleset(t, id)
		for _, m := range StageMarkers(rs, Stage{Length: 180}) {
			switch m.Kind {
			case MarkerTimeIndicator, MarkerAttackLine, MarkerSprintLine:
				t.Errorf("%s: marker %s on %d, want none (a Cycling Party board marker)", id, m.Kind, m.At)
			}
		}
	}
}

func TestStageMarkersShippedCyclingPartyMatchesRules(t *testing.T) {
	rs := loadedRuleset(t, "cycling-party")
	ms := StageMarkers(rs, Stage{Length: 180})
	var lines []string
	for _, m := range ms {
		if m.Kind == MarkerAttackLine || m.Kind == MarkerSprintLine || m.Kind == MarkerTimeIndicator {
			lines = append(lines, fmt.Sprintf("%s@%d", m.Kind, m.At))
		}
	}
	if len(lines) != 15 || lines[0] != "attack_line@130" || lines[1] != "sprint_line@172" || lines[2] != "sprint_line@174" {
		t.Errorf("lines and indicators = %v, want attack@130, sprint@172, sprint@174 and 12 indicators", lines)
	}
}

func TestStageMarkersKmOfSectionsAndCards(t *testing.T) {
	caf := loadedRuleset(t, "ciclismo-a-fondo")
	st, err := BuildSectionStage(caf, Stage{Type: "low", Sections: []Section{
		{Type: "flat", Km: 119}, {Type: "climb_third", Km: 6}, {Type: "descent_low", Km: 8}, {Type: "flat", Km: 36}}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range st.Markers {
		if m.Kind == MarkerKm {
			got = append(got, fmt.Sprintf("%s@%d", m.Label, m.At))
		}
	}
	// km 125 is the top of the climb (119 + 18 = square 137); km 150 is 17 km into the last flat
	// section: 119 + 18 + 8 + 17 = square 162.
	want := []string{"25 km@25", "50 km@50", "75 km@75", "100 km@100", "125 km@137", "150 km@162"}
	if !slices.Equal(got, want) {
		t.Errorf("km markers = %v, want %v", got, want)
	}
	climb, err := BuildSectionStage(caf, Stage{Type: "high", Sections: []Section{{Type: "flat", Km: 20}, {Type: "climb_first", Km: 10}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range climb.Markers {
		if m.Kind == MarkerKm && (m.At != 35 || m.Label != "25 km") {
			t.Errorf("km marker on a climb = %+v, want 25 km on square 35 (20 + 5 km × 3)", m)
		}
	}
	ruote := loadedRuleset(t, "2ruote")
	cards := NormalizeStage(ruote, Stage{Type: "flat", Cards: slices.Repeat([]string{"pianura"}, 30)})
	for _, m := range cards.Markers {
		if m.Kind == MarkerKm {
			t.Errorf("2RUOTE km marker %+v, want none", m)
		}
	}
}

// TestTerrainMarkers marks the descents and the flat after them on a Ciclismo a fondo board, as the
// book's low-mountain stage lays them: 119 km flat (119 squares), a 6 km 3rd-category climb
// (18), an 8 km low descent (8), 36 km flat (36).
func TestTerrainMarkers(t *testing.T) {
	caf := shippedRuleset(t, "ciclismo-a-fondo")
	tests := []struct {
		name     string
		sections []Section
		want     []Marker
	}{
		{"the book's low-mountain stage", []Section{{Type: "flat", Km: 119}, {Type: "climb_third", Km: 6}, {Type: "descent_low", Km: 8}, {Type: "flat", Km: 36}},
			[]Marker{{At: 138, Kind: MarkerDescent, Label: "descent_low"}, {At: 146, Kind: MarkerFlat, Label: "flat"}}},
		{"a flat stage has none", []Section{{Type: "flat", Km: 165}}, nil},
		{"a descent after a descent", []Section{{Type: "flat", Km: 20}, {Type: "climb_first", Km: 10}, {Type: "descent_high", Km: 5}, {Type: "descent_low", Km: 5}},
			[]Marker{{At: 51, Kind: MarkerDescent, Label: "descent_high"}, {At: 56, Kind: MarkerDescent, Label: "descent_low"}}},
		{"a flat after a climb", []Section{{Type: "climb_fourth", Km: 3}, {Type: "flat", Km: 50}},
			[]Marker{{At: 10, Kind: MarkerFlat, Label: "flat"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := BuildSectionStage(caf, Stage{Type: "medium", Sections: tt.sections})
			if err != nil {
				t.Fatal(err)
			}
			var got []Marker
			for _, m := range StageMarkers(caf, st) {
				if m.Kind == MarkerDescent || m.Kind == MarkerFlat {
					got = append(got, m)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("terrain markers = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestFeedSquares places a stage's feed zones at equal parts of it, each on the first square from
// there with no climb, descent or sprint (house rule, docs/rules.md §2.5).
func TestFeedSquares(t *testing.T) {
	caf := shippedRuleset(t, "ciclismo-a-fondo")
	book, err := BuildSectionStage(caf, Stage{Type: "low", Sections: []Section{{Type: "flat", Km: 119}, {Type: "climb_third", Km: 6}, {Type: "descent_low", Km: 8}, {Type: "flat", Km: 36}}})
	if err != nil {
		t.Fatal(err)
	}
	withFeeds := func(st Stage, n int) Stage { st.FeedZones = n; return st }
	tests := []struct {
		name string
		st   Stage
		want []int
	}{
		{"no feed zone", withFeeds(book, 0), nil},
		{"one in the middle of the flat", withFeeds(book, 1), []int{90}},
		{"two: the second after the climb and the descent", withFeeds(book, 2), []int{60, 146}},
		{"on a sprint, moved on", Stage{Length: 100, FeedZones: 1, Sprints: []Sprint{{Index: 1, At: 50}}}, []int{51}},
		{"inside a climb, after its summit", Stage{Length: 100, FeedZones: 1, Climbs: []Climb{{Index: 1, Start: 45, End: 60}}}, []int{61}},
		{"nothing free ahead: looked for behind", Stage{Length: 10, FeedZones: 1, Climbs: []Climb{{Index: 1, Start: 5, End: 10}}}, []int{4}},
		{"more than a stage may have", withFeeds(book, MaxFeedZones+1), nil},
	}
	for _, tt := range tests {
		if got := FeedSquares(caf, tt.st); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: feed zones on %v, want %v", tt.name, got, tt.want)
		}
	}
	var labels []string
	for _, m := range StageMarkers(caf, withFeeds(book, 2)) {
		if m.Kind == MarkerFeed {
			labels = append(labels, fmt.Sprint(m.At, " ", m.Label, " ", m.Number()))
		}
	}
	if want := []string{"60 Feed zone 1 1", "146 Feed zone 2 2"}; !reflect.DeepEqual(labels, want) {
		t.Errorf("feed markers = %q, want %q", labels, want)
	}
}
