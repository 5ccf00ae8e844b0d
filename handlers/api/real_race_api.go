package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// APISetTourSettings replaces a tour's settings (PUT /api/v1/tours/{id}/settings, the young riders'
// cut-off…) and answers the tour.
func (h *Handler) APISetTourSettings(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	var in race.TourSettings
	if err := DecodeJSON(c, &in); err != nil {
		return err
	}
	if err := h.StoreFor(c).SetTourSettings(id, in); err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// tourRiderBody is what PUT /api/v1/tours/{id}/riders/{bib} changes of a tour's rider: his date of
// birth, his bib (a real race's own, before his first result); a field left out is unchanged.
type tourRiderBody struct {
	Born *string `json:"born"`
	Bib  *int    `json:"bib"`
}

// APISetTourRider corrects a tour rider's date of birth or renumbers him (the tour's copy only) and
// answers the tour.
func (h *Handler) APISetTourRider(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	bib, err := strconv.Atoi(c.Param("bib"))
	if err != nil || bib < 1 {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("bib %q not found", c.Param("bib")))
	}
	var in tourRiderBody
	if err := DecodeJSON(c, &in); err != nil {
		return err
	}
	if err := h.StoreFor(c).SetTourRider(id, bib, store.TourRiderChange{Born: in.Born, Bib: in.Bib}); err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// APISetStartList gives a real race's riders the bibs of its official start list (PUT
// /api/v1/tours/{id}/start-list, a text/csv body team,bib,name) and answers the tour; a refused
// list names its rows (rows[3].name).
func (h *Handler) APISetStartList(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	if !isCSV(c) {
		return echo.NewHTTPError(http.StatusUnsupportedMediaType, i18n.Textf("the start list is a CSV body (Content-Type: text/csv): team,bib,name"))
	}
	data, err := readBody(c)
	if err != nil {
		return err
	}
	list, err := race.ParseStartList(data)
	if err != nil {
		return err
	}
	if _, err := h.StoreFor(c).RenumberRiders(id, func(t *race.Tour, raced map[int]bool) (race.Renumbering, error) {
		return race.StartListBibs(t, raced, list)
	}); err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// APIAddReinstatement keeps a rider outside the time limit in the race (POST
// /tours/{id}/stages/{n}/reinstatements {"bib", "points", "reason"}) and answers the stage.
func (h *Handler) APIAddReinstatement(c echo.Context) error {
	var k race.Reinstatement
	return h.resultCall(c, &k, func(id uint, n, v int) error { return h.StoreFor(c).AddReinstatement(id, n, v, k) })
}

// APIRemoveReinstatement takes a reinstatement back.
func (h *Handler) APIRemoveReinstatement(c echo.Context) error {
	bib, err := strconv.Atoi(c.Param("bib"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("reinstatement not found"))
	}
	return h.resultCall(c, nil, func(id uint, n, v int) error { return h.StoreFor(c).RemoveReinstatement(id, n, v, bib) })
}

// APIAddPenalty records a jury's penalty (POST /tours/{id}/stages/{n}/penalties) and answers the stage.
func (h *Handler) APIAddPenalty(c echo.Context) error {
	var p race.Penalty
	return h.resultCall(c, &p, func(id uint, n, v int) error { return h.StoreFor(c).AddPenalty(id, n, v, p) })
}

// APIRemovePenalty takes a penalty back by its position in the stage (1-based).
func (h *Handler) APIRemovePenalty(c echo.Context) error {
	pos, err := strconv.Atoi(c.Param("pos"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("penalty not found"))
	}
	return h.resultCall(c, nil, func(id uint, n, v int) error { return h.StoreFor(c).RemovePenalty(id, n, v, pos) })
}

// APISetMostCombative names the tour's most combative rider with the last stage (PUT
// /tours/{id}/stages/{n}/most-combative {"bib": 21}; 0 clears it).
func (h *Handler) APISetMostCombative(c echo.Context) error {
	var b bibBody
	return h.resultCall(c, &b, func(id uint, n, v int) error { return h.StoreFor(c).SetMostCombative(id, n, v, b.Bib) })
}

// standingsAnswer is GET standings: the standings and how they are published.
type standingsAnswer struct {
	*race.Standings
	Publication publicationAnswer `json:"publication"`
}

// publicationAnswer is a publication as the API says it: with what a revision changed, in words in
// the reader's language (sheets.ChangeLines).
type publicationAnswer struct {
	store.Publication
	Changes []string `json:"changes,omitempty"`
}

// apiProvisionalStandings answers the provisional standings after the open stage (?provisional=1; an
// after, when given, must be that stage), from what is entered so far.
func (h *Handler) apiProvisionalStandings(c echo.Context, id uint, after int) error {
	if v := c.QueryParam("provisional"); v != "1" && v != "true" {
		return refuse.Invalid("provisional", "must be 1 (the standings after the open stage, from what is entered so far)")
	}
	rs, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return err
	}
	if after != 0 && after != rs.Current {
		return refuse.Invalidf("after", "provisional standings are after the open stage (%d)", rs.Current)
	}
	st, err := rs.ProvisionalStandings()
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, standingsAnswer{Standings: st, Publication: publicationAnswer{Publication: store.Publication{Stage: rs.Current, Communique: rs.Current, Status: race.PubProvisional}}})
}
