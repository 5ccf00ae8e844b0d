package sheets

import (
	"cmp"
	"slices"

	"racedirector/app/race"
)

// managerPartTitles are the sheet's short titles of the sources of Cycling Party points.
func (s *source) managerPartTitles() map[string]string {
	out := map[string]string{}
	for _, class := range []string{race.ClassStage, race.ClassIndividual, race.ClassRegularity, race.ClassMountain, race.ClassSprints, race.ClassTeams} {
		out[class] = s.w("managers.part." + class)
	}
	return out
}

// managersSheet is the Cycling Party manager standing after stage after (docs/rules.md §1.5): each
// manager's points by where they come from, then every scoring place. The breakdown is the engine's
// (race.ManagerRow.Sources), as the Cycling Party page shows it.
func (s *source) managersSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetCyclingParty, title: s.w("title.cycling-party"), subtitle: s.afterLine(after), short: s.w("tab.cycling-party")}
	final, err := s.after(after)
	if err != nil {
		return doc, err
	}
	pd := s.t.Points
	if pd == nil {
		pd = s.rs.Points
	}
	if pd == nil {
		pd = &race.PointsDefinition{}
	}
	classes, titles := race.ManagerClasses(), s.managerPartTitles()
	detail := &table{title: s.w("table.managers_detail"), cols: []column{
		flexCol(s.w("col.classification"), 34, true), keyCol(s.w("col.place"), 13, "R"), keyCol(s.w("col.bib"), 11, "R"), flexCol(s.w("col.rider_or_team"), 44, false),
		flexCol(s.w("col.manager"), 34, false), col(s.w("col.points"), 18, "R"),
	}, empty: s.w("empty.manager_points")}
	type scored struct {
		race.ManagerPoints
		teamID int
	}
	var all []scored
	for _, m := range final.CyclingParty {
		for _, p := range m.Sources {
			all = append(all, scored{p, m.TeamID})
		}
	}
	slices.SortStableFunc(all, func(a, b scored) int {
		return cmp.Or(cmp.Compare(slices.Index(classes, a.Class), slices.Index(classes, b.Class)), cmp.Compare(a.Stage, b.Stage), cmp.Compare(a.Place, b.Place))
	})
	for _, p := range all {
		what, name, bib := titles[p.Class], s.teamName(p.teamID), emptyCell()
		if p.Class == race.ClassStage {
			what = s.w("managers.stage_win", "N", p.Stage)
		}
		if p.Bib != 0 {
			r, _ := s.rider(p.Bib)
			name, bib = r.Name, intCell(p.Bib)
		}
		detail.rows = append(detail.rows, tableRow{cells: []cell{textCell(what), intCell(p.Place), bib,
			textCell(name), teamCell(s.teamName(p.teamID), s.teamColor(p.teamID)), intCell(p.Points)}})
	}
	cols := []column{keyCol(s.w("col.rank"), 11, "R"), flexCol(s.w("col.manager_team"), 44, true)}
	for _, class := range classes {
		cols = append(cols, col(titles[class], 21, "R"))
	}
	cols = append(cols, col(s.w("col.total"), 16, "R"))
	// The engine says whether these are the final standings or those as if the tour stopped here.
	title := s.w("table.managers")
	if s.t.FinalAfter(after) {
		title = s.w("table.managers_final")
	}
	sum := &table{title: title, cols: cols,
		note: s.w("note.managers", "StageWin", pd.StageWin, "Individual", orDash(joinInts(pd.Individual)), "Regularity", orDash(joinInts(pd.Regularity)),
			"Mountain", orDash(joinInts(pd.Mountain)), "Sprints", orDash(joinInts(pd.Sprints)), "Teams", orDash(joinInts(pd.Teams)))}
	for _, m := range final.CyclingParty {
		cells := []cell{intCell(m.Rank), teamCell(withPlayer(m.Team, m.Manager), s.rowColor(m.TeamID, m.TeamColor))}
		for _, class := range classes {
			if got := m.PointsFrom(class); got != 0 {
				cells = append(cells, intCell(got))
			} else {
				cells = append(cells, emptyCell())
			}
		}
		sum.rows = append(sum.rows, tableRow{strong: m.Rank == 1, cells: append(cells, intCell(m.Points))})
	}
	doc.blocks = append(doc.blocks, block{table: sum}, block{table: detail})
	return doc, nil
}
