package race

import (
	"strings"

	"racedirector/app/refuse"
)

// The players: each team of a tour may name the player who runs it (its manager, Team.Manager). A
// player's name is a name typed like a rider's: trimmed, at most MaxManagerNameLength characters,
// no control characters; "" when the team has no player named. One player is the same across tours
// whatever the capitals or the spaces around his name (SameManager), which his palmarès relies on.

// CleanManager is a player's name as kept: without the spaces around it.
func CleanManager(name string) string { return strings.TrimSpace(name) }

// CheckManager adds to v, for field, what is wrong with name as a player's name ("" is no player).
// It reports whether the name is good.
func CheckManager(v *refuse.ValidationError, field, name string) bool {
	return CheckText(v, field, ManagerNameText, CleanManager(name))
}

// ValidateManager is the player's name as kept, or a *refuse.ValidationError naming the field
// "manager".
func ValidateManager(name string) (string, error) {
	v := &refuse.ValidationError{}
	if !CheckManager(v, "manager", name) {
		return "", v.Err()
	}
	return CleanManager(name), nil
}

// SameManager says whether two players' names are the same player: the same letters, whatever the
// capitals and the spaces around them. No name is nobody's.
func SameManager(a, b string) bool {
	k := ManagerKey(a)
	return k != "" && k == ManagerKey(b)
}

// ManagerKey is what a player's name is known by across tours: trimmed, in lower case ("" for none).
func ManagerKey(name string) string { return strings.ToLower(CleanManager(name)) }
