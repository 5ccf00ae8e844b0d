package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// juryPanel is a real race's stage jury section: the time limit and who is outside it, the riders
// reinstated, the penalties, the combativity awards; with their forms while the stage is open.
type juryPanel struct {
	Action    string
	Open      bool
	Last      bool
	TypeName  string
	TimeLimit string
	// Percent is the stage type's time limit in this tour, as the form shows it.
	Percent    string
	Over       []juryRider
	Reinstated []juryRider
	Penalties  []juryPenalty
	Teams      []statusOption
	// Combativity and MostCombative are the awards' bibs ("" none).
	Combativity, MostCombative string
	// Form names the refused form, Values what was typed in it, Errors its fields' messages.
	Form   string
	Values map[string]string
	Errors map[string]string
}

// juryRider is a rider in the jury's lists.
type juryRider struct {
	Bib                int
	Name, Color, Words string
	Reinstated         bool
}

// juryPenalty is one penalty of the stage.
type juryPenalty struct {
	Pos               int
	Who, What, Reason string
}

// newJuryPanel is the jury section of stage n of a real race (nil in a game).
func newJuryPanel(l *i18n.Localizer, st *store.RaceState, n int, res race.StageResult) *juryPanel {
	t := &st.Tour
	if !t.Ruleset.OfficialResults || t.Ruleset.TimeModel != race.TimeModelClock {
		return nil
	}
	stage := t.Stages[n-1]
	j := &juryPanel{Action: base.StageURL(st.TourID, n) + "/jury", Open: stage.State == race.StateOpen, Last: n == len(t.Stages),
		TypeName: base.StageTypeNameIn(l, &t.Ruleset, stage.Type), Values: map[string]string{}, Errors: map[string]string{}}
	pct := t.TimeCut(stage.Type)
	j.Percent = strconv.Itoa(pct)
	over, limit, err := race.OverTimeLimit(t, n, res)
	switch {
	case pct == 0:
		j.TimeLimit = l.T("race.jury.no_limit", "Type", strings.ToLower(j.TypeName))
	case err != nil || limit == 0:
		j.TimeLimit = l.T("race.jury.limit_pending", "Pct", pct, "Type", strings.ToLower(j.TypeName))
	default:
		j.TimeLimit = l.T("race.jury.limit", "Pct", pct, "Type", strings.ToLower(j.TypeName), "Time", race.FormatClockTime(100*limit))
	}
	kept := map[int]race.Reinstatement{}
	for _, k := range res.Reinstated {
		kept[k.Bib] = k
	}
	for _, bib := range over {
		_, ok := kept[bib]
		j.Over = append(j.Over, juryRiderOf(t, bib, ok))
	}
	for _, k := range res.Reinstated {
		r := juryRiderOf(t, k.Bib, true)
		r.Words = l.T("race.jury.less", "Points", l.N("race.words.point", k.Points), "Reason", k.Reason)
		j.Reinstated = append(j.Reinstated, r)
	}
	for i, p := range res.Penalties {
		who := ""
		if p.Bib != 0 {
			r, _ := t.RiderByBib(p.Bib)
			who = fmt.Sprintf("%d %s", p.Bib, r.Name)
		} else if team, ok := t.TeamByID(p.Team); ok {
			who = team.Name
		}
		j.Penalties = append(j.Penalties, juryPenalty{Pos: i + 1, Who: who, What: base.PenaltyWordsIn(l, p), Reason: p.Reason})
	}
	for _, team := range t.Teams {
		j.Teams = append(j.Teams, statusOption{Value: strconv.Itoa(team.ID), Label: team.Name})
	}
	if res.Combativity != 0 {
		j.Combativity = strconv.Itoa(res.Combativity)
	}
	if res.MostCombative != 0 {
		j.MostCombative = strconv.Itoa(res.MostCombative)
	}
	return j
}

// juryRiderOf is a rider of the tour for the jury's lists.
func juryRiderOf(t *race.Tour, bib int, reinstated bool) juryRider {
	r, _ := t.RiderByBib(bib)
	team, _ := t.TeamByID(r.TeamID)
	return juryRider{Bib: bib, Name: r.Name, Color: team.Color, Reinstated: reinstated}
}

// juryForms are the values each jury form posts.
func juryForms() map[string][]string {
	return map[string][]string{
		"time-limit": {"percent"}, "reinstate": {"bib", "points", "reason"}, "penalty": {"bib", "team", "seconds", "points", "mountain", "reason"},
		"combativity": {"bib"}, "most-combative": {"bib"},
	}
}

// SaveJuryPage records a jury decision from the stage page (POST /tours/{id}/stages/{n}/jury/{form}):
// the stage's time limit, a reinstatement, a penalty, the stage's or the tour's most combative rider.
func (h *Handler) SaveJuryPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	form := c.Param("form")
	names, ok := juryForms()[form]
	if !ok {
		return echo.ErrNotFound
	}
	vals := typedValues(c, names...)
	msg, err := h.juryDecision(c, h.Tr(c), id, n, version, form, vals)
	if err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: "jury", Text: form, juryValues: vals, Err: err})
	}
	return base.Redirect(c, base.StageURL(id, n)+"#jury", msg)
}

// juryDecision stores one jury form's decision and says it in a line.
func (h *Handler) juryDecision(c echo.Context, l *i18n.Localizer, id uint, n, version int, form string, vals map[string]string) (string, error) {
	num := func(name string) (int, error) { return parseNumber(vals[name], name, true) }
	switch form {
	case "time-limit":
		pct, err := num("percent")
		if err != nil {
			return "", err
		}
		st, err := h.StoreFor(c).LoadRace(id)
		if err != nil {
			return "", err
		}
		set := st.Tour.Settings
		set.TimeCuts = map[string]int{}
		for k, v := range st.Tour.Settings.TimeCuts {
			set.TimeCuts[k] = v
		}
		typ := st.Tour.Stages[n-1].Type
		set.TimeCuts[typ] = pct
		if err := h.StoreFor(c).SetTourSettings(id, set); err != nil {
			return "", refuse.InvalidText("percent", base.ReasonOfField(err, "time_cuts."+typ))
		}
		return l.T("race.flash.time_limit", "Type", base.StageTypeNameIn(l, &st.Tour.Ruleset, typ), "Pct", pct), nil
	case "reinstate":
		bib, err := parseOneBib(vals["bib"], "bib")
		if err != nil {
			return "", err
		}
		pts, err := num("points")
		if err != nil {
			return "", err
		}
		return l.T("race.flash.reinstated", "Bib", bib), h.StoreFor(c).AddReinstatement(id, n, version, race.Reinstatement{Bib: bib, Points: pts, Reason: vals["reason"]})
	case "penalty":
		p := race.Penalty{Reason: vals["reason"]}
		var err error
		if vals["bib"] != "" {
			if p.Bib, err = parseOneBib(vals["bib"], "bib"); err != nil {
				return "", err
			}
		}
		for name, dst := range map[string]*int{"team": &p.Team, "seconds": &p.Seconds, "points": &p.Points, "mountain": &p.Mountain} {
			if *dst, err = num(name); err != nil {
				return "", err
			}
		}
		return l.T("race.flash.penalty", "What", base.PenaltyWordsIn(l, p)), h.StoreFor(c).AddPenalty(id, n, version, p)
	}
	bib := 0
	if vals["bib"] != "" {
		var err error
		if bib, err = parseOneBib(vals["bib"], "bib"); err != nil {
			return "", err
		}
	}
	if form == "combativity" {
		return l.T("race.flash.combative_stage", "N", n, "Who", orNobody(l, bib)), h.StoreFor(c).SetCombativity(id, n, version, bib)
	}
	return l.T("race.flash.combative_tour", "Who", orNobody(l, bib)), h.StoreFor(c).SetMostCombative(id, n, version, bib)
}

// orNobody is "bib 21", or "nobody" for 0, in l's language.
func orNobody(l *i18n.Localizer, bib int) string {
	if bib == 0 {
		return l.T("race.nobody")
	}
	return l.T("race.bib_n", "Bib", bib)
}

// RemoveJuryPage takes back a reinstatement (POST …/jury/reinstate/{key}/delete, key a bib) or a
// penalty (…/jury/penalty/{key}/delete, key its place in the list).
func (h *Handler) RemoveJuryPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	key, err := strconv.Atoi(c.Param("key"))
	if err != nil {
		return echo.ErrNotFound
	}
	switch c.Param("form") {
	case "reinstate":
		err = h.StoreFor(c).RemoveReinstatement(id, n, version, key)
	case "penalty":
		err = h.StoreFor(c).RemovePenalty(id, n, version, key)
	default:
		return echo.ErrNotFound
	}
	if err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: "jury", Text: c.Param("form"), Err: goneAlready(err, i18n.Textf("it was taken back already"))})
	}
	return base.Redirect(c, base.StageURL(id, n)+"#jury", h.Tr(c).T("race.flash.taken_back"))
}

// applyJuryFailure shows a refused jury form again with its values and messages.
func (scr *stageScreen) applyJuryFailure(f *stageFailure, ref refusal) {
	if scr.Jury == nil {
		return
	}
	scr.Jury.Form = f.Text
	for k, v := range f.juryValues {
		scr.Jury.Values[k] = v
	}
	for k, v := range ref.fields {
		scr.Jury.Errors[k] = v
	}
	if len(ref.fields) == 0 {
		scr.Jury.Errors["form"] = ref.message
	}
	scr.Focus = "jury"
}
