package wizard

import (
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
	"racedirector/views"
)

// wizardStepLink is one entry of the wizard's step indicator; a step the director may go to is a
// button that carries the draft there.
type wizardStepLink struct {
	ID, Name string
	Current  bool
	// Done says the step has what it needs; Reachable that the director may jump to it.
	Done, Reachable bool
}

// wizardView is what every wizard page shows: the step indicator, the draft to carry on, and its step's data.
type wizardView struct {
	Step    string
	Steps   []wizardStepLink
	Draft   string
	Ruleset race.Ruleset
	Tour    *tourStepView
	Points  *pointsStepView
	Stages  *stagesStepView
	Teams   *teamsStepView
	Summary *summaryStepView
}

// NewTourPage opens the "New tour" wizard on its first step, the tour's characteristics.
func (h *Handler) NewTourPage(c echo.Context) error {
	d := h.newDraft()
	return h.renderTourStep(c, http.StatusOK, d, nil, nil)
}

// WizardPage moves the "New tour" wizard on by one action: it applies the fields of the step the form
// shows to the draft the form carries, then goes back, on, or shows the step again with its messages.
func (h *Handler) WizardPage(c echo.Context) error {
	d, err := readDraft(c)
	if err != nil {
		return err
	}
	action := c.FormValue("go")
	switch d.Step {
	case stepTour:
		return h.wizardTourPost(c, d, action)
	case stepPoints:
		return h.wizardPointsPost(c, d, action)
	case stepStages:
		return h.wizardStagesPost(c, d, action)
	case stepTeams:
		return h.wizardTeamsPost(c, d, action)
	case stepSummary:
		return h.wizardSummaryPost(c, d, action)
	}
	return base.BadRequest("the wizard has no step %q: start the new tour again", d.Step)
}

// wizardRuleset is the draft's ruleset; a draft naming an unknown one is a 400.
func (h *Handler) wizardRuleset(d wizardDraft) (race.Ruleset, error) {
	rs, ok := h.Store.Ruleset(d.Request.Ruleset)
	if !ok {
		return race.Ruleset{}, base.BadRequest("the wizard's draft names an unknown ruleset %q: start the new tour again", d.Request.Ruleset)
	}
	return rs, nil
}

// showStep renders the draft's step afresh (after Back, Continue or a jump from the summary).
func (h *Handler) showStep(c echo.Context, d wizardDraft) error {
	switch d.Step {
	case stepPoints:
		return h.renderPointsStep(c, http.StatusOK, d, nil, nil)
	case stepStages:
		return h.renderStagesStep(c, http.StatusOK, d, nil, nil, "")
	case stepTeams:
		return h.renderTeamsStep(c, http.StatusOK, d, nil, "")
	case stepSummary:
		return h.renderSummaryStep(c, http.StatusOK, d, nil, "")
	}
	return h.renderTourStep(c, http.StatusOK, d, nil, nil)
}

// jumpTarget reads a "goto:stages" action (a step marker or an "Edit" button of the summary): the
// step to show, if the ruleset has it and the draft has been that far.
func jumpTarget(rs race.Ruleset, d wizardDraft, action string) (string, bool) {
	target, ok := strings.CutPrefix(action, "goto:")
	if !ok || !slices.Contains(wizardSteps(rs), target) || !stepReachable(rs, d, target) {
		return "", false
	}
	return target, true
}

// backTarget reads Back or a jump to an earlier step than from: the step to show. Going back never
// checks the fields of the step left, so it is never refused.
func backTarget(rs race.Ruleset, from, action string) (string, bool) {
	if action == "back" {
		return stepAfter(rs, from, -1), true
	}
	target, ok := strings.CutPrefix(action, "goto:")
	steps := wizardSteps(rs)
	if i := slices.Index(steps, target); ok && i >= 0 && i < slices.Index(steps, from) {
		return target, true
	}
	return "", false
}

// stepDone says whether a step of the draft is done: the director has gone past it (the draft's
// furthest step, or the one shown, is after it) and it has what it needs (a proposal, points, teams).
// The summary is never done: it creates the tour.
func stepDone(rs race.Ruleset, d wizardDraft, step string) bool {
	steps := wizardSteps(rs)
	i := slices.Index(steps, step)
	if i < 0 || i >= max(slices.Index(steps, d.Reached), slices.Index(steps, d.Step)) {
		return false
	}
	switch step {
	case stepPoints:
		return d.Proposed != nil && d.Points != nil
	case stepTeams:
		return d.Proposed != nil && len(d.Teams) > 0
	}
	return d.Proposed != nil
}

// stepReachable says whether the director may jump to step: every step before it is done.
func stepReachable(rs race.Ruleset, d wizardDraft, step string) bool {
	for _, s := range wizardSteps(rs) {
		if s == step {
			return true
		}
		if !stepDone(rs, d, s) {
			return false
		}
	}
	return false
}

// renderWizard renders one wizard page with the step indicator and the draft to carry on.
func (h *Handler) renderWizard(c echo.Context, status int, d wizardDraft, rs race.Ruleset, v wizardView, errs map[string]string, message string) error {
	steps := wizardSteps(rs)
	if slices.Index(steps, d.Step) > slices.Index(steps, d.Reached) {
		d.Reached = d.Step
	}
	v.Step, v.Draft, v.Ruleset = d.Step, d.encode(), rs
	current := -1
	for i, s := range steps {
		if s == d.Step {
			current = i
		}
	}
	tr := h.Tr(c)
	for i, s := range steps {
		v.Steps = append(v.Steps, wizardStepLink{ID: s, Name: tr.T("setup.wizard.step." + s), Current: i == current,
			Done: stepDone(rs, d, s), Reachable: i != current && stepReachable(rs, d, s)})
	}
	if message == "" && len(errs) > 0 && status == http.StatusUnprocessableEntity {
		message = tr.T("setup.wizard.correct")
	}
	return h.Render(c, status, "wizard_"+d.Step, views.Page{Title: stepTitle(tr, d.Step), Section: "new", Errors: base.SayReasons(tr, errs), Error: message, Data: v})
}

// wizardFieldsOf returns the fields of a validation error, their reasons in l's language (nil when
// there is none).
func wizardFieldsOf(l *i18n.Localizer, v *refuse.ValidationError) map[string]string {
	if v == nil || len(v.Fields) == 0 {
		return nil
	}
	return base.SayFields(v, l)
}

// wizardMerge adds every field of from to into, keeping reasons already there.
func wizardMerge(into *refuse.ValidationError, from error) {
	if from == nil {
		return
	}
	var ve *refuse.ValidationError
	if errors.As(from, &ve) {
		for f := range ve.Fields {
			into.AddText(f, ve.Reason(f))
		}
		return
	}
	into.AddText("", refuse.ReasonOf(from))
}
