package race

// Standings are every classification after one stage, computed from results.
type Standings struct {
	AfterStage int       `json:"after_stage"`
	Stage      []TimeRow `json:"stage"`
	Individual []TimeRow `json:"individual"`
	// Youth is the young riders' classification: the individual classification of the riders born
	// on or after the tour's cut-off, ranked among themselves.
	Youth      []TimeRow   `json:"youth,omitempty"`
	Regularity []PointsRow `json:"regularity,omitempty"`
	Mountain   []PointsRow `json:"mountain,omitempty"`
	Sprints    []PointsRow `json:"sprints,omitempty"`
	// Combined is the combined classification (a tour setting): Points is each rider's sum of places.
	Combined     []PointsRow  `json:"combined,omitempty"`
	Teams        []TeamRow    `json:"teams,omitempty"`
	DailyTeams   []TeamRow    `json:"daily_teams,omitempty"`
	CyclingParty []ManagerRow `json:"cycling_party,omitempty"`
	// Leaders maps a classification id to the bib of its leader.
	Leaders map[string]int `json:"leaders"`
	// Field counts the riders of the stage after which the standings are: starters, finishers,
	// and those who left the race in it by status.
	Field FieldCount `json:"field"`
	// Out lists the riders who left the race in stages 1..after (an entered abandonment: did not
	// start or finish, outside the time limit, disqualified; or the stage's time limit), by stage then bib.
	Out []OutRow `json:"out,omitempty"`
	// Penalties are the jury's penalties of stages 1..after, in time or points, with their reasons.
	Penalties []PenaltyRow `json:"penalties,omitempty"`
	// Combativity names each stage's most combative rider (stages with an award), MostCombative the
	// tour's, the final award given with the last stage (0: not given).
	Combativity   []CombativityRow `json:"combativity,omitempty"`
	MostCombative int              `json:"most_combative,omitempty"`
}

// TimeRow is one rider's line in a time classification.
type TimeRow struct {
	Rank      int    `json:"rank"`
	Bib       int    `json:"bib"`
	Name      string `json:"name"`
	Team      string `json:"team"`
	TeamID    int    `json:"team_id"`
	TeamColor string `json:"team_color,omitempty"`
	// Time and Gap are in the ruleset's time unit.
	Time int `json:"time"`
	Gap  int `json:"gap"`
	// Bonus is the bonus time included (subtracted) in Time.
	Bonus int `json:"bonus,omitempty"`
	// Moved is how many places the rider moved in the individual classification since the stage
	// before (+2: two places up, −1: one down, 0: the same); nil for a rider with no place then (after
	// the first stage) and in the other time classifications.
	Moved *int `json:"moved,omitempty"`
}

// PointsRow is one rider's line in a points classification.
type PointsRow struct {
	Rank      int    `json:"rank"`
	Bib       int    `json:"bib"`
	Name      string `json:"name"`
	Team      string `json:"team"`
	TeamID    int    `json:"team_id"`
	TeamColor string `json:"team_color,omitempty"`
	Points    int    `json:"points"`
}

// TeamRow is one team's line in the team classification.
type TeamRow struct {
	Rank      int    `json:"rank"`
	TeamID    int    `json:"team_id"`
	Team      string `json:"team"`
	TeamColor string `json:"team_color,omitempty"`
	Time      int    `json:"time"`
	Gap       int    `json:"gap"`
}

// ManagerRow is one manager's (team's) Cycling Party points.
type ManagerRow struct {
	Rank      int    `json:"rank"`
	TeamID    int    `json:"team_id"`
	Team      string `json:"team"`
	TeamColor string `json:"team_color,omitempty"`
	// Manager is the team's player (Team.Manager; left out when none is named).
	Manager string `json:"manager,omitempty"`
	Points  int    `json:"points"`
	// Sources says where the points come from, in ManagerClasses order (stage wins by stage, then
	// places); they add up to Points.
	Sources []ManagerPoints `json:"sources,omitempty"`
}

// ManagerPoints is one source of a manager's Cycling Party points: a stage won by one of his riders,
// or a place his rider (or his team) holds in a final classification.
type ManagerPoints struct {
	// Class is ClassStage for a stage win, else the classification the place is in.
	Class string `json:"class"`
	// Stage is the stage won (stage wins only).
	Stage int `json:"stage,omitempty"`
	// Place is the place held; a stage win is place 1.
	Place int `json:"place"`
	// Bib is the rider who scored (0 for a place in the teams classification).
	Bib    int `json:"bib,omitempty"`
	Points int `json:"points"`
}
