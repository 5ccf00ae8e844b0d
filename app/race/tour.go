package race

// Stage states (docs/rules.md §4).
const (
	StatePlanned = "planned"
	StateOpen    = "open"
	StateClosed  = "closed"
)

// Tour is a tour as the engine sees it: its own ruleset copy, teams, riders and stages.
type Tour struct {
	Name    string  `json:"name"`
	Ruleset Ruleset `json:"ruleset"`
	// RidersPerTeam is the number of riders each team starts with.
	RidersPerTeam int               `json:"riders_per_team"`
	Points        *PointsDefinition `json:"points,omitempty"`
	Teams         []Team            `json:"teams"`
	Stages        []Stage           `json:"stages"`
	// Advanced marks a 2RUOTE advanced game (fatigue limit 25).
	Advanced bool `json:"advanced,omitempty"`
	// Settings are the director's choices for this tour (real races: the young riders' cut-off…).
	Settings TourSettings `json:"settings"`
}

// Team is a team of a tour; ID is its number in the tour (1..n), giving bibs ID*10+counter.
type Team struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Short string `json:"short"`
	Color string `json:"color"`
	// Manager is the name of the player who runs the team in this tour ("" when none is named).
	Manager string  `json:"manager"`
	Riders  []Rider `json:"riders"`
}

// Rider is a rider of a tour, identified by bib.
type Rider struct {
	Bib    int    `json:"bib"`
	Name   string `json:"name"`
	TeamID int    `json:"team_id"`
	// Number is the counter number within the team (1..9).
	Number     int            `json:"number"`
	Role       string         `json:"role"`
	Attributes map[string]int `json:"attributes,omitempty"`
	// Born is the rider's date of birth, 2003-04-05 ("" when not known).
	Born string `json:"born,omitempty"`
}

// Stage is one stage of a tour: its course and its state.
type Stage struct {
	Number int    `json:"number"`
	Type   string `json:"type"`
	// Length is in squares (a real race's whole km, rounded up: see Metres).
	Length int `json:"length"`
	// Metres is a real race's exact length when published with decimals (18,600 for 18.6 km), else
	// 0: its JSON is "km": 18.6, and Length is then its whole km, rounded up (stage_length.go).
	Metres  Metres   `json:"km,omitempty"`
	State   string   `json:"state,omitempty"`
	Climbs  []Climb  `json:"climbs"`
	Sprints []Sprint `json:"sprints"`
	Markers []Marker `json:"markers,omitempty"`
	// Sections are the Ciclismo a fondo real-km sections this stage is built from.
	Sections []Section `json:"sections,omitempty"`
	// Cards are the 2RUOTE terrain cards between start and finish.
	Cards []string `json:"cards,omitempty"`
	// RestDayBefore marks a rest day before this stage (Ciclismo a fondo recovery).
	RestDayBefore bool `json:"rest_day_before,omitempty"`
	// FeedZones is the number of feed zones (avituallamientos) in the stage.
	FeedZones int `json:"feed_zones,omitempty"`
}

// Climb is one climb of a stage; Start and End are squares, both part of the climb.
type Climb struct {
	Index    int    `json:"index"`
	Category string `json:"category"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	Name     string `json:"name,omitempty"`
}

// Sprint is one intermediate sprint of a stage, on square At.
type Sprint struct {
	Index int `json:"index"`
	At    int `json:"at"`
}

// Marker is one thing the director places on the board, on square At.
type Marker struct {
	At    int    `json:"at"`
	Kind  string `json:"kind"`
	Label string `json:"label,omitempty"`
}

// Section is one Ciclismo a fondo stage section in real km and its squares.
type Section struct {
	Type    string `json:"type"`
	Km      int    `json:"km"`
	Squares int    `json:"squares"`
}

// RiderByBib returns the rider with that bib and whether there is one.
func (t *Tour) RiderByBib(bib int) (Rider, bool) {
	for _, team := range t.Teams {
		for _, r := range team.Riders {
			if r.Bib == bib {
				return r, true
			}
		}
	}
	return Rider{}, false
}

// TeamByID returns the tour team with that id and whether there is one.
func (t *Tour) TeamByID(id int) (Team, bool) {
	for _, team := range t.Teams {
		if team.ID == id {
			return team, true
		}
	}
	return Team{}, false
}
