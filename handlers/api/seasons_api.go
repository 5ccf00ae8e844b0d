package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// seasonToursBody is PUT /api/v1/seasons/{id}/tours.
type seasonToursBody struct {
	Tours []uint `json:"tours"`
}

// APIListSeasons is GET /api/v1/seasons: the director's seasons, newest first.
func (h *Handler) APIListSeasons(c echo.Context) error {
	seasons, err := h.StoreFor(c).ListSeasons(h.Scope(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, seasons)
}

// APICreateSeason is POST /api/v1/seasons: a new season of the director's, without tours.
func (h *Handler) APICreateSeason(c echo.Context) error {
	var in store.SeasonInput
	if err := DecodeJSON(c, &in); err != nil {
		return err
	}
	s, err := h.StoreFor(c).CreateSeason(h.Scope(c), in)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/v1/seasons/"+itoa(s.ID))
	return c.JSON(http.StatusCreated, s)
}

// APIGetSeason is GET /api/v1/seasons/{id}.
func (h *Handler) APIGetSeason(c echo.Context) error {
	s, err := h.SeasonOf(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s)
}

// APIUpdateSeason is PUT /api/v1/seasons/{id}: its name and scoring.
func (h *Handler) APIUpdateSeason(c echo.Context) error {
	id, err := base.IDParam(c, "id", "season")
	if err != nil {
		return err
	}
	var in store.SeasonInput
	if err := DecodeJSON(c, &in); err != nil {
		return err
	}
	s, err := h.StoreFor(c).UpdateSeason(h.Scope(c), id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s)
}

// APIDeleteSeason is DELETE /api/v1/seasons/{id}: the season goes, its tours stay.
func (h *Handler) APIDeleteSeason(c echo.Context) error {
	id, err := base.IDParam(c, "id", "season")
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).DeleteSeason(h.Scope(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// APISetSeasonTours is PUT /api/v1/seasons/{id}/tours: the season's tours, in order.
func (h *Handler) APISetSeasonTours(c echo.Context) error {
	id, err := base.IDParam(c, "id", "season")
	if err != nil {
		return err
	}
	var b seasonToursBody
	if err := DecodeJSON(c, &b); err != nil {
		return err
	}
	s, err := h.StoreFor(c).SetSeasonTours(h.Scope(c), id, b.Tours)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s)
}

// seasonStandingsJSON is GET /api/v1/seasons/{id}/standings.
type seasonStandingsJSON struct {
	Season store.Season      `json:"season"`
	Tours  []race.SeasonTour `json:"tours"`
	race.SeasonStandings
}

// APISeasonStandings is GET /api/v1/seasons/{id}/standings: its riders, teams and managers ranked.
func (h *Handler) APISeasonStandings(c echo.Context) error {
	s, err := h.SeasonOf(c)
	if err != nil {
		return err
	}
	return h.seasonStandings(c, s)
}

// APIFollowSeason is GET /api/v1/follow/season/{code}: a season's standings for its followers.
func (h *Handler) APIFollowSeason(c echo.Context) error {
	s, err := h.StoreFor(c).SeasonByFollowCode(c.Param("code"))
	if err != nil {
		return err
	}
	return h.seasonStandings(c, s)
}

// seasonStandings answers a season's standings.
func (h *Handler) seasonStandings(c echo.Context, s store.Season) error {
	tours, st, err := h.StoreFor(c).SeasonStandings(s)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, seasonStandingsJSON{Season: s, Tours: tours, SeasonStandings: st})
}
