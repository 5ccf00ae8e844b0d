package race

import (
	"fmt"
	"strings"
)

// Profile is a stage's profile, the one model the stage page and the stage sheet's PDF both draw
// (docs/rules.md §2.2, §3.2): the points of its line over the course, the climbs' summits, the
// sprints and feeds, the "to go" lines and the kilometre ticks. X is in squares from the start (0)
// to the finish (Length); on a 2RUOTE stage X counts cards and a card's marks sit in its middle.
// H is a height from 0 (flat) to 1 (the stage's highest point, or a climb of the hardest category).
type Profile struct {
	Length int
	// Cards is true when X counts 2RUOTE cards.
	Cards bool
	// Points are the corners of the profile line, from (0, 0) to the finish, X never decreasing.
	Points []ProfilePoint
	// Summits are the climbs' tops.
	Summits []ProfileSummit
	// Sprints are the intermediate sprints, Feeds the feed cards (labelled with the card) and feed
	// zones (Kind MarkerFeed, labelled by the page).
	Sprints, Feeds []ProfileMark
	// Lines are the attack and sprint lines the director places on the board.
	Lines []ProfileMark
	// Ticks are the kilometre indicators.
	Ticks []ProfileMark
	// FinishMark is the number the finish is marked with, in the ticks' unit: the stage's real km
	// when it is built from sections (its ticks are km, its squares more), else its squares.
	FinishMark int
}

// ProfilePoint is one corner of the profile line; Terrain says what the stretch that ends at it
// is: StretchClimb (of Category), StretchDescent, StretchHill or StretchFlat; Card is the 2RUOTE
// card it ends, if any.
type ProfilePoint struct {
	X, H     float64
	Terrain  string
	Category string
	Card     string
}

// ProfileSummit is the top of a climb: where it is and how high the line is there.
type ProfileSummit struct {
	Climb Climb
	At, H float64
	// Rank is the category's rank (1 the hardest), Ranks how many categories the game has.
	Rank, Ranks int
}

// ProfileMark is something drawn at a place: a sprint (Index), a line (Kind, ToGo squares left),
// a tick (Label).
type ProfileMark struct {
	At    float64
	Index int
	Kind  string
	ToGo  int
	Label string
}

// The terrains of a profile's stretches (ProfilePoint.Terrain).
const (
	StretchFlat    = "flat"
	StretchClimb   = "climb"
	StretchDescent = "descent"
	StretchHill    = "hill"
)

// ProfileOf is stage st's profile under ruleset rs: from its cards (2RUOTE: a mountain card climbs a
// level, a descent card comes down one, a hill card is a bump), from its sections (Ciclismo a fondo:
// a climb section rises by its category, a descent section comes down to the foot of what follows,
// the rest stays level) or from its climbs on the squares (a ramp up to each summit, heighted by
// category, and a descent of half the climb after it, never into the next climb nor past the finish).
func ProfileOf(rs Ruleset, st Stage) Profile {
	p := Profile{Length: max(st.Length, 1), Cards: len(st.Cards) > 0, FinishMark: st.Length}
	if len(st.Sections) > 0 {
		p.FinishMark = st.SectionsKm()
	}
	switch {
	case p.Cards:
		p.cardPoints(rs, st)
	case len(st.Sections) > 0:
		p.sectionPoints(rs, st)
	default:
		p.squarePoints(rs, st)
	}
	top := 1.0 // a stage without big climbs stays low
	for _, pt := range p.Points {
		top = max(top, pt.H)
	}
	for i := range p.Points {
		p.Points[i].H /= top
	}
	offset := 0.0
	if p.Cards {
		offset = 0.5
	}
	ranks := max(len(rs.ClimbCategories), 1)
	for _, c := range st.Climbs {
		if c.Start < 1 || c.End < c.Start || c.End > st.Length {
			continue
		}
		rank := ranks
		if cat, ok := rs.ClimbCategory(c.Category); ok && cat.Rank >= 1 {
			rank = min(cat.Rank, ranks)
		}
		at := float64(c.End) - offset
		p.Summits = append(p.Summits, ProfileSummit{Climb: c, At: at, H: p.HeightAt(at), Rank: rank, Ranks: ranks})
	}
	for _, sp := range st.Sprints {
		if sp.At >= 1 && sp.At <= st.Length {
			p.Sprints = append(p.Sprints, ProfileMark{At: float64(sp.At) - offset, Index: sp.Index})
		}
	}
	markers := st.Markers
	if len(markers) == 0 {
		markers = StageMarkers(rs, st)
	}
	for _, m := range markers {
		if m.At > st.Length || m.At < 0 {
			continue
		}
		at := float64(m.At)
		if p.Cards {
			at -= offset
		}
		switch m.Kind {
		case MarkerAttackLine, MarkerSprintLine:
			p.Lines = append(p.Lines, ProfileMark{At: at, Kind: m.Kind, ToGo: st.Length - m.At})
		case MarkerFeed:
			p.Feeds = append(p.Feeds, ProfileMark{At: at, Kind: MarkerFeed})
		case MarkerKm:
			label := fmt.Sprint(m.At)
			if f := strings.Fields(m.Label); len(f) > 0 {
				label = f[0] // "125 km" on a sectioned stage sits on the square where km 125 ends
			}
			p.Ticks = append(p.Ticks, ProfileMark{At: at, Label: label})
		}
	}
	return p
}

// climbRise is how much a climb of a category raises the profile: 1 for the hardest category,
// down to 0.15 for the easiest.
func climbRise(rs Ruleset, category string) float64 {
	cats := len(rs.ClimbCategories)
	cat, ok := rs.ClimbCategory(category)
	if !ok || cats < 2 || cat.Rank < 1 {
		return 1
	}
	return 0.15 + 0.85*float64(cats-min(cat.Rank, cats))/float64(cats-1)
}

// squarePoints rises over each climb's squares and comes down after it.
func (p *Profile) squarePoints(rs Ruleset, st Stage) {
	p.Points = append(p.Points, ProfilePoint{X: 0, Terrain: StretchFlat})
	at := 0
	for k, c := range st.Climbs {
		if c.Start < 1 || c.End < c.Start || c.End > st.Length || c.Start-1 < at {
			continue
		}
		p.Points = append(p.Points,
			ProfilePoint{X: float64(c.Start - 1), Terrain: StretchFlat},
			ProfilePoint{X: float64(c.End), H: climbRise(rs, c.Category), Terrain: StretchClimb, Category: c.Category})
		stop := st.Length
		if k+1 < len(st.Climbs) && st.Climbs[k+1].Start > c.End {
			stop = st.Climbs[k+1].Start - 1
		}
		end := min(c.End+(c.End-c.Start+1)/2, stop)
		at = c.End
		if end > c.End {
			p.Points = append(p.Points, ProfilePoint{X: float64(end), Terrain: StretchDescent})
			at = end
		}
	}
	last := p.Points[len(p.Points)-1]
	if last.X < float64(st.Length) {
		p.Points = append(p.Points, ProfilePoint{X: float64(st.Length), H: last.H, Terrain: StretchFlat})
	}
}

// sectionPoints follows the sections by their kind in the ruleset.
func (p *Profile) sectionPoints(rs Ruleset, st Stage) {
	types := map[string]SectionType{}
	for _, t := range sectionTypes(rs) {
		types[t.ID] = t
	}
	h, pos := 0.0, 0
	p.Points = append(p.Points, ProfilePoint{X: 0, Terrain: StretchFlat})
	for i, sec := range st.Sections {
		t := types[sec.Type]
		pos += sec.Squares
		pt := ProfilePoint{Terrain: StretchFlat}
		switch {
		case t.Climb != "":
			h += climbRise(rs, t.Climb)
			pt.Terrain, pt.Category = StretchClimb, t.Climb
		case t.Terrain == SectionDescent:
			h = 0
			if i+1 < len(st.Sections) && types[st.Sections[i+1].Type].Climb != "" {
				h = 0.4 * climbRise(rs, types[st.Sections[i+1].Type].Climb) // the foot of the next climb
			}
			pt.Terrain = StretchDescent
		}
		pt.X, pt.H = float64(pos), h
		p.Points = append(p.Points, pt)
	}
	if last := p.Points[len(p.Points)-1]; last.X < float64(st.Length) {
		p.Points = append(p.Points, ProfilePoint{X: float64(st.Length), H: last.H, Terrain: StretchFlat})
	}
}

// cardPoints is one stretch per 2RUOTE card, by its terrain in the ruleset; the feed cards are Feeds.
func (p *Profile) cardPoints(rs Ruleset, st Stage) {
	const step, bump = 0.3, 0.12
	level := 0
	p.Points = append(p.Points, ProfilePoint{X: 0, Terrain: StretchFlat})
	for i, id := range st.Cards {
		c, _ := lookupCard(rs, id)
		x := float64(i)
		pt := ProfilePoint{X: x + 1, Terrain: StretchFlat, Card: id}
		switch {
		case cardSpecial(c) == CardGPM: // the climb's summit card: its top, held
			pt.Terrain = StretchClimb
		case strings.EqualFold(c.Terrain, TerrainMountain):
			level++
			pt.Terrain = StretchClimb
		case strings.EqualFold(c.Terrain, TerrainDescent):
			level = max(level-1, 0)
			pt.Terrain = StretchDescent
		case strings.EqualFold(c.Terrain, TerrainHill):
			p.Points = append(p.Points, ProfilePoint{X: x + 0.5, H: step*float64(level) + bump, Terrain: StretchHill, Card: id})
			pt.Terrain = StretchHill
		}
		if cardSpecial(c) == CardR {
			p.Feeds = append(p.Feeds, ProfileMark{At: x + 0.5, Label: CardR})
		}
		pt.H = step * float64(level)
		p.Points = append(p.Points, pt)
	}
}

// HeightAt is the profile's height at x (the highest where the line is vertical).
func (p Profile) HeightAt(x float64) float64 {
	for i := 1; i < len(p.Points); i++ {
		a, b := p.Points[i-1], p.Points[i]
		if x >= a.X && x <= b.X {
			if b.X == a.X {
				return max(a.H, b.H)
			}
			return a.H + (b.H-a.H)*(x-a.X)/(b.X-a.X)
		}
	}
	if len(p.Points) > 0 {
		return p.Points[len(p.Points)-1].H
	}
	return 0
}
