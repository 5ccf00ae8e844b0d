package race

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Board marker kinds (docs/rules.md §1.3), in the order they are listed on one square.
const (
	MarkerStart         = "start"
	MarkerKm            = "km"
	MarkerClimbEnd      = "climb_end"
	MarkerClimbStart    = "climb_start"
	MarkerSprint        = "sprint"
	MarkerAttackLine    = "attack_line"
	MarkerSprintLine    = "sprint_line"
	MarkerFinish        = "finish"
	MarkerTimeIndicator = "time_indicator"
	// MarkerDescent and MarkerFlat stand on the first square of a stage's descent and of a flat
	// stretch after a climb or a descent (a stage built from sections: Ciclismo a fondo); their label
	// is the section type's id.
	MarkerDescent = "descent"
	MarkerFlat    = "flat"
	// MarkerFeed is a feed zone (Ciclismo a fondo's avituallamiento): a rider passing it gets an
	// effort point back; its label is "Feed zone n".
	MarkerFeed = "feed"
)

// StageMarkers lists what the stage sheet tells the director to place, sorted by square: the start
// (square 0), a kilometre indicator every 25 squares (every 25 real km of a stage built from sections), each climb's start and finish with its category,
// each intermediate sprint, the attack line and the sprint lines "to go", the finish (square Length)
// and the time indicators on the squares after the finish ("55–60 s" first, "0–5 s" on the twelfth).
func StageMarkers(rs Ruleset, st Stage) []Marker {
	pr := proposalRules(rs)
	L := st.Length
	unit := rs.SquareName
	ms := []Marker{{At: 0, Kind: MarkerStart, Label: "Start"}}
	switch {
	case pr.KmMarkerEvery <= 0 || L > MaxStageLength || len(st.Cards) > 0:
		// A longer stage is refused by ValidateStages; a 2RUOTE card is 10–15 km of its own.
	case len(st.Sections) > 0:
		// Real kilometres: every 25 km of the sections, on the square where that kilometre ends.
		pos, km := 0, 0
		for _, sec := range st.Sections {
			// A section longer than a stage can be is refused by BuildSectionStage: skipping it keeps
			// this loop short whatever the stage holds.
			for k := (km/pr.KmMarkerEvery + 1) * pr.KmMarkerEvery; sec.Km > 0 && sec.Km <= MaxStageLength && k <= km+sec.Km; k += pr.KmMarkerEvery {
				if at := pos + (k-km)*sec.Squares/sec.Km; at < L {
					ms = append(ms, Marker{At: at, Kind: MarkerKm, Label: fmt.Sprintf("%d km", k)})
				}
			}
			pos, km = pos+sec.Squares, km+max(sec.Km, 0)
		}
		ms = append(ms, terrainMarkers(rs, st)...)
	default:
		for s := pr.KmMarkerEvery; s < L; s += pr.KmMarkerEvery {
			label := fmt.Sprint(s)
			if unit != "" {
				label += " " + unit
			}
			ms = append(ms, Marker{At: s, Kind: MarkerKm, Label: label})
		}
	}
	for _, c := range st.Climbs {
		label := c.Category
		if cat, ok := rs.ClimbCategory(c.Category); ok && cat.Name != "" {
			label = cat.Name
		}
		ms = append(ms,
			Marker{At: c.Start, Kind: MarkerClimbStart, Label: label},
			Marker{At: c.End, Kind: MarkerClimbEnd, Label: label})
	}
	for _, s := range st.Sprints {
		ms = append(ms, Marker{At: s.At, Kind: MarkerSprint, Label: fmt.Sprintf("Sprint %d", s.Index)})
	}
	if len(st.Cards) == 0 {
		for i, at := range FeedSquares(rs, st) {
			ms = append(ms, Marker{At: at, Kind: MarkerFeed, Label: fmt.Sprintf("Feed zone %d", i+1)})
		}
	}
	if pr.AttackLine > 0 && L-pr.AttackLine > 0 {
		ms = append(ms, Marker{At: L - pr.AttackLine, Kind: MarkerAttackLine, Label: toGoLabel(pr.AttackLine, unit)})
	}
	for _, d := range pr.SprintLines {
		if d > 0 && L-d > 0 {
			ms = append(ms, Marker{At: L - d, Kind: MarkerSprintLine, Label: toGoLabel(d, unit)})
		}
	}
	ms = append(ms, Marker{At: L, Kind: MarkerFinish, Label: "Finish"})
	for i := 1; i <= pr.TimeIndicators; i++ {
		hi := 60 - 5*(i-1)
		ms = append(ms, Marker{At: L + i, Kind: MarkerTimeIndicator, Label: fmt.Sprintf("%d–%d s", hi-5, hi)})
	}
	order := map[string]int{}
	for i, k := range []string{MarkerStart, MarkerKm, MarkerClimbEnd, MarkerDescent, MarkerFlat, MarkerFeed, MarkerClimbStart, MarkerSprint,
		MarkerAttackLine, MarkerSprintLine, MarkerFinish, MarkerTimeIndicator} {
		order[k] = i
	}
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].At != ms[j].At {
			return ms[i].At < ms[j].At
		}
		return order[ms[i].Kind] < order[ms[j].Kind]
	})
	return ms
}

// FeedSquares places a stage's feed zones on its board (docs/rules.md §2.5, house rule: the book
// only says "durante el recorrido"): the n zones at n+1 equal parts of the stage, each on the first
// flat square from there that holds no climb, descent or sprint (looking back when none is ahead).
func FeedSquares(rs Ruleset, st Stage) []int {
	n, L := st.FeedZones, st.Length
	if n <= 0 || n > MaxFeedZones || L < 2 || L > MaxStageLength {
		return nil
	}
	busy := make([]bool, L+1)
	busy[0], busy[L] = true, true
	for _, c := range st.Climbs {
		for sq := max(c.Start, 0); sq <= min(c.End, L); sq++ {
			busy[sq] = true
		}
	}
	for _, sp := range st.Sprints {
		if sp.At >= 0 && sp.At <= L {
			busy[sp.At] = true
		}
	}
	pos := 0
	for _, sec := range st.Sections {
		if t, ok := rs.SectionType(sec.Type); ok && t.Terrain == SectionDescent {
			for sq := pos + 1; sq <= min(pos+sec.Squares, L); sq++ {
				busy[sq] = true
			}
		}
		pos += max(sec.Squares, 0)
	}
	var out []int
	for k := 1; k <= n; k++ {
		at := free(busy, L*k/(n+1))
		if at > 0 {
			busy[at] = true
			out = append(out, at)
		}
	}
	return out
}

// free is the first square from at that is not busy, looking ahead then back; 0 when none is.
func free(busy []bool, at int) int {
	for sq := at; sq < len(busy); sq++ {
		if !busy[sq] {
			return sq
		}
	}
	for sq := at - 1; sq > 0; sq-- {
		if !busy[sq] {
			return sq
		}
	}
	return 0
}

// terrainMarkers marks where each descent of a stage built from sections starts, and each flat
// stretch that follows a climb or a descent (the flat the stage starts on needs none): a board has
// no drawn terrain, the director lays it out from these.
func terrainMarkers(rs Ruleset, st Stage) []Marker {
	var out []Marker
	pos, before := 0, SectionFlat
	for _, sec := range st.Sections {
		terrain := "climb"
		if t, ok := rs.SectionType(sec.Type); ok && t.Climb == "" {
			terrain = t.Terrain
		}
		switch {
		case pos >= st.Length:
		case terrain == SectionDescent:
			out = append(out, Marker{At: pos + 1, Kind: MarkerDescent, Label: sec.Type})
		case terrain == SectionFlat && before != SectionFlat:
			out = append(out, Marker{At: pos + 1, Kind: MarkerFlat, Label: sec.Type})
		}
		pos, before = pos+max(sec.Squares, 0), terrain
	}
	return out
}

// Number is the number a marker's label ends with (2 for "Feed zone 2"), 0 when it ends with none.
func (m Marker) Number() int {
	f := strings.Fields(m.Label)
	if len(f) == 0 {
		return 0
	}
	n, _ := strconv.Atoi(f[len(f)-1])
	return n
}

// toGoLabel labels a line "50 km to go" (or "50 to go" without a square name).
func toGoLabel(d int, unit string) string {
	if unit == "" {
		return fmt.Sprintf("%d to go", d)
	}
	return fmt.Sprintf("%d %s to go", d, unit)
}
