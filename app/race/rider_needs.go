package race

import (
	"strings"

	"racedirector/app/i18n"
)

// A rider of the teams database needs no game's role until a tour of that game races him (a real
// race's riders have none, docs/rules.md §5.2). What each game needs of him is said here, once: the
// store asks before it copies him into a tour, and refuses the tour naming him when he lacks it.

// RiderNeed is what a game needs of a rider that he lacks: the field it is missing in ("role",
// "attributes.cost") and the problem in words. The zero RiderNeed lacks nothing.
type RiderNeed struct {
	Field   string
	Problem i18n.Text
}

// Lacks says whether the rider lacks something the game needs.
func (n RiderNeed) Lacks() bool { return n.Field != "" }

// RiderRole is the role a rider races with in the game: his own (own, "" when he has none there),
// else the game's only role (2RUOTE's rider), else the role his counter number gives where the
// number is the role (Cycling Party: 1 leader, 2 sprinter…); "" when the game gives him none.
func (r Ruleset) RiderRole(own string, number int) string {
	switch {
	case own != "":
		return own
	case len(r.Roles) == 1:
		return r.Roles[0].ID
	}
	if ro, ok := r.RoleForCounter(number); ok {
		return ro.ID
	}
	return ""
}

// NeedOfRider says what the game needs of a rider racing with role (as RiderRole gives it) and card
// values attrs that he lacks: a role, where the game has roles, that is one of the game's; a card
// (its cost), where the game's teams have a cost limit (2RUOTE). A game without roles nor cards
// (uci-road) needs nothing.
func (r Ruleset) NeedOfRider(role string, attrs map[string]int) RiderNeed {
	if len(r.Roles) > 0 {
		if role == "" {
			return RiderNeed{Field: "role", Problem: i18n.Textf("has no %s role", r.Name)}
		}
		if _, ok := r.Role(role); !ok {
			return RiderNeed{Field: "role", Problem: i18n.Textf("has the role %q, which is not a %s role; the roles are %s", role, r.Name, RoleList(r.Roles))}
		}
	}
	if _, has := attrs["cost"]; r.Team.MaxCost > 0 && !has {
		return RiderNeed{Field: "attributes.cost", Problem: i18n.Textf("has no %s card (cost and speeds)", r.Name)}
	}
	return RiderNeed{}
}

// RoleList names a game's roles in a sentence, in the language it is said in: "Leader (JF),
// All-rounder (TT)" in English, "Jefe de filas (JF), Todoterreno (TT)" in Spanish.
type RoleList []Role

// NameIn is the list in lang.
func (l RoleList) NameIn(lang string) string {
	names := make([]string, len(l))
	for i, ro := range l {
		names[i] = ro.LabelIn(lang)
	}
	return strings.Join(names, ", ")
}

// String is the list in English.
func (l RoleList) String() string { return l.NameIn(LanguageEnglish) }
