package store

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
)

// raceRole is the role and card values a database rider races with in the ruleset's game: his own
// there, changed by the tour's override; without either, the one the game gives him
// (race.Ruleset.RiderRole: 2RUOTE's only role, Cycling Party's by counter number).
func raceRole(rs race.Ruleset, r Rider, override GameRole) GameRole {
	g := r.Game(rs.ID)
	g.Attributes = maps.Clone(g.Attributes)
	if override.Role != "" {
		g.Role = override.Role
	}
	if override.Attributes != nil {
		g.Attributes = maps.Clone(override.Attributes)
	}
	g.Role = rs.RiderRole(g.Role, r.Number)
	return g
}

// roleGap is a racing rider without a fitting role (or card) in the tour's game.
type roleGap struct {
	field   string
	problem i18n.Text
	rider   string
	number  int
	team    string
}

// gapMessage is the one message for every racing rider without a fitting role in the tour's game:
// the first named with his problem, the others counted with their teams, and how to fix it.
func gapMessage(game Game, gaps []roleGap) i18n.Text {
	first := gaps[0]
	if len(gaps) == 1 {
		return i18n.Textf("%s (number %d of %s) %s: give him one on Teams & riders, or choose one for this tour on the team step of New tour", first.rider, first.number, first.team, first.problem)
	}
	var teams []string
	for _, g := range gaps[1:] {
		if !slices.Contains(teams, g.team) {
			teams = append(teams, g.team)
		}
	}
	what := i18n.Textf("role")
	if strings.HasSuffix(first.field, "attributes.cost") {
		what = i18n.Textf("card")
	}
	if len(gaps) == 2 {
		return i18n.Textf("%s (number %d of %s) %s; 1 other rider (of %s) has no %s %s either: give each one on Teams & riders, or choose them for this tour on the team step of New tour", first.rider, first.number, first.team, first.problem, strings.Join(teams, ", "), game.Name, what)
	}
	return i18n.Textf("%s (number %d of %s) %s; %d other riders (of %s) have no %s %s either: give each one on Teams & riders, or choose them for this tour on the team step of New tour", first.rider, first.number, first.team, first.problem, len(gaps)-1, strings.Join(teams, ", "), game.Name, what)
}

// checkOverrides refuses a tour override for a rider who is not in the tour's teams, or a role or
// card value the tour's game does not have.
func (s *Store) checkOverrides(v *refuse.ValidationError, rs race.Ruleset, overrides map[string]GameRole, inTour map[uint]bool) {
	game := gameOf(rs)
	for _, key := range slices.Sorted(maps.Keys(overrides)) {
		field := "overrides." + key
		id, err := strconv.ParseUint(key, 10, 32)
		if err != nil || !inTour[uint(id)] {
			v.Addf(field, "%q is not a rider of the tour's teams", key)
			continue
		}
		o := overrides[key]
		if o.Role != "" {
			if _, ok := game.FindRoleID(o.Role); !ok {
				v.Addf(field+".role", "%q is not a %s role; the roles are %s", o.Role, game.Name, game.RoleList())
			}
		}
		for _, k := range slices.Sorted(maps.Keys(o.Attributes)) {
			rule, ok := game.attribute(k)
			switch {
			case !ok:
				v.Addf(field+".attributes."+k, "is not a %s card value", game.Name)
			case o.Attributes[k] < rule.Min || o.Attributes[k] > rule.Max:
				v.Addf(field+".attributes."+k, "must be between %d and %d", rule.Min, rule.Max)
			}
		}
	}
}
