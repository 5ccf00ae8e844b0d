package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// riderBody is a rider in an API body: the fields of store.Rider, so a GET can be PUT back.
type riderBody struct {
	ID uint `json:"id,omitempty"`
	store.RiderInput
}

func itoa(id uint) string { return strconv.FormatUint(uint64(id), 10) }

// APIListRiders answers riders, of one team with ?team_id=.
func (h *Handler) APIListRiders(c echo.Context) error {
	var teamID uint
	if v := c.QueryParam("team_id"); v != "" {
		n, err := strconv.ParseUint(v, 10, 32)
		if err != nil || n == 0 {
			return refuse.Invalid("team_id", "must be a positive whole number")
		}
		teamID = uint(n)
	}
	riders, err := h.StoreFor(c).ListRiders(h.Scope(c), teamID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, riders)
}

// APIGetRider answers one rider.
func (h *Handler) APIGetRider(c echo.Context) error {
	id, err := base.IDParam(c, "id", "rider")
	if err != nil {
		return err
	}
	r, err := h.StoreFor(c).GetRider(h.Scope(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

// APICreateRider creates a rider in a team.
func (h *Handler) APICreateRider(c echo.Context) error {
	var b riderBody
	if err := DecodeJSON(c, &b); err != nil {
		return err
	}
	r, err := h.StoreFor(c).CreateRider(h.Scope(c), b.RiderInput)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/v1/riders/"+itoa(r.ID))
	return c.JSON(http.StatusCreated, r)
}

// APIUpdateRider changes a rider.
func (h *Handler) APIUpdateRider(c echo.Context) error {
	id, err := base.IDParam(c, "id", "rider")
	if err != nil {
		return err
	}
	var b riderBody
	if err := DecodeJSON(c, &b); err != nil {
		return err
	}
	r, err := h.StoreFor(c).UpdateRider(h.Scope(c), id, b.RiderInput)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

// APIDeleteRider deletes a rider.
func (h *Handler) APIDeleteRider(c echo.Context) error {
	id, err := base.IDParam(c, "id", "rider")
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).DeleteRider(h.Scope(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
