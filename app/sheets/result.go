package sheets

import (
	"slices"

	"racedirector/app/race"
)

// resultSheet is the result of closed stage n: the stage ranking with times and gaps, each sprint
// and climb with the points it gave, the day's team ranking, the abandons and the leaders.
func (s *source) resultSheet(n int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetResult, title: s.w("title.result"), subtitle: s.stageLine(n), short: s.w("tab.result", "N", n)}
	st, err := s.after(n)
	if err != nil {
		return doc, err
	}
	times, err := s.stageTimes(n)
	if err != nil {
		return doc, err
	}
	ranking := s.stageRanking(st.Stage, times)
	if s.rs.TimeModel == race.TimeModelClock {
		ranking.note = s.bonusesNote(s.stage(n), s.result(n).Finish)
	}
	doc.blocks = append(doc.blocks, block{table: ranking}, block{table: s.fieldTable(st.Field)})
	doc.blocks = append(doc.blocks, s.courseBlocks(n, st)...)
	res := s.result(n)
	if t := s.abandonTable(res, st.Out, n); t != nil {
		doc.blocks = append(doc.blocks, block{table: t})
	}
	if t := s.juryTable(st, n); t != nil {
		doc.blocks = append(doc.blocks, block{table: t})
	}
	if t := s.leaderTable(st); t != nil {
		doc.blocks = append(doc.blocks, block{table: t})
	}
	return doc, nil
}

// courseBlocks are stage n's intermediate sprints and climbs, each with its crossing order and what
// each place won, then the day's team ranking (a team time trial's, or the stage's teams), when
// the standings after it have one: the result sheet's and the communiqué's.
func (s *source) courseBlocks(n int, st *race.Standings) []block {
	var out []block
	res, stage := s.result(n), s.stage(n)
	for _, sp := range stage.Sprints {
		out = append(out, block{table: s.orderTable(
			s.w("table.sprint_n", "N", sp.Index, "Square", s.squareWord(), "At", sp.At), res.Sprints[sp.Index], s.sprintTables())})
	}
	for _, c := range stage.Climbs {
		cat, _ := s.rs.ClimbCategory(c.Category)
		var tables []pointsTable
		if len(cat.Points) > 0 {
			tables = append(tables, pointsTable{s.colName(race.ClassMountain), cat.Points, false})
			if b := race.ClimbBonusTable(s.rs, cat); len(b) > 0 {
				tables = append(tables, pointsTable{s.w("col.bonus"), b, true})
			}
		}
		out = append(out, block{table: s.orderTable(s.climbName(c), res.Climbs[c.Index], tables)})
	}
	if len(st.DailyTeams) > 0 {
		out = append(out, block{table: s.teamRanking(s.w("table.teams_day"), st.DailyTeams)})
	}
	return out
}

// stageRanking is the stage classification: rank, bib, rider, team, time, gap (and bonus).
func (s *source) stageRanking(rows []race.TimeRow, times []race.StageTime) *table {
	unit := s.unit()
	bonus := map[int]int{}
	withBonus := false
	for _, t := range times {
		bonus[t.Bib] = t.Bonus
		withBonus = withBonus || t.Bonus != 0
	}
	cols := append(s.riderCols(s.w("col.rank")), col(s.w("col.time"), 22, "R"), col(s.w("col.gap"), 20, "R"))
	if withBonus {
		cols = append(cols, col(s.w("col.bonus"), 20, "R"))
	}
	t := &table{title: s.w("table.stage_ranking"), cols: cols, empty: s.w("empty.finishers")}
	for _, r := range rows {
		cells := []cell{intCell(r.Rank), intCell(r.Bib), textCell(r.Name), teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor)),
			timeCell(unit, r.Time), gapCell(unit, r.Gap)}
		if withBonus {
			cells = append(cells, timeCell(unit, bonus[r.Bib]))
		}
		t.rows = append(t.rows, tableRow{cells: cells, strong: r.Rank == 1})
	}
	return t
}

// rowColor is a team's colour from a standings row, or from the tour.
func (s *source) rowColor(teamID int, color string) string {
	if color != "" {
		return color
	}
	return s.teamColor(teamID)
}

// pointsTable is one scale a sprint or climb gives by crossing order; time scales are bonuses.
type pointsTable struct {
	title  string
	points []int
	time   bool
}

// sprintTables are the scales an intermediate sprint gives in the ruleset.
func (s *source) sprintTables() []pointsTable {
	var out []pointsTable
	if len(s.rs.SprintPoints) > 0 {
		out = append(out, pointsTable{s.w("col.sprint_points"), s.rs.SprintPoints, false})
	}
	if len(s.rs.SprintRegularity) > 0 {
		out = append(out, pointsTable{s.colName(race.ClassRegularity), s.rs.SprintRegularity, false})
	}
	if len(s.rs.SprintBonuses) > 0 {
		out = append(out, pointsTable{s.w("col.bonus"), s.rs.SprintBonuses, true})
	}
	return out
}

// orderTable lists a sprint's or climb's crossing order and what each place won.
func (s *source) orderTable(title string, order []int, scales []pointsTable) *table {
	cols := s.riderCols(s.w("col.place"))
	for _, sc := range scales {
		cols = append(cols, col(sc.title, 22, "R"))
	}
	t := &table{title: title, cols: cols, empty: s.w("empty.order")}
	for i, bib := range order {
		r, team := s.rider(bib)
		cells := []cell{intCell(i + 1), intCell(bib), textCell(r.Name), teamCell(team.Name, team.Color)}
		for _, sc := range scales {
			switch {
			case i >= len(sc.points):
				cells = append(cells, emptyCell())
			case sc.time:
				cells = append(cells, timeCell(s.unit(), sc.points[i]))
			default:
				cells = append(cells, intCell(sc.points[i]))
			}
		}
		t.rows = append(t.rows, tableRow{cells: cells})
	}
	return t
}

// teamRanking is a team table: rank, team, time, gap.
func (s *source) teamRanking(title string, rows []race.TeamRow) *table {
	unit := s.unit()
	t := &table{title: title, cols: []column{
		keyCol(s.w("col.rank"), 10, "R"), flexCol(s.w("col.team"), 60, true), col(s.w("col.time"), 24, "R"), col(s.w("col.gap"), 22, "R"),
	}}
	for _, r := range rows {
		t.rows = append(t.rows, tableRow{strong: r.Rank == 1, cells: []cell{
			intCell(r.Rank), teamCell(r.Team, s.rowColor(r.TeamID, r.TeamColor)), timeCell(unit, r.Time), gapCell(unit, r.Gap),
		}})
	}
	return t
}

// abandonTable lists the riders who left the race in stage n (out: every rider out so far) with how,
// their time when they crossed the line, and why; or nil.
func (s *source) abandonTable(res race.StageResult, out []race.OutRow, n int) *table {
	if len(res.Abandons) == 0 && !slices.ContainsFunc(out, func(o race.OutRow) bool { return o.Stage == n }) {
		return nil
	}
	unit := s.unit()
	t := &table{title: s.w("table.out"), cols: append(s.riderCols(""), col(s.w("col.status"), 14, "L"), col(s.w("col.time"), 22, "R"), flexCol(s.w("col.reason"), 50, false)),
		note: s.w("note.statuses")}
	for _, o := range out {
		if o.Stage != n {
			continue
		}
		tm := emptyCell()
		if o.HasTime {
			tm = timeCell(unit, o.Time)
		}
		t.rows = append(t.rows, tableRow{cells: []cell{intCell(o.Bib), textCell(o.Name), teamCell(o.Team, s.rowColor(o.TeamID, o.TeamColor)), textCell(o.Status), tm, textCell(s.outReason(o))}})
	}
	return t
}

// fieldTable counts the riders of the stage: starters, finishers, and who left the race (in a real
// race by status: did not finish, outside the time limit, disqualified, did not start).
func (s *source) fieldTable(f race.FieldCount) *table {
	if !s.rs.OfficialResults {
		return &table{title: s.w("table.field"), cols: []column{col(s.w("col.starters"), 24, "R"), col(s.w("col.finishers"), 24, "R"), col(s.w("col.abandoned"), 26, "R")},
			rows: []tableRow{{cells: []cell{intCell(f.Starters), intCell(f.Finishers), intCell(f.Left())}}}}
	}
	cols := []column{col(s.w("col.starters"), 24, "R"), col(s.w("col.finishers"), 24, "R"), col(s.w("col.dnf"), 30, "R"),
		col(s.w("col.otl"), 36, "R"), col(s.w("col.dsq"), 26, "R"), col(s.w("col.dns"), 28, "R")}
	return &table{title: s.w("table.field"), cols: cols, rows: []tableRow{{cells: []cell{
		intCell(f.Starters), intCell(f.Finishers), intCell(f.DNF), intCell(f.OTL), intCell(f.DSQ), intCell(f.DNS)}}}}
}

// leaderTable names the leader of each classification, with the jersey to dress him in.
func (s *source) leaderTable(st *race.Standings) *table {
	t := &table{title: s.w("table.leaders"), cols: append(
		[]column{flexCol(s.w("col.classification"), 32, true), flexCol(s.w("col.jersey"), 52, false)}, s.riderCols("")...)}
	for _, d := range race.Classifications() {
		class := d.ID
		bib, ok := st.Leaders[class]
		if !d.Dressed || !ok || !slices.Contains(s.rs.Classifications, class) {
			continue
		}
		r, team := s.rider(bib)
		jersey := s.rs.Jerseys[class]
		t.rows = append(t.rows, tableRow{cells: []cell{
			textCell(s.leaderClassName(class)), teamCell(orDash(jersey.NameIn(s.lang())), jersey.Color), intCell(bib), textCell(r.Name), teamCell(team.Name, team.Color),
		}})
	}
	if len(t.rows) == 0 {
		return nil
	}
	return t
}

// leaderClassName names a classification in the leaders' table: the individual one says it is on
// time.
func (s *source) leaderClassName(class string) string {
	if class == race.ClassIndividual {
		return s.w("class.individual_time")
	}
	return s.className(class)
}
