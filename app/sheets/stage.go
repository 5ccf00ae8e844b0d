package sheets

import (
	"fmt"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// stageSheet is the stage sheet of stage n: what to place on which square (docs/rules.md §1.3), the
// climbs and sprints, the drawn profile and, by ruleset, the sections or the terrain cards.
func (s *source) stageSheet(n int) sheetDoc {
	st := s.stage(n)
	doc := sheetDoc{id: SheetStage, title: s.w("title.stage"), subtitle: s.stageLine(n), short: s.w("tab.stage", "N", n)}
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
	lines := []string{s.w("facts", "Type", s.stageTypeName(st.Type), "Length", s.lengthText(st),
		"Climbs", s.n("count.climbs", len(st.Climbs)), "Sprints", s.n("count.sprints", len(st.Sprints)))}
	if len(typ.Regularity) > 0 {
		lines = append(lines, s.w("facts.finish_regularity", "List", joinInts(typ.Regularity)))
	}
	var extra []string
	if typ.SprintAdvantages > 0 {
		extra = append(extra, s.w("facts.sprint_advantages", "N", typ.SprintAdvantages))
	}
	if rule, ok := s.rs.AdvantageRule(race.AdvSprint); ok {
		if k, ok := rule.PerStageByType[st.Type]; ok && typ.SprintAdvantages == 0 {
			extra = append(extra, s.w("facts.sprint_advantages", "N", k))
		}
	}
	if st.FeedZones > 0 {
		extra = append(extra, s.w("facts.feed_zones", "N", st.FeedZones))
	}
	if st.RestDayBefore {
		extra = append(extra, s.w("facts.rest_day"))
	}
	if typ.TimeTrial != "" {
		extra = append(extra, s.word("facts.time_trial", typ.TimeTrial))
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
		cols = append(cols, col(s.w("col.square.km"), 14, "R"))
	}
	what := s.w("col.what_to_place")
	if s.rs.OfficialResults {
		what = s.w("col.detail_course")
	}
	cols = append(cols, col(s.w("col.marker"), 42, "L"), flexCol(what, 60, false))
	title := s.w("table.markers", "Squares", s.w("squares."+s.squareKey()))
	if s.rs.OfficialResults { // a real race is not played on a board
		title = s.w("table.markers_course")
	}
	t := &table{title: title, cols: cols, dense: true}
	for _, m := range s.markers(st) {
		cells := []cell{intCell(m.At)}
		if withKm {
			cells = append(cells, s.kmAt(st, m.At))
		}
		cells = append(cells, textCell(s.markerKindName(m.Kind)), textCell(s.markerDetail(st, m)))
		t.rows = append(t.rows, tableRow{cells: cells, strong: m.Kind == race.MarkerStart || m.Kind == race.MarkerFinish})
	}
	return t
}

// markerKindName names a marker kind for the director.
func (s *source) markerKindName(kind string) string {
	switch kind {
	case race.MarkerStart, race.MarkerKm, race.MarkerClimbStart, race.MarkerClimbEnd, race.MarkerSprint,
		race.MarkerAttackLine, race.MarkerSprintLine, race.MarkerFinish, race.MarkerTimeIndicator,
		race.MarkerDescent, race.MarkerFlat, race.MarkerFeed:
		return s.w("marker." + kind)
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
				text := s.w("marker.climb", "N", c.Index, "Category", s.categoryName(c.Category))
				if c.Name != "" {
					text = s.w("marker.climb_named", "N", c.Index, "Name", c.Name, "Category", s.categoryName(c.Category))
				}
				if m.Kind == race.MarkerClimbEnd {
					if cat, ok := s.rs.ClimbCategory(c.Category); ok && len(cat.Points) > 0 {
						text += " — " + s.w("points_list", "List", joinInts(cat.Points))
					}
				}
				return text
			}
		}
	case race.MarkerSprint:
		if pts := s.sprintScoring(); pts != "" {
			return s.markerLabel(st, m) + " — " + pts
		}
	case race.MarkerTimeIndicator:
		return s.w("marker.time_indicator_n", "Label", m.Label)
	case race.MarkerFinish:
		return s.w("marker.finish_at", "Length", s.stageLength(st))
	case race.MarkerDescent, race.MarkerFlat:
		if t, ok := s.rs.SectionType(m.Label); ok {
			return t.NameIn(s.lang())
		}
	case race.MarkerFeed:
		return s.markerLabel(st, m) + " — " + s.w("marker.feed_gives")
	}
	return s.markerLabel(st, m)
}

// markerLabel is a marker's own label (the rules make it in English: "Start", "25 km", "Sprint 1",
// "8 km to go") in the sheet's language, made again from its kind and the number it starts with.
func (s *source) markerLabel(st race.Stage, m race.Marker) string {
	if s.lang() == i18n.English {
		return m.Label
	}
	n, err := strconv.Atoi(strings.Fields(m.Label + " x")[0])
	switch {
	case m.Kind == race.MarkerStart:
		return s.w("marker.start")
	case m.Kind == race.MarkerFeed:
		return s.w("marker.feed_n", "N", m.Number())
	case m.Kind == race.MarkerSprint:
		for _, sp := range st.Sprints {
			if sp.At == m.At {
				return s.w("marker.sprint_n", "N", sp.Index)
			}
		}
	case err != nil:
	case m.Kind == race.MarkerKm && len(st.Sections) > 0:
		return s.n("count.km", n)
	case m.Kind == race.MarkerKm:
		return s.quantity(n)
	case m.Kind == race.MarkerAttackLine || m.Kind == race.MarkerSprintLine:
		return s.w("marker.to_go", "Length", s.quantity(n))
	}
	return m.Label
}

// sprintScoring describes what an intermediate sprint gives: "points 5, 3, 1; bonus 3, 2, 1 turns".
func (s *source) sprintScoring() string {
	var parts []string
	if len(s.rs.SprintPoints) > 0 {
		parts = append(parts, s.w("points_list", "List", joinInts(s.rs.SprintPoints)))
	}
	if len(s.rs.SprintRegularity) > 0 {
		parts = append(parts, s.w("regularity_list", "List", joinInts(s.rs.SprintRegularity)))
	}
	if len(s.rs.SprintBonuses) > 0 {
		parts = append(parts, s.w("bonus_list", "List", joinInts(s.rs.SprintBonuses), "Unit", s.w("units."+unitWord(s.unit()))))
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
	t := &table{title: s.w("table.climbs"), cols: []column{
		keyCol("#", 8, "R"), flexCol(s.w("col.climb"), 46, false), col(s.w("col.start"), 17, "R"), col(s.w("col.summit"), 17, "R"),
		col(s.w("col.length"), 18, "R"), col(s.w("col.mountain_points"), 38, "L"),
	}}
	bonus := len(s.rs.ClimbBonuses) > 0
	if bonus {
		t.cols = append(t.cols, col(s.w("col.bonus"), 24, "L"))
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
			cells = append(cells, textCell(orDash(joinInts(race.ClimbBonusTable(s.rs, cat)))))
		}
		t.rows = append(t.rows, tableRow{cells: cells})
	}
	return t
}

// sprintTable lists the stage's intermediate sprints and what they give.
func (s *source) sprintTable(st race.Stage) *table {
	t := &table{title: s.w("table.sprints"), cols: []column{
		keyCol("#", 8, "R"), col(s.squareTitle(), 18, "R"), flexCol(s.w("col.gives"), 80, false),
	}}
	for _, sp := range st.Sprints {
		t.rows = append(t.rows, tableRow{cells: []cell{intCell(sp.Index), intCell(sp.At), textCell(orDash(s.sprintScoring()))}})
	}
	return t
}

// sectionTable lists a Ciclismo a fondo stage's sections: real km and squares, with where each runs.
func (s *source) sectionTable(st race.Stage) *table {
	t := &table{title: s.w("table.sections"), cols: []column{
		keyCol("#", 8, "R"), flexCol(s.w("col.section"), 50, false), col(s.w("col.square.km"), 12, "R"), col(s.w("col.squares"), 18, "R"),
		col(s.w("col.km_from_to"), 26, "R"), col(s.w("col.squares_from_to"), 32, "R"),
	}}
	km, sq := 0, 0
	for i, sec := range st.Sections {
		name := sec.Type
		if typ, ok := s.rs.SectionType(sec.Type); ok {
			name = typ.NameIn(s.lang())
		}
		t.rows = append(t.rows, tableRow{cells: []cell{
			intCell(i + 1), textCell(name), intCell(sec.Km), intCell(sec.Squares),
			textCell(fmt.Sprintf("%d–%d", km, km+sec.Km)), textCell(fmt.Sprintf("%d–%d", sq+1, sq+sec.Squares)),
		}})
		km += sec.Km
		sq += sec.Squares
	}
	t.rows = append(t.rows, tableRow{strong: true, cells: []cell{
		emptyCell(), textCell(s.w("col.total")), intCell(km), intCell(sq), emptyCell(), emptyCell(),
	}})
	return t
}

// kmAt is the real kilometre at a square of a sectioned stage, in tenths and as printed ("84.5",
// "84,5"; the finish's whole km), or an empty cell past the last section.
func (s *source) kmAt(st race.Stage, square int) cell {
	km, sq := 0, 0
	for _, sec := range st.Sections {
		if square <= sq+sec.Squares && sec.Squares > 0 {
			tenths := km*10 + (square-sq)*10*sec.Km/sec.Squares
			return tenthsCell(tenths, s.l.Decimal(float64(tenths)/10, 1))
		}
		km += sec.Km
		sq += sec.Squares
	}
	if square == sq {
		return tenthsCell(km*10, strconv.Itoa(km))
	}
	return emptyCell()
}

// cardTable lists a 2RUOTE stage's terrain cards between the start and finish cards.
func (s *source) cardTable(st race.Stage) *table {
	t := &table{title: s.w("table.cards"), cols: []column{
		keyCol("#", 8, "R"), flexCol(s.w("col.square.card"), 80, false), col(s.w("col.terrain"), 30, "L"), col(s.w("col.special"), 24, "L"),
	}}
	for i, id := range st.Cards {
		c := cardType(s.rs, id)
		t.rows = append(t.rows, tableRow{cells: []cell{intCell(i + 1), textCell(c.NameIn(s.lang())), textCell(orDash(s.word("terrain", c.Terrain))), textCell(orDash(c.Special))}})
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
