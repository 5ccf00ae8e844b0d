package wizard

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// The wizard's steps, in order. The points step exists only for rulesets with Cycling Party points.
const (
	stepTour    = "tour"
	stepPoints  = "points"
	stepStages  = "stages"
	stepTeams   = "teams"
	stepSummary = "summary"
)

// wizardDraft is everything the "New tour" wizard has gathered so far. It travels in a hidden field
// of every wizard page (no server session), so Back, Continue and a reload never lose anything.
// It is untrusted input: every step validates it again and store.BuildTour checks all of it.
type wizardDraft struct {
	// Step is the step the page carrying this draft shows.
	Step string `json:"step"`
	// Request holds the characteristics as last applied.
	Request race.ProposalRequest `json:"request"`
	// Proposed is what Stages were proposed from (nil: nothing proposed yet).
	Proposed *race.ProposalRequest `json:"proposed,omitempty"`
	// Stages are the proposed stages as edited (markers are left out: they are recomputed).
	Stages []race.Stage `json:"stages,omitempty"`
	// Points is the Cycling Party points definition (nil for other rulesets).
	Points *race.PointsDefinition `json:"points,omitempty"`
	// Teams are the chosen database team ids, in the order that numbers them.
	Teams []uint `json:"teams,omitempty"`
	// Riders picks the racing riders of teams that have more than the tour needs.
	Riders map[string][]uint `json:"riders,omitempty"`
	// Reached is the furthest step the director has been shown: the step markers jump to any step
	// up to it.
	Reached string `json:"reached,omitempty"`
	// Overrides are the roles (or 2RUOTE card values) changed for this tour, by database rider id.
	Overrides map[string]store.GameRole `json:"overrides,omitempty"`
	// Managers name the chosen teams' players, by database team id.
	Managers map[string]string `json:"managers,omitempty"`
}

// chosenRiders are the riders picked for a team (nil: its lowest counter numbers race).
func (d wizardDraft) chosenRiders(team uint) []uint {
	chosen, has := d.Riders[strconv.FormatUint(uint64(team), 10)]
	if !has {
		return nil
	}
	return chosen
}

// newSeed is a random proposal seed, short enough to read out at the table.
func newSeed() int64 { return int64(100000 + rand.IntN(900000)) }

// newDraft is the draft of a wizard just opened: the default ruleset and a random seed.
func (h *Handler) newDraft() wizardDraft {
	rs, _ := h.Store.Ruleset(h.DefaultRuleset())
	return wizardDraft{Step: stepTour, Request: race.ProposalRequest{
		Ruleset: rs.ID, Stages: 7, Profile: race.ProfileLong, RidersPerTeam: largestRiderCount(rs), Seed: newSeed(),
	}}
}

// encode is the draft as the hidden field carries it (JSON; the template escapes it).
func (d wizardDraft) encode() string {
	out := d
	out.Stages = make([]race.Stage, len(d.Stages))
	for i, st := range d.Stages {
		st.Markers = nil
		out.Stages[i] = st
	}
	b, err := json.Marshal(out)
	if err != nil { // plain values only: cannot happen
		return "{}"
	}
	return string(b)
}

// readDraft decodes the draft a wizard form posted; a damaged one is a 400.
func readDraft(c echo.Context) (wizardDraft, error) {
	var d wizardDraft
	raw := strings.TrimSpace(c.FormValue("draft"))
	if raw == "" {
		return d, base.BadRequest("the wizard form lost its draft: start the new tour again")
	}
	if err := json.Unmarshal([]byte(raw), &d); err != nil {
		return d, base.BadRequest("the wizard form's draft is damaged: start the new tour again")
	}
	if len(d.Stages) > race.MaxTourStages+1 {
		return d, base.BadRequest("the wizard form's draft has too many stages")
	}
	return d, nil
}

// steps lists the wizard's steps for a ruleset.
func wizardSteps(rs race.Ruleset) []string {
	if rs.Has(race.ClassCyclingParty) {
		return []string{stepTour, stepPoints, stepStages, stepTeams, stepSummary}
	}
	return []string{stepTour, stepStages, stepTeams, stepSummary}
}

// stepAfter is the step after (or, with delta -1, before) step for the ruleset.
func stepAfter(rs race.Ruleset, step string, delta int) string {
	steps := wizardSteps(rs)
	for i, s := range steps {
		if s == step {
			j := min(max(i+delta, 0), len(steps)-1)
			return steps[j]
		}
	}
	return stepTour
}

// stepTitle names a step in page titles, in l's language: "New tour — stages".
func stepTitle(l *i18n.Localizer, step string) string {
	return l.T("setup.wizard.title." + step)
}

// createInput is the draft as store.CreateTour takes it.
func (d wizardDraft) createInput() store.CreateTourInput {
	p := race.Proposal{Ruleset: d.Request.Ruleset, Name: strings.TrimSpace(d.Request.Name), Profile: d.Request.Profile,
		Seed: d.Request.Seed, RidersPerTeam: d.Request.RidersPerTeam, Stages: d.Stages, Advanced: d.Request.Advanced}
	in := store.CreateTourInput{Proposal: p, Teams: d.Teams, Riders: d.Riders, Overrides: d.Overrides, Managers: d.Managers}
	if d.Points != nil {
		pts := *d.Points
		in.Points = pts
		in.PointsOverride = &pts
	}
	return in
}

// largestRiderCount is the largest team size a ruleset allows (Cycling Party 6, 2RUOTE 5, Ciclismo a fondo 8).
func largestRiderCount(rs race.Ruleset) int {
	counts := riderCounts(rs)
	return counts[len(counts)-1]
}

// riderCounts lists the team sizes a ruleset allows, smallest first.
func riderCounts(rs race.Ruleset) []int {
	tr := rs.Team
	if len(tr.RiderCounts) > 0 {
		return append([]int(nil), tr.RiderCounts...)
	}
	lo, hi := max(tr.MinRiders, 1), tr.MaxRiders
	if hi < lo || hi > race.MaxCounterNumber {
		hi = race.MaxCounterNumber
	}
	var out []int
	for n := lo; n <= hi; n++ {
		out = append(out, n)
	}
	return out
}
