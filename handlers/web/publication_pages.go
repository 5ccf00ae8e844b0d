package web

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/sheets"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// pubView is how a real race's classifications page says they are published.
type pubView struct {
	Status, Title, When string
	// Communique is the address of the stage's official communiqué (PDF).
	Communique string
	Changes    []string
}

// newPubView is a publication in words, with the address of its communiqué.
func newPubView(l *i18n.Localizer, rs *race.Ruleset, id uint, p race.Publication) *pubView {
	v := &pubView{Status: p.Status, Communique: fmt.Sprintf("/api/v1/tours/%d/sheets/communique.pdf?stage=%d", id, p.Stage), Changes: sheets.ChangeLines(l, rs, p)}
	switch p.Status {
	case race.PubFinal:
		v.Title = l.T("standings.pub.final", "N", p.Communique)
	case race.PubRevised:
		v.Title = l.T("standings.pub.revised", "N", p.Communique, "Edition", p.Edition)
	default:
		v.Title = l.T("standings.pub.provisional", "N", p.Stage)
	}
	v.When = l.T("standings.pub.unpublished")
	if p.PublishedAt != nil {
		v.When = l.T("standings.pub.published", "When", l.DateTime(p.PublishedAt.Local()))
	}
	return v
}

// publicationOf fills a real race's classifications page with how the standings after stage after
// are published, and the link to the provisional ones after the open stage.
func (h *Handler) publicationOf(c echo.Context, l *i18n.Localizer, scr *classScreen, st *store.RaceState, after int) error {
	if !st.Tour.Ruleset.OfficialResults {
		return nil
	}
	if after > 0 {
		pubs, err := h.StoreFor(c).Publications(st, after)
		if err != nil {
			return err
		}
		scr.Publication = newPubView(l, &st.Tour.Ruleset, st.TourID, pubs[after-1])
	}
	if _, err := st.ProvisionalStandings(); err == nil {
		scr.Provisional = fmt.Sprintf("/tours/%d/classifications?provisional=1", st.TourID)
	}
	return nil
}

// provisionalClassifications shows the classifications after the open stage from what is entered so
// far, marked provisional (?provisional=1).
func (h *Handler) provisionalClassifications(c echo.Context, id uint, st *store.RaceState) error {
	s, err := st.ProvisionalStandings()
	if err != nil {
		return err
	}
	l := h.Tr(c)
	scr := classScreen{afterChoice: newAfterChoice(id, st, st.Current, "classifications")}
	scr.Leaders, scr.Tables = standing.LeadersOf(l, st, s), standing.ClassTables(l, st, s)
	scr.Field, scr.Out, scr.Jury = base.FieldWordsIn(l, s), base.OutLinesIn(l, st, s), base.JuryLinesIn(l, st, s)
	scr.Publication = newPubView(l, &st.Tour.Ruleset, id, race.Publication{Stage: st.Current, Communique: st.Current, Status: race.PubProvisional})
	title := l.T("standings.title.provisional", "N", st.Current, "Tour", st.Tour.Name)
	return h.Render(c, http.StatusOK, "classifications", views.Page{Title: title, Section: "tours", TourNav: h.TourNav(st, "classifications", 0), Data: scr})
}
