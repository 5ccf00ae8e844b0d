package store

import (
	"fmt"
	"strings"
	"unicode"

	"racedirector/app/colour"
	"racedirector/app/race"
	"racedirector/app/refuse"
)

// TeamInput is a team as a form or the API gives it. Riders, when not nil, replace the team's riders.
type TeamInput struct {
	Name   string       `json:"name"`
	Short  string       `json:"short"`
	Color  string       `json:"color"`
	Riders []RiderInput `json:"riders,omitempty"`
}

// RiderInput is a rider as a form or the API gives it. Games, when given, are the rider's roles in
// every game (replacing his own); the older Role and Attributes fields set the one game they belong to.
type RiderInput struct {
	TeamID     uint           `json:"team_id,omitempty"`
	Name       string         `json:"name"`
	Number     int            `json:"number"`
	Role       string         `json:"role,omitempty"`
	Attributes map[string]int `json:"attributes,omitempty"`
	Games      Games          `json:"games,omitempty"`
	// Born is the rider's date of birth, 2003-04-05 ("" when not known).
	Born string `json:"born,omitempty"`
}

// AttributeRules lists every ruleset-specific rider value (2RUOTE speeds and cost).
func (s *Store) AttributeRules() []race.AttributeRule {
	var out []race.AttributeRule
	seen := map[string]bool{}
	for _, rs := range s.rulesets {
		for _, a := range rs.Team.Attributes {
			if !seen[a.ID] {
				seen[a.ID] = true
				out = append(out, a)
			}
		}
	}
	return out
}

// normalizeTeam trims and canonicalises a team's fields before validation.
func normalizeTeam(in TeamInput) TeamInput {
	in.Name = strings.TrimSpace(in.Name)
	in.Short = strings.ToUpper(strings.TrimSpace(in.Short))
	in.Color = strings.ToLower(strings.TrimSpace(in.Color))
	for i := range in.Riders {
		in.Riders[i] = normalizeRider(in.Riders[i])
	}
	return in
}

func normalizeRider(in RiderInput) RiderInput {
	in.Name = strings.TrimSpace(in.Name)
	in.Role = strings.TrimSpace(in.Role)
	in.Born = strings.TrimSpace(in.Born)
	return in
}

// checkTeam checks a team's own fields and its riders (name 1–60, short 2–4 letters, #rrggbb) and
// works out each rider's games: old gives the games the team's riders already have, by counter
// number, for riders given the older single role. It returns the team as it is to be stored.
func (s *Store) checkTeam(in TeamInput, old map[int]Games) (TeamInput, *refuse.ValidationError) {
	v := &refuse.ValidationError{}
	if in.Name == "" {
		v.Add("name", "is required")
	} else {
		race.CheckText(v, "name", race.TeamNameText, in.Name)
	}
	short := []rune(in.Short)
	switch {
	case race.TextFault(in.Short).Format != "":
		v.AddText("short", race.TextFault(in.Short))
	case len(short) < 2 || len(short) > race.MaxTeamShortLength:
		v.Addf("short", "must be 2 to %d letters", race.MaxTeamShortLength)
	case strings.IndexFunc(in.Short, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0:
		v.Add("short", "must contain letters only")
	}
	if fault := race.TextFault(in.Color); fault.Format != "" {
		v.AddText("color", fault)
	} else if !colour.Is(in.Color) {
		v.Add("color", "must be a colour like #d62828")
	}
	if in.Riders != nil {
		riders := make([]RiderInput, len(in.Riders))
		numbers := map[int]int{}
		for i, r := range in.Riders {
			prefix := fmt.Sprintf("riders[%d].", i)
			riders[i] = s.checkRiderFields(v, prefix, r, old[r.Number])
			if j, dup := numbers[r.Number]; dup && r.Number != 0 {
				other := strings.TrimSpace(in.Riders[j].Name)
				if other == "" {
					other = fmt.Sprintf("rider %d of the list", j+1)
				}
				v.Addf(prefix+"number", "number %d is already used by %s", r.Number, other)
			}
			numbers[r.Number] = i
		}
		if len(in.Riders) > 9 {
			v.Add("riders", "a team has at most 9 riders")
		}
		in.Riders = riders
	}
	return in, v
}

// checkRiderFields checks one rider's fields, naming them with prefix, and returns the rider as it is
// to be stored: his games worked out (old are the games he has now) and the older fields cleared.
func (s *Store) checkRiderFields(v *refuse.ValidationError, prefix string, in RiderInput, old Games) RiderInput {
	if in.Name == "" {
		v.Add(prefix+"name", "is required")
	} else {
		race.CheckText(v, prefix+"name", race.RiderNameText, in.Name)
	}
	if in.Number < 1 || in.Number > 9 {
		v.Add(prefix+"number", "must be between 1 and 9")
	}
	if in.Born != "" && race.CheckText(v, prefix+"born", race.DateText, in.Born) {
		if _, err := race.ParseDate(in.Born); err != nil {
			v.AddText(prefix+"born", refuse.ReasonOf(err))
		}
	}
	in.Games = s.riderGames(v, prefix, in, old)
	in.Role, in.Attributes = "", nil
	return in
}
