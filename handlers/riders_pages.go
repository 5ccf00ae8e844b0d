package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/views"
)

// riderForm is what the rider form page shows.
type riderForm struct {
	Action     string
	Rider      store.RiderInput
	Teams      []store.Team
	Roles      []store.RoleChoice
	Attributes []race.AttributeRule
	// Values are the ruleset value fields by attribute id, as typed (after a refused post) or as stored;
	// a value the rider does not have is absent and shows empty, not 0.
	Values map[string]string
}

func (h *Handler) riderFormPage(c echo.Context, status int, title, action string, in store.RiderInput, p views.Page) error {
	teams, err := h.Store.ListTeams()
	if err != nil {
		return err
	}
	p.Title, p.Section = title, "teams"
	rules := h.Store.AttributeRules()
	values := map[string]string{}
	for _, a := range rules {
		if c.Request().Method == http.MethodPost {
			values[a.ID] = c.FormValue("attr_" + a.ID)
		} else if v, ok := in.Attributes[a.ID]; ok {
			values[a.ID] = strconv.Itoa(v)
		}
	}
	p.Data = riderForm{Action: action, Rider: in, Teams: teams, Roles: h.Store.Roles(), Attributes: rules, Values: values}
	return h.render(c, status, "rider_form", p)
}

// riderFromForm reads a rider form; malformed numbers are reported as field errors.
func (h *Handler) riderFromForm(c echo.Context) (store.RiderInput, *race.ValidationError) {
	v := &race.ValidationError{}
	in := store.RiderInput{Name: c.FormValue("name"), Role: c.FormValue("role"), Attributes: map[string]int{}}
	if n, ok := formInt(c.FormValue("team_id")); ok && n > 0 {
		in.TeamID = uint(n)
	} else {
		v.Add("team_id", "choose a team")
	}
	n, ok := formInt(c.FormValue("number"))
	if !ok {
		v.Add("number", "must be a whole number between 1 and 9")
	}
	in.Number = n
	for _, a := range h.Store.AttributeRules() {
		raw := strings.TrimSpace(c.FormValue("attr_" + a.ID))
		if raw == "" {
			continue
		}
		val, ok := formInt(raw)
		if !ok {
			v.Add("attributes."+a.ID, "must be a whole number")
			continue
		}
		in.Attributes[a.ID] = val
	}
	return in, v
}

// NewRiderPage shows an empty rider form for a team.
func (h *Handler) NewRiderPage(c echo.Context) error {
	id, t, err := h.teamOf(c)
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
	return h.riderFormPage(c, http.StatusOK, "New rider for "+t.Name, "/riders", store.RiderInput{TeamID: id, Number: next}, views.Page{})
}

// CreateRiderPage stores a new rider from the form.
func (h *Handler) CreateRiderPage(c echo.Context) error {
	return h.saveRiderForm(c, "New rider", "/riders", "added", h.Store.CreateRider)
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
		ve, ok := err.(*race.ValidationError)
		if !ok {
			return err
		}
		return h.riderFormPage(c, http.StatusUnprocessableEntity, title, action, in, views.Page{Errors: ve.Fields, Error: "Please correct the marked fields: nothing was saved."})
	}
	return redirect(c, fmt.Sprintf("/teams#team-%d", r.TeamID), fmt.Sprintf("Rider %s %s.", r.Name, done))
}

// riderOf reads the rider named by the :id path parameter.
func (h *Handler) riderOf(c echo.Context) (uint, store.Rider, error) {
	id, err := idParam(c, "id", "rider")
	if err != nil {
		return 0, store.Rider{}, err
	}
	r, err := h.Store.GetRider(id)
	return id, r, err
}

// EditRiderPage shows a rider's form.
func (h *Handler) EditRiderPage(c echo.Context) error {
	id, r, err := h.riderOf(c)
	if err != nil {
		return err
	}
	in := store.RiderInput{TeamID: r.TeamID, Name: r.Name, Number: r.Number, Role: r.Role, Attributes: r.Attributes}
	return h.riderFormPage(c, http.StatusOK, "Edit rider "+r.Name, fmt.Sprintf("/riders/%d", id), in, views.Page{})
}

// UpdateRiderPage saves a rider's form.
func (h *Handler) UpdateRiderPage(c echo.Context) error {
	id, err := idParam(c, "id", "rider")
	if err != nil {
		return err
	}
	return h.saveRiderForm(c, "Edit rider", fmt.Sprintf("/riders/%d", id), "saved", func(in store.RiderInput) (store.Rider, error) {
		return h.Store.UpdateRider(id, in)
	})
}

// DeleteRiderConfirmPage asks before deleting a rider.
func (h *Handler) DeleteRiderConfirmPage(c echo.Context) error {
	id, r, err := h.riderOf(c)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, "confirm", views.Page{Title: "Delete rider " + r.Name, Section: "teams", Data: confirmation{
		Question: fmt.Sprintf("Delete the rider %s (number %d) from the database?", r.Name, r.Number),
		Detail:   "Tours already created keep their own copy of the rider.",
		Action:   fmt.Sprintf("/riders/%d/delete", id), Button: "Delete rider", Back: "/teams",
	}})
}

// DeleteRiderPage deletes a rider after confirmation.
func (h *Handler) DeleteRiderPage(c echo.Context) error {
	id, r, err := h.riderOf(c)
	if err != nil {
		return err
	}
	if err := h.Store.DeleteRider(id); err != nil {
		return err
	}
	return redirect(c, fmt.Sprintf("/teams#team-%d", r.TeamID), fmt.Sprintf("Rider %s deleted.", r.Name))
}
