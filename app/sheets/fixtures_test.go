package sheets

import (
	"os"
	"sync"
	"testing"
	"time"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/data"
)

// sheetDate is the date printed on the test sheets.
func sheetDate() time.Time { return time.Date(2027, time.July, 14, 9, 0, 0, 0, time.UTC) }

// loadRuleset loads one shipped ruleset.
func loadRuleset(t testing.TB, id string) race.Ruleset {
	t.Helper()
	list, err := race.LoadRulesets(os.DirFS("../../data"))
	if err != nil {
		t.Fatalf("loading rulesets: %v", err)
	}
	rs, ok := race.FindRuleset(list, id)
	if !ok {
		t.Fatalf("ruleset %q not found", id)
	}
	return rs
}

// fixture is a tour with its results, ready to print.
type fixture struct {
	tour    *race.Tour
	results []race.StageResult
}

// input is the sheet input of the fixture with the given closed stage, in English.
func (f fixture) input(closed int) Input {
	return Input{Tour: f.tour, Results: f.results, Closed: closed, Date: sheetDate(), Fonts: os.DirFS("../../assets/fonts"), Words: englishWords()}
}

// englishWords is the embedded catalogue's English, loaded once for the package's tests: a sheet
// given no words loads the whole catalogue for itself. Nil when the catalogue does not load (the
// sheet then loads it, and says why it cannot).
var englishWords = sync.OnceValue(func() *i18n.Localizer {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		return nil
	}
	return cat.Localizer(i18n.English)
})

// team builds a tour team with bibs from its id and the riders' names and roles.
func team(id int, name, color string, riders ...[2]string) race.Team {
	tm := race.Team{ID: id, Name: name, Short: name[:3], Color: color}
	for i, r := range riders {
		tm.Riders = append(tm.Riders, race.Rider{Bib: id*10 + i + 1, Name: r[0], TeamID: id, Number: i + 1, Role: r[1]})
	}
	return tm
}

// checkResults fails the test when a fixture's results are not complete and valid.
func checkResults(t testing.TB, tour *race.Tour, results []race.StageResult) {
	t.Helper()
	if err := race.ValidateStages(tour.Ruleset, tour.Stages); err != nil {
		t.Fatalf("fixture stages: %v", err)
	}
	for i, res := range results {
		prior := results[:i]
		if err := race.ValidateFinish(tour, prior, res, res.Finish); err != nil {
			t.Fatalf("fixture stage %d finish: %v", i+1, err)
		}
		if missing := race.MissingAtClose(tour, prior, res); len(missing) > 0 {
			t.Fatalf("fixture stage %d is not complete: %v", i+1, missing)
		}
		cur := race.StageResult{Stage: res.Stage} // advantages are used before the finish
		for _, use := range res.Advantages {
			if err := race.CheckAdvantage(tour, prior, cur, use); err != nil {
				t.Fatalf("fixture stage %d advantage %+v: %v", i+1, use, err)
			}
			cur.Advantages = append(cur.Advantages, use)
		}
		for k, order := range res.Sprints {
			if err := race.ValidateOrder(tour, prior, res, order); err != nil {
				t.Fatalf("fixture stage %d sprint %d: %v", i+1, k, err)
			}
		}
		for k, order := range res.Climbs {
			if err := race.ValidateOrder(tour, prior, res, order); err != nil {
				t.Fatalf("fixture stage %d climb %d: %v", i+1, k, err)
			}
		}
	}
}

// cyclingPartyTour is a 3-stage Cycling Party tour (flat, medium, high) of four teams of five, with
// an abandon in stage 2.
func cyclingPartyTour(t testing.TB) fixture {
	rs := loadRuleset(t, "cycling-party")
	tour := &race.Tour{Name: "Tour de Test 2027", Ruleset: rs, RidersPerTeam: 5, Teams: []race.Team{
		team(1, "Rojo Racing", "#d62828", [2]string{"Tadej Pogačar", "leader"}, [2]string{"Søren Kragh Andersen", "sprinter"},
			[2]string{"Wout Poels", "rouleur"}, [2]string{"Tim Wellens", "flat_domestique"}, [2]string{"Rafał Majka", "mountain_domestique"}),
		team(2, "Azul Movistar", "#1d4ed8", [2]string{"Nairo Quintana", "leader"}, [2]string{"Michał Kwiatkowski", "sprinter"},
			[2]string{"Alejandro Valverde", "rouleur"}, [2]string{"Imanol Erviti", "flat_domestique"}, [2]string{"Marc Soler", "mountain_domestique"}),
		team(3, "Verde Banesto", "#2e9e44", [2]string{"Miguel Induráin", "leader"}, [2]string{"Mark Cavendish", "sprinter"},
			[2]string{"José María Jiménez", "rouleur"}, [2]string{"Peio Ruiz Cabestany", "flat_domestique"}, [2]string{"Pedro Delgado", "mountain_domestique"}),
		team(4, "Amarillo Jumbo", "#f5d000", [2]string{"Primož Roglič", "leader"}, [2]string{"Wout van Aert", "sprinter"},
			[2]string{"Jonas Vingegaard", "rouleur"}, [2]string{"Tiesj Benoot", "flat_domestique"}, [2]string{"Sepp Kuss", "mountain_domestique"}),
	}}
	stages := []race.Stage{
		{Number: 1, Type: "flat", Length: 200,
			Climbs:  []race.Climb{{Category: "hill", Start: 40, End: 42}, {Category: "third", Start: 80, End: 87}, {Category: "third", Start: 130, End: 137}},
			Sprints: []race.Sprint{{At: 20}, {At: 60}, {At: 100}, {At: 150}, {At: 175}}},
		{Number: 2, Type: "medium", Length: 180,
			Climbs:  []race.Climb{{Category: "third", Start: 30, End: 37}, {Category: "second", Start: 70, End: 85}, {Category: "first", Start: 120, End: 143}},
			Sprints: []race.Sprint{{At: 20}, {At: 100}, {At: 160}}},
		{Number: 3, Type: "high", Length: 172,
			Climbs: []race.Climb{{Category: "second", Start: 20, End: 35}, {Category: "first", Start: 50, End: 73},
				{Category: "hors", Start: 90, End: 121, Name: "Alpe d’Huez"}, {Category: "second", Start: 140, End: 155}},
			Sprints: []race.Sprint{{At: 10}, {At: 40}, {At: 130}}},
	}
	for _, st := range stages {
		tour.Stages = append(tour.Stages, race.NormalizeStage(rs, st))
	}
	g := func(turn, square, die int, riders ...int) race.FinishGroup {
		return race.FinishGroup{Turn: turn, Square: square, Die: die, Riders: riders}
	}
	results := []race.StageResult{
		{Stage: 1,
			Sprints: map[int][]int{1: {12, 22, 32}, 2: {22, 12, 42}, 3: {32, 42, 12}, 4: {12, 32, 22}, 5: {42, 22, 14}},
			Climbs:  map[int][]int{2: {15, 25, 35}, 3: {25, 15, 45}},
			Finish: race.Finish{Groups: []race.FinishGroup{
				g(0, 9, 2, 12, 22, 32),
				g(0, 5, 4, 42, 11, 21, 31, 41, 13, 23, 33, 43),
				g(1, 2, 6, 14, 24, 34, 44, 15, 25, 35, 45),
			}},
			Advantages: []race.AdvantageUse{{Kind: race.AdvWaterBottle, Bib: 11, Turn: 12}, {Kind: race.AdvSprint, Bib: 12, Variant: race.Variant3d6}},
		},
		{Stage: 2,
			Sprints: map[int][]int{1: {22, 32, 12}, 2: {42, 22, 32}, 3: {12, 42, 22}},
			Climbs:  map[int][]int{1: {35, 15, 25}, 2: {21, 11, 31}, 3: {11, 21, 41, 31}},
			Finish: race.Finish{Groups: []race.FinishGroup{
				g(0, 11, 5, 11),
				g(0, 4, 1, 21, 41),
				g(1, 6, 3, 31, 13, 23, 33, 43, 12, 22, 32, 42),
				g(2, 2, 2, 14, 24, 34, 44, 25, 35, 45),
			}},
			Abandons: []race.Abandon{{Bib: 15, Reason: "crash in the descent (three sixes)"}},
		},
		{Stage: 3,
			Sprints: map[int][]int{1: {32, 12, 22}, 2: {22, 42, 12}, 3: {12, 22, 42}},
			Climbs:  map[int][]int{1: {25, 35, 45}, 2: {21, 11, 41, 31}, 3: {11, 41, 21, 31, 25}, 4: {41, 11, 21}},
			Finish: race.Finish{Groups: []race.FinishGroup{
				g(0, 8, 3, 41),
				g(0, 2, 6, 11, 21),
				g(1, 1, 1, 31, 13, 23),
				g(2, 12, 4, 33, 43, 25, 35),
				g(3, 5, 5, 12, 22, 32, 42, 14, 24, 34, 44, 45),
			}},
		},
	}
	checkResults(t, tour, results)
	return fixture{tour: tour, results: results}
}

// ciclismoTour is a 2-stage Ciclismo a fondo tour (the book's 170 km low-mountain stage and an
// 18 km time trial) of two teams of four, with effort points spent and a cold stage.
func ciclismoTour(t *testing.T) fixture {
	rs := loadRuleset(t, "ciclismo-a-fondo")
	tour := &race.Tour{Name: "Vuelta de Prueba", Ruleset: rs, RidersPerTeam: 4, Teams: []race.Team{
		team(1, "Reynolds", "#1d3557", [2]string{"Pedro Delgado", "JF"}, [2]string{"Miguel Induráin", "CR"},
			[2]string{"Ángel Arroyo", "ES"}, [2]string{"José Luis Laguía", "RS"}),
		team(2, "Kelme", "#2a9d8f", [2]string{"Fabio Parra", "JF"}, [2]string{"Álvaro Pino", "TT"},
			[2]string{"Søren Lilholt", "SP"}, [2]string{"Laudelino Cubino", "RE"}),
	}}
	stage1, err := race.BuildSectionStage(rs, race.Stage{Number: 1, Type: "low", FeedZones: 1, Sections: []race.Section{
		{Type: "flat", Km: 119}, {Type: "climb_third", Km: 6}, {Type: "descent_low", Km: 8}, {Type: "flat", Km: 36},
	}, Sprints: []race.Sprint{{At: 85}}})
	if err != nil {
		t.Fatalf("building stage 1: %v", err)
	}
	stage2, err := race.BuildSectionStage(rs, race.Stage{Number: 2, Type: "itt", Sections: []race.Section{{Type: "itt", Km: 18}}})
	if err != nil {
		t.Fatalf("building stage 2: %v", err)
	}
	stage1.Number, stage2.Number = 1, 2
	tour.Stages = []race.Stage{stage1, stage2}
	results := []race.StageResult{
		{Stage: 1, Sprints: map[int][]int{1: {23, 14, 22}}, Climbs: map[int][]int{1: {13, 21, 11}},
			Finish: race.Finish{Groups: []race.FinishGroup{
				{Turn: 22, Riders: []int{23, 14}}, {Turn: 23, Riders: []int{11, 21, 13, 22}}, {Turn: 25, Riders: []int{12, 24}},
			}},
			Advantages: []race.AdvantageUse{{Kind: race.AdvEffort, Bib: 11, Points: 2}, {Kind: race.AdvEffort, Bib: 13, Points: 1}},
			Weather:    []string{"fair", "fair", "cold", "fair"}, Combativity: 23,
		},
		{Stage: 2, Finish: race.Finish{Groups: []race.FinishGroup{
			{Turn: 9, Riders: []int{12}}, {Turn: 10, Riders: []int{22, 11}}, {Turn: 11, Riders: []int{21, 13, 14, 23}},
		}}, Abandons: []race.Abandon{{Bib: 24, Reason: "second crash"}},
			Advantages: []race.AdvantageUse{{Kind: race.AdvEffort, Bib: 12, Points: 1}, {Kind: race.AdvEffort, Bib: 21, Points: 2}},
			Weather:    []string{"fair", "crosswind", "fair", "fair"}, Combativity: 13,
		},
	}
	checkResults(t, tour, results)
	return fixture{tour: tour, results: results}
}

// ruoteTour is a 2-stage 2RUOTE advanced tour of two teams of five, one rider retiring on fatigue.
func ruoteTour(t *testing.T) fixture {
	rs := loadRuleset(t, "2ruote")
	tour := &race.Tour{Name: "Giro di Prova", Ruleset: rs, RidersPerTeam: 5, Advanced: true, Teams: []race.Team{
		team(1, "Bianchi", "#4fc3c7", [2]string{"Fausto Coppi", "rider"}, [2]string{"Gino Bartali", "rider"},
			[2]string{"Fiorenzo Magni", "rider"}, [2]string{"Ercole Baldini", "rider"}, [2]string{"Gastone Nencini", "rider"}),
		team(2, "Molteni", "#8d5524", [2]string{"Eddy Merckx", "rider"}, [2]string{"Felice Gimondi", "rider"},
			[2]string{"Søren Kragh Andersen", "rider"}, [2]string{"Marino Basso", "rider"}, [2]string{"Italo Zilioli", "rider"}),
	}}
	stages := []race.Stage{
		{Number: 1, Type: "mountain", Cards: []string{"pianura", "tv", "pianura", "montagna", "montagna", "gpm", "discesa", "r", "collina", "pianura", "pianura"}},
		{Number: 2, Type: "flat", Cards: []string{"pianura", "pianura", "collina", "tv", "pianura", "pianura", "collina", "pianura", "pianura", "pianura", "pianura"}},
	}
	for _, st := range stages {
		tour.Stages = append(tour.Stages, race.NormalizeStage(rs, st))
	}
	results := []race.StageResult{
		{Stage: 1, Sprints: map[int][]int{1: {22, 12}}, Climbs: map[int][]int{1: {11, 21, 12}},
			Finish: race.Finish{Groups: []race.FinishGroup{
				{Sector: 2, Riders: []int{11}}, {Sector: 1, Riders: []int{21, 22}}, {Sector: 0, Riders: []int{12, 13, 23, 24, 14}},
				{Sector: -1, Riders: []int{15, 25}},
			}},
			Fatigue: map[int]int{11: 18, 21: 15, 22: 12, 12: 9, 13: 6, 23: 7, 24: 5, 14: 4, 15: 10, 25: 11},
		},
		{Stage: 2, Sprints: map[int][]int{1: {23, 22}},
			Finish: race.Finish{Groups: []race.FinishGroup{
				{Sector: 1, Riders: []int{23}}, {Sector: 0, Riders: []int{22, 12, 11, 21, 13, 24, 14, 15, 25}},
			}},
			Fatigue: map[int]int{11: 8, 21: 27, 22: 16, 12: 9, 13: 6, 23: 22, 24: 5, 14: 4, 15: 10, 25: 11},
		},
	}
	checkResults(t, tour, results)
	return fixture{tour: tour, results: results}
}
