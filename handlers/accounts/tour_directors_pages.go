package accounts

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// A tour's directors page: its owner (or an administrator) chooses its co-directors and hands it
// over. The lock lets no one else reach it (app/auth's ownerOnly).

// tourDirectorsView is the page's data: the tour, who has it, and the directors it may go to.
type tourDirectorsView struct {
	ID    uint
	Name  string
	Share store.TourShare
	// Candidates are the directors who sign in and are not officials, the owner left out.
	Candidates []candidate
	// Chosen are the co-directors ticked; To the director chosen to receive the tour.
	Chosen []uint
	To     uint
}

// candidate is a director a tour may be shared with or handed over to; Chosen says they are ticked.
type candidate struct {
	ID     uint
	Name   string
	Chosen bool
}

// TourDirectorsPage shows who has the tour, with the forms to share it and hand it over.
func (h *Handler) TourDirectorsPage(c echo.Context) error {
	return h.renderTourDirectors(c, http.StatusOK, nil, nil)
}

// renderTourDirectors renders the page with the form's refusals (errs) and choices (form, nil for
// the stored ones).
func (h *Handler) renderTourDirectors(c echo.Context, status int, errs map[string]string, form *tourDirectorsView) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	share, err := h.StoreFor(c).TourSharing(id)
	if err != nil {
		return err
	}
	all, err := h.StoreFor(c).Directors(h.Lock.Now())
	if err != nil {
		return err
	}
	v := tourDirectorsView{ID: id, Name: t.Name, Share: share}
	for _, d := range share.Codirectors {
		v.Chosen = append(v.Chosen, d.ID)
	}
	if form != nil {
		v.Chosen, v.To = form.Chosen, form.To
	}
	for _, d := range all {
		if !d.Disabled && !d.Official && (share.Owner == nil || d.ID != share.Owner.ID) {
			v.Candidates = append(v.Candidates, candidate{ID: d.ID, Name: d.Name, Chosen: slices.Contains(v.Chosen, d.ID)})
		}
	}
	tr := h.Tr(c)
	p := views.Page{Title: tr.T("sharing.title", "Name", t.Name), Section: "tours", Errors: errs, Data: v}
	if len(errs) > 0 {
		p.Error = tr.T("sharing.refused")
	}
	return h.Render(c, status, "tour_directors", p)
}

// formIDs reads the form's directors' ids (field), a refusal naming the field for one that is not.
func formIDs(c echo.Context, field string) ([]uint, error) {
	params, err := c.FormParams()
	if err != nil {
		return nil, refuse.Invalid(field, "must be directors' ids")
	}
	var out []uint
	for _, s := range params[field] {
		n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 32)
		if err != nil || n == 0 {
			return nil, refuse.Invalid(field, "must be directors' ids")
		}
		out = append(out, uint(n))
	}
	return out, nil
}

// sharingRefused renders the page again with a refusal's reasons by field (a place in the list of
// co-directors is the list's), or passes on an error that is no refusal.
func (h *Handler) sharingRefused(c echo.Context, err error, form tourDirectorsView) error {
	var ve *refuse.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	errs := map[string]string{}
	for field := range ve.Fields {
		key, _, _ := strings.Cut(field, ".")
		errs[key] = sentence(base.SayIn(c, ve.Reason(field)))
	}
	for field := range ve.Texts {
		key, _, _ := strings.Cut(field, ".")
		errs[key] = sentence(base.SayIn(c, ve.Reason(field)))
	}
	return h.renderTourDirectors(c, http.StatusUnprocessableEntity, errs, &form)
}

// SetCodirectorsPage makes the ticked directors the tour's co-directors.
func (h *Handler) SetCodirectorsPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	ids, err := formIDs(c, "directors")
	if err == nil {
		_, err = h.StoreFor(c).SetCodirectors(id, ids)
	}
	if err != nil {
		return h.sharingRefused(c, err, tourDirectorsView{Chosen: ids})
	}
	return base.Redirect(c, fmt.Sprintf("/tours/%d/directors", id), h.Tr(c).T("sharing.codirectors_saved"))
}

// HandOverTourPage gives the tour to the director chosen, once the director confirmed it.
func (h *Handler) HandOverTourPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	ids, err := formIDs(c, "director")
	var to uint
	if len(ids) > 0 {
		to = ids[0]
	}
	switch {
	case err != nil:
	case len(ids) > 1:
		err = refuse.Invalid("director", "must be one director's id")
	case c.FormValue("confirm") != "yes":
		err = refuse.Invalid("confirm", "must be ticked: the tour leaves your hands")
	}
	var share store.TourShare
	if err == nil {
		share, err = h.StoreFor(c).HandOverTour(id, to)
	}
	if err != nil {
		stored, rerr := h.StoreFor(c).TourSharing(id)
		if rerr != nil {
			return rerr
		}
		chosen := make([]uint, 0, len(stored.Codirectors))
		for _, d := range stored.Codirectors {
			chosen = append(chosen, d.ID)
		}
		return h.sharingRefused(c, err, tourDirectorsView{Chosen: chosen, To: to})
	}
	name := ""
	if share.Owner != nil {
		name = share.Owner.Name
	}
	v := auth.ViewerOf(c)
	back := "/tours"
	if v.Admin || slices.ContainsFunc(share.Codirectors, func(d store.DirectorRef) bool { return d.ID == v.Account }) {
		back = fmt.Sprintf("/tours/%d/directors", id)
	}
	return base.Redirect(c, back, h.Tr(c).T("sharing.handed_over", "Name", name))
}
