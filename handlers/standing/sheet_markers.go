package standing

import (
	"fmt"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/handlers/base"
)

// SheetMarker is one line of the sheet: a square and what goes on it.
type SheetMarker struct {
	Square       string
	Kind         string
	What, Detail string
}

// SheetMarkersIn words the board markers of a stage: where, what to place, and its detail, in l's
// language.
func SheetMarkersIn(l *i18n.Localizer, rs race.Ruleset, st race.Stage) []SheetMarker {
	markers := st.Markers
	if len(markers) == 0 {
		markers = race.StageMarkers(rs, st)
	}
	cards := len(st.Cards) > 0
	where := l.T("race.sheet.squares_lc")
	if cards {
		where = l.T("race.sheet.cards_lc")
	}
	climbAt := func(square int, start bool) string {
		for _, cl := range st.Climbs {
			if start && cl.Start == square || !start && cl.End == square {
				return l.T("race.adv.climb_n", "N", cl.Index) + fmt.Sprintf(", %s %d–%d", where, cl.Start, cl.End)
			}
		}
		return ""
	}
	var out []SheetMarker
	for _, m := range markers {
		sm := SheetMarker{Square: fmt.Sprint(m.At), Kind: m.Kind, Detail: markerLabelIn(l, rs, st, m)}
		switch k := m.Kind; {
		case k == race.MarkerStart && cards:
			sm.What, sm.Detail, sm.Square = l.T("race.sheet.start_card"), l.T("race.marker.before_card"), "—"
		case k == race.MarkerStart:
			sm.What, sm.Detail = l.T("race.marker.start_line"), l.T("race.marker.line_up")
		case k == race.MarkerKm:
			sm.What = l.T("race.marker.km")
		case k == race.MarkerClimbStart:
			sm.What = l.T("race.marker.climb_start")
			sm.Detail += " · " + climbAt(m.At, true)
		case k == race.MarkerClimbEnd:
			sm.What = l.T("race.marker.climb_end")
			sm.Detail += " · " + climbAt(m.At, false)
		case k == race.MarkerSprint:
			sm.What = l.T("race.marker.sprint")
		case k == race.MarkerAttackLine:
			sm.What = l.T("race.marker.attack")
		case k == race.MarkerSprintLine:
			sm.What = l.T("race.marker.sprint_line")
		case k == race.MarkerFinish && cards:
			sm.What, sm.Detail, sm.Square = l.T("race.sheet.finish_card"), l.T("race.marker.after_card", "N", m.At), "—"
		case k == race.MarkerFinish:
			sm.What, sm.Detail = l.T("race.marker.finish_line"), ""
		case k == race.MarkerDescent:
			sm.What = l.T("race.marker.descent")
		case k == race.MarkerFlat:
			sm.What = l.T("race.marker.flat")
		case k == race.MarkerFeed:
			sm.What = l.T("race.marker.feed")
			sm.Detail += " · " + l.T("race.marker.feed_gives")
		case k == race.MarkerTimeIndicator:
			sm.What = l.T("race.marker.time")
			sm.Square = fmt.Sprintf("%d (+%d)", m.At, m.At-st.Length)
		default:
			sm.What = m.Kind
		}
		out = append(out, sm)
	}
	return out
}

// markerLabelIn says a board marker's own label in l's language: "25 casillas", the climb's
// category, "Meta volante 2", "50 km al traguardo".
func markerLabelIn(l *i18n.Localizer, rs race.Ruleset, st race.Stage, m race.Marker) string {
	switch m.Kind {
	case race.MarkerKm:
		if f := strings.Fields(m.Label); len(f) == 2 && f[1] != "km" {
			return f[0] + " " + base.SquareWordIn(l, &rs)
		}
	case race.MarkerClimbStart, race.MarkerClimbEnd:
		for _, cl := range st.Climbs {
			if cl.Start == m.At && m.Kind == race.MarkerClimbStart || cl.End == m.At && m.Kind == race.MarkerClimbEnd {
				return base.ClimbNameIn(l, &rs, cl.Category)
			}
		}
	case race.MarkerSprint:
		for _, s := range st.Sprints {
			if s.At == m.At {
				return l.T("race.sprint.title", "N", s.Index)
			}
		}
	case race.MarkerAttackLine, race.MarkerSprintLine:
		return l.T("race.marker.to_go", "N", st.Length-m.At, "Unit", base.SquareWordIn(l, &rs))
	case race.MarkerFinish:
		return l.T("race.finish.title")
	case race.MarkerStart:
		return l.T("race.profile.start")
	case race.MarkerDescent, race.MarkerFlat:
		if t, ok := rs.SectionType(m.Label); ok {
			return t.NameIn(l.Lang())
		}
	case race.MarkerFeed:
		return l.T("race.marker.feed_n", "N", m.Number())
	}
	return m.Label
}
