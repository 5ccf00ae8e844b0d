package follow

import (
	"fmt"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/standing"
)

// The end of a stage on a player's phone: the stage-result card at the top of the follow page (a
// player may put it away), and the virtual general classification while the open stage's finish is
// being entered.

// followMoment is the stage-result card of the last closed stage on the follow page.
type followMoment struct {
	// Key names the card a player put away ("K7MQ2P-2"): it stays away for that stage.
	Key         string
	Title, Note string
	*tvMoment
}

// followVirtual is the general classification counted with what is entered so far of the open stage.
type followVirtual struct {
	After int
	// Leader is the virtual leader's name.
	Leader string
	Table  followTable
}

// followMomentOf is the card of the last closed stage (nil before the first stage is closed).
func followMomentOf(l *i18n.Localizer, st *store.RaceState) (*followMoment, error) {
	n := st.Closed
	if n == 0 {
		return nil, nil
	}
	m, err := momentOf(l, st, n, "moment-")
	if err != nil {
		return nil, err
	}
	return &followMoment{Key: fmt.Sprintf("%s-%d", st.FollowCode, n), Title: l.T("tv.moment.title", "N", n), Note: momentNote(l, st, n), tvMoment: m}, nil
}

// followVirtualOf is the virtual general classification (nil while the open stage has no finish).
func followVirtualOf(l *i18n.Localizer, st *store.RaceState) *followVirtual {
	p, err := st.ProvisionalStandings()
	if err != nil || len(p.Individual) == 0 {
		return nil
	}
	for _, t := range standing.ClassTables(l, st, p) {
		if t.ID != race.ClassIndividual {
			continue
		}
		v := &followVirtual{After: p.AfterStage, Leader: p.Individual[0].Name, Table: followTable{ClassTable: t}}
		v.Table.ID = "virtual"
		v.Table.Rows, v.Table.More = splitTop(t.Rows)
		return v
	}
	return nil
}
