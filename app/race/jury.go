package race

import (
	"fmt"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/plural"
	"racedirector/app/refuse"
)

// PenaltyRow is a jury's penalty as the standings list it: the stage, the rider or team penalised,
// the penalty and its reason; a reinstated rider's points penalty is one too.
type PenaltyRow struct {
	Stage    int    `json:"stage"`
	Bib      int    `json:"bib,omitempty"`
	Name     string `json:"name,omitempty"`
	TeamID   int    `json:"team_id"`
	Team     string `json:"team"`
	Seconds  int    `json:"seconds,omitempty"`
	Points   int    `json:"points,omitempty"`
	Mountain int    `json:"mountain,omitempty"`
	// Reason is the jury's reason in English; Said is the same in words to translate (ReasonSaid).
	Reason string    `json:"reason"`
	Said   i18n.Text `json:"-"`
}

// CombativityRow is a stage's most combative rider.
type CombativityRow struct {
	Stage int `json:"stage"`
	Bib   int `json:"bib"`
}

// juryDecisions counts the penalties of stage s on its riders (time, points, mountain points) and the
// points a reinstated rider loses; unknown bibs are an error. Team penalties count with the teams.
func (c *count) juryDecisions(s int, res *StageResult) error {
	scale := clockScale(c.rs)
	for _, p := range res.Penalties {
		if p.Bib == 0 {
			continue
		}
		i := c.f.index(p.Bib)
		if i < 0 {
			return errNoRider(s, "penalty", p.Bib)
		}
		r := &c.riders[i]
		r.penalty += p.Seconds * scale
		r.regularity -= p.Points
		r.mountain -= p.Mountain
	}
	for _, k := range res.Reinstated {
		i := c.f.index(k.Bib)
		if i < 0 {
			return errNoRider(s, "reinstatement", k.Bib)
		}
		c.riders[i].regularity -= k.Points
	}
	return nil
}

// penaltyRows lists the penalties of results (and the reinstated riders' points), stage by stage.
func (c *count) penaltyRows(results []StageResult) []PenaltyRow {
	var rows []PenaltyRow
	for s, res := range results {
		for _, p := range res.Penalties {
			row := PenaltyRow{Stage: s + 1, Bib: p.Bib, Seconds: p.Seconds, Points: p.Points, Mountain: p.Mountain, Reason: p.Reason}
			if i := c.f.index(p.Bib); p.Bib != 0 && i >= 0 {
				team := &c.t.Teams[c.f.team[i]]
				row.Name, row.TeamID, row.Team = c.f.riders[i].Name, team.ID, team.Name
			} else if ti := c.f.teamIndex(p.Team); ti >= 0 {
				row.TeamID, row.Team = c.t.Teams[ti].ID, c.t.Teams[ti].Name
			}
			rows = append(rows, row)
		}
		for _, k := range res.Reinstated {
			if i := c.f.index(k.Bib); i >= 0 && k.Points > 0 {
				team := &c.t.Teams[c.f.team[i]]
				rows = append(rows, PenaltyRow{Stage: s + 1, Bib: k.Bib, Name: c.f.riders[i].Name, TeamID: team.ID, Team: team.Name,
					Points: k.Points, Reason: "reinstated after the time limit: " + k.Reason,
					Said: i18n.Textf("reinstated after the time limit: %s", ReasonWords(k.Reason))})
			}
		}
	}
	return rows
}

// combativityRows lists each stage's most combative rider, stage by stage.
func combativityRows(results []StageResult) []CombativityRow {
	var rows []CombativityRow
	for s, res := range results {
		if res.Combativity != 0 {
			rows = append(rows, CombativityRow{Stage: s + 1, Bib: res.Combativity})
		}
	}
	return rows
}

// ValidateMostCombative checks the tour's most combative rider (0 clears the award, anywhere): given
// with the last stage only, to a rider of the tour. The field is "bib".
func ValidateMostCombative(t *Tour, cur StageResult, bib int) error {
	if bib != 0 && cur.Stage != len(t.Stages) {
		return refuse.Invalid("bib", "the most combative rider of the tour is named with the last stage")
	}
	if _, ok := t.RiderByBib(bib); bib != 0 && !ok {
		return refuse.Invalid("bib", "no rider with that bib in this tour")
	}
	return nil
}

// errNoRider is an unknown bib in a stage's entry.
func errNoRider(s int, what string, bib int) error {
	return fmt.Errorf("race: stage %d %s: no rider with bib %d in this tour", s, what, bib)
}

// PenaltyWords says what a penalty takes: "20 s, 10 points, 2 mountain points".
func PenaltyWords(p Penalty) string {
	var parts []string
	if p.Seconds > 0 {
		parts = append(parts, fmt.Sprintf("%d s", p.Seconds))
	}
	if p.Points > 0 {
		parts = append(parts, plural.Of(p.Points, "point", "points"))
	}
	if p.Mountain > 0 {
		parts = append(parts, plural.Of(p.Mountain, "mountain point", "mountain points"))
	}
	return strings.Join(parts, ", ")
}
