package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
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
	// Youth is the young riders' cut-off and its forms, when the game has that classification.
	Youth *youthPanel
	// StartList is a real race's start list form, which gives the riders their own bibs (nil in a game).
	StartList *startListPanel
}

// tourTeamRiders is one team of the tour with its riders.
type tourTeamRiders struct {
	Name, Short, Color string
	Riders             []tourRiderRow
	// Number is the team's number in the tour; Manager its player, as typed after a refusal
	// (ManagerField the form's field, ManagerAction where it is sent).
	Number                               int
	Manager, ManagerField, ManagerAction string
	// Href is the team's palmarès ("": it was copied from no team of the database).
	Href string
}

// tourRiderRow is one rider's line: status is "racing" or "abandoned in stage k".
type tourRiderRow struct {
	Bib                        int
	Name, Role, Status, Reason string
	// Card is a 2RUOTE rider's card in words ("Costo 3 · Pianura 7 · …"), "" in other games.
	Card string
	Out  bool
	// Born is the date of birth in words ("" when not known); Young marks a young rider.
	Born  string
	Young bool
	// Page is his stages one by one; Href his palmarès ("": no rider of the database).
	Page, Href string
}

// TourRidersPage lists every rider of the tour with his status.
func (h *Handler) TourRidersPage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	return h.renderTourRiders(c, http.StatusOK, id, st, views.Page{}, nil)
}

// renderTourRiders draws the riders page with p's messages and, after a refusal, the values typed.
func (h *Handler) renderTourRiders(c echo.Context, status int, id uint, st *store.RaceState, p views.Page, values map[string]string) error {
	return h.renderTourRidersWith(c, status, id, st, p, values, nil)
}

// renderTourRidersWith draws the riders page; a real race's start list form shows refused when
// startList is not nil.
func (h *Handler) renderTourRidersWith(c echo.Context, status int, id uint, st *store.RaceState, p views.Page, values map[string]string, startList *startListPanel) error {
	l := h.Tr(c)
	scr := tourRidersScreen{TourID: id, Roles: len(st.Tour.Ruleset.Roles) > 1, Youth: newYouthPanel(l, id, st, values), StartList: startList}
	if scr.StartList == nil && st.Tour.Ruleset.OfficialResults {
		scr.StartList = &startListPanel{}
	}
	if scr.StartList != nil {
		scr.StartList.Action = fmt.Sprintf("/tours/%d/start-list", id)
		if scr.StartList.Text == "" {
			scr.StartList.Text = startListText(st.Tour)
		}
	}
	gone := map[int]race.Abandon{}
	exits := standing.ExitsBefore(st, len(st.Results)+1)
	for _, res := range st.Results {
		for _, a := range res.Abandons {
			if _, ok := gone[a.Bib]; !ok {
				gone[a.Bib] = a
			}
		}
	}
	src, err := h.StoreFor(c).TourSources(id)
	if err != nil {
		return err
	}
	names := standing.PalmaresNames(&st.Tour, src)
	for _, t := range st.Tour.Teams {
		team := tourTeamRiders{Name: t.Name, Short: t.Short, Color: t.Color, Number: t.ID, Manager: t.Manager,
			ManagerField: managerFieldOf(t.ID), ManagerAction: fmt.Sprintf("/tours/%d/teams/%d/manager", id, t.ID),
			Href: names.Team(t.Name)}
		if typed, ok := values[team.ManagerField]; ok {
			team.Manager = typed
		}
		for _, r := range t.Riders {
			row := tourRiderRow{Bib: r.Bib, Name: r.Name, Role: base.RoleWordIn(l, &st.Tour.Ruleset, r.Role), Card: cardWords(st.Tour.Ruleset, r.Attributes), Status: l.T("race.riders.racing_status"),
				Young: scr.Youth != nil && st.Tour.Young(&r), Page: fmt.Sprintf("/tours/%d/riders/%d", id, r.Bib), Href: names.Rider(r.Bib)}
			if r.Born != "" {
				row.Born = base.DateTextIn(l, r.Born)
			}
			if e, out := exits[r.Bib]; out {
				row.Out, row.Status, row.Reason = true, l.T("race.bibs.abandoned_in", "N", e.Stage), l.Say(race.ReasonWords(gone[r.Bib].Reason))
				if e.OTL {
					row.Status, row.Reason = l.T("race.riders.otl", "Status", base.StatusNameIn(l, race.StatusOTL), "N", e.Stage), ""
				}
				if a := gone[r.Bib]; a.Status != "" {
					row.Status = l.T("race.riders.status", "Status", base.StatusNameIn(l, a.Status), "Code", a.Status, "N", e.Stage)
				}
				if e.Fatigue > 0 {
					row.Status, row.Reason = l.T("race.bibs.retired_after", "N", e.Stage), l.T("race.riders.fatigue_over", "Fatigue", e.Fatigue, "Limit", race.FatigueLimit(&st.Tour))
				}
				scr.Stopped++
			} else {
				scr.Racing++
			}
			team.Riders = append(team.Riders, row)
		}
		scr.Teams = append(scr.Teams, team)
	}
	p.Title, p.Section, p.TourNav, p.Data = l.T("race.riders.page_title", "Tour", st.Tour.Name), "tours", h.TourNav(st, "riders", 0), scr
	return h.Render(c, status, "riders_tour", p)
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
