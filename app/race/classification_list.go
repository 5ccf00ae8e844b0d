package race

import (
	"maps"
	"slices"
)

// ClassCombined is the combined classification (the Vuelta's combinada, 2002–2018): the lowest sum
// of places in the general, points and mountain classifications. Every game has it when the tour's
// settings turn it on (TourSettings.Combined).
const ClassCombined = "combined"

// Row kinds: what a classification's rows are and how their value reads.
const (
	// RowsTime are TimeRows: a time and a gap, less is better.
	RowsTime = "time"
	// RowsPoints are PointsRows: points, more is better.
	RowsPoints = "points"
	// RowsPlaces are PointsRows whose Points are a sum of places, fewer is better.
	RowsPlaces = "places"
	// RowsTeam are TeamRows: a team's time.
	RowsTeam = "team"
	// RowsManager are ManagerRows: a Cycling Party manager's points.
	RowsManager = "manager"
)

// Classification declares one classification once: what it ranks and how (rank), what its rows are,
// whether its leader wears a jersey, its control sheet and its words. The pages, the API, the sheets,
// the TV and the story loop over Classifications instead of naming each one. Its words are the
// catalogue keys "standings.class.<ID>" (its name on pages and TV) and "sheets.class.<ID>",
// "sheets.title.<Sheet>", "sheets.tab.<Sheet>" (on its sheet); a ruleset's term "class.<ID>" names
// it in that game's words.
type Classification struct {
	// ID names it in JSON, in Ruleset.Classifications, in Ruleset.Jerseys and in Standings.Leaders.
	ID string
	// Name is its name in English.
	Name string
	// Rows is one of the Rows* kinds.
	Rows string
	// Dressed says its leader is a rider who wears its jersey (Standings.Leaders names him).
	Dressed bool
	// Jersey is its jersey when a ruleset names none (nil: the ruleset's, or none).
	Jersey *Jersey
	// Sheet is the id of its control sheet ("" when it has none of its own), SheetTitle the sheet's
	// title in English.
	Sheet, SheetTitle string
	// BySetting says the tour's settings turn it on, in every game (rulesets do not list it).
	BySetting bool
	// Podium is its place in the story's awards and jersey strips, which show its first three and
	// who wore its jersey (0: not there).
	Podium int
	// TV says the room's TV turns to its top ten, after the general classification.
	TV bool
	// rank orders the riders of a points or places classification from the orders of the
	// classifications declared before it, and gives each rider's value.
	rank func(c *count, orders map[string][]int) (order []int, value func(rider int) int)
	// times, points, teams and managers point at its rows in the standings (by its Rows).
	times    func(*Standings) *[]TimeRow
	points   func(*Standings) *[]PointsRow
	teams    func(*Standings) *[]TeamRow
	managers func(*Standings) *[]ManagerRow
}

// Classifications lists every classification the engine computes, in the order the pages, the
// sheets, the TV and the story show them.
func Classifications() []Classification {
	return []Classification{
		{ID: ClassStage, Name: "Stage", Rows: RowsTime, times: func(s *Standings) *[]TimeRow { return &s.Stage }},
		{ID: ClassIndividual, Name: "Individual", Rows: RowsTime, Dressed: true, Sheet: "general", SheetTitle: "General control", Podium: 1,
			times: func(s *Standings) *[]TimeRow { return &s.Individual }},
		{ID: ClassYouth, Name: "Young riders", Rows: RowsTime, Dressed: true, Sheet: "youth", SheetTitle: "Young riders control", Podium: 6,
			times: func(s *Standings) *[]TimeRow { return &s.Youth }},
		{ID: ClassRegularity, Name: "Regularity", Rows: RowsPoints, Dressed: true, Sheet: "regularity", SheetTitle: "Regularity control", Podium: 2,
			rank:   pointsRank((*count).regularityOrder, func(t *tally) int { return t.regularity }),
			points: func(s *Standings) *[]PointsRow { return &s.Regularity }},
		{ID: ClassMountain, Name: "Mountain", Rows: RowsPoints, Dressed: true, Sheet: "mountain", SheetTitle: "Mountain control", Podium: 3,
			rank:   pointsRank((*count).mountainOrder, func(t *tally) int { return t.mountain }),
			points: func(s *Standings) *[]PointsRow { return &s.Mountain }},
		{ID: ClassSprints, Name: "Intermediate sprints", Rows: RowsPoints, Dressed: true, Sheet: "sprints", SheetTitle: "Intermediate sprints control", Podium: 4,
			rank:   pointsRank((*count).sprintsOrder, func(t *tally) int { return t.sprints }),
			points: func(s *Standings) *[]PointsRow { return &s.Sprints }},
		{ID: ClassCombined, Name: "Combined", Rows: RowsPlaces, Dressed: true, Sheet: "combined", SheetTitle: "Combined control", BySetting: true, Podium: 5, TV: true,
			Jersey: &Jersey{Name: "White jersey", Names: Words{"es": "Maillot blanco", "it": "Maglia bianca"}, Color: "#ffffff"},
			rank:   (*count).combinedRank, points: func(s *Standings) *[]PointsRow { return &s.Combined }},
		{ID: ClassTeams, Name: "Teams", Rows: RowsTeam, Sheet: "teams", SheetTitle: "Teams control", Podium: 7,
			teams: func(s *Standings) *[]TeamRow { return &s.Teams }},
		{ID: ClassCyclingParty, Name: "Cycling Party", Rows: RowsManager, Sheet: "cycling-party", SheetTitle: "Cycling Party managers", Podium: 8,
			managers: func(s *Standings) *[]ManagerRow { return &s.CyclingParty }},
	}
}

// pointsRank is the rank of a classification whose riders are ordered by order and valued by points.
func pointsRank(order func(*count) []int, points func(*tally) int) func(*count, map[string][]int) ([]int, func(int) int) {
	return func(c *count, _ map[string][]int) ([]int, func(int) int) {
		return order(c), func(r int) int { return points(&c.riders[r]) }
	}
}

// ClassificationOf finds a classification's declaration by id.
func ClassificationOf(id string) (Classification, bool) {
	for _, d := range Classifications() {
		if d.ID == id {
			return d, true
		}
	}
	return Classification{}, false
}

// ClassificationIDs lists the ids of every classification, in Classifications order.
func ClassificationIDs() []string {
	var out []string
	for _, d := range Classifications() {
		out = append(out, d.ID)
	}
	return out
}

// ClassificationName names a classification in English ("Individual", "Intermediate sprints").
func ClassificationName(id string) string {
	if d, ok := ClassificationOf(id); ok {
		return d.Name
	}
	return id
}

// TimeRows are the classification's rows in s when they are time rows (nil otherwise).
func (d Classification) TimeRows(s *Standings) []TimeRow {
	if d.times == nil || s == nil {
		return nil
	}
	return *d.times(s)
}

// PointsRows are the classification's rows in s when they are points or places rows (nil otherwise).
func (d Classification) PointsRows(s *Standings) []PointsRow {
	if d.points == nil || s == nil {
		return nil
	}
	return *d.points(s)
}

// TeamRows are the classification's rows in s when they are team rows (nil otherwise).
func (d Classification) TeamRows(s *Standings) []TeamRow {
	if d.teams == nil || s == nil {
		return nil
	}
	return *d.teams(s)
}

// ManagerRows are the classification's rows in s when they are managers' rows (nil otherwise).
func (d Classification) ManagerRows(s *Standings) []ManagerRow {
	if d.managers == nil || s == nil {
		return nil
	}
	return *d.managers(s)
}

// Len counts the classification's rows in s.
func (d Classification) Len(s *Standings) int {
	return len(d.TimeRows(s)) + len(d.PointsRows(s)) + len(d.TeamRows(s)) + len(d.ManagerRows(s))
}

// Has says whether the tour has the classification: a tour setting turns on those declared
// BySetting, the ruleset lists the others.
func (t *Tour) Has(id string) bool {
	if d, ok := ClassificationOf(id); ok && d.BySetting {
		return t.Settings.on(id)
	}
	return t.Ruleset.Has(id)
}

// on says whether the settings turn on a classification declared BySetting.
func (s TourSettings) on(id string) bool {
	return id == ClassCombined && s.Combined
}

// WithSettings is the tour's copy of its ruleset with the classifications its settings turn on
// (the combined) listed, or left out when they are off, each with its declared jersey when the
// ruleset names none: what the pages, sheets, TV and story read as "the tour's ruleset".
func WithSettings(rs Ruleset, s TourSettings) Ruleset {
	classes := slices.Clone(rs.Classifications)
	var jerseys map[string]Jersey
	for _, d := range Classifications() {
		if !d.BySetting {
			continue
		}
		classes = slices.DeleteFunc(classes, func(c string) bool { return c == d.ID })
		if !s.on(d.ID) {
			if _, ok := rs.Jerseys[d.ID]; ok {
				jerseys = cloneJerseys(rs.Jerseys, jerseys)
				delete(jerseys, d.ID)
			}
			continue
		}
		classes = append(classes, d.ID)
		if _, ok := rs.Jerseys[d.ID]; !ok && d.Jersey != nil {
			jerseys = cloneJerseys(rs.Jerseys, jerseys)
			jerseys[d.ID] = *d.Jersey
		}
	}
	rs.Classifications = classes
	if jerseys != nil {
		rs.Jerseys = jerseys
	}
	return rs
}

// cloneJerseys copies the ruleset's jerseys once (done: the copy already made).
func cloneJerseys(from, done map[string]Jersey) map[string]Jersey {
	if done != nil {
		return done
	}
	if from == nil {
		return map[string]Jersey{}
	}
	return maps.Clone(from)
}
