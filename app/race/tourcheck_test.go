package race

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// baseStage is a valid Cycling Party low-mountain stage of 200 squares.
func baseStage() Stage {
	return Stage{Number: 1, Type: "low", Length: 200,
		Climbs:  []Climb{{Index: 1, Category: "third", Start: 50, End: 57}, {Index: 2, Category: "second", Start: 100, End: 115}},
		Sprints: []Sprint{{Index: 1, At: 30}, {Index: 2, At: 80}}}
}

func TestValidateStagesAccepts(t *testing.T) {
	rs := testCyclingParty()
	summit := Stage{Type: "high", Length: 200, Climbs: []Climb{{Category: "hors", Start: 169, End: 200}}}
	reversed := baseStage()
	reversed.Climbs[0], reversed.Climbs[1] = reversed.Climbs[1], reversed.Climbs[0]
	reversed.Sprints[0], reversed.Sprints[1] = reversed.Sprints[1], reversed.Sprints[0]
	adjacent := Stage{Type: "flat", Length: 30, Climbs: []Climb{{Category: "hill", Start: 1, End: 3}, {Category: "hill", Start: 4, End: 6}},
		Sprints: []Sprint{{At: 7}, {At: 30}}}
	stages := []Stage{baseStage(), summit, reversed, adjacent, {Type: "flat", Length: 1}, {Type: "flat", Length: MaxStageLength, FeedZones: MaxFeedZones}}
	if err := ValidateStages(rs, stages); err != nil {
		t.Errorf("ValidateStages = %v, want nil", err)
	}
	var thirty []Stage
	for range MaxTourStages {
		thirty = append(thirty, baseStage())
	}
	if err := ValidateStages(rs, thirty); err != nil {
		t.Errorf("ValidateStages(30 stages) = %v, want nil", err)
	}
}

func TestValidateStagesRefuses(t *testing.T) {
	rs := testCyclingParty()
	tests := []struct {
		name string
		edit func(*Stage)
		want []string
	}{
		{"unknown type", func(s *Stage) { s.Type = "cobbles" }, []string{"stages[0].type"}},
		{"empty type", func(s *Stage) { s.Type = "" }, []string{"stages[0].type"}},
		{"length 0", func(s *Stage) { s.Length = 0; s.Climbs, s.Sprints = nil, nil }, []string{"stages[0].length"}},
		{"length 401", func(s *Stage) { s.Length = 401 }, []string{"stages[0].length"}},
		{"negative feed zones", func(s *Stage) { s.FeedZones = -1 }, []string{"stages[0].feed_zones"}},
		{"too many feed zones", func(s *Stage) { s.FeedZones = 11 }, []string{"stages[0].feed_zones"}},
		{"unknown category", func(s *Stage) { s.Climbs[0].Category = "cat5" }, []string{"stages[0].climbs[0].category"}},
		{"climb starts at 0", func(s *Stage) { s.Climbs[0].Start, s.Climbs[0].End = 0, 7 }, []string{"stages[0].climbs[0].start"}},
		{"climb ends after the finish", func(s *Stage) { s.Length = 110 }, []string{"stages[0].climbs[1].end"}},
		{"climb starts after the finish", func(s *Stage) { s.Climbs[1].Start, s.Climbs[1].End = 201, 216 },
			[]string{"stages[0].climbs[1].end", "stages[0].climbs[1].start"}},
		{"climb ends before it starts", func(s *Stage) { s.Climbs[0].End = 49 }, []string{"stages[0].climbs[0].end"}},
		{"third of 9 squares", func(s *Stage) { s.Climbs[0].End = 58 }, []string{"stages[0].climbs[0].end"}},
		{"second of 15 squares", func(s *Stage) { s.Climbs[1].End = 114 }, []string{"stages[0].climbs[1].end"}},
		{"overlap", func(s *Stage) { s.Climbs[1].Start, s.Climbs[1].End = 57, 72 }, []string{"stages[0].climbs[1].start"}},
		{"overlap listed first", func(s *Stage) { s.Climbs[0].Start, s.Climbs[0].End = 110, 117 }, []string{"stages[0].climbs[0].start"}},
		{"sprint at 0", func(s *Stage) { s.Sprints[0].At = 0 }, []string{"stages[0].sprints[0].at"}},
		{"sprint after the finish", func(s *Stage) { s.Sprints[1].At = 201 }, []string{"stages[0].sprints[1].at"}},
		{"sprint on a climb start", func(s *Stage) { s.Sprints[0].At = 50 }, []string{"stages[0].sprints[0].at"}},
		{"sprint inside a climb", func(s *Stage) { s.Sprints[1].At = 110 }, []string{"stages[0].sprints[1].at"}},
		{"sprint on a climb end", func(s *Stage) { s.Sprints[1].At = 115 }, []string{"stages[0].sprints[1].at"}},
		{"two sprints on one square", func(s *Stage) { s.Sprints[1].At = 30 }, []string{"stages[0].sprints[1].at"}},
		{"cards of an unknown deck", func(s *Stage) { s.Cards = []string{"pianura"} }, []string{"stages[0].cards[0]", "stages[0].length"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := baseStage()
			tt.edit(&st)
			if got := fieldsOf(t, ValidateStages(rs, []Stage{st})); !slices.Equal(got, tt.want) {
				t.Errorf("fields = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestValidateStagesRefusesTourShape(t *testing.T) {
	rs := testCyclingParty()
	if got := fieldsOf(t, ValidateStages(rs, nil)); !slices.Equal(got, []string{"stages"}) {
		t.Errorf("no stages: fields = %v, want [stages]", got)
	}
	var many []Stage
	for range MaxTourStages + 1 {
		many = append(many, baseStage())
	}
	if got := fieldsOf(t, ValidateStages(rs, many)); !slices.Equal(got, []string{"stages"}) {
		t.Errorf("31 stages: fields = %v, want [stages]", got)
	}
	bad := baseStage()
	bad.Sprints[0].At = 52
	got := fieldsOf(t, ValidateStages(rs, []Stage{baseStage(), baseStage(), bad}))
	if want := []string{"stages[2].sprints[0].at"}; !slices.Equal(got, want) {
		t.Errorf("third stage: fields = %v, want %v", got, want)
	}
}

func TestValidateStagesSectionsAndCards(t *testing.T) {
	caf := loadedRuleset(t, "ciclismo-a-fondo")
	good, err := BuildSectionStage(caf, Stage{Type: "low", Sections: []Section{
		{Type: "flat", Km: 119}, {Type: "climb_third", Km: 6}, {Type: "descent_low", Km: 8}, {Type: "flat", Km: 36}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := ValidateStages(caf, []Stage{good}); err != nil {
		t.Errorf("book example 2: %v", err)
	}
	ruote := loadedRuleset(t, "2ruote")
	deck := NormalizeStage(ruote, Stage{Type: "flat", Cards: []string{"pianura", "tv", "collina", "pianura"}})
	if err := ValidateStages(ruote, []Stage{deck}); err != nil {
		t.Errorf("2RUOTE deck: %v", err)
	}
	tests := []struct {
		name string
		rs   Ruleset
		st   func() Stage
		want []string
	}{
		{"section squares", caf, func() Stage { s := good; s.Sections = slices.Clone(s.Sections); s.Sections[1].Squares = 6; return s },
			[]string{"stages[0].sections[1].squares"}},
		{"section length", caf, func() Stage { s := good; s.Length = 170; return s }, []string{"stages[0].length"}},
		{"section type", caf, func() Stage {
			s := good
			s.Sections = slices.Clone(s.Sections)
			s.Sections[0].Type = "autostrada"
			return s
		}, []string{"stages[0].sections[0].type"}},
		{"section km", caf, func() Stage { s := good; s.Sections = slices.Clone(s.Sections); s.Sections[3].Km = 0; return s },
			[]string{"stages[0].sections[3].km"}},
		{"unknown card", ruote, func() Stage { s := deck; s.Cards = []string{"pianura", "pave", "collina", "pianura"}; return s },
			[]string{"stages[0].cards[1]"}},
		{"card length", ruote, func() Stage { s := deck; s.Length = 10; return s }, []string{"stages[0].length"}},
	}
	for _, tt := range tests {
		if got := fieldsOf(t, ValidateStages(tt.rs, []Stage{tt.st()})); !slices.Equal(got, tt.want) {
			t.Errorf("%s: fields = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestNormalizeStage(t *testing.T) {
	rs := testCyclingParty()
	in := Stage{Type: "low", Length: 200,
		Climbs:  []Climb{{Index: 7, Category: "second", Start: 100, End: 115, Name: "B"}, {Index: 7, Category: "third", Start: 50, End: 57, Name: "A"}},
		Sprints: []Sprint{{Index: 3, At: 150}, {Index: 3, At: 20}, {At: 80}}}
	orig := fmt.Sprint(in)
	got := NormalizeStage(rs, in)
	wantClimbs := []Climb{{Index: 1, Category: "third", Start: 50, End: 57, Name: "A"}, {Index: 2, Category: "second", Start: 100, End: 115, Name: "B"}}
	if !reflect.DeepEqual(got.Climbs, wantClimbs) {
		t.Errorf("climbs = %v, want %v", got.Climbs, wantClimbs)
	}
	wantSprints := []Sprint{{1, 20}, {2, 80}, {3, 150}}
	if !reflect.DeepEqual(got.Sprints, wantSprints) {
		t.Errorf("sprints = %v, want %v", got.Sprints, wantSprints)
	}
	if !reflect.DeepEqual(got.Markers, StageMarkers(rs, got)) || len(got.Markers) == 0 {
		t.Errorf("markers were not recomputed")
	}
	if fmt.Sprint(in) != orig {
		t.Errorf("NormalizeStage changed its input: %v, was %v", in, orig)
	}
	// A Ciclismo a fondo stage takes its length and climbs from its sections.
	caf := loadedRuleset(t, "ciclismo-a-fondo")
	sec := NormalizeStage(caf, Stage{Type: "low", Length: 1, Sections: []Section{{Type: "flat", Km: 10}, {Type: "climb_third", Km: 6}, {Type: "flat", Km: 10}}})
	if sec.Length != 38 || len(sec.Climbs) != 1 || sec.Climbs[0].Start != 11 || sec.Climbs[0].End != 28 {
		t.Errorf("sections stage = length %d, climbs %v, want 38 with a third-category climb on 11–28", sec.Length, sec.Climbs)
	}
}

// cyclingPartyTeams are n valid Cycling Party teams of size riders.
func cyclingPartyTeams(n, size int) []Team {
	roles := []string{"leader", "sprinter", "rouleur", "flat_domestique", "mountain_domestique", "lanterne_rouge"}
	var teams []Team
	for i := 1; i <= n; i++ {
		team := Team{ID: i, Name: fmt.Sprintf("Team %d", i)}
		for c := 1; c <= size; c++ {
			team.Riders = append(team.Riders, Rider{Name: fmt.Sprintf("Rider %d-%d", i, c), Number: c, Role: roles[c-1]})
		}
		teams = append(teams, team)
	}
	return teams
}

func TestValidateTeamsCyclingParty(t *testing.T) {
	for name, rs := range map[string]Ruleset{"literal": testCyclingParty(), "shipped": loadedRuleset(t, "cycling-party")} {
		for _, size := range []int{5, 6} {
			if err := ValidateTeams(rs, cyclingPartyTeams(2, size), size); err != nil {
				t.Errorf("%s: 2 teams of %d: %v", name, size, err)
			}
		}
		if err := ValidateTeams(rs, AssignBibs(cyclingPartyTeams(30, 6)), 6); err != nil {
			t.Errorf("%s: 30 teams with bibs: %v", name, err)
		}
		tests := []struct {
			name   string
			teams  []Team
			riders int
			edit   func([]Team)
			want   []string
		}{
			{"one team", cyclingPartyTeams(1, 6), 6, nil, []string{"teams"}},
			{"31 teams", cyclingPartyTeams(31, 6), 6, nil, []string{"teams"}},
			{"7 riders per team", cyclingPartyTeams(2, 6), 7, nil, []string{"riders_per_team", "teams[0].riders", "teams[1].riders"}},
			{"4 riders per team", cyclingPartyTeams(2, 4), 4, nil, []string{"riders_per_team"}},
			{"5 riders in a 6-rider tour", cyclingPartyTeams(2, 6), 6, func(ts []Team) { ts[1].Riders = ts[1].Riders[:5] },
				[]string{"teams[1].riders"}},
			{"team id 0", cyclingPartyTeams(2, 5), 5, func(ts []Team) { ts[0].ID = 0 }, []string{"teams[0].id"}},
			{"same team id", cyclingPartyTeams(2, 5), 5, func(ts []Team) { ts[1].ID = 1 }, []string{"teams[1].id"}},
			{"no team name", cyclingPartyTeams(2, 5), 5, func(ts []Team) { ts[0].Name = " " }, []string{"teams[0].name"}},
			{"no rider name", cyclingPartyTeams(2, 5), 5, func(ts []Team) { ts[1].Riders[2].Name = "" }, []string{"teams[1].riders[2].name"}},
			{"counter 6 in a 5-rider team", cyclingPartyTeams(2, 5), 5, func(ts []Team) { ts[0].Riders[4].Number = 6; ts[0].Riders[4].Role = "lanterne_rouge" },
				[]string{"teams[0].riders[4].number"}},
			{"counter 0", cyclingPartyTeams(2, 5), 5, func(ts []Team) { ts[0].Riders[0].Number = 0 }, []string{"teams[0].riders[0].number"}},
			{"counter twice", cyclingPartyTeams(2, 5), 5, func(ts []Team) { ts[0].Riders[1].Number = 1; ts[0].Riders[1].Role = "leader" },
				[]string{"teams[0].riders[1].number"}},
			{"role not of the counter", cyclingPartyTeams(2, 6), 6, func(ts []Team) { ts[1].Riders[2].Role = "sprinter" },
				[]string{"teams[1].riders[2].role"}},
			{"no role", cyclingPartyTeams(2, 6), 6, func(ts []Team) { ts[0].Riders[0].Role = "" }, []string{"teams[0].riders[0].role"}},
			{"wrong bib", AssignBibs(cyclingPartyTeams(2, 5)), 5, func(ts []Team) { ts[1].Riders[0].Bib = 11 }, []string{"teams[1].riders[0].bib"}},
		}
		for _, tt := range tests {
			if tt.edit != nil {
				tt.edit(tt.teams)
			}
			if got := fieldsOf(t, ValidateTeams(rs, tt.teams, tt.riders)); !slices.Equal(got, tt.want) {
				t.Errorf("%s: %s: fields = %v, want %v", name, tt.name, got, tt.want)
			}
		}
	}
}

// cafTeam is a valid Ciclismo a fondo team of 8 riders.
func cafTeam(id int) Team {
	team := Team{ID: id, Name: fmt.Sprintf("Equipo %d", id)}
	for i, role := range []string{"JF", "TT", "ES", "RO", "SP", "CR", "RS", "RE"} {
		team.Riders = append(team.Riders, Rider{Name: role, Number: i + 1, Role: role})
	}
	return team
}

func TestValidateTeamsCiclismoAFondo(t *testing.T) {
	rs := loadedRuleset(t, "ciclismo-a-fondo")
	if err := ValidateTeams(rs, []Team{cafTeam(1), cafTeam(2)}, 8); err != nil {
		t.Errorf("two teams of 8: %v", err)
	}
	tests := []struct {
		name   string
		riders int
		edit   func([]Team) []Team
		want   []string
	}{
		{"two JF", 8, func(ts []Team) []Team { ts[0].Riders[2].Role = "JF"; return ts }, []string{"teams[0].riders[2].role"}},
		{"two SP", 8, func(ts []Team) []Team { ts[1].Riders[6].Role = "SP"; return ts }, []string{"teams[1].riders[6].role"}},
		{"two ES are fine, two CR are not", 8, func(ts []Team) []Team {
			ts[0].Riders[3].Role = "ES"
			ts[0].Riders[7].Role = "CR"
			return ts
		}, []string{"teams[0].riders[7].role"}},
		{"unknown role", 8, func(ts []Team) []Team { ts[0].Riders[0].Role = "leader"; return ts }, []string{"teams[0].riders[0].role"}},
		{"9 riders", 9, func(ts []Team) []Team {
			for i := range ts {
				ts[i].Riders = append(ts[i].Riders, Rider{Name: "Extra", Number: 9, Role: "ES"})
			}
			return ts
		}, []string{"riders_per_team"}},
		{"3 riders, size not fixed", 0, func(ts []Team) []Team { ts[1].Riders = ts[1].Riders[:3]; return ts }, []string{"teams[1].riders"}},
		{"4 to 8 riders, size not fixed", 0, func(ts []Team) []Team { ts[1].Riders = ts[1].Riders[:4]; return ts }, nil},
		{"number 10", 8, func(ts []Team) []Team { ts[0].Riders[7].Number = 10; return ts }, []string{"teams[0].riders[7].number"}},
		{"7 teams", 8, func(ts []Team) []Team {
			for i := 3; i <= 7; i++ {
				ts = append(ts, cafTeam(i))
			}
			return ts
		}, []string{"teams"}},
	}
	for _, tt := range tests {
		teams := tt.edit([]Team{cafTeam(1), cafTeam(2)})
		err := ValidateTeams(rs, teams, tt.riders)
		if tt.want == nil {
			if err != nil {
				t.Errorf("%s: ValidateTeams = %v, want nil", tt.name, err)
			}
			continue
		}
		if got := fieldsOf(t, err); !slices.Equal(got, tt.want) {
			t.Errorf("%s: fields = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// ruoteTeam is a valid 2RUOTE team of 5 riders costing 10.
func ruoteTeam(id int) Team {
	team := Team{ID: id, Name: fmt.Sprintf("Squadra %d", id)}
	for i, cost := range []int{4, 2, 2, 1, 1} {
		team.Riders = append(team.Riders, Rider{Name: fmt.Sprint("Corridore ", i+1), Number: i + 1, Role: "rider",
			Attributes: map[string]int{"cost": cost, "pianura": 5, "montagna": 5, "discesa": 5, "collina": 5, "volata": 5, "cronometro": 5}})
	}
	return team
}

func TestValidateTeams2Ruote(t *testing.T) {
	rs := loadedRuleset(t, "2ruote")
	if err := ValidateTeams(rs, []Team{ruoteTeam(1), ruoteTeam(2)}, 5); err != nil {
		t.Errorf("two teams costing 10: %v", err)
	}
	tests := []struct {
		name string
		edit func([]Team)
		want []string
	}{
		{"cost 11", func(ts []Team) { ts[0].Riders[1].Attributes["cost"] = 3 }, []string{"teams[0].riders"}},
		{"cost 5 for one rider", func(ts []Team) { ts[1].Riders[0].Attributes["cost"] = 5; ts[1].Riders[1].Attributes["cost"] = 1 },
			[]string{"teams[1].riders[0].attributes.cost"}},
		{"no cost", func(ts []Team) { delete(ts[0].Riders[4].Attributes, "cost") }, []string{"teams[0].riders[4].attributes.cost"}},
		{"speed 10", func(ts []Team) { ts[0].Riders[2].Attributes["pianura"] = 10 }, []string{"teams[0].riders[2].attributes.pianura"}},
		{"speed 0", func(ts []Team) { ts[0].Riders[2].Attributes["volata"] = 0 }, []string{"teams[0].riders[2].attributes.volata"}},
		{"4 riders", func(ts []Team) { ts[1].Riders = ts[1].Riders[:4] }, []string{"teams[1].riders"}},
	}
	for _, tt := range tests {
		teams := []Team{ruoteTeam(1), ruoteTeam(2)}
		tt.edit(teams)
		if got := fieldsOf(t, ValidateTeams(rs, teams, 5)); !slices.Equal(got, tt.want) {
			t.Errorf("%s: fields = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestAssignBibs(t *testing.T) {
	in := cyclingPartyTeams(2, 6)
	in[1].ID = 7
	in[0].Riders[0].Attributes = map[string]int{"cost": 2}
	out := AssignBibs(in)
	for i, team := range out {
		for j, r := range team.Riders {
			if want := team.ID*10 + r.Number; r.Bib != want || r.TeamID != team.ID {
				t.Errorf("team %d rider %d: bib, team = %d, %d, want %d, %d", i, j, r.Bib, r.TeamID, want, team.ID)
			}
		}
	}
	if out[1].Riders[2].Bib != 73 {
		t.Errorf("team 7 counter 3 bib = %d, want 73", out[1].Riders[2].Bib)
	}
	if in[0].Riders[0].Bib != 0 {
		t.Errorf("AssignBibs changed its input: bib = %d", in[0].Riders[0].Bib)
	}
	out[0].Riders[0].Attributes["cost"] = 4
	if in[0].Riders[0].Attributes["cost"] != 2 {
		t.Errorf("AssignBibs shares attributes with its input")
	}
}

func FuzzValidateStages(f *testing.F) {
	f.Add("low", 200, "third", 50, 57, 30, "flat", 10, "pianura", 2)
	f.Add("high", 0, "hors", -5, 400, 0, "itt", 18, "gpm", -1)
	f.Add("", 401, "", 1<<30, -1<<30, 1<<31, "", -1, "", 1<<20)
	rulesets := []Ruleset{testCyclingParty()}
	rulesets = append(rulesets, loadedRulesets(f)...)
	f.Fuzz(func(t *testing.T, typ string, length int, cat string, start, end, sprint int, sec string, km int, card string, feed int) {
		st := Stage{Type: typ, Length: length, FeedZones: feed,
			Climbs:  []Climb{{Category: cat, Start: start, End: end}, {Category: cat, Start: end, End: start}},
			Sprints: []Sprint{{At: sprint}, {At: start}}}
		if km%2 == 0 {
			st.Sections = []Section{{Type: sec, Km: km}, {Type: "flat", Km: km / 3}}
		}
		if feed%2 == 0 {
			st.Cards = []string{card, "pianura", card}
		}
		for _, rs := range rulesets {
			_ = ValidateStages(rs, []Stage{st, {}})
			n := NormalizeStage(rs, st)
			_ = ValidateStages(rs, []Stage{n})
			_, _ = BuildSectionStage(rs, st)
			_, _ = SectionSquares(rs, sec, km)
		}
	})
}

// TestValidateTeamsRealRace checks that a real race (uci-road) starts teams of unequal size: the tour's
// riders per team is the most a team may have, not what each must have.
func TestValidateTeamsRealRace(t *testing.T) {
	rs := loadedRuleset(t, "uci-road")
	teams := func(sizes ...int) []Team {
		var out []Team
		for i, n := range sizes {
			team := Team{ID: i + 1, Name: fmt.Sprintf("Team %d", i+1)}
			for c := 1; c <= n; c++ {
				team.Riders = append(team.Riders, Rider{Name: fmt.Sprintf("Rider %d-%d", i+1, c), Number: c})
			}
			out = append(out, team)
		}
		return out
	}
	tests := []struct {
		name  string
		teams []Team
		want  []string
	}{
		{"all full", teams(7, 7, 7), nil},
		{"a non-starter", teams(7, 6, 7), nil},
		{"two non-starters in a team", teams(5, 7, 7), nil},
		{"a team over the most", teams(7, 8, 7), []string{"teams[1].riders"}},
		{"a team with no rider", teams(7, 0, 7), []string{"teams[1].riders"}},
	}
	for _, tt := range tests {
		err := ValidateTeams(rs, tt.teams, 7)
		if tt.want == nil {
			if err != nil {
				t.Errorf("%s: %v, want the teams accepted", tt.name, err)
			}
			continue
		}
		if got := fieldsOf(t, err); !slices.Equal(got, tt.want) {
			t.Errorf("%s: fields = %v, want %v", tt.name, got, tt.want)
		}
	}
}
