package standing

import (
	"fmt"
	"strconv"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// ManagerView is one manager's line of the standing and the card saying where his points come from.
type ManagerView struct {
	Rank int
	// Place is the rank in words ("2nd").
	Place       string
	Team, Color string
	// Manager is the team's player ("" when none is named).
	Manager string
	// TeamHref is the team's palmarès ("": none, or not linked on this page; Names.Team).
	TeamHref string
	Points   int
	Gap      string
	// Cells are his points from each source, in Columns order ("" for none).
	Cells []string
	Parts []managerPart
}

// managerPart is what one source (stage wins, one classification) gives a manager.
type managerPart struct {
	Title  string
	Points int
	// Lines say which stage or place of which rider scored, and how much.
	Lines []string
}

// PodiumView presents the winner of the tour's Cycling Party and the next two managers.
type PodiumView struct {
	Winner ManagerView
	Others []ManagerView
	// Tie explains a winner level on points with the second.
	Tie string
}

// SourceTitle names a source of Cycling Party points.
func SourceTitle(l *i18n.Localizer, class string) string {
	if class == race.ClassStage {
		return l.T("standings.party.stage_wins")
	}
	return base.ClassNameIn(l, class)
}

// ManagerOf lays out one manager's points by source, from the engine's breakdown (never recomputed).
func ManagerOf(l *i18n.Localizer, st *store.RaceState, m race.ManagerRow, leader int) ManagerView {
	v := ManagerView{Rank: m.Rank, Place: base.OrdinalIn(l, m.Rank), Team: m.Team, Color: m.TeamColor, Manager: m.Manager, Points: m.Points, Gap: "—"}
	if m.Points != leader {
		v.Gap = "−" + strconv.Itoa(leader-m.Points)
	}
	for _, class := range race.ManagerClasses() {
		part := managerPart{Title: SourceTitle(l, class), Points: m.PointsFrom(class)}
		for _, p := range m.Sources {
			if p.Class == class {
				part.Lines = append(part.Lines, sourceLine(l, st, p))
			}
		}
		cell := ""
		if len(part.Lines) > 0 {
			cell = strconv.Itoa(part.Points)
			v.Parts = append(v.Parts, part)
		}
		v.Cells = append(v.Cells, cell)
	}
	return v
}

// sourceLine says what scored: "stage 2: 51 Miguel Induráin, 5 points" or "3rd: 12 Name, 12 points".
func sourceLine(l *i18n.Localizer, st *store.RaceState, p race.ManagerPoints) string {
	what := base.OrdinalIn(l, p.Place)
	if p.Class == race.ClassStage {
		what = l.T("standings.party.stage_n", "N", p.Stage)
	}
	if p.Bib != 0 {
		r, _ := st.Tour.RiderByBib(p.Bib)
		what += fmt.Sprintf(": %d %s", p.Bib, r.Name)
	}
	return what + ", " + base.PointsIn(l, p.Points)
}

// PodiumOf is the final podium: the winner and the next two managers.
func PodiumOf(l *i18n.Localizer, managers []ManagerView) *PodiumView {
	if len(managers) == 0 {
		return nil
	}
	p := &PodiumView{Winner: managers[0], Others: managers[1:min(3, len(managers))]}
	if len(managers) > 1 && managers[1].Points == managers[0].Points {
		p.Tie = l.T("standings.party.tie", "Second", managers[1].Team, "Points", base.PointsIn(l, managers[0].Points), "Winner", managers[0].Team)
	}
	return p
}
