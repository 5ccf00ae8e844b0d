package wizard

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
)

// profileChoice is one proposal profile and what it gives (docs/rules.md §1.4).
type profileChoice struct {
	ID, Name, Description string
}

// riderCountChoice is one team size and the rulesets that allow it (space-separated ids, for wizard.js).
type riderCountChoice struct {
	N        int
	Rulesets string
}

// tourStepView is the characteristics step: the fields as typed and the choices.
type tourStepView struct {
	Rulesets     []race.Ruleset
	Profiles     []profileChoice
	RiderCounts  []riderCountChoice
	CardRulesets string
	// CountsHint says which team sizes each ruleset allows ("Cycling Party (Master) 5 or 6 · 2RUOTE 5").
	CountsHint    string
	Ruleset, Name string
	Stages, Seed  string
	Profile       string
	RidersPerTeam string
	Advanced      bool
	// Proposed says a proposal exists, which changing the ruleset, stages, profile, seed or game replaces.
	Proposed bool
}

// profileChoices names and describes the proposal profiles in l's language.
func profileChoices(l *i18n.Localizer) []profileChoice {
	var out []profileChoice
	for _, p := range race.Profiles() {
		out = append(out, profileChoice{ID: p, Name: l.T("setup.profile." + p), Description: l.T("setup.profile." + p + ".hint")})
	}
	return out
}

// renderTourStep shows the characteristics step with the draft's values, or the raw typed ones.
func (h *Handler) renderTourStep(c echo.Context, status int, d wizardDraft, raw map[string]string, errs map[string]string) error {
	d.Step = stepTour
	rs, ok := h.Store.Ruleset(d.Request.Ruleset)
	if !ok {
		rs, _ = h.Store.Ruleset(h.DefaultRuleset())
	}
	r := d.Request
	tv := &tourStepView{Rulesets: h.Store.Rulesets(), Profiles: profileChoices(h.Tr(c)), Ruleset: r.Ruleset, Name: r.Name,
		Stages: strconv.Itoa(r.Stages), Seed: strconv.FormatInt(r.Seed, 10), Profile: r.Profile,
		RidersPerTeam: strconv.Itoa(r.RidersPerTeam), Advanced: r.Advanced, Proposed: d.Proposed != nil}
	byCount := map[int][]string{}
	var cards, hints []string
	for _, x := range h.Store.Rulesets() {
		hints = append(hints, x.NameIn(h.Tr(c).Lang())+" "+describeCounts(h.Tr(c), riderCounts(x)))
		for _, n := range riderCounts(x) {
			byCount[n] = append(byCount[n], x.ID)
		}
		if base.StageMode(x) == "cards" {
			cards = append(cards, x.ID)
		}
	}
	for n := 1; n <= race.MaxCounterNumber; n++ {
		if ids, ok := byCount[n]; ok {
			tv.RiderCounts = append(tv.RiderCounts, riderCountChoice{N: n, Rulesets: strings.Join(ids, " ")})
		}
	}
	tv.CardRulesets = strings.Join(cards, " ")
	tv.CountsHint = strings.Join(hints, " · ")
	for k, val := range raw {
		switch k {
		case "stages":
			tv.Stages = val
		case "seed":
			tv.Seed = val
		case "riders_per_team":
			tv.RidersPerTeam = val
		}
	}
	return h.renderWizard(c, status, d, rs, wizardView{Tour: tv}, errs, "")
}

// wizardTourPost applies the characteristics and, when they are valid, proposes a tour (again, if the
// ruleset, number of stages, profile, seed or game changed) and goes on, or to the step a marker names.
func (h *Handler) wizardTourPost(c echo.Context, d wizardDraft, action string) error {
	v := &refuse.ValidationError{}
	raw := map[string]string{}
	req := d.Request
	req.Ruleset = strings.TrimSpace(c.FormValue("ruleset"))
	req.Name = c.FormValue("name")
	req.Profile = c.FormValue("profile")
	req.Advanced = c.FormValue("advanced") != ""
	if n, ok := base.FormInt(c.FormValue("stages")); ok && strings.TrimSpace(c.FormValue("stages")) != "" {
		req.Stages = n
	} else {
		raw["stages"] = c.FormValue("stages")
		v.Add("stages", "must be a whole number between 1 and 30")
	}
	if n, ok := base.FormInt(c.FormValue("riders_per_team")); ok {
		req.RidersPerTeam = n
	} else {
		raw["riders_per_team"] = c.FormValue("riders_per_team")
		v.Add("riders_per_team", "must be a whole number")
	}
	switch s := strings.TrimSpace(c.FormValue("seed")); {
	case s == "":
		req.Seed = newSeed()
	default:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			raw["seed"] = c.FormValue("seed")
			v.Add("seed", "must be a whole number")
		} else {
			req.Seed = n
		}
	}
	rs, known := h.Store.Ruleset(req.Ruleset)
	if !known {
		v.Add("ruleset", "choose one of the rulesets")
	} else if base.StageMode(rs) != "cards" {
		req.Advanced = false
	}
	d.Request = req
	var proposal race.Proposal
	if known {
		p, err := race.Propose(rs, req)
		wizardMerge(v, err)
		proposal = p
	}
	if v.Err() != nil {
		return h.renderTourStep(c, http.StatusUnprocessableEntity, d, raw, wizardFieldsOf(h.Tr(c), v))
	}
	d.Request.Name = proposal.Name
	if d.Proposed == nil || proposalChanged(*d.Proposed, req) {
		if d.Proposed == nil || d.Proposed.Ruleset != req.Ruleset || d.Points == nil {
			d.Points = nil
			if rs.Has(race.ClassCyclingParty) {
				pts := proposal.Points
				d.Points = &pts
			}
		}
		d.Stages = proposal.Stages
		proposed := req
		d.Proposed = &proposed
	}
	d.Step = stepAfter(rs, stepTour, 1)
	if target, ok := jumpTarget(rs, d, action); ok {
		d.Step = target
	}
	return h.showStep(c, d)
}

// proposalChanged says whether the characteristics that shape the stages differ.
func proposalChanged(a, b race.ProposalRequest) bool {
	return a.Ruleset != b.Ruleset || a.Stages != b.Stages || a.Profile != b.Profile || a.Seed != b.Seed || a.Advanced != b.Advanced
}

// describeCounts words allowed team sizes in l's language: "5", "5 or 6", "4 to 8".
func describeCounts(l *i18n.Localizer, counts []int) string {
	switch n := len(counts); {
	case n == 0:
		return ""
	case n == 1:
		return strconv.Itoa(counts[0])
	case n == 2:
		return l.T("setup.wizard.tour.counts_or", "A", counts[0], "B", counts[1])
	default:
		return l.T("setup.wizard.tour.counts_to", "A", counts[0], "B", counts[n-1])
	}
}
