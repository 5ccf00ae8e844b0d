package follow

import (
	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/web"
)

// followClass is the classifications a follower sees: after the last closed stage, the jerseys'
// leaders and each classification's first lines with the gaps (the rest folded).
type followClass struct {
	// After is the stage the classifications are after (0: no stage closed yet); Final says it is the
	// last.
	After   int
	Final   bool
	Leaders []web.LeaderView
	Tables  []followTable
}

// followTable is one classification with its first lines apart from the rest.
type followTable struct {
	web.ClassTable
	More []web.ClassRow
}

// followParty is the Cycling Party manager standing a follower sees.
type followParty struct {
	After    int
	Final    bool
	Managers []web.ManagerView
	Podium   *web.PodiumView
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
	final := st.Closed == len(st.Tour.Stages)
	class := followClass{After: st.Closed, Final: final, Leaders: web.LeadersOf(l, st, s)}
	for _, t := range web.ClassTables(l, st, s) {
		ft := followTable{ClassTable: t}
		ft.Rows, ft.More = splitTop(t.Rows)
		class.Tables = append(class.Tables, ft)
	}
	party.After, party.Final = st.Closed, final
	if st.Tour.Ruleset.Has(race.ClassCyclingParty) {
		for _, m := range s.CyclingParty {
			party.Managers = append(party.Managers, web.ManagerOf(l, st, m, s.CyclingParty[0].Points))
		}
		if final {
			party.Podium = web.PodiumOf(l, party.Managers)
		}
	}
	return class, party, nil
}
