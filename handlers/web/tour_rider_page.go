package web

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// TourRiderPage is GET /tours/{id}/riders/{bib}: a rider's stages one by one (place, time, gap,
// points, mountain points, overall place, how he left), his team, and the tours he rode.
func (h *Handler) TourRiderPage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	bib, ok := standing.NumberParam(c, "bib")
	l := h.Tr(c)
	p, found, err := standing.RiderPageOf(l, st, bib, func(n int) string { return fmt.Sprintf("/tours/%d/stages/%d", id, n) })
	if err != nil {
		return err
	}
	if !ok || !found {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("the tour has no rider with bib %d", bib))
	}
	src, err := h.StoreFor(c).TourSources(id)
	if err != nil {
		return err
	}
	p.Back, p.Tours = fmt.Sprintf("/tours/%d/riders", id), true
	p.TeamHref = standing.PalmaresNames(&st.Tour, src).Team(p.Team)
	if rid, linked := src.Riders[bib]; linked {
		apps, err := h.StoreFor(c).RiderAppearances(h.Scope(c), rid)
		if err != nil {
			return err
		}
		if p.Palmares, err = h.PalmaresRows(c, l, apps, false); err != nil {
			return err
		}
		p.PalmaresHref = fmt.Sprintf("/riders/%d/palmares", rid)
	}
	title := l.T("riders.page.title", "Bib", bib, "Rider", p.Name, "Tour", st.Tour.Name)
	return h.Render(c, http.StatusOK, "tour_rider", views.Page{Title: title, Section: "tours", TourNav: h.TourNav(st, "riders", 0), Data: p})
}
