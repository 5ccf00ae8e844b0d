package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
)

// typedValues keeps what a form posted, to show it again after a refusal.
func typedValues(c echo.Context, names ...string) map[string]string {
	out := map[string]string{}
	for _, n := range names {
		out[n] = strings.TrimSpace(c.FormValue(n))
	}
	return out
}

// AddAdvantagePage records one advantage use (water bottle, sprint, attack, mountain attack,
// double throw, effort points). From the stage screen's dice button it goes back there.
func (h *Handler) AddAdvantagePage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	vals := typedValues(c, "kind", "bib", "turn", "variant", "climb", "points")
	fromStage := c.FormValue("from") == "stage"
	u := race.AdvantageUse{Kind: vals["kind"], Variant: vals["variant"]}
	u.Bib, err = parseOneBib(vals["bib"], "bib")
	if err == nil {
		u.Turn, err = parseNumber(vals["turn"], "turn", true)
		if err == nil && u.Turn < 1 && strings.TrimSpace(vals["turn"]) != "" {
			// On the page an empty box is "not given": a typed turn counts from the stage's first.
			err = refuse.Invalid("turn", "must be 1 or more: the stage's first turn is turn 1 (leave it empty if you do not know it)")
		}
	}
	if err == nil {
		u.Climb, err = parseNumber(vals["climb"], "climb", true)
	}
	if err == nil {
		u.Points, err = parseNumber(vals["points"], "points", u.Kind != race.AdvEffort)
	}
	if err == nil {
		err = h.StoreFor(c).AddAdvantage(id, n, version, u)
	}
	if err != nil {
		if fromStage && u.Kind == race.AdvDoubleThrow {
			k, _ := strconv.Atoi(vals["climb"])
			return h.renderStage(c, id, n, &stageFailure{Form: "dice", Index: k, Text: vals["bib"], Err: err})
		}
		if fromStage {
			return h.renderStage(c, id, n, &stageFailure{Form: "advantage", adv: &advFailure{Form: u.Kind, Values: vals, Err: err}, Err: err})
		}
		return h.renderAdvantages(c, id, n, &advFailure{Form: u.Kind, Values: vals, Err: err})
	}
	st, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return err
	}
	msg := base.UseRecordedIn(h.Tr(c), &st.Tour.Ruleset, u)
	if fromStage {
		return base.Redirect(c, base.StageURL(id, n), msg)
	}
	return base.Redirect(c, base.AdvantagesURL(id, n), msg)
}

// RemoveAdvantagePage takes back one recorded use (by its position in the list).
func (h *Handler) RemoveAdvantagePage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	pos, err := strconv.Atoi(c.Param("pos"))
	if err != nil {
		return echo.NewHTTPError(404, i18n.Textf("advantage use not found"))
	}
	if err := h.StoreFor(c).RemoveAdvantage(id, n, version, pos); err != nil {
		err = goneAlready(err, i18n.Textf("stage %d has no use %d to remove: it was taken back already", n, pos))
		return h.renderAdvantages(c, id, n, &advFailure{Form: "remove", Err: err})
	}
	return base.Redirect(c, base.AdvantagesURL(id, n)+"#uses", h.Tr(c).T("race.flash.use_back", "N", pos))
}

// SaveWeatherPage stores the four Ciclismo a fondo weather rolls of the stage.
func (h *Handler) SaveWeatherPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	form, err := c.FormParams()
	if err != nil {
		return base.BadRequest("the form could not be read")
	}
	typed := form["weather"]
	if len(typed) > 4 {
		typed = typed[:4]
	}
	rolls := slicesTrimEnd(typed)
	v := &refuse.ValidationError{}
	for i, w := range rolls {
		if w == "" {
			v.Add(fmt.Sprintf("weather[%d]", i), "is not rolled yet: fill the rolls in order (start, ⅓, ½, ¾)")
		}
	}
	err = v.Err()
	if err == nil {
		err = h.StoreFor(c).SetWeather(id, n, version, rolls)
	}
	if err != nil {
		return h.renderAdvantages(c, id, n, &advFailure{Form: "weather", Weather: typed, Err: err})
	}
	return base.Redirect(c, base.AdvantagesURL(id, n)+"#weather", h.Tr(c).T("race.flash.weather"))
}

// slicesTrimEnd trims each value and drops empty values at the end.
func slicesTrimEnd(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = strings.TrimSpace(v)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// SaveCombativityPage names the stage's most combative rider (empty clears it).
func (h *Handler) SaveCombativityPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	vals := typedValues(c, "bib")
	bib := 0
	if vals["bib"] != "" {
		bib, err = parseOneBib(vals["bib"], "bib")
	}
	if err == nil {
		err = h.StoreFor(c).SetCombativity(id, n, version, bib)
	}
	if err != nil {
		return h.renderAdvantages(c, id, n, &advFailure{Form: "combativity", Values: vals, Err: err})
	}
	msg := h.Tr(c).T("race.flash.combativity_cleared")
	if bib != 0 {
		msg = h.Tr(c).T("race.flash.combativity", "Bib", bib)
	}
	return base.Redirect(c, base.AdvantagesURL(id, n)+"#combativity", msg)
}

// AddLostTurnPage records turns a Ciclismo a fondo rider lost (puncture, bad patch, crash).
func (h *Handler) AddLostTurnPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	vals := typedValues(c, "bib", "turn", "reason")
	l := race.LostTurn{Reason: vals["reason"]}
	l.Bib, err = parseOneBib(vals["bib"], "bib")
	if err == nil {
		l.Turns, err = parseNumber(vals["turn"], "turns", false)
	}
	out := false
	if err == nil {
		out, err = h.StoreFor(c).AddLostTurn(id, n, version, l)
	}
	if err != nil {
		if ve, ok := err.(*refuse.ValidationError); ok {
			if _, has := ve.Fields["turns"]; has {
				delete(ve.Fields, "turn")
				ve.AddText("turn", ve.Reason("turns"))
			}
		}
		return h.renderAdvantages(c, id, n, &advFailure{Form: "lost_turn", Values: vals, Err: err})
	}
	tr := h.Tr(c)
	msg := tr.T("race.flash.lost", "Bib", l.Bib, "Turns", tr.N("race.words.turn", l.Turns), "Reason", lostReason(tr, l.Reason))
	if out {
		msg += " " + tr.T("race.flash.second_crash", "Bib", l.Bib)
	}
	return base.Redirect(c, base.AdvantagesURL(id, n)+"#lost-turns", msg)
}

// SaveFatiguePage stores each 2RUOTE rider's fatigue at the end of the stage (fields fatigue_{bib};
// empty ones are left out).
func (h *Handler) SaveFatiguePage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	form, err := c.FormParams()
	if err != nil {
		return base.BadRequest("the form could not be read")
	}
	typed := map[int]string{}
	fatigue := map[int]int{}
	v := &refuse.ValidationError{}
	for name, vs := range form {
		bibText, ok := strings.CutPrefix(name, "fatigue_")
		if !ok || len(vs) == 0 {
			continue
		}
		bib, err := strconv.Atoi(bibText)
		if err != nil {
			continue
		}
		val := strings.TrimSpace(vs[0])
		typed[bib] = val
		if val == "" {
			continue
		}
		f, err := strconv.Atoi(val)
		if err != nil {
			v.Addf(fmt.Sprintf("fatigue.%d", bib), "%q is not a whole number", val)
			continue
		}
		fatigue[bib] = f
	}
	err = v.Err()
	if err == nil {
		err = h.StoreFor(c).SetFatigue(id, n, version, fatigue)
	}
	if err != nil {
		return h.renderAdvantages(c, id, n, &advFailure{Form: "fatigue", Fatigue: typed, Err: err})
	}
	st, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return err
	}
	tr := h.Tr(c)
	msg := tr.N("race.flash.fatigue", len(fatigue))
	if out := race.FatigueRetired(&st.Tour, st.Results[n-1]); len(out) > 0 {
		msg += " " + tr.T("race.flash.fatigue_out", "Bibs", standing.BibText(out))
	}
	return base.Redirect(c, base.AdvantagesURL(id, n)+"#fatigue", msg)
}
