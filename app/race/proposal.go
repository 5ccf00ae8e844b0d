package race

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// Tour proposal profiles (docs/rules.md §1.4).
const (
	ProfileFlat    = "flat"
	ProfileMedium  = "medium"
	ProfileHigh    = "high"
	ProfileClassic = "classic"
	ProfileLong    = "long"
)

// Proposal request bounds (docs/rules.md §1.4).
const (
	// MinTourStages is the fewest stages of a tour.
	MinTourStages = 1
	// MaxTourStages is the most stages of a tour.
	MaxTourStages = 30
)

// ProposalRequest is what the director asks for on the "Start" screen.
type ProposalRequest struct {
	Ruleset       string `json:"ruleset"`
	Name          string `json:"name"`
	Stages        int    `json:"stages"`
	Profile       string `json:"profile"`
	RidersPerTeam int    `json:"riders_per_team"`
	Seed          int64  `json:"seed"`
	// Advanced asks for a 2RUOTE advanced-game stage sheet (GPM, TV and R cards).
	Advanced bool `json:"advanced,omitempty"`
}

// Proposal is a proposed tour: every field is editable before the tour is created.
type Proposal struct {
	Ruleset       string           `json:"ruleset"`
	Name          string           `json:"name"`
	Profile       string           `json:"profile"`
	Seed          int64            `json:"seed"`
	RidersPerTeam int              `json:"riders_per_team"`
	Stages        []Stage          `json:"stages"`
	Points        PointsDefinition `json:"points"`
	// Advanced marks a 2RUOTE advanced game.
	Advanced bool `json:"advanced,omitempty"`
}

// Profiles lists the proposal profiles in the order the "Start" screen shows them.
func Profiles() []string {
	return []string{ProfileFlat, ProfileMedium, ProfileHigh, ProfileClassic, ProfileLong}
}

// Propose builds a deterministic tour proposal for the request: the same ruleset, inputs and seed
// always give the same proposal. A bad request is a *refuse.ValidationError naming the field.
func Propose(rs Ruleset, req ProposalRequest) (Proposal, error) {
	req.Name = strings.TrimSpace(req.Name)
	if req.RidersPerTeam == 0 {
		req.RidersPerTeam = defaultRidersPerTeam(rs.Team)
	}
	if err := validateProposalRequest(rs, req); err != nil {
		return Proposal{}, err
	}
	rng := rand.New(rand.NewPCG(uint64(req.Seed), uint64(req.Seed)^0x9e3779b97f4a7c15))
	types := proposeStageTypes(rs, req.Profile, req.Stages, rng)
	pr := proposalRules(rs)
	stages := make([]Stage, 0, len(types))
	for i, id := range types {
		st, err := proposeStage(rs, pr, id, i+1, req.Advanced, rng)
		if err != nil {
			return Proposal{}, err
		}
		stages = append(stages, st)
	}
	return Proposal{
		Ruleset:       rs.ID,
		Name:          req.Name,
		Profile:       req.Profile,
		Seed:          req.Seed,
		RidersPerTeam: req.RidersPerTeam,
		Stages:        stages,
		Points:        rs.DefaultPoints(),
		Advanced:      req.Advanced,
	}, nil
}

// proposeStage builds one stage of type id the way its ruleset lays out courses.
func proposeStage(rs Ruleset, pr ProposalRules, id string, number int, advanced bool, rng *rand.Rand) (Stage, error) {
	st, ok := rs.StageType(id)
	if !ok {
		return Stage{}, fmt.Errorf("race: proposal chose unknown stage type %q", id)
	}
	var out Stage
	var err error
	switch {
	case len(rs.Cards) > 0 || rs.TimeModel == TimeModelSectors:
		out = proposeCardStage(rs, st, advanced, rng)
	case len(rs.Sections) > 0 || rs.TimeModel == TimeModelTurns:
		out, err = proposeSectionStage(rs, pr, st, rng)
	default:
		out = proposeSquareStage(rs, pr, st, rng)
	}
	if err != nil {
		return Stage{}, err
	}
	out.Number = number
	out.Type = st.ID
	out.State = StatePlanned
	out = NormalizeStage(rs, out)
	return out, nil
}

// validateProposalRequest checks every field of a proposal request against the ruleset.
func validateProposalRequest(rs Ruleset, req ProposalRequest) error {
	v := &refuse.ValidationError{}
	if req.Ruleset != "" && req.Ruleset != rs.ID {
		v.Addf("ruleset", "is %q but the proposal uses ruleset %q", req.Ruleset, rs.ID)
	}
	if req.Name == "" {
		v.Add("name", "is required")
	} else {
		CheckText(v, "name", TourNameText, req.Name)
	}
	if req.Stages < MinTourStages || req.Stages > MaxTourStages {
		v.Addf("stages", "must be between %d and %d", MinTourStages, MaxTourStages)
	}
	known := false
	for _, p := range Profiles() {
		known = known || p == req.Profile
	}
	if !known {
		v.Addf("profile", "must be one of %s", orList(Profiles()))
	}
	if !ridersPerTeamAllowed(rs.Team, req.RidersPerTeam) {
		v.Addf("riders_per_team", "must be %s", describeRiderCounts(rs.Team))
	}
	if len(roadStageTypes(rs)) == 0 {
		v.Addf("ruleset", "ruleset %q has no road stage types to propose", rs.ID)
	}
	return v.Err()
}

// proposalRules returns the ruleset's proposal numbers, or docs/rules.md §1.3–§1.4's when it has none.
// Cycling Party draws the "to go" lines and the 12 time indicators; other rulesets do not.
func proposalRules(rs Ruleset) ProposalRules {
	if rs.Proposal != nil {
		return *rs.Proposal
	}
	pr := ProposalRules{MinGap: 10, NoSprintLast: 10, KmMarkerEvery: 25}
	if rs.TimeModel == TimeModelCyclingParty {
		pr.AttackLine = 50
		pr.SprintLines = []int{8, 6}
		pr.TimeIndicators = 12
	}
	return pr
}

// allowedRiderCounts lists the riders per team a ruleset allows, smallest first.
func allowedRiderCounts(tr TeamRules) []int {
	if len(tr.RiderCounts) > 0 {
		return append([]int(nil), tr.RiderCounts...)
	}
	lo, hi := tr.MinRiders, tr.MaxRiders
	if lo < 1 {
		lo = 1
	}
	if hi < lo || hi > 9 {
		hi = 9
	}
	out := make([]int, 0, hi-lo+1)
	for n := lo; n <= hi; n++ {
		out = append(out, n)
	}
	return out
}

// ridersPerTeamAllowed reports whether n riders per team fits the team rules.
func ridersPerTeamAllowed(tr TeamRules, n int) bool {
	for _, c := range allowedRiderCounts(tr) {
		if c == n {
			return true
		}
	}
	return false
}

// defaultRidersPerTeam is the largest allowed team size (Cycling Party 6, 2RUOTE 5).
func defaultRidersPerTeam(tr TeamRules) int {
	counts := allowedRiderCounts(tr)
	best := 0
	for _, c := range counts {
		best = max(best, c)
	}
	return best
}

// describeRiderCounts says which team sizes are allowed ("5 or 6", "between 1 and 8"), as a
// Text to translate or a plain number.
func describeRiderCounts(tr TeamRules) any {
	counts := allowedRiderCounts(tr)
	if len(tr.RiderCounts) == 0 && len(counts) > 2 {
		return i18n.Textf("between %d and %d", counts[0], counts[len(counts)-1])
	}
	parts := make([]string, len(counts))
	for i, c := range counts {
		parts[i] = fmt.Sprint(c)
	}
	return orList(parts)
}

// randBetween returns a uniform integer in [lo, hi] (lo when hi < lo).
func randBetween(rng *rand.Rand, lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + rng.IntN(hi-lo+1)
}

// orList joins words with "or" in the user's language ("a, b or c"): a Text for two words or
// more, the word itself for one.
func orList(words []string) any {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return i18n.Textf("%s or %s", strings.Join(words[:len(words)-1], ", "), words[len(words)-1])
}
