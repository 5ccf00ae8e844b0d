package follow

import (
	"fmt"
	"strconv"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
)

// The end of a stage on the TV: the stage-result card shown when a stage is closed, and, while the
// next stage's finish is being entered, the general classification it would make (the virtual leader).

// tvMoment is what a stage-result card shows (race.StageMoment): the stage's winner, the leader's
// jerseys that changed hands and the biggest climber of the general classification.
type tvMoment struct {
	Winner  *tvRow
	Jerseys []tvJerseyChange
	Mover   *tvRow
	// MoverMove is how far the mover climbed, MoverNow where he is now ("3rd").
	MoverMove standing.Move
	MoverNow  string
	// Moves says a general classification stood before the stage (not after the first one), so
	// the card says who climbed it, or that nobody did.
	Moves bool
}

// tvJerseyChange is one jersey changing hands: Jersey the jersey's name, Rider who takes it, From who
// had it ("" after the first stage).
type tvJerseyChange struct {
	Icon   standing.Icon
	Jersey string
	Rider  tvRow
	From   string
}

// tvMomentView is the stage-result card of closed stage n: shown when the stage is closed, for a
// while, then the turn of the views goes on (it is not in the turn itself).
func tvMomentView(l *i18n.Localizer, st *store.RaceState, n int) (tvView, error) {
	m, err := momentOf(l, st, n, "tv-moment-")
	if err != nil {
		return tvView{}, err
	}
	return tvView{ID: fmt.Sprintf("moment-%d", n), Kind: "moment", Tag: l.T("tv.moment.tag"), Title: l.T("tv.moment.title", "N", n),
		Note: momentNote(l, st, n), Card: "moment", Stage: n, Mark: strconv.Itoa(n), Moment: m}, nil
}

// momentNote says which stage a stage-result card is of: its type, or that it was the last.
func momentNote(l *i18n.Localizer, st *store.RaceState, n int) string {
	if len(st.Tour.Stages) == n {
		return l.T("tv.moment.last")
	}
	return base.StageTypeNameIn(l, &st.Tour.Ruleset, st.Tour.Stages[n-1].Type)
}

// momentOf lays out the stage-result card of closed stage n (the engine's race.StageMoment) for the
// TV and the follow page; prefix keeps the ids of its jerseys' drawings apart from another view's.
func momentOf(l *i18n.Localizer, st *store.RaceState, n int, prefix string) (*tvMoment, error) {
	m, err := st.StageMoment(n)
	if err != nil {
		return nil, err
	}
	rs := &st.Tour.Ruleset
	out := &tvMoment{Moves: n > 1}
	if w := m.Winner; w != nil {
		row := tvMomentRow(*w)
		if s, err := st.Standings(n); err == nil && len(s.Stage) > 0 {
			row.Value = base.TimeWordsIn(l, rs, s.Stage[0].Time)
		}
		out.Winner = &row
	}
	for _, j := range m.Jerseys {
		jersey := rs.Jerseys[j.Class]
		ch := tvJerseyChange{Icon: standing.JerseyIcon(prefix+j.Class, jersey), Jersey: jersey.NameIn(l.Lang()), Rider: tvMomentRow(j.Rider)}
		if jersey.Name == "" {
			ch.Jersey = base.ClassNameOf(l, rs, j.Class)
		}
		if j.From != nil {
			ch.From = l.T("tv.moment.from", "Name", j.From.Name)
		}
		out.Jerseys = append(out.Jerseys, ch)
	}
	if mv := m.Mover; mv != nil {
		row := tvMomentRow(*mv)
		moved := mv.Moved
		out.Mover, out.MoverMove, out.MoverNow = &row, standing.MoveOf(l, &moved), l.T("tv.moment.now", "Place", base.OrdinalIn(l, mv.Rank))
	}
	return out, nil
}

// tvMomentRow is a rider of a stage-result card as a TV row.
func tvMomentRow(r race.MomentRider) tvRow {
	return tvRow{Place: r.Rank, Bib: r.Bib, Name: r.Name, Team: r.Team, Color: tvColor(r.TeamColor)}
}

// tvVirtualView is the general classification counted with what is entered so far of the open stage
// (provisional): its leader is the virtual leader.
func tvVirtualView(l *i18n.Localizer, st *store.RaceState, p *race.Standings) tvView {
	rs := &st.Tour.Ruleset
	v := tvView{ID: "virtual", Kind: "table", Tag: l.T("tv.virtual.tag"), Title: l.T("standings.tv.gc"), Note: l.T("tv.virtual.note", "N", p.AfterStage),
		Who: l.T("standings.col.rider"), Unit: base.UnitIn(l, rs), Gaps: true}
	icon := standing.Icon{}
	if j, ok := rs.Jerseys[race.ClassIndividual]; ok {
		icon = standing.JerseyIcon("tv-virtual", j)
	}
	v.Rows = tvTimeRows(l, rs, p.Individual, icon)
	v.Moves = tvHasMoves(v.Rows)
	return v
}

// tvHasMoves says whether some row of a table says how it moved.
func tvHasMoves(rows []tvRow) bool {
	for _, r := range rows {
		if r.Move.Dir != "" {
			return true
		}
	}
	return false
}
