package sheets

import (
	"fmt"
	"strings"

	"racedirector/app/race"
)

// profile is a schematic stage profile: a line over the squares, climbs drawn as ramps by category,
// sprint flags and the lines the director places on the board.
type profile struct {
	length int
	// points are (square, height) with heights from 0 (flat) to 1 (the highest point of a
	// stage with a climb of the hardest category).
	points []profilePoint
	climbs []profileMark
	// flags are the intermediate sprints (and 2RUOTE feed cards).
	flags []profileMark
	// lines are the "to go" lines.
	lines []profileMark
	// ticks are the squares (or cards) labelled on the axis.
	ticks []profileMark
	note  string
}

// profilePoint is one corner of the profile line.
type profilePoint struct {
	x float64
	h float64
}

// profileMark is something drawn at a square, with a short label.
type profileMark struct {
	at    float64
	label string
	// top is the height of the profile there (climb summits).
	top float64
}

// stageProfile draws stage st: from its sections (Ciclismo a fondo), its cards (2RUOTE) or its
// climbs on the squares (Cycling Party).
func (s *source) stageProfile(st race.Stage) *profile {
	p := &profile{length: max(st.Length, 1)}
	switch {
	case len(st.Cards) > 0:
		s.cardProfile(p, st)
	case len(st.Sections) > 0:
		s.sectionProfile(p, st)
	default:
		s.squareProfile(p, st)
	}
	top := 0.0
	for _, pt := range p.points {
		top = max(top, pt.h)
	}
	top = max(top, 1) // a stage without big climbs stays low
	for i := range p.points {
		p.points[i].h /= top
	}
	offset := 0.0
	if len(st.Cards) > 0 {
		offset = 0.5 // a card's marks sit in its middle
	}
	for _, c := range st.Climbs {
		at := float64(c.End) - offset
		p.climbs = append(p.climbs, profileMark{at: at, label: s.w("abbr.climb", "N", c.Index) + " " + s.word("cat_short", c.Category), top: p.heightAt(at)})
	}
	for _, sp := range st.Sprints {
		p.flags = append(p.flags, profileMark{at: float64(sp.At) - offset, label: fmt.Sprintf("S%d", sp.Index)})
	}
	for _, m := range s.markers(st) {
		switch m.Kind {
		case race.MarkerAttackLine, race.MarkerSprintLine:
			p.lines = append(p.lines, profileMark{at: float64(m.At), label: fmt.Sprintf("−%d", st.Length-m.At)})
		case race.MarkerKm:
			label := fmt.Sprint(m.At)
			if f := strings.Fields(m.Label); len(f) > 0 {
				label = f[0] // "125 km" on a sectioned stage sits on the square where km 125 ends
			}
			p.ticks = append(p.ticks, profileMark{at: float64(m.At), label: label})
		}
	}
	if len(st.Cards) > 0 {
		for i := 1; i <= len(st.Cards); i++ {
			p.ticks = append(p.ticks, profileMark{at: float64(i) - offset, label: fmt.Sprint(i)})
		}
	}
	p.note = s.w("note.profile", "Length", s.quantity(st.Length))
	return p
}

// rise is how much a climb of a category raises the profile: the hardest category the most.
func (s *source) rise(category string) float64 {
	cats := len(s.rs.ClimbCategories)
	cat, ok := s.rs.ClimbCategory(category)
	if !ok || cats < 2 || cat.Rank < 1 {
		return 1
	}
	return 0.15 + 0.85*float64(cats-min(cat.Rank, cats))/float64(cats-1)
}

// squareProfile rises over each climb's squares and comes down after it before the next one.
func (s *source) squareProfile(p *profile, st race.Stage) {
	p.points = append(p.points, profilePoint{0, 0})
	for i, c := range st.Climbs {
		p.points = append(p.points, profilePoint{float64(c.Start), 0}, profilePoint{float64(c.End), s.rise(c.Category)})
		next := st.Length
		if i+1 < len(st.Climbs) {
			next = st.Climbs[i+1].Start
		}
		down := min((c.End-c.Start)/2+2, next-c.End)
		if down > 0 {
			p.points = append(p.points, profilePoint{float64(c.End + down), 0})
		}
	}
	last := p.points[len(p.points)-1]
	p.points = append(p.points, profilePoint{float64(st.Length), last.h})
}

// sectionProfile follows the sections: climbs rise, descents come down, the rest stays level.
func (s *source) sectionProfile(p *profile, st race.Stage) {
	types := map[string]race.SectionType{}
	for _, t := range s.rs.Sections {
		types[t.ID] = t
	}
	h, pos := 0.0, 0
	p.points = append(p.points, profilePoint{0, 0})
	for i, sec := range st.Sections {
		t := types[sec.Type]
		pos += sec.Squares
		switch {
		case t.Climb != "":
			h += s.rise(t.Climb)
		case t.Terrain == race.SectionDescent:
			h = 0
			if i+1 < len(st.Sections) && types[st.Sections[i+1].Type].Climb != "" {
				h = 0.4 * s.rise(types[st.Sections[i+1].Type].Climb)
			}
		}
		p.points = append(p.points, profilePoint{float64(pos), h})
	}
}

// cardProfile is one step per 2RUOTE card: mountain cards climb, a descent card comes down, a hill
// card is a bump.
func (s *source) cardProfile(p *profile, st race.Stage) {
	const step, bump = 0.3, 0.12
	h := 0.0
	p.points = append(p.points, profilePoint{0, 0})
	for i, id := range st.Cards {
		c := cardType(s.rs, id)
		x := float64(i)
		switch {
		case c.Terrain == race.TerrainMountain:
			h += step
		case c.Terrain == race.TerrainDescent:
			h = 0
		case c.Terrain == race.TerrainHill:
			p.points = append(p.points, profilePoint{x + 0.5, h + bump})
		case strings.EqualFold(c.Special, race.CardR):
			p.flags = append(p.flags, profileMark{at: x + 0.5, label: "R"})
		}
		p.points = append(p.points, profilePoint{x + 1, h})
	}
}

// heightAt is the profile's height at square x.
func (p *profile) heightAt(x float64) float64 {
	for i := 1; i < len(p.points); i++ {
		a, b := p.points[i-1], p.points[i]
		if x >= a.x && x <= b.x {
			if b.x == a.x {
				return max(a.h, b.h)
			}
			return a.h + (b.h-a.h)*(x-a.x)/(b.x-a.x)
		}
	}
	if len(p.points) > 0 {
		return p.points[len(p.points)-1].h
	}
	return 0
}
