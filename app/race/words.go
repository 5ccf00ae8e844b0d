package race

import "fmt"

// Plural writes a count with the word that fits it: Plural(1, "group", "groups") is "1 group",
// Plural(0, "group", "groups") is "0 groups". Every count a player reads is written with it (the
// pages through views.Plural).
func Plural(n int, one, many string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
