package handlers

import (
	"fmt"
	"net/http"
	"strings"

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
	// Roles says the game gives riders different roles (a real race and 2RUOTE do not: no Role column).
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
	// Card is a 2RUOTE rider's card in words ("Costo 3 · Pianura 7 · …"), "" in other games.
	Card string
	Out  bool
}

// TourRidersPage lists every rider of the tour with his status.
func (h *Handler) TourRidersPage(c echo.Context) error {
	id, st, err := h.loadTour(c)
	if err != nil {
		return err
	}
	scr := tourRidersScreen{TourID: id, Roles: len(st.Tour.Ruleset.Roles) > 1}
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
			row := tourRiderRow{Bib: r.Bib, Name: r.Name, Role: roleWord(&st.Tour.Ruleset, r.Role), Card: cardWords(st.Tour.Ruleset, r.Attributes), Status: "racing"}
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

// cardWords writes a rider's card values in the game's order and words: "Costo 3 · Pianura 7".
func cardWords(rs race.Ruleset, values map[string]int) string {
	var parts []string
	for _, a := range rs.Team.Attributes {
		if v, ok := values[a.ID]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", a.Short(), v))
		}
	}
	return strings.Join(parts, " · ")
}
