package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/store"
	"racedirector/handlers/base"
)

// APIListTeams answers every team with its riders.
func (h *Handler) APIListTeams(c echo.Context) error {
	teams, err := h.StoreFor(c).ListTeams(h.Scope(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, teams)
}

// APIGetTeam answers one team.
func (h *Handler) APIGetTeam(c echo.Context) error {
	id, err := base.IDParam(c, "id", "team")
	if err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTeam(h.Scope(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// teamBody is a team in an API body: the fields of store.Team, so a GET can be PUT back.
type teamBody struct {
	ID uint `json:"id,omitempty"`
	store.TeamInput
	Riders []riderBody `json:"riders,omitempty"`
}

func (b teamBody) input() store.TeamInput {
	in := b.TeamInput
	if b.Riders != nil {
		in.Riders = make([]store.RiderInput, len(b.Riders))
		for i, r := range b.Riders {
			in.Riders[i] = r.RiderInput
		}
	}
	return in
}

// APICreateTeam creates a team (with riders, if given).
func (h *Handler) APICreateTeam(c echo.Context) error {
	var b teamBody
	if err := DecodeJSON(c, &b); err != nil {
		return err
	}
	t, err := h.StoreFor(c).CreateTeam(h.Scope(c), b.input())
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/v1/teams/"+itoa(t.ID))
	return c.JSON(http.StatusCreated, t)
}

// APIUpdateTeam changes a team; riders, when given, replace its riders.
func (h *Handler) APIUpdateTeam(c echo.Context) error {
	id, err := base.IDParam(c, "id", "team")
	if err != nil {
		return err
	}
	var b teamBody
	if err := DecodeJSON(c, &b); err != nil {
		return err
	}
	t, err := h.StoreFor(c).UpdateTeam(h.Scope(c), id, b.input())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// APIDeleteTeam deletes a team and its riders.
func (h *Handler) APIDeleteTeam(c echo.Context) error {
	id, err := base.IDParam(c, "id", "team")
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).DeleteTeam(h.Scope(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
