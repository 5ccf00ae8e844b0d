package accounts

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// Directors for years, on the administrators' page: rename, disable, enable and remove a director
// (removing asks first, and for the heir who receives their tours and teams).

// removeView is the confirmation of a director's removal: who, what they own, and the heirs to
// choose from (the other directors who sign in).
type removeView struct {
	Director store.DirectorLine
	Heirs    []store.DirectorLine
	// Heir is the heir chosen (kept when the removal is refused).
	Heir uint
}

// directorOf reads the director of the :id path parameter.
func (h *Handler) directorOf(c echo.Context) (store.DirectorLine, error) {
	id, err := base.IDParam(c, "id", "director")
	if err != nil {
		return store.DirectorLine{}, err
	}
	return h.StoreFor(c).Director(id, h.Lock.Now())
}

// refusedOnDirectors renders the directors' page with a refusal that is no field's (a conflict):
// its words above the list, nothing changed. Other errors are returned.
func (h *Handler) refusedOnDirectors(c echo.Context, err error) error {
	var ce *refuse.ConflictError
	if !errors.As(err, &ce) {
		return err
	}
	return h.renderDirectors(c, http.StatusConflict, directorsView{Refused: sentence(base.SayIn(c, ce.Said()))}, nil)
}

// RenameDirectorPage renames a director from their line's form; a refused name is said beside it.
func (h *Handler) RenameDirectorPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	d, err := h.directorOf(c)
	if err != nil {
		return err
	}
	got, err := h.StoreFor(c).RenameDirector(d.ID, c.FormValue("name"), h.Lock.Now())
	var ve *refuse.ValidationError
	if errors.As(err, &ve) {
		return h.renderDirectors(c, http.StatusUnprocessableEntity, directorsView{Renaming: d.ID, NewName: strings.TrimSpace(c.FormValue("name"))},
			map[string]string{"rename": sentence(base.SayIn(c, ve.Reason("name")))})
	}
	if err != nil {
		return err
	}
	return base.Redirect(c, auth.DirectorsPath, h.Tr(c).T("accounts.manage.renamed", "Old", d.Name, "Name", got.Name))
}

// DisableDirectorPage disables a director: their devices are signed out at once.
func (h *Handler) DisableDirectorPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	d, err := h.directorOf(c)
	if err != nil {
		return err
	}
	if _, err := h.StoreFor(c).DisableDirector(d.ID, auth.ViewerOf(c).Account, h.Lock.Now()); err != nil {
		return h.refusedOnDirectors(c, err)
	}
	return base.Redirect(c, auth.DirectorsPath, h.Tr(c).T("accounts.manage.disabled_done", "Name", d.Name))
}

// EnableDirectorPage enables a disabled director again.
func (h *Handler) EnableDirectorPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	d, err := h.directorOf(c)
	if err != nil {
		return err
	}
	if _, err := h.StoreFor(c).EnableDirector(d.ID, h.Lock.Now()); err != nil {
		return err
	}
	return base.Redirect(c, auth.DirectorsPath, h.Tr(c).T("accounts.manage.enabled_done", "Name", d.Name))
}

// RemoveDirectorConfirmPage asks before removing a director, and who receives their tours and teams.
func (h *Handler) RemoveDirectorConfirmPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	d, err := h.directorOf(c)
	if err != nil {
		return err
	}
	return h.renderRemove(c, http.StatusOK, d, auth.ViewerOf(c).Account, nil)
}

// renderRemove renders the removal's confirmation with heir chosen and errs.
func (h *Handler) renderRemove(c echo.Context, status int, d store.DirectorLine, heir uint, errs map[string]string) error {
	list, err := h.StoreFor(c).Directors(h.Lock.Now())
	if err != nil {
		return err
	}
	v := removeView{Director: d, Heir: heir}
	for _, o := range list {
		if o.ID != d.ID && !o.Disabled && !o.Official {
			v.Heirs = append(v.Heirs, o)
		}
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	p := views.Page{Title: h.Tr(c).T("accounts.remove.title", "Name", d.Name), Section: "directors", Errors: errs, Data: v}
	if len(errs) > 0 {
		p.Error = h.Tr(c).T("accounts.remove.not_done")
	}
	return h.Render(c, status, "directors_remove", p)
}

// RemoveDirectorPage removes a director, their tours and teams going to the heir chosen.
func (h *Handler) RemoveDirectorPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	d, err := h.directorOf(c)
	if err != nil {
		return err
	}
	heir, _ := strconv.ParseUint(strings.TrimSpace(c.FormValue("heir")), 10, 32)
	got, err := h.StoreFor(c).RemoveDirector(d.ID, uint(heir), auth.ViewerOf(c).Account, h.Lock.Now())
	var (
		ve *refuse.ValidationError
		ce *refuse.ConflictError
	)
	switch {
	case errors.As(err, &ve):
		return h.renderRemove(c, http.StatusUnprocessableEntity, d, uint(heir), map[string]string{"heir": sentence(base.SayIn(c, ve.Reason("heir")))})
	case errors.As(err, &ce):
		return h.renderRemove(c, http.StatusConflict, d, uint(heir), map[string]string{"heir": sentence(base.SayIn(c, ce.Said()))})
	case err != nil:
		return err
	}
	tr := h.Tr(c)
	flash := tr.T("accounts.remove.done", "Name", d.Name, "Heir", got.Heir.Name, "Tours", tr.N("setup.count.tours", got.Tours), "Teams", tr.N("setup.count.teams", got.Teams))
	if len(got.Renamed) > 0 {
		flash += " " + tr.T("accounts.remove.renamed", "Teams", strings.Join(got.Renamed, ", "))
	}
	return base.Redirect(c, auth.DirectorsPath, flash)
}
