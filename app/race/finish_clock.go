package race

// What a finish form previews as the director types the groups (docs/rules.md §1.8, §2.4, §3.3): the
// numbers come from here, handed to the page as data, so that no copy of a formula lives in a script.

// FinishClock is the table a finish form previews group times from, in the ruleset's time model.
type FinishClock struct {
	// Model is the ruleset's time model (TimeModel*).
	Model string `json:"model"`
	// TurnSeconds is the time a turn adds in Cycling Party: a group's time is
	// Turn·TurnSeconds + Squares[square−1][die−1].
	TurnSeconds int `json:"turn_seconds,omitempty"`
	// Squares are, for each time-indicator square and each face of the die, the seconds within the
	// turn (Cycling Party); a square or a face past the table is refused by ValidateFinish.
	Squares [][]int `json:"squares,omitempty"`
	// SectorSeconds is the time of one 2RUOTE sector behind the leading group.
	SectorSeconds int `json:"sector_seconds,omitempty"`
	// Behind are the times of a 2RUOTE group k sectors behind the leading group, for every k the
	// sector bounds allow (MinSector…MaxSector).
	Behind []int `json:"behind,omitempty"`
}

// FinishClockOf is the finish preview table of a ruleset.
func FinishClockOf(rs *Ruleset) FinishClock {
	c := FinishClock{Model: rs.TimeModel}
	switch rs.TimeModel {
	case TimeModelCyclingParty:
		c.TurnSeconds = CyclingPartySeconds(1, 1, 1) - CyclingPartySeconds(0, 1, 1)
		c.Squares = make([][]int, TimeSquares)
		for s := range c.Squares {
			c.Squares[s] = make([]int, DieFaces)
			for d := range c.Squares[s] {
				c.Squares[s][d] = CyclingPartySeconds(0, s+1, d+1)
			}
		}
	case TimeModelSectors:
		c.SectorSeconds = rs.SecondsPerSector
		c.Behind = make([]int, MaxSector-MinSector+1)
		for k := range c.Behind {
			c.Behind[k] = k * rs.SecondsPerSector
		}
	}
	return c
}

// GroupSeconds is a Cycling Party group's time from the table, and false when the turn, square or
// die is one ValidateFinish refuses.
func (c FinishClock) GroupSeconds(turn, square, die int) (int, bool) {
	if turn < 0 || square < 1 || square > len(c.Squares) || die < 1 || die > len(c.Squares[square-1]) {
		return 0, false
	}
	return turn*c.TurnSeconds + c.Squares[square-1][die-1], true
}

// BehindLead is the time of a 2RUOTE group in sector behind the leading group's sector lead.
func (c FinishClock) BehindLead(lead, sector int) int { return (lead - sector) * c.SectorSeconds }
