package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// youthPanel is the young riders' part of the riders page: who counts as young, and the director's
// forms to change the cut-off and to correct a rider's date of birth.
type youthPanel struct {
	// From is the cut-off date as written (2001-01-01, "" for none); FromText is it in words.
	From, FromText string
	// Action and BornAction are where the two forms post.
	Action, BornAction string
	// Bib and Born refill the date-of-birth form after a refusal.
	Bib, Born string
	// Young counts the young riders of the tour.
	Young int
}

// newYouthPanel is the panel of a tour whose game has the young riders' classification (nil
// otherwise); values refill the forms after a refusal.
func newYouthPanel(l *i18n.Localizer, id uint, st *store.RaceState, values map[string]string) *youthPanel {
	if !st.Tour.Ruleset.Has(race.ClassYouth) {
		return nil
	}
	from := st.Tour.Settings.YouthBornFrom
	p := &youthPanel{From: from, Action: fmt.Sprintf("/tours/%d/settings", id), BornAction: fmt.Sprintf("/tours/%d/riders/born", id)}
	if v, ok := values["youth_born_from"]; ok {
		p.From = v
	}
	if from != "" {
		p.FromText = base.DateTextIn(l, from)
	}
	p.Bib, p.Born = values["bib"], values["born"]
	for _, t := range st.Tour.Teams {
		for i := range t.Riders {
			if st.Tour.Young(&t.Riders[i]) {
				p.Young++
			}
		}
	}
	return p
}

// refuseOnRiders draws the riders page again with the refusal beside its field (422): values are what
// was typed, kept in the forms.
func (h *Handler) refuseOnRiders(c echo.Context, id uint, err error, values map[string]string) error {
	ve, ok := err.(*refuse.ValidationError)
	if !ok {
		return err
	}
	st, lerr := h.StoreFor(c).LoadRace(id)
	if lerr != nil {
		return lerr
	}
	p := views.Page{Errors: h.Said(c, ve), Error: h.Tr(c).T("race.youth.not_saved")}
	return h.renderTourRiders(c, http.StatusUnprocessableEntity, id, st, p, values)
}

// SaveTourSettingsPage changes the young riders' cut-off from the riders page (POST /tours/{id}/settings).
func (h *Handler) SaveTourSettingsPage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	from := strings.TrimSpace(c.FormValue("youth_born_from"))
	set := st.Tour.Settings
	set.YouthBornFrom = from
	if err := h.StoreFor(c).SetTourSettings(id, set); err != nil {
		return h.refuseOnRiders(c, id, err, map[string]string{"youth_born_from": from})
	}
	l := h.Tr(c)
	msg := l.T("race.flash.youth_none")
	if from != "" {
		msg = l.T("race.flash.youth_from", "Date", base.DateTextIn(l, from))
	}
	return base.Redirect(c, fmt.Sprintf("/tours/%d/riders#young-riders", id), msg)
}

// SaveTourRiderBornPage corrects a tour rider's date of birth from the riders page (POST
// /tours/{id}/riders/born with bib and born; an empty born clears it).
func (h *Handler) SaveTourRiderBornPage(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	values := map[string]string{"bib": strings.TrimSpace(c.FormValue("bib")), "born": strings.TrimSpace(c.FormValue("born"))}
	bib, perr := strconv.Atoi(values["bib"])
	if perr != nil || bib < 1 {
		return h.refuseOnRiders(c, id, refuse.Invalidf("bib", "%q is not a bib number", values["bib"]), values)
	}
	if err := h.StoreFor(c).SetTourRiderBorn(id, bib, values["born"]); err != nil {
		if _, nf := err.(*store.NotFoundError); nf {
			err = refuse.Invalidf("bib", "no rider with bib %d in this tour", bib)
		}
		return h.refuseOnRiders(c, id, err, values)
	}
	l := h.Tr(c)
	msg := l.T("race.flash.born_cleared", "Bib", bib)
	if values["born"] != "" {
		msg = l.T("race.flash.born", "Bib", bib, "Date", base.DateTextIn(l, values["born"]))
	}
	return base.Redirect(c, fmt.Sprintf("/tours/%d/riders#young-riders", id), msg)
}

// outTimeRows are the stage result's lines of the riders who crossed the line but left the race in it
// (outside the time limit, disqualified): their status instead of a place, their time and gap.
func outTimeRows(st *store.RaceState, res race.StageResult, out, placed []race.StageTime) []standing.TimeRow {
	if len(out) == 0 {
		return nil
	}
	status := map[int]string{}
	for _, a := range res.Abandons {
		status[a.Bib] = a.StatusOf()
	}
	rs := &st.Tour.Ruleset
	lead := out[0].Time
	if len(placed) > 0 {
		lead = placed[0].Time
	}
	rows := make([]standing.TimeRow, 0, len(out))
	for _, t := range out {
		r, _ := st.Tour.RiderByBib(t.Bib)
		team, _ := st.Tour.TeamByID(r.TeamID)
		rows = append(rows, standing.TimeRow{Bib: t.Bib, Name: r.Name, Team: team.Name, Color: team.Color, Time: base.TimeText(rs, t.Time), Gap: base.GapText(rs, t.Time-lead), Status: status[t.Bib]})
	}
	return rows
}
