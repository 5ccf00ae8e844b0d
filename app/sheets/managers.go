package sheets

import (
	"cmp"
	"fmt"
	"slices"

	"racedirector/app/race"
)

// managerPartTitles are the sheet's short titles of the sources of Cycling Party points.
func managerPartTitles() map[string]string {
	return map[string]string{race.ClassStage: "Stage wins", race.ClassIndividual: "Individual", race.ClassRegularity: "Regularity",
		race.ClassMountain: "Mountain", race.ClassSprints: "Sprints", race.ClassTeams: "Teams"}
}

// managersSheet is the Cycling Party manager standing after stage after (RULES.md §1.5): each
// manager's points by where they come from, then every scoring place. The breakdown is the engine's
// (race.ManagerRow.Sources), as the Cycling Party page shows it.
func (s *source) managersSheet(after int) (sheetDoc, error) {
	doc := sheetDoc{id: SheetCyclingParty, title: "Cycling Party managers", subtitle: s.afterLine(after), short: "Cycling Party"}
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
	classes, titles := race.ManagerClasses(), managerPartTitles()
	detail := &table{title: "Where the points come from", cols: []column{
		flexCol("Classification", 34, true), keyCol("Place", 12, "R"), keyCol("Bib", 10, "R"), flexCol("Rider or team", 44, false),
		flexCol("Manager", 34, false), col("Points", 16, "R"),
	}, empty: "No points won yet."}
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
			what = fmt.Sprintf("Stage %d win", p.Stage)
		}
		if p.Bib != 0 {
			r, _ := s.rider(p.Bib)
			name, bib = r.Name, intCell(p.Bib)
		}
		detail.rows = append(detail.rows, tableRow{cells: []cell{textCell(what), intCell(p.Place), bib,
			textCell(name), teamCell(s.teamName(p.teamID), s.teamColor(p.teamID)), intCell(p.Points)}})
	}
	cols := []column{keyCol("Rank", 10, "R"), flexCol("Manager (team)", 44, true)}
	for _, class := range classes {
		cols = append(cols, col(titles[class], 21, "R"))
	}
	cols = append(cols, col("Total", 16, "R"))
	sum := &table{title: "Manager standing, as if the tour stopped here", cols: cols,
		note: fmt.Sprintf("Points definition: stage win %d; individual %s; regularity %s; mountain %s; sprints %s; teams %s.",
			pd.StageWin, orDash(joinInts(pd.Individual)), orDash(joinInts(pd.Regularity)), orDash(joinInts(pd.Mountain)),
			orDash(joinInts(pd.Sprints)), orDash(joinInts(pd.Teams)))}
	for _, m := range final.CyclingParty {
		cells := []cell{intCell(m.Rank), teamCell(m.Team, s.rowColor(m.TeamID, m.TeamColor))}
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
