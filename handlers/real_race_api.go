package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
)

// APISetTourSettings replaces a tour's settings (PUT /api/v1/tours/{id}/settings, the young riders'
// cut-off…) and answers the tour.
func (h *Handler) APISetTourSettings(c echo.Context) error {
	id, err := idParam(c, "id", "tour")
	if err != nil {
		return err
	}
	var in race.TourSettings
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := h.Store.SetTourSettings(id, in); err != nil {
		return err
	}
	t, err := h.Store.GetTour(id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// tourRiderBody is what PUT /api/v1/tours/{id}/riders/{bib} changes of a tour's rider.
type tourRiderBody struct {
	Born string `json:"born"`
}

// APISetTourRider corrects a tour rider's date of birth (the tour's copy only) and answers the tour.
func (h *Handler) APISetTourRider(c echo.Context) error {
	id, err := idParam(c, "id", "tour")
	if err != nil {
		return err
	}
	bib, err := strconv.Atoi(c.Param("bib"))
	if err != nil || bib < 1 {
		return echo.NewHTTPError(http.StatusNotFound, fmt.Sprintf("bib %q not found", c.Param("bib")))
	}
	var in tourRiderBody
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := h.Store.SetTourRiderBorn(id, bib, in.Born); err != nil {
		return err
	}
	t, err := h.Store.GetTour(id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// upperFirst writes s with a capital first letter ("did not start" → "Did not start").
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
