package race

import (
	"fmt"
	"strings"
	"testing"

	"racedirector/app/refuse"
)

// gcRows makes a general classification of bibs in order (rank i+1).
func gcRows(bibs ...int) []TimeRow {
	out := make([]TimeRow, len(bibs))
	for i, b := range bibs {
		out[i] = TimeRow{Rank: i + 1, Bib: b, Name: fmt.Sprintf("R%d", b), Team: fmt.Sprintf("T%d", b/10), TeamID: b / 10}
	}
	return out
}

// ptsRows makes a points classification of bibs in order.
func ptsRows(bibs ...int) []PointsRow {
	out := make([]PointsRow, len(bibs))
	for i, b := range bibs {
		out[i] = PointsRow{Rank: i + 1, Bib: b, Name: fmt.Sprintf("R%d", b), TeamID: b / 10}
	}
	return out
}

// sources maps bibs to database riders: bib b is rider 100+b unless b is listed in none.
func sources(bibs []int, none ...int) map[int]uint {
	m := map[int]uint{}
	skip := map[int]bool{}
	for _, b := range none {
		skip[b] = true
	}
	for _, b := range bibs {
		if !skip[b] {
			m[b] = uint(100 + b)
		}
	}
	return m
}

// summary says a table as "name:points" in order, with "=" before a shared rank.
func summary(rows []SeasonRow) string {
	var parts []string
	for i, r := range rows {
		s := fmt.Sprintf("%s:%d", r.Name, r.Points)
		if i > 0 && rows[i-1].Rank == r.Rank {
			s = "=" + s
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func TestSeasonRiders(t *testing.T) {
	all := []int{11, 12, 21, 22}
	final := func(id uint, gc []TimeRow, mut ...func(*Standings)) SeasonTour {
		st := &Standings{Individual: gc}
		for _, m := range mut {
			m(st)
		}
		return SeasonTour{ID: id, Name: fmt.Sprint("Tour ", id), Closed: 3, Stages: 3, Final: true, Standings: st, RiderSources: sources(all)}
	}
	tests := []struct {
		name  string
		rules SeasonRules
		tours []SeasonTour
		want  string
		prov  bool
	}{
		{"one tour: its places' points", SeasonRules{Points: []int{10, 5, 1}},
			[]SeasonTour{final(1, gcRows(21, 11, 12, 22))}, "R21:10 R11:5 R12:1 R22:0", false},
		{"two tours add up by database rider", SeasonRules{Points: []int{10, 5, 1}},
			[]SeasonTour{final(1, gcRows(21, 11, 12)), final(2, gcRows(11, 12, 21))}, "R11:15 R21:11 R12:6", false},
		{"a tie on points: more wins first", SeasonRules{Points: []int{10, 6, 4}},
			[]SeasonTour{final(1, gcRows(11, 12, 21)), final(2, gcRows(21, 22, 12))}, "R21:14 R11:10 R12:10 R22:6", false},
		{"a tie on points and wins: the better best place", SeasonRules{Points: []int{10, 6, 4, 2}},
			[]SeasonTour{final(1, gcRows(22, 12, 11, 21)), final(2, gcRows(22, 21, 11, 12))}, "R22:20 R12:8 R21:8 R11:8", false},
		{"a tie on everything: the name", SeasonRules{Points: []int{5, 5}},
			[]SeasonTour{final(1, gcRows(21, 11)), final(2, gcRows(11, 21))}, "R11:10 R21:10", false},
		{"riders of some tours only", SeasonRules{Points: []int{10, 5}},
			[]SeasonTour{final(1, gcRows(11, 12)), final(2, gcRows(21, 22))}, "R11:10 R21:10 R12:5 R22:5", false},
		{"a rider who left the race is not ranked in the final general", SeasonRules{Points: []int{10, 5, 1}},
			[]SeasonTour{final(1, gcRows(12, 11, 21), func(s *Standings) { s.Out = []OutRow{{Bib: 12, Stage: 2, Status: StatusDNF}} })}, "R11:5 R21:1", false},
		{"classifications off: points and mountain do not count", SeasonRules{Points: []int{10, 5}},
			[]SeasonTour{final(1, gcRows(11, 12), func(s *Standings) { s.Regularity, s.Mountain = ptsRows(21, 12), ptsRows(22) })}, "R11:10 R12:5", false},
		{"classifications on: points and mountain count", SeasonRules{Points: []int{10, 5}, Classifications: true},
			[]SeasonTour{final(1, gcRows(11, 12), func(s *Standings) { s.Regularity, s.Mountain = ptsRows(21, 12), ptsRows(22) })}, "R11:10 R21:10 R22:10 R12:10", false},
		{"a running tour: provisional", SeasonRules{Points: []int{10, 5}},
			[]SeasonTour{final(1, gcRows(11, 12)), {ID: 2, Closed: 1, Stages: 3, Standings: &Standings{Individual: gcRows(12, 11)}, RiderSources: sources(all)}}, "R11:15 R12:15", true},
		{"a tour not started counts nothing, provisional", SeasonRules{Points: []int{10}},
			[]SeasonTour{final(1, gcRows(11)), {ID: 2, Stages: 3}}, "R11:10", true},
		{"a rider the tour did not copy counts apart", SeasonRules{Points: []int{10, 5}},
			[]SeasonTour{final(1, gcRows(11, 12)), {ID: 2, Final: true, Standings: &Standings{Individual: gcRows(11, 12)}, RiderSources: sources(all, 11)}}, "R11:10 =R11:10 R12:10", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Season(tc.rules, tc.tours)
			if s := summary(got.Riders); s != tc.want {
				t.Errorf("riders = %q, want %q", s, tc.want)
			}
			if got.Provisional != tc.prov {
				t.Errorf("provisional = %v, want %v", got.Provisional, tc.prov)
			}
		})
	}
}

func TestSeasonRanksAndScores(t *testing.T) {
	st := &Standings{Individual: gcRows(11, 21)}
	tours := []SeasonTour{
		{ID: 1, Final: true, Standings: st, RiderSources: map[int]uint{11: 7, 21: 8}},
		{ID: 2, Closed: 1, Stages: 2, Standings: &Standings{Individual: gcRows(11, 21)}, RiderSources: map[int]uint{11: 7, 21: 8}},
	}
	got := Season(SeasonRules{Points: []int{3, 0}}, tours).Riders
	if len(got) != 2 {
		t.Fatalf("rows = %+v", got)
	}
	first := got[0]
	if first.Rank != 1 || first.Key != "rider:7" || first.DatabaseID != 7 || first.Points != 6 || first.Tours != 2 || first.Wins != 2 || first.Best != 1 || !first.Provisional {
		t.Errorf("first = %+v", first)
	}
	if len(first.Scores) != 2 || first.Scores[1] != (SeasonScore{TourID: 2, Class: ClassIndividual, Place: 1, Points: 3, Provisional: true}) {
		t.Errorf("first's scores = %+v", first.Scores)
	}
	// Second place scores 0 points: his running tour leaves nothing provisional.
	if second := got[1]; second.Rank != 2 || second.Points != 0 || second.Tours != 2 || second.Best != 2 || second.Provisional {
		t.Errorf("second = %+v", second)
	}
}

func TestSeasonTeamsAndManagers(t *testing.T) {
	tour := func(id uint, teams []TeamRow, cp []ManagerRow, src map[int]uint) SeasonTour {
		return SeasonTour{ID: id, Final: true, Standings: &Standings{Teams: teams, CyclingParty: cp}, TeamSources: src}
	}
	tours := []SeasonTour{
		tour(1, []TeamRow{{Rank: 1, TeamID: 1, Team: "Rossi"}, {Rank: 2, TeamID: 2, Team: "Blu"}},
			[]ManagerRow{{Rank: 1, TeamID: 2, Team: "Blu", Points: 40}, {Rank: 2, TeamID: 1, Team: "Rossi", Points: 30}}, map[int]uint{1: 5, 2: 6}),
		// A game without a team classification or manager points (the teams are swapped in number).
		tour(2, nil, nil, map[int]uint{1: 6, 2: 5}),
		tour(3, []TeamRow{{Rank: 1, TeamID: 1, Team: "Blu"}, {Rank: 2, TeamID: 2, Team: "Rosso"}}, nil, map[int]uint{1: 6, 2: 5}),
	}
	got := Season(SeasonRules{Points: []int{8, 3}}, tours)
	if s := summary(got.Teams); s != "Blu:11 Rosso:11" {
		t.Errorf("teams = %q (the name of a team is its latest)", s)
	}
	if got.Teams[0].Tours != 2 || got.Teams[0].Key != "team:6" {
		t.Errorf("first team = %+v", got.Teams[0])
	}
	if s := summary(got.Managers); s != "Blu:8 Rossi:3" {
		t.Errorf("managers = %q", s)
	}

	// Players named: the same player across tours and teams, whatever the capitals and spaces; a
	// team naming nobody stays a team.
	named := []SeasonTour{
		tour(1, nil, []ManagerRow{{Rank: 1, TeamID: 1, Team: "Rossi", Manager: "Marta"}, {Rank: 2, TeamID: 2, Team: "Blu", Manager: "Luca"}}, map[int]uint{1: 5, 2: 6}),
		tour(2, nil, []ManagerRow{{Rank: 1, TeamID: 1, Team: "Blu", Manager: "luca "}, {Rank: 2, TeamID: 2, Team: "Verde"}}, map[int]uint{1: 6, 2: 7}),
		tour(3, nil, []ManagerRow{{Rank: 1, TeamID: 1, Team: "Verde", Manager: " MARTA"}, {Rank: 2, TeamID: 2, Team: "Rossi", Manager: "Luca"}}, map[int]uint{1: 7, 2: 5}),
	}
	got = Season(SeasonRules{Points: []int{8, 3}}, named)
	if s := summary(got.Managers); s != "MARTA:16 Luca:14 Verde:3" {
		t.Errorf("managers by player = %q, want Marta 8+8 (named as in her latest tour), Luca 3+8+3, the unnamed Verde 3", s)
	}
	if got.Managers[0].Key != "player:marta" || got.Managers[0].Tours != 2 || got.Managers[0].Team != "Verde" || got.Managers[1].Tours != 3 {
		t.Errorf("managers = %+v", got.Managers)
	}
}

func TestSeasonBefore(t *testing.T) {
	a := SeasonRow{Name: "Ana", Points: 10, Wins: 1, Best: 1}
	tests := []struct {
		name string
		b    SeasonRow
		want bool // a before b
	}{
		{"fewer points", SeasonRow{Name: "Bea", Points: 9, Wins: 3, Best: 1}, true},
		{"more points", SeasonRow{Name: "Bea", Points: 11}, false},
		{"fewer wins", SeasonRow{Name: "Aa", Points: 10, Wins: 0, Best: 1}, true},
		{"worse best place", SeasonRow{Name: "Aa", Points: 10, Wins: 1, Best: 2}, true},
		{"no place at all", SeasonRow{Name: "Aa", Points: 10, Wins: 1}, true},
		{"name after, any case", SeasonRow{Name: "bea", Points: 10, Wins: 1, Best: 1}, true},
		{"name before", SeasonRow{Name: "Aa", Points: 10, Wins: 1, Best: 1}, false},
		{"level on everything", a, false},
	}
	for _, tc := range tests {
		if got := SeasonBefore(a, tc.b); got != tc.want {
			t.Errorf("%s: SeasonBefore = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestCheckSeasonRules(t *testing.T) {
	tests := []struct {
		name   string
		points []int
		want   map[string]string
	}{
		{"the usual list", []int{25, 18, 15, 12, 10, 8, 6, 4, 2, 1}, nil},
		{"one place", []int{1}, nil},
		{"none", nil, map[string]string{"points": "must list 1 to 50 places (it lists 0)"}},
		{"too many", make([]int, 51), map[string]string{"points": "must list 1 to 50 places (it lists 51)"}},
		{"fifty zeros", make([]int, 50), nil},
		{"negative and too many points", []int{1001, 5, -1}, map[string]string{"points[0]": "must be between 0 and 1000", "points[2]": "must be between 0 and 1000"}},
	}
	for _, tc := range tests {
		v := &refuse.ValidationError{}
		CheckSeasonRules(v, SeasonRules{Points: tc.points})
		if len(v.Fields) != len(tc.want) {
			t.Errorf("%s: fields = %v, want %v", tc.name, v.Fields, tc.want)
			continue
		}
		for f, reason := range tc.want {
			if v.Fields[f] != reason {
				t.Errorf("%s: %s = %q, want %q", tc.name, f, v.Fields[f], reason)
			}
		}
	}
}
