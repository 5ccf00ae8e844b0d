package web

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// afterChoice is what a standings page shows of the moment it is at: the tour, the stage it is
// after, whether that is the end, and the "after stage n" selector (its stages and where it goes).
type afterChoice struct {
	TourID  uint
	Tour    string
	After   int
	Closed  int
	Stages  int
	Final   bool
	Options []int
	Action  string
}

// newAfterChoice is the moment of a standings page at path (under the tour) after stage after.
func newAfterChoice(id uint, st *store.RaceState, after int, path string) afterChoice {
	a := afterChoice{TourID: id, Tour: st.Tour.Name, After: after, Closed: st.Closed, Stages: len(st.Tour.Stages),
		Final: st.Tour.FinalAfter(after), Action: fmt.Sprintf("/tours/%d/%s", id, path)}
	for i := 1; i <= st.Closed; i++ {
		a.Options = append(a.Options, i)
	}
	return a
}

// classScreen is the classifications page after one stage.
type classScreen struct {
	afterChoice
	Leaders []standing.LeaderView
	Tables  []standing.ClassTable
	// Field counts the riders of the stage in words; Out lists the riders out of the race.
	Field string
	Out   []base.OutLine
	// Jury lists the jury's penalties and the combativity awards so far, in words.
	Jury []base.JuryLine
	// Publication says how these classifications are published (real races), Provisional links to the
	// provisional ones after the open stage when it has a finish.
	Publication *pubView
	Provisional string
	// Combined is the switch of the combined classification (a tour setting, the director's).
	Combined combinedChoice
}

// standingsFor computes the standings after ?after=n for a page; a bad after falls back to the last
// closed stage with a message in the reader's language. It answers nil standings when no stage is
// closed yet.
func (h *Handler) standingsFor(c echo.Context, st *store.RaceState) (*race.Standings, int, string, error) {
	if st.Closed == 0 {
		return nil, 0, "", nil
	}
	l := h.Tr(c)
	after, err := base.AfterParam(c)
	msg := ""
	switch {
	case err != nil:
		msg = l.T("standings.after_refused", "After", c.QueryParam("after"), "Why", l.T("standings.after_not_number"), "N", st.Closed)
		after = 0
	case after > st.Closed:
		msg = l.T("standings.after_refused", "After", c.QueryParam("after"), "Why", l.T("standings.after_not_closed", "N", st.Closed), "N", st.Closed)
		after = 0
	}
	if after == 0 {
		after = st.Closed
	}
	s, err := st.Standings(after)
	return s, after, msg, err
}

// ClassificationsPage shows every classification after stage n (?after=n, default the last closed).
func (h *Handler) ClassificationsPage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	if c.QueryParam("provisional") != "" {
		return h.provisionalClassifications(c, id, st)
	}
	return h.renderClassifications(c, id, st, "")
}

// renderClassifications writes the classifications page; refused, when not empty, is why a form of
// the page was refused (422, shown at the page's own address after post/redirect/get).
func (h *Handler) renderClassifications(c echo.Context, id uint, st *store.RaceState, refused string) error {
	l := h.Tr(c)
	s, after, msg, err := h.standingsFor(c, st)
	if err != nil {
		return err
	}
	if refused != "" {
		msg = refused
	}
	scr := classScreen{afterChoice: newAfterChoice(id, st, after, "classifications"),
		Combined: combinedChoice{Action: fmt.Sprintf("/tours/%d/settings/combined", id), On: st.Tour.Settings.Combined}}
	if err := h.publicationOf(c, l, &scr, st, after); err != nil {
		return err
	}
	title := l.T("standings.title.classifications", "Tour", st.Tour.Name)
	if s != nil {
		title = l.T("standings.title.classifications_after", "N", after, "Tour", st.Tour.Name)
		scr.Leaders = standing.LeadersOf(l, st, s)
		scr.Tables = standing.ClassTables(l, st, s)
		scr.Field, scr.Out, scr.Jury = base.FieldWordsIn(l, s), base.OutLinesIn(l, st, s), base.JuryLinesIn(l, st, s)
		src, err := h.StoreFor(c).TourSources(id)
		if err != nil {
			return err
		}
		names := standing.PalmaresNames(&st.Tour, src)
		names.Leaders(scr.Leaders)
		names.Tables(scr.Tables)
	}
	status := http.StatusOK
	if msg != "" {
		status = http.StatusUnprocessableEntity
	}
	return h.Render(c, status, "classifications", views.Page{Title: title, Section: "tours", Error: msg,
		TourNav: h.TourNav(st, "classifications", 0), Data: scr})
}
