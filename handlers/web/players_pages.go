package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
	"racedirector/views"
)

// The players of a tour's teams on the director's pages: naming a team's player from the tour's
// riders page (its teams list), and a player's palmarès across tours.

// managerFieldOf is the riders page's field of team number n's player ("manager-3").
func managerFieldOf(n int) string { return "manager-" + strconv.Itoa(n) }

// SetTeamManagerPage names the player of a tour's team from the riders page (POST
// /tours/{id}/teams/{team_id}/manager with manager; an empty one clears it), then goes back there.
func (h *Handler) SetTeamManagerPage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	n, perr := strconv.Atoi(c.Param("team_id"))
	if _, ok := st.Tour.TeamByID(n); perr != nil || !ok {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("team %q not found", c.Param("team_id")))
	}
	typed := c.FormValue("manager")
	if err := h.StoreFor(c).SetTeamManager(id, n, typed); err != nil {
		var ve *refuse.ValidationError
		if !errors.As(err, &ve) {
			return err
		}
		moved := &refuse.ValidationError{}
		moved.AddText(managerFieldOf(n), ve.Reason("manager"))
		p := views.Page{Errors: h.Said(c, moved), Error: h.Tr(c).T("players.team.not_saved")}
		return h.renderTourRiders(c, http.StatusUnprocessableEntity, id, st, p, map[string]string{managerFieldOf(n): typed})
	}
	l := h.Tr(c)
	t, _ := st.Tour.TeamByID(n)
	msg := l.T("players.flash.none", "Team", t.Name)
	if name := race.CleanManager(typed); name != "" {
		msg = l.T("players.flash.named", "Team", t.Name, "Player", name)
	}
	return base.Redirect(c, fmt.Sprintf("/tours/%d/riders#team-%d", id, n), msg)
}

// PlayerPalmaresPage is GET /players/{name}/palmares: the tours where a team of the director's was
// the player's, with its final places, stage wins and jerseys.
func (h *Handler) PlayerPalmaresPage(c echo.Context) error {
	name, err := base.PlayerParam(c)
	if err != nil {
		return err
	}
	l := h.Tr(c)
	apps, err := h.StoreFor(c).ManagerAppearances(h.Scope(c), name)
	if err != nil {
		return err
	}
	v := palmaresView{Team: true, Player: true, Name: name, Intro: l.T("players.palmares.intro")}
	if v.Rows, err = h.PalmaresRows(c, l, apps, true); err != nil {
		return err
	}
	table, key := base.PlayerSeasonKey(name)
	if v.Seasons, err = h.PalmaresSeasons(c, apps, table, key); err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, "palmares", views.Page{Title: l.T("players.palmares.title", "Player", name), Section: "tours", Data: v})
}
