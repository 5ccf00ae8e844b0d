package base

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

// refusedAddress is the address (answering GET) where a refused form rendered as page is shown again
// after post/redirect/get, or "" to answer it where it was posted: the wizard's steps and the roster
// previews (their addresses answer GET), error pages, and anything that is not a POST refusal.
func (h *Base) refusedAddress(c echo.Context, page string, status int) string {
	if c.Request().Method != http.MethodPost || (status != http.StatusUnprocessableEntity && status != http.StatusConflict) {
		return ""
	}
	switch page {
	case "stage", "advantages":
		id, n, err := StageParams(c)
		if err != nil {
			return ""
		}
		if page == "advantages" {
			return AdvantagesURL(id, n)
		}
		return StageURL(id, n)
	case "team_form":
		if c.Param("id") == "" {
			return "/teams/new"
		}
		if id, err := IDParam(c, "id", "team"); err == nil {
			return fmt.Sprintf("/teams/%d/edit", id)
		}
	case "rider_form":
		if c.Param("id") != "" {
			if id, err := IDParam(c, "id", "rider"); err == nil {
				return fmt.Sprintf("/riders/%d/edit", id)
			}
			return ""
		}
		if team, ok := FormInt(c.FormValue("team_id")); ok && team > 0 {
			if _, err := h.StoreFor(c).GetTeam(h.Scope(c), uint(team)); err == nil {
				return fmt.Sprintf("/teams/%d/riders/new", team)
			}
		}
		return "/teams"
	case "import", "import_preview":
		if c.Path() == "/teams/import/apply" {
			return "/teams/import"
		}
	case "tours":
		return "/tours"
	case "seasons":
		return "/seasons"
	case "season":
		if id, err := IDParam(c, "id", "season"); err == nil {
			return fmt.Sprintf("/seasons/%d", id)
		}
	case "riders_tour":
		if id, err := IDParam(c, "id", "tour"); err == nil {
			return fmt.Sprintf("/tours/%d/riders", id)
		}
	case "classifications":
		if id, err := IDParam(c, "id", "tour"); err == nil {
			return fmt.Sprintf("/tours/%d/classifications", id)
		}
	case "directors":
		return "/directors"
	case "account_password", "directors_remove": // the setup, an invitation, a removal: their addresses answer GET
		return c.Request().URL.Path
	case "account":
		return "/account"
	}
	return ""
}
