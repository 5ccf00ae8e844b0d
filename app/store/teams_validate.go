package store

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"racedirector/app/race"
)

// TeamInput is a team as a form or the API gives it. Riders, when not nil, replace the team's riders.
type TeamInput struct {
	Name   string       `json:"name"`
	Short  string       `json:"short"`
	Color  string       `json:"color"`
	Riders []RiderInput `json:"riders,omitempty"`
}

// RiderInput is a rider as a form or the API gives it.
type RiderInput struct {
	TeamID     uint           `json:"team_id,omitempty"`
	Name       string         `json:"name"`
	Number     int            `json:"number"`
	Role       string         `json:"role"`
	Attributes map[string]int `json:"attributes,omitempty"`
}

// RoleChoice is one role a database rider may have, with the rulesets that know it.
type RoleChoice struct {
	ID       string
	Name     string
	Rulesets string
}

// Roles lists every role of every ruleset (RULES.md §1.1, §2.1), in ruleset order.
func (s *Store) Roles() []RoleChoice {
	var out []RoleChoice
	seen := map[string]int{}
	for _, rs := range s.rulesets {
		for _, r := range rs.Roles {
			if i, ok := seen[r.ID]; ok {
				out[i].Rulesets += ", " + rs.Name
				continue
			}
			seen[r.ID] = len(out)
			out = append(out, RoleChoice{ID: r.ID, Name: r.Name, Rulesets: rs.Name})
		}
	}
	return out
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

func colorPattern() *regexp.Regexp { return regexp.MustCompile(`^#[0-9a-fA-F]{6}$`) }

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
	return in
}

// validateTeam checks a team's own fields and its riders (RULES: name 1–60, short 2–4 letters, #rrggbb).
func (s *Store) validateTeam(in TeamInput) *race.ValidationError {
	v := &race.ValidationError{}
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		v.Add("name", "is required")
	case n > 60:
		v.Add("name", fmt.Sprintf("must be at most 60 characters (it has %d)", n))
	}
	if strings.ContainsFunc(in.Name, unicode.IsControl) {
		v.Add("name", "must not contain control characters")
	}
	short := []rune(in.Short)
	switch {
	case len(short) < 2 || len(short) > 4:
		v.Add("short", "must be 2 to 4 letters")
	case strings.IndexFunc(in.Short, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0:
		v.Add("short", "must contain letters only")
	}
	if !colorPattern().MatchString(in.Color) {
		v.Add("color", "must be a colour like #d62828")
	}
	if in.Riders != nil {
		numbers := map[int]int{}
		for i, r := range in.Riders {
			prefix := fmt.Sprintf("riders[%d].", i)
			s.validateRiderFields(v, prefix, r)
			if j, dup := numbers[r.Number]; dup && r.Number != 0 {
				v.Add(prefix+"number", fmt.Sprintf("number %d is already used by riders[%d]", r.Number, j))
			}
			numbers[r.Number] = i
		}
		if len(in.Riders) > 9 {
			v.Add("riders", "a team has at most 9 riders")
		}
	}
	return v
}

// validateRiderFields checks one rider's fields, naming them with prefix.
func (s *Store) validateRiderFields(v *race.ValidationError, prefix string, in RiderInput) {
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		v.Add(prefix+"name", "is required")
	case n > 60:
		v.Add(prefix+"name", fmt.Sprintf("must be at most 60 characters (it has %d)", n))
	}
	if strings.ContainsFunc(in.Name, unicode.IsControl) {
		v.Add(prefix+"name", "must not contain control characters")
	}
	if in.Number < 1 || in.Number > 9 {
		v.Add(prefix+"number", "must be between 1 and 9")
	}
	roles := s.Roles()
	known := false
	for _, r := range roles {
		if r.ID == in.Role {
			known = true
		}
	}
	if !known {
		ids := make([]string, len(roles))
		for i, r := range roles {
			ids[i] = r.ID
		}
		if in.Role == "" {
			v.Add(prefix+"role", "is required")
		} else {
			v.Add(prefix+"role", "must be one of "+strings.Join(ids, ", "))
		}
	}
	rules := map[string]race.AttributeRule{}
	for _, a := range s.AttributeRules() {
		rules[a.ID] = a
	}
	keys := make([]string, 0, len(in.Attributes))
	for k := range in.Attributes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		rule, ok := rules[k]
		if !ok {
			v.Add(prefix+"attributes."+k, "is not a rider value of any ruleset")
			continue
		}
		if val := in.Attributes[k]; val < rule.Min || val > rule.Max {
			v.Add(prefix+"attributes."+k, fmt.Sprintf("must be between %d and %d", rule.Min, rule.Max))
		}
	}
}
