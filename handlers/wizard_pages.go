package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/views"
)

// wizardStepLink is one entry of the wizard's step indicator.
type wizardStepLink struct {
	Name    string
	Current bool
	Done    bool
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
	return &BadRequestError{Message: fmt.Sprintf("the wizard has no step %q: start the new tour again", d.Step)}
}

// wizardRuleset is the draft's ruleset; a draft naming an unknown one is a 400.
func (h *Handler) wizardRuleset(d wizardDraft) (race.Ruleset, error) {
	rs, ok := h.Store.Ruleset(d.Request.Ruleset)
	if !ok {
		return race.Ruleset{}, &BadRequestError{Message: fmt.Sprintf("the wizard's draft names an unknown ruleset %q: start the new tour again", d.Request.Ruleset)}
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

// jumpTarget reads a "goto:stages" action: the step to show, if the ruleset has it and the draft
// has been that far (a proposal exists).
func jumpTarget(rs race.Ruleset, d wizardDraft, action string) (string, bool) {
	target, ok := strings.CutPrefix(action, "goto:")
	if !ok {
		return "", false
	}
	for _, s := range wizardSteps(rs) {
		if s == target && (s == stepTour || d.Proposed != nil) {
			return s, true
		}
	}
	return "", false
}

// renderWizard renders one wizard page with the step indicator and the draft to carry on.
func (h *Handler) renderWizard(c echo.Context, status int, d wizardDraft, rs race.Ruleset, v wizardView, errs map[string]string, message string) error {
	v.Step, v.Draft, v.Ruleset = d.Step, d.encode(), rs
	current := -1
	steps := wizardSteps(rs)
	for i, s := range steps {
		if s == d.Step {
			current = i
		}
	}
	names := map[string]string{stepTour: "Characteristics", stepPoints: "Points", stepStages: "Stages", stepTeams: "Teams", stepSummary: "Create"}
	for i, s := range steps {
		v.Steps = append(v.Steps, wizardStepLink{Name: names[s], Current: i == current, Done: i < current})
	}
	if message == "" && len(errs) > 0 && status == http.StatusUnprocessableEntity {
		message = "Please correct the marked fields: nothing was saved."
	}
	return h.render(c, status, "wizard_"+d.Step, views.Page{Title: stepTitle(d.Step), Section: "new", Errors: errs, Error: message, Data: v})
}

// wizardFieldsOf returns the fields of a validation error (nil when there is none).
func wizardFieldsOf(v *race.ValidationError) map[string]string {
	if v == nil || len(v.Fields) == 0 {
		return nil
	}
	return v.Fields
}

// wizardMerge adds every field of from to into, keeping reasons already there.
func wizardMerge(into *race.ValidationError, from error) {
	if from == nil {
		return
	}
	var ve *race.ValidationError
	if errors.As(from, &ve) {
		for f, m := range ve.Fields {
			into.Add(f, m)
		}
		return
	}
	into.Add("", from.Error())
}
