package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// cpScreen is the Cycling Party manager standing, with where each manager's points come from.
type cpScreen struct {
	afterChoice
	// Columns titles the points of each source in the standing (stage wins, then each classification).
	Columns  []string
	Managers []ManagerView
	// Podium is the winner and the next two, when the tour is over.
	Podium *PodiumView
	Points race.PointsDefinition
}

// ManagerView is one manager's line of the standing and the card saying where his points come from.
type ManagerView struct {
	Rank int
	// Place is the rank in words ("2nd").
	Place       string
	Team, Color string
	Points      int
	Gap         string
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

// CyclingPartyPage shows the manager standing as if the tour stopped after stage n, with where each
// manager's points come from, or the final result with its podium when the tour is over.
func (h *Handler) CyclingPartyPage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	if !st.Tour.Ruleset.Has(race.ClassCyclingParty) {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("the %s ruleset has no Cycling Party points", st.Tour.Ruleset.Name))
	}
	l := h.Tr(c)
	s, after, msg, err := h.standingsFor(c, st)
	if err != nil {
		return err
	}
	scr := cpScreen{afterChoice: newAfterChoice(id, st, after, "cycling-party")}
	if st.Tour.Points != nil {
		scr.Points = *st.Tour.Points
	}
	title := l.T("standings.title.party", "Tour", st.Tour.Name)
	if s != nil {
		for _, class := range race.ManagerClasses() {
			scr.Columns = append(scr.Columns, sourceTitle(l, class))
		}
		for _, m := range s.CyclingParty {
			scr.Managers = append(scr.Managers, ManagerOf(l, st, m, s.CyclingParty[0].Points))
		}
		title = l.T("standings.title.party_after", "N", after, "Tour", st.Tour.Name)
		if scr.Final {
			title = l.T("standings.title.party_final", "Tour", st.Tour.Name)
			scr.Podium = PodiumOf(l, scr.Managers)
		}
	}
	status := http.StatusOK
	if msg != "" {
		status = http.StatusUnprocessableEntity
	}
	return h.Render(c, status, "cyclingparty", views.Page{Title: title, Section: "tours", Error: msg,
		TourNav: h.TourNav(st, "cycling-party", 0), Data: scr})
}

// sourceTitle names a source of Cycling Party points.
func sourceTitle(l *i18n.Localizer, class string) string {
	if class == race.ClassStage {
		return l.T("standings.party.stage_wins")
	}
	return base.ClassNameIn(l, class)
}

// ManagerOf lays out one manager's points by source, from the engine's breakdown (never recomputed).
func ManagerOf(l *i18n.Localizer, st *store.RaceState, m race.ManagerRow, leader int) ManagerView {
	v := ManagerView{Rank: m.Rank, Place: base.OrdinalIn(l, m.Rank), Team: m.Team, Color: m.TeamColor, Points: m.Points, Gap: "—"}
	if m.Points != leader {
		v.Gap = "−" + strconv.Itoa(leader-m.Points)
	}
	for _, class := range race.ManagerClasses() {
		part := managerPart{Title: sourceTitle(l, class), Points: m.PointsFrom(class)}
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
