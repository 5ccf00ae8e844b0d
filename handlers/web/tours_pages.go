package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// tourLine is one tour of the "Load" page.
type tourLine struct {
	store.TourSummary
	// Open is the stage the Open button goes to: the current one, or the last when finished.
	Open     int
	Finished bool
	Progress string
	// Owner names the tour's director on an administrator's list of every director's tours.
	Owner string
	// Game is the ruleset's name in the page's language.
	Game string
}

// openStage is the stage to show for a tour: the open one, else the last closed one, else the first.
func openStage(current, closed, stages int) int {
	switch {
	case current > 0:
		return current
	case closed > 0:
		return closed
	}
	return min(1, stages)
}

// ToursPage lists every saved tour ("Load") with its progress and leader, and the backup import form.
func (h *Handler) ToursPage(c echo.Context) error {
	return h.renderTours(c, http.StatusOK, nil)
}

// renderTours renders the "Load" page; errs holds the import form's messages.
func (h *Handler) renderTours(c echo.Context, status int, errs map[string]string) error {
	tours, err := h.StoreFor(c).ListTours(h.Scope(c))
	if err != nil {
		return err
	}
	owners, err := h.OwnerNames(c)
	if err != nil {
		return err
	}
	if owners, err = h.sharedOwners(c, tours, owners); err != nil {
		return err
	}
	tr := h.Tr(c)
	lines := make([]tourLine, 0, len(tours))
	for _, t := range tours {
		l := tourLine{TourSummary: t, Open: openStage(t.Current, t.Closed, t.Stages), Finished: t.Stages > 0 && t.Closed == t.Stages, Owner: owners[t.OwnerID], Game: t.RulesetName}
		if rs, ok := h.Store.Ruleset(t.Ruleset); ok {
			l.Game = rs.NameIn(tr.Lang())
		}
		switch {
		case l.Finished:
			l.Progress = tr.N("setup.tours.progress_finished", t.Stages)
		case t.Closed == 0:
			l.Progress = tr.T("setup.tours.progress_not_started", "Stage", l.Open, "Stages", t.Stages)
		default:
			l.Progress = tr.N("setup.tours.progress_closed", t.Closed, "Stage", l.Open, "Stages", t.Stages)
		}
		lines = append(lines, l)
	}
	p := views.Page{Title: tr.T("setup.tours.title"), Section: "tours", Errors: errs, Data: map[string]any{"Tours": lines}}
	if len(errs) > 0 {
		p.Error = tr.T("setup.tours.import_refused")
	}
	return h.Render(c, status, "tours", p)
}

// TourPage shows a tour: it goes to its current stage (the last one when the tour is finished), the
// stage screen for the director, the stage's sheet for a follower, who may not open the screen.
func (h *Handler) TourPage(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	to := fmt.Sprintf("/tours/%d/stages/%d", id, openStage(t.Current, t.Closed, len(t.Stages)))
	if !auth.ViewerOf(c).Changes() {
		to += "/sheet"
	}
	return c.Redirect(http.StatusSeeOther, to)
}

// DeleteTourConfirmPage asks before erasing a tour.
func (h *Handler) DeleteTourConfirmPage(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	tr := h.Tr(c)
	return h.Render(c, http.StatusOK, "confirm", views.Page{Title: tr.T("setup.tours.erase_title", "Name", t.Name), Section: "tours", Data: base.Confirmation{
		Question: tr.N("setup.tours.erase_question", len(t.Stages), "Name", t.Name),
		Detail:   tr.T("setup.tours.erase_detail"),
		Action:   fmt.Sprintf("/tours/%d/delete", id), Button: tr.T("setup.tours.erase_button"), Back: "/tours",
	}})
}

// DeleteTourPage erases a tour after confirmation.
func (h *Handler) DeleteTourPage(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).DeleteTour(id); err != nil {
		return err
	}
	return base.Redirect(c, "/tours", h.Tr(c).T("setup.tours.erased", "Name", t.Name))
}

// ImportTourPage restores a tour from an uploaded backup and opens it; a refusal is shown beside the file field.
func (h *Handler) ImportTourPage(c echo.Context) error {
	data, err := base.UploadedBackup(c)
	if err == nil {
		var id uint
		id, err = h.StoreFor(c).ImportBackup(h.Scope(c), data)
		if err == nil {
			t, gerr := h.StoreFor(c).GetTour(id)
			if gerr != nil {
				return gerr
			}
			return base.Redirect(c, fmt.Sprintf("/tours/%d/stages/%d", id, openStage(t.Current, t.Closed, len(t.Stages))), h.Tr(c).T("setup.tours.restored", "Name", t.Name))
		}
	}
	var ve *refuse.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	return h.renderTours(c, http.StatusUnprocessableEntity, map[string]string{"file": base.BackupProblem(h.Tr(c), ve)})
}

// sharedOwners adds to owners the names of the directors whose tours are shared with the viewer
// (a co-director's list names whose tour each shared one is).
func (h *Handler) sharedOwners(c echo.Context, tours []store.TourSummary, owners map[uint]string) (map[uint]string, error) {
	if !slices.ContainsFunc(tours, func(t store.TourSummary) bool { return t.Shared }) {
		return owners, nil
	}
	all, err := h.StoreFor(c).Directors(h.Lock.Now())
	if err != nil {
		return nil, err
	}
	if owners == nil {
		owners = map[uint]string{}
	}
	for _, d := range all {
		if d.ID != auth.ViewerOf(c).Account {
			owners[d.ID] = d.Name
		}
	}
	return owners, nil
}
