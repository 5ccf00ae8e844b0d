package race

// The game's incidents of a stage (docs/rules.md §1.6, §2.5, §2.6, §3.6): what the director records
// besides the results — advantages used, effort points spent, the weather, turns lost, the most
// combative rider, fatigue — counted here for the stage screen's summary.

// StageIncidents sums up the incidents recorded in one stage, for the games that record them.
type StageIncidents struct {
	// Weather are the rolls recorded, in order; Rolls how many the game rolls (0: no weather).
	Weather []string
	Rolls   int
	// NoEffort says the weather forbids effort points in the stage (rain).
	NoEffort bool
	// Effort says the game has effort points; EffortSpent and EffortRiders are the points spent in
	// the stage and by how many riders.
	Effort                    bool
	EffortSpent, EffortRiders int
	// LostTurns says the game records turns lost; LostTurnEntries and TurnsLost count them.
	LostTurns                  bool
	LostTurnEntries, TurnsLost int
	// Combativity says the game names the most combative rider of each stage; Combative is he (0: not yet).
	Combativity bool
	Combative   int
	// Fatigue says the game records fatigue; FatigueRiders is how many riders have it recorded and
	// Retiring those it retires at the end of the stage.
	Fatigue       bool
	FatigueRiders int
	Retiring      []int
	// Uses counts the advantages used in the stage (effort points apart), when the game has any.
	Advantages bool
	Uses       int
}

// Any says the game records some incident in its stages.
func (s StageIncidents) Any() bool {
	return s.Rolls > 0 || s.Effort || s.LostTurns || s.Combativity || s.Fatigue || s.Advantages
}

// IncidentsOf sums up the incidents recorded in the current stage cur of tour t.
func IncidentsOf(t *Tour, cur StageResult) StageIncidents {
	rs := &t.Ruleset
	s := StageIncidents{Weather: cur.Weather, Effort: rs.Effort != nil, LostTurns: len(rs.LostTurnReasons) > 0,
		Combativity: rs.StageCombativity, Combative: cur.Combativity, Fatigue: rs.Fatigue != nil, Advantages: len(rs.Advantages) > 0 && rs.Effort == nil}
	if len(rs.Weathers) > 0 {
		s.Rolls = len(rs.WeatherRolls)
	}
	_, s.NoEffort = EffortForbidden(rs, cur.Weather)
	riders := map[int]bool{}
	for _, u := range cur.Advantages {
		if u.Kind == AdvEffort {
			s.EffortSpent += u.Points
			riders[u.Bib] = true
		} else {
			s.Uses++
		}
	}
	s.EffortRiders = len(riders)
	for _, l := range cur.LostTurns {
		s.LostTurnEntries++
		s.TurnsLost += l.Turns
	}
	if s.Fatigue {
		s.FatigueRiders = len(cur.Fatigue)
		s.Retiring = RetiringAtEnd(t, cur)
	}
	return s
}
