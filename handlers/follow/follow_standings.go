package follow

import (
	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/standing"
)

// followClass is the classifications a follower sees: after the last closed stage, the jerseys'
// leaders and each classification's first lines with the gaps (the rest folded).
type followClass struct {
	// After is the stage the classifications are after (0: no stage closed yet); Final says it is the
	// last.
	After   int
	Final   bool
	Leaders []standing.LeaderView
	Tables  []followTable
}

// followTable is one classification with its first lines apart from the rest.
type followTable struct {
	standing.ClassTable
	More []standing.ClassRow
}

// followParty is the Cycling Party manager standing a follower sees.
type followParty struct {
	After    int
	Final    bool
	Managers []standing.ManagerView
	Podium   *standing.PodiumView
}

// followStandings computes the classifications and the Cycling Party standing after the last closed
// stage, from the tour's cached standings.
func followStandings(l *i18n.Localizer, st *store.RaceState) (followClass, *followParty, error) {
	party := &followParty{}
	if st.Closed == 0 {
		return followClass{}, party, nil
	}
	s, err := st.Standings(st.Closed)
	if err != nil {
		return followClass{}, nil, err
	}
	final := st.Tour.FinalAfter(st.Closed)
	class := followClass{After: st.Closed, Final: final, Leaders: standing.LeadersOf(l, st, s)}
	for _, t := range standing.ClassTables(l, st, s) {
		ft := followTable{ClassTable: t}
		ft.Rows, ft.More = splitTop(t.Rows)
		class.Tables = append(class.Tables, ft)
	}
	party.After, party.Final = st.Closed, final
	if st.Tour.Ruleset.Has(race.ClassCyclingParty) {
		for _, m := range s.CyclingParty {
			party.Managers = append(party.Managers, standing.ManagerOf(l, st, m, s.CyclingParty[0].Points))
		}
		if final {
			party.Podium = standing.PodiumOf(l, party.Managers)
		}
	}
	return class, party, nil
}
