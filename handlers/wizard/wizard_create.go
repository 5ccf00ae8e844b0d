package wizard

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
)

// summaryStepView is the last step: the tour as it will be created.
type summaryStepView struct {
	Tour        race.Tour
	Profile     string
	Seed        int64
	Stages      []summaryStage
	Points      []pointsRow
	StageWin    int
	StageWins   int
	PointsTotal int
	Length      string
	// Unit names the length's unit for Length ("km", "squares", "terrain cards").
	Unit string
	// roles names each role of the game in the page's language, by id.
	roles map[string]string
}

// RoleName names a rider's role in the page's language (the id when the game has no such role).
func (sv *summaryStepView) RoleName(id string) string {
	if n, ok := sv.roles[id]; ok {
		return n
	}
	return id
}

// summaryStage is one stage line of the summary.
type summaryStage struct {
	Number   int
	TypeName string
	// Length is the stage's squares, or a real race's km with its decimals, in the reader's language.
	Length  string
	Climbs  []string
	Sprints []string
}

// renderSummaryStep shows the tour store.BuildTour would create; if it would refuse it, the step
// that holds the problem is shown instead, with the messages.
func (h *Handler) renderSummaryStep(c echo.Context, status int, d wizardDraft, errs map[string]string, message string) error {
	d.Step = stepSummary
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	if err := h.pruneDraft(c, &d); err != nil {
		return err
	}
	tour, err := h.StoreFor(c).BuildTour(h.Scope(c), d.createInput())
	if err != nil {
		return h.wizardRefused(c, d, err)
	}
	tr := h.Tr(c)
	sv := &summaryStepView{Tour: tour, Profile: tr.T("setup.profile." + d.Request.Profile), Seed: d.Request.Seed, roles: map[string]string{}}
	for _, ro := range rs.Roles {
		sv.roles[ro.ID] = ro.NameIn(tr.Lang())
	}
	var total race.Metres
	for _, st := range tour.Stages {
		ss := summaryStage{Number: st.Number, TypeName: st.Type, Length: tr.Decimal(st.Km(), st.KmDigits())}
		if t, ok := rs.StageType(st.Type); ok {
			ss.TypeName = t.NameIn(tr.Lang())
		}
		for _, cl := range st.Climbs {
			ss.Climbs = append(ss.Climbs, fmt.Sprintf("%s %d–%d", base.ClimbShortIn(tr, cl.Category), cl.Start, cl.End))
		}
		for _, sp := range st.Sprints {
			ss.Sprints = append(ss.Sprints, fmt.Sprint(sp.At))
		}
		total += st.Exact()
		sv.Stages = append(sv.Stages, ss)
	}
	sv.Length = tr.Decimal(total.Km(), total.Digits())
	sv.Unit = unitWord(tr, rs)
	if tour.Points != nil {
		p := *tour.Points
		sv.StageWin, sv.StageWins, sv.PointsTotal = p.StageWin, p.StageWin*len(tour.Stages), pointsTotal(p, len(tour.Stages))
		for _, t := range pointsTables(&p) {
			row := pointsRow{Label: tr.T("setup.points.row." + t.Field)}
			for _, n := range *t.Table {
				row.Cells = append(row.Cells, pointsCell{Value: fmt.Sprint(n)})
				row.Sum += n
			}
			sv.Points = append(sv.Points, row)
		}
	}
	return h.renderWizard(c, status, d, rs, wizardView{Summary: sv}, errs, message)
}

// wizardRefused shows the step that holds what store.BuildTour or CreateTour refused, with 422.
func (h *Handler) wizardRefused(c echo.Context, d wizardDraft, err error) error {
	var ve *refuse.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	msg := h.Tr(c).T("setup.wizard.cannot_create")
	said := h.Said(c, ve)
	step := stepTeams
	for f := range ve.Fields {
		switch {
		case f == "name" || f == "ruleset" || f == "riders_per_team":
			step = stepTour
		case strings.HasPrefix(f, "stages") && step != stepTour:
			step = stepStages
		case strings.HasPrefix(f, "points") && step == stepTeams:
			step = stepPoints
		}
	}
	d.Step = step
	switch step {
	case stepTour:
		return h.renderTourStep(c, http.StatusUnprocessableEntity, d, nil, said)
	case stepPoints:
		fields := map[string]string{}
		for f, m := range said {
			fields[strings.Replace(f, "points.points.", "points.", 1)] = m
		}
		return h.renderPointsStep(c, http.StatusUnprocessableEntity, d, nil, fields)
	case stepStages:
		return h.renderStagesStep(c, http.StatusUnprocessableEntity, d, nil, said, msg)
	}
	return h.renderTeamsStep(c, http.StatusUnprocessableEntity, d, said, msg)
}

// wizardSummaryPost creates the tour (teams and riders copied) and opens its first stage, or goes back.
func (h *Handler) wizardSummaryPost(c echo.Context, d wizardDraft, action string) error {
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	if target, ok := backTarget(rs, stepSummary, action); ok {
		d.Step = target
		return h.showStep(c, d)
	}
	if target, ok := jumpTarget(rs, d, action); ok {
		d.Step = target
		return h.showStep(c, d)
	}
	if action != "create" {
		return h.renderSummaryStep(c, http.StatusOK, d, nil, "")
	}
	if err := h.pruneDraft(c, &d); err != nil {
		return err
	}
	id, err := h.StoreFor(c).CreateTour(h.Scope(c), d.createInput())
	if err != nil {
		return h.wizardRefused(c, d, err)
	}
	return base.Redirect(c, fmt.Sprintf("/tours/%d/stages/1", id), h.Tr(c).T("setup.wizard.created", "Name", strings.TrimSpace(d.Request.Name)))
}

// pruneDraft drops the draft's role overrides of riders who no longer race (see pruneOverrides).
func (h *Handler) pruneDraft(c echo.Context, d *wizardDraft) error {
	if len(d.Overrides) == 0 {
		return nil
	}
	all, err := h.StoreFor(c).ListTeams(h.Scope(c).Own())
	if err != nil {
		return err
	}
	pruneOverrides(d, all)
	return nil
}
