package sheets

import (
	"fmt"

	"racedirector/app/race"
)

// managerPart is one source of a manager's Cycling Party points.
type managerPart struct {
	title string
	table []int
}

// managersSheet is the Cycling Party manager standing after stage after (RULES.md §1.5): each
// manager's points by where they come from, then every scoring place.
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
	byTeam := map[int][]int{}
	parts := []managerPart{{"Stage wins", nil}, {"Individual", pd.Individual}, {"Regularity", pd.Regularity},
		{"Mountain", pd.Mountain}, {"Sprints", pd.Sprints}, {"Teams", pd.Teams}}
	add := func(teamID, part, points int) {
		if byTeam[teamID] == nil {
			byTeam[teamID] = make([]int, len(parts))
		}
		byTeam[teamID][part] += points
	}
	detail := &table{title: "Where the points come from", cols: []column{
		flexCol("Classification", 34, true), keyCol("Place", 12, "R"), keyCol("Bib", 10, "R"), flexCol("Rider or team", 44, false),
		flexCol("Manager", 34, false), col("Points", 16, "R"),
	}, empty: "No points won yet."}
	for k := 1; k <= after; k++ {
		st, err := s.after(k)
		if err != nil {
			return doc, err
		}
		if len(st.Stage) == 0 || pd.StageWin == 0 {
			continue
		}
		w := st.Stage[0]
		add(w.TeamID, 0, pd.StageWin)
		detail.rows = append(detail.rows, tableRow{cells: []cell{textCell(fmt.Sprintf("Stage %d win", k)), intCell(1), intCell(w.Bib),
			textCell(w.Name), teamCell(w.Team, s.rowColor(w.TeamID, w.TeamColor)), intCell(pd.StageWin)}})
	}
	type placed struct{ bib, teamID int }
	placesOf := func(rows []race.PointsRow) []placed {
		out := make([]placed, len(rows))
		for i, r := range rows {
			out[i] = placed{r.Bib, r.TeamID}
		}
		return out
	}
	var individual, teams []placed
	for _, r := range final.Individual {
		individual = append(individual, placed{r.Bib, r.TeamID})
	}
	for _, r := range final.Teams {
		teams = append(teams, placed{0, r.TeamID})
	}
	for i, order := range [][]placed{individual, placesOf(final.Regularity), placesOf(final.Mountain), placesOf(final.Sprints), teams} {
		part := i + 1
		for place, p := range order[:min(len(order), len(parts[part].table))] {
			pts := parts[part].table[place]
			add(p.teamID, part, pts)
			name, bib := s.teamName(p.teamID), emptyCell()
			if p.bib != 0 {
				r, _ := s.rider(p.bib)
				name, bib = r.Name, intCell(p.bib)
			}
			detail.rows = append(detail.rows, tableRow{cells: []cell{textCell(parts[part].title), intCell(place + 1), bib,
				textCell(name), teamCell(s.teamName(p.teamID), s.teamColor(p.teamID)), intCell(pts)}})
		}
	}
	cols := []column{keyCol("Rank", 10, "R"), flexCol("Manager (team)", 44, true)}
	for _, p := range parts {
		cols = append(cols, col(p.title, 21, "R"))
	}
	cols = append(cols, col("Total", 16, "R"))
	sum := &table{title: "Manager standing, as if the tour stopped here", cols: cols,
		note: fmt.Sprintf("Points definition: stage win %d; individual %s; regularity %s; mountain %s; sprints %s; teams %s.",
			pd.StageWin, orDash(joinInts(pd.Individual)), orDash(joinInts(pd.Regularity)), orDash(joinInts(pd.Mountain)),
			orDash(joinInts(pd.Sprints)), orDash(joinInts(pd.Teams)))}
	for _, m := range final.CyclingParty {
		cells := []cell{intCell(m.Rank), teamCell(m.Team, s.rowColor(m.TeamID, m.TeamColor))}
		for i := range parts {
			if got := byTeam[m.TeamID]; got != nil && got[i] != 0 {
				cells = append(cells, intCell(got[i]))
			} else {
				cells = append(cells, emptyCell())
			}
		}
		sum.rows = append(sum.rows, tableRow{strong: m.Rank == 1, cells: append(cells, intCell(m.Points))})
	}
	doc.blocks = append(doc.blocks, block{table: sum}, block{table: detail})
	return doc, nil
}
