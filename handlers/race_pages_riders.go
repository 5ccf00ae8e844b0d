package handlers

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/views"
)

// tourRidersScreen is every rider of a tour with team, bib, role and status.
type tourRidersScreen struct {
	TourID  uint
	Teams   []tourTeamRiders
	Racing  int
	Stopped int
	// Roles says the game has rider roles (a real race has none: no Role column).
	Roles bool
}

// tourTeamRiders is one team of the tour with its riders.
type tourTeamRiders struct {
	Name, Short, Color string
	Riders             []tourRiderRow
}

// tourRiderRow is one rider's line: status is "racing" or "abandoned in stage k".
type tourRiderRow struct {
	Bib                        int
	Name, Role, Status, Reason string
	Out                        bool
}

// TourRidersPage lists every rider of the tour with his status.
func (h *Handler) TourRidersPage(c echo.Context) error {
	id, st, err := h.loadTour(c)
	if err != nil {
		return err
	}
	scr := tourRidersScreen{TourID: id, Roles: len(st.Tour.Ruleset.Roles) > 0}
	gone := map[int]string{}
	exits := exitsBefore(st, len(st.Results)+1)
	for _, res := range st.Results {
		for _, a := range res.Abandons {
			if _, ok := gone[a.Bib]; !ok {
				gone[a.Bib] = a.Reason
			}
		}
	}
	for _, t := range st.Tour.Teams {
		team := tourTeamRiders{Name: t.Name, Short: t.Short, Color: t.Color}
		for _, r := range t.Riders {
			row := tourRiderRow{Bib: r.Bib, Name: r.Name, Role: roleWord(&st.Tour.Ruleset, r.Role), Status: "racing"}
			if e, out := exits[r.Bib]; out {
				row.Out, row.Status, row.Reason = true, fmt.Sprintf("abandoned in stage %d", e.Stage), gone[r.Bib]
				if e.Fatigue > 0 {
					row.Status, row.Reason = fmt.Sprintf("retired after stage %d", e.Stage), fmt.Sprintf("fatigue %d, above %d", e.Fatigue, race.FatigueLimit(&st.Tour))
				}
				scr.Stopped++
			} else {
				scr.Racing++
			}
			team.Riders = append(team.Riders, row)
		}
		scr.Teams = append(scr.Teams, team)
	}
	return h.render(c, http.StatusOK, "riders_tour", views.Page{Title: "Riders — " + st.Tour.Name, Section: "tours",
		TourNav: h.tourNav(st, "riders", 0), Data: scr})
}
