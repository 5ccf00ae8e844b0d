package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// Tours handed over and shared, in the API: the lock lets only the tour's owner or an
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

// sharedOnlyWithAccounts refuses handing over and sharing on a table without directors' accounts.
func sharedOnlyWithAccounts(c echo.Context) error {
	if auth.ViewerOf(c).Mode == auth.AccountsMode {
		return nil
	}
	return refuse.Conflictf("this table has no directors' accounts: a tour is handed over and shared between directors who sign in with their names")
}

// APIHandOverTour gives the tour to another director (200, its owner and co-directors): its id,
// follow code, results and history stay.
func (h *Handler) APIHandOverTour(c echo.Context) error {
	if err := sharedOnlyWithAccounts(c); err != nil {
		return err
	}
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	var req ownerRequest
	if err := DecodeJSON(c, &req); err != nil {
		return err
	}
	if req.Director == nil {
		return refuse.Invalid("director", "is required: the id of the director who receives the tour")
	}
	share, err := h.StoreFor(c).HandOverTour(id, *req.Director)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, share)
}

// APISetCodirectors makes the listed directors the tour's co-directors (200, its owner and
// co-directors): they enter its results; an empty list shares it with no one.
func (h *Handler) APISetCodirectors(c echo.Context) error {
	if err := sharedOnlyWithAccounts(c); err != nil {
		return err
	}
	id, err := base.IDParam(c, "id", "tour")
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
	share, err := h.StoreFor(c).SetCodirectors(id, *req.Directors)
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
