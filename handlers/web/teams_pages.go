package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// teamForm is what the team form page shows.
type teamForm struct {
	Action string
	Team   store.TeamInput
}

// teamsView is the Teams & riders page: a page of teams with their riders and their role in each
// game, and the links to the other pages.
type teamsView struct {
	Teams []teamView
	Pager pager
}

// teamsPerPage is how many teams the Teams & riders page shows at a time.
const teamsPerPage = 20

// pager is where a page of a list is: its number, how many pages and things there are, and the
// numbers to link to (the first, the last and those near this one; 0 stands for the ones left out).
type pager struct {
	Page, Pages, Total int
	Links              []int
}

// newPager is the pager of page of pages, listing total things.
func newPager(page, pages, total int) pager {
	p := pager{Page: page, Pages: pages, Total: total}
	for n := 1; n <= pages; n++ {
		switch {
		case n == 1 || n == pages || n >= page-2 && n <= page+2:
			p.Links = append(p.Links, n)
		case len(p.Links) > 0 && p.Links[len(p.Links)-1] != 0:
			p.Links = append(p.Links, 0)
		}
	}
	return p
}

// pageParam reads ?page= as a page number: anything that is not a number is the first page (the
// store takes a number out of range as the nearest page).
func pageParam(c echo.Context) int {
	n, err := strconv.Atoi(c.QueryParam("page"))
	if err != nil {
		return 1
	}
	return n
}

// teamsAt is the address of the Teams & riders page showing team id, at its anchor.
func (h *Handler) teamsAt(c echo.Context, id uint) string {
	page, err := h.StoreFor(c).TeamPageOf(h.Scope(c), id, teamsPerPage)
	if err != nil || page <= 1 {
		return fmt.Sprintf("/teams#team-%d", id)
	}
	return fmt.Sprintf("/teams?page=%d#team-%d", page, id)
}

// teamView is one team of the Teams & riders page.
type teamView struct {
	store.Team
	Rows []riderRow
	// Owner names the team's director on an administrator's list of every director's teams.
	Owner string
}

// riderRow is one rider of the Teams & riders page, with a line per game.
type riderRow struct {
	ID     uint
	Number int
	Name   string
	Games  []gameLine
	// Born is the date of birth in words ("" when not known).
	Born string
}

// gameLine is a rider's role in one game, in the game's words ("" when he has none there).
type gameLine struct {
	Game, Role string
}

// gameLines words a rider's role and card values in each game, in lang's words.
func gameLines(lang string, games []store.Game, r store.Rider) []gameLine {
	var out []gameLine
	for _, g := range games {
		own, has := r.Games[g.ID]
		line := gameLine{Game: shortGameName(g.Name)}
		if has {
			var parts []string
			if g.ChoosesRole() || len(g.Attributes) == 0 {
				parts = append(parts, base.RoleNameIn(lang, g, own.Role))
			}
			for _, a := range g.Attributes {
				if v, ok := own.Attributes[a.ID]; ok {
					parts = append(parts, fmt.Sprintf("%s %d", shortGameName(a.Name), v)) // the cards' own word
				}
			}
			line.Role = strings.Join(parts, " · ")
		}
		out = append(out, line)
	}
	return out
}

// shortGameName is a game's name without the words in brackets: "Cycling Party (Master)" is
// "Cycling Party", "Costo (cost)" is "Costo".
func shortGameName(name string) string {
	short, _ := splitGloss(name)
	return short
}

// splitGloss splits a name from its words in brackets: "Pianura (flat speed)" is "Pianura" and
// "flat speed"; a name without brackets has no gloss.
func splitGloss(name string) (short, gloss string) {
	if i := strings.Index(name, " ("); i > 0 && strings.HasSuffix(name, ")") {
		return name[:i], name[i+2 : len(name)-1]
	}
	return name, ""
}

// TeamsPage lists a page of teams (?page=, teamsPerPage a page) with their riders and their role in
// each game.
func (h *Handler) TeamsPage(c echo.Context) error {
	pg, err := h.StoreFor(c).TeamsPage(h.Scope(c), pageParam(c), teamsPerPage)
	if err != nil {
		return err
	}
	teams := pg.Teams
	games := h.Store.Games()
	owners, err := h.OwnerNames(c)
	if err != nil {
		return err
	}
	tr := h.Tr(c)
	v := teamsView{Pager: newPager(pg.Page, pg.Pages, pg.Total)}
	for _, t := range teams {
		tv := teamView{Team: t, Owner: owners[t.OwnerID]}
		for _, r := range t.Riders {
			row := riderRow{ID: r.ID, Number: r.Number, Name: r.Name, Games: gameLines(tr.Lang(), games, r)}
			if r.Born != "" {
				row.Born = r.Born
				if d, err := race.ParseDate(r.Born); err == nil {
					row.Born = tr.Date(d)
				}
			}
			tv.Rows = append(tv.Rows, row)
		}
		v.Teams = append(v.Teams, tv)
	}
	return h.Render(c, http.StatusOK, "teams", views.Page{Title: tr.T("setup.teams.title"), Section: "teams", Data: v})
}

// NewTeamPage shows an empty team form.
func (h *Handler) NewTeamPage(c echo.Context) error {
	return h.Render(c, http.StatusOK, "team_form", views.Page{Title: h.Tr(c).T("setup.team_form.new"), Section: "teams", Data: teamForm{Action: "/teams", Team: store.TeamInput{Color: "#1d4ed8"}}})
}

func teamFromForm(c echo.Context) store.TeamInput {
	return store.TeamInput{Name: c.FormValue("name"), Short: c.FormValue("short"), Color: c.FormValue("color")}
}

// CreateTeamPage stores a new team from the form.
func (h *Handler) CreateTeamPage(c echo.Context) error {
	in := teamFromForm(c)
	t, err := h.StoreFor(c).CreateTeam(h.Scope(c), in)
	if err != nil {
		return h.FormFailed(c, err, "team_form", views.Page{Title: h.Tr(c).T("setup.team_form.new"), Section: "teams", Data: teamForm{Action: "/teams", Team: in}})
	}
	return base.Redirect(c, h.teamsAt(c, t.ID), h.Tr(c).T("setup.team_form.created", "Name", t.Name))
}

// EditTeamPage shows a team's form.
func (h *Handler) EditTeamPage(c echo.Context) error {
	id, t, err := h.TeamOf(c)
	if err != nil {
		return err
	}
	in := store.TeamInput{Name: t.Name, Short: t.Short, Color: t.Color}
	return h.Render(c, http.StatusOK, "team_form", views.Page{Title: h.Tr(c).T("setup.team_form.edit_name", "Name", t.Name), Section: "teams", Data: teamForm{Action: fmt.Sprintf("/teams/%d", id), Team: in}})
}

// UpdateTeamPage saves a team's form.
func (h *Handler) UpdateTeamPage(c echo.Context) error {
	id, err := base.IDParam(c, "id", "team")
	if err != nil {
		return err
	}
	in := teamFromForm(c)
	t, err := h.StoreFor(c).UpdateTeam(h.Scope(c), id, in)
	if err != nil {
		title := h.Tr(c).T("setup.team_form.edit")
		if old, gerr := h.StoreFor(c).GetTeam(h.Scope(c), id); gerr == nil {
			title += " " + old.Name // the page keeps the title it was opened with
		}
		return h.FormFailed(c, err, "team_form", views.Page{Title: title, Section: "teams", Data: teamForm{Action: fmt.Sprintf("/teams/%d", id), Team: in}})
	}
	return base.Redirect(c, h.teamsAt(c, t.ID), h.Tr(c).T("setup.team_form.saved", "Name", t.Name))
}

// DeleteTeamConfirmPage asks before deleting a team.
func (h *Handler) DeleteTeamConfirmPage(c echo.Context) error {
	id, t, err := h.TeamOf(c)
	if err != nil {
		return err
	}
	tr := h.Tr(c)
	return h.Render(c, http.StatusOK, "confirm", views.Page{Title: tr.T("setup.team_form.delete_title", "Name", t.Name), Section: "teams", Data: base.Confirmation{
		Question: tr.N("setup.team_form.delete_question", len(t.Riders), "Name", t.Name),
		Detail:   tr.T("setup.team_form.delete_detail"),
		Action:   fmt.Sprintf("/teams/%d/delete", id), Button: tr.T("setup.team_form.delete_button"), Back: "/teams",
	}})
}

// DeleteTeamPage deletes a team after confirmation.
func (h *Handler) DeleteTeamPage(c echo.Context) error {
	id, t, err := h.TeamOf(c)
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).DeleteTeam(h.Scope(c), id); err != nil {
		return err
	}
	return base.Redirect(c, "/teams", h.Tr(c).T("setup.team_form.deleted", "Name", t.Name))
}
