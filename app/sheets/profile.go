package sheets

import (
	"fmt"

	"racedirector/app/race"
)

// profile is a stage profile ready for the PDF: the engine's model (race.ProfileOf, the one the
// stage page also draws) and the words written on it.
type profile struct {
	model race.Profile
	// climbs are the summits' labels, in the model's order.
	climbs []string
	// flags are the intermediate sprints' and feed cards' labels, sprints first.
	flags []profileMark
	// lines are the "to go" lines.
	lines []profileMark
	// ticks are the squares (or cards) labelled on the axis.
	ticks []profileMark
	note  string
}

// profileMark is something drawn at a square, with a short label.
type profileMark struct {
	at    float64
	label string
}

// stageProfile is stage st's profile, drawn from the engine's model.
func (s *source) stageProfile(st race.Stage) *profile {
	m := race.ProfileOf(*s.rs, st)
	p := &profile{model: m}
	for _, c := range m.Summits {
		p.climbs = append(p.climbs, s.w("abbr.climb", "N", c.Climb.Index)+" "+s.word("cat_short", c.Climb.Category))
	}
	for _, sp := range m.Sprints {
		label := s.rs.SprintMarkIn(s.lang(), sp.Index)
		if label == "" {
			label = s.w("abbr.sprint", "N", sp.Index)
		}
		p.flags = append(p.flags, profileMark{at: sp.At, label: label})
	}
	for _, f := range m.Feeds {
		label := f.Label
		if f.Kind == race.MarkerFeed {
			label = s.w("abbr.feed")
		}
		p.flags = append(p.flags, profileMark{at: f.At, label: label})
	}
	for _, l := range m.Lines {
		p.lines = append(p.lines, profileMark{at: l.At, label: fmt.Sprintf("−%d", l.ToGo)})
	}
	for _, t := range m.Ticks {
		p.ticks = append(p.ticks, profileMark{at: t.At, label: t.Label})
	}
	if m.Cards {
		for i := 1; i <= len(st.Cards); i++ {
			p.ticks = append(p.ticks, profileMark{at: float64(i) - 0.5, label: fmt.Sprint(i)})
		}
	}
	p.note = s.w("note.profile", "Length", s.stageLength(st))
	return p
}
