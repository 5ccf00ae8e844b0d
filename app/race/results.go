package race

// StageResult is everything entered for one stage: the only source of truth for standings.
type StageResult struct {
	Stage int `json:"stage"`
	// Sprints maps an intermediate sprint's index to the bibs in crossing order.
	Sprints map[int][]int `json:"sprints,omitempty"`
	// Climbs maps a climb's index to the bibs in crossing order.
	Climbs map[int][]int `json:"climbs,omitempty"`
	// Finish is the finish in the ruleset's time model.
	Finish Finish `json:"finish"`
	// Abandons are riders who left the race in this stage.
	Abandons []Abandon `json:"abandons,omitempty"`
	// Advantages are the advantage uses recorded in this stage, in order.
	Advantages []AdvantageUse `json:"advantages,omitempty"`
	// Fatigue is each rider's 2RUOTE fatigue at the end of the stage, by bib.
	Fatigue map[int]int `json:"fatigue,omitempty"`
	// LostTurns are Ciclismo a fondo turns lost to punctures, bad patches and crashes.
	LostTurns []LostTurn `json:"lost_turns,omitempty"`
	// Weather is the Ciclismo a fondo weather rolled at the start, 1/3, 1/2 and 3/4.
	Weather []string `json:"weather,omitempty"`
	// Combativity is the bib of the stage's most combative rider (0: none).
	Combativity int `json:"combativity,omitempty"`
	// MostCombative is the bib of the tour's most combative rider, the final award (last stage only).
	MostCombative int `json:"most_combative,omitempty"`
	// Reinstated are riders outside the time limit kept in the race by the jury, by bib.
	Reinstated []Reinstatement `json:"reinstated,omitempty"`
	// Penalties are the jury's penalties of the stage, in time or points, to riders or teams.
	Penalties []Penalty `json:"penalties,omitempty"`
}

// Reinstatement keeps a rider who finished outside the time limit in the race (a jury's decision),
// with the points he loses in the points classification (0: none) and why.
type Reinstatement struct {
	Bib    int    `json:"bib"`
	Points int    `json:"points,omitempty"`
	Reason string `json:"reason"`
}

// Penalty is a jury's penalty, with its reason: to a rider (Bib) in time (Seconds, added to his GC
// time), in points of the points classification (Points) or of the mountain classification
// (Mountain); or to a team (Team) in time, added to its team classification time.
type Penalty struct {
	Bib      int    `json:"bib,omitempty"`
	Team     int    `json:"team,omitempty"`
	Seconds  int    `json:"seconds,omitempty"`
	Points   int    `json:"points,omitempty"`
	Mountain int    `json:"mountain,omitempty"`
	Reason   string `json:"reason"`
}

// Finish is a stage finish: groups (Cycling Party, Ciclismo a fondo, 2RUOTE) or clock results (uci-road).
type Finish struct {
	Groups  []FinishGroup `json:"groups,omitempty"`
	Results []ClockResult `json:"results,omitempty"`
	// BonusesGiven says the clock results carry the officials' bonus column: it is the stage's whole
	// truth for bonuses (a rider without a bonus there has none), and the tables give nothing.
	BonusesGiven bool `json:"bonuses_given,omitempty"`
	// Teams are team time trial results entered per team (clock model), beside or instead of Results.
	Teams []TeamTime `json:"teams,omitempty"`
}

// TeamTime is one team's result in a team time trial entered per team: the team's time (its K-th
// rider's) for every rider of the team still racing who is not dropped, and the dropped riders' own
// times.
type TeamTime struct {
	Team       int           `json:"team"`
	Hundredths int           `json:"hundredths"`
	Dropped    []ClockResult `json:"dropped,omitempty"`
}

// BonusesEntered says the stage's bonuses are the ones entered with the finish: the officials' bonus
// column was given, or (a finish stored before that was said) a rider has a bonus entered.
func (f Finish) BonusesEntered() bool {
	if f.BonusesGiven {
		return true
	}
	for _, r := range f.Results {
		if r.Bonus > 0 {
			return true
		}
	}
	return false
}

// FinishGroup is riders who got the same time, in finishing order.
// Cycling Party uses Turn, Square and Die; Ciclismo a fondo uses Turn; 2RUOTE uses Sector.
type FinishGroup struct {
	Turn   int   `json:"turn"`
	Square int   `json:"square,omitempty"`
	Die    int   `json:"die,omitempty"`
	Sector int   `json:"sector,omitempty"`
	Riders []int `json:"riders"`
}

// ClockResult is one rider's real stage time in hundredths, with bonus and penalty in seconds.
type ClockResult struct {
	Bib        int `json:"bib"`
	Hundredths int `json:"hundredths"`
	Bonus      int `json:"bonus,omitempty"`
	Penalty    int `json:"penalty,omitempty"`
}

// Abandon is a rider leaving the race in a stage, with how he left it (Status: one of the Status*
// constants, "" meaning StatusDNF).
type Abandon struct {
	Bib    int    `json:"bib"`
	Reason string `json:"reason"`
	Status string `json:"status,omitempty"`
}

// AdvantageUse is one recorded use of an advantage.
type AdvantageUse struct {
	Kind string `json:"kind"`
	Bib  int    `json:"bib"`
	// Turn is the table turn of a water bottle (0: not given).
	Turn int `json:"turn,omitempty"`
	// Variant is the sprint variant (3d6 or d20).
	Variant string `json:"variant,omitempty"`
	// Climb is the climb index of a mountain attack or double throw.
	Climb int `json:"climb,omitempty"`
	// Points are Ciclismo a fondo effort points spent.
	Points int `json:"points,omitempty"`
}

// LostTurn is turns a Ciclismo a fondo rider lost in a stage.
type LostTurn struct {
	Bib    int    `json:"bib"`
	Turns  int    `json:"turns"`
	Reason string `json:"reason"` // puncture, bad_patch, crash
}
