package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// riderForm is what the rider form page shows: the rider, and a section per game for his role there.
type riderForm struct {
	Action string
	Rider  store.RiderInput
	Teams  []store.Team
	Games  []gameSection
	// Focus is the id of the field the page opens on: the first refused one, else the name.
	Focus string
}

// gameSection is one game's part of the rider form: the role (when it is a choice) and card values.
type gameSection struct {
	ID, Name string
	// RoleID is the role select's id ("role" for the first game), RoleName its form name, RoleField
	// the field its messages are keyed by.
	RoleID, RoleName, RoleField string
	Roles                       []race.Role
	Role                        string
	// Hint says how the game gives roles (Cycling Party: by counter number).
	Hint   string
	Values []valueField
}

// valueField is one card value input of a game (2RUOTE cost and speeds).
type valueField struct {
	ID, Input, Field string
	// Name is the value's name in the game ("Pianura"), Gloss its English words ("flat speed").
	Name, Gloss string
	Min, Max    int
	// Value is as typed (after a refused post) or as stored; empty when the rider has none.
	Value string
}

// roleInput and valueInput are the form names of a game's role select and card value inputs; the
// first (default) game's role keeps the form's older name "role".
func roleInput(game string, first bool) string {
	if first {
		return "role"
	}
	return "role." + game
}

func valueInput(game, value string) string { return "value." + game + "." + value }

func (h *Handler) riderFormPage(c echo.Context, status int, title, action string, in store.RiderInput, p views.Page) error {
	teams, err := h.StoreFor(c).ListTeams(h.Scope(c))
	if err != nil {
		return err
	}
	p.Title, p.Section = title, "teams"
	tr := h.Tr(c)
	posted := c.Request().Method == http.MethodPost
	var sections []gameSection
	for i, g := range h.Store.Games() {
		own := in.Games[g.ID]
		sec := gameSection{ID: g.ID, Name: h.GameNameIn(tr.Lang(), g), RoleID: "role-" + g.ID, RoleName: roleInput(g.ID, i == 0), RoleField: "games." + g.ID + ".role", Role: own.Role}
		if i == 0 {
			sec.RoleID = "role"
		}
		if g.ChoosesRole() {
			sec.Roles = g.Roles
		}
		if g.CounterRoles {
			sec.Hint = tr.T("setup.rider_form.counter_role")
			if r, ok := counterRole(g, in.Number); ok {
				sec.Hint = tr.T("setup.rider_form.counter_role_is", "Number", in.Number, "Role", r.NameIn(tr.Lang()))
			}
		}
		for _, a := range g.Attributes {
			// A card's value keeps the word printed on the game's cards, the language's word beside it.
			name, gloss := splitGloss(a.Name)
			if own := a.NameIn(tr.Lang()); gloss == "" && own != name {
				gloss = strings.ToLower(own)
			}
			f := valueField{ID: a.ID, Name: name, Gloss: gloss, Input: valueInput(g.ID, a.ID), Field: "games." + g.ID + ".attributes." + a.ID, Min: a.Min, Max: a.Max}
			if posted {
				f.Value = c.FormValue(f.Input)
			} else if v, ok := own.Attributes[a.ID]; ok {
				f.Value = strconv.Itoa(v)
			}
			sec.Values = append(sec.Values, f)
		}
		sections = append(sections, sec)
	}
	p.Data = riderForm{Action: action, Rider: in, Teams: teams, Games: sections, Focus: riderFocus(p.Errors, sections)}
	return h.Render(c, status, "rider_form", p)
}

// riderFocus is the id of the first refused field of the rider form, in page order ("name" when none
// is refused), so a refused form opens on what needs correcting.
func riderFocus(errs map[string]string, sections []gameSection) string {
	type field struct{ key, id string }
	order := []field{{"team_id", "team_id"}, {"name", "name"}, {"number", "number"}, {"born", "born"}, {"role", "role"}}
	for _, sec := range sections {
		if sec.Roles != nil {
			order = append(order, field{sec.RoleField, sec.RoleID})
		}
		for _, v := range sec.Values {
			order = append(order, field{v.Field, v.Input})
		}
	}
	for _, f := range order {
		if _, bad := errs[f.key]; bad {
			return f.id
		}
	}
	return "name"
}

// counterRole is the role a counter number gives in a game of counter roles.
func counterRole(g store.Game, number int) (race.Role, bool) {
	for _, r := range g.Roles {
		if r.Counter == number && number > 0 {
			return r, true
		}
	}
	return race.Role{}, false
}

// riderFromForm reads a rider form: his role and card values in each game. Malformed numbers are
// reported as field errors.
func (h *Handler) riderFromForm(c echo.Context) (store.RiderInput, *refuse.ValidationError) {
	v := &refuse.ValidationError{}
	in := store.RiderInput{Name: c.FormValue("name"), Born: c.FormValue("born"), Games: store.Games{}}
	if n, ok := base.FormInt(c.FormValue("team_id")); ok && n > 0 {
		in.TeamID = uint(n)
	} else {
		v.Add("team_id", "choose a team")
	}
	n, ok := base.FormInt(c.FormValue("number"))
	if !ok {
		v.Add("number", "must be a whole number between 1 and 9")
	}
	in.Number = n
	for i, g := range h.Store.Games() {
		e := store.GameRole{Role: strings.TrimSpace(c.FormValue(roleInput(g.ID, i == 0))), Attributes: map[string]int{}}
		for _, a := range g.Attributes {
			raw := strings.TrimSpace(c.FormValue(valueInput(g.ID, a.ID)))
			if raw == "" {
				continue
			}
			val, ok := base.FormInt(raw)
			if !ok {
				v.Add("games."+g.ID+".attributes."+a.ID, "must be a whole number")
				continue
			}
			e.Attributes[a.ID] = val
		}
		in.Games[g.ID] = e
	}
	return in, v
}

// NewRiderPage shows an empty rider form for a team.
func (h *Handler) NewRiderPage(c echo.Context) error {
	id, t, err := h.TeamOf(c)
	if err != nil {
		return err
	}
	next := 1
	for _, r := range t.Riders {
		if r.Number >= next {
			next = r.Number + 1
		}
	}
	if next > 9 {
		next = 0
	}
	in := store.RiderInput{TeamID: id, Number: next, Games: store.Games{}}
	for _, g := range h.Store.Games() { // a game of counter roles proposes the counter's role
		if r, ok := counterRole(g, next); ok && g.CounterRoles {
			in.Games[g.ID] = store.GameRole{Role: r.ID}
		}
	}
	return h.riderFormPage(c, http.StatusOK, h.Tr(c).T("setup.rider_form.new_for", "Name", t.Name), "/riders", in, views.Page{})
}

// CreateRiderPage stores a new rider from the form.
func (h *Handler) CreateRiderPage(c echo.Context) error {
	return h.saveRiderForm(c, h.Tr(c).T("setup.rider_form.new"), "/riders", "added", func(in store.RiderInput) (store.Rider, error) {
		return h.StoreFor(c).CreateRider(h.Scope(c), in)
	})
}

// saveRiderForm reads the rider form and saves it with save: a refusal re-renders the form with
// the messages beside the fields and the typed values; success redirects to the rider's team.
func (h *Handler) saveRiderForm(c echo.Context, title, action, done string, save func(store.RiderInput) (store.Rider, error)) error {
	in, v := h.riderFromForm(c)
	var err error = v
	var r store.Rider
	if v.Err() == nil {
		r, err = save(in)
	}
	if err != nil {
		ve, ok := err.(*refuse.ValidationError)
		if !ok {
			return err
		}
		return h.riderFormPage(c, http.StatusUnprocessableEntity, title, action, in, views.Page{Errors: h.Said(c, ve), Error: h.Tr(c).T("setup.wizard.correct")})
	}
	return base.Redirect(c, h.teamsAt(c, r.TeamID), h.Tr(c).T("setup.rider_form."+done, "Name", r.Name))
}

// riderOf reads the rider named by the :id path parameter.
func (h *Handler) riderOf(c echo.Context) (uint, store.Rider, error) {
	id, err := base.IDParam(c, "id", "rider")
	if err != nil {
		return 0, store.Rider{}, err
	}
	r, err := h.StoreFor(c).GetRider(h.Scope(c), id)
	return id, r, err
}

// EditRiderPage shows a rider's form.
func (h *Handler) EditRiderPage(c echo.Context) error {
	id, r, err := h.riderOf(c)
	if err != nil {
		return err
	}
	in := store.RiderInput{TeamID: r.TeamID, Name: r.Name, Number: r.Number, Games: r.Games, Born: r.Born}
	return h.riderFormPage(c, http.StatusOK, h.Tr(c).T("setup.rider_form.edit_name", "Name", r.Name), fmt.Sprintf("/riders/%d", id), in, views.Page{})
}

// UpdateRiderPage saves a rider's form.
func (h *Handler) UpdateRiderPage(c echo.Context) error {
	id, err := base.IDParam(c, "id", "rider")
	if err != nil {
		return err
	}
	title := h.Tr(c).T("setup.rider_form.edit")
	if old, err := h.StoreFor(c).GetRider(h.Scope(c), id); err == nil {
		title += " " + old.Name // a refused form keeps the title it was opened with
	}
	return h.saveRiderForm(c, title, fmt.Sprintf("/riders/%d", id), "saved", func(in store.RiderInput) (store.Rider, error) {
		return h.StoreFor(c).UpdateRider(h.Scope(c), id, in)
	})
}

// DeleteRiderConfirmPage asks before deleting a rider.
func (h *Handler) DeleteRiderConfirmPage(c echo.Context) error {
	id, r, err := h.riderOf(c)
	if err != nil {
		return err
	}
	tr := h.Tr(c)
	return h.Render(c, http.StatusOK, "confirm", views.Page{Title: tr.T("setup.rider_form.delete_title", "Name", r.Name), Section: "teams", Data: base.Confirmation{
		Question: tr.T("setup.rider_form.delete_question", "Name", r.Name, "Number", r.Number),
		Detail:   tr.T("setup.rider_form.delete_detail"),
		Action:   fmt.Sprintf("/riders/%d/delete", id), Button: tr.T("setup.rider_form.delete_button"), Back: "/teams",
	}})
}

// DeleteRiderPage deletes a rider after confirmation.
func (h *Handler) DeleteRiderPage(c echo.Context) error {
	id, r, err := h.riderOf(c)
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).DeleteRider(h.Scope(c), id); err != nil {
		return err
	}
	return base.Redirect(c, h.teamsAt(c, r.TeamID), h.Tr(c).T("setup.rider_form.deleted", "Name", r.Name))
}
