package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// cpScreen is the Cycling Party manager standing, with where each manager's points come from.
type cpScreen struct {
	afterChoice
	// Columns titles the points of each source in the standing (stage wins, then each classification).
	Columns  []string
	Managers []standing.ManagerView
	// Podium is the winner and the next two, when the tour is over.
	Podium *standing.PodiumView
	Points race.PointsDefinition
}

// CyclingPartyPage shows the manager standing as if the tour stopped after stage n, with where each
// manager's points come from, or the final result with its podium when the tour is over.
func (h *Handler) CyclingPartyPage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	if !st.Tour.Ruleset.Has(race.ClassCyclingParty) {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("the %s ruleset has no Cycling Party points", st.Tour.Ruleset))
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
			scr.Columns = append(scr.Columns, standing.SourceTitle(l, class))
		}
		src, err := h.StoreFor(c).TourSources(id)
		if err != nil {
			return err
		}
		names := standing.PalmaresNames(&st.Tour, src)
		for _, m := range s.CyclingParty {
			mv := standing.ManagerOf(l, st, m, s.CyclingParty[0].Points)
			mv.TeamHref = names.Team(mv.Team)
			scr.Managers = append(scr.Managers, mv)
		}
		title = l.T("standings.title.party_after", "N", after, "Tour", st.Tour.Name)
		if scr.Final {
			title = l.T("standings.title.party_final", "Tour", st.Tour.Name)
			scr.Podium = standing.PodiumOf(l, scr.Managers)
		}
	}
	status := http.StatusOK
	if msg != "" {
		status = http.StatusUnprocessableEntity
	}
	return h.Render(c, status, "cyclingparty", views.Page{Title: title, Section: "tours", Error: msg,
		TourNav: h.TourNav(st, "cycling-party", 0), Data: scr})
}
