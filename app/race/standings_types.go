package race

// Standings are every classification after one stage, computed from results.
type Standings struct {
	AfterStage   int          `json:"after_stage"`
	Stage        []TimeRow    `json:"stage"`
	Individual   []TimeRow    `json:"individual"`
	Regularity   []PointsRow  `json:"regularity,omitempty"`
	Mountain     []PointsRow  `json:"mountain,omitempty"`
	Sprints      []PointsRow  `json:"sprints,omitempty"`
	Teams        []TeamRow    `json:"teams,omitempty"`
	DailyTeams   []TeamRow    `json:"daily_teams,omitempty"`
	CyclingParty []ManagerRow `json:"cycling_party,omitempty"`
	// Leaders maps a classification id to the bib of its leader.
	Leaders map[string]int `json:"leaders"`
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
	Points    int    `json:"points"`
}

// ClassificationName names a classification in words ("Individual", "Intermediate sprints").
func ClassificationName(id string) string {
	switch id {
	case ClassStage:
		return "Stage"
	case ClassIndividual:
		return "Individual"
	case ClassRegularity:
		return "Regularity"
	case ClassMountain:
		return "Mountain"
	case ClassSprints:
		return "Intermediate sprints"
	case ClassTeams:
		return "Teams"
	case ClassCyclingParty:
		return "Cycling Party"
	}
	return id
}
