package sheets

import (
	"fmt"
	"strconv"
	"strings"

	"racedirector/app/race"
	"racedirector/views"
)

// stageSheet is the stage sheet of stage n: what to place on which square (RULES.md §1.3), the
// climbs and sprints, the drawn profile and, by ruleset, the sections or the terrain cards.
func (s *source) stageSheet(n int) sheetDoc {
	st := s.stage(n)
	doc := sheetDoc{id: SheetStage, title: "Stage sheet", subtitle: s.stageLine(n), short: fmt.Sprintf("S%d stage", n)}
	doc.blocks = append(doc.blocks, block{lines: s.stageFacts(st)})
	doc.blocks = append(doc.blocks, block{profile: s.stageProfile(st)})
	doc.blocks = append(doc.blocks, block{table: s.markerTable(st)})
	if len(st.Climbs) > 0 {
		doc.blocks = append(doc.blocks, block{table: s.climbTable(st)})
	}
	if len(st.Sprints) > 0 {
		doc.blocks = append(doc.blocks, block{table: s.sprintTable(st)})
	}
	if len(st.Sections) > 0 {
		doc.blocks = append(doc.blocks, block{table: s.sectionTable(st)})
	}
	if len(st.Cards) > 0 {
		doc.blocks = append(doc.blocks, block{table: s.cardTable(st)})
	}
	return doc
}

// stageFacts are the lines under the stage sheet's header: type, finish points, feed zones.
func (s *source) stageFacts(st race.Stage) []string {
	typ, _ := s.rs.StageType(st.Type)
	name := typ.NameIn(race.LanguageEnglish)
	if name == "" {
		name = st.Type
	}
	lines := []string{fmt.Sprintf("Stage type: %s · length %s · %s · %s",
		name, s.lengthText(st), views.Plural(len(st.Climbs), "climb", "climbs"), views.Plural(len(st.Sprints), "intermediate sprint", "intermediate sprints"))}
	if len(typ.Regularity) > 0 {
		lines = append(lines, "Finish regularity points: "+joinInts(typ.Regularity))
	}
	var extra []string
	if typ.SprintAdvantages > 0 {
		extra = append(extra, fmt.Sprintf("sprinter's sprint advantages: %d", typ.SprintAdvantages))
	}
	if rule, ok := s.rs.AdvantageRule(race.AdvSprint); ok {
		if k, ok := rule.PerStageByType[st.Type]; ok && typ.SprintAdvantages == 0 {
			extra = append(extra, fmt.Sprintf("sprinter's sprint advantages: %d", k))
		}
	}
	if st.FeedZones > 0 {
		extra = append(extra, fmt.Sprintf("feed zones: %d", st.FeedZones))
	}
	if st.RestDayBefore {
		extra = append(extra, "rest day before the stage")
	}
	if typ.TimeTrial != "" {
		extra = append(extra, typ.TimeTrial+" time trial")
	}
	if len(extra) > 0 {
		lines = append(lines, upperFirst(strings.Join(extra, " · ")))
	}
	return lines
}

// markers are the stage's board markers: the stored ones, or those the rules give.
func (s *source) markers(st race.Stage) []race.Marker {
	if len(st.Markers) > 0 {
		return st.Markers
	}
	return race.StageMarkers(*s.rs, st)
}

// markerTable is the square-by-square list of what to place on the board.
func (s *source) markerTable(st race.Stage) *table {
	cols := []column{keyCol(s.squareTitle(), 16, "R")}
	withKm := len(st.Sections) > 0 && s.rs.SquareName != "km"
	if withKm {
		cols = append(cols, col("Km", 14, "R"))
	}
	cols = append(cols, col("Marker", 42, "L"), flexCol("What to place", 60, false))
	t := &table{title: "Board markers, " + plural(s.squareWord()) + " from the start", cols: cols, dense: true}
	for _, m := range s.markers(st) {
		cells := []cell{intCell(m.At)}
		if withKm {
			cells = append(cells, textCell(kmAt(st, m.At)))
		}
		cells = append(cells, textCell(markerKindName(m.Kind)), textCell(s.markerDetail(st, m)))
		t.rows = append(t.rows, tableRow{cells: cells, strong: m.Kind == race.MarkerStart || m.Kind == race.MarkerFinish})
	}
	return t
}

// markerKindName names a marker kind for the director.
func markerKindName(kind string) string {
	switch kind {
	case race.MarkerStart:
		return "Start"
	case race.MarkerKm:
		return "Kilometre indicator"
	case race.MarkerClimbStart:
		return "Climb start indicator"
	case race.MarkerClimbEnd:
		return "Climb finish indicator"
	case race.MarkerSprint:
		return "Intermediate sprint"
	case race.MarkerAttackLine:
		return "Attack line"
	case race.MarkerSprintLine:
		return "Sprint line"
	case race.MarkerFinish:
		return "Finish line"
	case race.MarkerTimeIndicator:
		return "Time indicator"
	}
	return upperFirst(strings.ReplaceAll(kind, "_", " "))
}

// markerDetail says exactly what a marker is: the climb and its category, the sprint and its
// points, the seconds of a time indicator.
func (s *source) markerDetail(st race.Stage, m race.Marker) string {
	switch m.Kind {
	case race.MarkerClimbStart, race.MarkerClimbEnd:
		for _, c := range st.Climbs {
			if (m.Kind == race.MarkerClimbStart && c.Start == m.At) || (m.Kind == race.MarkerClimbEnd && c.End == m.At) {
				text := fmt.Sprintf("Climb %d, %s", c.Index, s.categoryName(c.Category))
				if c.Name != "" {
					text = fmt.Sprintf("Climb %d %s, %s", c.Index, c.Name, s.categoryName(c.Category))
				}
				if m.Kind == race.MarkerClimbEnd {
					if cat, ok := s.rs.ClimbCategory(c.Category); ok && len(cat.Points) > 0 {
						text += " — points " + joinInts(cat.Points)
					}
				}
				return text
			}
		}
	case race.MarkerSprint:
		if pts := s.sprintScoring(); pts != "" {
			return m.Label + " — " + pts
		}
	case race.MarkerTimeIndicator:
		return "Time indicator " + m.Label
	case race.MarkerFinish:
		return "Finish line, " + quantity(st.Length, s.squareWord())
	}
	return m.Label
}

// sprintScoring describes what an intermediate sprint gives: "points 5, 3, 1; bonus 3, 2, 1 turns".
func (s *source) sprintScoring() string {
	var parts []string
	if len(s.rs.SprintPoints) > 0 {
		parts = append(parts, "points "+joinInts(s.rs.SprintPoints))
	}
	if len(s.rs.SprintRegularity) > 0 {
		parts = append(parts, "regularity "+joinInts(s.rs.SprintRegularity))
	}
	if len(s.rs.SprintBonuses) > 0 {
		parts = append(parts, "bonus "+joinInts(s.rs.SprintBonuses)+" "+plural(unitWord(s.unit())))
	}
	return strings.Join(parts, "; ")
}

// unitWord is one time unit in words ("turn", "second").
func unitWord(unit string) string {
	switch unit {
	case race.UnitTurns:
		return "turn"
	case race.UnitHundredths:
		return "hundredth"
	}
	return "second"
}

// climbTable lists the stage's climbs with their squares and points.
func (s *source) climbTable(st race.Stage) *table {
	t := &table{title: "Climbs", cols: []column{
		keyCol("#", 8, "R"), flexCol("Climb", 50, false), col("Start", 16, "R"), col("Summit", 17, "R"),
		col("Length", 17, "R"), col("Mountain points", 36, "L"),
	}}
	bonus := len(s.rs.ClimbBonuses) > 0
	if bonus {
		t.cols = append(t.cols, col("Bonus", 22, "L"))
	}
	for _, c := range st.Climbs {
		name := s.categoryName(c.Category)
		if c.Name != "" {
			name = c.Name + " — " + name
		}
		cat, _ := s.rs.ClimbCategory(c.Category)
		cells := []cell{intCell(c.Index), textCell(name), intCell(c.Start), intCell(c.End), intCell(c.End - c.Start + 1),
			textCell(orDash(joinInts(cat.Points)))}
		if bonus {
			b := ""
			if len(cat.Points) > 0 {
				b = joinInts(s.rs.ClimbBonuses)
			}
			cells = append(cells, textCell(orDash(b)))
		}
		t.rows = append(t.rows, tableRow{cells: cells})
	}
	return t
}

// sprintTable lists the stage's intermediate sprints and what they give.
func (s *source) sprintTable(st race.Stage) *table {
	t := &table{title: "Intermediate sprints", cols: []column{
		keyCol("#", 8, "R"), col(s.squareTitle(), 18, "R"), flexCol("Gives", 80, false),
	}}
	for _, sp := range st.Sprints {
		t.rows = append(t.rows, tableRow{cells: []cell{intCell(sp.Index), intCell(sp.At), textCell(orDash(s.sprintScoring()))}})
	}
	return t
}

// sectionTable lists a Ciclismo a fondo stage's sections: real km and squares, with where each runs.
func (s *source) sectionTable(st race.Stage) *table {
	t := &table{title: "Sections (real km → squares)", cols: []column{
		keyCol("#", 8, "R"), flexCol("Section", 56, false), col("Km", 12, "R"), col("Squares", 16, "R"),
		col("Km from–to", 24, "R"), col("Squares from–to", 28, "R"),
	}}
	km, sq := 0, 0
	for i, sec := range st.Sections {
		name := sec.Type
		for _, typ := range s.rs.Sections {
			if typ.ID == sec.Type {
				name = typ.NameIn(race.LanguageEnglish)
			}
		}
		t.rows = append(t.rows, tableRow{cells: []cell{
			intCell(i + 1), textCell(name), intCell(sec.Km), intCell(sec.Squares),
			textCell(fmt.Sprintf("%d–%d", km, km+sec.Km)), textCell(fmt.Sprintf("%d–%d", sq+1, sq+sec.Squares)),
		}})
		km += sec.Km
		sq += sec.Squares
	}
	t.rows = append(t.rows, tableRow{strong: true, cells: []cell{
		emptyCell(), textCell("Total"), intCell(km), intCell(sq), emptyCell(), emptyCell(),
	}})
	return t
}

// kmAt is the real kilometre at a square of a sectioned stage ("84.5"), or "" past the last section.
func kmAt(st race.Stage, square int) string {
	km, sq := 0, 0
	for _, sec := range st.Sections {
		if square <= sq+sec.Squares && sec.Squares > 0 {
			tenths := km*10 + (square-sq)*10*sec.Km/sec.Squares
			return fmt.Sprintf("%d.%d", tenths/10, tenths%10)
		}
		km += sec.Km
		sq += sec.Squares
	}
	if square == sq {
		return strconv.Itoa(km)
	}
	return ""
}

// cardTable lists a 2RUOTE stage's terrain cards between the start and finish cards.
func (s *source) cardTable(st race.Stage) *table {
	t := &table{title: "Terrain cards (start card, then in order, then the finish card)", cols: []column{
		keyCol("#", 8, "R"), flexCol("Card", 80, false), col("Terrain", 30, "L"), col("Special", 24, "L"),
	}}
	for i, id := range st.Cards {
		c := cardType(s.rs, id)
		t.rows = append(t.rows, tableRow{cells: []cell{intCell(i + 1), textCell(c.Name), textCell(orDash(c.Terrain)), textCell(orDash(c.Special))}})
	}
	return t
}

// cardType finds a card in the ruleset's deck (an unknown id is a card of that name).
func cardType(rs *race.Ruleset, id string) race.CardType {
	for _, c := range rs.Cards {
		if c.ID == id {
			if c.Name == "" {
				c.Name = id
			}
			return c
		}
	}
	return race.CardType{ID: id, Name: id}
}

// joinInts is "5, 3, 1".
func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ", ")
}

// orDash is s, or "—" when empty.
func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// upperFirst capitalises the first letter.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
