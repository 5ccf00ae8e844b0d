package race

import (
	"fmt"
	"strings"

	"racedirector/app/plural"
)

// TeamAllowance is what one team has used and has left of each advantage.
type TeamAllowance struct {
	TeamID int             `json:"team_id"`
	Team   string          `json:"team"`
	Items  []AllowanceItem `json:"items"`
}

// AllowanceItem is one advantage allowance of a team (of one climb, or one rider for effort points).
type AllowanceItem struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Used  int    `json:"used"`
	Limit int    `json:"limit"`
	Left  int    `json:"left"`
	// Scope is "stage", "tour" or "climb".
	Scope string `json:"scope"`
	// Climb is the climb index of a per-climb allowance.
	Climb int `json:"climb,omitempty"`
	// Bib is the rider of a per-rider allowance (effort points).
	Bib int `json:"bib,omitempty"`
}

// Allowances lists, for each team of the tour, what it has used and has left in the current stage
// (per stage and per climb) and in the tour (mountain attacks; Ciclismo a fondo effort points per rider).
func Allowances(t *Tour, prior []StageResult, cur StageResult) []TeamAllowance {
	rs := t.Ruleset
	stage, _ := stageOf(t, cur.Stage)
	all := append(priorOnly(prior, cur.Stage), cur)
	var balance map[int]int
	if rs.Effort != nil {
		balance = EffortBalance(t, prior, cur)
	}
	out := make([]TeamAllowance, 0, len(t.Teams))
	for _, team := range t.Teams {
		ta := TeamAllowance{TeamID: team.ID, Team: team.Name, Items: []AllowanceItem{}}
		for _, rule := range advantageRules(rs) {
			name := rule.NameIn(LanguageEnglish)
			if name == "" {
				name = advantageName(rule)
			}
			if limit := stageLimit(rs, rule, stage.Type); limit > 0 {
				used := countUses(t, []StageResult{cur}, rule.Kind, team.ID, 0)
				ta.Items = append(ta.Items, allowanceItem(rule.Kind, name, used, limit, ScopeStage))
			}
			if rule.PerTourHorsHalf {
				used := countUses(t, all, rule.Kind, team.ID, 0)
				ta.Items = append(ta.Items, allowanceItem(rule.Kind, name, used, tourClimbAllowance(t, rule), ScopeTour))
			}
			for _, c := range stage.Climbs {
				if limit := rule.PerClimb[c.Category]; limit > 0 {
					used := countUses(t, []StageResult{cur}, rule.Kind, team.ID, c.Index)
					item := allowanceItem(rule.Kind, fmt.Sprintf("%s, climb %d (%s)", name, c.Index, c.Category), used, limit, ScopeClimb)
					item.Climb = c.Index
					ta.Items = append(ta.Items, item)
				}
			}
		}
		if rs.Effort != nil {
			for _, r := range team.Riders {
				left, ok := balance[r.Bib]
				if !ok {
					continue
				}
				used := 0
				for _, u := range cur.Advantages {
					if u.Kind == AdvEffort && u.Bib == r.Bib {
						used += u.Points
					}
				}
				ta.Items = append(ta.Items, AllowanceItem{
					Kind: AdvEffort, Name: fmt.Sprintf("Effort points, bib %d", r.Bib), Used: used,
					Limit: EffortAllowance(rs, r.Role, len(t.Stages)), Left: left, Scope: ScopeTour, Bib: r.Bib,
				})
			}
		}
		out = append(out, ta)
	}
	return out
}

// allowanceItem builds an item, with Left never below zero.
func allowanceItem(kind, name string, used, limit int, scope string) AllowanceItem {
	return AllowanceItem{Kind: kind, Name: name, Used: used, Limit: limit, Left: max(0, limit-used), Scope: scope}
}

// UseName is an advantage's name as players read it in English: the ruleset's ("Water bottle"),
// "Effort points" for Ciclismo a fondo's, or the kind in words.
func UseName(rs Ruleset, kind string) string { return UseNameIn(rs, kind, LanguageEnglish) }

// UseNameIn is UseName in lang ("Bidón", "Puntos de esfuerzo").
func UseNameIn(rs Ruleset, kind, lang string) string {
	if rule, ok := lookupAdvantage(rs, kind); ok && rule.NameIn(lang) != "" {
		return rule.NameIn(lang)
	}
	if kind == AdvEffort {
		return "Effort points"
	}
	words := strings.ReplaceAll(kind, "_", " ")
	if words == "" {
		return ""
	}
	return strings.ToUpper(words[:1]) + words[1:]
}

// UseDetail says how or where a use was taken: "turn 7", "3d6", "climb 2", "3 points" ("" when
// nothing was given).
func UseDetail(u AdvantageUse) string {
	var parts []string
	if u.Turn > 0 {
		parts = append(parts, fmt.Sprintf("turn %d", u.Turn))
	}
	if u.Variant != "" {
		parts = append(parts, u.Variant)
	}
	if u.Climb > 0 {
		parts = append(parts, fmt.Sprintf("climb %d", u.Climb))
	}
	if u.Kind == AdvEffort {
		parts = append(parts, pointsText(u.Points))
	}
	return strings.Join(parts, ", ")
}

// UseText describes a use in a sentence, who naming the rider ("bib 15 Óscar Freire"): "Water bottle
// for bib 15 Óscar Freire (turn 7)", "3 effort points spent by bib 12 Miguel".
func UseText(rs Ruleset, u AdvantageUse, who string) string {
	if u.Kind == AdvEffort {
		return plural.Of(u.Points, "effort point", "effort points") + " spent by " + who
	}
	text := UseName(rs, u.Kind) + " for " + who
	if d := UseDetail(u); d != "" {
		text += " (" + d + ")"
	}
	return text
}

// pointsText is "1 point" or "n points".
func pointsText(n int) string { return plural.Of(n, "point", "points") }
