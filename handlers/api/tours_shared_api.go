package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// Tours and seasons handed over and shared, in the API: the lock lets only the owner or an
// administrator reach these (app/auth's ownerOnly); the store checks whom they name.

// ownerRequest is the body of PUT /api/v1/tours/{id}/owner.
type ownerRequest struct {
	Director *uint `json:"director"`
}

// codirectorsRequest is the body of PUT /api/v1/tours/{id}/codirectors.
type codirectorsRequest struct {
	Directors *[]uint `json:"directors"`
}

// tourWithDirectors is a tour as the API shows it where directors have accounts: with its owner
// and co-directors.
type tourWithDirectors struct {
	store.TourView
	store.TourShare
}

// sharedThing is what the API hands over and shares, a tour or a season: the name of its id, the
// store's way to hand it over and to choose its co-directors, and the words of its refusals.
type sharedThing struct {
	what           string
	handOver       func(st *store.Store, id, to uint) (store.TourShare, error)
	setCodirectors func(st *store.Store, id uint, ids []uint) (store.TourShare, error)
	// noAccounts refuses handing over and sharing on a table without accounts; receives says who
	// the director of a hand-over is.
	noAccounts, receives string
}

// sharedTour is the tour as the API hands it over and shares it.
func sharedTour() sharedThing {
	return sharedThing{what: "tour", handOver: (*store.Store).HandOverTour, setCodirectors: (*store.Store).SetCodirectors,
		noAccounts: "this table has no directors' accounts: a tour is handed over and shared between directors who sign in with their names",
		receives:   "is required: the id of the director who receives the tour"}
}

// sharedSeason is the season as the API hands it over and shares it.
func sharedSeason() sharedThing {
	return sharedThing{what: "season", handOver: (*store.Store).HandOverSeason, setCodirectors: (*store.Store).SetSeasonCodirectors,
		noAccounts: "this table has no directors' accounts: a season is handed over and shared between directors who sign in with their names",
		receives:   "is required: the id of the director who receives the season"}
}

// sharedOnlyWithAccounts refuses handing over and sharing on a table without directors' accounts.
func (k sharedThing) sharedOnlyWithAccounts(c echo.Context) error {
	if auth.ViewerOf(c).Mode == auth.AccountsMode {
		return nil
	}
	return refuse.Conflictf(k.noAccounts)
}

// APIHandOverTour gives the tour to another director (200, its owner and co-directors): its id,
// follow code, results and history stay.
func (h *Handler) APIHandOverTour(c echo.Context) error { return h.handOver(c, sharedTour()) }

// APISetCodirectors makes the listed directors the tour's co-directors (200, its owner and
// co-directors): they enter its results; an empty list shares it with no one.
func (h *Handler) APISetCodirectors(c echo.Context) error { return h.setCodirectors(c, sharedTour()) }

// APIHandOverSeason gives the season to another director (200, its owner and co-directors): its id,
// follow code and tours stay.
func (h *Handler) APIHandOverSeason(c echo.Context) error { return h.handOver(c, sharedSeason()) }

// APISetSeasonCodirectors makes the listed directors the season's co-directors (200, its owner and
// co-directors): they change its name, points and tours; an empty list shares it with no one.
func (h *Handler) APISetSeasonCodirectors(c echo.Context) error {
	return h.setCodirectors(c, sharedSeason())
}

// handOver gives the tour or season the route names to the director the body names.
func (h *Handler) handOver(c echo.Context, k sharedThing) error {
	if err := k.sharedOnlyWithAccounts(c); err != nil {
		return err
	}
	id, err := base.IDParam(c, "id", k.what)
	if err != nil {
		return err
	}
	var req ownerRequest
	if err := DecodeJSON(c, &req); err != nil {
		return err
	}
	if req.Director == nil {
		return refuse.Invalid("director", k.receives)
	}
	share, err := k.handOver(h.StoreFor(c), id, *req.Director)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, share)
}

// setCodirectors makes the directors the body lists the co-directors of the tour or season the
// route names.
func (h *Handler) setCodirectors(c echo.Context, k sharedThing) error {
	if err := k.sharedOnlyWithAccounts(c); err != nil {
		return err
	}
	id, err := base.IDParam(c, "id", k.what)
	if err != nil {
		return err
	}
	var req codirectorsRequest
	if err := DecodeJSON(c, &req); err != nil {
		return err
	}
	if req.Directors == nil {
		return refuse.Invalid("directors", "is required: the ids of the co-directors ([] for none)")
	}
	share, err := k.setCodirectors(h.StoreFor(c), id, *req.Directors)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, share)
}

// tourAnswer is the tour as the API shows it to the viewer: with its owner and co-directors where
// directors have accounts.
func (h *Handler) tourAnswer(c echo.Context, t store.TourView) (any, error) {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return t, nil
	}
	share, err := h.StoreFor(c).TourSharing(t.ID)
	if err != nil {
		return nil, err
	}
	return tourWithDirectors{TourView: t, TourShare: share}, nil
}
