package sheets

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"racedirector/app/race"
)

// grandTour is a proposed 21-stage tour of a ruleset with teams of the given size, every stage
// raced: starters finish in groups in an order that turns with the stage; one rider abandons in
// stage 5.
func grandTour(t *testing.T, rulesetID string, teams, riders int) fixture {
	t.Helper()
	rs := loadRuleset(t, rulesetID)
	p, err := race.Propose(rs, race.ProposalRequest{Ruleset: rs.ID, Name: "Grand Tour", Stages: 21, Profile: "long", RidersPerTeam: riders, Seed: 7})
	if err != nil {
		t.Fatalf("proposing a grand tour of %s: %v", rulesetID, err)
	}
	tour := &race.Tour{Name: "Grand Tour " + rs.Name, Ruleset: rs, RidersPerTeam: riders, Stages: p.Stages}
	colors := []string{"#d62828", "#1d4ed8", "#2e9e44", "#f5d000", "#7b2cbf", "#f77f00", "#111111", "#8d5524", "#4fc3c7", "#e5e5e5"}
	for ti := 1; ti <= teams; ti++ {
		tm := race.Team{ID: ti, Name: fmt.Sprintf("Équipe %d Łódź", ti), Color: colors[(ti-1)%len(colors)]}
		for n := 1; n <= riders; n++ {
			role := ""
			if r, ok := rs.RoleForCounter(n); ok {
				role = r.ID
			} else if len(rs.Roles) > 0 {
				role = rs.Roles[(n-1)%len(rs.Roles)].ID
			}
			tm.Riders = append(tm.Riders, race.Rider{Bib: ti*10 + n, TeamID: ti, Number: n, Role: role,
				Name: fmt.Sprintf("Coureur %d%d Ñúñez-Søgaard", ti, n)})
		}
		tour.Teams = append(tour.Teams, tm)
	}
	var results []race.StageResult
	for s := 1; s <= len(tour.Stages); s++ {
		starters := race.StartingRiders(tour, results)
		shift := (s * 7) % len(starters)
		order := append(append([]race.Rider(nil), starters[shift:]...), starters[:shift]...)
		res := race.StageResult{Stage: s, Sprints: map[int][]int{}, Climbs: map[int][]int{}}
		if s == 5 {
			res.Abandons = []race.Abandon{{Bib: order[len(order)-1].Bib, Reason: "crash"}}
			order = order[:len(order)-1]
		}
		bibs := make([]int, len(order))
		for i, r := range order {
			bibs[i] = r.Bib
		}
		for _, sp := range tour.Stages[s-1].Sprints {
			res.Sprints[sp.Index] = bibs[sp.Index%5 : sp.Index%5+3]
		}
		for _, c := range tour.Stages[s-1].Climbs {
			res.Climbs[c.Index] = bibs[c.Index%4 : c.Index%4+5]
		}
		for i := 0; i < len(bibs); i += 7 {
			g := race.FinishGroup{Turn: i / 14, Square: 12 - (i/7)%12, Die: 1 + i%6, Sector: -i / 7, Riders: bibs[i:min(i+7, len(bibs))]}
			if rs.TimeModel == race.TimeModelTurns {
				g.Turn = 20 + i/7
			}
			res.Finish.Groups = append(res.Finish.Groups, g)
		}
		if rs.StageCombativity {
			res.Combativity = bibs[0]
		}
		for range rs.WeatherRolls {
			res.Weather = append(res.Weather, "fair")
		}
		if rs.Fatigue != nil {
			res.Fatigue = map[int]int{}
			for i, b := range bibs {
				res.Fatigue[b] = i % 19
			}
		}
		results = append(results, res)
	}
	checkResults(t, tour, results)
	return fixture{tour: tour, results: results}
}

// TestGrandTour prints a 21-stage tour of ten teams: wide controls split into parts that repeat
// the rider columns, long tables run over pages with their header repeated, and the book holds
// every sheet.
func TestGrandTour(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		ruleset       string
		teams, riders int
	}{{"cycling-party", 10, 6}, {"ciclismo-a-fondo", 8, 8}, {"2ruote", 6, 5}} {
		fix := grandTour(t, c.ruleset, c.teams, c.riders)
		in := fix.input(21)
		for _, info := range Sheets(fix.tour.Ruleset) {
			pdf := makePDF(t, "grand-"+c.ruleset, info.ID, in)
			var xlsx bytes.Buffer
			if err := XLSX(&xlsx, info.ID, in); err != nil {
				t.Errorf("%s %s.xlsx: %v", c.ruleset, info.ID, err)
			}
			dump(t, "grand-"+c.ruleset+"-"+info.ID+".xlsx", xlsx.Bytes())
			if info.ID == SheetBook {
				continue // its text is the sum of the others
			}
			text := pdfText(t, pdf)
			what := c.ruleset + " " + info.ID + ".pdf"
			pages := pageCount(t, what, text)
			if info.ID == SheetGeneral {
				if !strings.Contains(text, "(part 2 of") {
					t.Errorf("%s: 21 stage columns fit one landscape page? want the table split into parts", what)
				}
				if got := strings.Count(text, "Coureur 11 Ñúñez-Søgaard"); got < 2 {
					t.Errorf("%s: rider name printed %d times, want once in each part", what, got)
				}
			}
			if info.ID == SheetEntry && pages > 1 && !strings.Contains(text, "Riders at the start (continued)") {
				t.Errorf("%s: %d pages but no continued header", what, pages)
			}
		}
	}
}
