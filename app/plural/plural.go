// Package plural writes counts with the word that fits them.
package plural

import "fmt"

// Of writes a count with the word that fits it: Of(1, "group", "groups") is "1 group",
// Of(0, "group", "groups") is "0 groups". Every count a player reads is written with it (the
// pages through views.Plural).
func Of(n int, one, many string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
