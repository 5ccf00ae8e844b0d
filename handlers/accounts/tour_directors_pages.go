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

// A tour's or a season's directors page: its owner (or an administrator) chooses its co-directors
// and hands it over. The lock lets no one else reach it (app/auth's ownerOnly). One page, one way
// for both: what differs is in their sharedPage.

// sharedPage is what the directors page is of, a tour or a season: the name of its id, its pages'
// address, where its list is, the words that differ, and how the store reads and changes it.
type sharedPage struct {
	what string
	// path is the thing's pages' address ("/tours/%d"), list where the list of them is (its
	// format: the thing's id).
	path, list string
	// words are the catalogue's keys of the page's texts that differ, by their part ("hint").
	words map[string]string
	// section is the menu's section the page is in; leaves refuses a hand-over not confirmed.
	section, leaves string
	name            func(st *store.Store, id uint) (string, error)
	sharing         func(st *store.Store, id uint) (store.TourShare, error)
	handOver        func(st *store.Store, id, to uint) (store.TourShare, error)
	setCodirectors  func(st *store.Store, id uint, ids []uint) (store.TourShare, error)
}

// tourPage is the tour's directors page.
func tourPage() sharedPage {
	return sharedPage{what: "tour", path: "/tours/%d", list: "/tours#tour-%d", section: "tours", leaves: "must be ticked: the tour leaves your hands",
		words: map[string]string{"hint": "sharing.codirectors_hint", "title": "sharing.codirectors_title", "hand_title": "sharing.hand_over_title",
			"hand_hint": "sharing.hand_over_hint", "hand_button": "sharing.hand_over_button", "confirm": "sharing.confirm", "back": "sharing.back", "handed": "sharing.handed_over"},
		name: func(st *store.Store, id uint) (string, error) {
			t, err := st.GetTour(id)
			return t.Name, err
		},
		sharing: (*store.Store).TourSharing, handOver: (*store.Store).HandOverTour, setCodirectors: (*store.Store).SetCodirectors}
}

// seasonPage is the season's directors page.
func seasonPage() sharedPage {
	return sharedPage{what: "season", path: "/seasons/%d", list: "/seasons/%d", section: "seasons", leaves: "must be ticked: the season leaves your hands",
		words: map[string]string{"hint": "season_sharing.codirectors_hint", "title": "season_sharing.codirectors_title", "hand_title": "season_sharing.hand_over_title",
			"hand_hint": "season_sharing.hand_over_hint", "hand_button": "season_sharing.hand_over_button", "confirm": "season_sharing.confirm", "back": "season_sharing.back", "handed": "season_sharing.handed_over"},
		name: func(st *store.Store, id uint) (string, error) {
			s, err := st.GetSeason(store.Everything(), id) // the lock let only its owner or an administrator here
			return s.Name, err
		},
		sharing: (*store.Store).SeasonSharing, handOver: (*store.Store).HandOverSeason, setCodirectors: (*store.Store).SetSeasonCodirectors}
}

// tourDirectorsView is the page's data: the tour or season, who has it, and the directors it may go to.
type tourDirectorsView struct {
	ID    uint
	Name  string
	Share store.TourShare
	// Path is its pages' address ("/tours/3"), Back the address of the way back.
	Path, Back string
	// Words are the catalogue's keys of the texts that differ between a tour and a season.
	Words map[string]string
	// Candidates are the directors who sign in and are not officials, the owner left out.
	Candidates []candidate
	// Chosen are the co-directors ticked; To the director chosen to receive it.
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
	return h.renderShared(c, tourPage(), http.StatusOK, nil, nil)
}

// SeasonDirectorsPage shows who has the season, with the forms to share it and hand it over.
func (h *Handler) SeasonDirectorsPage(c echo.Context) error {
	return h.renderShared(c, seasonPage(), http.StatusOK, nil, nil)
}

// SetCodirectorsPage makes the ticked directors the tour's co-directors.
func (h *Handler) SetCodirectorsPage(c echo.Context) error { return h.setCodirectors(c, tourPage()) }

// SetSeasonCodirectorsPage makes the ticked directors the season's co-directors.
func (h *Handler) SetSeasonCodirectorsPage(c echo.Context) error {
	return h.setCodirectors(c, seasonPage())
}

// HandOverTourPage gives the tour to the director chosen, once the director confirmed it.
func (h *Handler) HandOverTourPage(c echo.Context) error { return h.handOver(c, tourPage()) }

// HandOverSeasonPage gives the season to the director chosen, once the director confirmed it.
func (h *Handler) HandOverSeasonPage(c echo.Context) error { return h.handOver(c, seasonPage()) }

// renderShared renders the page with the form's refusals (errs) and choices (form, nil for the
// stored ones).
func (h *Handler) renderShared(c echo.Context, k sharedPage, status int, errs map[string]string, form *tourDirectorsView) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	id, err := base.IDParam(c, "id", k.what)
	if err != nil {
		return err
	}
	st := h.StoreFor(c)
	name, err := k.name(st, id)
	if err != nil {
		return err
	}
	share, err := k.sharing(st, id)
	if err != nil {
		return err
	}
	all, err := st.Directors(h.Lock.Now())
	if err != nil {
		return err
	}
	v := tourDirectorsView{ID: id, Name: name, Share: share, Path: fmt.Sprintf(k.path, id), Back: fmt.Sprintf(k.list, id), Words: k.words}
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
	p := views.Page{Title: tr.T("sharing.title", "Name", name), Section: k.section, Errors: errs, Data: v}
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
func (h *Handler) sharingRefused(c echo.Context, k sharedPage, err error, form tourDirectorsView) error {
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
	return h.renderShared(c, k, http.StatusUnprocessableEntity, errs, &form)
}

// setCodirectors makes the ticked directors the co-directors of the tour or season.
func (h *Handler) setCodirectors(c echo.Context, k sharedPage) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	id, err := base.IDParam(c, "id", k.what)
	if err != nil {
		return err
	}
	ids, err := formIDs(c, "directors")
	if err == nil {
		_, err = k.setCodirectors(h.StoreFor(c), id, ids)
	}
	if err != nil {
		return h.sharingRefused(c, k, err, tourDirectorsView{Chosen: ids})
	}
	return base.Redirect(c, fmt.Sprintf(k.path, id)+"/directors", h.Tr(c).T("sharing.codirectors_saved"))
}

// handOver gives the tour or season to the director chosen, once the director confirmed it.
func (h *Handler) handOver(c echo.Context, k sharedPage) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	id, err := base.IDParam(c, "id", k.what)
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
		err = refuse.Invalid("confirm", k.leaves)
	}
	var share store.TourShare
	if err == nil {
		share, err = k.handOver(h.StoreFor(c), id, to)
	}
	if err != nil {
		stored, rerr := k.sharing(h.StoreFor(c), id)
		if rerr != nil {
			return rerr
		}
		chosen := make([]uint, 0, len(stored.Codirectors))
		for _, d := range stored.Codirectors {
			chosen = append(chosen, d.ID)
		}
		return h.sharingRefused(c, k, err, tourDirectorsView{Chosen: chosen, To: to})
	}
	name := ""
	if share.Owner != nil {
		name = share.Owner.Name
	}
	v := auth.ViewerOf(c)
	back := "/" + k.section
	if v.Admin || slices.ContainsFunc(share.Codirectors, func(d store.DirectorRef) bool { return d.ID == v.Account }) {
		back = fmt.Sprintf(k.path, id) + "/directors"
	}
	return base.Redirect(c, back, h.Tr(c).T(k.words["handed"], "Name", name))
}
